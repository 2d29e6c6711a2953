// The VJP rules: for one forward instruction and the adjoint of its result, the adjoints of its
// operands. Rules live in files by op family (vjp_elementwise.cc, vjp_dot_conv.cc, ...) and are
// found by an exhaustive switch over the opcode (vjp_dispatch.cc).
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "autodiff/ad_builder.h"

namespace xpar::autodiff {

// An instruction's adjoint: `array` for array results, `elements` (one per tuple element) for
// tuple results; null means zero.
struct Adjoint {
  Instruction* array = nullptr;
  std::vector<Instruction*> elements;
};

class VjpContext {
 public:
  VjpContext(AdBuilder& b, const Module& module, Instruction* inst, const Adjoint& adjoint,
             std::unordered_map<const Instruction*, Adjoint>& adjoints,
             const std::vector<bool>& active)
      : b(b), module(module), inst(inst), adjoint_(adjoint), adjoints_(adjoints),
        active_(active) {}

  AdBuilder& b;
  const Module& module;
  Instruction* inst;  // the forward instruction

  // The adjoint of the result (array results; never null when a rule runs).
  Instruction* grad() const { return adjoint_.array; }
  // The adjoint of tuple element i of the result, or null (zero).
  Instruction* tuple_grad(int64_t i) const {
    return i < static_cast<int64_t>(adjoint_.elements.size()) ? adjoint_.elements[i] : nullptr;
  }
  Instruction* operand(int64_t i) const { return inst->operand(i); }
  // Whether operand i depends on a parameter being differentiated (else its adjoint is unused).
  bool active(int64_t i) const;

  // Adds `g` to the adjoint of operand i (an array of the operand's shape and type).
  Status AddGrad(int64_t i, Instruction* g);
  // Adds `g` to the adjoint of tuple element `element` of operand i.
  Status AddTupleGrad(int64_t i, int64_t element, Instruction* g);

  // An error located at the forward instruction: "autodiff: <message>".
  Status Error(const std::string& message) const;

 private:
  Status Accumulate(Instruction*& slot, Instruction* g, const Shape& want);

  const Adjoint& adjoint_;
  std::unordered_map<const Instruction*, Adjoint>& adjoints_;
  const std::vector<bool>& active_;  // by instruction index in the entry
};

// Runs the rule for ctx.inst's opcode; an op without a rule is an error naming it.
Status RunVjp(VjpContext& ctx);

// The rules, by family.
Status VjpElementwise(VjpContext& ctx);
Status VjpBroadcast(VjpContext& ctx);
Status VjpReshape(VjpContext& ctx);
Status VjpTranspose(VjpContext& ctx);
Status VjpSlice(VjpContext& ctx);
Status VjpPad(VjpContext& ctx);
Status VjpConcatenate(VjpContext& ctx);
Status VjpReverse(VjpContext& ctx);
Status VjpDynamicSlice(VjpContext& ctx);
Status VjpDynamicUpdateSlice(VjpContext& ctx);
Status VjpDot(VjpContext& ctx);
Status VjpConvolution(VjpContext& ctx);
Status VjpReduce(VjpContext& ctx);
Status VjpReduceWindow(VjpContext& ctx);
Status VjpGather(VjpContext& ctx);
Status VjpScatter(VjpContext& ctx);
Status VjpTuple(VjpContext& ctx);
Status VjpGetTupleElement(VjpContext& ctx);
Status VjpSort(VjpContext& ctx);
Status VjpTopK(VjpContext& ctx);
Status VjpBatchNormTraining(VjpContext& ctx);
Status VjpBatchNormInference(VjpContext& ctx);
Status VjpCustomCall(VjpContext& ctx);
Status VjpWhile(VjpContext& ctx);
Status VjpAllReduce(VjpContext& ctx);
Status VjpAllGather(VjpContext& ctx);
Status VjpReduceScatter(VjpContext& ctx);

// What a reducer computation computes: kAdd, kMaximum, kMinimum, kMultiply, ... when its root
// is that op on its two parameters; std::nullopt otherwise.
std::optional<Opcode> ReducerKind(const Computation& reducer);

}  // namespace xpar::autodiff
