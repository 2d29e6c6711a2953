// A small builder of elementwise instruction graphs for the CHLO decompositions
// (stablehlo_chlo_special.cc, stablehlo_chlo_elementwise.cc): constants shaped like the value
// being computed, unary/binary ops, compares, selects and Horner polynomials.
#pragma once

#include <span>
#include <vector>

#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {

class ChloBuilder {
 public:
  // Values built here have `shape`'s dimensions; constants take `shape`'s element type.
  ChloBuilder(Parser& p, Computation* comp, Shape shape, int64_t at)
      : p_(p), comp_(comp), shape_(std::move(shape)), at_(at) {}

  const Shape& shape() const { return shape_; }
  PrimitiveType type() const { return shape_.type(); }
  Shape WithType(PrimitiveType t) const { return Shape(t, shape_.dims()); }

  Instruction* Const(double v) { return ConstOf(shape_, v); }
  Instruction* ConstOf(const Shape& shape, double v);
  Instruction* IntConst(const Shape& shape, int64_t v);
  // Elementwise ops whose result has the shape of their first operand.
  Instruction* Un(Opcode o, Instruction* x);
  Instruction* Bin(Opcode o, Instruction* x, Instruction* y);
  Instruction* Add(Instruction* x, Instruction* y) { return Bin(Opcode::kAdd, x, y); }
  Instruction* Sub(Instruction* x, Instruction* y) { return Bin(Opcode::kSubtract, x, y); }
  Instruction* Mul(Instruction* x, Instruction* y) { return Bin(Opcode::kMultiply, x, y); }
  Instruction* Div(Instruction* x, Instruction* y) { return Bin(Opcode::kDivide, x, y); }
  Instruction* Cmp(Instruction* x, ComparisonDirection d, Instruction* y);
  Instruction* Select(Instruction* pred, Instruction* on_true, Instruction* on_false);
  Instruction* Convert(Instruction* x, PrimitiveType t);
  Instruction* Bitcast(Instruction* x, PrimitiveType t);
  // c[0] x^(n-1) + ... + c[n-1], by Horner's rule.
  Instruction* Poly(Instruction* x, std::span<const double> c);

 private:
  Parser& p_;
  Computation* comp_;
  Shape shape_;
  int64_t at_;
};

// Decompositions of CHLO's special functions (stablehlo_chlo_special.cc). Each takes floating
// values of the builder's shape (f32 or f64: the dispatcher upcasts narrower types).
Instruction* ChloLgamma(ChloBuilder& b, Instruction* x);
Instruction* ChloDigamma(ChloBuilder& b, Instruction* x);
Instruction* ChloZeta(ChloBuilder& b, Instruction* x, Instruction* q);
Instruction* ChloPolygamma(ChloBuilder& b, Instruction* n, Instruction* x);
Instruction* ChloErfInv(ChloBuilder& b, Instruction* x);
Instruction* ChloBesselI1e(ChloBuilder& b, Instruction* x);

// Trigonometric and hyperbolic functions HLO lacks, next_after and is_inf
// (stablehlo_chlo_elementwise.cc). Returns nullptr for a mnemonic it does not know.
Instruction* ChloElementwise(ChloBuilder& b, std::string_view mnemonic,
                             const std::vector<Instruction*>& args);

// chlo.broadcast_* (numpy or explicit broadcast_dimensions, then the StableHLO op),
// chlo.constant_like and chlo.constant (stablehlo_chlo_elementwise.cc).
Expected<std::vector<Instruction*>> BuildChloBroadcast(Parser& p, Scope* scope, OpInfo* op);
Expected<std::vector<Instruction*>> BuildChloConstant(Parser& p, Scope* scope, OpInfo* op);
// Every elementwise CHLO op with a decomposition (special and elementwise functions above);
// nullopt when `op` is not one of them.
std::optional<Expected<std::vector<Instruction*>>> BuildChloMath(Parser& p, Scope* scope,
                                                                 OpInfo* op);

}  // namespace xpar::mlir
