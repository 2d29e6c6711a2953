// Alpa's inter-operator pass, end to end: classify the entry's instructions, cluster the forward
// into layers, place every instruction on a layer, price each (layers, submesh) stage, solve the
// stage DP, lay the submeshes onto the hosts and map every instruction to its stage.
//
//   PlanPipeline(step, cluster, {hosts 2, devices_per_host 4, microbatches 4})
//   -> stage 0: layers 0..7 on 1x4 (devices 0-3), stage 1: layers 8..15 on 1x4 (devices 4-7)
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/cost_model.h"
#include "ir/module.h"
#include "passes/pipeline/layer_clustering.h"
#include "passes/pipeline/pipeline_plan.h"
#include "passes/pipeline/stage_assignment.h"
#include "passes/pipeline/stage_costs.h"

namespace xpar::pipeline {

struct PipelineOptions {
  int64_t num_hosts = 1;         // N: the cluster is N hosts of M devices (`--mesh NxM`)
  int64_t devices_per_host = 1;  // M
  int64_t microbatches = 4;      // B
  int64_t num_stages = 0;        // 0: the DP chooses
  int64_t loss_index = 0;        // element of the ROOT tuple; -1: the ROOT is the loss
  ClusteringOptions clustering;
  StageCostMode cost_mode = StageCostMode::kAnalytic;
  std::optional<int64_t> memory_limit_bytes;  // per device; absent: the cluster's
  AutoShardingOptions auto_sharding;          // kAutoSharding: each stage's solve
  // Rematerialisation per layer (remat.h); kAuto only when a stage does not fit without it.
  // kAuto on more than kMaxRematLayers layers plans without (PipelineResult::remat says so).
  RematMode remat = RematMode::kAuto;
};

struct StageReport {
  std::string intra_op;            // the stage's intra-op choice
  int64_t in_flight = 1;           // microbatches it holds under 1F1B
  int64_t static_bytes = 0;        // per device
  int64_t activation_bytes = 0;    // per device, all in-flight microbatches
  int64_t activation_bytes_without_remat = 0;  // the same if no layer were rematerialised
  double recompute_s = 0;          // per microbatch: the recomputed forward (in its backward)
  int64_t instructions = 0;        // entry instructions placed on it
};

struct PipelineResult {
  PipelinePlan plan;
  std::vector<StageReport> stages;  // parallel to plan.stages
  LayerClustering clustering;
  std::vector<int32_t> layer_of_instruction;
  RematMode remat = RematMode::kNone;  // the mode planned with (plan.recompute: its result)
  int64_t from_attribute = 0, inferred = 0;  // backward ops placed by attribute / by the rule
  int64_t memory_limit_bytes = 0;
  int64_t bounds_tried = 0, bounds_total = 0;
  int64_t table_entries = 0, solves = 0;
  double clustering_s = 0, cost_table_s = 0, dp_s = 0;  // the pass's own time
};

Expected<PipelineResult> PlanPipeline(const Module& module, const Cluster& cluster,
                                      const PipelineOptions& options);

// What every plan of one program shares, whatever the microbatch count: the roles, the layers,
// each instruction's layer and the per-layer costs. PlanPipeline = PreparePipeline, then
// PlanPreparedPipeline; the manual pipelined baselines (manual_pipeline.h) price the same.
struct PreparedPipeline {
  ProgramRoles roles;
  LayerClustering clustering;
  LayerAssignment assignment;
  std::vector<LayerStats> stats;
  int64_t memory_limit_bytes = 0;  // per device
  double clustering_s = 0, stats_s = 0;
};
Expected<PreparedPipeline> PreparePipeline(const Module& module, const Cluster& cluster,
                                           const PipelineOptions& options);
Expected<PipelineResult> PlanPreparedPipeline(const Module& module, const Cluster& cluster,
                                              const PipelineOptions& options,
                                              const PreparedPipeline& prepared);
// The stage cost options of `options` on `prepared` (the remat mode falls back to none beyond
// kMaxRematLayers layers).
StageCostOptions MakeStageCostOptions(const PipelineOptions& options,
                                      const PreparedPipeline& prepared);

// Which layers each stage rematerialises and its activation memory with and without, one line
// per stage that does (or one line saying none does):
//   rematerialisation (auto): stage 0 recomputes layers 1-3 (+0.012 ms per microbatch);
//   activations 1.2 MiB per device instead of 3.4 MiB
std::string RematReport(const PipelineResult& result);

}  // namespace xpar::pipeline
