// Elementwise loop fusion with converts (runtime/interpreter/fusion.h): a bf16 chain that widens
// to f32, computes and narrows back runs as one fused pass (no f32 intermediate is held) and
// gives the unfused kernels' bits; converts to or from integers stay unfused and still agree.
#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "frontends/hlo/hlo_parser.h"
#include "runtime/interpreter/fusion.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/thread_pool.h"
#include "interpreter_core_test_util.h"

namespace xpar {
namespace {

constexpr int64_t kN = 1 << 16;  // above fusion's minimum size, several threads' chunks

std::unique_ptr<Module> Parse(const std::string& text) {
  auto m = ParseHloModule(text, "kernels_fusion_convert_test.hlo");
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  return m.ok() ? std::move(m).value() : nullptr;
}

Literal Random(PrimitiveType t, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> dist(-3.0, 3.0);
  Literal l = Literal::Uninitialized(Shape(t, {kN}));
  for (int64_t i = 0; i < kN; ++i) l.SetFromDouble(i, dist(rng));
  return l;
}

bool SameBits(const Literal& a, const Literal& b) {
  return a.size_bytes() == b.size_bytes() && a.size_bytes() > 0 &&
         std::memcmp(a.raw(), b.raw(), static_cast<size_t>(a.size_bytes())) == 0;
}

const char* kWidenNarrow = R"(HloModule m
ENTRY e {
  a = bf16[65536] parameter(0)
  b = bf16[65536] parameter(1)
  c = f16[65536] parameter(2)
  a32 = f32[65536] convert(a)
  b32 = f32[65536] convert(b)
  p = f32[65536] multiply(a32, b32)
  x = f32[65536] exponential(p)
  c32 = f32[65536] convert(c)
  s = f32[65536] add(x, c32)
  d = f64[65536] convert(s)
  t = f64[65536] tanh(d)
  ROOT y = bf16[65536] convert(t)
})";

TEST(FusionConvert, WidenComputeNarrowIsOnePass) {
  auto m = Parse(kWidenNarrow);
  ASSERT_TRUE(m);
  std::vector<Literal> args = {Random(PrimitiveType::kBF16, 1), Random(PrimitiveType::kBF16, 2),
                               Random(PrimitiveType::kF16, 3)};
  Ran fused = RunWith(*m, args, true, 3);
  Ran single = RunWith(*m, args, true, 1);
  Ran unfused = RunWith(*m, args, false, 1);
  EXPECT_TRUE(SameBits(fused.value, unfused.value));
  EXPECT_TRUE(SameBits(single.value, unfused.value));
  // Fused: only the bf16 result is ever held; unfused holds f32/f64 intermediates too.
  EXPECT_EQ(fused.peak, kN * 2);
  EXPECT_GT(unfused.peak, kN * 8);
}

TEST(FusionConvert, IntegerConvertsStayOutAndAgree) {
  auto m = Parse(R"(HloModule m
ENTRY e {
  a = f32[65536] parameter(0)
  i = s32[65536] convert(a)
  f = f32[65536] convert(i)
  ROOT y = f32[65536] multiply(f, a)
})");
  ASSERT_TRUE(m);
  std::vector<Literal> args = {Random(PrimitiveType::kF32, 4)};
  Ran fused = RunWith(*m, args, true, 3);
  Ran unfused = RunWith(*m, args, false, 1);
  EXPECT_TRUE(SameBits(fused.value, unfused.value));
  // f32 <- s32 is not fused: the s32 and f32 intermediates are held.
  EXPECT_GE(fused.peak, kN * 4 * 2);
}

}  // namespace
}  // namespace xpar
