// Kernel thread counts and ParallelFor. Threads are forked per call: kernels that use
// ParallelFor move megabytes per call, so the ~20 us a thread start costs is noise, and no pool
// outlives the device threads that own it.
#include "runtime/interpreter/thread_pool.h"

#include <cblas.h>

#include <algorithm>
#include <cstdlib>
#include <thread>
#include <vector>

namespace xpar {
namespace {

thread_local int tls_kernel_threads = 0;  // 0: not set, use MachineCores()

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
  const int64_t chunk = (n + threads - 1) / threads;
  std::vector<std::thread> workers;
  workers.reserve(threads - 1);
  for (int64_t t = 1; t < threads; ++t) {
    const int64_t begin = t * chunk, end = std::min(n, begin + chunk);
    if (begin >= end) break;
    // Workers run kernels of the same device: they inherit its share (no nested forking).
    workers.emplace_back([&fn, begin, end] {
      SetKernelThreads(1);
      fn(begin, end);
    });
  }
  fn(0, std::min(n, chunk));
  for (std::thread& w : workers) w.join();
}

}  // namespace xpar
