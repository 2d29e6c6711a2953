// Forward convolutions on oneDNN's convolution primitive (onednn.h): any dimension numbering
// (operands described by strides), 1-3 spatial dimensions, stride, padding >= 0, rhs dilation
// and feature groups; bf16, f16 and f32. Transposed-style ones (lhs dilation), window reversal,
// batch groups, negative padding and f32 depthwise ones stay on conv_gemm.cc's paths.
#include <optional>

#include "runtime/interpreter/conv_internal.h"
#include "runtime/interpreter/index_util.h"
#include "runtime/interpreter/onednn.h"

namespace xpar {
namespace {

bool WindowFits(const ConvPlan& p) {
  const size_t ns = p.window.size();
  if (ns < 1 || ns > static_cast<size_t>(onednn::kMaxConvSpatial) || p.batch_groups != 1) {
    return false;
  }
  for (const WindowDim& w : p.window) {
    if (w.lhs_dilation != 1 || w.reversal || w.pad_low < 0 || w.pad_high < 0) return false;
  }
  for (int64_t d : p.out_dims) {
    if (d == 0) return false;
  }
  for (int64_t d : p.lhs_dims) {
    if (d == 0) return false;
  }
  return true;
}

// The plan as oneDNN's logical [N, C, spatial] / [G, OC, IC, spatial] operands with strides.
onednn::ConvDesc Describe(const ConvPlan& p, PrimitiveType src_type, PrimitiveType dst_type) {
  const ConvDims& d = p.dims;
  const std::vector<int64_t> out_strides = RowMajorStrides(p.out_dims);
  onednn::ConvDesc c;
  c.spatial = static_cast<int>(p.window.size());
  c.n = p.in_batch, c.groups = p.feature_groups;
  c.ic = p.kernel_in_feature, c.oc = p.out_feature / p.feature_groups;
  const int64_t o_stride = p.rhs_strides[d.kernel_output_feature];
  c.src_strides = {p.lhs_strides[d.input_batch], p.lhs_strides[d.input_feature]};
  c.weight_strides = {c.oc * o_stride, o_stride, p.rhs_strides[d.kernel_input_feature]};
  c.dst_strides = {out_strides[d.output_batch], out_strides[d.output_feature]};
  for (int s = 0; s < c.spatial; ++s) {
    const WindowDim& w = p.window[s];
    c.in[s] = p.lhs_dims[d.input_spatial[s]];
    c.kernel[s] = w.size, c.out[s] = p.out_dims[d.output_spatial[s]];
    c.stride[s] = w.stride, c.pad_lo[s] = w.pad_low, c.pad_hi[s] = w.pad_high;
    c.dilation[s] = w.rhs_dilation;
    c.src_strides.push_back(p.lhs_strides[d.input_spatial[s]]);
    c.weight_strides.push_back(p.rhs_strides[d.kernel_spatial[s]]);
    c.dst_strides.push_back(out_strides[d.output_spatial[s]]);
  }
  c.src_type = src_type, c.dst_type = dst_type;
  return c;
}

}  // namespace

Expected<std::optional<Literal>> OnednnConvolution(const Instruction& inst, const ConvPlan& plan,
                                                   const Literal& lhs, const Literal& rhs) {
  const PrimitiveType t = lhs.type(), out_t = inst.shape().type();
  // f32 too (oneDNN's direct kernels beat im2col + OpenBLAS sgemm, bench/REPORT.md), except
  // depthwise, whose own loop (conv_gemm.cc) is as fast and bit-identical to the reference.
  const bool half = t == PrimitiveType::kBF16 || t == PrimitiveType::kF16;
  const bool depthwise = plan.kernel_in_feature == 1 && plan.feature_groups > 1;
  if ((!half && (t != PrimitiveType::kF32 || depthwise)) || rhs.type() != t ||
      (out_t != t && out_t != PrimitiveType::kF32) || !WindowFits(plan)) {
    return std::optional<Literal>();
  }
  Literal out = Literal::Uninitialized(inst.shape());
  onednn::ConvDesc desc = Describe(plan, t, out_t);
  // Constant weights (and parameters, for callers that run one program on the same arguments
  // again and again) keep their reorder into oneDNN's layout between calls.
  const Opcode w_op = inst.operand(1)->opcode();
  if (w_op == Opcode::kConstant ||
      (w_op == Opcode::kParameter && onednn::CacheParameterWeights())) {
    desc.weights_owner = &rhs;
  }
  ASSIGN_OR_RETURN(bool done, onednn::Convolution(desc, lhs.raw(), rhs.raw(), out.raw()));
  if (!done) return std::optional<Literal>();
  return std::optional<Literal>(std::move(out));
}

}  // namespace xpar
