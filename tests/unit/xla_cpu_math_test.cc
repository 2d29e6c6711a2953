// f16 expm1/log1p/rsqrt/cbrt and f32 expm1 as XLA CPU computes them
// (runtime/interpreter/xla_cpu_math.h): the inputs and expected values are elements of JAX's op
// tests (tests/stablehlo_testdata, compared exactly there), each one ULP from the correctly rounded
// result, which is checked too so that the test cannot pass with the plain formula. The
// interpreter's f16 and f32 loops use them.
#include "runtime/interpreter/xla_cpu_math.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "runtime/interpreter/elementwise_internal.h"

namespace xpar {
namespace {

struct Sample {
  float x;            // the f16 input
  float want;         // JAX/XLA's f16 result
  float correct;      // the correctly rounded f16 result
};

float CorrectlyRounded(Opcode op, float x) {
  double d = x;
  switch (op) {
    case Opcode::kRsqrt: return xla_f16::R(static_cast<float>(1.0 / std::sqrt(d)));
    case Opcode::kCbrt: return xla_f16::R(static_cast<float>(std::cbrt(d)));
    case Opcode::kExpm1: return xla_f16::R(static_cast<float>(std::expm1(d)));
    case Opcode::kLog1p: return xla_f16::R(static_cast<float>(std::log1p(d)));
    default: return NAN;  // not one of the four ops
  }
}

// Runs `op` on f16 `x` through the interpreter's elementwise loop.
float InterpreterF16(Opcode op, float x) {
  f16 in(x), out;
  EXPECT_TRUE(FloatElementwiseBlock(op, PrimitiveType::kF16, &in, nullptr, &out, 1));
  return static_cast<float>(out);
}

void CheckOp(Opcode op, float (*fn)(float), const std::vector<Sample>& samples) {
  for (const Sample& s : samples) {
    SCOPED_TRACE(testing::Message() << HloOpcodeName(op) << "(" << s.x << ")");
    EXPECT_EQ(CorrectlyRounded(op, s.x), s.correct);
    EXPECT_NE(s.want, s.correct);
    EXPECT_EQ(fn(s.x), s.want);
    EXPECT_EQ(InterpreterF16(op, s.x), s.want);
  }
}

TEST(XlaCpuMathTest, RsqrtRoundsTheSquareRootFirst) {
  CheckOp(Opcode::kRsqrt, xla_f16::Rsqrt,
          {{0x1.648p+2f, 0x1.b2p-2f, 0x1.b1cp-2f}, {0x1.528p+1f, 0x1.3bp-1f, 0x1.3acp-1f},
           {0x1.c5cp+2f, 0x1.80cp-2f, 0x1.808p-2f}});
}

TEST(XlaCpuMathTest, CbrtIsPowOfOneThird) {
  CheckOp(Opcode::kCbrt, xla_f16::Cbrt,
          {{-0x1.e2p-3f, -0x1.3c4p-1f, -0x1.3cp-1f}, {-0x1.21cp+1f, -0x1.5p+0f, -0x1.504p+0f},
           {-0x1.588p+2f, -0x1.c08p+0f, -0x1.c0cp+0f}});
}

TEST(XlaCpuMathTest, Expm1UsesTanhBelowOneHalfAndExpMinusOneAbove) {
  CheckOp(Opcode::kExpm1, xla_f16::Expm1,
          {{-0x1.424p-3f, -0x1.2ap-3f, -0x1.2a4p-3f}, {0x1.928p+0f, 0x1.e88p+1f, 0x1.e8cp+1f},
           {-0x1.71cp-2f, -0x1.368p-2f, -0x1.364p-2f}});
  EXPECT_EQ(xla_f16::Expm1(0.0f), 0.0f);
  EXPECT_TRUE(std::signbit(xla_f16::Expm1(-0.0f)));
  EXPECT_EQ(xla_f16::Expm1(-INFINITY), -1.0f);
  EXPECT_TRUE(std::isnan(xla_f16::Expm1(NAN)));
}

TEST(XlaCpuMathTest, Log1pUsesCephesBelowSqrt2Minus1AndLogAbove) {
  CheckOp(Opcode::kLog1p, xla_f16::Log1p,
          {{0x1.b74p+0f, 0x1.ff4p-1f, 0x1.ff8p-1f}, {0x1.a6cp+0f, 0x1.f38p-1f, 0x1.f34p-1f},
           {0x1.eacp+0f, 0x1.124p+0f, 0x1.12p+0f}, {-0.331787109375f, -0.4033203125f,
                                                  -0.403076171875f}});
  EXPECT_EQ(xla_f16::Log1p(-1.0f), -INFINITY);
  EXPECT_TRUE(std::isnan(xla_f16::Log1p(-2.0f)));
  EXPECT_TRUE(std::isnan(xla_f16::Log1p(NAN)));
}

// expm1_shape_float32_20_20.mlir[122]: e^x by XLA's Cephes polynomial, then minus 1.
TEST(XlaCpuMathTest, F32Expm1UsesXlaExpPolynomial) {
  const float x = 7.058809f, want = 1162.058837890625f;
  EXPECT_EQ(static_cast<float>(std::expm1(static_cast<double>(x))), 1162.0589599609375f);
  EXPECT_EQ(xla_f32::Expm1(x), want);
  float out = 0;
  ASSERT_TRUE(FloatElementwiseBlock(Opcode::kExpm1, PrimitiveType::kF32, &x, nullptr, &out, 1));
  EXPECT_EQ(out, want);
  for (float v : {-80.0f, -3.0f, -0.25f, 1e-20f, 0.3f, 2.0f, 40.0f}) {
    SCOPED_TRACE(v);
    EXPECT_NEAR(xla_f32::Expm1(v), std::expm1(static_cast<double>(v)),
                4e-7 * std::fabs(std::expm1(static_cast<double>(v))));
  }
  EXPECT_EQ(xla_f32::Expm1(-INFINITY), -1.0f);
  EXPECT_EQ(xla_f32::Expm1(INFINITY), INFINITY);
  EXPECT_TRUE(std::isnan(xla_f32::Expm1(NAN)));
}

// bf16 keeps one f32 evaluation rounded once (XLA promotes bf16 ops to f32): rsqrt(1.5703125).
TEST(XlaCpuMathTest, Bf16IsNotAffected) {
  bf16 in(1.5703125f), out;
  ASSERT_TRUE(FloatElementwiseBlock(Opcode::kRsqrt, PrimitiveType::kBF16, &in, nullptr, &out, 1));
  EXPECT_EQ(static_cast<float>(out), static_cast<float>(bf16(1.0f / std::sqrt(1.5703125f))));
  EXPECT_EQ(static_cast<float>(out), 0.796875f);
}

}  // namespace
}  // namespace xpar
