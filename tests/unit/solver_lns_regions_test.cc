// The large neighbourhood search's regions (solver/lns.h) at real cost magnitudes (1e11-1e16)
// with forbidden edge entries: a region that touches a tie component takes all of it (a node
// tied to a fixed one cannot move), and regions from the differences with a guide plan find a
// trade among nodes far apart in the graph that no other region finds; a tie component of more
// than 64 nodes gets a region with the nodes around it, whole when it fits and moved to another
// strategy when it does not; a sweep (QueueSweep) takes such moves first, cheapest first.
#include <gtest/gtest.h>

#include <algorithm>
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
  constexpr int kSolves = 5;  // regions of kinds 1-5, the guide's (4) among them
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

// A chain of `tied` nodes (strategy 1 saves `save` per node) and one leaf on each of the first
// `leaves` chain nodes: the leaf's strategy 1 costs `leaf_cost`, and an edge charges `mismatch`
// when leaf and chain node differ. From all zeros, the optimum moves the chain and its leaves
// together; the chain alone (a whole-component move) or any leaf alone costs more.
Problem TiedChainWithCostlyLeaves(int tied, int leaves, int64_t save, int64_t leaf_cost,
                                  int64_t mismatch) {
  Problem p;
  for (int i = 0; i < tied; ++i) p.nodes.push_back({0, 0, {save, 0}, {0, 0}});
  for (int i = 1; i < tied; ++i) p.edges.push_back(TieEdge(i - 1, i, kUnit));
  for (int i = 0; i < leaves; ++i) {
    int leaf = p.num_nodes();
    p.nodes.push_back({0, 0, {0, leaf_cost}, {0, 0}});
    p.edges.push_back({i, leaf, {0, mismatch, mismatch, 0}});
  }
  return p;
}

// Moves x (all zeros) by Lns::Improve with `solves` sub-solves, after QueueSweep(x, first,
// stride) when `stride` > 0; the plan it ends with.
Assignment Improved(const Problem& p, int solves, double solve_seconds, int first = 0,
                    int stride = 0) {
  fast::Model m = fast::BuildModel(p);
  Assignment x(p.num_nodes(), 0);
  fast::Lns lns(m, 1, solve_seconds);
  if (stride > 0) lns.QueueSweep(x, first, stride);
  auto stats = lns.Improve(x, Clock::now() + std::chrono::seconds(60), solves);
  EXPECT_TRUE(stats.ok()) << stats.status().ToString();
  return x;
}

// Whether every node ended at strategy 1 (Improved without a sweep).
bool AllMovedToOne(const Problem& p, int solves, double solve_seconds) {
  Assignment x = Improved(p, solves, solve_seconds);
  return std::all_of(x.begin(), x.end(), [](int s) { return s == 1; });
}

// q's nodes and edges after p's.
void Append(Problem& p, const Problem& q) {
  int offset = p.num_nodes();
  p.nodes.insert(p.nodes.end(), q.nodes.begin(), q.nodes.end());
  for (Edge e : q.edges) {
    e.u += offset, e.v += offset;
    p.edges.push_back(e);
  }
}

TEST(SolverLnsRegions, ALargeComponentGetsARegionWithTheNodesAroundIt) {
  // 70 tied nodes (more than a move's group of 64), 20 leaves: the gain needs all 90 nodes in
  // one region. The first four regions (16-58 nodes) cannot take the chain; the fifth (88) can,
  // but a breadth-first region of 88 misses two leaves, each costing more than the gain. The
  // large-component region is the chain and half a region around it: everything.
  Problem p = TiedChainWithCostlyLeaves(70, 20, 3 * kUnit, kUnit, 300 * kUnit);
  ASSERT_TRUE(p.Validate().ok()) << p.Validate().ToString();
  // A long sub-solve limit, so that regions grow after every quick optimal solve.
  EXPECT_FALSE(AllMovedToOne(p, 4, 20));
  EXPECT_TRUE(AllMovedToOne(p, 5, 20));
}

TEST(SolverLnsRegions, AComponentTooLargeForARegionMovesWithTheNodesAroundIt) {
  // 300 tied nodes, more than any of the first six regions (at most 133 nodes), with 10 leaves:
  // moving the chain saves 300 units and costs 400 in mismatches unless the leaves follow (10
  // units). The sixth region moves the chain to another strategy and frees the nodes around it.
  Problem p = TiedChainWithCostlyLeaves(300, 10, kUnit, kUnit / 10, 40 * kUnit);
  ASSERT_TRUE(p.Validate().ok()) << p.Validate().ToString();
  EXPECT_FALSE(AllMovedToOne(p, 5, 20));
  EXPECT_TRUE(AllMovedToOne(p, 6, 20));
}

TEST(SolverLnsRegions, ASweepMovesTheCheapestLargeComponentFirstAndTwoSearchesSplitIt) {
  // Two chains of 300 tied nodes as above, each gaining only when its 10 leaves follow; moving
  // the first alone costs 100 units more, the second 300 more (mismatch 60 units). The sweep's
  // first sub-solve moves the first; with stride 2, the second search's first moves the second.
  Problem p = TiedChainWithCostlyLeaves(300, 10, kUnit, kUnit / 10, 40 * kUnit);
  Append(p, TiedChainWithCostlyLeaves(300, 10, kUnit, kUnit / 10, 60 * kUnit));
  ASSERT_TRUE(p.Validate().ok()) << p.Validate().ToString();
  auto moved = [&](const Assignment& x, int chain) {
    int first = chain * 310;
    return std::all_of(x.begin() + first, x.begin() + first + 310, [](int s) { return s == 1; });
  };
  Assignment none = Improved(p, 1, 20);
  EXPECT_FALSE(moved(none, 0) || moved(none, 1));
  Assignment one = Improved(p, 1, 20, 0, 1);
  EXPECT_TRUE(moved(one, 0));
  EXPECT_FALSE(moved(one, 1));
  Assignment both = Improved(p, 2, 20, 0, 1);
  EXPECT_TRUE(moved(both, 0) && moved(both, 1));
  Assignment other = Improved(p, 1, 20, 1, 2);
  EXPECT_FALSE(moved(other, 0));
  EXPECT_TRUE(moved(other, 1));
}

}  // namespace
}  // namespace xpar::solver
