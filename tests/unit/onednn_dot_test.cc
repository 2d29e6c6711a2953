// bf16/f16 dots on oneDNN's matmul (runtime/interpreter/onednn.h) against a double-precision
// loop on the same rounded inputs: batch dimensions, transposed operands (as strides), operands
// in neither layout (copied), odd sizes, 16-bit and f32 results; and the same dots with oneDNN
// off (OpenBLAS through f32) agree with it to one rounding of the result.
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "interpreter_core_test_util.h"
#include "onednn_test_util.h"
#include "runtime/interpreter/onednn.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

Literal Random(PrimitiveType t, const std::vector<int64_t>& dims, uint32_t seed) {
  Literal l(Shape(t, dims));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int64_t i = 0; i < l.ElementCount(); ++i) l.SetFromDouble(i, u(rng));
  return l;
}

// Relative size of one rounding to type t.
double Ulp(PrimitiveType t) {
  return t == PrimitiveType::kBF16 ? 0x1p-8 : t == PrimitiveType::kF16 ? 0x1p-11 : 0x1p-23;
}

// A dot of lhs [dims in `lhs_order`] x rhs [dims in `rhs_order`], where the letters name the
// roles: b batch, m lhs free, k contracting, n rhs free (lowercase letters only).
struct DotCase {
  std::string lhs_order, rhs_order;
  int64_t b, m, k, n;
  PrimitiveType in, out;
};

std::vector<int64_t> DimsOf(const DotCase& c, const std::string& order) {
  std::vector<int64_t> dims;
  for (char x : order) dims.push_back(x == 'b' ? c.b : x == 'm' ? c.m : x == 'k' ? c.k : c.n);
  return dims;
}

std::string Hlo(const DotCase& c) {
  auto pos = [](const std::string& order, char x) { return order.find(x); };
  const bool batched = c.lhs_order.find('b') != std::string::npos;
  const std::string out_dims =
      batched ? fmt::format("{},{},{}", c.b, c.m, c.n) : fmt::format("{},{}", c.m, c.n);
  std::string attrs = batched ? fmt::format("lhs_batch_dims={{{}}}, rhs_batch_dims={{{}}}, ",
                                            pos(c.lhs_order, 'b'), pos(c.rhs_order, 'b'))
                              : "";
  attrs += fmt::format("lhs_contracting_dims={{{}}}, rhs_contracting_dims={{{}}}",
                       pos(c.lhs_order, 'k'), pos(c.rhs_order, 'k'));
  const std::string t(PrimitiveTypeName(c.in));
  return Module1(
      fmt::format("  a = {0}[{1}] parameter(0)\n  b = {0}[{2}] parameter(1)\n"
                  "  ROOT d = {3}[{4}] dot(a, b), {5}",
                  t, fmt::join(DimsOf(c, c.lhs_order), ","), fmt::join(DimsOf(c, c.rhs_order), ","),
                  PrimitiveTypeName(c.out), out_dims, attrs));
}

// Linear index of the element with role indices (b, m, k, n) in an operand of that order.
int64_t Index(const DotCase& c, const std::string& order, int64_t b, int64_t m, int64_t k,
              int64_t n) {
  int64_t idx = 0;
  for (char x : order) {
    const int64_t size = x == 'b' ? c.b : x == 'm' ? c.m : x == 'k' ? c.k : c.n;
    idx = idx * size + (x == 'b' ? b : x == 'm' ? m : x == 'k' ? k : n);
  }
  return idx;
}

void ExpectMatchesReference(const DotCase& c, const Literal& got, const Literal& a,
                            const Literal& b) {
  const int64_t batches = c.lhs_order.find('b') != std::string::npos ? c.b : 1;
  ASSERT_EQ(got.ElementCount(), batches * c.m * c.n);
  for (int64_t bi = 0; bi < batches; ++bi) {
    for (int64_t r = 0; r < c.m; ++r) {
      for (int64_t col = 0; col < c.n; ++col) {
        double want = 0, magnitude = 0;
        for (int64_t x = 0; x < c.k; ++x) {
          const double p = a.GetAsDouble(Index(c, c.lhs_order, bi, r, x, 0)) *
                           b.GetAsDouble(Index(c, c.rhs_order, bi, 0, x, col));
          want += p, magnitude += std::fabs(p);
        }
        // One rounding to the result type, plus f32 accumulation error in any order.
        const double tol = Ulp(c.out) * std::fabs(want) + 1e-6 * c.k * magnitude + 1e-30;
        ASSERT_NEAR(got.GetAsDouble((bi * c.m + r) * c.n + col), want, tol)
            << bi << "," << r << "," << col;
      }
    }
  }
}

void RunCase(const DotCase& c, uint32_t seed) {
  SCOPED_TRACE(Hlo(c));
  const Literal a = Random(c.in, DimsOf(c, c.lhs_order), seed);
  const Literal b = Random(c.in, DimsOf(c, c.rhs_order), seed + 1);
  onednn::SetEnabled(true);
  const int64_t before = onednn::GetCounters().matmuls;
  const Literal got = RunHlo(Hlo(c), {a, b});
  // oneDNN has bf16 and f32 kernels on every AVX-512 machine; f16 ones only on some.
  if (c.in == PrimitiveType::kF32 || (c.in == PrimitiveType::kBF16 && OnednnRunsBf16())) {
    EXPECT_EQ(onednn::GetCounters().matmuls, before + 1);
  }
  ExpectMatchesReference(c, got, a, b);
  onednn::SetEnabled(false);
  const Literal blas = RunHlo(Hlo(c), {a, b});
  onednn::SetEnabled(true);
  ASSERT_EQ(blas.ElementCount(), got.ElementCount());
  for (int64_t i = 0; i < got.ElementCount(); ++i) {
    const double x = got.GetAsDouble(i), y = blas.GetAsDouble(i);
    ASSERT_NEAR(x, y, 2 * Ulp(c.out) * std::fabs(y) + 1e-6 * c.k) << "element " << i;
  }
}

TEST(OnednnDot, MatchesDoubleReferenceBf16) {
  constexpr PrimitiveType kB = PrimitiveType::kBF16, kF = PrimitiveType::kF32;
  const DotCase cases[] = {
      {"mk", "kn", 0, 64, 64, 64, kB, kB},   {"mk", "kn", 0, 33, 129, 17, kB, kB},
      {"km", "kn", 0, 31, 70, 45, kB, kB},   {"mk", "nk", 0, 5, 300, 7, kB, kF},
      {"km", "nk", 0, 1, 257, 1, kB, kB},    {"bmk", "bkn", 3, 20, 37, 19, kB, kB},
      {"bkm", "bnk", 2, 130, 9, 65, kB, kF}, {"kbm", "nbk", 2, 12, 40, 11, kB, kB},
      {"mbk", "bkn", 4, 3, 200, 16, kB, kF}, {"bmk", "bkn", 1, 1, 1, 1, kB, kB},
  };
  uint32_t seed = 1;
  for (const DotCase& c : cases) RunCase(c, seed += 2);
}

TEST(OnednnDot, MatchesDoubleReferenceF16) {
  constexpr PrimitiveType kH = PrimitiveType::kF16, kF = PrimitiveType::kF32;
  const DotCase cases[] = {
      {"mk", "kn", 0, 48, 96, 40, kH, kH},
      {"bkm", "bnk", 2, 17, 33, 9, kH, kF},
      {"mbk", "nbk", 3, 8, 64, 5, kH, kH},
  };
  uint32_t seed = 100;
  for (const DotCase& c : cases) RunCase(c, seed += 2);
}

// f32 dots of at least 2^18 multiply-adds (dot.cc's threshold) run on oneDNN too.
TEST(OnednnDot, MatchesDoubleReferenceF32) {
  constexpr PrimitiveType kF = PrimitiveType::kF32;
  const DotCase cases[] = {
      {"bmk", "bkn", 2, 70, 64, 33, kF, kF},
      {"km", "nk", 0, 100, 50, 60, kF, kF},
      {"mbk", "nbk", 3, 41, 65, 40, kF, kF},
  };
  uint32_t seed = 200;
  for (const DotCase& c : cases) RunCase(c, seed += 2);
}

// On two kernel threads the rows are split (each part its own single-threaded primitive, rows
// offset in the lhs and the result, transposed too); products at least twice as wide as tall
// split their columns in blocks of 64 (a ragged last block; B offset by columns or, transposed,
// by rows; the result's rows keep their full stride).
TEST(OnednnDot, SplitOverTwoThreads) {
  constexpr PrimitiveType kB = PrimitiveType::kBF16, kF = PrimitiveType::kF32;
  SetKernelThreads(2);
  const DotCase cases[] = {
      {"bmk", "bkn", 2, 301, 64, 48, kB, kB},
      {"km", "nk", 0, 257, 96, 70, kB, kF},
      {"bkm", "bkn", 2, 200, 80, 40, kF, kF},
      {"mk", "nk", 0, 16, 96, 1000, kF, kF},
      {"bmk", "bkn", 2, 9, 40, 333, kB, kB},
      {"km", "kn", 0, 3, 200, 130, kB, kF},
      {"mbk", "nbk", 2, 20, 64, 517, kF, kF},
  };
  uint32_t seed = 300;
  for (const DotCase& c : cases) RunCase(c, seed += 2);
  SetKernelThreads(MachineCores());
}

// bf16 inputs, f32 result: 256 + 128 x (1.0078125 - 1) = 257 exactly when summed in f32; bf16
// partial sums (spacing 2 above 256) would lose every 2^-7.
TEST(OnednnDot, AccumulatesInF32) {
  const int64_t k = 257;
  Literal a(Shape(PrimitiveType::kBF16, {1, k})), b(Shape(PrimitiveType::kBF16, {k, 1}));
  a.SetFromDouble(0, 256), b.SetFromDouble(0, 1);
  for (int64_t i = 1; i < k; ++i) {
    a.SetFromDouble(i, i % 2 ? 1.0 : -1.0);
    b.SetFromDouble(i, i % 2 ? 1.0 + 0x1p-7 : 1.0);
  }
  const int64_t before = onednn::GetCounters().matmuls;
  const Literal got = RunHlo(
      Module1("  a = bf16[1,257] parameter(0)\n  b = bf16[257,1] parameter(1)\n"
              "  ROOT d = f32[1,1] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}"),
      {a, b});
  if (OnednnRunsBf16()) {
    EXPECT_EQ(onednn::GetCounters().matmuls, before + 1);
  }
  EXPECT_EQ(got.GetAsDouble(0), 257.0);
}

}  // namespace
}  // namespace xpar
