// Gather and scatter, with embeddings in mind (table [V,H], ids [B,S]):
//   gather: the result's batch dims follow the index dims, its offset dims the table's whole
//     dims (hidden split); a table dim indexed with slice size 1 may be split too (vocabulary
//     split): each device gathers the rows it holds, zeros elsewhere, so the result is a partial
//     sum over those axes (or all-reduced in the op).
//   scatter (one operand): the result follows the operand; splitting an indexed operand dim makes
//     each device apply only the updates landing in its rows (any combiner); splitting the
//     updates' scatter (batch) dims needs an add combiner and the operand partial over those
//     axes, and leaves a partial sum (or an all-reduce).
#include <algorithm>

#include "analysis/op_stats.h"
#include "ir/module.h"
#include "passes/auto_sharding/spec_einsum.h"
#include "passes/auto_sharding/spec_families.h"

namespace xpar {
namespace {

StrategyList Replicated(const Instruction& inst, const CostModel& model) {
  return std::vector<Strategy>{ReplicatedStrategy(inst, model)};
}

bool Contains(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

EinsumLeaf Unsplit(const Shape& shape) {
  return EinsumLeaf{shape, std::vector<int64_t>(shape.rank(), -1)};
}

// Dims of a rank-`rank` array not in `a` or `b`, ascending.
std::vector<int64_t> DimsExcept(int64_t rank, const std::vector<int64_t>& a,
                                const std::vector<int64_t>& b) {
  std::vector<int64_t> out;
  for (int64_t d = 0; d < rank; ++d) {
    if (!Contains(a, d) && !Contains(b, d)) out.push_back(d);
  }
  return out;
}

bool AddCombiner(const Instruction& inst) {
  if (inst.called().empty() || inst.called()[0] == nullptr) return false;
  const Instruction* root = inst.called()[0]->root();
  return root != nullptr && root->opcode() == Opcode::kAdd;
}

}  // namespace

StrategyList GatherStrategies(const Instruction& inst, const CostModel& model,
                              const StrategyOptions& options) {
  if (!inst.attrs().gather || inst.operand_count() != 2 || !inst.shape().IsArray()) {
    return Replicated(inst, model);
  }
  const GatherDims& g = *inst.attrs().gather;
  const Shape& table = inst.operand(0)->shape();
  const Shape& ids = inst.operand(1)->shape();
  const Shape& out = inst.shape();
  const std::vector<int64_t>& sizes = inst.attrs().gather_slice_sizes;
  if (static_cast<int64_t>(sizes.size()) != table.rank()) return Replicated(inst, model);
  Einsum e;
  e.loops = LoopsOf(out.dims(), options.allow_uneven);
  EinsumLeaf table_leaf = Unsplit(table), ids_leaf = Unsplit(ids);
  // Offset dims of the result <-> the table's kept dims, in order.
  const std::vector<int64_t> kept =
      DimsExcept(table.rank(), g.collapsed_slice_dims, g.operand_batching_dims);
  if (kept.size() != g.offset_dims.size()) return Replicated(inst, model);
  for (size_t i = 0; i < kept.size(); ++i) {
    if (g.offset_dims[i] >= out.rank()) return Replicated(inst, model);
    if (sizes[kept[i]] == table.dim(kept[i])) table_leaf.loop_of[kept[i]] = g.offset_dims[i];
  }
  // Batch dims of the result <-> the index dims other than the index vector dim, in order.
  const std::vector<int64_t> batch = DimsExcept(out.rank(), g.offset_dims, {});
  const std::vector<int64_t> id_dims = DimsExcept(ids.rank(), {g.index_vector_dim}, {});
  if (batch.size() != id_dims.size()) return Replicated(inst, model);
  for (size_t i = 0; i < batch.size(); ++i) ids_leaf.loop_of[id_dims[i]] = batch[i];
  // Vocabulary loops: indexed table dims gathered one row at a time.
  for (int64_t d : g.start_index_map) {
    if (d < 0 || d >= table.rank() || sizes[d] != 1 || Contains(g.operand_batching_dims, d)) {
      continue;
    }
    table_leaf.loop_of[d] = static_cast<int64_t>(e.loops.size());
    e.loops.push_back(AxisSlot{table.dim(d), true, !options.allow_uneven});
  }
  e.operands = {{table_leaf}, {ids_leaf}};
  e.outputs = {IdentityLeaf(out)};
  e.reduction = EinsumReduction::kSum;
  e.flops = static_cast<double>(InstructionFlops(inst));
  return BuildEinsumStrategies(e, model, options);
}

StrategyList ScatterStrategies(const Instruction& inst, const CostModel& model,
                               const StrategyOptions& options) {
  if (!inst.attrs().scatter || inst.operand_count() != 3 || !inst.shape().IsArray()) {
    return Replicated(inst, model);  // variadic scatters stay whole
  }
  const ScatterDims& sd = *inst.attrs().scatter;
  const Shape& operand = inst.operand(0)->shape();
  const Shape& ids = inst.operand(1)->shape();
  const Shape& updates = inst.operand(2)->shape();
  Einsum e;
  e.loops = LoopsOf(operand.dims(), options.allow_uneven);
  EinsumLeaf ids_leaf = Unsplit(ids), upd_leaf = Unsplit(updates);
  // Update window dims <-> the operand's dims not inserted, in order (followed when whole).
  const std::vector<int64_t> kept =
      DimsExcept(operand.rank(), sd.inserted_window_dims, sd.input_batching_dims);
  if (kept.size() != sd.update_window_dims.size()) return Replicated(inst, model);
  for (size_t i = 0; i < kept.size(); ++i) {
    const int64_t u = sd.update_window_dims[i];
    if (u >= updates.rank()) return Replicated(inst, model);
    if (updates.dim(u) == operand.dim(kept[i])) upd_leaf.loop_of[u] = kept[i];
  }
  // Scatter dims of the updates <-> index dims: loops of their own, reduced into the result.
  const std::vector<int64_t> scatter_dims = DimsExcept(updates.rank(), sd.update_window_dims, {});
  const std::vector<int64_t> id_dims = DimsExcept(ids.rank(), {sd.index_vector_dim}, {});
  if (scatter_dims.size() != id_dims.size()) return Replicated(inst, model);
  const bool add = AddCombiner(inst);
  for (size_t i = 0; i < scatter_dims.size(); ++i) {
    const int64_t loop = static_cast<int64_t>(e.loops.size());
    e.loops.push_back(AxisSlot{updates.dim(scatter_dims[i]), add, !options.allow_uneven});
    upd_leaf.loop_of[scatter_dims[i]] = loop;
    ids_leaf.loop_of[id_dims[i]] = loop;
  }
  e.operands = {{IdentityLeaf(operand)}, {ids_leaf}, {upd_leaf}};
  e.outputs = {IdentityLeaf(inst.shape())};
  e.reduction = EinsumReduction::kSum;
  e.flops = static_cast<double>(InstructionFlops(inst));
  std::vector<Strategy> strategies = BuildEinsumStrategies(e, model, options);
  // The operand must be partial over the batch axes: each device adds its updates to its share.
  for (Strategy& s : strategies) {
    std::vector<int64_t> axes;
    for (int64_t d : scatter_dims) {
      const auto& on = s.operands[2][0].dim_axes[d];
      axes.insert(axes.end(), on.begin(), on.end());
    }
    if (axes.empty()) continue;
    ShardingSpec& spec = s.operands[0][0];
    for (int64_t a : axes) {
      if (!Contains(spec.partial_axes, a)) spec.partial_axes.push_back(a);
    }
    std::sort(spec.partial_axes.begin(), spec.partial_axes.end());
    s.name = StrategyName(s.outputs, s.operands, s.collectives);
  }
  return strategies;
}

}  // namespace xpar
