// Prints the cpu-local cluster measured on this machine (several runs, to show the spread), the
// figures of every built-in preset, and the measured cluster as JSON that can be saved and passed
// back with `--cluster FILE.json` to plan with fixed figures.
#include <chrono>
#include <cstdio>
#include <string>

#include "analysis/cost_model.h"

namespace {

void PrintCluster(const xpar::Cluster& c) {
  std::printf("%-12s f32 %9.3f TFLOP/s  bf16 %9.3f  mem %8.1f GB/s  %7.1f GiB  %lld/node\n",
              c.name.c_str(), c.PeakFlops(xpar::PrimitiveType::kF32) / 1e12,
              c.PeakFlops(xpar::PrimitiveType::kBF16) / 1e12, c.memory_bandwidth / 1e9,
              static_cast<double>(c.memory_bytes) / (1024.0 * 1024 * 1024),
              static_cast<long long>(c.devices_per_node));
  std::printf("%-12s intra alpha %7.2f us beta %8.2f GB/s | inter alpha %7.2f us beta %8.3f GB/s\n",
              "", c.intra_node.alpha_s * 1e6, c.intra_node.beta_bytes_per_s / 1e9,
              c.inter_node.alpha_s * 1e6, c.inter_node.beta_bytes_per_s / 1e9);
}

}  // namespace

int main() {
  constexpr int kRuns = 5;
  std::printf("cpu-local micro-benchmark, %d runs (figures rounded to 2 significant digits):\n",
              kRuns);
  xpar::Cluster last;
  for (int run = 0; run < kRuns; ++run) {
    auto start = std::chrono::steady_clock::now();
    last = xpar::MeasureCpuLocalCluster();
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "run %d: %.0f ms  sgemm %.1f GFLOP/s  memcpy %.1f GB/s  handoff %.2f us  "
        "exchange %.1f GB/s\n",
        run, ms, last.peak_flops["f32"] / 1e9, last.memory_bandwidth / 1e9,
        last.intra_node.alpha_s * 1e6, last.intra_node.beta_bytes_per_s / 1e9);
  }
  std::printf("\nbuilt-in presets:\n");
  for (const std::string& name : xpar::ClusterPresetNames()) {
    auto cluster = xpar::LoadClusterPreset(name);
    if (!cluster.ok()) {
      std::printf("%s: %s\n", name.c_str(), cluster.status().ToString().c_str());
      return 1;
    }
    PrintCluster(*cluster);
  }
  std::printf("\nlast cpu-local measurement as a cluster file:\n%s\n",
              xpar::ClusterToJson(last).c_str());
  return 0;
}
