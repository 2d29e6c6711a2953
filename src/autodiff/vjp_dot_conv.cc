// VJP rules of dot and convolution. dot: each operand's adjoint is a dot of g with the other
// operand over the other's free dims, transposed back into the operand's dim order.
// convolution: the input adjoint is a convolution of g with the reversed kernel, the kernel
// adjoint a convolution of the input with g (the formulas of JAX's lax.conv_general_dilated
// transpose rules, written on HLO's dimension numbers).
#include <algorithm>

#include "autodiff/vjp.h"

namespace xpar::autodiff {
namespace {

Dims FreeDims(int64_t rank, const Dims& batch, const Dims& contracting) {
  Dims free;
  for (int64_t d = 0; d < rank; ++d) {
    if (std::find(batch.begin(), batch.end(), d) == batch.end() &&
        std::find(contracting.begin(), contracting.end(), d) == contracting.end()) {
      free.push_back(d);
    }
  }
  return free;
}

int64_t RankIn(const Dims& values, int64_t v) {
  Dims sorted = values;
  std::sort(sorted.begin(), sorted.end());
  return std::find(sorted.begin(), sorted.end(), v) - sorted.begin();
}

bool IsIdentity(const Dims& perm) {
  for (size_t i = 0; i < perm.size(); ++i) {
    if (perm[i] != static_cast<int64_t>(i)) return false;
  }
  return true;
}

// The adjoint of one dot operand ("self"), given the other operand: a dot of g and the other
// operand contracting g's dims of the other's free dims, transposed into self's dim order. Of
// dot(g, other) and dot(other, g), the one that needs no transpose is taken when there is one
// (e.g. dW = dot(x, g) for x.W).
Instruction* DotOperandGrad(AdBuilder& b, Instruction* g, Instruction* self, Instruction* other,
                            const Dims& self_batch, const Dims& self_contracting,
                            const Dims& other_batch, const Dims& other_contracting,
                            int64_t g_other_free_offset) {
  int64_t nb = static_cast<int64_t>(self_batch.size());
  int64_t nc = static_cast<int64_t>(self_contracting.size());
  Dims self_free = FreeDims(self->shape().rank(), self_batch, self_contracting);
  Dims other_free = FreeDims(other->shape().rank(), other_batch, other_contracting);
  int64_t nsf = static_cast<int64_t>(self_free.size());
  Dims g_batch, g_contracting;
  for (int64_t k = 0; k < nb; ++k) g_batch.push_back(k);
  for (size_t j = 0; j < other_free.size(); ++j) {
    g_contracting.push_back(g_other_free_offset + static_cast<int64_t>(j));
  }
  // dot(g, other): batch, self's free dims, then other's contracting dims in increasing order.
  Dims g_first(self->shape().rank()), other_first(self->shape().rank());
  for (int64_t k = 0; k < nb; ++k) g_first[self_batch[k]] = other_first[self_batch[k]] = k;
  for (int64_t j = 0; j < nsf; ++j) g_first[self_free[j]] = nb + j;
  for (int64_t k = 0; k < nc; ++k) {
    g_first[self_contracting[k]] = nb + nsf + RankIn(other_contracting, other_contracting[k]);
  }
  // dot(other, g): batch, other's contracting dims in increasing order, then self's free dims.
  for (int64_t k = 0; k < nc; ++k) {
    other_first[self_contracting[k]] = nb + RankIn(other_contracting, other_contracting[k]);
  }
  for (int64_t j = 0; j < nsf; ++j) other_first[self_free[j]] = nb + nc + j;
  Instruction* gc = b.Convert(g, other->shape().type());
  InstructionAttrs attrs;
  Instruction* d = nullptr;
  Dims perm;
  if (IsIdentity(other_first) && !IsIdentity(g_first)) {
    attrs.dot = DotDims{other_batch, other_free, g_batch, g_contracting};
    d = b.Op(Opcode::kDot, {other, gc}, std::move(attrs));
    perm = other_first;
  } else {
    attrs.dot = DotDims{g_batch, g_contracting, other_batch, other_free};
    d = b.Op(Opcode::kDot, {gc, other}, std::move(attrs));
    perm = g_first;
  }
  return b.Convert(b.Transpose(d, perm), self->shape().type());
}

}  // namespace

Status VjpDot(VjpContext& ctx) {
  const DotDims& dd = *ctx.inst->attrs().dot;
  Instruction *lhs = ctx.operand(0), *rhs = ctx.operand(1), *g = ctx.grad();
  int64_t nb = static_cast<int64_t>(dd.lhs_batch.size());
  int64_t nlf = static_cast<int64_t>(
      FreeDims(lhs->shape().rank(), dd.lhs_batch, dd.lhs_contracting).size());
  if (ctx.active(0)) {
    RETURN_IF_ERROR(ctx.AddGrad(0, DotOperandGrad(ctx.b, g, lhs, rhs, dd.lhs_batch,
                                                  dd.lhs_contracting, dd.rhs_batch,
                                                  dd.rhs_contracting, nb + nlf)));
  }
  if (ctx.active(1)) {
    RETURN_IF_ERROR(ctx.AddGrad(1, DotOperandGrad(ctx.b, g, rhs, lhs, dd.rhs_batch,
                                                  dd.rhs_contracting, dd.lhs_batch,
                                                  dd.lhs_contracting, nb)));
  }
  return Status::Ok();
}

namespace {

int64_t Dilate(int64_t size, int64_t dilation) {
  return size == 0 ? 0 : 1 + dilation * (size - 1);
}

// Splits dim `src` into (size1, rest) (JAX's _reshape_axis_out_of).
Instruction* AxisOutOf(AdBuilder& b, int64_t src, int64_t size1, Instruction* x) {
  Dims dims = x->shape().dims();
  int64_t rest = dims[src] / size1;
  dims[src] = rest;
  dims.insert(dims.begin() + src, size1);
  return b.Reshape(x, dims);
}

// Merges dim `src` into dim `dst` (numbered without src) as its major part
// (JAX's _reshape_axis_into).
Instruction* AxisInto(AdBuilder& b, int64_t src, int64_t dst, Instruction* x) {
  Dims perm;
  for (int64_t i = 0; i < x->shape().rank(); ++i) {
    if (i != src) perm.push_back(i);
  }
  perm.insert(perm.begin() + dst, src);
  Dims dims = x->shape().dims();
  int64_t size = dims[src];
  dims.erase(dims.begin() + src);
  dims[dst] *= size;
  return b.Reshape(b.Transpose(x, perm), dims);
}

Instruction* Conv(AdBuilder& b, Instruction* lhs, Instruction* rhs, ConvDims dims,
                  std::vector<WindowDim> window, int64_t feature_groups, int64_t batch_groups) {
  InstructionAttrs attrs;
  attrs.conv = std::move(dims);
  attrs.window = std::move(window);
  attrs.feature_group_count = feature_groups;
  attrs.batch_group_count = batch_groups;
  return b.Op(Opcode::kConvolution, {lhs, rhs}, std::move(attrs));
}

// `kernel`: the kernel with any window reversal applied (the convolution then has none).
Instruction* ConvInputGrad(VjpContext& ctx, Instruction* kernel) {
  AdBuilder& b = ctx.b;
  const Instruction& c = *ctx.inst;
  const ConvDims& cd = *c.attrs().conv;
  Instruction* rhs = b.Convert(kernel, ctx.grad()->shape().type());
  int64_t groups = c.attrs().feature_group_count, batch_groups = c.attrs().batch_group_count;
  if (groups > 1 || batch_groups > 1) {
    rhs = AxisOutOf(b, cd.kernel_output_feature, std::max(groups, batch_groups), rhs);
    rhs = AxisInto(b, cd.kernel_output_feature, cd.kernel_input_feature, rhs);
  }
  ConvDims t{cd.output_batch, cd.output_feature, cd.output_spatial,
             cd.kernel_output_feature, cd.kernel_input_feature, cd.kernel_spatial,
             cd.input_batch, cd.input_feature, cd.input_spatial};
  std::vector<WindowDim> window;
  for (size_t i = 0; i < c.attrs().window.size(); ++i) {
    const WindowDim& w = c.attrs().window[i];
    int64_t in_d = Dilate(ctx.operand(0)->shape().dim(cd.input_spatial[i]), w.lhs_dilation);
    int64_t k_d = Dilate(w.size, w.rhs_dilation);
    int64_t out_d = Dilate(c.shape().dim(cd.output_spatial[i]), w.stride);
    int64_t before = k_d - w.pad_low - 1;
    int64_t after = in_d + k_d - 1 - out_d - before;
    window.push_back(WindowDim{w.size, w.lhs_dilation, before, after, w.stride, w.rhs_dilation,
                               false});
  }
  Instruction* reversed = b.Reverse(rhs, cd.kernel_spatial);
  Instruction* out = Conv(b, ctx.grad(), reversed, t, std::move(window),
                          std::max(groups, batch_groups), 1);
  if (batch_groups > 1) {
    out = AxisOutOf(b, cd.input_feature, batch_groups, out);
    out = AxisInto(b, cd.input_feature, cd.input_batch, out);
  }
  return b.Convert(out, ctx.operand(0)->shape().type());
}

Instruction* ConvKernelGrad(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Instruction& c = *ctx.inst;
  const ConvDims& cd = *c.attrs().conv;
  Instruction* lhs = b.Convert(ctx.operand(0), ctx.grad()->shape().type());
  int64_t groups = c.attrs().feature_group_count, batch_groups = c.attrs().batch_group_count;
  ConvDims t{cd.input_feature, cd.input_batch, cd.input_spatial,
             cd.output_batch, cd.output_feature, cd.output_spatial,
             cd.kernel_input_feature, cd.kernel_output_feature, cd.kernel_spatial};
  std::vector<WindowDim> window;
  for (size_t i = 0; i < c.attrs().window.size(); ++i) {
    const WindowDim& w = c.attrs().window[i];
    int64_t in_d = Dilate(lhs->shape().dim(cd.input_spatial[i]), w.lhs_dilation);
    int64_t k_d = Dilate(w.size, w.rhs_dilation);
    int64_t out_size = c.shape().dim(cd.output_spatial[i]);
    int64_t out_d = Dilate(out_size, w.stride);
    int64_t high = (out_d - in_d) + (k_d - w.pad_low - 1);
    window.push_back(WindowDim{out_size, w.rhs_dilation, w.pad_low, high, w.lhs_dilation,
                               w.stride, false});
  }
  Instruction* out = Conv(b, lhs, ctx.grad(), t, std::move(window),
                          batch_groups > 1 ? batch_groups : 1, groups > 1 ? groups : 1);
  return b.Convert(out, ctx.operand(1)->shape().type());
}

}  // namespace

// Window reversal (rhs_reversal=1, how transposed convolutions are lowered) is a convolution
// with the kernel reversed along those dims: the rules run on that kernel, and the kernel's
// adjoint is reversed back.
Status VjpConvolution(VjpContext& ctx) {
  const Instruction& c = *ctx.inst;
  if (c.attrs().feature_group_count > 1 && c.attrs().batch_group_count > 1) {
    return ctx.Error("no gradient rule for a convolution with both feature and batch groups");
  }
  Dims reversed;
  for (size_t i = 0; i < c.attrs().window.size(); ++i) {
    if (c.attrs().window[i].reversal) reversed.push_back(c.attrs().conv->kernel_spatial[i]);
  }
  if (ctx.active(0)) {
    Instruction* kernel = ctx.b.Reverse(ctx.operand(1), reversed);
    RETURN_IF_ERROR(ctx.AddGrad(0, ConvInputGrad(ctx, kernel)));
  }
  if (ctx.active(1)) {
    RETURN_IF_ERROR(ctx.AddGrad(1, ctx.b.Reverse(ConvKernelGrad(ctx), reversed)));
  }
  return Status::Ok();
}

}  // namespace xpar::autodiff
