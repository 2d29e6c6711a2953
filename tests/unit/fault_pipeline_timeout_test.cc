// Faults between pipeline stages on threads (runtime/pipeline/channels.h): a stage that waits
// for a value another stage never sends stops within the collective timeout, with an error naming
// itself, the value and the stage that did not send it; a stage that fails wakes the waiting ones
// at once with its own error (not a second one of theirs). The MPI side: mpi_watchdog.h's
// message, and tests/fault/ (a rank killed or stopped in `mpirun xpar train --stages`).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "runtime/interpreter/collective_hub.h"
#include "runtime/mpi/mpi_watchdog.h"
#include "runtime/pipeline/channels.h"
#include "support/source_text.h"

namespace xpar::pipeline {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

double SecondsSince(steady_clock::time_point start) {
  return std::chrono::duration<double>(steady_clock::now() - start).count();
}

TEST(FaultPipelineTimeout, ValueThatNeverComesTimesOutNamingBothStages) {
  Channels channels;
  auto start = steady_clock::now();
  // Stage 1's backward waits for output 2 of stage 0's backward program (program 1), microbatch 3.
  auto got = channels.Take({1, 2, 3}, "pipeline stage 1 backward of microbatch 3",
                           milliseconds(200));
  double waited = SecondsSince(start);
  ASSERT_FALSE(got.ok());
  EXPECT_EQ(got.status().code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(got.status().message().rfind(
                "pipeline stage 1 backward of microbatch 3: timed out after 0.2 s receiving "
                "output 2 of stage 0's backward program for microbatch 3, which never came",
                0),
            0u)
      << got.status().message();
  EXPECT_NE(got.status().message().find("--collective-timeout"), std::string::npos);
  EXPECT_GE(waited, 0.15);
  EXPECT_LT(waited, 10.0);  // bounded: the timeout, not forever
}

TEST(FaultPipelineTimeout, DefaultTimeoutIsTheCollectiveTimeout) {
  const milliseconds saved = CollectiveTimeout();
  SetCollectiveTimeout(milliseconds(150));
  Channels channels;
  auto start = steady_clock::now();
  auto got = channels.Take({2, 0, 0}, "pipeline stage 2 forward of microbatch 0");
  double waited = SecondsSince(start);
  SetCollectiveTimeout(saved);
  ASSERT_FALSE(got.ok());
  EXPECT_NE(got.status().message().find("output 0 of stage 1's forward program"),
            std::string::npos)
      << got.status().message();
  EXPECT_LT(waited, 10.0);
}

TEST(FaultPipelineTimeout, ValueInTimeIsTakenByEveryReader) {
  Channels channels;
  std::thread producer([&] {
    std::this_thread::sleep_for(milliseconds(50));
    channels.Put({0, 0, 0}, std::make_shared<const Literal>(Literal::Scalar<float>(4)), 2);
  });
  auto first = channels.Take({0, 0, 0}, "reader 1", milliseconds(5000));
  producer.join();
  ASSERT_TRUE(first.ok()) << first.status().message();
  auto second = channels.Take({0, 0, 0}, "reader 2", milliseconds(5000));
  ASSERT_TRUE(second.ok()) << second.status().message();
  EXPECT_EQ((*second)->data<float>()[0], 4.0f);
  // Both readers took it: a third waits, and times out.
  EXPECT_FALSE(channels.Take({0, 0, 0}, "reader 3", milliseconds(50)).ok());
}

TEST(FaultPipelineTimeout, FailingStageWakesTheWaitingStageWithItsOwnError) {
  Channels channels;
  // Stage 0 fails with a located error (its program's instruction); stage 1 waits for it with a
  // long timeout and must be woken at once with that error, location included.
  SourceText src("step.hlo", "HloModule m\n");
  const Status failure = src.Error(0, "while evaluating divide: boom")
                             .WithContext("pipeline stage 0 forward of microbatch 0: ");
  Expected<std::shared_ptr<const Literal>> waiting(Internal("not run"));
  auto start = steady_clock::now();
  std::thread stage1([&] {
    waiting = channels.Take({0, 0, 0}, "pipeline stage 1 forward of microbatch 0",
                            milliseconds(60000));
  });
  std::this_thread::sleep_for(milliseconds(50));
  channels.Abort(failure);
  stage1.join();
  EXPECT_LT(SecondsSince(start), 10.0);
  ASSERT_FALSE(waiting.ok());
  EXPECT_EQ(waiting.status().message(), failure.message());
  EXPECT_TRUE(waiting.status().located());
  // A stage that comes to the channels after the failure stops at once too.
  auto late = channels.Take({4, 0, 1}, "pipeline stage 3 forward of microbatch 1",
                            milliseconds(60000));
  ASSERT_FALSE(late.ok());
  EXPECT_EQ(late.status().message(), failure.message());
}

TEST(FaultPipelineTimeout, MpiWatchdogMessageNamesRankOperationAndLimit) {
  std::string m = MpiWatchdog::TimeoutMessage(
      3, 4, "all-reduce over devices {0,1} of pipeline stage 1 (world ranks 2,3)",
      milliseconds(5200));
  EXPECT_EQ(m.rfind("xpar: MPI rank 3 of 4: collective timed out: all-reduce over devices {0,1} "
                    "of pipeline stage 1 (world ranks 2,3) did not complete in 5.2 s",
                    0),
            0u)
      << m;
  EXPECT_NE(m.find("--collective-timeout"), std::string::npos);
}

}  // namespace
}  // namespace xpar::pipeline
