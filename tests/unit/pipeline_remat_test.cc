// Rematerialisation per layer (passes/pipeline/remat.h): a pipeline whose backward programs
// recompute their stage's activations gives the same loss and gradients as one that stashes
// them, with a smaller stash; the planner rematerialises only when memory is short, and the
// stage DP with remat choices agrees with brute force over every split, submesh and remat set.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <map>
#include <random>

#include "autodiff/autodiff.h"
#include "autodiff/optimizer.h"
#include "models/graph_builder.h"
#include "models/training_step.h"
#include "passes/pipeline/pipeline_planner.h"
#include "passes/pipeline/remat.h"
#include "passes/pipeline/stage_split.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/pipeline/pipeline_runtime.h"
#include "pipeline_test_util.h"

namespace xpar::pipeline {
namespace {

constexpr int64_t kWidth = 8;
constexpr int64_t kLayers = 4;

// loss = mean((h_L - y)^2), h_{i+1} = h_i + tanh(h_i W_i)^2, h_0 = x. Parameters: x, y
// [batch, width], then W_0..W_{L-1}.
std::unique_ptr<Module> ResidualMlp(int64_t batch) {
  auto module = std::make_unique<Module>("residual_mlp");
  auto entry = std::make_unique<Computation>("forward");
  models::GraphBuilder b(module.get(), entry.get());
  const Shape act(PrimitiveType::kF32, {batch, kWidth});
  Instruction* h = b.Param(0, "x", act);
  Instruction* y = b.Param(1, "y", act);
  std::vector<Instruction*> w;
  for (int64_t i = 0; i < kLayers; ++i) {
    w.push_back(b.Param(2 + i, fmt::format("w{}", i), Shape(PrimitiveType::kF32, {kWidth, kWidth})));
  }
  for (int64_t i = 0; i < kLayers; ++i) {
    Instruction* t = b.Unary(Opcode::kTanh, b.Dot(h, w[i], {}, {1}, {}, {0}));
    h = b.Add(h, b.Mul(t, t));
  }
  Instruction* diff = b.Sub(h, y);
  entry->set_root(b.MulScalar(b.ReduceSum(b.Mul(diff, diff), {0, 1}),
                              1.0 / static_cast<double>(batch * kWidth)));
  EXPECT_TRUE(b.status().ok()) << b.status().ToString();
  module->set_entry(module->AddComputation(std::move(entry)));
  return module;
}

std::unique_ptr<Module> Gradient(int64_t batch) {
  auto grad = autodiff::Differentiate(*ResidualMlp(batch), {{2, 3, 4, 5}, -1});
  EXPECT_TRUE(grad.ok()) << grad.status().ToString();
  return std::move(grad).value();
}

using testing_pipeline::RandomArgs;
using testing_pipeline::RelativeDifference;

struct PipeRun {
  std::vector<Literal> results;
  std::vector<int64_t> stash_bytes;  // per stage, per microbatch
  std::vector<int64_t> model_bytes;  // the planner's, per stage and microbatch, whole values
  int64_t recomputed = 0;            // instructions marked for recomputation
  std::vector<std::vector<int64_t>> remat_layers;
};

// The micro gradient program planned on 2 hosts of `per_host` devices (2 stages, 4 layers) with
// `mode`, split with the plan's recomputation and run over `microbatches`.
PipeRun PlanAndRun(RematMode mode, int64_t per_host, int64_t microbatches, Schedule schedule) {
  auto micro = Gradient(4), full = Gradient(4 * microbatches);
  PipelineOptions po;
  po.num_hosts = 2;
  po.devices_per_host = per_host;
  po.microbatches = microbatches;
  po.num_stages = 2;
  po.clustering.num_layers = 4;
  po.remat = mode;
  auto planned = PlanPipeline(*micro, *LoadClusterPreset("dgx-a100"), po);
  EXPECT_TRUE(planned.ok()) << planned.status().ToString();
  PipeRun run;
  if (!planned.ok()) return run;
  for (bool r : planned->plan.recompute) run.recomputed += r ? 1 : 0;
  for (size_t s = 0; s < planned->plan.stages.size(); ++s) {
    const StageReport& rep = planned->stages[s];
    run.remat_layers.push_back(planned->plan.stages[s].remat_layers);
    // Per device and microbatch (the program over B microbatches and d devices): back to whole
    // values of the one-microbatch program, plus the truncation.
    const int64_t scale = microbatches * per_host;
    run.model_bytes.push_back(rep.activation_bytes / rep.in_flight * scale + scale);
  }
  planned->plan.schedule = schedule;
  PipelineRunOptions options;
  options.data_parameters = {0, 1};
  SplitOptions split;
  split.recompute = planned->plan.recompute;
  auto pipe = PipelineFromPlan(*micro, planned->plan, options, split);
  EXPECT_TRUE(pipe.ok()) << pipe.status().ToString();
  if (!pipe.ok()) return run;
  for (int32_t s = 0; s < 2; ++s) run.stash_bytes.push_back(StashBytes((*pipe)->split(), s));
  auto result = (*pipe)->Run(RandomArgs(*full, 7));
  EXPECT_TRUE(result.ok()) << result.status().ToString();
  if (result.ok()) run.results = std::move(result->results);
  // And the full batch on one device.
  Interpreter interp(*full);
  auto reference = interp.Run(RandomArgs(*full, 7));
  EXPECT_TRUE(reference.ok());
  for (size_t i = 0; reference.ok() && i < run.results.size(); ++i) {
    EXPECT_LE(RelativeDifference(run.results[i], reference->elements()[i]), 1e-5) << i;
  }
  return run;
}

TEST(PipelineRemat, RecomputingGivesTheSameLossAndGradientsWithASmallerStash) {
  for (int64_t per_host : {1, 2}) {
    for (Schedule schedule : {Schedule::k1F1B, Schedule::kGpipe}) {
      SCOPED_TRACE(fmt::format("{} device(s) per stage, {}", per_host, ScheduleName(schedule)));
      PipeRun none = PlanAndRun(RematMode::kNone, per_host, 2, schedule);
      PipeRun all = PlanAndRun(RematMode::kAll, per_host, 2, schedule);
      ASSERT_EQ(none.results.size(), 5u);
      ASSERT_EQ(all.results.size(), 5u);
      EXPECT_EQ(none.recomputed, 0);
      EXPECT_GT(all.recomputed, 0);
      for (size_t s = 0; s < 2; ++s) {
        EXPECT_TRUE(none.remat_layers[s].empty());
        EXPECT_FALSE(all.remat_layers[s].empty());
        EXPECT_LT(all.stash_bytes[s], none.stash_bytes[s]) << "stage " << s;
        // The memory model is an upper bound of what the split stashes.
        EXPECT_LE(none.stash_bytes[s], none.model_bytes[s]) << "stage " << s;
        EXPECT_LE(all.stash_bytes[s], all.model_bytes[s]) << "stage " << s;
      }
      for (size_t i = 0; i < none.results.size(); ++i) {
        EXPECT_LE(RelativeDifference(all.results[i], none.results[i]), 1e-6) << "result " << i;
        if (per_host == 1) {  // the same kernels on the same inputs: bit-identical
          EXPECT_EQ(std::memcmp(all.results[i].raw(), none.results[i].raw(),
                                none.results[i].size_bytes()), 0) << "result " << i;
        }
      }
    }
  }
}

TEST(PipelineRemat, BadInputIsRefused) {
  auto micro = Gradient(4);
  std::vector<int32_t> stages(micro->entry()->instructions().size(), 0);
  SplitOptions split;
  split.recompute = {true, false};
  auto r = SplitByStage(*micro, stages, 1, split);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("recompute entries"), std::string::npos);
  EXPECT_FALSE(ParseRematMode("some").ok());
  EXPECT_EQ(*ParseRematMode("all"), RematMode::kAll);
  EXPECT_EQ(FormatLayerSet(0b1011101), "0,2-4,6");
  EXPECT_EQ(FormatLayerSet(0), "-");
}

std::unique_ptr<Module> TinyGpt() {
  return testing_pipeline::TinyGptStep({8, 16, 32, 4, 128, 64});
}

Expected<PipelineResult> PlanGpt(const Module& m, RematMode mode, std::optional<int64_t> limit) {
  PipelineOptions o;
  o.num_hosts = 1;
  o.devices_per_host = 1;
  o.microbatches = 4;
  o.num_stages = 1;
  o.clustering.num_layers = 6;
  o.remat = mode;
  o.memory_limit_bytes = limit;
  return PlanPipeline(m, *LoadClusterPreset("dgx-a100"), o);
}

TEST(PipelineRemat, PlannerRematerialisesOnlyWhenMemoryIsShort) {
  std::unique_ptr<Module> m = TinyGpt();
  auto ample = PlanGpt(*m, RematMode::kAuto, std::nullopt);
  auto none = PlanGpt(*m, RematMode::kNone, std::nullopt);
  auto all = PlanGpt(*m, RematMode::kAll, std::nullopt);
  ASSERT_TRUE(ample.ok() && none.ok() && all.ok());
  // Ample memory: nothing rematerialised, the same plan as without remat.
  EXPECT_TRUE(ample->plan.stages[0].remat_layers.empty());
  EXPECT_EQ(ample->stages[0].activation_bytes, ample->stages[0].activation_bytes_without_remat);
  EXPECT_EQ(ample->plan.estimated_step_seconds, none->plan.estimated_step_seconds);
  for (bool r : ample->plan.recompute) EXPECT_FALSE(r);
  // Everything rematerialised: less memory, more time.
  const int64_t peak_none = none->plan.stages[0].peak_bytes;
  const int64_t peak_all = all->plan.stages[0].peak_bytes;
  EXPECT_EQ(all->plan.stages[0].remat_layers.size(), 6u);
  EXPECT_LT(peak_all, peak_none);
  EXPECT_GT(all->plan.estimated_step_seconds, none->plan.estimated_step_seconds);
  EXPECT_GT(all->stages[0].recompute_s, 0);
  // A limit between the two: without remat nothing fits; auto rematerialises some layers.
  const int64_t limit = (peak_all + peak_none) / 2;
  auto short_none = PlanGpt(*m, RematMode::kNone, limit);
  ASSERT_FALSE(short_none.ok());
  EXPECT_EQ(short_none.status().code(), StatusCode::kResourceExhausted);
  EXPECT_NE(short_none.status().message().find("rematerialisation is off"), std::string::npos);
  auto short_auto = PlanGpt(*m, RematMode::kAuto, limit);
  ASSERT_TRUE(short_auto.ok()) << short_auto.status().message();
  const Stage& st = short_auto->plan.stages[0];
  EXPECT_FALSE(st.remat_layers.empty());
  EXPECT_LE(st.peak_bytes, limit);
  EXPECT_EQ(short_auto->stages[0].activation_bytes_without_remat,
            none->stages[0].activation_bytes);
  EXPECT_GT(short_auto->plan.estimated_step_seconds, none->plan.estimated_step_seconds);
  EXPECT_LE(short_auto->plan.estimated_step_seconds, all->plan.estimated_step_seconds);
  // Only instructions of the chosen layers are recomputed.
  int64_t recomputed = 0;
  for (size_t i = 0; i < short_auto->plan.recompute.size(); ++i) {
    if (!short_auto->plan.recompute[i]) continue;
    ++recomputed;
    const int64_t layer = short_auto->layer_of_instruction[i];
    EXPECT_NE(std::find(st.remat_layers.begin(), st.remat_layers.end(), layer),
              st.remat_layers.end());
  }
  EXPECT_GT(recomputed, 0);
}

// Random layers whose activations dominate; a random memory limit.
struct RandomLayers {
  std::vector<LayerStats> stats;
  int64_t hosts = 1, per_host = 1, microbatches = 1, limit = 0;
};

RandomLayers MakeRandomLayers(std::mt19937& rng) {
  const std::pair<int64_t, int64_t> clusters[] = {{1, 1}, {1, 2}, {1, 4}, {2, 2}, {2, 1}};
  RandomLayers r;
  std::tie(r.hosts, r.per_host) = clusters[rng() % 5];
  r.microbatches = 1 + static_cast<int64_t>(rng() % 4);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  const int64_t layers = 1 + static_cast<int64_t>(rng() % 4);
  int64_t total = 0;
  for (int64_t l = 0; l < layers; ++l) {
    LayerStats s;
    s.forward_s = 1e-3 * (0.5 + u(rng));
    s.backward_s = 2 * s.forward_s;
    s.weight_bytes = static_cast<int64_t>(1e6 * (0.1 + u(rng)));
    s.activation_bytes = static_cast<int64_t>(1e7 * (0.5 + u(rng)));
    s.remat_stash_bytes = static_cast<int64_t>(s.activation_bytes * (0.05 + 0.6 * u(rng)));
    s.recompute_s = s.forward_s * (0.3 + 0.7 * u(rng));
    total += 2 * s.weight_bytes + s.activation_bytes;
    r.stats.push_back(s);
  }
  r.limit = static_cast<int64_t>(static_cast<double>(total) * (0.05 + 0.5 * u(rng)));
  return r;
}

// Best T* over every split, submesh per stage and remat set per stage.
double BruteForce(StageCostBuilder& b, const std::vector<SubmeshShape>& shapes, int64_t layers,
                  int64_t devices, int64_t microbatches) {
  std::map<std::tuple<int64_t, int64_t, int64_t, int64_t>, double> memo;
  auto stage_time = [&](int64_t i, int64_t j, int64_t q, int64_t m) {
    auto key = std::make_tuple(i, j, q, m);
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    double best = std::numeric_limits<double>::infinity();
    for (uint64_t sub = 0; sub < (uint64_t{1} << (j - i + 1)); ++sub) {
      auto c = b.ChooseWithRemat(i, j, shapes[q], m, sub << i);
      if (c.ok()) best = std::min(best, c->seconds);
    }
    return memo[key] = best;
  };
  double best = std::numeric_limits<double>::infinity();
  std::vector<std::tuple<int64_t, int64_t, int64_t>> parts;
  std::function<void(int64_t, int64_t)> go = [&](int64_t k, int64_t used) {
    if (k == layers) {
      const auto s = static_cast<int64_t>(parts.size());
      if (used != devices) return;
      std::vector<double> times;
      for (int64_t p = 0; p < s; ++p) {
        auto [i, j, q] = parts[p];
        times.push_back(stage_time(i, j, q, std::min(s - p, microbatches)));
      }
      best = std::min(best, PipelineLatency(times, microbatches));
      return;
    }
    for (int64_t j = k; j < layers; ++j) {
      for (size_t q = 0; q < shapes.size(); ++q) {
        if (used + shapes[q].size() > devices) continue;
        parts.emplace_back(k, j, static_cast<int64_t>(q));
        go(j + 1, used + shapes[q].size());
        parts.pop_back();
      }
    }
  };
  go(0, 0);
  return best;
}

TEST(PipelineRemat, StageDpWithRematMatchesBruteForce) {
  const Cluster cluster = *LoadClusterPreset("dgx-a100");
  const Module empty("analytic_costs_only");
  int agree = 0, rescued = 0, infeasible = 0;
  for (uint32_t seed = 1; seed <= 300; ++seed) {
    std::mt19937 rng(seed);
    RandomLayers r = MakeRandomLayers(rng);
    const auto layers = static_cast<int64_t>(r.stats.size());
    const int64_t devices = r.hosts * r.per_host;
    const std::vector<SubmeshShape> shapes = AlpaSubmeshShapes(r.hosts, r.per_host);
    const int64_t max_in_flight = std::min({r.microbatches, layers, devices});
    StageCostOptions co;
    co.microbatches = r.microbatches;
    co.memory_limit_bytes = r.limit;
    co.remat = RematMode::kAuto;
    StageCostBuilder with(empty, cluster, r.stats, {}, co);
    co.remat = RematMode::kNone;
    StageCostBuilder without(empty, cluster, r.stats, {}, co);
    StageDpOptions dpo{r.microbatches, devices, 0};
    auto table = with.Build(shapes, max_in_flight);
    ASSERT_TRUE(table.ok()) << table.status().message();
    auto dp = SolveStageDp(*table, dpo);
    const double expected = BruteForce(with, shapes, layers, devices, r.microbatches);
    if (std::isinf(expected)) {
      EXPECT_FALSE(dp.ok()) << "seed " << seed;
      ++infeasible;
      continue;
    }
    ASSERT_TRUE(dp.ok()) << "seed " << seed << ": " << dp.status().message();
    EXPECT_NEAR(dp->latency_s, expected, 1e-9 * expected) << "seed " << seed;
    ++agree;
    auto plain = SolveStageDp(*without.Build(shapes, max_in_flight), dpo);
    if (!plain.ok()) ++rescued;  // fits only with remat
    else EXPECT_LE(dp->latency_s, plain->latency_s * (1 + 1e-12)) << "seed " << seed;
  }
  EXPECT_GT(agree, 100);
  EXPECT_GT(rescued, 10);
  EXPECT_GT(infeasible, 5);
}

TEST(PipelineRemat, FrontierKeepsOnlyUndominatedChoices) {
  RematFrontier f;
  f.Extend(0, 100, {40, 1.0, 0});
  f.Extend(1, 100, {90, 5.0, 0});  // saves little for a lot of time
  f.Extend(2, 100, {10, 2.0, 0});
  // Points ascend in time and strictly descend in stash.
  const auto& p = f.points();
  ASSERT_GE(p.size(), 2u);
  EXPECT_EQ(p.front().mask, 0u);
  EXPECT_EQ(p.front().stash_bytes, 300);
  for (size_t i = 1; i < p.size(); ++i) {
    EXPECT_GE(p[i].extra_s, p[i - 1].extra_s);
    EXPECT_LT(p[i].stash_bytes, p[i - 1].stash_bytes);
  }
  EXPECT_EQ(p.back().mask, 0b111u);
  EXPECT_EQ(p.back().stash_bytes, 140);
  // {0, 2}: 150 bytes for 3.0 s, which {0, 1, 2} beats only in bytes.
  bool found = false;
  for (const RematPoint& q : p) found = found || (q.mask == 0b101u && q.stash_bytes == 150);
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace xpar::pipeline
