// convolution: general dimension numbers, any number of spatial dimensions, window stride,
// padding, lhs (base) and rhs (window) dilation, window reversal, feature and batch groups.
// Floating-point ones run on oneDNN where they fit (conv_onednn.cc), the others as im2col +
// GEMM (conv_gemm.cc); the direct loop here, which
// accumulates in f32 (f64 for f64, wrapping 64-bit for ints), runs integer ones and is the
// reference the GEMM path is tested against; with DeviceContext::xla_cpu_numerics it runs f32/f64
// ones in XLA CPU's summation order (per-feature FMA chains).
#include <cmath>
#include <type_traits>
#include <utility>

#include "runtime/interpreter/conv_internal.h"
#include "runtime/interpreter/elementwise_types.h"
#include "runtime/interpreter/index_util.h"
#include "runtime/interpreter/kernels.h"

namespace xpar {
namespace {

using Dims = std::vector<int64_t>;

Status CheckDim(int64_t d, int64_t rank, const char* what) {
  if (d < 0 || d >= rank)
    return InvalidArgument("convolution {} dimension {} out of range", what, d);
  return Status::Ok();
}

}  // namespace

Expected<ConvPlan> MakeConvPlan(const Instruction& inst, const Shape& lhs, const Shape& rhs) {
  if (!inst.attrs().conv) return InvalidArgument("convolution without dim_labels");
  ConvPlan p{*inst.attrs().conv,          inst.attrs().window, lhs.dims(),
             RowMajorStrides(lhs.dims()), rhs.dims(),          RowMajorStrides(rhs.dims()),
             inst.shape().dims()};
  const ConvDims& d = p.dims;
  const size_t ns = d.input_spatial.size();
  if (d.kernel_spatial.size() != ns || d.output_spatial.size() != ns || p.window.size() != ns ||
      lhs.rank() != static_cast<int64_t>(ns) + 2 || rhs.rank() != lhs.rank() ||
      inst.shape().rank() != lhs.rank()) {
    return InvalidArgument("convolution ranks do not match its {} spatial dimensions", ns);
  }
  RETURN_IF_ERROR(CheckDim(d.input_batch, lhs.rank(), "input batch"));
  RETURN_IF_ERROR(CheckDim(d.input_feature, lhs.rank(), "input feature"));
  RETURN_IF_ERROR(CheckDim(d.kernel_input_feature, rhs.rank(), "kernel input feature"));
  RETURN_IF_ERROR(CheckDim(d.kernel_output_feature, rhs.rank(), "kernel output feature"));
  RETURN_IF_ERROR(CheckDim(d.output_batch, lhs.rank(), "output batch"));
  RETURN_IF_ERROR(CheckDim(d.output_feature, lhs.rank(), "output feature"));
  p.in_batch = lhs.dim(d.input_batch);
  p.in_feature = lhs.dim(d.input_feature);
  p.kernel_in_feature = rhs.dim(d.kernel_input_feature);
  p.out_feature = rhs.dim(d.kernel_output_feature);
  p.feature_groups = inst.attrs().feature_group_count;
  p.batch_groups = inst.attrs().batch_group_count;
  const int64_t g = p.feature_groups, bg = p.batch_groups;
  if (g < 1 || bg < 1 || p.in_feature % g != 0 || p.in_feature / g != p.kernel_in_feature ||
      p.out_feature % g != 0 || p.in_batch % bg != 0 || p.out_feature % bg != 0 ||
      p.out_dims[d.output_batch] != p.in_batch / bg ||
      p.out_dims[d.output_feature] != p.out_feature) {
    return InvalidArgument(
        "convolution feature/batch sizes do not fit feature_group_count={} "
        "batch_group_count={}",
        g, bg);
  }
  for (size_t s = 0; s < ns; ++s) {
    RETURN_IF_ERROR(CheckDim(d.input_spatial[s], lhs.rank(), "input spatial"));
    RETURN_IF_ERROR(CheckDim(d.kernel_spatial[s], rhs.rank(), "kernel spatial"));
    RETURN_IF_ERROR(CheckDim(d.output_spatial[s], lhs.rank(), "output spatial"));
    const WindowDim& w = p.window[s];
    int64_t in = lhs.dim(d.input_spatial[s]);
    if (w.size != rhs.dim(d.kernel_spatial[s]) || w.stride < 1 || w.lhs_dilation < 1 ||
        w.rhs_dilation < 1) {
      return InvalidArgument("convolution window does not match kernel spatial dimension {}", s);
    }
    int64_t padded = (in > 0 ? (in - 1) * w.lhs_dilation + 1 : 0) + w.pad_low + w.pad_high;
    int64_t span = (w.size - 1) * w.rhs_dilation + 1;
    int64_t expect = padded < span ? 0 : (padded - span) / w.stride + 1;
    if (expect != p.out_dims[d.output_spatial[s]]) {
      return InvalidArgument("convolution output spatial dimension {} should be {}", s, expect);
    }
  }
  return p;
}

namespace {

// The window offsets (lhs, rhs) of output element `o` that land on an input element, for
// input feature 0, in window order.
void WindowTaps(const ConvPlan& p, std::span<const int64_t> o, const Dims& kernel_sizes,
                std::vector<std::pair<int64_t, int64_t>>& taps) {
  const ConvDims& d = p.dims;
  const int64_t of = o[d.output_feature];
  const int64_t batch = (of / (p.out_feature / p.batch_groups)) * (p.in_batch / p.batch_groups) +
                        o[d.output_batch];
  const int64_t first_feature = (of / (p.out_feature / p.feature_groups)) * p.kernel_in_feature;
  taps.clear();
  ForEachIndex(kernel_sizes, [&](std::span<const int64_t> k) {
    int64_t l = batch * p.lhs_strides[d.input_batch] +
                first_feature * p.lhs_strides[d.input_feature];
    int64_t r = of * p.rhs_strides[d.kernel_output_feature];
    for (size_t s = 0; s < kernel_sizes.size(); ++s) {
      const WindowDim& w = p.window[s];
      int64_t pos = o[d.output_spatial[s]] * w.stride + k[s] * w.rhs_dilation - w.pad_low;
      if (pos < 0 || pos % w.lhs_dilation != 0) return;
      int64_t ip = pos / w.lhs_dilation;
      if (ip >= p.lhs_dims[d.input_spatial[s]]) return;
      l += ip * p.lhs_strides[d.input_spatial[s]];
      r += (w.reversal ? w.size - 1 - k[s] : k[s]) * p.rhs_strides[d.kernel_spatial[s]];
    }
    taps.emplace_back(l, r);
  });
}

using Taps = std::vector<std::pair<int64_t, int64_t>>;

// StableHLO's order: window taps outer, input features inner, each product rounded into the
// accumulator.
template <typename A>
A TapMajorSum(const Taps& taps, const A* lhs, const A* rhs, int64_t features, int64_t lhs_stride,
              int64_t rhs_stride) {
  A acc = A(0);
  for (const auto& [l, r] : taps) {
    for (int64_t c = 0; c < features; ++c) acc += lhs[l + c * lhs_stride] * rhs[r + c * rhs_stride];
  }
  return acc;
}

// XLA CPU's order (DeviceContext::xla_cpu_numerics): per input feature, an FMA chain over the
// window taps; then the features' partial sums added in feature order. It reproduces every
// element of JAX's conv_general_dilated reference values (XLA CPU), where the tap-major order
// with rounded products is up to 10 ULPs away after cancellation.
template <typename A>
A PerFeatureFmaSum(const Taps& taps, const A* lhs, const A* rhs, int64_t features,
                   int64_t lhs_stride, int64_t rhs_stride) {
  A total = A(0);
  for (int64_t c = 0; c < features; ++c) {
    A acc = A(0);
    for (const auto& [l, r] : taps) {
      acc = std::fma(lhs[l + c * lhs_stride], rhs[r + c * rhs_stride], acc);
    }
    total = c == 0 ? acc : total + acc;
  }
  return total;
}

template <typename A>
void ConvLoop(const ConvPlan& p, const std::vector<A>& lhs, const std::vector<A>& rhs, A* out,
              bool xla_cpu_order) {
  const ConvDims& d = p.dims;
  Dims kernel_sizes(d.input_spatial.size());
  for (size_t s = 0; s < kernel_sizes.size(); ++s) kernel_sizes[s] = p.window[s].size;
  const int64_t ls = p.lhs_strides[d.input_feature], rs = p.rhs_strides[d.kernel_input_feature];
  Taps taps;
  int64_t linear = 0;
  ForEachIndex(p.out_dims, [&](std::span<const int64_t> o) {
    WindowTaps(p, o, kernel_sizes, taps);
    if constexpr (std::is_floating_point_v<A>) {
      if (xla_cpu_order) {
        out[linear++] = PerFeatureFmaSum(taps, lhs.data(), rhs.data(), p.kernel_in_feature, ls, rs);
        return;
      }
    }
    out[linear++] = TapMajorSum(taps, lhs.data(), rhs.data(), p.kernel_in_feature, ls, rs);
  });
}

template <typename A>
Literal RunConv(const Instruction& inst, const ConvPlan& p, const Literal& lhs,
                const Literal& rhs, bool xla_cpu_order = false) {
  std::vector<A> a = ToVector<A>(lhs), b = ToVector<A>(rhs);
  std::vector<A> result(static_cast<size_t>(inst.shape().ElementCount()), A(0));
  ConvLoop<A>(p, a, b, result.data(), xla_cpu_order);
  Literal out(inst.shape());
  FromVector(result, out);
  return out;
}

Expected<ConvPlan> CheckedPlan(const Instruction& inst, Operands ops) {
  if (ops.size() != 2 || !ops[0]->shape().IsArray() || !ops[1]->shape().IsArray() ||
      !inst.shape().IsArray()) {
    return InvalidArgument("convolution takes two arrays");
  }
  return MakeConvPlan(inst, ops[0]->shape(), ops[1]->shape());
}

}  // namespace

Literal ConvolutionReference(const Instruction& inst, const ConvPlan& plan, const Literal& lhs,
                             const Literal& rhs) {
  bool any_f64 = false, any_float = false;
  for (PrimitiveType t : {lhs.type(), rhs.type(), inst.shape().type()}) {
    any_f64 = any_f64 || t == PrimitiveType::kF64;
    any_float = any_float || IsFloating(t);
  }
  if (any_f64) return RunConv<double>(inst, plan, lhs, rhs);
  if (any_float) return RunConv<float>(inst, plan, lhs, rhs);
  return RunConv<uint64_t>(inst, plan, lhs, rhs);
}

Expected<Literal> EvalConvolutionReference(const Instruction& inst, Operands ops) {
  ASSIGN_OR_RETURN(ConvPlan plan, CheckedPlan(inst, ops));
  return ConvolutionReference(inst, plan, *ops[0], *ops[1]);
}

Expected<Literal> EvalConvolution(const Instruction& inst, Operands ops, EvalContext& ctx) {
  ASSIGN_OR_RETURN(ConvPlan plan, CheckedPlan(inst, ops));
  const PrimitiveType t = inst.shape().type();
  if (ctx.device().xla_cpu_numerics && ops[0]->type() == t && ops[1]->type() == t) {
    if (t == PrimitiveType::kF32) return RunConv<float>(inst, plan, *ops[0], *ops[1], true);
    if (t == PrimitiveType::kF64) return RunConv<double>(inst, plan, *ops[0], *ops[1], true);
  }
  ASSIGN_OR_RETURN(std::optional<Literal> fast, OnednnConvolution(inst, plan, *ops[0], *ops[1]));
  if (fast) return std::move(*fast);
  for (PrimitiveType t : {ops[0]->type(), ops[1]->type(), inst.shape().type()}) {
    if (IsFloating(t)) return ConvolutionGemm(inst, plan, *ops[0], *ops[1]);
  }
  return ConvolutionReference(inst, plan, *ops[0], *ops[1]);
}

}  // namespace xpar
