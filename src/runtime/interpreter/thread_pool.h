// Kernel threads: how many cores one device's kernels may use, and a fork-join ParallelFor over
// one persistent pool of MachineCores() - 1 workers. Devices share the machine fairly:
// RunOnDevices gives each device cores / devices threads, and a call wakes at most that many.
#pragma once

#include <cstdint>
#include <functional>

namespace xpar {

// The machine's cores for xpar: $XPAR_NUM_THREADS when set (>= 1), else the hardware count.
int MachineCores();

// Threads the calling device thread's kernels may use (>= 1). Defaults to MachineCores().
int KernelThreads();
// Sets KernelThreads() for the calling thread only (each device thread sets its own share).
void SetKernelThreads(int threads);

// Sets the threads of the whole process: this thread's kernels and OpenBLAS's GEMM threads
// (OpenBLAS's count is process-wide). For benchmarks and single-device runs.
void SetRuntimeThreads(int threads);
// OpenBLAS's thread count (process-wide); RunOnDevices sets it to the per-device share.
void SetBlasThreads(int threads);
int BlasThreads();

// Elements per thread below which an elementwise loop is not split (waking a parked worker and
// waiting for it costs about as much as streaming this many elements).
inline constexpr int64_t kElementwiseChunk = 1 << 16;

// Runs fn(begin, end) over [0, n) split into contiguous chunks of at least `min_chunk` items
// (a few per thread), on up to KernelThreads() threads; small ranges run inline.
// fn must be safe to call concurrently on disjoint ranges. The calling thread runs chunks too
// (all of them when the pool's workers are busy); the chunks depend only on n, min_chunk and
// KernelThreads(). fn's own ParallelFor calls on pool workers run inline.
void ParallelFor(int64_t n, int64_t min_chunk, const std::function<void(int64_t, int64_t)>& fn);

}  // namespace xpar
