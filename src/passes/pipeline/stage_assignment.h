// Every instruction of the entry computation gets a layer (and through the layer its stage):
// forward ops from the clustering, backward and optimizer ops after the forward ops they belong
// to, parameters and constants after their users.
//
//   %d  = dot(%x, %w)                layer 3 (forward, clustered)
//   %w                               layer 3 (parameter: its first forward use)
//   %dw = dot(%x, %g) derived_from=d  layer 3 (xpar.derived_from names %d)
//   %w2 = subtract(%w, %dw)          layer 3 (optimizer: reads %w and %dw, rule below)
//
// The rule for a backward op B without xpar.derived_from (a PyTorch/XLA step, or a hand-written
// backward): let A = the largest layer among B's forward operands and their forward users, and
// among B's parameter/constant operands that the forward reads; let G = the smallest layer among
// B's backward operands. B goes to min(A, G) (or the one that exists). Taking A places B with
// the forward op it is the derivative of (a weight gradient x^T g reads the activation x whose
// forward user is the dot of this layer); capping by G keeps every backward-to-backward edge
// going to the same or an earlier layer, so gradients only ever flow towards stage 0, as 1F1B
// needs. Optimizer ops: when B only feeds the in-place updates (outputs aliased to parameters,
// input_output_alias) of weights of one layer W (the weight update, its optimizer state's
// update, a bias's gradient reduction), B goes to min(W, G) instead: with the weight, which
// sits at its first forward use. Parameters and constants that the loss depends on go to the
// first layer that uses them in the forward. The other parameters and constants (optimizer
// state, the step count), and backward ops that read only those (bias corrections shared by
// all weights, the loss gradient's seed), go to the largest layer among their users, so that
// they too only flow towards stage 0.
//
// The invariant (CheckStageOrder): among the values the loss depends on, an edge never goes to
// an earlier stage; among the others, never to a later one; parameters and operand-free
// instructions are inputs any stage may read. Splitting by stage then runs the programs in the
// order F0 < F1 < ... < F(S-1) < B(S-1) < ... < B0 with values flowing forward only.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/module.h"
#include "passes/pipeline/layer_clustering.h"
#include "support/status.h"

namespace xpar::pipeline {

struct LayerAssignment {
  std::vector<int32_t> layer;         // per entry instruction, by index()
  int64_t from_attribute = 0;         // backward ops placed by xpar.derived_from
  int64_t inferred = 0;               // backward ops placed by the rule
};

Expected<LayerAssignment> AssignLayers(const Module& module, const ProgramRoles& roles,
                                       const LayerClustering& clustering);

// The stage of each instruction when stage s holds layers [stage_first_layer[s],
// stage_first_layer[s + 1]).
std::vector<int32_t> StagesOfInstructions(const std::vector<int32_t>& layer_of_instruction,
                                          const std::vector<int64_t>& stage_first_layer,
                                          int64_t num_layers);

// OK when the invariant above holds; else names the first edge that breaks it.
Status CheckStageOrder(const Module& module, const ProgramRoles& roles,
                       const std::vector<int32_t>& stage_of_instruction);

}  // namespace xpar::pipeline
