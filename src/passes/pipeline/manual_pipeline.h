// Megatron-LM style pipelined manual plans (3D parallelism), the baseline for the inter-op pass:
// PP contiguous stages of equal layer counts on PP equal submeshes (whole hosts, or equal
// fractions of a host), the same intra-op choice in every stage, activation recomputation off or
// full (Megatron's two options), 1F1B over B microbatches. Priced by the pass's own stage cost
// model (StageCostBuilder) under its memory limit, so a manual plan is one point of the space the
// stage DP searches.
//
//   16 layers on 2 hosts of 8, analytic table: "pp4 1x4 dp4 zero3, full recompute" =
//   stages of layers 0-3, 4-7, 8-11, 12-15, each on 4 devices with ZeRO-3 sharded parameters,
//   every layer recomputed in the backward; stage s holds min(4 - s, B) microbatches in flight.
//
// Inside a stage the analytic table prices every dp x tp factorisation of the stage's submesh
// (Megatron tensor parallelism within a host), ZeRO-0 or ZeRO-3 over dp, and for programs with
// expert layers expert parallelism over dp (AnalyticKinds); a manual plan uses one of them in
// every stage, the stage DP any of them per stage.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "passes/pipeline/pipeline_planner.h"
#include "passes/pipeline/stage_costs.h"
#include "passes/pipeline/stage_dp.h"

namespace xpar::pipeline {

struct ManualPipelineSpec {
  int64_t stages = 1;       // PP; each stage has num_layers / PP consecutive layers
  SubmeshShape submesh;     // every stage's
  int64_t intra_op = 0;     // index into StageCostBuilder::ChoicesWithRemat's choices
  IntraOpKind kind;         // AnalyticKinds(submesh, ..)[intra_op]
  bool recompute = false;   // every layer of every stage rematerialised, or none

  // "pp4 1x4 dp4 zero3, full recompute", "pp2 1x8 dp2 tp4".
  std::string Name() const;
};

// Every PP that divides both `num_layers` and the device count and leaves stages whose submesh
// is one of Alpa's shapes (AlpaSubmeshShapes), PP = 1 included; for each, every analytic
// choice of the submesh (AnalyticKinds(submesh, experts)), recomputation off and full.
// 16 layers on 1 host of 8, no experts: PP 1, 2, 4, 8 on 1x8 (7 choices: dp8, dp8 zero3,
// dp4 tp2 (zero3), dp2 tp4 (zero3), dp1 tp8), 1x4 (5), 1x2 (3), 1x1 (1): 2 x 16 = 32 plans.
std::vector<ManualPipelineSpec> EnumerateManualPipelines(int64_t num_layers, int64_t num_hosts,
                                                         int64_t devices_per_host, bool experts);

struct ManualPipelineResult {
  ManualPipelineSpec spec;
  std::string name;
  // OK: every stage fits; ResourceExhausted: the first stage that does not (the message says
  // which and by how much); the stage figures are filled either way.
  Status status;
  std::vector<StageChoice> stages;
  std::vector<int64_t> in_flight;  // per stage, under 1F1B
  double latency_s = 0;  // 1F1B: sum of stages and their transfers + (B - 1) x the slowest
  int64_t peak_bytes = 0;          // the largest stage's, per device

  bool fits() const { return status.ok(); }
};

// Prices each spec on `costs` (whose options give B and the memory limit) for `num_layers`
// layers. Results come best first: plans that fit by latency, then the rest by latency.
// Unimplemented for the auto-sharding table (it has one choice per stage: xpar's own plan).
Expected<std::vector<ManualPipelineResult>> PriceManualPipelines(
    StageCostBuilder& costs, const std::vector<ManualPipelineSpec>& specs, int64_t num_layers);

// Every manual pipelined plan of the cluster of `options` on `prepared`'s layers, priced with
// the stage cost options PlanPreparedPipeline uses (its microbatch count and memory limit).
Expected<std::vector<ManualPipelineResult>> PlanManualPipelines(const Module& module,
                                                                const Cluster& cluster,
                                                                const PipelineOptions& options,
                                                                const PreparedPipeline& prepared);

// The first result that fits, or null.
const ManualPipelineResult* BestManualPipeline(const std::vector<ManualPipelineResult>& results);

}  // namespace xpar::pipeline
