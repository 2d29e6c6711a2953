// Broadcast, transpose, reshape and iota: ops that move whole dimensions around. Splits follow
// their dimension (a broadcast's new dimensions take the annotation's axes, built locally at the
// shard's size); a reshape keeps a split when the dimension starts a block of the output that
// divides evenly, and makes that dimension whole otherwise. Pending partial sums pass through
// (all four except iota are linear).
#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {

Expected<PValue> HandleBroadcast(Partitioner& p, const Instruction& inst, const Want& want) {
  const Instruction* operand = inst.operand(0);
  const auto& map = inst.attrs().dimensions;
  const Shape& shape = inst.shape();
  PValue v = p.Get(operand);
  ShardingSpec out = ShardingSpec::Replicated(shape.rank());
  ShardingSpec in = v.spec;
  if (want) {
    out = *want;
    for (size_t i = 0; i < map.size(); ++i) in.dim_axes[i] = want->dim_axes[map[i]];
    in.partial_axes.clear();
  } else {
    for (size_t i = 0; i < map.size(); ++i) out.dim_axes[map[i]] = in.dim_axes[i];
    out.partial_axes = in.partial_axes;
  }
  ASSIGN_OR_RETURN(Instruction * x, p.Reshard(v, in, operand->shape()));
  Instruction* local = p.b().CloneWith(inst, LocalShape(shape, out, p.mesh()), {x});
  return PValue{local, out, {}};
}

Expected<PValue> HandleTranspose(Partitioner& p, const Instruction& inst, const Want& want) {
  const Instruction* operand = inst.operand(0);
  const auto& perm = inst.attrs().dimensions;  // out dim i is operand dim perm[i]
  PValue v = p.Get(operand);
  ShardingSpec in = v.spec;
  ShardingSpec out = ShardingSpec::Replicated(inst.shape().rank());
  if (want) {
    out = *want;
    for (size_t i = 0; i < perm.size(); ++i) in.dim_axes[perm[i]] = want->dim_axes[i];
    in.partial_axes.clear();
  } else {
    for (size_t i = 0; i < perm.size(); ++i) out.dim_axes[i] = in.dim_axes[perm[i]];
    out.partial_axes = in.partial_axes;
  }
  ASSIGN_OR_RETURN(Instruction * x, p.Reshard(v, in, operand->shape()));
  Instruction* local = p.b().CloneWith(inst, LocalShape(inst.shape(), out, p.mesh()), {x});
  return PValue{local, out, {}};
}

Expected<PValue> HandleReshape(Partitioner& p, const Instruction& inst, const Want& want) {
  const Instruction* operand = inst.operand(0);
  const Shape& in_shape = operand->shape();
  const Shape& out_shape = inst.shape();
  if (!in_shape.IsArray() || !out_shape.IsArray()) return HandleReplicated(p, inst, want);
  PValue v = p.Get(operand);
  ShardingSpec in = v.spec;
  ShardingSpec out = ShardingSpec::Replicated(out_shape.rank());
  out.partial_axes = in.partial_axes;
  // A split input dim d stays split when some output dim e starts at the same flat position
  // (equal products of the dims before) and divides into as many blocks: then both splits cut
  // the same contiguous ranges of every block of the dims before. An unevenly split dim stays
  // split only onto an output dim of its own size (the padded shards then match); otherwise it
  // is made whole first (the fallback for uneven reshapes).
  int64_t in_prefix = 1;
  for (int64_t d = 0; d < in_shape.rank(); in_prefix *= in_shape.dim(d), ++d) {
    if (in.dim_axes[d].empty()) continue;
    const int64_t k = AxesSize(in.dim_axes[d], p.mesh());
    const bool padded = IsPaddedDim(in_shape, in, d, p.mesh());
    bool kept = false;
    int64_t out_prefix = 1;
    for (int64_t e = 0; e < out_shape.rank() && out_prefix <= in_prefix;
         out_prefix *= out_shape.dim(e), ++e) {
      const bool fits = padded ? out_shape.dim(e) == in_shape.dim(d)
                               : out_shape.dim(e) % k == 0 && out_shape.dim(e) >= k;
      if (out_prefix == in_prefix && fits && out.dim_axes[e].empty()) {
        out.dim_axes[e] = in.dim_axes[d];
        kept = true;
        break;
      }
    }
    if (!kept) in.dim_axes[d].clear();
  }
  ASSIGN_OR_RETURN(Instruction * x, p.Reshard(v, in, in_shape));
  Instruction* local = p.b().CloneWith(inst, LocalShape(out_shape, out, p.mesh()), {x});
  return PValue{local, out, {}};
}

Expected<PValue> HandleIota(Partitioner& p, const Instruction& inst, const Want& want) {
  const Shape& shape = inst.shape();
  ShardingSpec spec = want ? *want : ShardingSpec::Replicated(shape.rank());
  Shape local_shape = LocalShape(shape, spec, p.mesh());
  Instruction* local = p.b().CloneWith(inst, local_shape, {});
  const int64_t dim = inst.attrs().iota_dimension;
  const auto& axes = spec.dim_axes[dim];
  if (axes.empty()) return PValue{local, spec, {}};
  // The shard along the iota dimension starts at its offset: add it.
  SpmdBuilder& b = p.b();
  Instruction* offset = b.ShardOffset(axes, local_shape.dim(dim));
  Instruction* converted =
      b.Add(Opcode::kConvert, Shape::Scalar(shape.type()), {offset}, "convert");
  Instruction* broadcast = b.Add(Opcode::kBroadcast, local_shape, {converted}, "broadcast");
  Instruction* sum = b.Add(Opcode::kAdd, local_shape, {local, broadcast}, "add");
  return PValue{sum, spec, {}};
}

}  // namespace xpar::spmd
