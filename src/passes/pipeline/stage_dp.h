// Alpa's inter-operator dynamic program (OSDI'22 §5.2): layers -> stages, stages -> submeshes.
// Given t(i, j, q, m), the time per microbatch (forward + backward) of layers [i..j] on submesh
// shape q when the stage holds m microbatches in flight (infinite when its memory does not fit),
// choose contiguous stages covering the layers and one submesh per stage, whose sizes add up to
// the cluster exactly, minimising the 1F1B latency
//   T* = sum_s (t_s + f_s) + (B - 1) * max_s t_s   (B microbatches; f_s: the stage's
//                                                   inter-stage transfers, fill and drain only)
// where stage s of S holds min(S - s, B) microbatches in flight. As Alpa does, it enumerates
// the bound t_max over every value of the table in increasing order and solves
//   F(s, k, d) = min_{i >= k, q: |q| <= d, t(k, i, q, min(s, B)) <= t_max}
//                t(k, i, q, min(s, B)) + F(s - 1, i + 1, d - |q|),   F(0, L, 0) = 0
// stopping once B * t_max reaches the best T* found.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "passes/pipeline/pipeline_plan.h"
#include "support/status.h"

namespace xpar::pipeline {

// Alpa's submesh shapes on N hosts of M devices: 1 x 2^k within a host (2^k < M), then n x M
// whole hosts (n = 1..N). Their sizes are distinct, so a size names a shape.
struct SubmeshShape {
  int64_t hosts = 1;
  int64_t devices_per_host = 1;
  int64_t size() const { return hosts * devices_per_host; }
  std::string ToString() const;  // "1x4", "2x8"
};
std::vector<SubmeshShape> AlpaSubmeshShapes(int64_t num_hosts, int64_t devices_per_host);

// t(i, j, q, m) for layers 0 <= i <= j < L, shapes q, in-flight counts 1 <= m <= max_in_flight.
class StageCostTable {
 public:
  StageCostTable(int64_t num_layers, std::vector<SubmeshShape> shapes, int64_t max_in_flight);
  int64_t num_layers() const { return num_layers_; }
  int64_t max_in_flight() const { return max_in_flight_; }
  const std::vector<SubmeshShape>& shapes() const { return shapes_; }
  // m above max_in_flight reads max_in_flight (the memory only grows with m).
  double at(int64_t i, int64_t j, int64_t q, int64_t m) const { return t_[Index(i, j, q, m)]; }
  void set(int64_t i, int64_t j, int64_t q, int64_t m, double seconds, double fill_s = 0) {
    t_[Index(i, j, q, m)] = seconds;
    fill_[Index(i, j, q, m)] = fill_s;
  }
  // Seconds the stage adds to the sum only (its inter-stage transfers, overlapped with the
  // other microbatches' compute in the steady state).
  double fill(int64_t i, int64_t j, int64_t q, int64_t m) const { return fill_[Index(i, j, q, m)]; }

 private:
  size_t Index(int64_t i, int64_t j, int64_t q, int64_t m) const;
  int64_t num_layers_;
  std::vector<SubmeshShape> shapes_;
  int64_t max_in_flight_;
  std::vector<double> t_;  // +inf where unset
  std::vector<double> fill_;
};

struct StageDpOptions {
  int64_t microbatches = 1;  // B
  int64_t num_devices = 1;   // the stages' submeshes cover exactly this many devices
  int64_t num_stages = 0;    // 0: the best number; else exactly this many
};

struct DpStage {
  int64_t first_layer = 0, last_layer = 0;
  int64_t shape = 0;         // index into the table's shapes
  int64_t in_flight = 1;     // microbatches the stage holds (1F1B)
  double seconds = 0;        // t per microbatch
  double fill_s = 0;         // its sum-only seconds (StageCostTable::fill)
};

struct StageDpResult {
  std::vector<DpStage> stages;
  double latency_s = 0;      // T*
  double sum_s = 0, max_s = 0;
  int64_t bounds_tried = 0;  // values of t_max solved for
  int64_t bounds_total = 0;  // distinct finite values in the table
};

// Exact for the table. ResourceExhausted (naming the closest miss) when no choice fits.
Expected<StageDpResult> SolveStageDp(const StageCostTable& table, const StageDpOptions& options);

// T* of a given choice (the formula above), for tests and reports; `fill_seconds` (per stage,
// if given) are added to the sum only.
double PipelineLatency(const std::vector<double>& stage_seconds, int64_t microbatches,
                       const std::vector<double>& fill_seconds = {});

// Lays the chosen shapes onto hosts: whole-host submeshes first, then 1 x 2^k submeshes by
// decreasing size into the first host with an aligned free run. Device ids are host * M + slot.
// FailedPrecondition when they do not fit (only possible when M is not a power of two).
Expected<std::vector<Submesh>> PlaceSubmeshes(const std::vector<SubmeshShape>& shapes,
                                              int64_t num_hosts, int64_t devices_per_host);

}  // namespace xpar::pipeline
