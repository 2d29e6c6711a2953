// Entry points shared by the elementwise kernel files (elementwise*.cc); not a public API.
#pragma once

#include "runtime/interpreter/kernels.h"

namespace xpar {

// elementwise_arith.cc: one-operand math (abs ... tanh, not, popcnt, clz, is-finite) and
// two-operand arithmetic/logic (add ... xor, shifts, power, atan2).
Expected<Literal> EvalUnaryOp(const Instruction& inst, const Literal& x);
Expected<Literal> EvalBinaryOp(const Instruction& inst, const Literal& a, const Literal& b);
// Float unary ops (abs ... tanh) and binary ops (add ... atan2) that loop fusion may chain.
bool IsFusibleFloatOp(Opcode op);
// n elements of a fusible op on floating type t (b null for unary ops), computed exactly as
// EvalUnaryOp / EvalBinaryOp compute them; false when op does not apply.
bool FloatElementwiseBlock(Opcode op, PrimitiveType t, const void* a, const void* b, void* y,
                           int64_t n);
// elementwise_convert.cc
// The float types loop fusion handles: f32, bf16, f16, f64.
bool IsFusibleFloatType(PrimitiveType t);
// n elements of a convert between two fusible float types, computed exactly as EvalConvertOp
// computes them; false when either type is not one of them.
bool ConvertFloatBlock(PrimitiveType from, PrimitiveType to, const void* x, void* y, int64_t n);
Expected<Literal> EvalCompareOp(const Instruction& inst, const Literal& a, const Literal& b);
// n elements of compare `inst` (its direction and comparison type) on operands of element type
// t, computed exactly as EvalCompareOp; false when the comparison type does not apply to t.
bool CompareBlock(const Instruction& inst, PrimitiveType t, const void* a, const void* b,
                  bool* y, int64_t n);
// elementwise.cc: n elements of select(p, on_true, on_false), elements `width` bytes wide (1, 2,
// 4 or 8; false otherwise), as EvalSelect with full operands.
bool SelectBlock(int64_t width, const bool* p, const void* on_true, const void* on_false, void* y,
                 int64_t n);
// data_movement.cc: elements [lo, lo + n) of iota `inst` (iota_dimension checked by the caller)
// into y, as EvalIota computes them.
void IotaBlock(const Instruction& inst, void* y, int64_t lo, int64_t n);
Expected<Literal> EvalConvertOp(const Instruction& inst, const Literal& x);
Expected<Literal> EvalBitcastConvertOp(const Instruction& inst, const Literal& x);
Expected<Literal> EvalReducePrecisionOp(const Instruction& inst, const Literal& x);

}  // namespace xpar
