// Tuples and their elements. A get-tuple-element follows its element (every spec of it); the
// other leaves of its operand are not read (see ReadOperandLeaves). A tuple cannot list the
// product of its elements' specs, so it offers uniform choices: all leaves replicated, or each
// leaf split on its largest evenly divisible dim over one set of mesh axes (ZeRO-style outputs).
#include <algorithm>

#include "passes/auto_sharding/spec_einsum.h"
#include "passes/auto_sharding/spec_families.h"

namespace xpar {
namespace {

// `leaf` split over `axes` on its largest dim they divide, or replicated if none does.
ShardingSpec SplitLargest(const Shape& leaf, const std::vector<int64_t>& axes, const Mesh& mesh) {
  ShardingSpec spec = ShardingSpec::Replicated(leaf.rank());
  const int64_t parts = AxesSize(axes, mesh);
  int64_t best = -1;
  for (int64_t d = 0; d < leaf.rank(); ++d) {
    if (leaf.dim(d) % parts == 0 && (best < 0 || leaf.dim(d) > leaf.dim(best))) best = d;
  }
  if (best >= 0) spec.dim_axes[best] = axes;
  return spec;
}

// The non-empty subsets of the usable mesh axes, ascending within each.
std::vector<std::vector<int64_t>> AxisSubsets(const Mesh& mesh) {
  const std::vector<int64_t> usable = UsableAxes(mesh);
  std::vector<std::vector<int64_t>> subsets;
  for (uint32_t mask = 1; mask < (1u << usable.size()); ++mask) {
    std::vector<int64_t> axes;
    for (size_t i = 0; i < usable.size(); ++i) {
      if (mask & (1u << i)) axes.push_back(usable[i]);
    }
    subsets.push_back(std::move(axes));
  }
  return subsets;
}

}  // namespace

StrategyList TupleStrategies(const Instruction& inst, const CostModel& model,
                             const StrategyOptions& options) {
  std::vector<Strategy> strategies = {ReplicatedStrategy(inst, model)};
  for (const std::vector<int64_t>& axes : AxisSubsets(model.mesh())) {
    Strategy s;
    for (const Instruction* op : inst.operands()) {
      std::vector<ShardingSpec> specs;
      for (const Shape& leaf : ArrayLeafShapes(op->shape())) {
        specs.push_back(SplitLargest(leaf, axes, model.mesh()));
      }
      s.outputs.insert(s.outputs.end(), specs.begin(), specs.end());
      s.operands.push_back(std::move(specs));
    }
    if (std::all_of(s.outputs.begin(), s.outputs.end(),
                    [](const ShardingSpec& x) { return x.IsReplicated(); })) {
      continue;  // same as the replicated strategy
    }
    s.name = StrategyName(s.outputs, s.operands, s.collectives);
    strategies.push_back(std::move(s));
  }
  return strategies;
}

StrategyList GetTupleElementStrategies(const Instruction& inst, const CostModel& model,
                                       const StrategyOptions& options) {
  const Shape& tuple = inst.operand(0)->shape();
  if (!inst.shape().IsArray() || !tuple.IsTuple()) {
    return std::vector<Strategy>{ReplicatedStrategy(inst, model)};
  }
  const std::vector<bool> read = ReadOperandLeaves(inst, 0);
  const std::vector<Shape> leaves = ArrayLeafShapes(tuple);
  const auto it = std::find(read.begin(), read.end(), true);
  if (it == read.end()) return std::vector<Strategy>{ReplicatedStrategy(inst, model)};
  const size_t element = static_cast<size_t>(it - read.begin());
  std::vector<Strategy> strategies;
  for (const ShardingSpec& spec :
       EnumerateSpecs(inst.shape().dims(), model.mesh(), options.allow_uneven)) {
    Strategy s;
    s.outputs = {spec};
    std::vector<ShardingSpec> in;
    for (const Shape& leaf : leaves) in.push_back(ShardingSpec::Replicated(leaf.rank()));
    in[element] = spec;
    s.operands = {std::move(in)};
    s.name = StrategyName(s.outputs, {{spec}}, s.collectives);
    strategies.push_back(std::move(s));
  }
  return strategies;
}

}  // namespace xpar
