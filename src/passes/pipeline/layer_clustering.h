// Alpa's operator clustering (OSDI'22 §5.2): the forward ops of the entry computation, in
// instruction order, cut into L contiguous layers of balanced compute that exchange few bytes.
//
//   forward ops  o0 o1 ... o99 (costs from the roofline cost model)
//   -> layers    [o0..o24] [o25..o49] [o50..o74] [o75..o99]   (L = 4)
//
// Forward = what the loss depends on. Parameters and operand-free ops ("sources") are not
// clustered: stage_assignment.h places them by their users.
#pragma once

#include <cstdint>
#include <vector>

#include "analysis/cost_model.h"
#include "ir/module.h"
#include "support/status.h"

namespace xpar::pipeline {

enum class Role : int8_t {
  kSource,    // a parameter or an operand-free op (constant, iota): an input any stage reads
  kForward,   // a non-source ancestor of the loss (the loss included)
  kBackward,  // everything else: backward, optimizer, other outputs
};

struct ProgramRoles {
  const Instruction* loss = nullptr;
  std::vector<Role> role;  // per entry instruction, by index()
  // The loss and everything it depends on, sources included (a split program's forward).
  std::vector<bool> feeds_loss;
  // users[i]: indices of the entry instructions that read instruction i (once per user).
  std::vector<std::vector<int64_t>> users;
};

// The loss is element `loss_index` of the entry's ROOT tuple, or the ROOT itself when
// `loss_index` is -1. Errors name the ROOT when it is not what the index asks for.
Expected<ProgramRoles> ClassifyInstructions(const Module& module, int64_t loss_index);

// Roofline seconds of one execution of `inst` on one device of `model` (what the intra-op
// planner charges a replicated op).
double InstructionSeconds(const Instruction& inst, const CostModel& model);

struct ClusteringOptions {
  int64_t num_layers = 16;  // L; fewer when there are fewer forward ops
  // Each layer's forward cost is at most (1 + imbalance) * total / L (Alpa's delta); relaxed
  // by 25% steps when no cut meets it (a single op heavier than the bound).
  double imbalance = 0.5;
};

struct LayerClustering {
  int64_t num_layers = 0;
  std::vector<int64_t> forward_ops;       // entry indices of the forward ops, in order
  std::vector<int64_t> layer_start;       // position in forward_ops where each layer starts
  std::vector<double> layer_seconds;      // forward cost per layer, one device, whole batch
  std::vector<int64_t> boundary_bytes;    // bytes crossing into each layer from before it
  double bound_seconds = 0;               // the balance bound finally used
  // Per entry instruction: its layer for forward ops, -1 for the others.
  std::vector<int32_t> layer_of_forward;
};

// Minimises first the largest boundary (bytes of forward values produced before a layer and
// read by forward ops in or after it), then the largest layer cost, both exactly (two minimax
// dynamic programs over the cut positions), under the balance bound.
Expected<LayerClustering> ClusterLayers(const Module& module, const ProgramRoles& roles,
                                        const CostModel& model, const ClusteringOptions& options);

// The dynamic program behind ClusterLayers, on plain arrays: cut `costs` (one per op) into
// `num_layers` non-empty contiguous segments, each of cost at most `bound`, minimising
// max(start_weight[start of segment r], r >= 1) first and then the largest segment cost.
// Returns each segment's start; empty when no cut meets the bound.
std::vector<int64_t> MinimaxSegments(const std::vector<double>& costs,
                                     const std::vector<double>& start_weight, int64_t num_layers,
                                     double bound);

}  // namespace xpar::pipeline
