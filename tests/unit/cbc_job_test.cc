// CBC jobs (solver/cbc_job.h): they survive encoding, malformed bytes are errors and never
// crashes, the worker program is found in the build tree and answers as CBC does in-process,
// one process answers job after job, and ProgramServer (support/child_process.h) reports
// programs that overrun, die or send nothing.
#include <gtest/gtest.h>

#include <cmath>

#include "solver/cbc_job.h"
#include "support/child_process.h"

namespace xpar::solver {
namespace {

// max 5a + 4b + 3c (as min of the negation) s.t. 2a + 3b + c <= 5, 4a + b + 2c <= 11, binary:
// the optimum is a = 1, b = 1, c = 0 (objective -9).
CbcJob Knapsack() {
  CbcJob job;
  job.obj = {-5, -4, -3};
  job.col_lb = {0, 0, 0};
  job.col_ub = {1, 1, 1};
  job.is_int = {1, 1, 1};
  job.start = {0, 2, 4, 6};
  job.index = {0, 1, 0, 1, 0, 1};
  job.value = {2, 4, 3, 1, 1, 2};
  job.row_lb = {-1e30, -1e30};
  job.row_ub = {5, 11};
  job.warm_columns = {1};
  job.seconds = 10;
  return job;
}

TEST(CbcJob, SurvivesEncoding) {
  CbcJob job = Knapsack();
  job.relative_gap = 1e-6;
  job.log = true;
  auto back = DecodeCbcJob(EncodeCbcJob(job));
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(back->obj, job.obj);
  EXPECT_EQ(back->is_int, job.is_int);
  EXPECT_EQ(back->start, job.start);
  EXPECT_EQ(back->index, job.index);
  EXPECT_EQ(back->value, job.value);
  EXPECT_EQ(back->row_ub, job.row_ub);
  EXPECT_EQ(back->warm_columns, job.warm_columns);
  EXPECT_EQ(back->seconds, job.seconds);
  EXPECT_EQ(back->relative_gap, job.relative_gap);
  EXPECT_TRUE(back->log);
  CbcOutcome o{true, true, false, true, -8.5, {0, 2}};
  auto ob = DecodeCbcOutcome(EncodeCbcOutcome(o));
  ASSERT_TRUE(ob.ok());
  EXPECT_EQ(ob->chosen, o.chosen);
  EXPECT_EQ(ob->bound, o.bound);
  EXPECT_TRUE(ob->optimal && ob->has_bound && !ob->infeasible);
}

TEST(CbcJob, MalformedBytesAreErrors) {
  std::string bytes = EncodeCbcJob(Knapsack());
  for (size_t n = 0; n < bytes.size(); ++n) {
    EXPECT_FALSE(DecodeCbcJob(std::string_view(bytes).substr(0, n)).ok()) << n << " bytes";
  }
  EXPECT_FALSE(DecodeCbcJob(bytes + "x").ok());
  CbcJob bad = Knapsack();
  bad.index[3] = 7;  // no row 7
  EXPECT_FALSE(DecodeCbcJob(EncodeCbcJob(bad)).ok());
  bad = Knapsack();
  bad.start = {0, 4, 2, 6};  // columns out of order
  EXPECT_FALSE(DecodeCbcJob(EncodeCbcJob(bad)).ok());
  EXPECT_FALSE(DecodeCbcOutcome(bytes).ok());
}

TEST(CbcJob, WorkerAnswersAsCbcInProcess) {
  ASSERT_FALSE(CbcWorkerPath().empty()) << "xpar-cbc-worker not found (it is built with xpar)";
  CbcOutcome here = RunCbcJob(Knapsack());
  ASSERT_TRUE(here.has_solution && here.optimal);
  EXPECT_EQ(here.chosen, (std::vector<int>{0, 1}));
  auto there = RunCbcJobIsolated(Knapsack(), 30);
  ASSERT_TRUE(there.ok()) << there.status().ToString();
  ASSERT_FALSE(there->killed);
  EXPECT_EQ(there->outcome.chosen, here.chosen);
  EXPECT_TRUE(there->outcome.optimal);
  EXPECT_NEAR(there->outcome.bound, -9, 1e-6);
}

// Market split (Cornuejols-Dawande): 4 equations over 40 binaries with coefficients 0-99 and
// right-hand sides half their row sums; branch and bound needs far more than a second.
CbcJob MarketSplit() {
  CbcJob job;
  const int m = 4, n = 40;
  uint32_t state = 12345;
  auto next = [&state] { return (state = state * 1103515245u + 12345u) >> 16; };
  std::vector<std::vector<double>> a(m, std::vector<double>(n));
  for (auto& row : a) {
    for (double& x : row) x = next() % 100;
  }
  for (int c = 0; c < n; ++c) {
    job.obj.push_back(0);
    job.col_lb.push_back(0);
    job.col_ub.push_back(1);
    job.is_int.push_back(1);
    for (int r = 0; r < m; ++r) {
      job.index.push_back(r);
      job.value.push_back(a[r][c]);
    }
    job.start.push_back(static_cast<int64_t>(job.index.size()));
  }
  for (const auto& row : a) {
    double half = 0;
    for (double x : row) half += x;
    half = std::floor(half / 2);
    job.row_lb.push_back(half);
    job.row_ub.push_back(half);
  }
  job.seconds = 60;
  return job;
}

TEST(ProgramServer, AnswersAgainAndReportsSilenceOverrunAndBadInput) {
  auto worker = ProgramServer::Start(CbcWorkerPath());
  ASSERT_TRUE(worker.ok()) << worker.status().ToString();
  for (int k = 0; k < 3; ++k) {  // one process, several jobs
    auto r = (*worker)->Ask(EncodeCbcJob(Knapsack()), 30);
    ASSERT_TRUE(r.ok() && r->output) << k;
    auto o = DecodeCbcOutcome(*r->output);
    ASSERT_TRUE(o.ok());
    EXPECT_EQ(o->chosen, (std::vector<int>{0, 1}));
    EXPECT_TRUE((*worker)->alive());
  }
  auto slow = (*worker)->Ask(EncodeCbcJob(MarketSplit()), 0.3);
  ASSERT_TRUE(slow.ok()) << slow.status().ToString();
  EXPECT_TRUE(slow->killed);
  EXPECT_FALSE((*worker)->alive());
  EXPECT_FALSE((*worker)->Ask(EncodeCbcJob(Knapsack()), 30).ok());  // it serves no more

  auto fresh = ProgramServer::Start(CbcWorkerPath());
  ASSERT_TRUE(fresh.ok());
  auto garbage = (*fresh)->Ask("not a job", 30);
  ASSERT_FALSE(garbage.ok());
  EXPECT_NE(garbage.status().message().find("exited with 2"), std::string::npos)
      << garbage.status().ToString();

  auto silent = ProgramServer::Start("/bin/true");
  ASSERT_TRUE(silent.ok());
  auto none = (*silent)->Ask("anything", 30);
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.status().message().find("ended its answer early"), std::string::npos)
      << none.status().ToString();
  EXPECT_FALSE(ProgramServer::Start("/nonexistent/xpar-cbc-worker").ok());
}

}  // namespace
}  // namespace xpar::solver
