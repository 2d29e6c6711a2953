// The stage cost table of the inter-op DP: t(layers i..j, submesh q, m microbatches in flight),
// forward + backward seconds per microbatch, infinite when the stage's memory per device does
// not fit. Two ways to fill it, both profile-free:
//  - kAnalytic (fast): per-layer roofline seconds from the cost model, and the best of the
//    intra-op plans that fit on the submesh, each a dp x tp factorisation (AnalyticKinds):
//    data parallelism over dp (weights replicated, gradients all-reduced once per step) or
//    fully sharded parameters (ZeRO-3: weights, gradients and optimizer state split over dp,
//    weights all-gathered in forward and backward and gradients reduce-scattered, every
//    microbatch); Megatron tensor parallelism over tp devices of a host (tensor_parallel.h:
//    split compute, weights and activations / tp, its all-reduces on the intra-host link);
//    expert parallelism for expert layers (expert weights / dp, two all-to-alls per pass).
//    Optimizer state and other parameters split as the layer's weights do (exact for AdamW).
//  - kAutoSharding: the stage's own program planned by the intra-op pass (PlanAutoSharding) on
//    the submesh's logical mesh; its step time per microbatch. One solve per (i, j, q).
// Memory per device: parameters (and for data parallelism their gradients) plus m microbatches
// of the stage's saved activations, split over the submesh; with rematerialised layers
// (remat.h) their stash instead of their activations, and their recomputed forward added to the
// backward time.
// Microbatches scale the whole-batch program: per microbatch, compute and activations are 1/B
// of the step's (the program is not re-traced at the microbatch size).
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "analysis/cost_model.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "passes/pipeline/layer_clustering.h"
#include "passes/pipeline/remat.h"
#include "passes/pipeline/stage_assignment.h"
#include "passes/pipeline/stage_dp.h"
#include "passes/pipeline/tensor_parallel.h"

namespace xpar::pipeline {

// What one layer costs and holds, on one device, for the whole batch.
struct LayerStats {
  LayerParallelStats parallel;    // what tensor / expert parallelism does to it
  double forward_s = 0;
  double backward_s = 0;          // backward and optimizer ops placed on the layer
  int64_t weight_bytes = 0;       // trainable parameters (their gradients are synchronised)
  int64_t other_parameter_bytes = 0;  // optimizer state, step count, data inputs
  int64_t activation_bytes = 0;   // forward values that a backward op reads (kept for it)
  // When the layer is rematerialised (remat.h): what it stashes instead, and the recomputation.
  int64_t remat_stash_bytes = 0;
  double recompute_s = 0;
};

// Weights: parameters updated in place (input_output_alias) that the forward reads; in a module
// without aliases, the floating-point parameters the forward reads.
std::vector<LayerStats> ComputeLayerStats(const Module& module, const ProgramRoles& roles,
                                          const std::vector<int32_t>& layer_of_instruction,
                                          int64_t num_layers, const CostModel& model);

enum class StageCostMode { kAnalytic, kAutoSharding };

struct StageCostOptions {
  StageCostMode mode = StageCostMode::kAnalytic;
  int64_t microbatches = 1;
  int64_t memory_limit_bytes = 0;  // per device
  AutoShardingOptions auto_sharding;  // kAutoSharding: options of each stage's solve
  // Rematerialisation per layer (remat.h): kAuto picks, per table entry, the remat layers of
  // least extra time that make the stage fit, and none when it fits without.
  RematMode remat = RematMode::kNone;
  // Inter-stage transfer: bytes (whole batch) of forward values produced before layer l and
  // read in or after it (LayerClustering::boundary_bytes); a stage starting at l > 0 receives
  // them per microbatch in the forward and sends their gradient back in the backward, over the
  // inter-host link when the cluster has several hosts (the stages' placement is not known
  // while the table is built), else the intra-host one. 1F1B sends asynchronously, so the
  // transfers lengthen the pipeline's fill and drain (the sum of the latency) and overlap the
  // other microbatches' compute in the steady state (not its max; a link slower than its
  // stage's compute is not modelled). Empty, or a shared-machine cluster
  // (cpu-local: stages hand values over in one machine's memory): no transfer time.
  std::vector<int64_t> boundary_bytes;
  bool stages_cross_hosts = false;
};

// An analytic intra-op choice on a submesh of d devices: dp x tp = d, tp (a power of two up
// to the submesh's devices per host) the Megatron tensor-parallel group inside a host; ZeRO-3
// shards what data parallelism replicates; ep splits the expert weights over the dp group.
struct IntraOpKind {
  int64_t tp = 1;
  bool zero3 = false;
  bool ep = false;
  bool operator==(const IntraOpKind&) const = default;
};
// The analytic table's choices on `shape`, in its order: data parallel, ZeRO-3 (more than one
// device), then tp = 2, 4, .. each without and with ZeRO-3 (when dp > 1), then, when the
// program has expert layers, the same with expert parallelism where dp > 1.
std::vector<IntraOpKind> AnalyticKinds(const SubmeshShape& shape, bool experts);
// " dp4 tp2 ep4 zero3" (empty on one device).
std::string KindName(const IntraOpKind& kind, int64_t devices);

// One stage's intra-op choice, for the report.
struct StageChoice {
  double seconds = 0;         // per microbatch, forward + backward
  double forward_s = 0, backward_s = 0;
  int64_t static_bytes = 0;   // per device: parameters (+ gradients)
  int64_t activation_bytes_per_microbatch = 0;  // per device
  std::string summary;        // "data parallel", "ZeRO-3 sharded", or the intra-op plan's figures
  uint64_t remat_mask = 0;    // bit l: layer l is rematerialised
  double recompute_s = 0;     // per microbatch and device, included in backward_s
  int64_t activation_bytes_without_remat = 0;  // per microbatch and device
  IntraOpKind kind;           // analytic choices
  // Per microbatch: the inter-stage transfer of the stage's input, once in the forward and once
  // (its gradient) in the backward; not in `seconds` (see StageCostOptions::boundary_bytes).
  double transfer_s = 0;
  // Remat: the stash is split over this many devices (the dp group), and the recomputed
  // forward costs this much per second of data-parallel roofline (TP's all-reduces, its
  // replicated ops).
  int64_t stash_devices = 1;
  double recompute_factor = 1;
  bool fits(int64_t in_flight, int64_t limit) const {
    return static_bytes + in_flight * activation_bytes_per_microbatch <= limit;
  }
};

// Fills the table and keeps every (i, j, q) choice (the report reads the chosen stages').
class StageCostBuilder {
 public:
  StageCostBuilder(const Module& module, const Cluster& cluster, std::vector<LayerStats> stats,
                   std::vector<int32_t> layer_of_instruction, StageCostOptions options);

  Expected<StageCostTable> Build(const std::vector<SubmeshShape>& shapes, int64_t max_in_flight);
  // The cheapest choice of layers [i..j] on `shape` that fits `in_flight` microbatches.
  Expected<StageChoice> Choose(int64_t i, int64_t j, const SubmeshShape& shape, int64_t in_flight);
  // The cheapest choice of layers [i..j] on `shape` with exactly the remat layers of `mask`
  // (whatever the options' remat mode) that fits `in_flight` microbatches (for brute force).
  Expected<StageChoice> ChooseWithRemat(int64_t i, int64_t j, const SubmeshShape& shape,
                                        int64_t in_flight, uint64_t mask);
  // Every intra-op choice of layers [i..j] on `shape`, in a fixed order (analytic: those of
  // AnalyticKinds(shape, has_experts()); auto-sharding: the stage's plan), each with
  // exactly the remat layers of `mask`, whether it fits or not (manual_pipeline.h).
  Expected<std::vector<StageChoice>> ChoicesWithRemat(int64_t i, int64_t j,
                                                      const SubmeshShape& shape, uint64_t mask);
  int64_t memory_limit_bytes() const { return options_.memory_limit_bytes; }
  int64_t microbatches() const { return options_.microbatches; }
  StageCostMode mode() const { return options_.mode; }
  bool has_experts() const;
  int64_t solves() const { return solves_; }

 private:
  // `c` with the remat layers of `p` (whose sums are over layers i..j of `mask`).
  StageChoice Realize(const StageChoice& c, const RematPoint& p, int64_t devices) const;
  RematPoint PointOf(int64_t i, int64_t j, uint64_t mask) const;
  const RematFrontier& Frontier(int64_t i, int64_t j);
  // The least-time choice that fits per the remat mode, if any.
  std::optional<StageChoice> Best(const std::vector<StageChoice>& choices, int64_t i, int64_t j,
                                  int64_t devices, int64_t in_flight);
  Expected<std::vector<StageChoice>> Choices(int64_t i, int64_t j, const SubmeshShape& shape);
  Expected<std::vector<StageChoice>> AnalyticChoices(int64_t i, int64_t j,
                                                     const SubmeshShape& shape);
  Expected<StageChoice> AnalyticChoice(const LayerStats& sum, const SubmeshShape& shape,
                                       const IntraOpKind& kind, int64_t first_layer);
  void AddParameters(const LayerStats& sum, const IntraOpKind& kind, int64_t dp,
                     const CostModel& model, StageChoice& c) const;
  // Per microbatch: layers from `first` on receive their input from the stage before.
  double TransferSeconds(int64_t first, int64_t devices) const;
  Expected<std::vector<StageChoice>> AutoShardingChoice(int64_t i, int64_t j,
                                                        const CostModel& model);

  const Module& module_;
  Cluster cluster_;
  std::vector<LayerStats> stats_;
  std::vector<int32_t> layer_;
  StageCostOptions options_;
  int64_t solves_ = 0;
  // (i, j, submesh size) -> the choices; a size names a shape.
  std::map<std::tuple<int64_t, int64_t, int64_t>, std::vector<StageChoice>> cache_;
  std::map<std::pair<int64_t, int64_t>, RematFrontier> frontiers_;  // (i, j) -> frontier
};

// The remat mask of layers [i..j] (bits above kMaxRematLayers are left out).
uint64_t LayerRangeMask(int64_t i, int64_t j);

// The instructions of layers [first, last] as a module of their own: values of other layers
// become parameters, values that other layers or the ROOT read become the output tuple.
Expected<std::unique_ptr<Module>> ExtractLayers(const Module& module,
                                                const std::vector<int32_t>& layer_of_instruction,
                                                int64_t first, int64_t last);

}  // namespace xpar::pipeline
