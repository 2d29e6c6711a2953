// Splits a gradient program (forward + backward; result (loss, grads...)) by pipeline stage into
// one forward and one backward program per stage, each for one microbatch. Values that cross
// programs become program outputs and inputs; what a stage's backward needs from its own
// forward is an output of the forward (the stash) and an input of the backward.
//
//   ENTRY g(x, w0, w1) { h = tanh(dot(x, w0))  [stage 0]   y = dot(h, w1)  [stage 1] ...
//                        ROOT (loss, dw0, dw1) }
//   -> F0(x, w0) -> (h, stash...)   F1(h, w1) -> (loss, stash...)
//      B1(stash..., w1) -> (dh, dw1)   B0(dh, stash..., w0) -> (dw0)
//
// Forward = the instructions the loss depends on; backward = the rest. Programs run in the
// phase order F0 < F1 < ... < F(S-1) < B(S-1) < ... < B0; a value may only flow forward in it.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar::pipeline {

enum class Phase { kForward, kBackward };

// Where a value a stage program reads (or the gradient program returns) comes from.
struct ValueRef {
  enum class Kind { kParameter, kOutput };
  Kind kind = Kind::kParameter;
  int64_t parameter = -1;  // kParameter: entry parameter number of the gradient program
  int32_t program = -1;    // kOutput: index into StageSplit::programs
  int64_t output = -1;     // kOutput: tuple index in that program's result
  bool operator==(const ValueRef&) const = default;
};

struct StageProgram {
  int32_t stage = 0;
  Phase phase = Phase::kForward;
  std::unique_ptr<Module> module;  // entry result: a tuple of the outputs (possibly empty)
  std::vector<ValueRef> inputs;    // entry parameter i reads inputs[i]
  std::vector<std::string> output_names;  // the gradient program's instruction of each output
};

struct StageSplit {
  int32_t num_stages = 0;
  // programs[2 s] is stage s's forward, programs[2 s + 1] its backward.
  std::vector<StageProgram> programs;
  // Each element of the gradient program's result tuple.
  std::vector<ValueRef> results;
  int64_t loss_index = 0;
  std::vector<Shape> parameter_shapes;  // the gradient program's, by parameter number

  const StageProgram& forward(int32_t stage) const { return programs[2 * stage]; }
  const StageProgram& backward(int32_t stage) const { return programs[2 * stage + 1]; }
};

inline int32_t ProgramIndex(int32_t stage, Phase phase) {
  return 2 * stage + (phase == Phase::kBackward ? 1 : 0);
}

struct SplitOptions {
  int64_t loss_index = 0;  // the loss's index in the result tuple
  // Per entry instruction (empty: none): forward values that a backward program of their own
  // stage recomputes, from the values they read, instead of receiving them from the forward's
  // stash (rematerialisation, remat.h). The recomputation reaches back through recomputed
  // values to stashed or earlier-stage values and parameters. Random ops are never recomputed.
  std::vector<bool> recompute;
};

// Completes a stage assignment: entries of -1 are inferred. A backward instruction takes the
// stage of the forward instruction its `xpar.derived_from` frontend attribute names (autodiff.h),
// else the smallest stage among its operands (gradients flow to lower stages); a forward one the
// largest among its operands. Parameters and operand-free instructions keep -1 (they belong to
// no stage: parameters are inputs, constants are copied where used). An error names an
// instruction whose stage cannot be inferred.
Expected<std::vector<int32_t>> CompleteStageAssignment(const Module& gradient,
                                                       std::vector<int32_t> stage_of_instruction,
                                                       int32_t num_stages,
                                                       const SplitOptions& options = {});

// The split. `stage_of_instruction` has one entry per entry instruction (in order), completed by
// CompleteStageAssignment first. Errors: the result is not a tuple, a stage is out of range, or a
// value would flow backwards in the phase order (e.g. a forward op on stage 0 reading stage 1).
Expected<StageSplit> SplitByStage(const Module& gradient,
                                  const std::vector<int32_t>& stage_of_instruction,
                                  int32_t num_stages, const SplitOptions& options = {});

// Bytes per microbatch that stage `stage`'s forward keeps for its own backward (its stash: the
// forward's outputs that the backward reads). Under 1F1B a stage holds it once per microbatch in
// flight.
int64_t StashBytes(const StageSplit& split, int32_t stage);

}  // namespace xpar::pipeline
