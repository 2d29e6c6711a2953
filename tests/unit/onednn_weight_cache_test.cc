// oneDNN weight reorders cached per weights buffer (onednn.h, kWeightCacheBytes): constant
// weights are reordered once and found again on later runs; parameter weights only when the
// caller opts in (xpar run --repeat); weights written between runs are never served stale.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "frontends/hlo/hlo_parser.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/onednn.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

constexpr int64_t kIn = 32, kOut = 64, kSide = 9;

std::vector<float> RandomValues(int64_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> u(-1, 1);
  std::vector<float> v(static_cast<size_t>(n));
  for (float& x : v) x = u(rng);
  return v;
}

Literal Input() {
  return Literal::FromVector<float>({1, kIn, kSide, kSide}, RandomValues(kIn * kSide * kSide, 1));
}

Literal Weights(uint32_t seed) {
  return Literal::FromVector<float>({kOut, kIn, 3, 3}, RandomValues(kOut * kIn * 9, seed));
}

// HLO text of `w`'s values, nested by dimension: {{{{a, b, c}, ...}}}.
std::string Nested(const Literal& w, size_t dim, int64_t& next) {
  const auto& dims = w.shape().dims();
  std::vector<std::string> parts;
  for (int64_t i = 0; i < dims[dim]; ++i) {
    parts.push_back(dim + 1 == dims.size() ? fmt::format("{}", w.data<float>()[next++])
                                           : Nested(w, dim + 1, next));
  }
  return fmt::format("{{{}}}", fmt::join(parts, ","));
}

// The convolution with its weights as parameter 1, or as a constant holding `w`.
std::unique_ptr<Module> ConvModule(const Literal* constant_w) {
  std::string w = fmt::format("w = f32[{},{},3,3] parameter(1)", kOut, kIn);
  if (constant_w) {
    int64_t next = 0;
    w = fmt::format("w = f32[{},{},3,3] constant({})", kOut, kIn, Nested(*constant_w, 0, next));
  }
  auto m = ParseHloModule(fmt::format(R"(HloModule conv
ENTRY e {{
  x = f32[1,{0},{1},{1}] parameter(0)
  {2}
  ROOT y = f32[1,{3},{1},{1}] convolution(x, w), window={{size=3x3 pad=1_1x1_1}},
      dim_labels=bf01_oi01->bf01
}}
)",
                                      kIn, kSide, w, kOut));
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  return m.ok() ? std::move(m).value() : nullptr;
}

// The convolution by the interpreter's own loops (oneDNN off).
Literal Reference(const Literal& x, const Literal& w) {
  onednn::SetEnabled(false);
  auto m = ConvModule(nullptr);
  Interpreter interp(*m);
  auto r = interp.Run(std::vector<Literal>{x, w});
  onednn::SetEnabled(true);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return r.ok() ? std::move(r).value() : Literal();
}

void ExpectNear(const Literal& got, const Literal& want) {
  ASSERT_EQ(got.ElementCount(), want.ElementCount());
  for (int64_t i = 0; i < got.ElementCount(); ++i) {
    ASSERT_NEAR(got.GetAsDouble(i), want.GetAsDouble(i), 1e-4) << "element " << i;
  }
}

// Whether oneDNN runs the test's convolution on this CPU: it has no optimised kernel for it on
// an AVX2-only one (the interpreter's own loop runs, and nothing is reordered or cached).
bool OnednnRunsTheConvolution() {
  static const bool runs = [] {
    auto m = ConvModule(nullptr);
    if (!m) return false;
    Interpreter interp(*m);
    const int64_t before = onednn::GetCounters().convolutions;
    auto r = interp.Run(std::vector<Literal>{Input(), Weights(1)});
    return r.ok() && onednn::GetCounters().convolutions > before;
  }();
  return runs;
}

class OnednnWeightCache : public ::testing::Test {
 protected:
  // One thread: the convolution is one part, so each run reorders the weights at most once.
  void SetUp() override {
    if (!onednn::Enabled()) GTEST_SKIP() << "oneDNN is off ($XPAR_ONEDNN=0)";
    SetRuntimeThreads(1);
    if (!OnednnRunsTheConvolution()) {
      GTEST_SKIP() << "oneDNN has no kernel for this f32 convolution on this CPU (no AVX-512)";
    }
  }
  void TearDown() override {
    onednn::SetCacheParameterWeights(false);
    SetRuntimeThreads(MachineCores());
  }
};

TEST_F(OnednnWeightCache, ConstantWeightsAreReorderedOnce) {
  const Literal x = Input(), w = Weights(2);
  auto m = ConvModule(&w);
  ASSERT_NE(m, nullptr);
  const Literal want = Reference(x, w);
  Interpreter interp(*m);
  const onednn::Counters before = onednn::GetCounters();
  for (int run = 0; run < 3; ++run) {
    auto r = interp.Run(std::vector<Literal>{x});
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    ExpectNear(*r, want);
  }
  const onednn::Counters after = onednn::GetCounters();
  EXPECT_EQ(after.convolutions - before.convolutions, 3);
  EXPECT_EQ(after.weight_reorders - before.weight_reorders, 1) << "reordered on every run";
  EXPECT_EQ(after.weight_cache_hits - before.weight_cache_hits, 2);
}

TEST_F(OnednnWeightCache, ParameterWeightsOnlyWhenTheCallerOptsIn) {
  const Literal x = Input(), w = Weights(3);
  auto m = ConvModule(nullptr);
  ASSERT_NE(m, nullptr);
  const Literal want = Reference(x, w);
  for (bool opt_in : {false, true}) {
    SCOPED_TRACE(opt_in ? "opted in" : "not opted in");
    onednn::SetCacheParameterWeights(opt_in);
    Interpreter interp(*m);
    const onednn::Counters before = onednn::GetCounters();
    for (int run = 0; run < 2; ++run) {
      auto r = interp.Run(std::vector<Literal>{x, w});
      ASSERT_TRUE(r.ok()) << r.status().ToString();
      ExpectNear(*r, want);
    }
    const onednn::Counters after = onednn::GetCounters();
    EXPECT_EQ(after.weight_reorders - before.weight_reorders, opt_in ? 1 : 2);
    EXPECT_EQ(after.weight_cache_hits - before.weight_cache_hits, opt_in ? 1 : 0);
  }
}

TEST_F(OnednnWeightCache, WeightsWrittenBetweenRunsAreReorderedAgain) {
  onednn::SetCacheParameterWeights(true);
  const Literal x = Input();
  Literal w = Weights(4);
  auto m = ConvModule(nullptr);
  ASSERT_NE(m, nullptr);
  Interpreter interp(*m);
  ASSERT_TRUE(interp.Run(std::vector<Literal>{x, w}).ok());
  // Written in place: the cache shares the old buffer, so the write copies it first and the
  // next run sees another buffer, reordered afresh.
  for (float& v : w.data<float>()) v = -v;
  const Literal want = Reference(x, w);
  const onednn::Counters before = onednn::GetCounters();
  auto r = interp.Run(std::vector<Literal>{x, w});
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ExpectNear(*r, want);
  EXPECT_EQ(onednn::GetCounters().weight_reorders - before.weight_reorders, 1);
}

}  // namespace
}  // namespace xpar
