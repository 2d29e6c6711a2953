// The builder's local reshaping ops and the collectives that move data between shards without
// growing them (all-to-all, collective-permute), and the padding mask of uneven splits:
//   %limit = s32[] subtract(10, %offset)          (dimension of 10 split into shards of 3)
//   %valid = pred[3,6] compare(iota(dim 0), broadcast(%limit)), direction=LT
//   %x.masked = f32[3,6] select(%valid, %x, broadcast(0))
#include <fmt/format.h>

#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {

Instruction* SpmdBuilder::AllToAll(Instruction* x, int64_t dim,
                                   const std::vector<int64_t>& axes) {
  Instruction* r = Add(Opcode::kAllToAll, x->shape(), {x}, "all-to-all");
  r->attrs().dimensions = {dim};
  SetGroups(r, axes, false);  // all-to-all has no use_global_device_ids: partition ids
  return r;
}

Instruction* SpmdBuilder::CollectivePermute(
    Instruction* x, const std::vector<std::pair<int64_t, int64_t>>& pairs) {
  Instruction* r = Add(Opcode::kCollectivePermute, x->shape(), {x}, "collective-permute");
  r->attrs().source_target_pairs = pairs;
  r->attrs().channel_id = next_channel_++;
  return r;
}

Instruction* SpmdBuilder::SliceDim(Instruction* x, int64_t dim, int64_t size) {
  const Shape& s = x->shape();
  if (s.dim(dim) == size) return x;
  std::vector<xpar::SliceDim> slice;
  for (int64_t d = 0; d < s.rank(); ++d) slice.push_back({0, d == dim ? size : s.dim(d), 1});
  Shape out = s;
  out.mutable_dims()[dim] = size;
  Instruction* r = Add(Opcode::kSlice, out, {x}, "slice");
  r->attrs().slice = std::move(slice);
  return r;
}

Instruction* SpmdBuilder::PadDim(Instruction* x, int64_t dim, int64_t size) {
  const Shape& s = x->shape();
  if (s.dim(dim) == size) return x;
  std::vector<xpar::PadDim> padding(s.rank());
  padding[dim].high = size - s.dim(dim);
  Shape out = s;
  out.mutable_dims()[dim] = size;
  Instruction* zero = Constant(Literal(Shape::Scalar(s.type())));
  Instruction* r = Add(Opcode::kPad, out, {x, zero}, "pad");
  r->attrs().padding = std::move(padding);
  return r;
}

Instruction* SpmdBuilder::Reshape(Instruction* x, std::vector<int64_t> dims) {
  if (x->shape().dims() == dims) return x;
  return Add(Opcode::kReshape, Shape(x->shape().type(), std::move(dims)), {x}, "reshape");
}

Instruction* SpmdBuilder::Transpose(Instruction* x, const std::vector<int64_t>& perm) {
  bool identity = true;
  std::vector<int64_t> dims;
  for (size_t i = 0; i < perm.size(); ++i) {
    identity &= perm[i] == static_cast<int64_t>(i);
    dims.push_back(x->shape().dim(perm[i]));
  }
  if (identity) return x;
  Instruction* r = Add(Opcode::kTranspose, Shape(x->shape().type(), dims), {x}, "transpose");
  r->attrs().dimensions = perm;
  return r;
}

Instruction* SpmdBuilder::MaskPadding(Instruction* x, const Shape& global,
                                      const ShardingSpec& spec, const std::vector<int64_t>& dims,
                                      Instruction* fill) {
  const Shape& local = x->shape();
  const Shape pred(PrimitiveType::kPred, local.dims());
  const Shape s32(PrimitiveType::kS32, local.dims());
  Instruction* valid = nullptr;
  for (int64_t d : dims) {
    if (!IsPaddedDim(global, spec, d, mesh_)) continue;
    // Element i of this shard is real when i < size - offset.
    Instruction* offset = ShardOffset(spec.dim_axes[d], local.dim(d));
    Instruction* limit = Add(Opcode::kSubtract, Shape::Scalar(PrimitiveType::kS32),
                             {ScalarS32(global.dim(d)), offset}, "limit");
    Instruction* iota = Add(Opcode::kIota, s32, {}, "iota");
    iota->attrs().iota_dimension = d;
    Instruction* in = Add(Opcode::kCompare, pred,
                          {iota, Add(Opcode::kBroadcast, s32, {limit}, "broadcast")}, "valid");
    in->attrs().comparison_direction = ComparisonDirection::kLt;
    valid = valid ? Add(Opcode::kAnd, pred, {valid, in}, "valid") : in;
  }
  if (!valid) return x;
  Instruction* fills = Add(Opcode::kBroadcast, local, {fill}, "broadcast");
  return Add(Opcode::kSelect, local, {valid, x, fills}, fmt::format("{}.masked", x->name()));
}

}  // namespace xpar::spmd
