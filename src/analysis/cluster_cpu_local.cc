// The `cpu-local` cluster: this machine measured by a micro-benchmark of ~0.1 s (OpenBLAS SGEMM
// rate, memcpy bandwidth, handoff latency and copy bandwidth between two threads, as the
// interpreter's devices are threads of one process). Figures are rounded to two significant
// digits so that run-to-run noise rarely changes a plan.
#include <cblas.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "analysis/cost_model.h"

namespace xpar {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double RoundTwoDigits(double x) {
  if (!(x > 0) || !std::isfinite(x)) return x;
  const double scale = std::pow(10.0, std::floor(std::log10(x)) - 1);
  return std::round(x / scale) * scale;
}

// Best of a few runs of a 256^3 SGEMM (2*256^3 FLOPs each), after one warm-up.
double MeasureSgemmFlops() {
  constexpr int kN = 256;
  constexpr int kRuns = 24;
  std::vector<float> a(kN * kN, 1.0f), b(kN * kN, 0.5f), c(kN * kN, 0.0f);
  double best = 1e30;
  for (int run = 0; run <= kRuns; ++run) {
    auto start = Clock::now();
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, kN, kN, kN, 1.0f, a.data(), kN, b.data(),
                kN, 0.0f, c.data(), kN);
    if (run > 0) best = std::min(best, SecondsSince(start));
  }
  return 2.0 * kN * kN * kN / best;
}

// One buffer for the copy and exchange measurements, touched once: page faults are slow in some
// sandboxes (~0.1 ms each), so the benchmark touches 8 MiB in all, asking for huge pages.
class Arena {
 public:
  static constexpr size_t kBytes = size_t{8} << 20;
  static constexpr size_t kAlign = size_t{2} << 20;
  Arena() : data_(static_cast<char*>(std::aligned_alloc(kAlign, kBytes))) {
    if (data_ == nullptr) return;
    madvise(data_, kBytes, MADV_HUGEPAGE);  // a hint; failure is harmless
    std::memset(data_, 1, kBytes);
  }
  ~Arena() { std::free(data_); }
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  bool ok() const { return data_ != nullptr; }
  char* half(int i) const { return data_ + i * (kBytes / 2); }

 private:
  char* data_;
};

// Best of a few 4 MiB copies (read + write = 2 x 4 MiB of traffic each). On a CPU whose last-level
// cache holds 8 MiB this is partly cache bandwidth, an upper bound on DRAM bandwidth.
double MeasureMemcpyBandwidth(const Arena& arena) {
  constexpr size_t kBytes = Arena::kBytes / 2;
  constexpr int kRuns = 12;
  double best = 1e30;
  for (int run = 0; run <= kRuns; ++run) {
    auto start = Clock::now();
    std::memcpy(arena.half(1), arena.half(0), kBytes);
    if (run > 0) best = std::min(best, SecondsSince(start));
    arena.half(0)[run] = arena.half(1)[kBytes - 1 - run];  // keep the copies observable
  }
  return 2.0 * kBytes / best;
}

// Two threads passing a turn back and forth through a mutex + condition variable, the way the
// interpreter's collective hub hands buffers between device threads. With `bytes` > 0 the
// receiver copies the sender's buffer on each turn. Returns the fastest one-way handoff (half a
// round trip): the minimum ignores round trips where another process preempted us and is the
// most repeatable statistic on a shared machine. Stops early after `budget_s` (with at least 5
// samples) on a heavily loaded machine.
double MeasureHandoff(const Arena& arena, size_t bytes, int round_trips, double budget_s) {
  constexpr int kMinSamples = 5;
  enum Turn { kMain, kPeer, kStop };
  std::mutex mu;
  std::condition_variable cv;
  Turn turn = kMain;
  char* a = arena.half(0);
  char* b = arena.half(1);
  std::thread peer([&] {
    std::unique_lock<std::mutex> lock(mu);
    while (true) {
      cv.wait(lock, [&] { return turn != kMain; });
      if (turn == kStop) return;
      if (bytes > 0) std::memcpy(b, a, bytes);
      turn = kMain;
      cv.notify_one();
    }
  });
  std::vector<double> samples;
  const auto begin = Clock::now();
  for (int i = 0; i < round_trips; ++i) {
    if (i >= kMinSamples && SecondsSince(begin) > budget_s) break;
    auto start = Clock::now();
    std::unique_lock<std::mutex> lock(mu);
    turn = kPeer;
    cv.notify_one();
    cv.wait(lock, [&] { return turn == kMain; });
    if (bytes > 0) std::memcpy(a, b, bytes);
    samples.push_back(SecondsSince(start) / 2);
  }
  {
    std::lock_guard<std::mutex> lock(mu);
    turn = kStop;
  }
  cv.notify_one();
  peer.join();
  return *std::min_element(samples.begin(), samples.end());
}

int64_t PhysicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return int64_t{1} << 32;  // unknown: assume 4 GiB
  return static_cast<int64_t>(pages) * page_size;
}

}  // namespace

Cluster MeasureCpuLocalCluster() {
  constexpr size_t kExchangeBytes = size_t{1} << 20;
  // Devices are threads of one process, so the whole mesh is one "node".
  constexpr int64_t kMaxThreadDevices = 4096;
  const double gemm = RoundTwoDigits(MeasureSgemmFlops());
  // Without the 8 MiB buffer (allocation failed) the figures fall back to modest constants:
  // 10 GB/s, 10 us.
  double memcpy_bw = 10e9, latency = 10e-6, exchange_bw = 10e9;
  if (const Arena arena; arena.ok()) {
    constexpr double kHandoffBudgetSeconds = 0.05;
    memcpy_bw = RoundTwoDigits(MeasureMemcpyBandwidth(arena));
    latency = MeasureHandoff(arena, 0, 201, kHandoffBudgetSeconds);
    const double copy_step = MeasureHandoff(arena, kExchangeBytes, 31, kHandoffBudgetSeconds);
    exchange_bw = RoundTwoDigits(kExchangeBytes / std::max(copy_step - latency, copy_step * 0.01));
  }

  Cluster c;
  c.name = "cpu-local";
  c.description =
      "this machine, measured: devices are threads of one process sharing it (each of n devices "
      "gets 1/n of the SGEMM rate, memory bandwidth and RAM; bf16/f16/f64 priced as f32), "
      "links = thread handoff + memcpy";
  c.source = "measured at startup by MeasureCpuLocalCluster (see bench/cluster_calibration)";
  c.peak_flops["f32"] = gemm;
  c.memory_bandwidth = memcpy_bw;
  c.memory_bytes = PhysicalMemoryBytes();
  c.devices_per_node = kMaxThreadDevices;
  c.num_nodes = 1;
  c.intra_node = Link{RoundTwoDigits(latency), exchange_bw};
  c.inter_node = c.intra_node;
  c.shared_machine = true;  // the measured rates and the RAM are the whole machine's
  return c;
}

}  // namespace xpar
