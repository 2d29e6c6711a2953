// Strategies of ops that move data: broadcast, transpose, reshape, the windowed ops (slice, pad,
// reverse, concatenate, dynamic-slice, dynamic-update-slice, reduce-window: split on the dims
// they leave untouched, as the partitioner runs them) and the value sources (parameter,
// constant, iota, rng). Partial sums pass through the linear ones (not pad, whose padding value
// would be summed once per device, nor reduce-window).
#include <algorithm>
#include <numeric>

#include "analysis/op_stats.h"
#include "passes/auto_sharding/spec_einsum.h"
#include "passes/auto_sharding/spec_families.h"
#include "sharding/op_sharding.h"

namespace xpar {
namespace {

StrategyList Replicated(const Instruction& inst, const CostModel& model) {
  return std::vector<Strategy>{ReplicatedStrategy(inst, model)};
}

EinsumLeaf Unsplit(const Shape& shape) {
  return EinsumLeaf{shape, std::vector<int64_t>(shape.rank(), -1)};
}

// An einsum over the result's dims with a single array result.
Einsum OverResult(const Instruction& inst, const StrategyOptions& options) {
  Einsum e;
  e.loops = LoopsOf(inst.shape().dims(), options.allow_uneven);
  e.outputs = {IdentityLeaf(inst.shape())};
  return e;
}

bool AllArrays(const Instruction& inst) {
  if (!inst.shape().IsArray()) return false;
  for (const Instruction* op : inst.operands()) {
    if (!op->shape().IsArray()) return false;
  }
  return true;
}

// Whether the windowed copy `inst` moves data along dim d of its first operand.
}  // namespace

StrategyList BroadcastStrategies(const Instruction& inst, const CostModel& model,
                                 const StrategyOptions& options) {
  const std::vector<int64_t>& dims = inst.attrs().dimensions;
  const Shape& in = inst.operand(0)->shape();
  if (!AllArrays(inst) || static_cast<int64_t>(dims.size()) != in.rank()) {
    return Replicated(inst, model);
  }
  Einsum e = OverResult(inst, options);
  EinsumLeaf leaf = Unsplit(in);
  for (int64_t d = 0; d < in.rank(); ++d) {
    if (dims[d] >= 0 && dims[d] < inst.shape().rank() && in.dim(d) == inst.shape().dim(dims[d])) {
      leaf.loop_of[d] = dims[d];
    }
  }
  e.operands = {{leaf}};
  e.partial_operand_sets = {{0}};
  return BuildEinsumStrategies(e, model, options);
}

StrategyList TransposeStrategies(const Instruction& inst, const CostModel& model,
                                 const StrategyOptions& options) {
  const std::vector<int64_t>& perm = inst.attrs().dimensions;
  const Shape& in = inst.operand(0)->shape();
  if (!AllArrays(inst) || static_cast<int64_t>(perm.size()) != inst.shape().rank()) {
    return Replicated(inst, model);
  }
  Einsum e = OverResult(inst, options);
  EinsumLeaf leaf = Unsplit(in);
  for (int64_t i = 0; i < static_cast<int64_t>(perm.size()); ++i) {
    if (perm[i] < 0 || perm[i] >= in.rank()) return Replicated(inst, model);
    leaf.loop_of[perm[i]] = i;
  }
  e.operands = {{leaf}};
  e.partial_operand_sets = {{0}};
  return BuildEinsumStrategies(e, model, options);
}

// Reshape: dims group into runs whose element counts match ([8,6] <-> [48]). A run of one dim
// on each side follows one loop; in a longer run only the major-most dims do, split by a factor
// of both of their sizes (then each shard is the same contiguous block on both sides).
StrategyList ReshapeStrategies(const Instruction& inst, const CostModel& model,
                               const StrategyOptions& options) {
  const Shape& in = inst.operand(0)->shape();
  const Shape& out = inst.shape();
  if (!AllArrays(inst) || in.ElementCount() != out.ElementCount()) return Replicated(inst, model);
  auto non_one = [](const Shape& s) {
    std::vector<int64_t> dims;
    for (int64_t d = 0; d < s.rank(); ++d) {
      if (s.dim(d) != 1) dims.push_back(d);
    }
    return dims;
  };
  const std::vector<int64_t> ins = non_one(in), outs = non_one(out);
  Einsum e;
  EinsumLeaf in_leaf = Unsplit(in), out_leaf = Unsplit(out);
  size_t i = 0, j = 0;
  while (i < ins.size() && j < outs.size()) {
    const size_t i0 = i++, j0 = j++;
    int64_t pi = in.dim(ins[i0]), pj = out.dim(outs[j0]);
    while (pi != pj) {
      if (pi < pj && i < ins.size()) {
        pi *= in.dim(ins[i++]);
      } else if (pj < pi && j < outs.size()) {
        pj *= out.dim(outs[j++]);
      } else {
        return Replicated(inst, model);
      }
    }
    const bool one_to_one = i - i0 == 1 && j - j0 == 1;
    const int64_t size =
        one_to_one ? in.dim(ins[i0]) : std::gcd(in.dim(ins[i0]), out.dim(outs[j0]));
    if (size <= 1) continue;
    in_leaf.loop_of[ins[i0]] = out_leaf.loop_of[outs[j0]] = static_cast<int64_t>(e.loops.size());
    e.loops.push_back(AxisSlot{size, true, !one_to_one || !options.allow_uneven});
  }
  e.operands = {{in_leaf}};
  e.outputs = {out_leaf};
  e.partial_operand_sets = {{0}};
  return BuildEinsumStrategies(e, model, options);
}

StrategyList WindowedCopyStrategies(const Instruction& inst, const CostModel& model,
                                    const StrategyOptions& options) {
  if (!AllArrays(inst) || inst.operand_count() < 1 ||
      inst.operand(0)->shape().rank() != inst.shape().rank()) {
    return Replicated(inst, model);
  }
  const Opcode op = inst.opcode();
  const bool dus = op == Opcode::kDynamicUpdateSlice;
  if (dus && (inst.operand_count() < 2 || inst.operand(1)->shape().rank() != inst.shape().rank())) {
    return Replicated(inst, model);
  }
  Einsum e = OverResult(inst, options);
  const int64_t rank = inst.shape().rank();
  const std::vector<bool> touched = DimsTouched(inst);  // the partitioner's own rule
  std::vector<int64_t> data;  // operands that carry data along the result's dims
  for (int64_t k = 0; k < inst.operand_count(); ++k) {
    const Shape& s = inst.operand(k)->shape();
    EinsumLeaf leaf = Unsplit(s);
    if (IsDimwiseDataOperand(inst, k) && s.rank() == rank) {
      data.push_back(k);
      for (int64_t d = 0; d < rank; ++d) {
        // A dynamic-update-slice's operand follows every loop; the touched ones stay whole.
        if (!touched[d] || (dus && k == 0)) leaf.loop_of[d] = d;
      }
    }
    e.operands.push_back({leaf});
  }
  for (int64_t d = 0; d < rank; ++d) {
    if (dus || op == Opcode::kReduceWindow) e.loops[d].splittable = !touched[d];
  }
  // Linear ops pass pending partial sums through; pad (its pad value) and reduce-window (max,
  // or an init added once per window) do not.
  if (op != Opcode::kPad && op != Opcode::kReduceWindow) e.partial_operand_sets = {data};
  e.flops = op == Opcode::kReduceWindow ? static_cast<double>(InstructionFlops(inst)) : 0;
  return BuildEinsumStrategies(e, model, options);
}

StrategyList SourceStrategies(const Instruction& inst, const CostModel& model,
                              const StrategyOptions& options) {
  if (!AllArrays(inst)) return Replicated(inst, model);
  Einsum e = OverResult(inst, options);
  for (const Instruction* op : inst.operands()) e.operands.push_back({Unsplit(op->shape())});
  std::vector<Strategy> strategies = BuildEinsumStrategies(e, model, options);
  // Parameters and constants exist before the step: producing them costs nothing.
  if (IsOneOf(inst.opcode(), {Opcode::kParameter, Opcode::kConstant})) {
    for (Strategy& s : strategies) s.compute_s = 0;
  }
  return strategies;
}

}  // namespace xpar
