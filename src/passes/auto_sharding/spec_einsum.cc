// Einsum strategies: one strategy per assignment of mesh axes to loops, with variants for a
// reduction left partial or all-reduced in the op, and for partial sums passed through.
#include "passes/auto_sharding/spec_einsum.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "analysis/op_stats.h"

namespace xpar {
namespace {

using Assignment = std::vector<std::vector<int64_t>>;

ShardingSpec LeafSpec(const EinsumLeaf& leaf, const Assignment& loops) {
  ShardingSpec spec = ShardingSpec::Replicated(leaf.shape.rank());
  for (int64_t d = 0; d < leaf.shape.rank(); ++d) {
    if (leaf.loop_of[d] >= 0) spec.dim_axes[d] = loops[leaf.loop_of[d]];
  }
  return spec;
}

// Loops some operand follows.
std::vector<bool> OperandLoops(const Einsum& e) {
  std::vector<bool> used(e.loops.size(), false);
  for (const auto& leaves : e.operands) {
    for (const EinsumLeaf& leaf : leaves) {
      for (int64_t l : leaf.loop_of) {
        if (l >= 0) used[l] = true;
      }
    }
  }
  return used;
}

// Mesh axes a result leaf must reduce over: on loops some operand follows and the leaf lacks.
std::vector<int64_t> ReducedAxes(const EinsumLeaf& leaf, const Assignment& loops,
                                 const std::vector<bool>& operand_loops) {
  std::vector<bool> follows(loops.size(), false);
  for (int64_t l : leaf.loop_of) {
    if (l >= 0) follows[l] = true;
  }
  std::vector<int64_t> axes;
  for (size_t l = 0; l < loops.size(); ++l) {
    if (operand_loops[l] && !follows[l]) axes.insert(axes.end(), loops[l].begin(), loops[l].end());
  }
  std::sort(axes.begin(), axes.end());
  return axes;
}

void AddPartial(ShardingSpec& spec, const std::vector<int64_t>& axes) {
  spec.partial_axes.insert(spec.partial_axes.end(), axes.begin(), axes.end());
  std::sort(spec.partial_axes.begin(), spec.partial_axes.end());
}

double StrategyComputeSeconds(const Einsum& e, const Strategy& s, const Assignment& loops,
                              const CostModel& model) {
  const Mesh& mesh = model.mesh();
  double split = 1;
  for (const auto& axes : loops) split *= static_cast<double>(AxesSize(axes, mesh));
  double bytes = 0;
  for (size_t k = 0; k < e.operands.size(); ++k) {
    for (size_t i = 0; i < e.operands[k].size(); ++i) {
      bytes += static_cast<double>(ShardedBytes(e.operands[k][i].shape, s.operands[k][i], mesh));
    }
  }
  PrimitiveType type = PrimitiveType::kF32;
  for (size_t i = 0; i < e.outputs.size(); ++i) {
    bytes += static_cast<double>(ShardedBytes(e.outputs[i].shape, s.outputs[i], mesh));
    if (i == 0) type = e.outputs[i].shape.type();
  }
  return model.ComputeSeconds(e.flops / split, bytes, type);
}

// The base strategy of one assignment, with the reduction either left partial or all-reduced.
Strategy MakeStrategy(const Einsum& e, const Assignment& loops, bool keep_partial,
                      const CostModel& model) {
  Strategy s;
  const std::vector<bool> operand_loops = OperandLoops(e);
  for (const auto& leaves : e.operands) {
    std::vector<ShardingSpec> specs;
    for (const EinsumLeaf& leaf : leaves) specs.push_back(LeafSpec(leaf, loops));
    s.operands.push_back(std::move(specs));
  }
  for (const EinsumLeaf& leaf : e.outputs) {
    ShardingSpec spec = LeafSpec(leaf, loops);
    std::vector<int64_t> reduced = ReducedAxes(leaf, loops, operand_loops);
    if (!reduced.empty()) {
      if (keep_partial) {
        AddPartial(spec, reduced);
      } else {
        int64_t bytes = ShardedBytes(leaf.shape, spec, model.mesh());
        s.communication_s += model.CollectiveSeconds(CollectiveKind::kAllReduce, bytes, reduced);
        s.collectives.push_back(CollectiveUse{CollectiveKind::kAllReduce, bytes, reduced});
      }
    }
    s.outputs.push_back(std::move(spec));
  }
  s.compute_s = StrategyComputeSeconds(e, s, loops, model);
  return s;
}

// Without partial results, a sum may still end split over its reduced axes: one reduce-scatter
// onto a result dim they divide (single-result einsums only), e.g. Megatron's row-parallel
// matmul followed by a sequence split.
void AddReduceScatterVariants(const Einsum& e, const Assignment& loops, const CostModel& model,
                              const StrategyOptions& options, std::vector<Strategy>& out) {
  if (e.outputs.size() != 1) return;
  const EinsumLeaf& leaf = e.outputs[0];
  const std::vector<int64_t> reduced = ReducedAxes(leaf, loops, OperandLoops(e));
  Strategy partial = MakeStrategy(e, loops, /*keep_partial=*/true, model);
  const ShardingSpec base = partial.outputs[0];
  for (int64_t d = 0; d < leaf.shape.rank(); ++d) {
    const std::vector<int64_t>& on = base.dim_axes[d];
    if (static_cast<int>(on.size() + reduced.size()) > kMaxAxesPerDim) continue;
    const int64_t parts = AxesSize(on, model.mesh()) * AxesSize(reduced, model.mesh());
    const int64_t size = leaf.shape.dim(d);
    if (options.allow_uneven ? size < parts : size % parts != 0) continue;
    Strategy s = partial;
    const int64_t bytes = ShardedBytes(leaf.shape, base, model.mesh());
    s.outputs[0].partial_axes.clear();
    s.outputs[0].dim_axes[d].insert(s.outputs[0].dim_axes[d].end(), reduced.begin(), reduced.end());
    s.communication_s = model.CollectiveSeconds(CollectiveKind::kReduceScatter, bytes, reduced);
    s.collectives = {CollectiveUse{CollectiveKind::kReduceScatter, bytes, reduced}};
    out.push_back(std::move(s));
  }
}

bool HasReduction(const Einsum& e, const Assignment& loops) {
  const std::vector<bool> operand_loops = OperandLoops(e);
  for (const EinsumLeaf& leaf : e.outputs) {
    if (!ReducedAxes(leaf, loops, operand_loops).empty()) return true;
  }
  return false;
}

// Mesh axes (of size > 1) no loop uses.
std::vector<int64_t> UnusedAxes(const Assignment& loops, const Mesh& mesh) {
  std::vector<int64_t> unused;
  for (int64_t a : UsableAxes(mesh)) {
    bool used = false;
    for (const auto& axes : loops) used |= std::find(axes.begin(), axes.end(), a) != axes.end();
    if (!used) unused.push_back(a);
  }
  return unused;
}

// Variants of `base` whose operands in `set` and all results are partial over a non-empty subset
// of `unused` (the op being linear in those operands).
void AddPassThroughVariants(const Strategy& base, const std::vector<int64_t>& set,
                            const std::vector<int64_t>& unused, std::vector<Strategy>& out) {
  for (uint32_t mask = 1; mask < (1u << unused.size()); ++mask) {
    std::vector<int64_t> axes;
    for (size_t i = 0; i < unused.size(); ++i) {
      if (mask & (1u << i)) axes.push_back(unused[i]);
    }
    Strategy s = base;
    for (int64_t k : set) {
      for (ShardingSpec& spec : s.operands[k]) AddPartial(spec, axes);
    }
    for (ShardingSpec& spec : s.outputs) AddPartial(spec, axes);
    out.push_back(std::move(s));
  }
}

}  // namespace

EinsumLeaf IdentityLeaf(const Shape& shape, int64_t offset) {
  EinsumLeaf leaf{shape, {}};
  for (int64_t d = 0; d < shape.rank(); ++d) leaf.loop_of.push_back(d + offset);
  return leaf;
}

std::vector<AxisSlot> LoopsOf(const std::vector<int64_t>& dims, bool allow_uneven) {
  std::vector<AxisSlot> loops;
  for (int64_t d : dims) loops.push_back(AxisSlot{d, true, !allow_uneven});
  return loops;
}

std::vector<Strategy> BuildEinsumStrategies(const Einsum& e, const CostModel& model,
                                            const StrategyOptions& options) {
  std::vector<Strategy> out;
  for (const Assignment& loops : EnumerateAxisAssignments(e.loops, model.mesh())) {
    std::vector<Strategy> bases;
    if (HasReduction(e, loops)) {
      if (e.reduction == EinsumReduction::kSum && options.allow_partial) {
        bases.push_back(MakeStrategy(e, loops, /*keep_partial=*/true, model));
      }
      bases.push_back(MakeStrategy(e, loops, /*keep_partial=*/false, model));
      if (e.reduction == EinsumReduction::kSum && !options.allow_partial) {
        AddReduceScatterVariants(e, loops, model, options, bases);
      }
    } else {
      bases.push_back(MakeStrategy(e, loops, /*keep_partial=*/false, model));
    }
    const std::vector<int64_t> unused = UnusedAxes(loops, model.mesh());
    for (Strategy& base : bases) {
      if (options.allow_partial && !unused.empty()) {
        for (const auto& set : e.partial_operand_sets) {
          AddPassThroughVariants(base, set, unused, out);
        }
      }
      out.push_back(std::move(base));
    }
  }
  for (Strategy& s : out) s.name = StrategyName(s.outputs, s.operands, s.collectives);
  return out;
}

PrimitiveType ComputeType(const Shape& shape) {
  std::vector<Shape> leaves = ArrayLeafShapes(shape);
  for (const Shape& leaf : leaves) {
    if (IsFloating(leaf.type())) return leaf.type();
  }
  return leaves.empty() ? PrimitiveType::kF32 : leaves[0].type();
}

Strategy ReplicatedStrategy(const Instruction& inst, const CostModel& model) {
  Strategy s;
  double bytes = 0;
  for (const Instruction* op : inst.operands()) {
    std::vector<ShardingSpec> specs;
    for (const Shape& leaf : ArrayLeafShapes(op->shape())) {
      specs.push_back(ShardingSpec::Replicated(leaf.rank()));
      bytes += static_cast<double>(leaf.ByteSize());
    }
    s.operands.push_back(std::move(specs));
  }
  for (const Shape& leaf : ArrayLeafShapes(inst.shape())) {
    s.outputs.push_back(ShardingSpec::Replicated(leaf.rank()));
    bytes += static_cast<double>(leaf.ByteSize());
  }
  s.compute_s = model.ComputeSeconds(static_cast<double>(InstructionFlops(inst)), bytes,
                                     ComputeType(inst.shape()));
  s.name = StrategyName(s.outputs, s.operands, s.collectives);
  return s;
}

std::string StrategyName(const std::vector<ShardingSpec>& outputs,
                         const std::vector<std::vector<ShardingSpec>>& operands,
                         const std::vector<CollectiveUse>& collectives) {
  auto join = [](const std::vector<ShardingSpec>& specs) {
    std::vector<std::string> parts;
    for (const ShardingSpec& s : specs) parts.push_back(s.ToString());
    return parts.size() == 1 ? parts[0] : fmt::format("({})", fmt::join(parts, ", "));
  };
  std::vector<std::string> ins;
  for (const auto& specs : operands) ins.push_back(join(specs));
  std::string name = fmt::format("{} <- {}", join(outputs), fmt::join(ins, " x "));
  for (const CollectiveUse& c : collectives) {
    name += fmt::format(" {}({})", CollectiveKindName(c.kind), fmt::join(c.axes, ","));
  }
  return name;
}

}  // namespace xpar
