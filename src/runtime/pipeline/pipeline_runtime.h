// The pipeline runtime: runs a stage split (stage_split.h) over microbatches with the GPipe or
// 1F1B schedule, one thread per stage, each stage's programs on its own submesh's devices; the
// activations and gradients crossing stages go through in-process channels. Every program run
// is timestamped for a Chrome/Perfetto trace.
//
// Microbatches: the data parameters are split on dimension 0 into B equal microbatches (the
// stage programs are built for one microbatch). Every result of the gradient program is
// accumulated over the microbatches: with LossReduction::kMean (the loss is a mean over the batch,
// so are its gradients) the floating-point results are averaged, which equals the full-batch
// loss and gradients; with kSum (a summed loss) they are summed. Integer results are summed.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "passes/pipeline/pipeline_plan.h"
#include "passes/pipeline/stage_split.h"
#include "runtime/pipeline/accumulator.h"
#include "runtime/pipeline/schedule.h"
#include "runtime/pipeline/stage_executable.h"

namespace xpar::pipeline {

struct PipelineRunOptions {
  int64_t microbatches = 1;
  Schedule schedule = Schedule::k1F1B;
  // Gradient program parameters that hold the batch on dimension 0 (split into microbatches).
  std::vector<int64_t> data_parameters;
  LossReduction reduction = LossReduction::kMean;
  StageAnnotator annotate;  // empty: AnnotateDataParallel on every submesh
  uint64_t rng_seed = 0;
  // The stages whose programs are compiled (empty: every stage). An MPI rank compiles only its
  // own stage's (mpi_pipeline.h); Pipeline::Run needs them all.
  std::vector<int32_t> compile_stages;
};

// One program run on one device, in microseconds from the start of the step.
struct TraceEvent {
  int32_t stage = 0;
  int64_t device = 0;  // cluster device id
  PipelineEvent event;
  double start_us = 0, end_us = 0;
};

struct PipelineRunResult {
  std::vector<Literal> results;  // the gradient program's result tuple elements, accumulated
  std::vector<TraceEvent> trace;
  double seconds = 0;
};

class Channels;
class Accumulator;

class Pipeline {
 public:
  using Clock = std::chrono::steady_clock;

  // Compiles every stage program for its stage's submesh (submeshes[s]). `split` is kept
  // (moved in). Errors: a submesh count that is not the stage count, a data parameter out of
  // range, or a stage program the partitioner cannot handle.
  static Expected<std::unique_ptr<Pipeline>> Create(StageSplit split,
                                                    const std::vector<Submesh>& submeshes,
                                                    PipelineRunOptions options);

  // One step: `args` are the gradient program's arguments with the whole batch (data
  // parameters have microbatches times the stage programs' dimension 0). Stages run
  // concurrently; the first failure stops every stage and is returned. A stage still computing
  // the collective timeout after that failure is abandoned (support/worker_threads.h): the error
  // says so, and since its thread still uses this pipeline and `args`, the process must end.
  Expected<PipelineRunResult> Run(std::span<const Literal> args) const;

  const StageSplit& split() const { return split_; }
  const PipelineRunOptions& options() const { return options_; }
  // The compiled program `program` (index into split().programs).
  const StageExecutable& executable(int32_t program) const { return *executables_[program]; }
  bool compiled(int32_t program) const { return executables_[program] != nullptr; }
  // Stage `stage`'s events in schedule order.
  const std::vector<PipelineEvent>& events(int32_t stage) const { return schedule_[stage]; }
  // Whether gradient parameter `parameter` is split into microbatches.
  bool is_data(int64_t parameter) const { return is_data_[parameter]; }
  // The results (indices into split().results) that output `output` of program `program` is.
  const std::vector<size_t>& result_slots(int32_t program, int64_t output) const {
    return result_slots_[program][output];
  }

 private:
  Pipeline(StageSplit split, PipelineRunOptions options)
      : split_(std::move(split)), options_(std::move(options)) {}

  StageSplit split_;
  PipelineRunOptions options_;
  std::vector<std::vector<PipelineEvent>> schedule_;
  std::vector<std::unique_ptr<StageExecutable>> executables_;  // per program
  std::vector<bool> is_data_;                                  // per gradient parameter
  // Per program, per output: how many programs read it; which results it is.
  std::vector<std::vector<int32_t>> readers_;
  std::vector<std::vector<std::vector<size_t>>> result_slots_;

  Status RunStage(int32_t stage, std::span<const Literal> args,
                  const std::vector<std::vector<Literal>>& microbatches, Channels& channels,
                  Accumulator& accumulator, Clock::time_point start, std::vector<TraceEvent>& trace) const;
};

// The pipeline of an inter-op plan (pipeline_planner.h): `gradient` split by
// plan.stage_of_instruction, stages on plan.stages[s].submesh, with plan.microbatches and
// plan.schedule (which replace options.microbatches and options.schedule), recomputing
// plan.recompute's values in the backward unless `split` gives its own recompute set.
Expected<std::unique_ptr<Pipeline>> PipelineFromPlan(const Module& gradient,
                                                     const PipelinePlan& plan,
                                                     PipelineRunOptions options,
                                                     const SplitOptions& split = {});

// {"traceEvents":[...]}: one "X" event per program run and device (pid = stage, tid = device,
// name "F<m>"/"B<m>"), with process and thread names, for chrome://tracing or ui.perfetto.dev.
std::string TraceToJson(const std::vector<TraceEvent>& trace);

}  // namespace xpar::pipeline
