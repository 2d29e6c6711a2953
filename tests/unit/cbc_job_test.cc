// CBC jobs (solver/cbc_job.h): they survive encoding, malformed bytes are errors and never
// crashes, the worker program is found in the build tree and answers as CBC does in-process,
// and RunProgram (support/child_process.h) reports programs that send nothing or overrun.
#include <gtest/gtest.h>

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

TEST(RunProgram, SilenceOverrunAndMissingProgramsAreReported) {
  auto silent = RunProgram("/bin/cat", "no report", 30);
  ASSERT_FALSE(silent.ok());
  EXPECT_NE(silent.status().message().find("ended its output early"), std::string::npos)
      << silent.status().ToString();
  auto slow = RunProgram("/bin/sh", "sleep 30\n", 0.3);
  ASSERT_TRUE(slow.ok()) << slow.status().ToString();
  EXPECT_TRUE(slow->killed);
  EXPECT_FALSE(RunProgram("/nonexistent/xpar-cbc-worker", "", 1).ok());
  auto garbage = RunProgram(CbcWorkerPath(), "not a job", 30);
  ASSERT_FALSE(garbage.ok());
  EXPECT_NE(garbage.status().message().find("exited with 2"), std::string::npos)
      << garbage.status().ToString();
}

}  // namespace
}  // namespace xpar::solver
