// Megatron-LM style pipelined manual plans (passes/pipeline/manual_pipeline.h): which plans are
// enumerated, that they are priced by the stage cost table with 1F1B, that the best one is
// picked, that plans over the memory limit are rejected, and that the stage DP is never worse.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <set>

#include "models/training_step.h"
#include "pipeline_test_util.h"
#include "passes/pipeline/manual_pipeline.h"

namespace xpar::pipeline {
namespace {

std::unique_ptr<Module> TinyGpt(int64_t layers) {
  return testing_pipeline::TinyGptStep({8, 16, 64, layers, 256, 128});
}

Cluster TestCluster() { return *LoadClusterPreset("dgx-a100"); }

PipelineOptions Options(int64_t hosts, int64_t per_host, int64_t layers, int64_t microbatches) {
  return testing_pipeline::UnlimitedPipelineOptions(hosts, per_host, layers, microbatches);
}

std::set<std::string> Names(const std::vector<ManualPipelineSpec>& specs) {
  std::set<std::string> names;
  for (const ManualPipelineSpec& s : specs) names.insert(s.Name());
  return names;
}

TEST(ManualPipeline, EnumeratesEqualStagesOnAlpaSubmeshes) {
  // 16 layers on 1 host of 8: PP 1, 2, 4, 8 (submeshes 1x8, 1x4, 1x2, 1x1), every dp x tp
  // factorisation with ZeRO 0 and (dp > 1) 3: 7, 5, 3 and 1 choices; recomputation off and full.
  std::vector<ManualPipelineSpec> one_host = EnumerateManualPipelines(16, 1, 8, false);
  EXPECT_EQ(one_host.size(), 32u);
  std::set<std::string> names = Names(one_host);
  EXPECT_EQ(names.size(), 32u);
  EXPECT_TRUE(names.contains("pp1 1x8 dp8"));
  EXPECT_TRUE(names.contains("pp2 1x4 dp4 zero3, full recompute"));
  EXPECT_TRUE(names.contains("pp1 1x8 dp2 tp4 zero3"));
  EXPECT_TRUE(names.contains("pp2 1x4 dp1 tp4, full recompute"));
  EXPECT_TRUE(names.contains("pp8 1x1"));
  EXPECT_TRUE(names.contains("pp8 1x1, full recompute"));
  EXPECT_FALSE(names.contains("pp8 1x1 dp1 zero3"));
  EXPECT_FALSE(names.contains("pp1 1x8 dp1 tp8 zero3"));
  // With expert layers: expert parallelism too where dp > 1 (1x8: 6 more, 1x4: 4, 1x2: 2).
  EXPECT_EQ(EnumerateManualPipelines(16, 1, 8, true).size(), 32u + 2 * (6 + 4 + 2));
  // 12 layers on 3 hosts of 4: PP 2 and 4 leave 6 and 3 devices per stage, no Alpa shape.
  std::vector<int64_t> pps;
  for (const ManualPipelineSpec& s : EnumerateManualPipelines(12, 3, 4, false)) {
    if (pps.empty() || pps.back() != s.stages) pps.push_back(s.stages);
    EXPECT_EQ(s.stages * s.submesh.size(), 12);
  }
  EXPECT_EQ(pps, (std::vector<int64_t>{1, 3, 6, 12}));
  // 6 layers on 1 host of 8: PP must divide both, so only 1 and 2.
  pps.clear();
  for (const ManualPipelineSpec& s : EnumerateManualPipelines(6, 1, 8, false)) {
    if (pps.empty() || pps.back() != s.stages) pps.push_back(s.stages);
  }
  EXPECT_EQ(pps, (std::vector<int64_t>{1, 2}));
}

TEST(ManualPipeline, PricesStagesWith1F1BAndPicksTheBest) {
  std::unique_ptr<Module> m = TinyGpt(4);
  const Cluster cluster = TestCluster();
  PipelineOptions o = Options(1, 4, 4, 4);
  Expected<PreparedPipeline> prepared = PreparePipeline(*m, cluster, o);
  ASSERT_TRUE(prepared.ok()) << prepared.status().message();
  ASSERT_EQ(prepared->clustering.num_layers, 4);
  auto results = PlanManualPipelines(*m, cluster, o, *prepared);
  ASSERT_TRUE(results.ok()) << results.status().message();
  // PP 1, 2, 4 on 1x4, 1x2, 1x1: (5 + 3 + 1) x 2 (dp x tp choices, recompute off and full).
  ASSERT_EQ(results->size(), 18u);
  double best = std::numeric_limits<double>::infinity();
  for (const ManualPipelineResult& r : *results) {
    ASSERT_TRUE(r.fits()) << r.name << ": " << r.status.message();  // no memory limit
    ASSERT_EQ(static_cast<int64_t>(r.stages.size()), r.spec.stages);
    std::vector<double> seconds, fills;
    for (size_t s = 0; s < r.stages.size(); ++s) {
      seconds.push_back(r.stages[s].seconds);
      fills.push_back(2 * r.stages[s].transfer_s);
      // Every stage but the first receives its input (and sends its gradient back).
      EXPECT_EQ(r.stages[s].transfer_s > 0, s > 0) << r.name;
      EXPECT_EQ(r.in_flight[s], std::min<int64_t>(r.spec.stages - static_cast<int64_t>(s), 4));
      EXPECT_EQ(r.stages[s].remat_mask != 0, r.spec.recompute) << r.name;
    }
    EXPECT_DOUBLE_EQ(r.latency_s, PipelineLatency(seconds, 4, fills)) << r.name;
    best = std::min(best, r.latency_s);
  }
  const ManualPipelineResult* chosen = BestManualPipeline(*results);
  ASSERT_NE(chosen, nullptr);
  EXPECT_EQ(chosen->latency_s, best);
  // Full recomputation only adds time when memory is not short.
  EXPECT_EQ(chosen->spec.recompute, false);
  // The stage DP searches a superset (any stages, submeshes and choices): never slower.
  Expected<PipelineResult> dp = PlanPreparedPipeline(*m, cluster, o, *prepared);
  ASSERT_TRUE(dp.ok()) << dp.status().message();
  EXPECT_LE(dp->plan.estimated_step_seconds, chosen->latency_s * (1 + 1e-12));
}

TEST(ManualPipeline, RejectsPlansOverTheMemoryLimit) {
  std::unique_ptr<Module> m = TinyGpt(4);
  const Cluster cluster = TestCluster();
  PipelineOptions o = Options(1, 4, 4, 4);
  Expected<PreparedPipeline> prepared = PreparePipeline(*m, cluster, o);
  ASSERT_TRUE(prepared.ok()) << prepared.status().message();
  auto unlimited = PlanManualPipelines(*m, cluster, o, *prepared);
  ASSERT_TRUE(unlimited.ok()) << unlimited.status().message();
  std::vector<int64_t> peaks;
  for (const ManualPipelineResult& r : *unlimited) peaks.push_back(r.peak_bytes);
  std::sort(peaks.begin(), peaks.end());
  ASSERT_LT(peaks.front(), peaks.back());
  // A limit between the smallest and the largest peak: some plans fit, some do not.
  prepared->memory_limit_bytes = (peaks.front() + peaks.back()) / 2;
  auto limited = PlanManualPipelines(*m, cluster, o, *prepared);
  ASSERT_TRUE(limited.ok()) << limited.status().message();
  int fitting = 0, rejected = 0;
  bool seen_rejected = false;
  for (const ManualPipelineResult& r : *limited) {
    EXPECT_EQ(r.fits(), r.peak_bytes <= prepared->memory_limit_bytes) << r.name;
    if (!r.fits()) {
      EXPECT_EQ(r.status.code(), StatusCode::kResourceExhausted) << r.name;
      EXPECT_NE(r.status.message().find("over the limit"), std::string::npos);
    }
    EXPECT_FALSE(seen_rejected && r.fits()) << "fitting plans come first";
    seen_rejected = seen_rejected || !r.fits();
    (r.fits() ? fitting : rejected)++;
  }
  EXPECT_GT(fitting, 0);
  EXPECT_GT(rejected, 0);
  const ManualPipelineResult* best = BestManualPipeline(*limited);
  ASSERT_NE(best, nullptr);
  EXPECT_LE(best->peak_bytes, prepared->memory_limit_bytes);
  // Below every peak nothing fits, and there is no best plan.
  prepared->memory_limit_bytes = peaks.front() - 1;
  auto none = PlanManualPipelines(*m, cluster, o, *prepared);
  ASSERT_TRUE(none.ok()) << none.status().message();
  EXPECT_EQ(BestManualPipeline(*none), nullptr);
}

TEST(ManualPipeline, FullRecomputeStashesLess) {
  std::unique_ptr<Module> m = TinyGpt(4);
  const Cluster cluster = TestCluster();
  PipelineOptions o = Options(1, 2, 4, 2);
  Expected<PreparedPipeline> prepared = PreparePipeline(*m, cluster, o);
  ASSERT_TRUE(prepared.ok()) << prepared.status().message();
  auto results = PlanManualPipelines(*m, cluster, o, *prepared);
  ASSERT_TRUE(results.ok()) << results.status().message();
  int pairs = 0;
  for (const ManualPipelineResult& a : *results) {
    for (const ManualPipelineResult& b : *results) {
      if (a.spec.recompute || !b.spec.recompute || a.spec.stages != b.spec.stages ||
          a.spec.intra_op != b.spec.intra_op) {
        continue;
      }
      ++pairs;
      EXPECT_LT(b.peak_bytes, a.peak_bytes) << b.name << " vs " << a.name;
      EXPECT_GT(b.latency_s, a.latency_s) << b.name << " vs " << a.name;
    }
  }
  EXPECT_EQ(pairs, static_cast<int>(results->size()) / 2);
}

TEST(ManualPipeline, AutoShardingTableIsRefused) {
  std::unique_ptr<Module> m = TinyGpt(2);
  const Cluster cluster = TestCluster();
  PipelineOptions o = Options(1, 2, 2, 2);
  o.cost_mode = StageCostMode::kAutoSharding;
  Expected<PreparedPipeline> prepared = PreparePipeline(*m, cluster, o);
  ASSERT_TRUE(prepared.ok()) << prepared.status().message();
  auto results = PlanManualPipelines(*m, cluster, o, *prepared);
  ASSERT_FALSE(results.ok());
  EXPECT_EQ(results.status().code(), StatusCode::kUnimplemented);
}

}  // namespace
}  // namespace xpar::pipeline
