// The inter-op stage DP against brute force (every partition of the layers into stages and
// every submesh assignment) on small random cost tables with memory limits, plus the submesh
// shapes and their placement.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <random>

#include "passes/pipeline/stage_dp.h"

namespace xpar::pipeline {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Case {
  StageCostTable table;
  StageDpOptions options;
};

// Layer costs split over the submesh with a random efficiency, and a memory model (static +
// in-flight activations) whose limit cuts away some choices.
Case RandomCase(std::mt19937& rng) {
  const std::pair<int64_t, int64_t> clusters[] = {{1, 1}, {1, 2}, {1, 4}, {2, 2}, {2, 4}, {3, 2}};
  auto [hosts, per_host] = clusters[rng() % 6];
  const int64_t layers = 1 + static_cast<int64_t>(rng() % 5);
  const int64_t b = 1 + static_cast<int64_t>(rng() % 6);
  const int64_t devices = hosts * per_host;
  std::vector<SubmeshShape> shapes = AlpaSubmeshShapes(hosts, per_host);
  const int64_t max_in_flight = std::min({b, layers, devices});
  Case c{StageCostTable(layers, shapes, max_in_flight), {b, devices, 0}};
  std::uniform_real_distribution<double> u(0.5, 2.0);
  std::vector<double> cost(layers), act(layers), weights(layers);
  for (int64_t l = 0; l < layers; ++l) cost[l] = u(rng), act[l] = u(rng), weights[l] = u(rng);
  const double limit = 2.5 + 3.0 * u(rng);
  for (int64_t i = 0; i < layers; ++i) {
    for (int64_t j = i; j < layers; ++j) {
      for (size_t q = 0; q < shapes.size(); ++q) {
        double t = 0, w = 0, a = 0;
        for (int64_t l = i; l <= j; ++l) t += cost[l], w += weights[l], a += act[l];
        const auto d = static_cast<double>(shapes[q].size());
        const double seconds = t / std::pow(d, u(rng) / 2.0);  // sublinear speed-up
        for (int64_t m = 1; m <= max_in_flight; ++m) {
          const bool fits = w / std::sqrt(d) + static_cast<double>(m) * a / d <= limit;
          c.table.set(i, j, static_cast<int64_t>(q), m, fits ? seconds : kInf);
        }
      }
    }
  }
  return c;
}

// The best T* over every split of the layers and every shape per stage covering the devices.
double BruteForce(const StageCostTable& t, const StageDpOptions& o) {
  double best = kInf;
  struct Part { int64_t i, j, q; };
  std::vector<Part> parts;
  std::function<void(int64_t, int64_t)> go = [&](int64_t k, int64_t used) {
    if (k == t.num_layers()) {
      const auto s = static_cast<int64_t>(parts.size());
      if (used != o.num_devices || (o.num_stages > 0 && s != o.num_stages)) return;
      std::vector<double> times;
      for (int64_t p = 0; p < s; ++p) {
        times.push_back(t.at(parts[p].i, parts[p].j, parts[p].q, std::min(s - p, o.microbatches)));
      }
      best = std::min(best, PipelineLatency(times, o.microbatches));
      return;
    }
    for (int64_t j = k; j < t.num_layers(); ++j) {
      for (size_t q = 0; q < t.shapes().size(); ++q) {
        if (used + t.shapes()[q].size() > o.num_devices) continue;
        parts.push_back({k, j, static_cast<int64_t>(q)});
        go(j + 1, used + t.shapes()[q].size());
        parts.pop_back();
      }
    }
  };
  go(0, 0);
  return best;
}

// The result is a valid choice whose own T* is what the DP reports.
void ExpectConsistent(const StageCostTable& t, const StageDpOptions& o, const StageDpResult& r) {
  int64_t next = 0, used = 0;
  std::vector<double> times;
  const auto s = static_cast<int64_t>(r.stages.size());
  for (int64_t p = 0; p < s; ++p) {
    const DpStage& st = r.stages[p];
    EXPECT_EQ(st.first_layer, next);
    EXPECT_LE(st.first_layer, st.last_layer);
    next = st.last_layer + 1;
    used += t.shapes()[st.shape].size();
    EXPECT_EQ(st.in_flight, std::min(s - p, o.microbatches));
    EXPECT_EQ(st.seconds, t.at(st.first_layer, st.last_layer, st.shape, st.in_flight));
    times.push_back(st.seconds);
  }
  EXPECT_EQ(next, t.num_layers());
  EXPECT_EQ(used, o.num_devices);
  EXPECT_NEAR(r.latency_s, PipelineLatency(times, o.microbatches), 1e-12);
}

TEST(PipelineDp, MatchesBruteForceOnRandomTables) {
  int feasible = 0, infeasible = 0;
  for (uint32_t seed = 1; seed <= 400; ++seed) {
    std::mt19937 rng(seed);
    Case c = RandomCase(rng);
    if (seed % 3 == 0) c.options.num_stages = 1 + static_cast<int64_t>(rng() % 3);
    const double expected = BruteForce(c.table, c.options);
    Expected<StageDpResult> r = SolveStageDp(c.table, c.options);
    const bool too_many = c.options.num_stages >
                          std::min(c.table.num_layers(), c.options.num_devices);
    if (too_many) {
      ASSERT_FALSE(r.ok()) << "seed " << seed;
      EXPECT_EQ(r.status().code(), StatusCode::kInvalidArgument);
      continue;
    }
    if (std::isinf(expected)) {
      ASSERT_FALSE(r.ok()) << "seed " << seed << ": brute force finds nothing that fits";
      EXPECT_EQ(r.status().code(), StatusCode::kResourceExhausted);
      ++infeasible;
      continue;
    }
    ASSERT_TRUE(r.ok()) << "seed " << seed << ": " << r.status().message();
    EXPECT_NEAR(r->latency_s, expected, 1e-9 * expected) << "seed " << seed;
    ExpectConsistent(c.table, c.options, *r);
    ++feasible;
  }
  // The generator exercises both outcomes.
  EXPECT_GT(feasible, 100);
  EXPECT_GT(infeasible, 5);
}

// Two layers on 1x2: two stages of one device each are fastest, but the first stage would hold
// two microbatches in flight, which its memory does not allow; one stage on both devices wins.
TEST(PipelineDp, MemoryOfInFlightMicrobatchesRulesOutAChoice) {
  StageCostTable t(2, AlpaSubmeshShapes(1, 2), 2);
  for (int64_t m = 1; m <= 2; ++m) {
    t.set(0, 0, 0, m, m == 1 ? 1.0 : kInf);  // layer 0 on one device: fits one microbatch only
    t.set(1, 1, 0, m, 1.0);
    t.set(0, 1, 1, m, 1.5);  // both layers on 1x2
  }
  StageDpOptions o{4, 2, 0};
  Expected<StageDpResult> r = SolveStageDp(t, o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->stages.size(), 1u);
  EXPECT_DOUBLE_EQ(r->latency_s, 4 * 1.5);
  // With room for two microbatches the two-stage pipeline wins: 2 + 3 * 1 = 5 < 6.
  t.set(0, 0, 0, 2, 1.0);
  r = SolveStageDp(t, o);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->stages.size(), 2u);
  EXPECT_DOUBLE_EQ(r->latency_s, 5.0);
  EXPECT_EQ(r->stages[0].in_flight, 2);
}

TEST(PipelineDp, ErrorsWhenNothingFits) {
  StageCostTable t(3, AlpaSubmeshShapes(1, 2), 1);
  StageDpOptions o{2, 2, 0};
  Expected<StageDpResult> r = SolveStageDp(t, o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kResourceExhausted);
  EXPECT_NE(r.status().message().find("layer 0 alone does not fit"), std::string::npos)
      << r.status().message();
  // Each layer fits alone, but not every layer can have its own stage on 2 devices.
  for (int64_t l = 0; l < 3; ++l) t.set(l, l, 0, 1, 1.0);
  r = SolveStageDp(t, o);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("no split of the 3 layers"), std::string::npos)
      << r.status().message();
}

TEST(PipelineDp, FixedStageCount) {
  StageCostTable t(4, AlpaSubmeshShapes(1, 4), 4);
  for (int64_t i = 0; i < 4; ++i) {
    for (int64_t j = i; j < 4; ++j) {
      for (int64_t q = 0; q < 3; ++q) {
        for (int64_t m = 1; m <= 4; ++m) {
          t.set(i, j, q, m, static_cast<double>(j - i + 1) / static_cast<double>(1 << q));
        }
      }
    }
  }
  Expected<StageDpResult> r = SolveStageDp(t, {8, 4, 2});
  ASSERT_TRUE(r.ok()) << r.status().message();
  ASSERT_EQ(r->stages.size(), 2u);
  EXPECT_DOUBLE_EQ(r->latency_s, BruteForce(t, {8, 4, 2}));
  EXPECT_FALSE(SolveStageDp(t, {8, 4, 5}).ok());
}

TEST(PipelineDp, AlpaSubmeshShapesAndPlacement) {
  std::vector<SubmeshShape> shapes = AlpaSubmeshShapes(2, 4);
  std::vector<std::string> names;
  for (const SubmeshShape& s : shapes) names.push_back(s.ToString());
  EXPECT_EQ(names, (std::vector<std::string>{"1x1", "1x2", "1x4", "2x4"}));
  // 1x2, 1x4, 1x1, 1x1 on 2 hosts of 4: the 1x4 takes host 0, the rest pack host 1.
  Expected<std::vector<Submesh>> placed =
      PlaceSubmeshes({{1, 2}, {1, 4}, {1, 1}, {1, 1}}, 2, 4);
  ASSERT_TRUE(placed.ok()) << placed.status().message();
  EXPECT_EQ((*placed)[1].devices, (std::vector<int64_t>{0, 1, 2, 3}));
  EXPECT_EQ((*placed)[0].devices, (std::vector<int64_t>{4, 5}));
  EXPECT_EQ((*placed)[2].devices, (std::vector<int64_t>{6}));
  EXPECT_EQ((*placed)[3].devices, (std::vector<int64_t>{7}));
  EXPECT_EQ((*placed)[0].shape, (std::vector<int64_t>{1, 2}));
  placed = PlaceSubmeshes({{2, 4}}, 2, 4);
  ASSERT_TRUE(placed.ok());
  EXPECT_EQ((*placed)[0].devices, (std::vector<int64_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  // Three hosts of 3 devices: 1x2 + 1x2 + 1x2 + 1x3 = 9 devices do not pack.
  EXPECT_FALSE(PlaceSubmeshes({{1, 2}, {1, 2}, {1, 2}, {1, 3}}, 3, 3).ok());
}

}  // namespace
}  // namespace xpar::pipeline
