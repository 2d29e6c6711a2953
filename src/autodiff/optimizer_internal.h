// Pieces of the training-step construction shared by optimizer.cc (the update formulas) and
// training_step.cc (differentiation, parameter layout, outputs and aliasing).
#pragma once

#include <cmath>
#include <vector>

#include "autodiff/optimizer.h"
#include "models/graph_builder.h"

namespace xpar::autodiff {

// The values one step reads and the ones the optimizer makes. `state` follows the layout of
// optimizer.h (per-weight state of the first kind for every weight, then the second, then the
// step counter); new_weights and new_state are filled in the same orders.
struct OptimizerValues {
  Instruction* loss = nullptr;
  std::vector<Instruction*> weights, grads, state;
  std::vector<Instruction*> new_weights, new_state;
};

Status ValidateOptimizerOptions(const OptimizerOptions& options);

// Appends the update (loss scaling undone, clipping, then the optimizer) through `b`.
void BuildOptimizerUpdate(models::GraphBuilder& b, const OptimizerOptions& options,
                          OptimizerValues& values);

}  // namespace xpar::autodiff
