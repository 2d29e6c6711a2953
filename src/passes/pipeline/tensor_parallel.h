// What Megatron-style tensor parallelism and GShard-style expert parallelism would do to each
// clustered layer, read off the program (the stage cost table's dp x tp x ep choices use it).
//
// Tensor parallelism is derived from the dots, not from names: a weight is TP-split when it
// reaches a dot (through convert/transpose/reshape/bitcast/copy), except an MoE router (a
// projection whose free dimensions hold as many elements as there are experts), which stays
// replicated as in Megatron. Every value is then
// replicated, split over the TP group, or a pending partial sum, propagated in program order:
//   dot(activation, weight): activation replicated -> split (column-parallel); split -> partial
//     (row-parallel: q/k/v/fc1 then o/fc2 form Megatron's pairs, and in the backward the
//     column layers' input gradients become the partial sums);
//   dot without a weight: split if an operand is split (attention's heads stay split);
//   gather from a split table -> partial (vocabulary-parallel embedding);
//   add/subtract of partial sums -> partial; any other use of a partial sum all-reduces it
//     first (priced as one all-reduce of its bytes over the TP group);
//   reduce of a split value -> one all-reduce of its result (exact for the vocabulary-parallel
//     cross-entropy; an over-estimate for attention's softmax, whose reduce keeps the heads);
//   anything else -> split if an operand is split, else replicated.
// Split and partial values cost 1/tp of their compute; replicated ones are computed by every
// TP rank (layer norms, residual adds, convolutions: TP does not help them).
// Expert layers: dots whose weight has batch dimensions (the expert dimension of wi/wo
// [E, h, f]). Expert parallelism splits those weights over the data-parallel group and moves
// the tokens with two all-to-alls per layer in the forward (dispatch: the first expert dot's
// token operand; combine: the last one's result) and two of the same sizes in the backward.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/cost_model.h"
#include "ir/module.h"
#include "passes/pipeline/layer_clustering.h"

namespace xpar::pipeline {

// Per layer, whole batch, one device (the same units as LayerStats).
struct LayerParallelStats {
  double forward_split_s = 0;    // of LayerStats::forward_s: the part TP divides
  double backward_split_s = 0;   // of LayerStats::backward_s
  int64_t split_weight_bytes = 0;   // of LayerStats::weight_bytes: TP-split weights
  int64_t expert_weight_bytes = 0;  // of split_weight_bytes: expert weights
  int64_t split_activation_bytes = 0;  // of LayerStats::activation_bytes
  // TP all-reduces (forward / backward): how many and their bytes in all.
  int64_t forward_all_reduces = 0, backward_all_reduces = 0;
  int64_t forward_all_reduce_bytes = 0, backward_all_reduce_bytes = 0;
  // Expert parallelism: the all-to-alls of one pass (forward; the backward has the same).
  int64_t all_to_alls = 0;
  int64_t all_to_all_bytes = 0;
};

// `is_weight[p]`: entry parameter p is a trainable weight (stage_costs.cc's rule).
std::vector<LayerParallelStats> ComputeLayerParallelStats(
    const Module& module, const ProgramRoles& roles, const std::vector<int32_t>& layer,
    int64_t num_layers, const CostModel& model, const std::vector<bool>& is_weight);

}  // namespace xpar::pipeline
