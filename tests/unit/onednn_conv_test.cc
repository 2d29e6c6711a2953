// bf16/f16 forward convolutions on oneDNN (conv_onednn.cc) against the direct reference loop
// (f32 sums, one rounding): random dimension numberings, 1-3 spatial dimensions, strides,
// padding, rhs dilation, feature groups (grouped and depthwise), f32 results of 16-bit inputs,
// f32 convolutions;
// forms oneDNN does not take (lhs dilation, reversal, batch groups) must leave it unused.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "interpreter_core_test_util.h"
#include "onednn_test_util.h"
#include "runtime/interpreter/conv_internal.h"
#include "runtime/interpreter/onednn.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

std::string ShapeText(PrimitiveType t, const std::vector<int64_t>& dims) {
  return fmt::format("{}[{}]", PrimitiveTypeName(t), fmt::join(dims, ","));
}

Literal RandomLiteral(PrimitiveType t, const std::vector<int64_t>& dims, std::mt19937& rng) {
  Literal l(Shape(t, dims));
  std::uniform_real_distribution<double> u(-1, 1);
  for (int64_t i = 0; i < l.ElementCount(); ++i) l.SetFromDouble(i, u(rng));
  return l;
}

struct Conv {
  std::string text;
  std::vector<int64_t> lhs, rhs;
  bool depthwise = false;
};

// A random convolution oneDNN takes: labels in random order, sizes up to ResNet-like channels.
Conv RandomConv(std::mt19937& rng, PrimitiveType in, PrimitiveType out) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int ns = pick(1, 3);
  const std::string sp = std::string("012").substr(0, ns);
  const int kind = pick(0, 3);  // 0: depthwise, 1: grouped, else dense
  const int groups = kind == 0 ? pick(2, 16) : kind == 1 ? pick(2, 3) : 1;
  const int cin = kind == 0 ? 1 : pick(1, 24), cout = kind == 0 ? 1 : pick(1, 24);
  const int batch = pick(1, 3);
  std::vector<int64_t> spatial(ns), k(ns), o(ns);
  std::string size, stride, pad, rdil;
  for (int s = 0; s < ns; ++s) {
    const char* sep = s ? "x" : "";
    spatial[s] = pick(ns == 3 ? 3 : 5, ns == 3 ? 6 : 14), k[s] = pick(1, 3);
    const int st = pick(1, 2), lo = pick(0, 2), hi = pick(0, 2), rd = pick(1, 2);
    o[s] = std::max<int64_t>(0, (spatial[s] + lo + hi - ((k[s] - 1) * rd + 1))) / st + 1;
    size += fmt::format("{}{}", sep, k[s]), stride += fmt::format("{}{}", sep, st);
    pad += fmt::format("{}{}_{}", sep, lo, hi), rdil += fmt::format("{}{}", sep, rd);
    if (spatial[s] + lo + hi < (k[s] - 1) * rd + 1) return RandomConv(rng, in, out);
  }
  std::string ll = "bf" + sp, rl = "io" + sp, ol = "bf" + sp;
  std::shuffle(ll.begin(), ll.end(), rng), std::shuffle(rl.begin(), rl.end(), rng);
  std::shuffle(ol.begin(), ol.end(), rng);
  auto dims = [&](const std::string& labels, auto size_of) {
    std::vector<int64_t> d;
    for (char c : labels) d.push_back(size_of(c));
    return d;
  };
  Conv c;
  c.depthwise = kind == 0;
  c.lhs = dims(ll, [&](char x) {
    return x == 'b' ? batch : x == 'f' ? cin * groups : spatial[x - '0'];
  });
  c.rhs = dims(rl, [&](char x) { return x == 'i' ? cin : x == 'o' ? cout * groups : k[x - '0']; });
  const auto res = dims(ol, [&](char x) {
    return x == 'b' ? batch : x == 'f' ? cout * groups : o[x - '0'];
  });
  c.text = Module1(
      fmt::format("  a = {} parameter(0)\n  k = {} parameter(1)\n  ROOT r = {} convolution(a, k), "
                  "window={{size={} stride={} pad={} rhs_dilate={}}}, dim_labels={}_{}->{}, "
                  "feature_group_count={}",
                  ShapeText(in, c.lhs), ShapeText(in, c.rhs), ShapeText(out, res), size, stride,
                  pad, rdil, ll, rl, ol, groups));
  return c;
}

// Runs `c` (oneDNN on) and compares with the reference loop; returns how many convolutions
// oneDNN ran.
int64_t ExpectMatchesReference(const Conv& c, PrimitiveType in, std::mt19937& rng) {
  SCOPED_TRACE(c.text);
  Literal a = RandomLiteral(in, c.lhs, rng), k = RandomLiteral(in, c.rhs, rng);
  auto module = ParseHloModule(c.text);
  EXPECT_TRUE(module.ok()) << module.status().ToString();
  if (!module.ok()) return 0;
  const Literal* ops[] = {&a, &k};
  Expected<Literal> want = EvalConvolutionReference(*(*module)->entry()->root(), ops);
  EXPECT_TRUE(want.ok()) << want.status().ToString();
  const int64_t before = onednn::GetCounters().convolutions;
  Literal got = RunHlo(c.text, {a, k});
  const int64_t used = onednn::GetCounters().convolutions - before;
  if (!want.ok() || got.shape().dims() != want->shape().dims()) {
    ADD_FAILURE() << "result shapes differ";
    return used;
  }
  // Both are one rounding of f32 sums taken in different orders: two result ulps apart at most
  // (plus f32 error relative to the sum of |products|, at most k_in * k_size terms of 1).
  const double ulp = want->type() == PrimitiveType::kBF16  ? 0x1p-8
                     : want->type() == PrimitiveType::kF16 ? 0x1p-11
                                                           : 0x1p-23;
  for (int64_t i = 0; i < got.ElementCount(); ++i) {
    const double w = want->GetAsDouble(i);
    EXPECT_NEAR(got.GetAsDouble(i), w, 2 * ulp * std::fabs(w) + 1e-4) << "element " << i;
    if (std::fabs(got.GetAsDouble(i) - w) > 2 * ulp * std::fabs(w) + 1e-4) break;
  }
  return used;
}

TEST(OnednnConv, RandomBf16MatchesReference) {
  onednn::SetEnabled(true);
  std::mt19937 rng(29);
  int64_t used = 0;
  for (int trial = 0; trial < 40; ++trial) {
    const PrimitiveType out = trial % 4 == 3 ? PrimitiveType::kF32 : PrimitiveType::kBF16;
    used += ExpectMatchesReference(RandomConv(rng, PrimitiveType::kBF16, out), PrimitiveType::kBF16,
                                   rng);
  }
  if (OnednnRunsBf16()) {
    EXPECT_EQ(used, 40);  // every one of them ran on oneDNN
  }
}

TEST(OnednnConv, RandomF16MatchesReference) {
  onednn::SetEnabled(true);
  std::mt19937 rng(31);
  for (int trial = 0; trial < 12; ++trial) {
    ExpectMatchesReference(RandomConv(rng, PrimitiveType::kF16, PrimitiveType::kF16),
                           PrimitiveType::kF16, rng);
  }
}

// f32 convolutions run on oneDNN too, except depthwise ones (conv_gemm.cc's own loop).
TEST(OnednnConv, RandomF32MatchesReference) {
  onednn::SetEnabled(true);
  std::mt19937 rng(43);
  int64_t used = 0, expected = 0;
  for (int trial = 0; trial < 16; ++trial) {
    const Conv c = RandomConv(rng, PrimitiveType::kF32, PrimitiveType::kF32);
    expected += c.depthwise ? 0 : 1;
    used += ExpectMatchesReference(c, PrimitiveType::kF32, rng);
  }
  EXPECT_EQ(used, expected);
}

// A ResNet-sized 3x3 layer in NCHW and in NHWC (the layouts PyTorch and JAX give).
TEST(OnednnConv, ResNetLayerBothLayouts) {
  onednn::SetEnabled(true);
  std::mt19937 rng(37);
  for (const char* labels : {"bf01_oi01->bf01", "b01f_01io->b01f"}) {
    const bool nchw = std::string(labels).starts_with("bf01");
    const std::vector<int64_t> x =
        nchw ? std::vector<int64_t>{2, 64, 14, 14} : std::vector<int64_t>{2, 14, 14, 64};
    const std::vector<int64_t> w =
        nchw ? std::vector<int64_t>{32, 64, 3, 3} : std::vector<int64_t>{3, 3, 64, 32};
    const std::vector<int64_t> y =
        nchw ? std::vector<int64_t>{2, 32, 7, 7} : std::vector<int64_t>{2, 7, 7, 32};
    Conv c{Module1(fmt::format("  a = bf16[{}] parameter(0)\n  k = bf16[{}] parameter(1)\n"
                               "  ROOT r = bf16[{}] convolution(a, k), window={{size=3x3 "
                               "stride=2x2 pad=1_1x1_1}}, dim_labels={}",
                               fmt::join(x, ","), fmt::join(w, ","), fmt::join(y, ","), labels)),
           x, w};
    const int64_t used = ExpectMatchesReference(c, PrimitiveType::kBF16, rng);
    if (OnednnRunsBf16()) {
      EXPECT_EQ(used, 1);
    }
  }
}

// On two kernel threads a convolution is split by batch (3 items: parts of 2 and 1) or, for
// batch 1, by output channels (40: parts of 20; 64: parts of 32); the parts write the same
// values.
TEST(OnednnConv, SplitOverTwoThreads) {
  onednn::SetEnabled(true);
  SetKernelThreads(2);
  std::mt19937 rng(47);
  // Batch 1: split by output channels, the parts reading one reordered source (in nChw16c
  // when both halves have channels in sixteens, else each part its own layout).
  for (auto [batch, oc] : {std::pair<int64_t, int64_t>{3, 40}, {1, 40}, {1, 64}}) {
    const std::vector<int64_t> x{batch, 16, 9, 9}, w{oc, 16, 3, 3};
    Conv c{Module1(fmt::format("  a = bf16[{0}] parameter(0)\n  k = bf16[{2},16,3,3] parameter(1)\n"
                               "  ROOT r = f32[{1},{2},9,9] convolution(a, k), window={{size=3x3 "
                               "pad=1_1x1_1}}, dim_labels=bf01_oi01->bf01",
                               fmt::join(x, ","), batch, oc)),
           x, w};
    const int64_t used = ExpectMatchesReference(c, PrimitiveType::kBF16, rng);
    if (OnednnRunsBf16()) {
      EXPECT_EQ(used, 1);
    }
  }
  SetKernelThreads(MachineCores());
}

// The backward-input form (lhs dilation, reversed window) and batch groups stay off oneDNN and
// still give the reference's values.
TEST(OnednnConv, UnsupportedFormsUseTheGemmPath) {
  onednn::SetEnabled(true);
  std::mt19937 rng(41);
  const Conv input_grad{
      Module1("  dy = bf16[2,8,4,4] parameter(0)\n  w = bf16[8,3,3,3] parameter(1)\n"
              "  ROOT dx = bf16[2,3,8,8] convolution(dy, w), window={size=3x3 pad=1_2x1_2 "
              "lhs_dilate=2x2 rhs_reversal=1x1}, dim_labels=bf01_io01->bf01"),
      {2, 8, 4, 4},
      {8, 3, 3, 3}};
  EXPECT_EQ(ExpectMatchesReference(input_grad, PrimitiveType::kBF16, rng), 0);
  const Conv batch_groups{
      Module1("  x = bf16[4,3,6,6] parameter(0)\n  k = bf16[3,4,3,3] parameter(1)\n"
              "  ROOT r = bf16[2,4,4,4] convolution(x, k), window={size=3x3}, "
              "dim_labels=bf01_io01->bf01, batch_group_count=2"),
      {4, 3, 6, 6},
      {3, 4, 3, 3}};
  EXPECT_EQ(ExpectMatchesReference(batch_groups, PrimitiveType::kBF16, rng), 0);
}

}  // namespace
}  // namespace xpar
