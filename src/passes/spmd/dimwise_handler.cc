// Slice, pad, concatenate, reverse, dynamic-slice and dynamic-update-slice: each touches some
// dimensions (cuts, pads, joins or indexes them) and copies the others through. Touched
// dimensions are made whole first; untouched ones keep their split, so the op runs on shards.
#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {
namespace {

std::vector<bool> TouchedDims(const Instruction& inst) {
  const Shape& in = inst.operand(0)->shape();
  std::vector<bool> touched(in.rank(), false);
  const auto& a = inst.attrs();
  switch (inst.opcode()) {
    case Opcode::kSlice:
      for (int64_t d = 0; d < in.rank(); ++d) {
        const SliceDim& s = a.slice[d];
        touched[d] = s.start != 0 || s.limit != in.dim(d) || s.stride != 1;
      }
      break;
    case Opcode::kPad:
      for (int64_t d = 0; d < in.rank(); ++d) {
        const PadDim& s = a.padding[d];
        touched[d] = s.low != 0 || s.high != 0 || s.interior != 0;
      }
      break;
    case Opcode::kDynamicSlice:
      for (int64_t d = 0; d < in.rank(); ++d) touched[d] = a.dynamic_slice_sizes[d] != in.dim(d);
      break;
    case Opcode::kDynamicUpdateSlice:
      for (int64_t d = 0; d < in.rank(); ++d) {
        touched[d] = inst.operand(1)->shape().dim(d) != in.dim(d);
      }
      break;
    case Opcode::kConcatenate:
    case Opcode::kReverse:
      for (int64_t d : a.dimensions) touched[d] = true;
      break;
    default:
      std::fill(touched.begin(), touched.end(), true);
  }
  return touched;
}

// Operands that are indices or pad values (scalars) rather than data.
bool IsDataOperand(const Instruction& inst, int64_t i) {
  switch (inst.opcode()) {
    case Opcode::kPad:
    case Opcode::kDynamicSlice: return i == 0;
    case Opcode::kDynamicUpdateSlice: return i <= 1;
    default: return true;
  }
}

}  // namespace

Expected<PValue> HandleDimwise(Partitioner& p, const Instruction& inst, const Want& want) {
  const Shape& shape = inst.shape();
  const std::vector<bool> touched = TouchedDims(inst);
  ShardingSpec spec = ShardingSpec::Replicated(shape.rank());
  if (want) {
    spec = *want;
  } else {
    for (int64_t i = 0; i < inst.operand_count(); ++i) {
      if (!IsDataOperand(inst, i)) continue;
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
    if (IsDataOperand(inst, i)) {
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
