// Slice, pad, concatenate, reverse, dynamic-slice, dynamic-update-slice and reduce-window: each
// touches some dimensions (cuts, pads, joins, indexes or windows them) and copies the others
// through (sharding/op_sharding.h: DimsTouched). Touched dimensions are made whole first;
// untouched ones keep their split, so the op runs on shards.
#include <algorithm>

#include "passes/spmd/spmd_internal.h"
#include "sharding/op_sharding.h"

namespace xpar::spmd {

Expected<PValue> HandleDimwise(Partitioner& p, const Instruction& inst, const Want& want) {
  const Shape& shape = inst.shape();
  // Variadic reduce-window returns a tuple: run it whole.
  if (!shape.IsArray() || inst.operand(0)->shape().rank() != shape.rank()) {
    return HandleReplicated(p, inst, want);
  }
  const std::vector<bool> touched = DimsTouched(inst);
  ShardingSpec spec = ShardingSpec::Replicated(shape.rank());
  if (want) {
    spec = *want;
  } else {
    for (int64_t i = 0; i < inst.operand_count(); ++i) {
      if (!IsDimwiseDataOperand(inst, i)) continue;
      const ShardingSpec& s = p.Get(inst.operand(i)).spec;
      if (!s.IsReplicated()) {
        spec.dim_axes = s.dim_axes;
        break;
      }
    }
  }
  for (int64_t d = 0; d < shape.rank(); ++d) {
    if (touched[d]) spec.dim_axes[d].clear();
  }
  std::vector<Instruction*> operands;
  for (int64_t i = 0; i < inst.operand_count(); ++i) {
    const Instruction* o = inst.operand(i);
    PValue& v = p.Get(o);
    if (IsDimwiseDataOperand(inst, i)) {
      ShardingSpec s = spec;  // touched dims are whole, so data operands share the output spec
      ASSIGN_OR_RETURN(Instruction * x, p.Reshard(v, s, o->shape()));
      operands.push_back(x);
    } else {
      ASSIGN_OR_RETURN(Instruction * x, p.Replicate(v, o->shape()));
      operands.push_back(x);
    }
  }
  Shape local_shape = LocalShape(shape, spec, p.mesh());
  Instruction* local = p.b().CloneWith(inst, local_shape, operands);
  auto& a = local->attrs();
  for (int64_t d = 0; d < shape.rank(); ++d) {
    if (touched[d]) continue;
    if (inst.opcode() == Opcode::kSlice) a.slice[d].limit = local_shape.dim(d);
    if (inst.opcode() == Opcode::kDynamicSlice) a.dynamic_slice_sizes[d] = local_shape.dim(d);
  }
  return PValue{local, spec, {}};
}

}  // namespace xpar::spmd
