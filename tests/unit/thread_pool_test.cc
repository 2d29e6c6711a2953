// The persistent kernel thread pool (runtime/interpreter/thread_pool.h): calls reuse the same
// workers instead of starting threads, calls from several device threads at once each cover
// their range exactly once, and a chunk's own ParallelFor runs inline without deadlocking.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

std::atomic<int> threads_seen{0};

// Constructed once in each thread that touches it: counts the distinct threads that ran chunks.
struct SeenThread {
  SeenThread() { threads_seen.fetch_add(1); }
  void Touch() {}
};
thread_local SeenThread seen_thread;

class ThreadsGuard {
 public:
  ThreadsGuard() : before_(KernelThreads()) {}
  ~ThreadsGuard() { SetKernelThreads(before_); }

 private:
  int before_;
};

TEST(ThreadPool, CallsReuseTheSameWorkers) {
  ThreadsGuard guard;
  SetKernelThreads(4);
  seen_thread.Touch();
  const int before = threads_seen.load();
  for (int call = 0; call < 100; ++call) {
    std::atomic<int64_t> sum{0};
    ParallelFor(4000, 1000, [&](int64_t lo, int64_t hi) {
      seen_thread.Touch();
      int64_t s = 0;
      for (int64_t i = lo; i < hi; ++i) s += i;
      sum += s;
    });
    ASSERT_EQ(sum.load(), 4000 * 3999 / 2);
  }
  // Forking threads per call would have started 300 new ones; the pool has MachineCores() - 1
  // workers (at least one), started once.
  EXPECT_LE(threads_seen.load() - before, std::max(1, MachineCores() - 1));
}

// A call is cut into a few chunks per thread (so that a late worker leaves the caller less to do
// alone), each at least min_chunk items, the same cut on every call whoever runs them.
TEST(ThreadPool, ChunksAreSeveralPerThreadAndAtLeastMinChunk) {
  ThreadsGuard guard;
  SetKernelThreads(2);
  std::vector<std::pair<int64_t, int64_t>> first;
  for (int call = 0; call < 20; ++call) {
    std::mutex mu;
    std::vector<std::pair<int64_t, int64_t>> cut;
    ParallelFor(4096, 85, [&](int64_t lo, int64_t hi) {
      std::lock_guard<std::mutex> lock(mu);
      cut.emplace_back(lo, hi);
    });
    std::sort(cut.begin(), cut.end());
    ASSERT_EQ(cut.size(), 8u);  // 2 threads x 4
    for (size_t i = 0; i < cut.size(); ++i) {
      EXPECT_EQ(cut[i].first, i == 0 ? 0 : cut[i - 1].second);
      EXPECT_GE(cut[i].second - cut[i].first, 85);
    }
    EXPECT_EQ(cut.back().second, 4096);
    if (call == 0) first = cut;
    EXPECT_EQ(cut, first);
  }
  // Fewer items than 8 chunks of min_chunk: as many chunks as fit.
  std::atomic<int> chunks{0};
  ParallelFor(300, 100, [&](int64_t, int64_t) { ++chunks; });
  EXPECT_EQ(chunks.load(), 3);
}

TEST(ThreadPool, ConcurrentDevicesEachCoverTheirRange) {
  constexpr int kDevices = 4;
  std::vector<std::thread> devices;
  std::atomic<int> failures{0};
  for (int d = 0; d < kDevices; ++d) {
    devices.emplace_back([&failures, d] {
      SetKernelThreads(2 + d % 2);
      for (int call = 0; call < 200; ++call) {
        const int64_t n = 1000 + 37 * call + d;
        std::vector<std::atomic<int>> hits(n);
        ParallelFor(n, 10, [&](int64_t lo, int64_t hi) {
          for (int64_t i = lo; i < hi; ++i) hits[i]++;
        });
        for (int64_t i = 0; i < n; ++i) {
          if (hits[i].load() != 1) failures++;
        }
      }
    });
  }
  for (std::thread& t : devices) t.join();
  EXPECT_EQ(failures.load(), 0);
}

TEST(ThreadPool, NestedCallsRunInline) {
  ThreadsGuard guard;
  SetKernelThreads(3);
  std::vector<std::atomic<int>> hits(3000);
  ParallelFor(3, 1, [&](int64_t lo, int64_t hi) {
    for (int64_t outer = lo; outer < hi; ++outer) {
      ParallelFor(1000, 10, [&](int64_t a, int64_t b) {
        for (int64_t i = a; i < b; ++i) hits[outer * 1000 + i]++;
      });
    }
  });
  for (const std::atomic<int>& h : hits) ASSERT_EQ(h.load(), 1);
}

}  // namespace
}  // namespace xpar
