// The fast backend's large neighbourhood search (solver/lns.h) at real cost magnitudes, with
// forbidden edge entries and a binding memory limit: the sub-problem prices and fits exactly
// what the whole problem does, one solve of a small problem is optimal, and it makes a
// three-node memory trade that neither single nor pair moves can.
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "solver/fast_model.h"
#include "solver/lns.h"
#include "solver/local_search.h"
#include "solver/solver.h"

namespace xpar::solver {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int64_t kPs = 1'000'000'000;  // costs of 1e9-1e12, as real plans in picoseconds

// Small random problems: `n` nodes of 1-4 strategies, a chain of edges plus random ones (so the
// graph is connected), one in eight edge entries forbidden, usages 0-10 and a limit that binds.
Problem RandomProblem(std::mt19937& rng, int n) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Problem p;
  p.nodes.resize(n);
  for (Node& node : p.nodes) {
    int s = pick(1, 4);
    node.start = pick(0, 6);
    node.end = node.start + pick(0, 5);
    for (int k = 0; k < s; ++k) {
      node.costs.push_back(pick(1, 1000) * kPs);
      node.usages.push_back(pick(0, 10));
    }
  }
  auto add_edge = [&](int u, int v) {
    Edge e{u, v, {}};
    for (int k = 0; k < p.nodes[u].num_strategies() * p.nodes[v].num_strategies(); ++k) {
      e.costs.push_back(pick(0, 7) == 0 ? kForbiddenCost : pick(0, 1000) * kPs);
    }
    p.edges.push_back(std::move(e));
  };
  for (int v = 1; v < n; ++v) add_edge(pick(0, v - 1), v);
  for (int k = pick(0, n); k > 0; --k) {
    int u = pick(0, n - 1), v = pick(0, n - 1);
    if (u != v) add_edge(u, v);
  }
  p.usage_limit = pick(8, 25);
  return p;
}

// Calls `f` on every assignment of the nodes in `which`, the others as in `x`.
template <typename F>
void ForEach(const Problem& p, Assignment x, const std::vector<int>& which, F f) {
  for (int v : which) x[v] = 0;
  while (true) {
    f(x);
    size_t i = 0;
    while (i < which.size() && ++x[which[i]] == p.nodes[which[i]].num_strategies()) {
      x[which[i++]] = 0;
    }
    if (i == which.size()) return;
  }
}

std::vector<int> AllNodes(const Problem& p) {
  std::vector<int> all(p.num_nodes());
  for (int v = 0; v < p.num_nodes(); ++v) all[v] = v;
  return all;
}

// The cheapest and the dearest feasible assignments; false when there is none.
bool Extremes(const Problem& p, Assignment& best, Assignment& worst) {
  int64_t lo = INT64_MAX, hi = -1;
  ForEach(p, Assignment(p.num_nodes(), 0), AllNodes(p), [&](const Assignment& x) {
    auto ev = Evaluate(p, x);
    if (!ev.ok() || !ev->feasible()) return;
    if (ev->cost < lo) lo = ev->cost, best = x;
    if (ev->cost > hi) hi = ev->cost, worst = x;
  });
  return hi >= 0;
}

TEST(SolverLns, SubProblemPricesAndFitsAsTheWholeProblem) {
  std::mt19937 rng(31337);
  int checked = 0;
  for (int it = 0; it < 60; ++it) {
    Problem p = RandomProblem(rng, 7);
    ASSERT_TRUE(p.Validate().ok());
    Assignment best, x;
    if (!Extremes(p, best, x)) continue;
    fast::Model m = fast::BuildModel(p);
    std::vector<int> free_nodes;
    for (int v = 0; v < p.num_nodes(); ++v) {
      if (p.nodes[v].num_strategies() > 1 && rng() % 2 == 0) free_nodes.push_back(v);
    }
    if (free_nodes.empty()) continue;
    Problem sub = fast::SubProblem(m, x, free_nodes, fast::MemoryProfile(m, x));
    ASSERT_TRUE(sub.Validate().ok()) << sub.Validate().ToString();
    std::optional<int64_t> offset;  // whole cost - sub-problem cost, the same for every plan
    ForEach(p, x, free_nodes, [&](const Assignment& y) {
      Assignment ys(sub.num_nodes(), 0);
      for (size_t i = 0; i < free_nodes.size(); ++i) ys[i] = y[free_nodes[i]];
      auto whole = Evaluate(p, y);
      auto part = Evaluate(sub, ys);
      ASSERT_TRUE(whole.ok() && part.ok());
      EXPECT_EQ(whole->uses_forbidden, part->uses_forbidden) << "problem " << it;
      EXPECT_EQ(whole->memory_ok, part->memory_ok) << "problem " << it;
      if (whole->uses_forbidden) return;
      if (!offset) offset = whole->cost - part->cost;
      EXPECT_EQ(whole->cost - part->cost, *offset) << "problem " << it;
      ++checked;
    });
  }
  EXPECT_GT(checked, 500);
}

// Nodes fewer than the first neighbourhood's size: one sub-solve frees them all, so it returns
// the optimum from the dearest feasible plan and says it solved the whole problem.
TEST(SolverLns, OneSolveOfASmallProblemIsOptimal) {
  std::mt19937 rng(2718);
  int solved = 0;
  for (int it = 0; it < 25; ++it) {
    Problem p = RandomProblem(rng, 8);
    Assignment best, x;
    if (!Extremes(p, best, x)) continue;
    fast::Model m = fast::BuildModel(p);
    fast::Lns lns(m, 7);
    auto stats = lns.Improve(x, Clock::now() + std::chrono::seconds(30), 1);
    ASSERT_TRUE(stats.ok()) << stats.status().ToString();
    auto got = Evaluate(p, x);
    auto want = Evaluate(p, best);
    ASSERT_TRUE(got.ok() && want.ok());
    EXPECT_TRUE(got->feasible()) << "problem " << it;
    EXPECT_EQ(got->cost, want->cost) << "problem " << it;
    EXPECT_TRUE(stats->whole) << "problem " << it;
    ++solved;
  }
  EXPECT_GT(solved, 10);
}

// Nodes a, b, c, all live together under a limit of 2. a: 10 at usage 0 or 0 at usage 2;
// b and c: 6 at usage 0 or 0 at usage 1 (units of 1e11). From a=1, b=c=0 (12, at the limit)
// the optimum a=0, b=c=1 (10) needs all three to move: b or c alone breaks the limit, a alone
// or with one of them costs more. An edge forbids a=1 with b=1.
Problem ThreeWayTrade() {
  constexpr int64_t u = 100 * kPs;
  Problem p;
  p.nodes = {{0, 4, {10 * u, 0}, {0, 2}}, {0, 4, {6 * u, 0}, {0, 1}}, {0, 4, {6 * u, 0}, {0, 1}}};
  p.edges = {{0, 1, {0, 0, 0, kForbiddenCost}}, {1, 2, {0, 0, 0, 0}}};
  p.usage_limit = 2;
  return p;
}

TEST(SolverLns, MakesATradeThatPairMovesCannot) {
  Problem p = ThreeWayTrade();
  ASSERT_TRUE(p.Validate().ok());
  fast::Model m = fast::BuildModel(p);
  const Assignment start = {1, 0, 0};
  fast::State st(m, start);
  ASSERT_TRUE(st.feasible());
  EXPECT_EQ(st.SwapDescend(Clock::time_point::max()) + st.Descend(10), 0);
  EXPECT_EQ(st.assignment(), start);
  Assignment x = start;
  fast::Lns lns(m, 1);
  auto stats = lns.Improve(x, Clock::now() + std::chrono::seconds(30), 4);
  ASSERT_TRUE(stats.ok()) << stats.status().ToString();
  EXPECT_EQ(x, (Assignment{0, 1, 1}));
  EXPECT_GE(stats->improved, 1);
  auto ev = Evaluate(p, x);
  ASSERT_TRUE(ev.ok());
  EXPECT_TRUE(ev->feasible());
  EXPECT_EQ(ev->cost, 1000 * kPs);
}

// The driver runs the search after its Lagrangian loop, within the time limit, and the search
// keeps a round cap deterministic (each sub-solve is CBC's, proven optimal).
TEST(SolverLns, FastBackendEndsAtTheOptimumWithinItsLimit) {
  Problem p = ThreeWayTrade();
  SolveOptions o;
  o.backend = Backend::kFast;
  o.time_limit_s = 5;
  o.fast_max_rounds = 4;
  auto r = Solve(p, o);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_TRUE(r->has_solution);
  EXPECT_EQ(r->assignment, (Assignment{0, 1, 1}));
  EXPECT_LE(r->seconds, 5 * 1.1);
}

}  // namespace
}  // namespace xpar::solver
