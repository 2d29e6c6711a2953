// Worker threads that never return (support/worker_threads.h): once the run has failed, Join
// waits the grace period and then leaves the stuck worker running, naming it, instead of
// hanging; without a failure it waits for every worker however long they take.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>

#include "support/worker_threads.h"

namespace xpar {
namespace {

using std::chrono::milliseconds;
using std::chrono::steady_clock;

double SecondsSince(steady_clock::time_point start) {
  return std::chrono::duration<double>(steady_clock::now() - start).count();
}

TEST(FaultStuckWorker, StuckWorkerIsLeftRunningAfterTheGraceOnceTheRunFailed) {
  // The "stuck" worker spins until the test releases it at the end (so the process does not
  // keep a spinning thread); what it uses is shared, as WorkerThreads requires.
  auto release = std::make_shared<std::atomic<bool>>(false);
  auto failed = std::make_shared<std::atomic<bool>>(false);
  const int64_t runaway_before = RunawayThreads();
  WorkerThreads threads;
  threads.Start([failed] { failed->store(true); });  // worker 0 fails at once
  threads.Start([release] {
    while (!release->load()) std::this_thread::sleep_for(milliseconds(5));
  });
  threads.Start([] {});  // worker 2 ends normally
  auto start = steady_clock::now();
  std::vector<size_t> stuck = threads.Join([&] { return failed->load(); }, milliseconds(200));
  double waited = SecondsSince(start);
  release->store(true);
  EXPECT_EQ(stuck, std::vector<size_t>{1});
  EXPECT_EQ(RunawayThreads(), runaway_before + 1);
  EXPECT_GE(waited, 0.15);
  EXPECT_LT(waited, 10.0);  // bounded: the grace, not forever
}

TEST(FaultStuckWorker, WithoutAFailureJoinWaitsForSlowWorkers) {
  WorkerThreads threads;
  auto finished = std::make_shared<std::atomic<int>>(0);
  for (int i = 0; i < 3; ++i) {
    threads.Start([finished, i] {
      std::this_thread::sleep_for(milliseconds(100 * i));
      finished->fetch_add(1);
    });
  }
  // A grace shorter than the slowest worker: it applies only after a failure.
  std::vector<size_t> stuck = threads.Join([] { return false; }, milliseconds(10));
  EXPECT_TRUE(stuck.empty());
  EXPECT_EQ(finished->load(), 3);
}

TEST(FaultStuckWorker, ZeroGraceWaitsForeverEvenAfterAFailure) {
  WorkerThreads threads;
  auto finished = std::make_shared<std::atomic<bool>>(false);
  threads.Start([finished] {
    std::this_thread::sleep_for(milliseconds(150));
    finished->store(true);
  });
  std::vector<size_t> stuck = threads.Join([] { return true; }, milliseconds(0));
  EXPECT_TRUE(stuck.empty());
  EXPECT_TRUE(finished->load());
}

}  // namespace
}  // namespace xpar
