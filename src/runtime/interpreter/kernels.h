// Op kernels of the reference interpreter, one function per op family, each in its own file.
// The evaluator (evaluator.cc) dispatches every opcode to one of them.
#pragma once

#include <span>

#include "ir/instruction.h"
#include "ir/literal.h"
#include "runtime/interpreter/interpreter.h"
#include "support/status.h"

namespace xpar {

// What a kernel may use besides its operands: calling computations (reducers, comparators,
// bodies), the device identity and collectives.
class EvalContext {
 public:
  EvalContext(Interpreter& interp, uint64_t* rng_state) : interp_(interp), rng_state_(rng_state) {}
  Expected<Literal> Call(const Computation& c, std::span<const Literal* const> args) {
    return interp_.Call(c, args);
  }
  const DeviceContext& device() const { return interp_.device(); }
  const Module& module() const { return interp_.module(); }
  Status PassOnLocated(Status error) { return interp_.PassOnLocated(std::move(error)); }
  // State of the `rng` op's generator (advanced by each rng op).
  uint64_t& rng_state() { return *rng_state_; }

 private:
  Interpreter& interp_;
  uint64_t* rng_state_;
};

using Operands = std::span<const Literal* const>;

// elementwise.cc: unary, binary, compare, select, clamp, convert, bitcast-convert, map,
// reduce-precision, is-finite, popcnt, clz, shifts, stochastic-convert.
Expected<Literal> EvalElementwise(const Instruction& inst, Operands ops, EvalContext& ctx);
// data_movement.cc: broadcast, reshape, bitcast, transpose, slice, concatenate, pad, reverse,
// iota, dynamic-slice, dynamic-update-slice, copy, tuple-free identity ops.
Expected<Literal> EvalDataMovement(const Instruction& inst, Operands ops, EvalContext& ctx);
// dynamic-update-slice writing into `x`, the value of ops[0] handed over by the evaluator (which
// saw it die here): in place, unless x's buffer is shared (then copy-on-write copies it).
Expected<Literal> EvalDynamicUpdateSliceInto(const Instruction& inst, Literal x, Operands ops);
// dot.cc: dot with any dimension numbers (OpenBLAS GEMM for f32/f64, f32 accumulate for 16-bit).
Expected<Literal> EvalDot(const Instruction& inst, Operands ops, EvalContext& ctx);
// convolution.cc
Expected<Literal> EvalConvolution(const Instruction& inst, Operands ops, EvalContext& ctx);
// reduce.cc: reduce (variadic, any reducer; native fast paths for add/max/min/mul/and/or),
// reduce-window, select-and-scatter.
Expected<Literal> EvalReduce(const Instruction& inst, Operands ops, EvalContext& ctx);
Expected<Literal> EvalReduceWindow(const Instruction& inst, Operands ops, EvalContext& ctx);
Expected<Literal> EvalSelectAndScatter(const Instruction& inst, Operands ops, EvalContext& ctx);
// gather_scatter.cc
Expected<Literal> EvalGather(const Instruction& inst, Operands ops, EvalContext& ctx);
Expected<Literal> EvalScatter(const Instruction& inst, Operands ops, EvalContext& ctx);
// sort.cc: sort (any comparator, stable or not), topk.
Expected<Literal> EvalSort(const Instruction& inst, Operands ops, EvalContext& ctx);
// rng.cc: rng-bit-generator (ThreeFry, Philox as XLA), rng, rng-get-and-update-state.
Expected<Literal> EvalRng(const Instruction& inst, Operands ops, EvalContext& ctx);
// batch_norm.cc: batch-norm-training / -inference / -grad.
Expected<Literal> EvalBatchNorm(const Instruction& inst, Operands ops, EvalContext& ctx);
// linalg.cc: cholesky, triangular-solve.
Expected<Literal> EvalLinalg(const Instruction& inst, Operands ops, EvalContext& ctx);
// collectives.cc: all-reduce, all-gather, reduce-scatter, all-to-all, collective-permute,
// collective-broadcast, replica-id, partition-id (and the -start/-done pairs).
Expected<Literal> EvalCollective(const Instruction& inst, Operands ops, EvalContext& ctx);
// custom_call.cc: the custom-call registry (AwsNeuron*, Sharding, SPMD*ShardShape, ...).
Expected<Literal> EvalCustomCall(const Instruction& inst, Operands ops, EvalContext& ctx);
// send_recv.cc: send, send-done, recv, recv-done, infeed, outfeed (through DeviceContext::hub).
Expected<Literal> EvalSendRecv(const Instruction& inst, Operands ops, EvalContext& ctx);

}  // namespace xpar
