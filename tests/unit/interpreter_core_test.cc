// Core interpreter kernels (elementwise, data movement, dot, reduce, reduce-window,
// select-and-scatter, convolution) run on small HLO modules against hand-computed values.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "interpreter_core_test_util.h"

namespace xpar {
namespace {

TEST(InterpreterCoreElementwise, FloatArithmetic) {
  Literal r = RunHlo(Module1(R"(
  a = f32[4] constant({1, -2, 3.5, 0})
  b = f32[4] constant({2, 4, -1, 0})
  s = f32[4] add(a, b)
  m = f32[4] multiply(s, b)
  ROOT d = f32[4] divide(m, a))"));
  std::vector<double> v = Values(r);
  EXPECT_EQ(v[0], 6);
  EXPECT_EQ(v[1], -4);
  EXPECT_NEAR(v[2], -2.5 / 3.5, 1e-6);
  EXPECT_TRUE(std::isnan(v[3]));  // 0 / 0
}

TEST(InterpreterCoreElementwise, IntegerDivisionFollowsXla) {
  Literal q = RunHlo(Module1(R"(
  a = s32[4] constant({7, -7, -2147483648, 5})
  b = s32[4] constant({2, 2, -1, 0})
  ROOT d = s32[4] divide(a, b))"));
  EXPECT_EQ(Values(q), (std::vector<double>{3, -3, -2147483648.0, -1}));
  Literal r = RunHlo(Module1(R"(
  a = s32[4] constant({7, -7, -2147483648, 5})
  b = s32[4] constant({2, 2, -1, 0})
  ROOT d = s32[4] remainder(a, b))"));
  EXPECT_EQ(Values(r), (std::vector<double>{1, -1, 0, 5}));
  Literal u = RunHlo(Module1(R"(
  a = u8[2] constant({200, 9})
  b = u8[2] constant({0, 4})
  ROOT d = u8[2] divide(a, b))"));
  EXPECT_EQ(Values(u), (std::vector<double>{255, 2}));
}

TEST(InterpreterCoreElementwise, ShiftsPastTheWidth) {
  std::string consts = R"(
  a = s8[3] constant({-128, 64, -3})
  b = s8[3] constant({8, 1, 9}))";
  EXPECT_EQ(Values(RunHlo(Module1(consts + "\n  ROOT r = s8[3] shift-left(a, b)"))),
            (std::vector<double>{0, -128, 0}));
  EXPECT_EQ(Values(RunHlo(Module1(consts + "\n  ROOT r = s8[3] shift-right-logical(a, b)"))),
            (std::vector<double>{0, 32, 0}));
  EXPECT_EQ(Values(RunHlo(Module1(consts + "\n  ROOT r = s8[3] shift-right-arithmetic(a, b)"))),
            (std::vector<double>{-1, 32, -1}));
}

TEST(InterpreterCoreElementwise, IntegerPowerAndBitCounts) {
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = s32[5] constant({2, 1, -1, 3, 0})
  b = s32[5] constant({10, -5, -3, -1, 0})
  ROOT r = s32[5] power(a, b))"))),
            (std::vector<double>{1024, 1, 0, 0, 1}));
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = u16[3] constant({0, 1, 65535})
  ROOT r = u16[3] count-leading-zeros(a))"))),
            (std::vector<double>{16, 15, 0}));
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = s32[3] constant({0, 7, -1})
  ROOT r = s32[3] popcnt(a))"))),
            (std::vector<double>{0, 3, 32}));
}

TEST(InterpreterCoreElementwise, CompareTotalOrder) {
  // -NaN < -inf < -1 < -0 < +0 < 1 < inf < NaN
  Literal args = Literal::FromVector<float>(
      {8}, {-std::numeric_limits<float>::quiet_NaN(), -INFINITY, -1.0f, -0.0f, 0.0f, 1.0f, INFINITY,
            std::numeric_limits<float>::quiet_NaN()});
  Literal shifted = Literal::FromVector<float>(
      {8}, {-INFINITY, -1.0f, -0.0f, 0.0f, 1.0f, INFINITY, std::numeric_limits<float>::quiet_NaN(),
            std::numeric_limits<float>::quiet_NaN()});
  std::string text = Module1(R"(
  a = f32[8] parameter(0)
  b = f32[8] parameter(1)
  ROOT r = pred[8] compare(a, b), direction=LT, type=TOTALORDER)");
  std::vector<Literal> in;
  in.push_back(args);
  in.push_back(shifted);
  EXPECT_EQ(Values(RunHlo(text, std::move(in))), (std::vector<double>{1, 1, 1, 1, 1, 1, 1, 0}));
  // The default float comparison: NaN is unordered, -0 == +0.
  Literal f = RunHlo(Module1(R"(
  a = f32[3] constant({nan, -0, 1})
  b = f32[3] constant({nan, 0, 2})
  ROOT r = pred[3] compare(a, b), direction=EQ)"));
  EXPECT_EQ(Values(f), (std::vector<double>{0, 1, 0}));
  Literal u = RunHlo(Module1(R"(
  a = s32[2] constant({-1, 1})
  b = s32[2] constant({1, 2})
  ROOT r = pred[2] compare(a, b), direction=LT, type=UNSIGNED)"));
  EXPECT_EQ(Values(u), (std::vector<double>{0, 1}));
}

TEST(InterpreterCoreElementwise, ConvertSaturatesAndRounds) {
  std::vector<Literal> in;
  in.push_back(Literal::FromVector<float>(
      {6}, {3.9f, -3.9f, 1e10f, -1e10f, std::numeric_limits<float>::quiet_NaN(), 300.0f}));
  Literal s = RunHlo(Module1(R"(
  a = f32[6] parameter(0)
  ROOT r = s32[6] convert(a))"),
                     {in[0]});
  EXPECT_EQ(Values(s), (std::vector<double>{3, -3, 2147483647.0, -2147483648.0, 0, 300}));
  Literal u = RunHlo(Module1(R"(
  a = f32[6] parameter(0)
  ROOT r = u8[6] convert(a))"),
                     {in[0]});
  EXPECT_EQ(Values(u), (std::vector<double>{3, 0, 255, 0, 0, 255}));
  Literal p = RunHlo(Module1(R"(
  a = f32[6] parameter(0)
  ROOT r = pred[6] convert(a))"),
                     {in[0]});
  EXPECT_EQ(Values(p), (std::vector<double>{1, 1, 1, 1, 1, 1}));
  // 1 + 2^-8 is halfway between two bf16 values: ties go to even (1.0).
  Literal b = RunHlo(Module1(R"(
  a = f32[3] constant({1.00390625, 1.01171875, -2.5})
  ROOT r = bf16[3] convert(a))"));
  EXPECT_EQ(Values(b), (std::vector<double>{1.0, 1.015625, -2.5}));
  Literal w = RunHlo(Module1(R"(
  a = s32[2] constant({300, -1})
  ROOT r = u8[2] convert(a))"));
  EXPECT_EQ(Values(w), (std::vector<double>{44, 255}));
}

TEST(InterpreterCoreElementwise, Bf16ArithmeticRoundsOnStore) {
  Literal r = RunHlo(Module1(R"(
  a = bf16[2] constant({1, 256})
  b = bf16[2] constant({0.00390625, 1})
  ROOT r = bf16[2] add(a, b))"));
  // 1 + 2^-8 ties to 1; 256 + 1 = 257 is not representable (spacing 2) and ties to 256.
  EXPECT_EQ(Values(r), (std::vector<double>{1.0, 256.0}));
}

TEST(InterpreterCoreElementwise, SelectClampAndUnaryMath) {
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  p = pred[] constant(false)
  a = s32[3] constant({1, 2, 3})
  b = s32[3] constant({4, 5, 6})
  ROOT r = s32[3] select(p, a, b))"))),
            (std::vector<double>{4, 5, 6}));
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  lo = f32[] constant(0)
  x = f32[4] constant({-1, 0.5, 7, nan})
  hi = f32[] constant(6)
  ROOT r = f32[4] clamp(lo, x, hi))")))[2],
            6);
  std::vector<double> u = Values(RunHlo(Module1(R"(
  x = f32[6] constant({0, -0, -2.5, 2.5, 0.5, -7})
  ROOT r = f32[6] sign(x))")));
  EXPECT_EQ(u, (std::vector<double>{0, 0, -1, 1, 1, -1}));
  std::vector<double> re = Values(RunHlo(Module1(R"(
  x = f32[4] constant({0.5, 1.5, 2.5, -2.5})
  ROOT r = f32[4] round-nearest-even(x))")));
  EXPECT_EQ(re, (std::vector<double>{0, 2, 2, -2}));
  std::vector<double> ra = Values(RunHlo(Module1(R"(
  x = f32[4] constant({0.5, 1.5, 2.5, -2.5})
  ROOT r = f32[4] round-nearest-afz(x))")));
  EXPECT_EQ(ra, (std::vector<double>{1, 2, 3, -3}));
  std::vector<double> lg = Values(RunHlo(Module1(R"(
  x = f32[2] constant({0, 2})
  ROOT r = f32[2] logistic(x))")));
  EXPECT_NEAR(lg[0], 0.5, 1e-7);
  EXPECT_NEAR(lg[1], 1 / (1 + std::exp(-2.0)), 1e-6);
}

TEST(InterpreterCoreElementwise, ReducePrecisionToBf16Format) {
  std::vector<double> v = Values(RunHlo(Module1(R"(
  x = f32[4] constant({1.00390625, 1.01171875, 1e5, 1e-8})
  ROOT r = f32[4] reduce-precision(x), exponent_bits=5, mantissa_bits=7)")));
  EXPECT_EQ(v[0], 1.0);
  EXPECT_EQ(v[1], 1.015625);
  EXPECT_TRUE(std::isinf(v[2]));  // beyond the 5-bit exponent range
  EXPECT_EQ(v[3], 0.0);
}

TEST(InterpreterCoreElementwise, MapCallsItsComputation) {
  Literal r = RunHlo(R"(
HloModule t

f {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  m = f32[] multiply(x, y)
  ROOT s = f32[] add(m, x)
}

ENTRY e {
  a = f32[3] constant({1, 2, 3})
  b = f32[3] constant({10, 20, 30})
  ROOT r = f32[3] map(a, b), dimensions={0}, to_apply=f
})");
  EXPECT_EQ(Values(r), (std::vector<double>{11, 42, 93}));
}

TEST(InterpreterCoreElementwise, BinaryOfMismatchedTypesIsAnError) {
  Expected<Literal> r = TryRunHlo(Module1(R"(
  a = f32[2] constant({1, 2})
  ROOT r = f32[2] shift-left(a, a))"));
  EXPECT_FALSE(r.ok());
}

}  // namespace
}  // namespace xpar

namespace xpar {
namespace {

TEST(InterpreterCoreDataMovement, BroadcastMapsOperandDimensions) {
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = s32[2] constant({1, 2})
  ROOT r = s32[2,3] broadcast(a), dimensions={0})"))),
            (std::vector<double>{1, 1, 1, 2, 2, 2}));
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = s32[2] constant({1, 2})
  ROOT r = s32[3,2] broadcast(a), dimensions={1})"))),
            (std::vector<double>{1, 2, 1, 2, 1, 2}));
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = f32[] constant(5)
  ROOT r = f32[2,2] broadcast(a), dimensions={})"))),
            (std::vector<double>{5, 5, 5, 5}));
}

TEST(InterpreterCoreDataMovement, TransposeMatchesIndexFormula) {
  // in[i][j][k] = 100 i + 10 j + k; out dim d is operand dim perm[d].
  Literal in(Shape(PrimitiveType::kS32, {2, 3, 40}));
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 40; ++k)
        in.data<int32_t>()[(i * 3 + j) * 40 + k] = 1000 * i + 100 * j + k;
  Literal out = RunHlo(Module1(R"(
  a = s32[2,3,40] parameter(0)
  ROOT r = s32[40,2,3] transpose(a), dimensions={2,0,1})"),
                       {in});
  ASSERT_EQ(out.shape().dims(), (std::vector<int64_t>{40, 2, 3}));
  for (int k = 0; k < 40; ++k)
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j)
        ASSERT_EQ(out.data<int32_t>()[(k * 2 + i) * 3 + j], 1000 * i + 100 * j + k);
}

TEST(InterpreterCoreDataMovement, TiledTransposeWithPartialTiles) {
  // 40 x 35 is large enough for the cache-tiled path and not a multiple of its tile.
  Literal in(Shape(PrimitiveType::kF32, {40, 35}));
  for (int i = 0; i < 40 * 35; ++i) in.data<float>()[i] = static_cast<float>(i);
  Literal out = RunHlo(Module1(R"(
  a = f32[40,35] parameter(0)
  ROOT r = f32[35,40] transpose(a), dimensions={1,0})"),
                       {in});
  ASSERT_EQ(out.shape().dims(), (std::vector<int64_t>{35, 40}));
  for (int j = 0; j < 35; ++j)
    for (int i = 0; i < 40; ++i) ASSERT_EQ(out.data<float>()[j * 40 + i], i * 35 + j);
}

TEST(InterpreterCoreDataMovement, SliceConcatenateReverseIota) {
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = s32[10] iota(), iota_dimension=0
  ROOT r = s32[3] slice(a), slice={[1:8:3]})"))),
            (std::vector<double>{1, 4, 7}));
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = s32[2,1] constant({{1}, {2}})
  b = s32[2,2] constant({{3, 4}, {5, 6}})
  ROOT r = s32[2,3] concatenate(a, b), dimensions={1})"))),
            (std::vector<double>{1, 3, 4, 2, 5, 6}));
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = s32[2,3] constant({{1, 2, 3}, {4, 5, 6}})
  ROOT r = s32[2,3] reverse(a), dimensions={1})"))),
            (std::vector<double>{3, 2, 1, 6, 5, 4}));
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  ROOT r = f32[2,3] iota(), iota_dimension=1)"))),
            (std::vector<double>{0, 1, 2, 0, 1, 2}));
}

TEST(InterpreterCoreDataMovement, PadWithNegativeLowAndInterior) {
  // {1,2,3} interior 1 -> 1 0 2 0 3; low -1 drops the 1; high 2 adds two zeros.
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = s32[3] constant({1, 2, 3})
  z = s32[] constant(0)
  ROOT r = s32[6] pad(a, z), padding=-1_2_1)"))),
            (std::vector<double>{0, 2, 0, 3, 0, 0}));
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = f32[2,2] constant({{1, 2}, {3, 4}})
  p = f32[] constant(9)
  ROOT r = f32[3,2] pad(a, p), padding=1_0x0_-1_1)"))),
            (std::vector<double>{9, 9, 1, 9, 3, 9}));
}

TEST(InterpreterCoreDataMovement, DynamicSliceClampsStarts) {
  std::string base = R"(
  a = s32[5] iota(), iota_dimension=0
  i = s32[] constant()";
  EXPECT_EQ(Values(RunHlo(Module1(base + R"(4)
  ROOT r = s32[2] dynamic-slice(a, i), dynamic_slice_sizes={2})"))),
            (std::vector<double>{3, 4}));
  EXPECT_EQ(Values(RunHlo(Module1(base + R"(-1)
  ROOT r = s32[2] dynamic-slice(a, i), dynamic_slice_sizes={2})"))),
            (std::vector<double>{0, 1}));
  EXPECT_EQ(Values(RunHlo(Module1(base + R"(10)
  u = s32[2] constant({7, 8})
  ROOT r = s32[5] dynamic-update-slice(a, u, i))"))),
            (std::vector<double>{0, 1, 2, 7, 8}));
}

TEST(InterpreterCoreDataMovement, BitcastFollowsPhysicalLayout) {
  // f32[2,3]{1,0} and f32[3,2]{0,1} share one physical order: the bitcast is a transpose.
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = f32[2,3]{1,0} constant({{1, 2, 3}, {4, 5, 6}})
  ROOT r = f32[3,2]{0,1} bitcast(a))"))),
            (std::vector<double>{1, 4, 2, 5, 3, 6}));
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = f32[2,3] constant({{1, 2, 3}, {4, 5, 6}})
  ROOT r = f32[3,2] reshape(a))"))),
            (std::vector<double>{1, 2, 3, 4, 5, 6}));
}

}  // namespace
}  // namespace xpar
