// Index ops inside elementwise loop fusion (fusion.cc): the one-hot label mask of a traced
// cross-entropy loss (iota == broadcast(labels), then select) runs as one pass without
// materialising the s64 iota or the mask, with the unfused kernels' bits; iota along an outer
// dimension, TOTALORDER float compares and s32 selects agree too; a compare whose comparison
// type does not fit its operands stays unfused and reports its error. Also libmvec's tanh, erf
// and exp (vector_math.h) against libm's.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "frontends/hlo/hlo_parser.h"
#include "interpreter_core_test_util.h"
#include "runtime/interpreter/vector_math.h"

namespace xpar {
namespace {

bool SameBytes(const Literal& a, const Literal& b) {
  return a.size_bytes() == b.size_bytes() &&
         std::memcmp(a.raw(), b.raw(), static_cast<size_t>(a.size_bytes())) == 0;
}

// The loss tail torch.jit.trace gives cross_entropy: x: f32[R,V] log-probabilities, labels:
// s64[R]; y[r, v] = x[r, v] where v == labels[r], else 0.
std::string OneHotMask(int64_t r, int64_t v) {
  return fmt::format(R"(HloModule onehot
ENTRY e {{
  x = f32[{0},{1}] parameter(0)
  labels = s64[{0}] parameter(1)
  i = s64[{0},{1}] iota(), iota_dimension=1
  lb = s64[{0},{1}] broadcast(labels), dimensions={{0}}
  m = pred[{0},{1}] compare(i, lb), direction=EQ
  zero = f32[] constant(0)
  zb = f32[{0},{1}] broadcast(zero), dimensions={{}}
  ROOT y = f32[{0},{1}] select(m, x, zb)
}}
)",
                     r, v);
}

TEST(FusionIndex, OneHotMaskIsOnePassWithTheUnfusedBits) {
  const int64_t r = 37, v = 1009;  // 37k elements: fused, several blocks per thread
  auto m = ParseHloModule(OneHotMask(r, v));
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  Literal labels(Shape(PrimitiveType::kS64, {r}));
  for (int64_t k = 0; k < r; ++k) labels.SetFromDouble(k, static_cast<double>((k * 131) % v));
  const std::vector<Literal> args = {UniformLiteral(PrimitiveType::kF32, {r, v}, 7), labels};
  const Ran unfused = RunWith(**m, args, false, 1);
  for (int64_t row : {int64_t{0}, int64_t{5}, r - 1}) {
    const int64_t label = (row * 131) % v;
    for (int64_t col : {int64_t{0}, label, v - 1}) {
      const double want = col == label ? args[0].GetAsDouble(row * v + col) : 0.0;
      EXPECT_EQ(unfused.value.GetAsDouble(row * v + col), want) << row << "," << col;
    }
  }
  for (int threads : {1, 4}) {
    const Ran fused = RunWith(**m, args, true, threads);
    EXPECT_TRUE(SameBytes(fused.value, unfused.value)) << threads << " threads";
    // Only the result is held: no s64 iota, broadcast or mask (2.5x the result) materialised.
    EXPECT_LE(fused.peak, fused.value.size_bytes() + 256) << threads << " threads";
  }
  EXPECT_GE(unfused.peak, 2 * unfused.value.size_bytes());
}

// Iota along the outer dimension (runs of equal values) in f32 and s32, a TOTALORDER compare
// of floats (-0 < +0, NaN above inf), and a select of s32 values.
TEST(FusionIndex, OuterIotaTotalOrderAndIntSelectAgree) {
  auto m = ParseHloModule(R"(HloModule outer
ENTRY e {
  x = f32[130,150] parameter(0)
  k = s32[130,150] parameter(1)
  fi = f32[130,150] iota(), iota_dimension=0
  c = pred[130,150] compare(x, fi), direction=LT, type=TOTALORDER
  si = s32[130,150] iota(), iota_dimension=0
  ROOT y = s32[130,150] select(c, si, k)
}
)");
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  Literal x = UniformLiteral(PrimitiveType::kF32, {130, 150}, 8);
  for (int64_t i = 0; i < x.ElementCount(); ++i) x.SetFromDouble(i, x.GetAsDouble(i) * 100);
  x.data<float>()[3] = std::numeric_limits<float>::quiet_NaN();  // row 0: NaN > 0, keeps k
  x.data<float>()[4] = -0.0f;                                     // row 0: -0 < +0, takes 0
  Literal k(Shape(PrimitiveType::kS32, {130, 150}));
  for (int64_t i = 0; i < k.ElementCount(); ++i) k.SetFromDouble(i, static_cast<double>(-i));
  const std::vector<Literal> args = {x, k};
  const Ran unfused = RunWith(**m, args, false, 1);
  EXPECT_EQ(unfused.value.GetAsDouble(3), -3.0);
  EXPECT_EQ(unfused.value.GetAsDouble(4), 0.0);
  for (int64_t i : {int64_t{151}, int64_t{129 * 150 + 7}}) {
    const double row = static_cast<double>(i / 150);
    EXPECT_EQ(unfused.value.GetAsDouble(i), x.GetAsDouble(i) < row ? row : -double(i)) << i;
  }
  for (int threads : {1, 4}) {
    EXPECT_TRUE(SameBytes(RunWith(**m, args, true, threads).value, unfused.value)) << threads;
  }
}

// SIGNED on floats is an error of the unfused compare; fusion leaves it to that kernel.
TEST(FusionIndex, MismatchedComparisonTypeStaysUnfusedAndFails) {
  Expected<Literal> r = TryRunHlo(Module1(
      "  x = f32[200,100] parameter(0)\n"
      "  i = f32[200,100] iota(), iota_dimension=1\n"
      "  c = pred[200,100] compare(x, i), direction=LT, type=SIGNED\n"
      "  zero = f32[] constant(0)\n"
      "  z = f32[200,100] broadcast(zero), dimensions={}\n"
      "  ROOT y = f32[200,100] select(c, x, z)"),
      {UniformLiteral(PrimitiveType::kF32, {200, 100}, 9)});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("SIGNED/UNSIGNED comparison"), std::string::npos)
      << r.status().ToString();
}

int64_t UlpDistance(float a, float b) {
  auto key = [](float f) {
    int32_t i;
    std::memcpy(&i, &f, 4);
    return i < 0 ? -static_cast<int64_t>(i & 0x7fffffff) : static_cast<int64_t>(i);
  };
  return std::llabs(key(a) - key(b));
}

TEST(VectorMath, TanhWithinThreeUlpOfLibm) {
  std::vector<float> x;
  for (int i = -20000; i <= 20000; ++i) x.push_back(static_cast<float>(i) * 1e-3f);  // [-20, 20]
  for (float s : {1e-30f, 1e-8f, 3e-4f, 9.5f, 1e30f}) {
    x.push_back(s);
    x.push_back(-s);
  }
  x.push_back(std::numeric_limits<float>::infinity());
  x.push_back(-std::numeric_limits<float>::infinity());
  x.push_back(-0.0f);
  x.push_back(std::numeric_limits<float>::quiet_NaN());
  x.push_back(0.5f);  // an odd length: a padded tail
  std::vector<float> y(x.size());
  if (!VectorTanhF32(x.data(), y.data(), static_cast<int64_t>(x.size()))) {
    GTEST_SKIP() << "no AVX2 on this CPU: tanh stays scalar";
  }
  for (size_t i = 0; i < x.size(); ++i) {
    const float want = std::tanh(x[i]);
    if (std::isnan(want)) {
      EXPECT_TRUE(std::isnan(y[i])) << x[i];
    } else {
      EXPECT_LE(UlpDistance(y[i], want), 3) << "tanh(" << x[i] << ") = " << y[i] << " vs " << want;
    }
  }
  EXPECT_TRUE(std::signbit(y[x.size() - 3]));  // tanh(-0) = -0
  // A value's result does not depend on its position (fused blocks vs whole arrays).
  float one = 0;
  ASSERT_TRUE(VectorTanhF32(&x[12345], &one, 1));
  EXPECT_EQ(one, y[12345]);
}

TEST(VectorMath, ErfWithinFourUlpOfLibm) {
  std::vector<float> x;
  for (int i = -6000; i <= 6000; ++i) x.push_back(static_cast<float>(i) * 1e-3f);  // [-6, 6]
  for (float s : {1e-30f, 1e-6f, 10.0f, 1e30f, std::numeric_limits<float>::infinity()}) {
    x.push_back(s);
    x.push_back(-s);
  }
  x.push_back(std::numeric_limits<float>::quiet_NaN());
  std::vector<float> y(x.size());
  if (!VectorErfF32(x.data(), y.data(), static_cast<int64_t>(x.size()))) {
    GTEST_SKIP() << "no AVX2 on this CPU: erf stays scalar";
  }
  for (size_t i = 0; i + 1 < x.size(); ++i) {
    EXPECT_LE(UlpDistance(y[i], std::erf(x[i])), 4) << "erf(" << x[i] << ") = " << y[i];
  }
  EXPECT_TRUE(std::isnan(y.back()));
}

// Inputs far below zero (a causal mask's -inf) give +0 without libmvec's scalar slow path;
// the subnormal range and the rest match libm's expf as before (libmvec's slow path is libm's).
TEST(VectorMath, ExpOfLargeNegativesIsZeroAndMatchesLibmNearIt) {
  std::vector<float> x = {-std::numeric_limits<float>::infinity(), -1e30f, -200.0f, -104.5f,
                          -104.0f, -103.9f, -103.0f, -95.0f, -87.5f, -87.0f, -1.0f, 0.0f, 3.5f};
  for (int i = 0; i < 37; ++i) x.push_back(-110.0f + static_cast<float>(i) * 0.75f);
  std::vector<float> y(x.size());
  if (!VectorExpF32(x.data(), y.data(), static_cast<int64_t>(x.size()))) {
    GTEST_SKIP() << "no AVX2 on this CPU";
  }
  for (size_t i = 0; i < x.size(); ++i) {
    if (x[i] < -104.0f) {
      EXPECT_EQ(y[i], 0.0f) << x[i];
      EXPECT_FALSE(std::signbit(y[i])) << x[i];
    } else if (x[i] < -87.0f) {  // subnormal results: libmvec's libm fallback, exactly
      EXPECT_EQ(y[i], std::exp(x[i])) << x[i];
    } else {
      EXPECT_LE(UlpDistance(y[i], std::exp(x[i])), 2) << x[i];
    }
  }
}

}  // namespace
}  // namespace xpar
