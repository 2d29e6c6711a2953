// DeviceContext::xla_cpu_numerics: the interpreter rounds as XLA's CPU backend does (FMA
// contraction of a multiply read only by an add/subtract; per-feature FMA chains in
// convolutions), and rounds each op as StableHLO specifies when it is off.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "frontends/stablehlo/stablehlo_parser.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

Literal RunWith(const std::string& text, std::vector<Literal> args, bool xla_cpu) {
  auto module = ParseStableHlo(text);
  EXPECT_TRUE(module.ok()) << module.status().message();
  DeviceContext dev;
  dev.xla_cpu_numerics = xla_cpu;
  Interpreter interp(**module, dev);
  auto out = interp.Run(args);
  EXPECT_TRUE(out.ok()) << out.status().message();
  return out.ok() ? std::move(*out) : Literal();
}

std::vector<Literal> One(Literal x) {
  std::vector<Literal> v;
  v.push_back(std::move(x));
  return v;
}

// 1 - x*x at x = 0.9983375 (acos's decomposition): the FMA keeps the bits the separate
// multiply rounds away before the cancellation.
const char kOneMinusSquare[] = R"(
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %one = stablehlo.constant dense<1.0> : tensor<2xf32>
  %sq = stablehlo.multiply %x, %x : tensor<2xf32>
  %r = stablehlo.subtract %one, %sq : tensor<2xf32>
  func.return %r : tensor<2xf32>
})";

TEST(XlaCpuNumerics, MultiplyThenSubtractIsOneFma) {
  const std::vector<float> x = {0.9983375f, -0.75f};
  Literal fused = RunWith(kOneMinusSquare, One(Literal::FromVector<float>({2}, x)), true);
  Literal plain = RunWith(kOneMinusSquare, One(Literal::FromVector<float>({2}, x)), false);
  for (int i = 0; i < 2; ++i) {
    EXPECT_EQ(fused.data<float>()[i], std::fma(-x[i], x[i], 1.0f));
    volatile float sq = x[i] * x[i];  // rounded, as StableHLO's multiply is
    EXPECT_EQ(plain.data<float>()[i], 1.0f - sq);
  }
  EXPECT_NE(fused.data<float>()[0], plain.data<float>()[0]);
}

// A multiply with a second reader is not contracted (LLVM contracts single-use products only).
TEST(XlaCpuNumerics, SharedProductIsRounded) {
  const char text[] = R"(
func.func @main(%x: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %one = stablehlo.constant dense<1.0> : tensor<f32>
  %sq = stablehlo.multiply %x, %x : tensor<f32>
  %r = stablehlo.subtract %one, %sq : tensor<f32>
  func.return %r, %sq : tensor<f32>, tensor<f32>
})";
  const float x = 0.9983375f;
  Literal out = RunWith(text, One(Literal::FromVector<float>({}, {x})), true);
  volatile float sq = x * x;
  EXPECT_EQ(out.elements()[0].data<float>()[0], 1.0f - sq);
}

// Output 6 of JAX's conv_general_dilated f32 1x16x2 test (lhs_dilate 2): two taps of two input
// features that cancel to 1e-1 of the terms, here as a plain 2-tap window. XLA CPU's value
// (-0.42873621) is each feature's FMA chain over the taps, then the two partials added; no
// order of rounded products reaches it (the exact sum rounds to -0.42873681).
TEST(XlaCpuNumerics, ConvolutionSumsPerFeatureFmaChains) {
  const char text[] = R"(
func.func @main(%l: tensor<1x2x2xf32>, %w: tensor<2x2x1xf32>) -> tensor<1x1x1xf32> {
  %r = stablehlo.convolution(%l, %w) dim_numbers = [b, 0, f]x[0, i, o]->[b, 0, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x2x2xf32>, tensor<2x2x1xf32>) -> tensor<1x1x1xf32>
  func.return %r : tensor<1x1x1xf32>
})";
  const std::vector<float> l = {4.420030e+00f, 0.840528547f, 1.07607019f, -3.43172455f};
  const std::vector<float> w = {-1.16260839f, -0.214550629f, -0.495644063f, -1.58046222f};
  auto args = [&] {
    std::vector<Literal> a;
    a.push_back(Literal::FromVector<float>({1, 2, 2}, l));
    a.push_back(Literal::FromVector<float>({2, 2, 1}, w));
    return a;
  };
  Literal xla = RunWith(text, args(), true);
  volatile float p0 = l[0] * w[0], p1 = l[1] * w[1];
  const float f0 = std::fma(l[2], w[2], p0);
  const float f1 = std::fma(l[3], w[3], p1);
  EXPECT_EQ(xla.data<float>()[0], f0 + f1);
  EXPECT_EQ(xla.data<float>()[0], -0.42873621f);
  Literal plain = RunWith(text, args(), false);
  EXPECT_NEAR(plain.data<float>()[0], -0.42873681f, 5e-7f);
}

}  // namespace
}  // namespace xpar
