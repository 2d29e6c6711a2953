// dot with any dimension numbers: operands are viewed (or transposed) as [batch, M, K] and
// [batch, K, N]; bf16 x bf16, f16 x f16 and (not tiny) f32 x f32 run on oneDNN's matmul
// (onednn.h) where it has a kernel, other float dots on OpenBLAS sgemm/dgemm per batch; the remaining bf16/f16 ones go
// through f32 (the lhs and result one block of rows at a time, so no f32 copy of either is made
// whole), and integer dots use wrapping 64-bit loops. The result is [batch..., lhs free..., rhs free...].
#include <cblas.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>

#include "runtime/interpreter/elementwise_types.h"
#include "runtime/interpreter/index_util.h"
#include "runtime/interpreter/kernels.h"
#include "runtime/interpreter/onednn.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

using Dims = std::vector<int64_t>;

struct DotPlan {
  Dims lhs_batch, lhs_contract, lhs_free, rhs_batch, rhs_contract, rhs_free;
  int64_t batch = 1, m = 1, k = 1, n = 1;
};

Dims Concat(std::initializer_list<const Dims*> parts) {
  Dims out;
  for (const Dims* p : parts) out.insert(out.end(), p->begin(), p->end());
  return out;
}

// Dimensions of `rank` not in `a` or `b`, in order; false if a/b repeat or leave the range.
bool FreeDims(int64_t rank, const Dims& a, const Dims& b, Dims& free) {
  std::vector<int> used(rank, 0);
  for (int64_t d : Concat({&a, &b})) {
    if (d < 0 || d >= rank || used[d]++) return false;
  }
  for (int64_t d = 0; d < rank; ++d) {
    if (!used[d]) free.push_back(d);
  }
  return true;
}

Expected<DotPlan> MakePlan(const Instruction& inst, const Shape& lhs, const Shape& rhs) {
  DotPlan p;
  if (inst.attrs().dot) {
    const DotDims& d = *inst.attrs().dot;
    p.lhs_batch = d.lhs_batch, p.lhs_contract = d.lhs_contracting;
    p.rhs_batch = d.rhs_batch, p.rhs_contract = d.rhs_contracting;
  } else if (lhs.rank() > 0 && rhs.rank() > 0) {
    p.lhs_contract = {lhs.rank() - 1}, p.rhs_contract = {0};
  }
  if (p.lhs_batch.size() != p.rhs_batch.size() || p.lhs_contract.size() != p.rhs_contract.size() ||
      !FreeDims(lhs.rank(), p.lhs_batch, p.lhs_contract, p.lhs_free) ||
      !FreeDims(rhs.rank(), p.rhs_batch, p.rhs_contract, p.rhs_free)) {
    return InvalidArgument("invalid dot dimension numbers for {} x {}", lhs.ToString(false),
                           rhs.ToString(false));
  }
  Dims out_dims;
  for (size_t i = 0; i < p.lhs_batch.size(); ++i) {
    int64_t size = lhs.dim(p.lhs_batch[i]);
    if (size != rhs.dim(p.rhs_batch[i])) return InvalidArgument("dot batch sizes differ");
    p.batch *= size;
    out_dims.push_back(size);
  }
  for (size_t i = 0; i < p.lhs_contract.size(); ++i) {
    int64_t size = lhs.dim(p.lhs_contract[i]);
    if (size != rhs.dim(p.rhs_contract[i])) return InvalidArgument("dot contracting sizes differ");
    p.k *= size;
  }
  for (int64_t d : p.lhs_free) p.m *= lhs.dim(d), out_dims.push_back(lhs.dim(d));
  for (int64_t d : p.rhs_free) p.n *= rhs.dim(d), out_dims.push_back(rhs.dim(d));
  if (out_dims != inst.shape().dims()) {
    return InvalidArgument("dot of {} and {} gives dimensions [{}], but the result is {}",
                           lhs.ToString(false), rhs.ToString(false), fmt::join(out_dims, ","),
                           inst.shape().ToString(false));
  }
  return p;
}

// True when `perm` only moves size-1 dimensions, i.e. the row-major data is already in order.
bool IsInOrder(const Dims& perm, const Shape& s) {
  int64_t last = -1;
  for (int64_t d : perm) {
    if (s.dim(d) == 1) continue;
    if (d < last) return false;
    last = d;
  }
  return true;
}

// An operand as a row-major C matrix per batch, transposed (`trans`) or not, converted to C.
template <typename C>
struct GemmOperand {
  Literal transposed;
  std::vector<C> converted;
  const C* data = nullptr;
  bool trans = false;
};

template <typename C>
GemmOperand<C> Prepare(const Literal& x, const Dims& normal, const Dims& trans, bool allow_trans) {
  GemmOperand<C> g;
  const Literal* src = &x;
  if (allow_trans && !IsInOrder(normal, x.shape()) && IsInOrder(trans, x.shape())) {
    g.trans = true;
  } else if (!IsInOrder(normal, x.shape())) {
    g.transposed = TransposeLiteral(x, normal);
    src = &g.transposed;
  }
  if (src->type() == NativeToPrimitiveType<C>()) {
    g.data = src->template data<C>().data();
  } else {
    g.converted = ToVector<C>(*src);
    g.data = g.converted.data();
  }
  return g;
}

template <typename C>
void Gemm(const DotPlan& p, const GemmOperand<C>& a, const GemmOperand<C>& b, C* out) {
  const auto ta = a.trans ? CblasTrans : CblasNoTrans;
  const auto tb = b.trans ? CblasTrans : CblasNoTrans;
  const int lda = static_cast<int>(a.trans ? p.m : p.k);
  const int ldb = static_cast<int>(b.trans ? p.k : p.n);
  const int m = static_cast<int>(p.m), n = static_cast<int>(p.n), k = static_cast<int>(p.k);
  for (int64_t i = 0; i < p.batch; ++i) {
    const C* ai = a.data + i * p.m * p.k;
    const C* bi = b.data + i * p.k * p.n;
    C* ci = out + i * p.m * p.n;
    if constexpr (std::is_same_v<C, float>) {
      cblas_sgemm(CblasRowMajor, ta, tb, m, n, k, 1.0f, ai, std::max(lda, 1), bi, std::max(ldb, 1),
                  0.0f, ci, std::max(n, 1));
    } else {
      cblas_dgemm(CblasRowMajor, ta, tb, m, n, k, 1.0, ai, std::max(lda, 1), bi, std::max(ldb, 1),
                  0.0, ci, std::max(n, 1));
    }
  }
}

// n elements of 16-bit float type t at src converted to f32, over the kernel threads.
void ConvertBlock(PrimitiveType t, const uint8_t* src, float* dst, int64_t n) {
  ParallelFor(n, kElementwiseChunk, [&](int64_t lo, int64_t hi) {
    if (t == PrimitiveType::kBF16) {
      const bf16* x = reinterpret_cast<const bf16*>(src);
      for (int64_t i = lo; i < hi; ++i) dst[i] = static_cast<float>(x[i]);
    } else {
      const f16* x = reinterpret_cast<const f16*>(src);
      for (int64_t i = lo; i < hi; ++i) dst[i] = static_cast<float>(x[i]);
    }
  });
}

// n f32 values rounded (to nearest even) into 16-bit float type t at dst.
void StoreBlock(const float* src, PrimitiveType t, uint8_t* dst, int64_t n) {
  ParallelFor(n, kElementwiseChunk, [&](int64_t lo, int64_t hi) {
    if (t == PrimitiveType::kBF16) {
      bf16* y = reinterpret_cast<bf16*>(dst);
      for (int64_t i = lo; i < hi; ++i) y[i] = bf16(src[i]);
    } else {
      f16* y = reinterpret_cast<f16*>(dst);
      for (int64_t i = lo; i < hi; ++i) y[i] = f16(src[i]);
    }
  });
}

// Integer dot in wrapping 64-bit arithmetic; truncating to the result type then gives the
// result type's own wrapping arithmetic.
void IntDot(const DotPlan& p, const uint64_t* a, const uint64_t* b, uint64_t* out) {
  for (int64_t i = 0; i < p.batch; ++i) {
    for (int64_t r = 0; r < p.m; ++r) {
      uint64_t* row = out + (i * p.m + r) * p.n;
      for (int64_t kk = 0; kk < p.k; ++kk) {
        const uint64_t av = a[(i * p.m + r) * p.k + kk];
        const uint64_t* brow = b + (i * p.k + kk) * p.n;
        for (int64_t c = 0; c < p.n; ++c) row[c] += av * brow[c];
      }
    }
  }
}

bool IsHalf(PrimitiveType t) { return t == PrimitiveType::kBF16 || t == PrimitiveType::kF16; }

// Rows of the lhs (and of the result) converted per block, so that a 16-bit dot holds f32 copies
// of one block of rows, not of the whole lhs and result.
constexpr int64_t kHalfRowBlock = 128;

// A dot of a 16-bit lhs already laid out [batch, M, K] (any float rhs) into a 16-bit result:
// per block of rows, the lhs rows are converted to f32, multiplied by the (once converted) rhs
// with sgemm, and the result rows rounded straight into the output. Same values as converting
// everything first.
Literal BlockedHalfDot(const Instruction& inst, const DotPlan& p, const Literal& lhs,
                       const GemmOperand<float>& b) {
  Literal out = Literal::Uninitialized(inst.shape());
  const int64_t block = std::min(kHalfRowBlock, std::max<int64_t>(p.m, 1));
  std::vector<float> a_rows(static_cast<size_t>(block * p.k));
  std::vector<float> c_rows(static_cast<size_t>(block * p.n));
  const int64_t a_width = ByteWidth(lhs.type()), c_width = ByteWidth(out.type());
  for (int64_t i = 0; i < p.batch; ++i) {
    for (int64_t r0 = 0; r0 < p.m; r0 += block) {
      const int64_t rows = std::min(block, p.m - r0);
      ConvertBlock(lhs.type(), lhs.raw() + (i * p.m + r0) * p.k * a_width, a_rows.data(),
                   rows * p.k);
      DotPlan part = p;
      part.batch = 1, part.m = rows;
      GemmOperand<float> a;
      a.data = a_rows.data();
      GemmOperand<float> bi;
      bi.data = b.data + i * p.k * p.n, bi.trans = b.trans;
      Gemm<float>(part, a, bi, c_rows.data());
      StoreBlock(c_rows.data(), out.type(), out.raw() + (i * p.m + r0) * p.n * c_width,
                 rows * p.n);
    }
  }
  return out;
}

// Below this many multiply-adds an f32 dot stays on OpenBLAS, whose call costs less than
// oneDNN's (primitive lookup, memory objects); above it oneDNN's brgemm kernels were 1.5-2x
// faster than Debian's OpenBLAS on this machine (bench/REPORT.md).
constexpr int64_t kOnednnF32MinMacs = int64_t{1} << 18;

// 16-bit operands: oneDNN's native kernels instead of f32 conversion + sgemm. f32: oneDNN for
// GEMMs that are not tiny.
bool UseOnednn(const Literal& lhs, const Literal& rhs, PrimitiveType out, const DotPlan& p) {
  if (lhs.type() != rhs.type()) return false;
  if (IsHalf(lhs.type())) return out == lhs.type() || out == PrimitiveType::kF32;
  return lhs.type() == PrimitiveType::kF32 && out == PrimitiveType::kF32 &&
         p.batch * p.m * p.n * p.k >= kOnednnF32MinMacs;
}

// A [batch, M, K]-shaped view of an operand for oneDNN: in place when its layout already is
// that or the transposed one, else a transposed copy in `copy`.
const uint8_t* MatmulOperand(const Literal& x, const Dims& normal, const Dims& trans,
                             Literal& copy, bool& transposed) {
  transposed = false;
  if (IsInOrder(normal, x.shape())) return x.raw();
  if (IsInOrder(trans, x.shape())) {
    transposed = true;
    return x.raw();
  }
  copy = TransposeLiteral(x, normal);
  return copy.raw();
}

// The dot through oneDNN's matmul (one rounding of f32 sums to the result type); nullopt when
// oneDNN has no optimised kernel for it.
Expected<std::optional<Literal>> OnednnDot(const Instruction& inst, const DotPlan& p,
                                           const Literal& lhs, const Literal& rhs) {
  onednn::MatmulDesc d;
  d.batch = p.batch, d.m = p.m, d.k = p.k, d.n = p.n;
  d.ab_type = lhs.type(), d.c_type = inst.shape().type();
  Literal lhs_copy, rhs_copy;
  const uint8_t* a =
      MatmulOperand(lhs, Concat({&p.lhs_batch, &p.lhs_free, &p.lhs_contract}),
                    Concat({&p.lhs_batch, &p.lhs_contract, &p.lhs_free}), lhs_copy, d.a_trans);
  const uint8_t* b =
      MatmulOperand(rhs, Concat({&p.rhs_batch, &p.rhs_contract, &p.rhs_free}),
                    Concat({&p.rhs_batch, &p.rhs_free, &p.rhs_contract}), rhs_copy, d.b_trans);
  Literal out = Literal::Uninitialized(inst.shape());
  ASSIGN_OR_RETURN(bool done, onednn::Matmul(d, a, b, out.raw()));
  if (!done) return std::optional<Literal>();
  return std::optional<Literal>(std::move(out));
}

template <typename C>
Literal RunDot(const Instruction& inst, const DotPlan& p, const Literal& lhs, const Literal& rhs) {
  const Dims lhs_normal = Concat({&p.lhs_batch, &p.lhs_free, &p.lhs_contract});
  const Dims lhs_trans = Concat({&p.lhs_batch, &p.lhs_contract, &p.lhs_free});
  const Dims rhs_normal = Concat({&p.rhs_batch, &p.rhs_contract, &p.rhs_free});
  const Dims rhs_trans = Concat({&p.rhs_batch, &p.rhs_free, &p.rhs_contract});
  constexpr bool kBlas = std::is_floating_point_v<C>;
  if constexpr (std::is_same_v<C, float>) {
    if (IsHalf(lhs.type()) && IsHalf(inst.shape().type()) && IsInOrder(lhs_normal, lhs.shape()) &&
        p.m * p.n * p.batch > 0 && p.k > 0) {
      return BlockedHalfDot(inst, p, lhs, Prepare<float>(rhs, rhs_normal, rhs_trans, true));
    }
  }
  GemmOperand<C> a = Prepare<C>(lhs, lhs_normal, lhs_trans, kBlas);
  GemmOperand<C> b = Prepare<C>(rhs, rhs_normal, rhs_trans, kBlas);
  Literal out(inst.shape());
  const bool direct = out.type() == NativeToPrimitiveType<C>();
  std::vector<C> staging(direct ? 0 : static_cast<size_t>(out.ElementCount()), C(0));
  C* result = direct ? out.data<C>().data() : staging.data();
  if (p.m * p.n * p.batch > 0 && p.k > 0) {
    if constexpr (kBlas) {
      Gemm<C>(p, a, b, result);
    } else {
      IntDot(p, a.data, b.data, result);
    }
  }
  if (!direct) FromVector(staging, out);
  return out;
}

}  // namespace

Expected<Literal> EvalDot(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() != 2 || !ops[0]->shape().IsArray() || !ops[1]->shape().IsArray() ||
      !inst.shape().IsArray()) {
    return InvalidArgument("dot takes two arrays");
  }
  const Literal& lhs = *ops[0];
  const Literal& rhs = *ops[1];
  ASSIGN_OR_RETURN(DotPlan plan, MakePlan(inst, lhs.shape(), rhs.shape()));
  const PrimitiveType types[] = {lhs.type(), rhs.type(), inst.shape().type()};
  bool any_f64 = false, any_float = false;
  for (PrimitiveType t : types) {
    any_f64 = any_f64 || t == PrimitiveType::kF64;
    any_float = any_float || IsFloating(t);
  }
  if (!any_f64 && plan.m * plan.n * plan.batch > 0 && plan.k > 0 &&
      UseOnednn(lhs, rhs, inst.shape().type(), plan)) {
    ASSIGN_OR_RETURN(std::optional<Literal> out, OnednnDot(inst, plan, lhs, rhs));
    if (out) return std::move(*out);
  }
  // Accumulate in f64 when f64 is involved, f32 for the other float types, 64-bit for integers.
  if (any_f64) return RunDot<double>(inst, plan, lhs, rhs);
  if (any_float) return RunDot<float>(inst, plan, lhs, rhs);
  return RunDot<uint64_t>(inst, plan, lhs, rhs);
}

}  // namespace xpar
