// 16-bit dots run blocked (dot.cc: lhs rows and result rows converted one block at a time):
// results against a double-precision loop on the same rounded inputs, for batched dots, row
// counts that are not a multiple of the block, a transposed rhs and mixed bf16/f16/f32 types.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "interpreter_core_test_util.h"

namespace xpar {
namespace {

Literal Random(PrimitiveType t, std::vector<int64_t> dims, uint32_t seed) {
  Literal l(Shape(t, std::move(dims)));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int64_t i = 0; i < l.ElementCount(); ++i) l.SetFromDouble(i, u(rng));
  return l;
}

struct DotCase {
  const char *lhs_t, *rhs_t, *out_t;
  bool rhs_transposed;  // rhs stored [batch, N, K]
};

TEST(KernelsDot, BlockedHalfDotMatchesDoubleReference) {
  const int64_t batch = 2, m = 300, k = 37, n = 19;
  for (const DotCase& c :
       {DotCase{"bf16", "bf16", "bf16", false}, DotCase{"f16", "f32", "f16", true},
        DotCase{"bf16", "f16", "bf16", true}}) {
    SCOPED_TRACE(fmt::format("{} x {} -> {}", c.lhs_t, c.rhs_t, c.out_t));
    const std::vector<int64_t> rhs_dims =
        c.rhs_transposed ? std::vector<int64_t>{batch, n, k} : std::vector<int64_t>{batch, k, n};
    const std::string hlo = Module1(fmt::format(
        "  a = {0}[{3},{4},{5}] parameter(0)\n  b = {1}[{7}] parameter(1)\n"
        "  ROOT d = {2}[{3},{4},{6}] dot(a, b), lhs_batch_dims={{0}}, rhs_batch_dims={{0}}, "
        "lhs_contracting_dims={{2}}, rhs_contracting_dims={{{8}}}",
        c.lhs_t, c.rhs_t, c.out_t, batch, m, k, n, fmt::join(rhs_dims, ","),
        c.rhs_transposed ? 2 : 1));
    Literal a = Random(*PrimitiveTypeFromName(c.lhs_t), {batch, m, k}, 1);
    Literal b = Random(*PrimitiveTypeFromName(c.rhs_t), rhs_dims, 2);
    Literal got = RunHlo(hlo, {a, b});
    ASSERT_EQ(got.ElementCount(), batch * m * n);
    for (int64_t bi = 0; bi < batch; ++bi) {
      for (int64_t r = 0; r < m; ++r) {
        for (int64_t col = 0; col < n; ++col) {
          double want = 0;
          for (int64_t x = 0; x < k; ++x) {
            const int64_t bidx = c.rhs_transposed ? (bi * n + col) * k + x : (bi * k + x) * n + col;
            want += a.GetAsDouble((bi * m + r) * k + x) * b.GetAsDouble(bidx);
          }
          // One rounding of an f32 sum to the 16-bit result: 2^-8 (bf16) relative, plus slack.
          ASSERT_NEAR(got.GetAsDouble((bi * m + r) * n + col), want, 8e-3 * (1 + std::fabs(want)))
              << bi << "," << r << "," << col;
        }
      }
    }
  }
}

}  // namespace
}  // namespace xpar
