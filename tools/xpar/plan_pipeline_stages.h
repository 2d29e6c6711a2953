// `xpar plan --pipeline --stage-plans`: after the inter-op pass has chosen stages and submeshes,
// each stage's own program (its layers, pipeline/stage_costs.h ExtractLayers) is planned by the
// intra-op pass on its submesh (hosts x devices as a 2-D mesh), and the 1F1B step time is
// estimated again from those plans.
//
//   stage 3: layers 3-3 on 8x8 -> intra-op plan 120.5 ms per microbatch (dp8 x tp8-like), fits
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/cost_model.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "passes/pipeline/pipeline_planner.h"

namespace xpar {

struct StageIntraOpPlan {
  std::string mesh;                 // the submesh as the stage's logical mesh, "8x8"
  int64_t instructions = 0;         // of the stage program
  bool planned = false;             // false: `error` says why (e.g. nothing fits)
  std::string error;
  double seconds = 0;               // per microbatch: the whole-batch plan's step / B
  double compute_s = 0, communication_s = 0;  // per microbatch
  int64_t whole_batch_peak_bytes = 0;   // the plan's peak per device, whole batch
  int64_t limit_bytes = 0;              // the limit that plan was solved under (below)
  bool unbounded = false;               // nothing fit that limit: planned for time only
  int64_t peak_bytes = 0;               // estimated with the stage's in-flight microbatches
  bool memory_ok = false;
  std::string backend;
  bool optimal = false;
  double build_s = 0, solve_s = 0;
};

struct StagePlans {
  std::vector<StageIntraOpPlan> stages;  // parallel to the pipeline plan's stages
  double step_s = 0;   // 1F1B latency with the intra-op stage times (inf if one failed)
  double wall_s = 0;   // all the stage solves
};

// The stage programs are the whole batch (as the inter-op pass prices them). A stage holding m
// of B microbatches in flight needs its parameters, m/B of its saved activations (forward values
// the backward reads; the inter-op pass's even-split estimate) and 1/B of the rest of the
// whole-batch peak (transient values); the whole-batch program is planned under the limit that
// keeps that sum within the device's, and its peak is estimated back the same way. When nothing
// fits that limit, the stage is planned for time only and judged by the estimate. A stage priced
// with sharded parameters (the summary says "sharded") is planned with shard_parameters. Each
// solve gets
// `options.solve.time_limit_s`.
Expected<StagePlans> PlanPipelineStages(const Module& module, const pipeline::PipelineResult& r,
                                        const Cluster& cluster, const AutoShardingOptions& options);

// Bytes per device of the plan's parameters named in `step_parameters` (the whole step's own:
// weights, optimizer state, data; not values another stage sends): they do not scale with the
// microbatch.
int64_t StepParameterBytes(const Plan& plan, const std::set<std::string>& step_parameters);

void PrintStagePlans(const StagePlans& plans, const pipeline::PipelineResult& r);
nlohmann::json StagePlansToJson(const StagePlans& plans);

}  // namespace xpar
