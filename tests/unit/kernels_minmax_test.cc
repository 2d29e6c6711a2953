// maximum/minimum (elementwise_arith.cc, reduce_util.h): the vectorised selects keep XLA's
// semantics on large arrays, unfused and fused, threaded: a NaN operand gives that NaN (the
// first operand's when both are), otherwise the larger/smaller with the first operand on ties
// (so max(-0, +0) is -0 and max(+0, -0) is +0).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>

#include "frontends/hlo/hlo_parser.h"
#include "runtime/interpreter/fusion.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

constexpr int64_t kN = 1 << 17;  // above the fusion minimum and one thread's chunk

float Expected(bool max, float a, float b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  return max ? (a > b ? a : b) : (a < b ? a : b);
}

uint32_t Bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

TEST(KernelsMinMax, NanAndSignedZeroSemanticsOnLargeArrays) {
  const float nan_a = std::bit_cast<float>(0x7fc00001u), nan_b = std::bit_cast<float>(0xffc00002u);
  const float cycle[][2] = {{1, 2},       {2, 1},      {-0.0f, 0.0f}, {0.0f, -0.0f},
                            {nan_a, 1},   {1, nan_b},  {nan_a, nan_b}, {-3, -3},
                            {-INFINITY, 5}, {INFINITY, nan_b}};
  std::vector<float> a(kN), b(kN);
  for (int64_t i = 0; i < kN; ++i) {
    a[i] = cycle[i % 10][0], b[i] = cycle[i % 10][1];
  }
  const Literal la = Literal::FromVector<float>({kN}, a), lb = Literal::FromVector<float>({kN}, b);
  for (const char* op : {"maximum", "minimum"}) {
    // Unfused (the op alone), and fused (behind a negate pair, bit-exact for every value).
    for (bool fused : {false, true}) {
      SCOPED_TRACE(fmt::format("{} fused={}", op, fused));
      const std::string body =
          fused ? fmt::format("  na = f32[{0}] negate(a)\n  nna = f32[{0}] negate(na)\n"
                              "  ROOT r = f32[{0}] {1}(nna, b)",
                              kN, op)
                : fmt::format("  ROOT r = f32[{}] {}(a, b)", kN, op);
      auto m = ParseHloModule(fmt::format(
          "HloModule mm\nENTRY e {{\n  a = f32[{0}] parameter(0)\n  b = f32[{0}] parameter(1)\n"
          "{1}\n}}\n",
          kN, body));
      ASSERT_TRUE(m.ok()) << m.status().ToString();
      for (int threads : {1, 4}) {
        SetKernelThreads(threads);
        Interpreter interp(**m);
        auto r = interp.Run(std::vector<Literal>{la, lb});
        SetKernelThreads(MachineCores());
        ASSERT_TRUE(r.ok()) << r.status().ToString();
        const bool max = std::string(op) == "maximum";
        for (int64_t i = 0; i < kN; ++i) {
          ASSERT_EQ(Bits(r->data<float>()[i]), Bits(Expected(max, a[i], b[i])))
              << threads << " threads, element " << i;
        }
      }
    }
  }
}

}  // namespace
}  // namespace xpar
