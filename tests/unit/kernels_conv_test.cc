// The im2col + GEMM convolution (conv_gemm.cc) against the direct reference loop
// (convolution.cc) on random convolutions: every dimension numbering (random label orders),
// 0 to 3 spatial dimensions, strides, padding (negative too), lhs and rhs dilation, window
// reversal, feature groups (grouped, depthwise) and batch groups, f32/bf16/f16/f64.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "runtime/interpreter/conv_internal.h"
#include "interpreter_core_test_util.h"

namespace xpar {
namespace {

struct ConvCase {
  std::string text;
  std::vector<int64_t> lhs_dims, rhs_dims;
  PrimitiveType type;
};

// Dimension sizes for a label string ("b01f"): size_of(label char).
template <typename F>
std::vector<int64_t> DimsFor(const std::string& labels, F size_of) {
  std::vector<int64_t> d;
  for (char c : labels) d.push_back(size_of(c));
  return d;
}

std::string ShapeText(PrimitiveType t, const std::vector<int64_t>& dims) {
  return fmt::format("{}[{}]", PrimitiveTypeName(t), fmt::join(dims, ","));
}

std::string Shuffled(std::string s, std::mt19937& rng) {
  std::shuffle(s.begin(), s.end(), rng);
  return s;
}

// A random valid convolution (dimension sizes kept small so the reference loop is fast).
ConvCase RandomConv(std::mt19937& rng, PrimitiveType type) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int ns = pick(0, 3);
  const std::string sp = std::string("012").substr(0, ns);
  const int fg = pick(0, 2) == 0 ? pick(2, 3) : 1, bg = fg == 1 && pick(0, 3) == 0 ? 2 : 1;
  const int batch = bg * pick(1, 2), cin_per = pick(1, 3), out = fg * bg * pick(1, 3);
  std::vector<int> in(ns), k(ns), o(ns);
  std::string window = "window={size=", stride, pad, ldil, rdil, rev;
  for (int s = 0; s < ns; ++s) {
    const char* sep = s ? "x" : "";
    in[s] = pick(1, 7), k[s] = pick(1, 3);
    int st = pick(1, 2), lo = pick(-1, 2), hi = pick(-1, 2), ld = pick(1, 2), rd = pick(1, 2);
    const int padded = (in[s] - 1) * ld + 1 + lo + hi, span = (k[s] - 1) * rd + 1;
    if (padded < span) lo = hi = span;  // keep at least one output position
    o[s] = ((in[s] - 1) * ld + 1 + lo + hi - span) / st + 1;
    window += fmt::format("{}{}", sep, k[s]);
    stride += fmt::format("{}{}", sep, st);
    pad += fmt::format("{}{}_{}", sep, lo, hi);
    ldil += fmt::format("{}{}", sep, ld), rdil += fmt::format("{}{}", sep, rd);
    rev += fmt::format("{}{}", sep, pick(0, 1));
  }
  if (ns > 0) {
    window += fmt::format(" stride={} pad={} lhs_dilate={} rhs_dilate={} rhs_reversal={}", stride,
                          pad, ldil, rdil, rev);
  }
  window += "}, ";
  const std::string ll = Shuffled("bf" + sp, rng), rl = Shuffled("io" + sp, rng),
                    ol = Shuffled("bf" + sp, rng);
  auto lhs = DimsFor(ll, [&](char c) {
    return c == 'b' ? batch : c == 'f' ? cin_per * fg : in[c - '0'];
  });
  auto rhs = DimsFor(rl, [&](char c) { return c == 'i' ? cin_per : c == 'o' ? out : k[c - '0']; });
  auto res = DimsFor(ol, [&](char c) {
    return c == 'b' ? batch / bg : c == 'f' ? out : o[c - '0'];
  });
  std::string text = Module1(
      fmt::format("  a = {} parameter(0)\n  k = {} parameter(1)\n  ROOT r = {} convolution(a, k), "
                  "{}dim_labels={}_{}->{}, feature_group_count={}, batch_group_count={}",
                  ShapeText(type, lhs), ShapeText(type, rhs), ShapeText(type, res),
                  ns > 0 ? window : std::string(), ll, rl, ol, fg, bg));
  return {text, lhs, rhs, type};
}

Literal RandomLiteral(PrimitiveType t, std::vector<int64_t> dims, std::mt19937& rng) {
  Literal l(Shape(t, std::move(dims)));
  std::uniform_real_distribution<double> u(-1, 1);
  for (int64_t i = 0; i < l.ElementCount(); ++i) l.SetFromDouble(i, u(rng));
  return l;
}

void ExpectGemmMatchesReference(const ConvCase& c, std::mt19937& rng, double tol) {
  SCOPED_TRACE(c.text);
  Literal a = RandomLiteral(c.type, c.lhs_dims, rng), k = RandomLiteral(c.type, c.rhs_dims, rng);
  auto module = ParseHloModule(c.text);
  ASSERT_TRUE(module.ok()) << module.status().ToString();
  const Literal* ops[] = {&a, &k};
  Expected<Literal> want = EvalConvolutionReference(*(*module)->entry()->root(), ops);
  ASSERT_TRUE(want.ok()) << want.status().ToString();
  Literal got = RunHlo(c.text, {a, k});
  ASSERT_EQ(got.shape().dims(), want->shape().dims());
  for (int64_t i = 0; i < got.ElementCount(); ++i) {
    const double w = want->GetAsDouble(i);
    ASSERT_NEAR(got.GetAsDouble(i), w, tol * (1 + std::fabs(w))) << "element " << i;
  }
}

TEST(KernelsConv, GemmMatchesReferenceF32) {
  std::mt19937 rng(17);
  for (int trial = 0; trial < 150; ++trial) {
    ExpectGemmMatchesReference(RandomConv(rng, PrimitiveType::kF32), rng, 1e-5);
  }
}

TEST(KernelsConv, GemmMatchesReferenceHalfAndDouble) {
  std::mt19937 rng(18);
  for (int trial = 0; trial < 40; ++trial) {
    // 16-bit results are rounded from f32 sums taken in another order: one ulp apart at most.
    ExpectGemmMatchesReference(RandomConv(rng, PrimitiveType::kBF16), rng, 1.6e-2);
    ExpectGemmMatchesReference(RandomConv(rng, PrimitiveType::kF16), rng, 2e-3);
    ExpectGemmMatchesReference(RandomConv(rng, PrimitiveType::kF64), rng, 1e-12);
  }
}

// The forms XLA gives the two backward convolutions of out = conv(x, w), 3x3, stride 2, pad 1:
// the input gradient (lhs-dilated by the stride, reversed window, io swapped) and the filter
// gradient (batch and feature roles swapped: x is read as [f, b, ...]).
TEST(KernelsConv, BackwardConvolutionForms) {
  std::mt19937 rng(19);
  const std::string input_grad = Module1(
      "  dy = f32[2,8,4,4] parameter(0)\n  w = f32[8,3,3,3] parameter(1)\n"
      "  ROOT dx = f32[2,3,8,8] convolution(dy, w), window={size=3x3 pad=1_2x1_2 lhs_dilate=2x2 "
      "rhs_reversal=1x1}, dim_labels=bf01_io01->bf01");
  ExpectGemmMatchesReference({input_grad, {2, 8, 4, 4}, {8, 3, 3, 3}, PrimitiveType::kF32}, rng,
                             1e-5);
  const std::string filter_grad = Module1(
      "  x = f32[2,3,8,8] parameter(0)\n  dy = f32[2,8,4,4] parameter(1)\n"
      "  ROOT dw = f32[8,3,3,3] convolution(x, dy), window={size=4x4 stride=1x1 pad=1_0x1_0 "
      "rhs_dilate=2x2}, dim_labels=fb01_io01->fb01");
  ExpectGemmMatchesReference({filter_grad, {2, 3, 8, 8}, {2, 8, 4, 4}, PrimitiveType::kF32}, rng,
                             1e-5);
}

TEST(KernelsConv, BadWindowIsAnError) {
  Expected<Literal> r = TryRunHlo(
      Module1("  a = f32[1,1,4] parameter(0)\n  k = f32[1,1,3] parameter(1)\n"
              "  ROOT r = f32[1,1,3] convolution(a, k), window={size=3}, dim_labels=bf0_oi0->bf0"),
      {Literal(Shape(PrimitiveType::kF32, {1, 1, 4})),
       Literal(Shape(PrimitiveType::kF32, {1, 1, 3}))});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("output spatial dimension 0 should be 2"), std::string::npos)
      << r.status().ToString();
}

}  // namespace
}  // namespace xpar
