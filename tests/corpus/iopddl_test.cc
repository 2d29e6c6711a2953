// The fast solver on the real IOPDDL instance B (816 nodes; ../shared/iopddl): feasible and
// within 10% of the best contest cost (532,843) in a few seconds.
#include <gtest/gtest.h>

#include "corpus_paths.h"
#include "solver/solver.h"

namespace xpar::solver {
namespace {

TEST(IopddlCorpus, FastBackendSolvesInstanceB) {
  XPAR_REQUIRE_SHARED("iopddl");
  auto p = ReadProblemFile((testing::SharedDir() / "iopddl/asplos-2025-iopddl-B.json.gz").string());
  ASSERT_TRUE(p.ok()) << p.status().ToString();
  EXPECT_EQ(p->num_nodes(), 816);
  EXPECT_EQ(p->num_edges(), 1096);
  SolveOptions o;
  o.backend = Backend::kFast;
  o.time_limit_s = 8;
  o.seed = 1;
  auto r = Solve(*p, o);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  ASSERT_TRUE(r->has_solution);
  auto ev = Evaluate(*p, r->assignment);
  ASSERT_TRUE(ev.ok());
  EXPECT_TRUE(ev->feasible()) << "peak " << ev->peak_usage << " limit " << *p->usage_limit;
  constexpr int64_t kBestContestCost = 532843;
  EXPECT_LE(ev->cost, kBestContestCost * 110 / 100) << "cost " << ev->cost;
}

}  // namespace
}  // namespace xpar::solver
