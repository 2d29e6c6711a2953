// Worker threads that may never return: simulated devices and pipeline stages on threads, one
// of which can be stuck computing (an endless loop in its program) while the others have failed
// waiting for it. Join waits for all, but once the run has failed it gives the rest a grace
// period (the collective timeout) and then detaches those still running, so the run returns its
// error instead of hanging. A detached thread keeps using what it was given: the process must
// end (the xpar CLI exits right after reporting the error when RunawayThreads() > 0).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace xpar {

class WorkerThreads {
 public:
  WorkerThreads() = default;
  WorkerThreads(const WorkerThreads&) = delete;
  WorkerThreads& operator=(const WorkerThreads&) = delete;
  ~WorkerThreads();  // joins (or, after Join gave up on them, has detached) every thread

  // Runs `fn` on a new thread, worker number size() - 1. What `fn` uses must outlive it even if
  // Join detaches it: hold run state in a shared_ptr captured by value.
  void Start(std::function<void()> fn);
  size_t size() const { return threads_.size(); }

  // Waits until every worker returned; once `failed()` is true (checked whenever a worker
  // returns, and every 50 ms), waits at most `grace` more (zero or negative: forever). Returns
  // the workers still running then, in order; they are detached and counted in RunawayThreads().
  std::vector<size_t> Join(const std::function<bool()>& failed, std::chrono::milliseconds grace);

 private:
  struct Shared {
    std::mutex mu;
    std::condition_variable changed;
    std::vector<bool> done;
  };
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
  std::vector<std::thread> threads_;
};

// Threads of this process that Join detached while still running (0 when none).
int64_t RunawayThreads();

}  // namespace xpar
