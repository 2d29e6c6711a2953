// Rematerialisation per layer, chosen by the inter-op planner when memory is short.
//
// A layer marked for rematerialisation keeps only its inputs for the backward pass: its forward
// values that backward ops read are recomputed inside the stage's backward program instead of
// being stashed between a microbatch's forward and its backward (stage_split.h executes it).
//
//   layer l (not remat):  F: x -> a -> b -> y     stash {a, b} (read by the backward)
//   layer l (remat):      F: x -> a -> b -> y     stash {x}; B recomputes a, b from x
//
// Which values are recomputed: the forward values of a remat layer that no forward op of a
// later layer reads (a layer's outputs to later layers, such as the residual stream, are its
// successors' inputs and stay stashed), that are not random (rng ops would draw new numbers)
// and that the backward actually needs (directly or through other recomputed values).
//
// Memory model, per layer and whole batch (stage_costs.h divides it per microbatch and device):
//  - not remat: the layer's forward values read by backward ops (LayerStats::activation_bytes);
//  - remat: its values that the backward reads directly and are not recomputed, and what the
//    recomputation reads: its own values, and inputs from earlier layers unless a backward op
//    reads them directly (then their own layer stashes them, remat or not). An input that
//    several remat layers recompute from is counted in each, so the model is an upper bound of
//    what the split stashes.
// The extra time of a remat layer is the roofline time of the forward ops it recomputes.
//
// The planner's choice per stage (layers i..j, one submesh, m microbatches in flight) is the
// set of remat layers of least extra time that fits the memory: exact, from the Pareto frontier
// of (extra time, stash bytes) over the 2^(j-i+1) choices (RematFrontier).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "analysis/cost_model.h"
#include "ir/module.h"
#include "passes/pipeline/layer_clustering.h"
#include "support/status.h"

namespace xpar::pipeline {

enum class RematMode {
  kNone,  // stash every activation
  kAuto,  // rematerialise the layers of least extra time, only when memory is short
  kAll,   // rematerialise every layer
};
Expected<RematMode> ParseRematMode(std::string_view text);  // "none", "auto", "all"
const char* RematModeName(RematMode mode);

// Remat masks are bit sets over layers (bit l = layer l), so the planner rematerialises per layer
// on up to this many layers.
inline constexpr int64_t kMaxRematLayers = 64;

// What a layer costs when rematerialised (whole batch, one device).
struct LayerRematStats {
  int64_t stash_bytes = 0;   // bytes kept for the backward instead of its activations
  double recompute_s = 0;    // roofline seconds of the recomputed forward ops
  int64_t recomputed = 0;    // instructions recomputed
};

// Per entry instruction: whether it would be recomputed if its layer were rematerialised
// (forward, not a source, not random, read by no forward op of a later layer, and needed by the
// backward directly or through other such values).
std::vector<bool> RecomputeCandidates(const Module& module, const ProgramRoles& roles,
                                      const std::vector<int32_t>& layer_of_instruction);

// Per layer, its cost when rematerialised.
std::vector<LayerRematStats> ComputeLayerRematStats(const Module& module, const ProgramRoles& roles,
                                                    const std::vector<int32_t>& layer_of_instruction,
                                                    int64_t num_layers, const CostModel& model);

// Per entry instruction: recomputed in the backward (the candidates of the remat layers); what
// SplitOptions::recompute takes.
std::vector<bool> RecomputedInstructions(const Module& module, const ProgramRoles& roles,
                                         const std::vector<int32_t>& layer_of_instruction,
                                         const std::vector<bool>& remat_layer);

// One choice of remat layers for a range of layers.
struct RematPoint {
  double extra_s = 0;       // recomputed forward seconds (whole batch, one device)
  int64_t stash_bytes = 0;  // stashed bytes (whole batch, one device)
  uint64_t mask = 0;        // bit l: layer l is rematerialised
};

// The Pareto frontier of (extra_s, stash_bytes) over every subset of remat layers of a range:
// sorted by extra_s ascending with stash_bytes strictly descending (ties: the fewest remat
// layers). Extend() appends the next layer of the range.
class RematFrontier {
 public:
  RematFrontier() : points_{RematPoint{}} {}
  // Layer `layer` with `keep_bytes` stashed without remat and `remat` with it.
  void Extend(int64_t layer, int64_t keep_bytes, const LayerRematStats& remat);
  const std::vector<RematPoint>& points() const { return points_; }

 private:
  std::vector<RematPoint> points_;
};

std::string FormatLayerSet(uint64_t mask);  // "1,3-5", or "-" when empty

}  // namespace xpar::pipeline
