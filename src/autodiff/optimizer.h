// Optimizers appended as IR (torch.optim's formulas), and the whole training step built from a
// forward + loss program: gradients by autodiff, then the optimizer update.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar::autodiff {

enum class OptimizerKind { kSgd, kMomentum, kAdamW };

struct OptimizerOptions {
  OptimizerKind kind = OptimizerKind::kAdamW;
  double lr = 1e-3;
  double momentum = 0.9;       // kMomentum (torch.optim.SGD momentum, dampening 0)
  double beta1 = 0.9;          // kAdamW
  double beta2 = 0.999;        // kAdamW
  double eps = 1e-8;           // kAdamW
  double weight_decay = 0.0;   // decoupled for AdamW, L2 for SGD/momentum (as torch.optim)
  double clip_norm = 0.0;      // > 0: global gradient-norm clipping (torch.nn.utils.clip_grad_norm_)
  double loss_scale = 1.0;     // static loss scaling for bf16/f16: grads divided back before use
};

// The training step: parameters are (weights in `weights` order, optimizer state, then the
// forward's other parameters as data in their original order); result is the tuple (loss, new
// weights, new state); every new value aliases the parameter it replaces
// (`input_output_alias`), so a driver feeds outputs back as the next step's inputs.
struct TrainingStepLayout {
  std::vector<int64_t> weight_params;  // step parameter number of each weight
  std::vector<int64_t> state_params;   // optimizer state (momentum buffers, m, v, step count)
  std::vector<int64_t> data_params;    // step parameter number of each forward data parameter
};

struct TrainingStep {
  std::unique_ptr<Module> module;
  TrainingStepLayout layout;
};

// The names torch.optim gives a weight's state ("exp_avg", "exp_avg_sq"; "momentum_buffer"; none
// for plain SGD), and whether the optimizer keeps the global step counter ("step", s32 scalar).
std::vector<std::string> PerWeightStateNames(const OptimizerOptions& options);
bool HasStepCounter(const OptimizerOptions& options);

// `weights`: the forward parameter numbers to train (floating-point arrays, each once; empty:
// every floating-point array parameter). `loss_index` as in GradientRequest. Calls Differentiate
// (on a copy whose loss is multiplied by options.loss_scale, when that is not 1) and appends the
// optimizer. State parameters are, in order: per weight state (PerWeightStateNames, all of the
// first kind for every weight, then the second kind), then "step" when HasStepCounter; their
// names are "<state name>.<weight name>" and "step"; they start at zero.
Expected<TrainingStep> BuildTrainingStep(const Module& forward, const std::vector<int64_t>& weights,
                                         int64_t loss_index, const OptimizerOptions& options);

// The second half of BuildTrainingStep, for a module shaped as Differentiate returns it (entry
// parameters = the forward's, root = tuple(loss, d loss / d weights[0], ...)): consumes it,
// renumbers its parameters into the layout above and appends the optimizer.
Expected<TrainingStep> AppendOptimizer(std::unique_ptr<Module> gradients,
                                       const std::vector<int64_t>& weights,
                                       const OptimizerOptions& options);

}  // namespace xpar::autodiff
