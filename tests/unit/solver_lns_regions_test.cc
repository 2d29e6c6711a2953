// The large neighbourhood search's regions (solver/lns.h) at real cost magnitudes (1e11-1e16)
// with forbidden edge entries: a region that touches a tie component takes all of it (a node
// tied to a fixed one cannot move), and regions from the differences with a guide plan find a
// trade among nodes far apart in the graph that no other region finds.
#include <gtest/gtest.h>

#include <chrono>

#include "solver/fast_model.h"
#include "solver/lns.h"
#include "solver/local_search.h"
#include "solver/solver.h"

namespace xpar::solver {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int64_t kUnit = 100'000'000'000;  // 1e11

// Equal strategies only: both ends of this edge must move together.
Edge TieEdge(int a, int b, int64_t cost_when_equal) {
  return {a, b, {cost_when_equal, kForbiddenCost, kForbiddenCost, cost_when_equal}};
}

// A chain of `tied` nodes joined by tie edges, each node of it with `leaves` leaf neighbours
// (two strategies, free edges). Chain nodes cost 1e16 at strategy 0 and 0 at strategy 1; leaves
// cost the same either way. From all zeros, the optimum moves the whole chain to 1 at once.
Problem TiedChainWithLeaves(int tied, int leaves) {
  Problem p;
  for (int i = 0; i < tied; ++i) p.nodes.push_back({0, 0, {100'000 * kUnit, 0}, {0, 0}});
  for (int i = 0; i < tied; ++i) {
    if (i > 0) p.edges.push_back(TieEdge(i - 1, i, kUnit));
    for (int k = 0; k < leaves; ++k) {
      int leaf = p.num_nodes();
      p.nodes.push_back({0, 0, {3 * kUnit, 3 * kUnit}, {0, 0}});
      p.edges.push_back({i, leaf, {0, 0, 0, 0}});
    }
  }
  return p;
}

TEST(SolverLnsRegions, ARegionTakesAWholeTieComponent) {
  // 12 tied nodes with 4 leaves each: 60 nodes, more than the first region of 16. A region
  // cut from the chain cannot move it (its ends stay tied to fixed nodes); the whole chain fits.
  Problem p = TiedChainWithLeaves(12, 4);
  ASSERT_TRUE(p.Validate().ok()) << p.Validate().ToString();
  fast::Model m = fast::BuildModel(p);
  Assignment x(p.num_nodes(), 0);
  for (uint64_t seed : {1, 2, 3}) {
    Assignment y = x;
    fast::Lns lns(m, seed);
    auto stats = lns.Improve(y, Clock::now() + std::chrono::seconds(30), 1);
    ASSERT_TRUE(stats.ok()) << stats.status().ToString();
    EXPECT_EQ(stats->improved, 1) << "seed " << seed;
    for (int i = 0; i < 12; ++i) EXPECT_EQ(y[i], 1) << "seed " << seed << " node " << i;
  }
}

// 200 nodes on a chain (edges that forbid two neighbours both at strategy 1), all live at one
// step under a limit of 2. Nodes 0, 100 and 199 make the three-way trade of solver_lns_test:
// node 0 saves 1e13 by moving to usage 0, nodes 100 and 199 each save 6e12 at usage 1, and only
// all three together fit and gain. The others use nothing and cost 1e11 at either strategy.
Problem FarTrade() {
  constexpr int kNodes = 200;
  constexpr int64_t u = 100 * kUnit;
  Problem p;
  for (int v = 0; v < kNodes; ++v) p.nodes.push_back({0, 1, {kUnit, kUnit}, {0, 0}});
  p.nodes[0] = {0, 1, {10 * u, 0}, {0, 2}};
  p.nodes[100] = {0, 1, {6 * u, 0}, {0, 1}};
  p.nodes[199] = {0, 1, {6 * u, 0}, {0, 1}};
  for (int v = 1; v < kNodes; ++v) p.edges.push_back({v - 1, v, {0, 0, 0, kForbiddenCost}});
  p.usage_limit = 2;
  return p;
}

TEST(SolverLnsRegions, GuideRegionsFindATradeAmongFarNodes) {
  Problem p = FarTrade();
  ASSERT_TRUE(p.Validate().ok()) << p.Validate().ToString();
  fast::Model m = fast::BuildModel(p);
  Assignment start(p.num_nodes(), 0), optimum(p.num_nodes(), 0);
  start[0] = 1;
  optimum[100] = optimum[199] = 1;
  auto want = Evaluate(p, optimum);
  ASSERT_TRUE(want.ok() && want->feasible());
  constexpr int kSolves = 5;  // one of each kind of region
  {
    Assignment x = start;
    fast::Lns lns(m, 5);
    lns.set_guide(optimum);
    auto stats = lns.Improve(x, Clock::now() + std::chrono::seconds(30), kSolves);
    ASSERT_TRUE(stats.ok()) << stats.status().ToString();
    auto got = Evaluate(p, x);  // the fillers may take either strategy
    ASSERT_TRUE(got.ok());
    EXPECT_TRUE(got->feasible());
    EXPECT_EQ(got->cost, want->cost);
    EXPECT_EQ(std::vector<int>({x[0], x[100], x[199]}), std::vector<int>({0, 1, 1}));
  }
  {  // without the guide, no region of those sizes holds nodes 0, 100 and 199 together
    Assignment x = start;
    fast::Lns lns(m, 5);
    auto stats = lns.Improve(x, Clock::now() + std::chrono::seconds(30), kSolves);
    ASSERT_TRUE(stats.ok()) << stats.status().ToString();
    EXPECT_EQ(stats->improved, 0);
    EXPECT_EQ(std::vector<int>({x[0], x[100], x[199]}), std::vector<int>({1, 0, 0}));
  }
}

}  // namespace
}  // namespace xpar::solver
