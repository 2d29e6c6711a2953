// The depthwise convolution kernel (conv_gemm.cc RunDepthwise: one input feature per group)
// against the direct reference loop (convolution.cc) on random depthwise convolutions: label
// orders, 1 to 3 spatial dimensions, strides, padding (negative too), both dilations, window
// reversal, channel multipliers. f32 results are the reference's bits (same order of
// additions), on 1 and on 3 threads; bf16 to one ulp.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>

#include "interpreter_core_test_util.h"
#include "runtime/interpreter/conv_internal.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

struct Case {
  std::string text;
  std::vector<int64_t> lhs, rhs;
};

std::string Dims(const std::vector<int64_t>& d) { return fmt::format("{}", fmt::join(d, ",")); }

// A random depthwise convolution of `type` with `channels` groups; its last spatial dimension
// has `last_lo` to `last_hi` input elements.
Case RandomDepthwise(std::mt19937& rng, const char* type, int channels, int last_lo = 3,
                     int last_hi = 9) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int ns = pick(1, 3), batch = pick(1, 2), mult = pick(1, 2);
  std::string size, stride, pad, ldil, rdil, rev;
  std::vector<int> in(ns), k(ns), o(ns);
  for (int s = 0; s < ns; ++s) {
    const char* sep = s ? "x" : "";
    in[s] = s + 1 == ns ? pick(last_lo, last_hi) : pick(3, 9), k[s] = pick(1, 3);
    int st = pick(1, 2), lo = pick(-1, 2), hi = pick(-1, 2), ld = pick(1, 2), rd = pick(1, 2);
    const int span = (k[s] - 1) * rd + 1;
    if ((in[s] - 1) * ld + 1 + lo + hi < span) lo = hi = span;
    o[s] = ((in[s] - 1) * ld + 1 + lo + hi - span) / st + 1;
    size += fmt::format("{}{}", sep, k[s]), stride += fmt::format("{}{}", sep, st);
    pad += fmt::format("{}{}_{}", sep, lo, hi), rev += fmt::format("{}{}", sep, pick(0, 1));
    ldil += fmt::format("{}{}", sep, ld), rdil += fmt::format("{}{}", sep, rd);
  }
  std::string sp = std::string("012").substr(0, ns), ll = "bf" + sp, rl = "io" + sp, ol = "bf" + sp;
  std::shuffle(ll.begin(), ll.end(), rng);
  std::shuffle(rl.begin(), rl.end(), rng);
  std::shuffle(ol.begin(), ol.end(), rng);
  auto dims = [](const std::string& labels, auto size_of) {
    std::vector<int64_t> d;
    for (char c : labels) d.push_back(size_of(c));
    return d;
  };
  auto lhs = dims(ll, [&](char c) { return c == 'b' ? batch : c == 'f' ? channels : in[c - '0']; });
  auto rhs = dims(rl, [&](char c) {
    return c == 'i' ? 1 : c == 'o' ? channels * mult : k[c - '0'];
  });
  auto out = dims(ol, [&](char c) {
    return c == 'b' ? batch : c == 'f' ? channels * mult : o[c - '0'];
  });
  std::string text = Module1(fmt::format(
      "  a = {0}[{1}] parameter(0)\n  k = {0}[{2}] parameter(1)\n  ROOT r = {0}[{3}] "
      "convolution(a, k), window={{size={4} stride={5} pad={6} lhs_dilate={7} rhs_dilate={8} "
      "rhs_reversal={9}}}, dim_labels={10}_{11}->{12}, feature_group_count={13}",
      type, Dims(lhs), Dims(rhs), Dims(out), size, stride, pad, ldil, rdil, rev, ll, rl, ol,
      channels));
  return {text, lhs, rhs};
}

Literal RandomLiteral(PrimitiveType t, std::vector<int64_t> dims, std::mt19937& rng) {
  Literal l(Shape(t, std::move(dims)));
  std::uniform_real_distribution<double> u(-1, 1);
  for (int64_t i = 0; i < l.ElementCount(); ++i) l.SetFromDouble(i, u(rng));
  return l;
}

// Runs the case on `threads` kernel threads and compares with the reference loop.
void ExpectMatchesReference(const Case& c, PrimitiveType t, std::mt19937& rng, double tol) {
  SCOPED_TRACE(c.text);
  Literal a = RandomLiteral(t, c.lhs, rng), k = RandomLiteral(t, c.rhs, rng);
  auto module = ParseHloModule(c.text);
  ASSERT_TRUE(module.ok()) << module.status().ToString();
  const Literal* ops[] = {&a, &k};
  Expected<Literal> want = EvalConvolutionReference(*(*module)->entry()->root(), ops);
  ASSERT_TRUE(want.ok()) << want.status().ToString();
  const int before = KernelThreads();
  for (int threads : {1, 3}) {
    SetKernelThreads(threads);
    Literal got = RunHlo(c.text, {a, k});
    ASSERT_EQ(got.shape().dims(), want->shape().dims());
    if (tol == 0) {
      EXPECT_TRUE(got == *want) << threads << " threads";
      continue;
    }
    for (int64_t i = 0; i < got.ElementCount(); ++i) {
      const double w = want->GetAsDouble(i);
      ASSERT_NEAR(got.GetAsDouble(i), w, tol * (1 + std::fabs(w))) << "element " << i;
    }
  }
  SetKernelThreads(before);
}

TEST(KernelsConvDepthwise, F32IsTheReferencesBits) {
  std::mt19937 rng(23);
  for (int trial = 0; trial < 60; ++trial) {
    Case c = RandomDepthwise(rng, "f32", std::uniform_int_distribution<int>(2, 12)(rng));
    ExpectMatchesReference(c, PrimitiveType::kF32, rng, 0);
  }
}

// Rows of 24 to 90 elements: the 2-D kernel's blocks of 8 and 32 outputs, the last block
// overlapping the one before.
TEST(KernelsConvDepthwise, F32WideRowsAreTheReferencesBits) {
  std::mt19937 rng(25);
  for (int trial = 0; trial < 40; ++trial) {
    Case c = RandomDepthwise(rng, "f32", std::uniform_int_distribution<int>(2, 4)(rng), 24, 90);
    ExpectMatchesReference(c, PrimitiveType::kF32, rng, 0);
  }
}

TEST(KernelsConvDepthwise, Bf16WithinOneUlp) {
  std::mt19937 rng(24);
  for (int trial = 0; trial < 20; ++trial) {
    Case c = RandomDepthwise(rng, "bf16", std::uniform_int_distribution<int>(2, 8)(rng));
    ExpectMatchesReference(c, PrimitiveType::kBF16, rng, 1.6e-2);
  }
}

// MobileNet's shape: 3x3, stride 1, pad 1, 32 channels of 28x28, NCHW.
TEST(KernelsConvDepthwise, MobileNetBlock) {
  std::mt19937 rng(25);
  const std::string text = Module1(
      "  a = f32[2,32,28,28] parameter(0)\n  k = f32[32,1,3,3] parameter(1)\n"
      "  ROOT r = f32[2,32,28,28] convolution(a, k), window={size=3x3 pad=1_1x1_1}, "
      "dim_labels=bf01_oi01->bf01, feature_group_count=32");
  ExpectMatchesReference({text, {2, 32, 28, 28}, {32, 1, 3, 3}}, PrimitiveType::kF32, rng, 0);
}

// Rows several vectors wide (the random cases above are at most 9 wide): asymmetric and
// negative padding, rhs dilation, windows taller or wider than the padding, channels-last
// labels; the reference's bits on 1 and 3 threads.
TEST(KernelsConvDepthwise, WideRowsAreTheReferencesBits) {
  std::mt19937 rng(26);
  struct Shape2 {
    int h, w, kh, kw, dil;
    const char* pad;
  };
  for (const Shape2& c : {Shape2{5, 17, 3, 3, 1, "1_1x1_1"}, Shape2{9, 33, 3, 5, 1, "2_0x0_3"},
                          Shape2{6, 40, 2, 3, 2, "0_1x2_2"}, Shape2{7, 24, 3, 3, 1, "-1_1x1_-1"},
                          Shape2{4, 56, 1, 7, 1, "0_0x3_3"}}) {
    int pl[2][2];
    std::sscanf(c.pad, "%d_%dx%d_%d", &pl[0][0], &pl[0][1], &pl[1][0], &pl[1][1]);
    const int oh = c.h + pl[0][0] + pl[0][1] - ((c.kh - 1) * c.dil + 1) + 1;
    const int ow = c.w + pl[1][0] + pl[1][1] - ((c.kw - 1) * c.dil + 1) + 1;
    const std::string text = Module1(fmt::format(
        "  a = f32[2,{0},{1},6] parameter(0)\n  k = f32[{2},{3},1,6] parameter(1)\n"
        "  ROOT r = f32[2,{4},{5},6] convolution(a, k), window={{size={2}x{3} pad={6} "
        "rhs_dilate={7}x{7}}}, dim_labels=b01f_01io->b01f, feature_group_count=6",
        c.h, c.w, c.kh, c.kw, oh, ow, c.pad, c.dil));
    ExpectMatchesReference({text, {2, c.h, c.w, 6}, {c.kh, c.kw, 1, 6}}, PrimitiveType::kF32,
                           rng, 0);
  }
}

// 2-D unit-stride planes sum their taps over zero-padded rows (3x3 in one pass per output);
// that is the reference's bits only for finite taps, so a plane with an infinite or NaN tap
// takes the loop that skips the padding: the reference's bits either way (a padded tap would
// add inf * 0 = NaN where the reference adds nothing). Channel multiplier 2, reversal, and
// padding on every side.
TEST(KernelsConvDepthwise, NonFiniteTapsAndMultipliersAreTheReferencesBits) {
  std::mt19937 rng(27);
  const std::string text = Module1(
      "  a = f32[2,4,9,21] parameter(0)\n  k = f32[8,1,3,3] parameter(1)\n"
      "  ROOT r = f32[2,8,9,21] convolution(a, k), window={size=3x3 pad=1_1x1_1 "
      "rhs_reversal=0x1}, dim_labels=bf01_oi01->bf01, feature_group_count=4");
  Literal a = RandomLiteral(PrimitiveType::kF32, {2, 4, 9, 21}, rng);
  Literal k = RandomLiteral(PrimitiveType::kF32, {8, 1, 3, 3}, rng);
  k.SetFromDouble(0, std::numeric_limits<double>::infinity());  // group 0, tap (0,0)
  k.SetFromDouble(5 * 9 + 8, std::nan(""));                     // group 2, tap (2,2)
  auto module = ParseHloModule(text);
  ASSERT_TRUE(module.ok()) << module.status().ToString();
  const Literal* ops[] = {&a, &k};
  Expected<Literal> want = EvalConvolutionReference(*(*module)->entry()->root(), ops);
  ASSERT_TRUE(want.ok()) << want.status().ToString();
  // Padding's skipped taps keep the border of the inf plane finite: a zero-padded sum would not.
  int64_t finite = 0;
  for (int64_t i = 0; i < 9 * 21; ++i) finite += std::isfinite(want->GetAsDouble(i));
  EXPECT_GT(finite, 0);
  for (int threads : {1, 3}) {
    const int before = KernelThreads();
    SetKernelThreads(threads);
    Literal got = RunHlo(text, {a, k});
    SetKernelThreads(before);
    EXPECT_TRUE(got == *want) << threads << " threads";
  }
}

}  // namespace
}  // namespace xpar
