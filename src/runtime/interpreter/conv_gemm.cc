// Convolution as im2col + GEMM. Operands are brought to canonical layouts (lhs [batch, feature,
// spatial...], rhs [out feature, in feature, spatial...], converted to the GEMM type), then for
// each input batch element and feature group the window elements become the rows of a column
// matrix [in features * window, output positions] and one GEMM of the group's filters by it
// writes the output [batch, out feature, positions]. Padding, both dilations, strides and
// window reversal are resolved while building the columns; batch groups pick which output
// features an input batch element feeds (XLA's form of the filter-gradient convolution).
// Depthwise convolutions (one input feature per group) skip the column matrix: RunDepthwise.
#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <cstring>

#include "runtime/interpreter/conv_internal.h"
#include "runtime/interpreter/elementwise_types.h"
#include "runtime/interpreter/index_util.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

using Dims = std::vector<int64_t>;

// Per spatial dimension s and window offset k: for output position o, the input position
// table[k * out + o], or -1 where the window lands on padding or between dilated elements.
// `lo`/`hi` bound the valid o when `unit` (stride 1, no lhs dilation: input = o + first).
struct DimTable {
  int64_t in = 0, out = 0, size = 0;
  std::vector<int64_t> table;
  bool unit = false;
  std::vector<int64_t> lo, hi, first;
};

DimTable MakeDimTable(const WindowDim& w, int64_t in, int64_t out) {
  DimTable t;
  t.in = in, t.out = out, t.size = w.size;
  t.table.assign(w.size * out, -1);
  t.unit = w.stride == 1 && w.lhs_dilation == 1;
  t.lo.assign(w.size, out), t.hi.assign(w.size, 0), t.first.assign(w.size, 0);
  for (int64_t k = 0; k < w.size; ++k) {
    const int64_t kk = w.reversal ? w.size - 1 - k : k;
    t.first[k] = kk * w.rhs_dilation - w.pad_low;
    for (int64_t o = 0; o < out; ++o) {
      const int64_t pos = o * w.stride + kk * w.rhs_dilation - w.pad_low;
      if (pos < 0 || pos % w.lhs_dilation != 0 || pos / w.lhs_dilation >= in) continue;
      t.table[k * out + o] = pos / w.lhs_dilation;
      t.lo[k] = std::min(t.lo[k], o), t.hi[k] = std::max(t.hi[k], o + 1);
    }
  }
  return t;
}

// The column rows of one input channel (src: its canonical spatial block) for window offset
// `k` (one index per spatial dimension), from dimension s on; dst has sub[s] positions.
template <typename C>
void FillColumns(const std::vector<DimTable>& dims, const Dims& in_strides, const Dims& sub,
                 const int64_t* k, size_t s, const C* src, C* dst) {
  const DimTable& t = dims[s];
  const int64_t* row = t.table.data() + k[s] * t.out;
  if (s + 1 == dims.size()) {
    if (t.unit) {
      const int64_t lo = t.lo[k[s]], hi = std::max(lo, t.hi[k[s]]);
      std::fill(dst, dst + lo, C(0));
      if (hi > lo) std::memcpy(dst + lo, src + lo + t.first[k[s]], (hi - lo) * sizeof(C));
      std::fill(dst + hi, dst + t.out, C(0));
      return;
    }
    for (int64_t o = 0; o < t.out; ++o) dst[o] = row[o] < 0 ? C(0) : src[row[o]];
    return;
  }
  for (int64_t o = 0; o < t.out; ++o) {
    C* d = dst + o * sub[s + 1];
    if (row[o] < 0) {
      std::fill(d, d + sub[s + 1], C(0));
    } else {
      FillColumns(dims, in_strides, sub, k, s + 1, src + row[o] * in_strides[s], d);
    }
  }
}

struct Geometry {
  std::vector<DimTable> dims;
  Dims in_strides, sub;  // canonical input spatial strides; output positions per suffix
  Dims kernel_sizes;
  int64_t in_positions = 1, out_positions = 1, window = 1;
  bool identity = true;  // 1x1 window, stride 1, no padding or dilation: columns = input
};

Geometry MakeGeometry(const ConvPlan& p) {
  const ConvDims& d = p.dims;
  Geometry g;
  const size_t ns = d.input_spatial.size();
  Dims in_sizes(ns);
  g.sub.assign(ns + 1, 1);
  for (size_t s = 0; s < ns; ++s) {
    const WindowDim& w = p.window[s];
    in_sizes[s] = p.lhs_dims[d.input_spatial[s]];
    const int64_t out = p.out_dims[d.output_spatial[s]];
    g.dims.push_back(MakeDimTable(w, in_sizes[s], out));
    g.kernel_sizes.push_back(w.size);
    g.in_positions *= in_sizes[s], g.out_positions *= out, g.window *= w.size;
    g.identity = g.identity && w.size == 1 && w.stride == 1 && w.lhs_dilation == 1 &&
                 w.pad_low == 0 && w.pad_high == 0 && out == in_sizes[s];
  }
  g.in_strides = RowMajorStrides(in_sizes);
  for (int64_t s = static_cast<int64_t>(ns) - 1; s >= 0; --s) {
    g.sub[s] = g.sub[s + 1] * g.dims[s].out;
  }
  return g;
}

// Columns [channels * window, positions] of `channels` canonical input channels at `src`.
template <typename C>
void Im2Col(const Geometry& g, const C* src, int64_t channels, C* col) {
  const int64_t positions = g.out_positions;
  for (int64_t c = 0; c < channels; ++c) {
    const C* channel = src + c * g.in_positions;
    if (g.dims.empty()) {
      col[c] = channel[0];
      continue;
    }
    int64_t row = c * g.window;
    ForEachIndex(g.kernel_sizes, [&](std::span<const int64_t> k) {
      FillColumns(g.dims, g.in_strides, g.sub, k.data(), 0, channel, col + row++ * positions);
    });
  }
}

template <typename C>
void Gemm(int64_t m, int64_t n, int64_t k, const C* a, const C* b, C* c) {
  const int mi = static_cast<int>(m), ni = static_cast<int>(n), ki = static_cast<int>(k);
  if constexpr (std::is_same_v<C, float>) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, mi, ni, ki, 1.0f, a, ki, b, ni, 0.0f,
                c, ni);
  } else {
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, mi, ni, ki, 1.0, a, ki, b, ni, 0.0, c,
                ni);
  }
}

// `x` transposed to `perm` and converted to C; no copy when it already is both.
template <typename C>
const C* Canonical(const Literal& x, const Dims& perm, std::vector<C>& storage) {
  const bool in_order = IsIdentityPermutation(perm);
  if (in_order && x.type() == NativeToPrimitiveType<C>()) return x.data<C>().data();
  storage = in_order ? ToVector<C>(x) : ToVector<C>(TransposeLiteral(x, perm));
  return storage.data();
}

struct Sizes {
  int64_t batch_per_group, out_per_group, out_per_batch_group, in_per_group;
};

// The output features fed by input batch element n through feature group fg: [lo, hi).
std::pair<int64_t, int64_t> FeatureRange(const Sizes& z, int64_t n, int64_t fg) {
  const int64_t bgi = n / z.batch_per_group;
  return {std::max(fg * z.out_per_group, bgi * z.out_per_batch_group),
          std::min((fg + 1) * z.out_per_group, (bgi + 1) * z.out_per_batch_group)};
}

// y += a * x over n elements; AVX2 where the CPU has it (no FMA: the same roundings as the
// reference loop's separate multiply and add). clang (the sanitizer and fuzz builds) cannot
// multiversion a template: one default version there.
#if defined(__clang__)
#define XPAR_CONV_AVX2_CLONE
#else
#define XPAR_CONV_AVX2_CLONE __attribute__((target_clones("avx2", "default")))
#endif
template <typename C>
XPAR_CONV_AVX2_CLONE void AddScaled(C a, const C* x, C* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) y[i] += a * x[i];
}

// AddScaled over `rows` rows of `cols` elements (strides in elements): one call per tap and
// plane instead of one per output row.
template <typename C>
XPAR_CONV_AVX2_CLONE void AddScaledRows(C a, const C* x, int64_t x_stride, C* y, int64_t y_stride,
                                        int64_t rows, int64_t cols) {
  for (int64_t r = 0; r < rows; ++r) {
    const C* xr = x + r * x_stride;
    C* yr = y + r * y_stride;
    for (int64_t i = 0; i < cols; ++i) yr[i] += a * xr[i];
  }
}

// y[r][c] = +0 + a[0] * x[0][r * x_stride + c] + ... + a[8] * x[8][...], left to right (the
// same additions, in the same order, as a zero fill and nine AddScaledRows passes), one pass
// writing y's rows of `cols`.
template <typename C>
XPAR_CONV_AVX2_CLONE void AddScaledRows9(const C* a, const C* const* x, int64_t x_stride, C* y,
                                         int64_t rows, int64_t cols) {
  for (int64_t r = 0; r < rows; ++r) {
    C* yr = y + r * cols;
    const int64_t at = r * x_stride;
    for (int64_t i = 0; i < cols; ++i) {
      C acc = C(0);
      for (int t = 0; t < 9; ++t) acc += a[t] * x[t][at + i];
      yr[i] = acc;
    }
  }
}

// dst[o] += a * (what FillColumns would write at o), skipping padding: the input read in place,
// contiguous runs (and rectangles, when the last two dimensions have unit stride) through
// AddScaled / AddScaledRows.
template <typename C>
void AccumulateColumns(const std::vector<DimTable>& dims, const Dims& in_strides, const Dims& sub,
                       const int64_t* k, size_t s, C a, const C* src, C* dst) {
  const DimTable& t = dims[s];
  const int64_t* row = t.table.data() + k[s] * t.out;
  if (s + 2 == dims.size() && t.unit && dims[s + 1].unit) {
    const DimTable& u = dims[s + 1];
    const int64_t lo = t.lo[k[s]], hi = t.hi[k[s]], lo2 = u.lo[k[s + 1]], hi2 = u.hi[k[s + 1]];
    if (hi <= lo || hi2 <= lo2) return;
    AddScaledRows<C>(a, src + (lo + t.first[k[s]]) * in_strides[s] + lo2 + u.first[k[s + 1]],
                     in_strides[s], dst + lo * sub[s + 1] + lo2, sub[s + 1], hi - lo, hi2 - lo2);
    return;
  }
  if (s + 1 == dims.size()) {
    if (t.unit) {
      const int64_t lo = t.lo[k[s]], hi = t.hi[k[s]];
      if (hi > lo) AddScaled<C>(a, src + lo + t.first[k[s]], dst + lo, hi - lo);
      return;
    }
    for (int64_t o = 0; o < t.out; ++o) {
      if (row[o] >= 0) dst[o] += a * src[row[o]];
    }
    return;
  }
  for (int64_t o = 0; o < t.out; ++o) {
    if (row[o] < 0) continue;
    AccumulateColumns(dims, in_strides, sub, k, s + 1, a, src + row[o] * in_strides[s],
                      dst + o * sub[s + 1]);
  }
}

// Whether every one of the n filter taps is finite.
template <typename C>
bool FiniteTaps(const C* w, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    if (!std::isfinite(w[i])) return false;
  }
  return true;
}

// A 2-D plane with unit-stride windows, its padding spelled out: rows [p0, p1) of input
// positions per dimension (p0 = the lowest first tap position, p1 = the highest last one + 1),
// zeros outside the input. Each tap then adds whole output rows (vector loops without edge
// tails). Adding a * 0 = +-0 to a sum that starts at +0 changes no bit (such a sum is never
// -0 and x + +-0 = x otherwise), so with finite taps the results are the reference's, which
// skips the padding.
struct PaddedPlane {
  int64_t p0[2], rows, cols;
};

PaddedPlane PlanePadding(const Geometry& g) {
  PaddedPlane pp{};
  int64_t size[2];
  for (int s = 0; s < 2; ++s) {
    const DimTable& t = g.dims[s];
    const auto [lo, hi] = std::minmax_element(t.first.begin(), t.first.end());
    pp.p0[s] = *lo;
    size[s] = t.out + *hi - *lo;
  }
  pp.rows = size[0], pp.cols = size[1];
  return pp;
}

template <typename C>
void FillPadded(const Geometry& g, const PaddedPlane& pp, const C* src, std::vector<C>& buf) {
  // Zeroed once per thread: every plane writes the same interior, the frame stays zero.
  if (buf.size() != static_cast<size_t>(pp.rows * pp.cols)) {
    buf.assign(static_cast<size_t>(pp.rows * pp.cols), C(0));
  }
  const int64_t in_rows = g.dims[0].in, in_cols = g.dims[1].in;
  const int64_t c0 = std::max<int64_t>(0, pp.p0[1]);
  const int64_t c1 = std::min(in_cols, pp.p0[1] + pp.cols);
  if (c1 <= c0) return;
  for (int64_t r = 0; r < pp.rows; ++r) {
    const int64_t in_r = r + pp.p0[0];
    if (in_r < 0 || in_r >= in_rows) continue;
    std::copy(src + in_r * in_cols + c0, src + in_r * in_cols + c1,
              buf.data() + r * pp.cols + (c0 - pp.p0[1]));
  }
}

// Depthwise convolution (one input feature per group, no batch groups): for each (batch
// element, group) and window offset, the input scaled by the filter tap is added into the
// group's output rows (AccumulateColumns). No column matrix and no GEMM with one row; the
// pairs split over the kernel threads. Each output sums its taps in the reference loop's order
// and skips padding as it does (or, on 2-D unit-stride planes with finite taps, adds zeros
// that change no bit: PaddedPlane; 3x3 windows then sum all nine taps in one pass), so f32
// results equal the reference's.
template <typename C>
void RunDepthwise(const ConvPlan& p, const Geometry& g, const C* in, const C* w, C* out) {
  const int64_t groups = p.feature_groups, per = p.out_feature / groups;
  const int64_t positions = g.out_positions;
  const int64_t work = std::max<int64_t>(1, positions * g.window * per);
  const bool plane_2d = g.dims.size() == 2 && g.dims[0].unit && g.dims[1].unit;
  const PaddedPlane pp = plane_2d ? PlanePadding(g) : PaddedPlane{};
  ParallelFor(p.in_batch * groups, std::max<int64_t>(1, kElementwiseChunk / work),
              [&](int64_t lo, int64_t hi) {
                Dims k(g.kernel_sizes.size());
                std::vector<C> padded;
                std::vector<std::pair<int64_t, int64_t>> order;  // (tap, offset in padded)
                for (int64_t item = lo; item < hi; ++item) {
                  const int64_t n = item / groups, fg = item % groups;
                  const C* src = in + (n * p.in_feature + fg) * g.in_positions;
                  C* dst = out + (n * p.out_feature + fg * per) * positions;
                  const bool whole_rows =
                      plane_2d && FiniteTaps(w + fg * per * g.window, per * g.window);
                  // AddScaledRows9 starts each sum at +0 itself.
                  if (!whole_rows || g.window != 9) std::fill(dst, dst + per * positions, C(0));
                  if (whole_rows) FillPadded(g, pp, src, padded);
                  order.clear();
                  ForEachIndex(g.kernel_sizes, [&](std::span<const int64_t> j) {
                    // The reference visits input offsets j in order; a reversed dimension's
                    // table entry k = size-1-j reads offset j with filter tap k.
                    int64_t tap = 0;
                    for (size_t s = 0; s < j.size(); ++s) {
                      k[s] = p.window[s].reversal ? g.kernel_sizes[s] - 1 - j[s] : j[s];
                      tap = tap * g.kernel_sizes[s] + k[s];
                    }
                    if (whole_rows) {  // taps in visit order, summed below
                      order.push_back({tap, (g.dims[0].first[k[0]] - pp.p0[0]) * pp.cols +
                                                (g.dims[1].first[k[1]] - pp.p0[1])});
                      return;
                    }
                    for (int64_t o = 0; o < per; ++o) {
                      AccumulateColumns(g.dims, g.in_strides, g.sub, k.data(), 0,
                                        w[(fg * per + o) * g.window + tap], src,
                                        dst + o * positions);
                    }
                  });
                  if (!whole_rows) continue;
                  for (int64_t o = 0; o < per; ++o) {
                    const C* wo = w + (fg * per + o) * g.window;
                    C* y = dst + o * positions;
                    if (g.window == 9) {  // 3x3: every tap in one pass over the output
                      C a[9];
                      const C* x[9];
                      for (int t = 0; t < 9; ++t) {
                        a[t] = wo[order[t].first];
                        x[t] = padded.data() + order[t].second;
                      }
                      AddScaledRows9<C>(a, x, pp.cols, y, g.dims[0].out, g.dims[1].out);
                      continue;
                    }
                    for (const auto& [tap, at] : order) {
                      AddScaledRows<C>(wo[tap], padded.data() + at, pp.cols, y, g.dims[1].out,
                                       g.dims[0].out, g.dims[1].out);
                    }
                  }
                }
              });
}

// out: canonical [in_batch / batch_groups, out_feature, positions].
template <typename C>
void RunGroups(const ConvPlan& p, const Geometry& g, const C* in, const C* w, C* out) {
  if (p.kernel_in_feature == 1 && p.feature_groups > 1 && p.batch_groups == 1 &&
      !g.dims.empty()) {
    RunDepthwise<C>(p, g, in, w, out);
    return;
  }
  const Sizes z{p.in_batch / p.batch_groups, p.out_feature / p.feature_groups,
                p.out_feature / p.batch_groups, p.kernel_in_feature};
  const int64_t k = z.in_per_group * g.window, positions = g.out_positions;
  std::vector<C> col(g.identity ? 0 : static_cast<size_t>(k * positions));
  for (int64_t n = 0; n < p.in_batch; ++n) {
    for (int64_t fg = 0; fg < p.feature_groups; ++fg) {
      const auto [lo, hi] = FeatureRange(z, n, fg);
      if (lo >= hi) continue;
      const C* src = in + (n * p.in_feature + fg * z.in_per_group) * g.in_positions;
      if (!g.identity) Im2Col(g, src, z.in_per_group, col.data());
      const int64_t ob = n % z.batch_per_group;
      C* dst = out + (ob * p.out_feature + lo) * positions;
      Gemm<C>(hi - lo, positions, k, w + lo * k, g.identity ? src : col.data(), dst);
    }
  }
}

template <typename C>
Literal RunGemmConv(const Instruction& inst, const ConvPlan& p, const Literal& lhs,
                    const Literal& rhs) {
  const ConvDims& d = p.dims;
  Dims lhs_perm{d.input_batch, d.input_feature}, rhs_perm{d.kernel_output_feature,
                                                         d.kernel_input_feature};
  Dims out_perm{d.output_batch, d.output_feature};
  lhs_perm.insert(lhs_perm.end(), d.input_spatial.begin(), d.input_spatial.end());
  rhs_perm.insert(rhs_perm.end(), d.kernel_spatial.begin(), d.kernel_spatial.end());
  out_perm.insert(out_perm.end(), d.output_spatial.begin(), d.output_spatial.end());
  std::vector<C> lhs_store, rhs_store;
  const C* in = Canonical<C>(lhs, lhs_perm, lhs_store);
  const C* w = Canonical<C>(rhs, rhs_perm, rhs_store);
  const Geometry g = MakeGeometry(p);
  Dims canon_dims(out_perm.size()), inverse(out_perm.size());
  for (size_t i = 0; i < out_perm.size(); ++i) {
    canon_dims[i] = p.out_dims[out_perm[i]];
    inverse[out_perm[i]] = static_cast<int64_t>(i);
  }
  const bool direct = IsIdentityPermutation(out_perm) &&
                      inst.shape().type() == NativeToPrimitiveType<C>();
  Literal canon = Literal::Uninitialized(
      direct ? inst.shape() : Shape(NativeToPrimitiveType<C>(), canon_dims));
  if (canon.ElementCount() == 0) return Literal(inst.shape());
  if (g.window * p.kernel_in_feature == 0) return Literal(inst.shape());
  RunGroups<C>(p, g, in, w, canon.data<C>().data());
  if (direct) return canon;
  Literal ordered = IsIdentityPermutation(out_perm) ? std::move(canon)
                                                    : TransposeLiteral(canon, inverse);
  if (ordered.type() == inst.shape().type()) return ordered;
  Literal out = Literal::Uninitialized(inst.shape());
  FromVector(ToVector<C>(ordered), out);
  return out;
}

}  // namespace

Literal ConvolutionGemm(const Instruction& inst, const ConvPlan& plan, const Literal& lhs,
                        const Literal& rhs) {
  for (PrimitiveType t : {lhs.type(), rhs.type(), inst.shape().type()}) {
    if (t == PrimitiveType::kF64) return RunGemmConv<double>(inst, plan, lhs, rhs);
  }
  return RunGemmConv<float>(inst, plan, lhs, rhs);
}

}  // namespace xpar
