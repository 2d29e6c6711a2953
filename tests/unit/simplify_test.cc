// Follower merging (src/passes/simplify/follower_merge.h) is exact: on small random integer
// programs the reduced problem's optimum plus the eliminated nodes' choices is the original
// optimum (brute force), forbidden choices stay forbidden, and nothing is merged when the memory
// limit can bind. On a real program the planner's optimal plan (exact backend) costs the same
// with and without merging. DCE/CSE on the IR are golden-tested in tests/lit/simplify.
#include <gtest/gtest.h>

#include <limits>
#include <random>

#include "frontends/hlo/hlo_parser.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "passes/simplify/follower_merge.h"

namespace xpar {
namespace {

// A random problem: a chain 0-1-...-(n-1) plus a few extra edges, 1-4 strategies per node,
// real costs up to 1e12 and about one forbidden entry in ten.
solver::Problem RandomProblem(std::mt19937_64& rng, int n) {
  solver::Problem p;
  std::uniform_int_distribution<int> strategies(1, 4);
  std::uniform_int_distribution<int64_t> cost(0, 1'000'000'000'000);
  std::uniform_int_distribution<int> percent(0, 99);
  auto entry = [&] { return percent(rng) < 10 ? solver::kForbiddenCost : cost(rng); };
  for (int i = 0; i < n; ++i) {
    solver::Node node;
    node.start = i;
    node.end = i + 2;
    for (int s = strategies(rng); s > 0; --s) {
      node.costs.push_back(cost(rng));
      node.usages.push_back(cost(rng) % 1000);
    }
    p.nodes.push_back(std::move(node));
  }
  auto add_edge = [&](int u, int v) {
    solver::Edge e{u, v, {}};
    for (int k = 0; k < p.nodes[u].num_strategies() * p.nodes[v].num_strategies(); ++k) {
      e.costs.push_back(entry());
    }
    p.edges.push_back(std::move(e));
  };
  for (int i = 0; i + 1 < n; ++i) add_edge(i, i + 1);
  std::uniform_int_distribution<int> node(0, n - 1);
  for (int k = 0; k < n / 3; ++k) {
    int u = node(rng), v = node(rng);
    if (u != v) add_edge(std::min(u, v), std::max(u, v));  // may repeat a pair: costs add up
  }
  return p;
}

// The least cost of a feasible assignment (max when none), and one assignment reaching it.
std::pair<int64_t, solver::Assignment> BruteForce(const solver::Problem& p) {
  std::pair<int64_t, solver::Assignment> best{std::numeric_limits<int64_t>::max(), {}};
  solver::Assignment x(p.num_nodes(), 0);
  while (true) {
    auto ev = solver::Evaluate(p, x);
    EXPECT_TRUE(ev.ok());
    if (ev.ok() && ev->feasible() && ev->cost < best.first) best = {ev->cost, x};
    int i = 0;
    while (i < p.num_nodes() && ++x[i] == p.nodes[i].num_strategies()) x[i++] = 0;
    if (i == p.num_nodes()) return best;
  }
}

TEST(FollowerMerge, ReducedOptimumIsTheOriginalOptimum) {
  std::mt19937_64 rng(7);
  int merged_somewhere = 0;
  for (int trial = 0; trial < 60; ++trial) {
    solver::Problem p = RandomProblem(rng, 3 + trial % 6);
    std::vector<bool> mergeable(p.num_nodes());
    for (int n = 0; n < p.num_nodes(); ++n) mergeable[n] = (rng() % 3) != 0;
    auto merged = MergeFollowers(p, mergeable);
    ASSERT_TRUE(merged.ok()) << merged.status().ToString();
    merged_somewhere += merged->eliminations.empty() ? 0 : 1;
    for (const auto& e : merged->eliminations) EXPECT_TRUE(mergeable[e.node]);
    auto [original_cost, original_x] = BruteForce(p);
    auto [reduced_cost, reduced_x] = BruteForce(merged->reduced);
    SCOPED_TRACE(fmt::format("trial {}: {} nodes -> {}", trial, p.num_nodes(),
                             merged->reduced.num_nodes()));
    if (original_cost == std::numeric_limits<int64_t>::max()) {
      EXPECT_EQ(reduced_cost, original_cost);  // forbidden everywhere stays so
      continue;
    }
    ASSERT_NE(reduced_cost, std::numeric_limits<int64_t>::max());
    EXPECT_EQ(reduced_cost + merged->dropped_cost, original_cost);
    solver::Assignment full = merged->Expand(reduced_x);
    auto ev = solver::Evaluate(p, full);
    ASSERT_TRUE(ev.ok());
    EXPECT_FALSE(ev->uses_forbidden);
    EXPECT_EQ(ev->cost, original_cost);
    EXPECT_EQ(merged->Project(full), reduced_x);
  }
  EXPECT_GT(merged_somewhere, 40);  // the test exercises merging, not only the identity
}

TEST(FollowerMerge, NothingMergedWhenMemoryCanBind) {
  std::mt19937_64 rng(3);
  solver::Problem p = RandomProblem(rng, 6);
  for (solver::Node& n : p.nodes) n.usages.assign(n.costs.size(), 10), n.usages[0] = 1;
  p.usage_limit = MaximalPeakUsage(p) - 1;
  auto merged = MergeFollowers(p, std::vector<bool>(p.num_nodes(), true));
  ASSERT_TRUE(merged.ok());
  EXPECT_TRUE(merged->memory_may_bind);
  EXPECT_TRUE(merged->eliminations.empty());
  EXPECT_EQ(merged->reduced.num_nodes(), p.num_nodes());
  p.usage_limit = MaximalPeakUsage(p);  // now every choice fits: merging is exact again
  merged = MergeFollowers(p, std::vector<bool>(p.num_nodes(), true));
  ASSERT_TRUE(merged.ok());
  EXPECT_FALSE(merged->memory_may_bind);
  EXPECT_LT(merged->reduced.num_nodes(), p.num_nodes());
}

TEST(FollowerMerge, RejectsAMaskOfTheWrongLength) {
  std::mt19937_64 rng(1);
  solver::Problem p = RandomProblem(rng, 4);
  auto merged = MergeFollowers(p, std::vector<bool>(3, true));
  ASSERT_FALSE(merged.ok());
  EXPECT_NE(merged.status().message().find("3 flags for 4 nodes"), std::string::npos);
}

// A block with followers on both sides of two dots: layer norm-free MLP with GELU-like tanh,
// casts and a transpose, as PyTorch/XLA emits them.
constexpr char kFollowers[] = R"(HloModule followers
ENTRY %f (x: f32[256,512], w1: f32[512,1024], w2: f32[1024,512]) -> f32[512,256] {
  %x = f32[256,512] parameter(0)
  %w1 = f32[512,1024] parameter(1)
  %w2 = f32[1024,512] parameter(2)
  %xc = bf16[256,512] convert(%x)
  %w1c = bf16[512,1024] convert(%w1)
  %h = bf16[256,1024] dot(%xc, %w1c), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %g = bf16[256,1024] tanh(%h)
  %gc = f32[256,1024] convert(%g)
  %y = f32[256,512] dot(%gc, %w2), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %n = f32[256,512] negate(%y)
  %e = f32[256,512] exponential(%n)
  ROOT %t = f32[512,256] transpose(%e), dimensions={1,0}
}
)";

Cluster TwoNodeCluster() {
  Cluster c;
  c.name = "test";
  c.peak_flops = {{"f32", 100e12}, {"bf16", 300e12}};
  c.memory_bandwidth = 2e12;
  c.memory_bytes = int64_t{80} << 30;
  c.devices_per_node = 2;
  c.num_nodes = 2;
  c.intra_node = {5e-6, 100e9};
  c.inter_node = {10e-6, 25e9};
  return c;
}

TEST(FollowerMerge, PlannerOptimumUnchangedOnTwoByTwo) {
  auto module = ParseHloModule(kFollowers, "followers.hlo");
  ASSERT_TRUE(module.ok()) << module.status().ToString();
  auto model = CostModel::Create(*Mesh::Parse("2x2"), TwoNodeCluster());
  ASSERT_TRUE(model.ok());
  AutoShardingOptions options;
  options.solve.backend = solver::Backend::kExact;
  options.solve.time_limit_s = 60;
  options.merge_followers = false;
  auto plain = PlanAutoSharding(**module, *model, options);
  options.merge_followers = true;
  auto merged = PlanAutoSharding(**module, *model, options);
  ASSERT_TRUE(plain.ok()) << plain.status().ToString();
  ASSERT_TRUE(merged.ok()) << merged.status().ToString();
  EXPECT_TRUE(plain->optimal);
  EXPECT_TRUE(merged->optimal);
  EXPECT_EQ(plain->num_merged_followers, 0);
  EXPECT_EQ(merged->num_merged_followers, 7);  // xc, w1c, g, gc, n, e, t
  EXPECT_EQ(merged->num_nodes, plain->num_nodes - 7);
  EXPECT_LT(merged->num_edges, plain->num_edges);
  EXPECT_EQ(merged->instructions.size(), plain->instructions.size());  // all read back
  // Same optimum (up to the exact backend's relative gap).
  EXPECT_NEAR(merged->step_s(), plain->step_s(), 1e-6 * plain->step_s());
  EXPECT_EQ(merged->peak_memory_bytes <= merged->memory_limit_bytes, true);
}

}  // namespace
}  // namespace xpar
