// Kernel thread counts and ParallelFor over one persistent pool of workers parked on a
// condition variable: a call posts its chunks, wakes as many workers as it has chunks beyond
// its own, takes chunks itself too, and waits for the last one. Workers only ever run chunks,
// never wait on another call, so calls from several device threads cannot deadlock; a chunk no
// worker picked up in time is run by its caller.
#include "runtime/interpreter/thread_pool.h"

#include <cblas.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace xpar {
namespace {

thread_local int tls_kernel_threads = 0;  // 0: not set, use MachineCores()

// Chunks per thread of a ParallelFor call, when its size allows (each at least min_chunk).
constexpr int64_t kChunksPerThread = 4;

// How long a worker that ran out of jobs watches for the next one before it parks. A parked
// worker is woken through the kernel (and, in a VM, the hypervisor): on this project's 2-core
// VM that cost more than a 0.15 ms kernel's whole second half, so 2 threads ran short kernels
// slower than 1. Kernels of a model run back to back, so the next job usually comes within
// this; past it the worker sleeps, and a loaded machine loses at most this much per job.
constexpr auto kSpinBeforePark = std::chrono::microseconds(100);

// One ParallelFor call: `chunks` contiguous ranges of `chunk` items, claimed by index.
struct Job {
  const std::function<void(int64_t, int64_t)>* fn = nullptr;
  int64_t n = 0;
  int64_t chunk = 0;
  int64_t chunks = 0;
  int64_t threads = 0;                // at most this many threads run it, the caller included
  std::atomic<int64_t> next{0};      // the next unclaimed chunk
  std::atomic<int64_t> finished{0};  // chunks run to the end
  std::mutex mu;
  std::condition_variable all_done;

  // Claims and runs chunks until none is left; true if this thread finished the last one.
  bool RunChunks() {
    bool last = false;
    for (int64_t c = next.fetch_add(1); c < chunks; c = next.fetch_add(1)) {
      const int64_t begin = c * chunk;
      (*fn)(begin, std::min(n, begin + chunk));
      if (finished.fetch_add(1, std::memory_order_acq_rel) + 1 == chunks) last = true;
    }
    return last;
  }
};

class Pool {
 public:
  // The process's pool: MachineCores() - 1 workers (the caller is the other thread), started
  // on first use.
  static Pool& Get() {
    static Pool pool(std::max(1, MachineCores() - 1));
    return pool;
  }

  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& w : workers_) w.join();
  }

  void Run(const std::shared_ptr<Job>& job) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      jobs_.push_back(job);
    }
    posted_.fetch_add(1, std::memory_order_release);
    const int64_t helpers = std::min<int64_t>(job->threads - 1, workers_.size());
    for (int64_t h = 0; h < helpers; ++h) wake_.notify_one();
    if (job->RunChunks()) {
      Retire(job);
      return;
    }
    Retire(job);  // every chunk is claimed: no worker needs to find the job any more
    std::unique_lock<std::mutex> lock(job->mu);
    job->all_done.wait(lock, [&] { return job->finished.load() == job->chunks; });
  }

 private:
  explicit Pool(int workers) {
    workers_.reserve(workers);
    for (int w = 0; w < workers; ++w) workers_.emplace_back([this] { Work(); });
  }

  void Retire(const std::shared_ptr<Job>& job) {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = std::find(jobs_.begin(), jobs_.end(), job);
    if (it != jobs_.end()) jobs_.erase(it);
  }

  void Work() {
    SetKernelThreads(1);  // a chunk's own ParallelFor calls run inline: no nested posting
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      if (!stop_ && jobs_.empty()) SpinForJob(lock);
      wake_.wait(lock, [&] { return stop_ || !jobs_.empty(); });
      if (stop_) return;
      std::shared_ptr<Job> job = jobs_.front();
      if (job->next.load() >= job->chunks) {  // claimed out: its caller retires it
        jobs_.pop_front();
        continue;
      }
      lock.unlock();
      if (job->RunChunks()) {
        std::lock_guard<std::mutex> done(job->mu);
        job->all_done.notify_all();
      }
      lock.lock();
    }
  }

  // Watches (without the lock) for a job posted after this call, for kSpinBeforePark.
  void SpinForJob(std::unique_lock<std::mutex>& lock) {
    const int64_t seen = posted_.load(std::memory_order_acquire);
    lock.unlock();
    const auto until = std::chrono::steady_clock::now() + kSpinBeforePark;
    int polls = 0;
    while (posted_.load(std::memory_order_acquire) == seen) {
      if (++polls % 64 == 0 && std::chrono::steady_clock::now() >= until) break;
#if defined(__x86_64__)
      __builtin_ia32_pause();
#endif
    }
    lock.lock();
  }

  std::mutex mu_;
  std::condition_variable wake_;
  std::atomic<int64_t> posted_{0};  // jobs posted so far (workers watch it before parking)
  std::deque<std::shared_ptr<Job>> jobs_;
  bool stop_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace

int MachineCores() {
  if (const char* env = std::getenv("XPAR_NUM_THREADS")) {
    int v = std::atoi(env);
    if (v >= 1) return v;
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

int KernelThreads() { return tls_kernel_threads > 0 ? tls_kernel_threads : MachineCores(); }

void SetKernelThreads(int threads) { tls_kernel_threads = std::max(1, threads); }

void SetBlasThreads(int threads) { openblas_set_num_threads(std::max(1, threads)); }

int BlasThreads() { return openblas_get_num_threads(); }

void SetRuntimeThreads(int threads) {
  SetKernelThreads(threads);
  SetBlasThreads(threads);
}

void ParallelFor(int64_t n, int64_t min_chunk, const std::function<void(int64_t, int64_t)>& fn) {
  if (n <= 0) return;
  const int64_t by_size = n / std::max<int64_t>(1, min_chunk);
  const int64_t threads = std::clamp<int64_t>(by_size, 1, KernelThreads());
  if (threads == 1) {
    fn(0, n);
    return;
  }
  // The chunks depend only on n, min_chunk and the thread count, never on which thread runs
  // them, so results do not depend on how busy the pool is. Several per thread: the caller
  // starts at once while a parked worker takes tens of microseconds to wake, so with one chunk
  // each the caller often ran both halves of a short call (layer norm of 4096x768 on 2
  // threads: no faster than on 1); smaller chunks let whoever is free take the next.
  auto job = std::make_shared<Job>();
  job->fn = &fn;
  job->n = n;
  job->threads = threads;
  const int64_t chunks = std::min(by_size, threads * kChunksPerThread);
  job->chunk = (n + chunks - 1) / chunks;
  job->chunks = (n + job->chunk - 1) / job->chunk;
  Pool::Get().Run(job);
}

}  // namespace xpar
