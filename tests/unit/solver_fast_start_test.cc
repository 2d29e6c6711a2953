// The fast backend's starting plans and memory repair where forbidden entries tie nodes into
// groups larger than one move can take (as in IOPDDL instance A), and its pair moves at the
// memory limit and its kick chains, at real cost magnitudes.
#include <gtest/gtest.h>

#include "solver/local_search.h"
#include "solver/solver.h"

namespace xpar::solver {
namespace {

constexpr int64_t kScale = 100'000'000'000'000;  // 100 s in picoseconds per unit

// A chain of `n` nodes, all live together, where each edge allows only equal strategies (an
// operand aliased to its result). Node 0 needs least memory at strategy 0, every other node at
// strategy 1; strategy 0 is the cheap one everywhere. All-0 breaks the limit, all-1 fits, and
// every mixed plan uses a forbidden entry: the only feasible plan is all-1.
Problem TiedChain(int n) {
  Problem p;
  p.nodes.push_back({0, 10, {0, kScale}, {1, 2}});
  for (int i = 1; i < n; ++i) p.nodes.push_back({0, 10, {0, kScale}, {3, 1}});
  for (int i = 0; i + 1 < n; ++i) {
    p.edges.push_back({i, i + 1, {0, kForbiddenCost, kForbiddenCost, 0}});
  }
  p.usage_limit = n + 50;
  return p;
}

// The chain is longer than a tie group may grow (64): only moves of its lead (node 0) take it
// whole. A solve with no time for a single Lagrangian round still returns the plan, as does a
// normal one.
TEST(SolverFastStart, LongTieChainHasAFeasibleStart) {
  Problem p = TiedChain(100);
  ASSERT_TRUE(p.Validate().ok());
  for (double limit : {1e-9, 5.0}) {
    SolveOptions o;
    o.backend = Backend::kFast;
    o.time_limit_s = limit;
    o.fast_max_rounds = 3;
    auto r = Solve(p, o);
    ASSERT_TRUE(r.ok()) << r.status().ToString();
    ASSERT_TRUE(r->has_solution) << "time limit " << limit;
    auto ev = Evaluate(p, r->assignment);
    ASSERT_TRUE(ev.ok());
    EXPECT_TRUE(ev->feasible()) << "time limit " << limit;
    EXPECT_EQ(r->assignment, Assignment(100, 1));
    EXPECT_EQ(ev->cost, 100 * kScale);
  }
}

// Descent moves a tie component larger than a group (64 nodes) whole, from its lead, when the
// move gains and fits (repair and pair moves take such groups too): 100 tied nodes from strategy 0 (each 1 unit dearer) to 1. Where the
// whole component at strategy 1 would break the limit, nothing moves. (IOPDDL A's plan gains
// 582,223 by such a move of 71 nodes.)
TEST(SolverFastStart, DescentMovesALargeTieComponentWhole) {
  for (bool fits : {true, false}) {
    Problem p;
    for (int i = 0; i < 100; ++i) p.nodes.push_back({0, 10, {kScale, 0}, {1, 2}});
    for (int i = 0; i + 1 < 100; ++i) {
      p.edges.push_back({i, i + 1, {0, kForbiddenCost, kForbiddenCost, 0}});
    }
    p.usage_limit = fits ? 200 : 199;
    ASSERT_TRUE(p.Validate().ok());
    fast::Model m = fast::BuildModel(p);
    EXPECT_EQ(m.tie_size[37], 100);
    EXPECT_EQ(m.tie_lead[37], 0);
    fast::State st(m, std::vector<int>(100, 0));
    ASSERT_TRUE(st.feasible());
    EXPECT_EQ(st.Descend(10), fits ? 1 : 0) << "limit " << *p.usage_limit;
    EXPECT_EQ(st.assignment(), std::vector<int>(100, fits ? 1 : 0));
    EXPECT_TRUE(st.feasible());
    st.RecomputeCost();
    EXPECT_DOUBLE_EQ(st.cost(), fits ? 0.0 : 100.0 * kScale);
  }
}

// Repair never buys memory with a forbidden choice: here the only moves that lower the peak
// break an edge whose other end has two allowed partners (no tie to follow), so repair gives
// up and the plan keeps no forbidden entry.
TEST(SolverFastStart, RepairRefusesForbiddenMoves) {
  Problem p;
  // Strategy 0 needs 5, strategies 1 and 2 need 1; edge allows (0,0) and any of {1,2} x {1,2}.
  p.nodes = {{0, 4, {0, kScale, kScale}, {5, 1, 1}}, {0, 4, {0, kScale, kScale}, {5, 1, 1}}};
  int64_t f = kForbiddenCost;
  p.edges = {{0, 1, {0, f, f, f, 0, 0, f, 0, 0}}};
  p.usage_limit = 8;
  ASSERT_TRUE(p.Validate().ok());
  fast::Model m = fast::BuildModel(p);
  fast::State st(m, {0, 0});
  EXPECT_FALSE(st.feasible());
  EXPECT_FALSE(st.Repair());
  EXPECT_FALSE(m.IsForbidden(st.cost()));
  // The solver itself finds the joint move (1 or 2 on both ends) by elimination.
  SolveOptions o;
  o.backend = Backend::kFast;
  o.time_limit_s = 5;
  o.fast_max_rounds = 3;
  auto r = Solve(p, o);
  ASSERT_TRUE(r.ok() && r->has_solution);
  auto ev = Evaluate(p, r->assignment);
  EXPECT_TRUE(ev->feasible());
  EXPECT_EQ(ev->cost, 2 * kScale);
}

// At the limit, the gain of node 0 (cheaper, more memory) needs node 1 to give memory back at
// a small cost: no single move gains, the pair does. Node 2 is live elsewhere and cannot help.
TEST(SolverFastSwap, PairMoveTradesMemoryBetweenNodes) {
  Problem p;
  p.nodes = {{0, 4, {10 * kScale, 0}, {2, 6}},
             {2, 6, {0, kScale}, {6, 2}},
             {6, 9, {0, kScale}, {9, 1}}};
  p.usage_limit = 10;
  ASSERT_TRUE(p.Validate().ok());
  fast::Model m = fast::BuildModel(p);
  fast::State st(m, {0, 0, 0});
  ASSERT_TRUE(st.feasible());
  EXPECT_EQ(st.Descend(10), 0);
  EXPECT_EQ(st.SwapDescend(std::chrono::steady_clock::time_point::max()), 1);
  EXPECT_EQ(st.assignment(), (std::vector<int>{1, 1, 0}));
  EXPECT_TRUE(st.feasible());
  EXPECT_DOUBLE_EQ(st.cost(), static_cast<double>(kScale));
  EXPECT_EQ(st.SwapDescend(std::chrono::steady_clock::time_point::max()), 0);
}

// Node 3 (pinned by its cost) makes edge 0-3 cost 10 units while node 0 is at strategy 0; node
// 0 at strategy 1 frees it but pays 6 on each of its edges to nodes 1 and 2, which want to agree
// with it. No single move gains (+2, +6, +6) and no move changes memory, so descent and pair
// moves stop; the kick chain (node 0, then nodes 1 and 2 answering) gains 10 units. With node
// 2's strategy 1 over the limit, node 2 cannot answer and the chain keeps it: a gain of 4.
TEST(SolverFastKick, ChainFindsTheMultiNodeMoveThatNoSingleOrPairMoveGains) {
  auto make = [](int64_t node2_usage) {
    Problem p;
    p.nodes = {{0, 4, {0, 0}, {1, 1}},
               {0, 4, {0, 0}, {1, 1}},
               {0, 4, {0, 0}, {1, node2_usage}},
               {0, 4, {0, 100 * kScale}, {1, 1}}};
    std::vector<int64_t> agree = {0, 6 * kScale, 6 * kScale, 0};
    p.edges = {{0, 1, agree}, {0, 2, agree}, {0, 3, {10 * kScale, 10 * kScale, 0, 0}}};
    p.usage_limit = 10;
    EXPECT_TRUE(p.Validate().ok());
    return p;
  };
  const auto never = std::chrono::steady_clock::time_point::max();
  Problem p = make(1);
  fast::Model m = fast::BuildModel(p);
  fast::State st(m, {0, 0, 0, 0});
  EXPECT_EQ(st.Descend(10), 0);
  EXPECT_EQ(st.SwapDescend(never), 0);
  EXPECT_EQ(st.KickDescend(never), 1);
  EXPECT_EQ(st.assignment(), (std::vector<int>{1, 1, 1, 0}));
  EXPECT_DOUBLE_EQ(st.cost(), 0);
  EXPECT_EQ(st.KickDescend(never), 0);

  Problem tight = make(20);
  fast::Model mt = fast::BuildModel(tight);
  fast::State st2(mt, {0, 0, 0, 0});
  EXPECT_EQ(st2.KickDescend(never), 1);
  EXPECT_EQ(st2.assignment(), (std::vector<int>{1, 1, 0, 0}));
  EXPECT_TRUE(st2.feasible());
  EXPECT_DOUBLE_EQ(st2.cost(), static_cast<double>(6 * kScale));
  // Split over two searches by edge, the chain comes from the third edge (index 2): the search
  // taking edges 0, 2, ... finds it, the one taking 1, 3, ... does not.
  fast::State odd(m, {0, 0, 0, 0});
  EXPECT_EQ(odd.KickDescend(never, 1, 2), 0);
  fast::State even(m, {0, 0, 0, 0});
  EXPECT_EQ(even.KickDescend(never, 0, 2), 1);
}

}  // namespace
}  // namespace xpar::solver
