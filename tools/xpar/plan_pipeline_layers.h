// `xpar plan --pipeline --stage-cost layer-plans`: the stage cost table from intra-op plans of
// single layers instead of the analytic data-parallel / ZeRO-3 model, so that the stage DP sees
// tensor parallelism; cheap enough for a 1,024-device cluster because
//  - layers with the same program (same ops and shapes in order: a transformer's middle layers)
//    are planned once per submesh shape,
//  - only submeshes of 1 x 2^k devices or 2^k whole hosts are priced (a host count that is not a
//    power of two divides no power-of-two dimension, so intra-op plans leave that axis idle), and
//    none smaller than the cluster / (2 x layers) (stages average cluster / stages devices),
//  - a stage of layers i..j costs the sum of its layers' plans (per microbatch: 1/B of the
//    whole-batch plan), in one of two plans per layer and shape: the planner's free choice and
//    with --shard-parameters (ZeRO-3-like storage); memory per device = the layers' parameter
//    bytes + m/B of their saved activations (forward values the backward reads, split evenly)
//    + 1/B of the largest rest of one layer's peak (transient values), m microbatches in flight.
//
// Not done: rematerialisation (--remat) in this table; the layers keep every activation.
//
//   gpt-175b on 128x8: 16 layers -> 3 distinct programs x 6 shapes x 2 = 36 intra-op solves
#pragma once

#include <cstdint>

#include "analysis/cost_model.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "passes/pipeline/pipeline_planner.h"

namespace xpar {

struct LayerPlanStats {
  int64_t distinct_layers = 0;
  int64_t shapes = 0;
  int64_t solves = 0;
  double solve_wall_s = 0;  // the intra-op solves
  double dp_s = 0;          // the stage DP on their table
  double analytic_s = 0;    // the analytic pass before (clustering, its table and DP)
  // The two plans' estimated steps (inf: nothing fits) and which one was returned.
  double analytic_step_s = 0, layer_plans_step_s = 0;
  bool chose_analytic = false;
};

// The inter-op pass with the layer-plan table: PlanPipeline as asked (analytic stage costs, its
// rematerialisation; when nothing fits, once more without a memory limit, for its clustering and
// layer assignment), then the stage DP on the layer-plan table under `options.memory_limit_bytes`
// (absent: the cluster's device memory, split among the devices of a shared machine). Returns
// the layer-plan one, or the analytic one (with its rematerialisation, which the layer-plan table
// lacks) when only that fits; `stats` says which.
Expected<pipeline::PipelineResult> PlanPipelineWithLayerPlans(
    const Module& module, const Cluster& cluster, const pipeline::PipelineOptions& options,
    LayerPlanStats* stats);

}  // namespace xpar
