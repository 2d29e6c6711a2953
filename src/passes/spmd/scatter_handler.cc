// Scatter with the operand split along dimensions the scatter does not index (a KV cache
// updated at a position, split over heads): when the updates' window covers such a dimension
// whole, every device scatters its own slice of the updates into its own slice of the operand,
// with no communication. Dimensions that are indexed (or split unevenly) are made whole first;
// scatters with batching dimensions or several operands run on replicated operands.
#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {
namespace {

// Operand dim -> updates dim of the window that covers it whole; -1 where none does.
std::vector<int64_t> PassthroughDims(const Instruction& inst) {
  const ScatterDims& s = *inst.attrs().scatter;
  const Shape& operand = inst.operand(0)->shape();
  const Shape& updates = inst.operand(2)->shape();
  std::vector<int64_t> out(operand.rank(), -1);
  auto has = [](const std::vector<int64_t>& v, int64_t x) {
    return std::find(v.begin(), v.end(), x) != v.end();
  };
  int64_t window = 0;
  for (int64_t d = 0; d < operand.rank(); ++d) {
    if (has(s.inserted_window_dims, d)) continue;
    if (window >= static_cast<int64_t>(s.update_window_dims.size())) break;
    const int64_t u = s.update_window_dims[window++];
    if (!has(s.scatter_dims_to_operand_dims, d) && updates.dim(u) == operand.dim(d)) out[d] = u;
  }
  return out;
}

bool IsPlainScatter(const Instruction& inst) {
  const auto& s = inst.attrs().scatter;
  return s && s->input_batching_dims.empty() && s->scatter_indices_batching_dims.empty() &&
         inst.operand_count() == 3 && inst.shape().IsArray();
}

}  // namespace

Expected<PValue> HandleScatter(Partitioner& p, const Instruction& inst, const Want& want) {
  if (!IsPlainScatter(inst)) return HandleReplicated(p, inst, want);
  const Shape& shape = inst.shape();
  const std::vector<int64_t> pass = PassthroughDims(inst);
  ShardingSpec target = want ? *want : p.Get(inst.operand(0)).spec;
  target.partial_axes.clear();
  const Shape& updates_shape = inst.operand(2)->shape();
  ShardingSpec updates_spec = ShardingSpec::Replicated(updates_shape.rank());
  for (int64_t d = 0; d < shape.rank(); ++d) {
    const int64_t k = AxesSize(target.dim_axes[d], p.mesh());
    if (pass[d] < 0 || shape.dim(d) % k != 0) {
      target.dim_axes[d].clear();
      continue;
    }
    updates_spec.dim_axes[pass[d]] = target.dim_axes[d];
  }
  if (target.IsReplicated()) return HandleReplicated(p, inst, want);
  ASSIGN_OR_RETURN(Instruction * operand, p.Reshard(p.Get(inst.operand(0)), target, shape));
  ASSIGN_OR_RETURN(Instruction * indices,
                   p.Replicate(p.Get(inst.operand(1)), inst.operand(1)->shape()));
  ASSIGN_OR_RETURN(Instruction * updates,
                   p.Reshard(p.Get(inst.operand(2)), updates_spec, updates_shape));
  Instruction* local = p.b().CloneWith(inst, LocalShape(shape, target, p.mesh()),
                                       {operand, indices, updates});
  return PValue{local, target, {}};
}

}  // namespace xpar::spmd
