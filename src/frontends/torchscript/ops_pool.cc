// Pooling and resizing of vision models: max_pool1d/2d/3d, avg_pool1d/2d/3d (PyTorch's divisor
// rules), adaptive_avg_pool (any output size) and adaptive_max_pool (exact division), as
// reduce-windows; upsample_nearest1d/2d/3d (a gather per dimension) and upsample_bilinear2d (a
// product with a constant interpolation matrix per dimension).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "frontends/torchscript/lowering.h"

namespace xpar::ts {
namespace {

struct Pool {
  std::vector<int64_t> kernel, stride, padding, dilation, out;
  bool ceil_mode = false;
};

Expected<std::vector<int64_t>> PerDim(Lowering& L, const Node& n, size_t i, size_t ns,
                                      int64_t fallback) {
  std::vector<int64_t> v;
  if (!L.IsNone(n, i)) {
    ASSIGN_OR_RETURN(v, L.Ints(n, i));
  }
  if (v.empty()) v.assign(ns, fallback);
  if (v.size() == 1) v.assign(ns, v[0]);
  if (v.size() != ns) return L.Error(n, fmt::format("argument {} needs {} values", i, ns));
  return v;
}

// PyTorch's pooling_output_shape: floor or ceil, and no window may start in the high padding.
int64_t PooledSize(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d, bool ceil_mode) {
  int64_t span = in + 2 * p - d * (k - 1) - 1 + (ceil_mode ? s - 1 : 0);
  int64_t out = span / s + 1;
  if (ceil_mode && (out - 1) * s >= in + p) --out;
  return out;
}

// The window over x: dims 0..rank-ns-1 untouched, then the pooled dims; pad_high makes exactly
// `out` windows (never negative: the reduce-window's floor drops the rest).
Expected<std::vector<WindowDim>> PoolWindow(Lowering& L, const Node& n, Instruction* x,
                                            Pool& p) {
  int64_t ns = static_cast<int64_t>(p.kernel.size()), rank = x->shape().rank();
  if (rank < ns + 1) return L.Error(n, fmt::format("needs at least {} dimensions", ns + 1));
  std::vector<WindowDim> window(rank);
  for (int64_t d = 0; d < ns; ++d) {
    int64_t in = x->shape().dim(rank - ns + d);
    int64_t k = p.kernel[d], s = p.stride[d], pad = p.padding[d], dil = p.dilation[d];
    if (k < 1 || s < 1 || pad < 0 || dil < 1 || 2 * pad > k) {
      return L.Error(n, "kernel, stride, dilation must be positive and padding at most half "
                        "the kernel");
    }
    int64_t out = PooledSize(in, k, s, pad, dil, p.ceil_mode);
    p.out.push_back(out);
    int64_t high = std::max<int64_t>(0, (out - 1) * s + dil * (k - 1) + 1 - in - pad);
    window[rank - ns + d] = WindowDim{k, s, pad, high, 1, dil, false};
  }
  return window;
}

// Arguments 1-3 of max_poolNd and avg_poolNd: kernel, stride (empty = the kernel), padding.
Expected<Pool> KernelStridePadding(Lowering& L, const Node& n, size_t ns) {
  Pool p;
  ASSIGN_OR_RETURN(p.kernel, PerDim(L, n, 1, ns, 1));
  ASSIGN_OR_RETURN(p.stride, PerDim(L, n, 2, ns, 0));
  for (size_t d = 0; d < ns; ++d) p.stride[d] = p.stride[d] == 0 ? p.kernel[d] : p.stride[d];
  ASSIGN_OR_RETURN(p.padding, PerDim(L, n, 3, ns, 0));
  return p;
}

// max_poolNd(x, kernel, stride, padding, dilation, ceil_mode).
Status LowerMaxPool(Lowering& L, const Node& n, size_t ns) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Pool p, KernelStridePadding(L, n, ns));
  ASSIGN_OR_RETURN(p.dilation, PerDim(L, n, 4, ns, 1));
  ASSIGN_OR_RETURN(p.ceil_mode, L.Bool(n, 5));
  ASSIGN_OR_RETURN(std::vector<WindowDim> window, PoolWindow(L, n, x, p));
  ASSIGN_OR_RETURN(Instruction * r, L.b().ReduceWindow(x, std::move(window), ReduceKind::kMax));
  L.SetTensor(n, 0, r);
  return Status();
}

// The number PyTorch's avg_pool divides each window's sum by, per output position.
Literal AvgDivisors(const Pool& p, const std::vector<int64_t>& in, bool include_pad,
                    PrimitiveType type) {
  Literal lit(Shape(type, p.out));
  int64_t ns = static_cast<int64_t>(p.out.size()), total = lit.ElementCount();
  for (int64_t flat = 0; flat < total; ++flat) {
    int64_t rest = flat, count = 1;
    for (int64_t d = ns - 1; d >= 0; --d) {
      int64_t o = rest % p.out[d];
      rest /= p.out[d];
      int64_t start = o * p.stride[d] - p.padding[d];
      int64_t end = std::min(start + p.kernel[d], in[d] + p.padding[d]);
      int64_t inside = std::min(end, in[d]) - std::max<int64_t>(start, 0);
      count *= include_pad ? end - start : inside;
    }
    lit.SetFromDouble(flat, static_cast<double>(count));
  }
  return lit;
}

// avg_poolNd(x, kernel, stride, padding, ceil_mode, count_include_pad[, divisor_override]).
Status LowerAvgPool(Lowering& L, const Node& n, size_t ns) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Pool p, KernelStridePadding(L, n, ns));
  p.dilation.assign(ns, 1);
  ASSIGN_OR_RETURN(p.ceil_mode, L.Bool(n, 4));
  ASSIGN_OR_RETURN(bool include_pad, L.Bool(n, 5));
  ASSIGN_OR_RETURN(std::vector<WindowDim> window, PoolWindow(L, n, x, p));
  Builder& b = L.b();
  PrimitiveType t = x->shape().type();
  ASSIGN_OR_RETURN(Instruction * sum, b.ReduceWindow(x, std::move(window), ReduceKind::kSum));
  Instruction* divisor;
  if (n.inputs.size() > 6 && !L.IsNone(n, 6)) {
    ASSIGN_OR_RETURN(double over, L.Number(n, 6));
    divisor = b.Scalar(t, over);
  } else {
    std::vector<int64_t> in(x->shape().dims().end() - ns, x->shape().dims().end());
    divisor = b.Constant(AvgDivisors(p, in, include_pad, t));
  }
  ASSIGN_OR_RETURN(Instruction * r, b.Binary(Opcode::kDivide, sum, divisor));
  L.SetTensor(n, 0, r);
  return Status();
}

// A constant [out, in] matrix whose row o averages PyTorch's adaptive bin
// [floor(o * in / out), ceil((o + 1) * in / out)).
Literal AdaptiveBins(int64_t in, int64_t out, PrimitiveType type) {
  Literal lit(Shape(type, {out, in}));
  for (int64_t o = 0; o < out; ++o) {
    int64_t start = o * in / out, end = ((o + 1) * in + out - 1) / out;
    for (int64_t i = 0; i < in; ++i) {
      lit.SetFromDouble(o * in + i, i >= start && i < end ? 1.0 / double(end - start) : 0.0);
    }
  }
  return lit;
}

// Contracts dimension `dim` of x with the columns of m [out, in]; the new dimension takes its
// place.
Expected<Instruction*> MixDim(Builder& b, Instruction* x, int64_t dim, Instruction* m) {
  ASSIGN_OR_RETURN(Instruction * y, b.Dot(x, m, DotDims{{}, {dim}, {}, {1}}));
  int64_t rank = x->shape().rank();
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d) perm.push_back(d < dim ? d : d == dim ? rank - 1 : d - 1);
  return b.Transpose(y, perm);
}

// adaptive_{avg,max}_poolNd(x, output_size): a reduce-window when every size divides; otherwise
// (averages only) a product with the bin-averaging matrix per dimension.
Status LowerAdaptivePool(Lowering& L, const Node& n, size_t ns, bool max) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(std::vector<int64_t> out, PerDim(L, n, 1, ns, 1));
  int64_t rank = x->shape().rank(), first = rank - static_cast<int64_t>(ns);
  if (first < 1) return L.Error(n, fmt::format("needs at least {} dimensions", ns + 1));
  bool exact = true;
  std::vector<WindowDim> window(rank);
  int64_t count = 1;
  for (size_t d = 0; d < ns; ++d) {
    int64_t in = x->shape().dim(first + d);
    if (out[d] < 1) return L.Error(n, "output sizes must be positive");
    exact = exact && in % out[d] == 0;
    int64_t k = exact ? in / out[d] : 1;
    window[first + d] = WindowDim{k, k, 0, 0, 1, 1, false};
    count *= k;
  }
  Builder& b = L.b();
  PrimitiveType t = x->shape().type();
  Instruction* r = x;
  if (exact) {
    ASSIGN_OR_RETURN(r, b.ReduceWindow(x, window, max ? ReduceKind::kMax : ReduceKind::kSum));
    if (!max) {
      ASSIGN_OR_RETURN(r, b.Binary(Opcode::kDivide, r, b.Scalar(t, double(count))));
    }
  } else if (max) {
    return L.Error(n, "adaptive max pooling to sizes that do not divide the input's");
  } else {
    for (size_t d = 0; d < ns; ++d) {
      int64_t dim = first + static_cast<int64_t>(d);
      Instruction* m = b.Constant(AdaptiveBins(x->shape().dim(dim), out[d], t));
      ASSIGN_OR_RETURN(r, MixDim(b, r, dim, m));
    }
  }
  L.SetTensor(n, 0, r);
  return Status();
}

// Output sizes and source-to-output scales of upsample_*(x, output_size, [align_corners,]
// scale_factors): PyTorch uses 1/scale_factor when one is given, in/out otherwise.
struct Resize {
  std::vector<int64_t> out;
  std::vector<double> ratio;  // NaN: in/out
};

Expected<Resize> ReadResize(Lowering& L, const Node& n, Instruction* x, size_t ns,
                            size_t scales_arg) {
  Resize r;
  int64_t first = x->shape().rank() - static_cast<int64_t>(ns);
  if (first < 1) return L.Error(n, fmt::format("needs at least {} dimensions", ns + 1));
  std::vector<double> scales;
  if (n.inputs.size() > scales_arg && !L.IsNone(n, scales_arg)) {
    for (const Value& v : L.In(n, scales_arg).elements) {
      scales.push_back(v.kind == Value::Kind::kDouble ? v.d : double(v.i));
    }
  }
  if (!L.IsNone(n, 1)) {
    ASSIGN_OR_RETURN(r.out, L.Ints(n, 1));
  }
  for (size_t d = 0; d < ns; ++d) {
    int64_t in = x->shape().dim(first + d);
    if (r.out.size() < ns && d < scales.size()) {
      r.out.push_back(static_cast<int64_t>(std::floor(double(in) * scales[d])));
    }
    r.ratio.push_back(d < scales.size() && scales[d] > 0 ? 1.0 / scales[d] : NAN);
  }
  if (r.out.size() != ns) return L.Error(n, "needs an output size or scale factors");
  return r;
}

// upsample_nearestNd: source index min(floor(o * scale), in - 1), computed in float as PyTorch.
Status LowerUpsampleNearest(Lowering& L, const Node& n, size_t ns) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Resize rs, ReadResize(L, n, x, ns, 2));
  int64_t first = x->shape().rank() - static_cast<int64_t>(ns);
  Instruction* r = x;
  for (size_t d = 0; d < ns; ++d) {
    int64_t dim = first + static_cast<int64_t>(d), in = x->shape().dim(dim), out = rs.out[d];
    float scale = std::isnan(rs.ratio[d]) ? float(in) / float(out) : float(rs.ratio[d]);
    Literal idx(Shape(PrimitiveType::kS64, {out, 1}));
    for (int64_t o = 0; o < out; ++o) {
      int64_t src = static_cast<int64_t>(std::floor(float(o) * scale));
      idx.SetFromDouble(o, double(std::min(src, in - 1)));
    }
    GatherDims g;
    for (int64_t k = 0; k < r->shape().rank(); ++k) {
      if (k != dim) g.offset_dims.push_back(k);
    }
    g.collapsed_slice_dims = {dim};
    g.start_index_map = {dim};
    g.index_vector_dim = 1;
    InstructionAttrs attrs;
    attrs.gather = g;
    attrs.gather_slice_sizes = r->shape().dims();
    attrs.gather_slice_sizes[dim] = 1;
    ASSIGN_OR_RETURN(r, L.b().Add(Opcode::kGather, {r, L.b().Constant(std::move(idx))},
                                  std::move(attrs)));
  }
  L.SetTensor(n, 0, r);
  return Status();
}

// The [out, in] linear interpolation matrix of upsample_bilinear2d along one dimension.
Literal LinearWeights(int64_t in, int64_t out, bool align_corners, double ratio,
                      PrimitiveType type) {
  Literal lit(Shape(type, {out, in}));
  for (int64_t i = 0; i < lit.ElementCount(); ++i) lit.SetFromDouble(i, 0);
  float scale = align_corners ? (out > 1 ? float(in - 1) / float(out - 1) : 0.0f)
                : std::isnan(ratio) ? float(in) / float(out)
                                    : float(ratio);
  for (int64_t o = 0; o < out; ++o) {
    float src = align_corners ? scale * float(o) : std::max(scale * (float(o) + 0.5f) - 0.5f, 0.f);
    int64_t i0 = static_cast<int64_t>(src);
    int64_t i1 = i0 + (i0 < in - 1 ? 1 : 0);
    float l1 = src - float(i0), l0 = 1.0f - l1;
    lit.SetFromDouble(o * in + i0, lit.GetAsDouble(o * in + i0) + l0);
    lit.SetFromDouble(o * in + i1, lit.GetAsDouble(o * in + i1) + l1);
  }
  return lit;
}

// upsample_bilinear2d(x, output_size, align_corners, scale_factors).
Status LowerUpsampleBilinear(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(bool align_corners, L.Bool(n, 2));
  ASSIGN_OR_RETURN(Resize rs, ReadResize(L, n, x, 2, 3));
  if (!IsFloating(x->shape().type())) return L.Error(n, "needs a floating-point input");
  Instruction* r = x;
  for (int64_t d = 0; d < 2; ++d) {
    int64_t dim = x->shape().rank() - 2 + d;
    Instruction* m = L.b().Constant(LinearWeights(x->shape().dim(dim), rs.out[d], align_corners,
                                                  rs.ratio[d], x->shape().type()));
    ASSIGN_OR_RETURN(r, MixDim(L.b(), r, dim, m));
  }
  L.SetTensor(n, 0, r);
  return Status();
}

}  // namespace

void AddPoolHandlers(HandlerTable& t) {
  for (size_t ns = 1; ns <= 3; ++ns) {
    std::string d = fmt::format("{}d", ns);
    t["aten::max_pool" + d] = [ns](Lowering& L, const Node& n) { return LowerMaxPool(L, n, ns); };
    t["aten::avg_pool" + d] = [ns](Lowering& L, const Node& n) { return LowerAvgPool(L, n, ns); };
    t["aten::adaptive_avg_pool" + d] = [ns](Lowering& L, const Node& n) {
      return LowerAdaptivePool(L, n, ns, false);
    };
    t["aten::adaptive_max_pool" + d] = [ns](Lowering& L, const Node& n) {
      return LowerAdaptivePool(L, n, ns, true);
    };
    t["aten::upsample_nearest" + d] = [ns](Lowering& L, const Node& n) {
      return LowerUpsampleNearest(L, n, ns);
    };
  }
  t["aten::upsample_bilinear2d"] = LowerUpsampleBilinear;
}

}  // namespace xpar::ts
