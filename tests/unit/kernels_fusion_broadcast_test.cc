// Broadcasts inside elementwise loop fusion (fusion.cc): a batch norm + ReLU as a traced
// ResNet computes it (scale and shift broadcast per channel, a scalar zero) runs as one pass
// without materialising the broadcasts, and gives the unfused kernels' bits for f32 and bf16,
// per-channel, row and scalar broadcasts, on 1 and 4 threads.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <random>

#include "frontends/hlo/hlo_parser.h"
#include "runtime/interpreter/fusion.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/thread_pool.h"
#include "interpreter_core_test_util.h"

namespace xpar {
namespace {

// x: t[2,C,H,W]; scale: t[C] (per channel, dims={1}); shift: t[W] (per row element, dims={3});
// y = max(x * scale + shift, 0).
std::string BatchNormRelu(const char* t, int64_t c, int64_t h, int64_t w) {
  return fmt::format(R"(HloModule bn
ENTRY e {{
  x = {0}[2,{1},{2},{3}] parameter(0)
  scale = {0}[{1}] parameter(1)
  shift = {0}[{3}] parameter(2)
  sb = {0}[2,{1},{2},{3}] broadcast(scale), dimensions={{1}}
  m = {0}[2,{1},{2},{3}] multiply(x, sb)
  hb = {0}[2,{1},{2},{3}] broadcast(shift), dimensions={{3}}
  a = {0}[2,{1},{2},{3}] add(m, hb)
  zero = {0}[] constant(0)
  zb = {0}[2,{1},{2},{3}] broadcast(zero), dimensions={{}}
  ROOT y = {0}[2,{1},{2},{3}] maximum(a, zb)
}}
)",
                     t, c, h, w);
}

TEST(FusionBroadcast, BatchNormReluIsOnePassWithTheUnfusedBits) {
  // 72k elements: fused, several blocks per thread; channels of 1517 elements (blocks of 2048
  // cut at channel ends) and of 3360 (a channel over more than a block).
  for (auto [c, h, w] : {std::array<int64_t, 3>{24, 37, 41}, std::array<int64_t, 3>{6, 56, 60}}) {
    for (const char* t : {"f32", "bf16"}) {
      SCOPED_TRACE(fmt::format("{} {}x{}x{}", t, c, h, w));
      const PrimitiveType type = *PrimitiveTypeFromName(t);
      auto m = ParseHloModule(BatchNormRelu(t, c, h, w));
      ASSERT_TRUE(m.ok()) << m.status().ToString();
      const std::vector<Literal> args = {UniformLiteral(type, {2, c, h, w}, 1),
                                         UniformLiteral(type, {c}, 2),
                                         UniformLiteral(type, {w}, 3)};
      const Ran unfused = RunWith(**m, args, false, 1);
      // Spot check against the formula (values are exact in both types up to rounding).
      const double x0 = args[0].GetAsDouble(5 * h * w + 7), s0 = args[1].GetAsDouble(5);
      const double want = std::max(0.0, x0 * s0 + args[2].GetAsDouble(7));
      EXPECT_NEAR(unfused.value.GetAsDouble(5 * h * w + 7), want, 0.05 * (1 + std::abs(want)));
      for (int threads : {1, 4}) {
        const Ran fused = RunWith(**m, args, true, threads);
        ASSERT_EQ(fused.value.size_bytes(), unfused.value.size_bytes());
        EXPECT_EQ(std::memcmp(fused.value.raw(), unfused.value.raw(),
                              static_cast<size_t>(fused.value.size_bytes())),
                  0)
            << threads << " threads";
        // Only the result is held at the peak: no broadcast (or intermediate) is materialised.
        EXPECT_LE(fused.peak, fused.value.size_bytes() + 256) << threads << " threads";
      }
      EXPECT_GE(unfused.peak, 2 * unfused.value.size_bytes());
    }
  }
}

// A broadcast that maps operand dims out of order, or onto non-adjacent result dims, stays a
// kernel of its own: the same results as unfused.
TEST(FusionBroadcast, OtherBroadcastsStayUnfusedAndAgree) {
  auto m = ParseHloModule(R"(HloModule other
ENTRY e {
  x = f32[32,48,24] parameter(0)
  v = f32[32,24] parameter(1)
  vb = f32[32,48,24] broadcast(v), dimensions={0,2}
  ROOT y = f32[32,48,24] multiply(x, vb)
}
)");
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  const std::vector<Literal> args = {UniformLiteral(PrimitiveType::kF32, {32, 48, 24}, 4),
                                     UniformLiteral(PrimitiveType::kF32, {32, 24}, 5)};
  EXPECT_TRUE(RunWith(**m, args, true, 4).value == RunWith(**m, args, false, 1).value);
}

}  // namespace
}  // namespace xpar
