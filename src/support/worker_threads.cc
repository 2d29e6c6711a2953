// WorkerThreads (worker_threads.h): a bounded join for threads that may never return.
#include "support/worker_threads.h"

#include <algorithm>
#include <atomic>

namespace xpar {
namespace {

std::atomic<int64_t> runaway_threads{0};

}  // namespace

int64_t RunawayThreads() { return runaway_threads.load(); }

WorkerThreads::~WorkerThreads() {
  for (std::thread& t : threads_) {
    if (t.joinable()) t.join();
  }
}

void WorkerThreads::Start(std::function<void()> fn) {
  size_t index = 0;
  {
    std::lock_guard<std::mutex> lock(shared_->mu);
    index = shared_->done.size();
    shared_->done.push_back(false);
  }
  // The thread holds the shared state itself: a detached worker still finds it when it returns.
  threads_.emplace_back([shared = shared_, index, fn = std::move(fn)] {
    fn();
    std::lock_guard<std::mutex> lock(shared->mu);
    shared->done[index] = true;
    shared->changed.notify_all();
  });
}

std::vector<size_t> WorkerThreads::Join(const std::function<bool()>& failed,
                                        std::chrono::milliseconds grace) {
  using Clock = std::chrono::steady_clock;
  constexpr std::chrono::milliseconds kPoll{50};
  std::unique_lock<std::mutex> lock(shared_->mu);
  auto all_done = [&] {
    return std::all_of(shared_->done.begin(), shared_->done.end(), [](bool d) { return d; });
  };
  bool deadline_set = false;
  Clock::time_point deadline;
  while (!all_done()) {
    if (!deadline_set && grace.count() > 0 && failed()) {
      deadline_set = true;
      deadline = Clock::now() + grace;
    }
    if (deadline_set && Clock::now() >= deadline) break;
    Clock::time_point until = Clock::now() + kPoll;
    if (deadline_set) until = std::min(until, deadline);
    shared_->changed.wait_until(lock, until);
  }
  std::vector<bool> done = shared_->done;
  lock.unlock();
  std::vector<size_t> running;
  for (size_t i = 0; i < threads_.size(); ++i) {
    if (!threads_[i].joinable()) continue;
    if (done[i]) {
      threads_[i].join();
    } else {
      threads_[i].detach();
      runaway_threads.fetch_add(1);
      running.push_back(i);
    }
  }
  return running;
}

}  // namespace xpar
