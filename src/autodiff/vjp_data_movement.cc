// VJP rules of the ops that move data without arithmetic: each adjoint is the transposed
// movement (broadcast -> reduce, slice -> pad, pad -> slice, concatenate -> slices,
// dynamic-slice -> dynamic-update-slice into zeros, ...).
#include <algorithm>
#include <numeric>

#include "autodiff/vjp.h"

namespace xpar::autodiff {

// reshape, bitcast, copy, domain, add-dependency: the same values in the operand's shape.
Status VjpReshape(VjpContext& ctx) {
  const Shape& want = ctx.operand(0)->shape();
  if (!want.IsArray() || want.type() != ctx.inst->shape().type() ||
      want.ElementCount() != ctx.inst->shape().ElementCount()) {
    return ctx.Error("the result of '" + std::string(HloOpcodeName(ctx.inst->opcode())) +
                     "' does not hold its operand's elements; no gradient rule");
  }
  return ctx.AddGrad(0, ctx.b.Reshape(ctx.grad(), want.dims()));
}

// Sums over the result dims the broadcast added (and over operand dims of size 1 it expanded,
// StableHLO's broadcast_in_dim), then restores the operand's dim order and size-1 dims.
Status VjpBroadcast(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Shape& in = ctx.operand(0)->shape();
  const Shape& out = ctx.inst->shape();
  const Dims& map = ctx.inst->attrs().dimensions;
  std::vector<bool> kept_result(out.rank(), false);
  std::vector<int64_t> kept;  // operand dims that keep their size, in operand order
  for (int64_t i = 0; i < in.rank(); ++i) {
    if (in.dim(i) == out.dim(map[i])) {
      kept_result[map[i]] = true;
      kept.push_back(i);
    }
  }
  Dims reduce_dims;
  for (int64_t d = 0; d < out.rank(); ++d) {
    if (!kept_result[d]) reduce_dims.push_back(d);
  }
  Instruction* sum = b.ReduceSum(ctx.grad(), reduce_dims);
  // sum's dims are the kept operand dims ordered by their result dim.
  std::vector<int64_t> by_result = kept;
  std::sort(by_result.begin(), by_result.end(),
            [&](int64_t a, int64_t c) { return map[a] < map[c]; });
  Dims perm;
  for (int64_t i : kept) {
    perm.push_back(std::find(by_result.begin(), by_result.end(), i) - by_result.begin());
  }
  return ctx.AddGrad(0, b.Reshape(b.Transpose(sum, perm), in.dims()));
}

Status VjpTranspose(VjpContext& ctx) {
  const Dims& perm = ctx.inst->attrs().dimensions;
  Dims inverse(perm.size());
  for (size_t i = 0; i < perm.size(); ++i) inverse[perm[i]] = static_cast<int64_t>(i);
  return ctx.AddGrad(0, ctx.b.Transpose(ctx.grad(), inverse));
}

// The adjoint lands where the slice read: zeros padded around (and between, for strides) g.
Status VjpSlice(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Shape& in = ctx.operand(0)->shape();
  if (ctx.inst->shape().ElementCount() == 0) return Status::Ok();
  std::vector<PadDim> pads;
  for (int64_t d = 0; d < in.rank(); ++d) {
    const SliceDim& s = ctx.inst->attrs().slice[d];
    int64_t n = ctx.inst->shape().dim(d);
    int64_t last = s.start + (n - 1) * s.stride;
    pads.push_back(PadDim{s.start, in.dim(d) - last - 1, s.stride - 1});
  }
  PrimitiveType t = ctx.grad()->shape().type();
  return ctx.AddGrad(0, b.Pad(ctx.grad(), b.Scalar(t, 0.0), std::move(pads)));
}

// pad(x, v): x's adjoint is g with the edge padding removed (a negative pad, which also puts
// zeros where a negative pad cropped x) and then every (interior+1)-th element; v gets the rest.
Status VjpPad(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  Instruction* g = ctx.grad();
  PrimitiveType t = g->shape().type();
  std::vector<PadDim> unpad;
  std::vector<SliceDim> every;
  for (const PadDim& p : ctx.inst->attrs().padding) unpad.push_back(PadDim{-p.low, -p.high, 0});
  Instruction* unpadded = b.Pad(g, b.Scalar(t, 0.0), std::move(unpad));
  for (size_t d = 0; d < ctx.inst->attrs().padding.size(); ++d) {
    every.push_back(SliceDim{0, unpadded->shape().dim(static_cast<int64_t>(d)),
                             ctx.inst->attrs().padding[d].interior + 1});
  }
  Instruction* dx = b.Slice(unpadded, std::move(every));
  RETURN_IF_ERROR(ctx.AddGrad(0, dx));
  if (!ctx.active(1)) return Status::Ok();
  Dims all_g(g->shape().rank()), all_x(dx->shape().rank());
  std::iota(all_g.begin(), all_g.end(), 0);
  std::iota(all_x.begin(), all_x.end(), 0);
  return ctx.AddGrad(1, b.Sub(b.ReduceSum(g, all_g), b.ReduceSum(dx, all_x)));
}

Status VjpConcatenate(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  int64_t dim = ctx.inst->attrs().dimensions.at(0);
  const Shape& out = ctx.inst->shape();
  int64_t offset = 0;
  for (int64_t i = 0; i < ctx.inst->operand_count(); ++i) {
    int64_t size = ctx.operand(i)->shape().dim(dim);
    if (ctx.active(i) && size > 0) {
      std::vector<SliceDim> slice;
      for (int64_t d = 0; d < out.rank(); ++d) {
        slice.push_back(d == dim ? SliceDim{offset, offset + size, 1} : SliceDim{0, out.dim(d), 1});
      }
      RETURN_IF_ERROR(ctx.AddGrad(i, b.Slice(ctx.grad(), std::move(slice))));
    }
    offset += size;
  }
  return Status::Ok();
}

Status VjpReverse(VjpContext& ctx) {
  return ctx.AddGrad(0, ctx.b.Reverse(ctx.grad(), ctx.inst->attrs().dimensions));
}

// dynamic-slice(x, i...): g written into zeros at the (clamped) start the slice read from.
Status VjpDynamicSlice(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  std::vector<Instruction*> ops = {b.ZerosLike(ctx.operand(0)), ctx.grad()};
  for (int64_t i = 1; i < ctx.inst->operand_count(); ++i) ops.push_back(ctx.operand(i));
  return ctx.AddGrad(0, b.Op(Opcode::kDynamicUpdateSlice, std::move(ops)));
}

// dynamic-update-slice(x, u, i...): x gets g with the updated window zeroed; u gets that window.
Status VjpDynamicUpdateSlice(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  std::vector<Instruction*> starts;
  for (int64_t i = 2; i < ctx.inst->operand_count(); ++i) starts.push_back(ctx.operand(i));
  if (ctx.active(0)) {
    std::vector<Instruction*> ops = {ctx.grad(), b.ZerosLike(ctx.operand(1))};
    ops.insert(ops.end(), starts.begin(), starts.end());
    RETURN_IF_ERROR(ctx.AddGrad(0, b.Op(Opcode::kDynamicUpdateSlice, std::move(ops))));
  }
  if (ctx.active(1)) {
    std::vector<Instruction*> ops = {ctx.grad()};
    ops.insert(ops.end(), starts.begin(), starts.end());
    InstructionAttrs attrs;
    attrs.dynamic_slice_sizes = ctx.operand(1)->shape().dims();
    RETURN_IF_ERROR(ctx.AddGrad(1, b.Op(Opcode::kDynamicSlice, std::move(ops), std::move(attrs))));
  }
  return Status::Ok();
}

}  // namespace xpar::autodiff
