// Pipelined training (`xpar train --stages`, xpar.train(stages=...)): train_pipeline.cc builds
// the gradient program and the per-stage optimizers; train_pipeline_plan.cc plans (or re-applies
// a saved plan) and compiles the stages; train_pipeline_steps.cc holds what every run needs
// (resume, checkpoints, optimizers) and PipelinedTrainer, the loop on threads. Under mpirun the
// CLI runs the steps itself (tools/xpar/cmd_train_pipeline_run.cc) from these pieces.
#pragma once

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "autodiff/optimizer.h"
#include "driver/train.h"
#include "io/checkpoint.h"
#include "runtime/pipeline/pipeline_runtime.h"

namespace xpar::train::pipelined {

using pipeline::Pipeline;

// The pieces of a pipelined step, all indexed by the forward's parameter numbers.
struct PipelinePrograms {
  std::unique_ptr<Module> forward;
  std::unique_ptr<Module> gradient;  // forward params -> (loss, d loss / d weights...)
  std::vector<int64_t> weights;      // forward parameter of each weight, in carried order
  std::vector<bool> is_data;         // per forward parameter: split into microbatches
  std::vector<int64_t> step_param;   // per forward parameter: the step's parameter (by name)
  int64_t batch = 0;                 // examples per microbatch (the model's batch)
  autodiff::OptimizerOptions options;
};

// The optimizer of some of the weights (one stage's, or all of them).
struct OptimizerPart {
  std::unique_ptr<Module> program;  // (weights, state, grads..., loss) -> (loss, new w, new s)
  std::vector<size_t> weights;      // indices into PipelinePrograms::weights
  std::vector<int64_t> from_step;   // per program parameter: its step parameter; -1: a gradient
};

// Weights and optimizer state between steps for one OptimizerPart: its program's parameters
// but the gradients and loss it is given each step. It runs on one device.
class WeightUpdater {
 public:
  static WeightUpdater Create(const PipelinePrograms& p, const OptimizerPart& part,
                              const std::vector<Literal>& step_values);
  // The current value of the weight that is forward parameter `forward_param`, or null.
  Literal* Weight(int64_t forward_param);
  // Applies its weights' gradients from (loss, grads of every weight...), averaged over the
  // microbatches.
  Status Apply(const std::vector<Literal>& loss_and_grads);
  // The weights and optimizer state (the program's parameters but gradients and loss).
  std::vector<std::pair<std::string, Literal*>> State();

 private:
  WeightUpdater(const PipelinePrograms& p, const OptimizerPart& part) : p_(&p), part_(&part) {}
  const PipelinePrograms* p_;
  const OptimizerPart* part_;
  std::vector<Literal> values_;
  std::vector<int64_t> gradient_slots_;
};

// The weights of a whole model: one updater per stage (each updating the weights whose gradient
// that stage's backward produces, the stages in parallel), or one for all of them.
class Updaters {
 public:
  // Group i's optimizer belongs to stage stages[i] (-1: to no stage; every MPI rank runs it).
  static Expected<Updaters> Create(const PipelinePrograms& p, const TrainProgram& program,
                                   const std::vector<std::vector<size_t>>& groups,
                                   const std::vector<int32_t>& stages,
                                   const std::vector<Literal>& step_values);
  const Literal* Weight(int64_t forward_param) const {
    return const_cast<Updaters*>(this)->Weight(forward_param);
  }
  Literal* Weight(int64_t forward_param);
  // The stage of the part that updates `forward_param` (-1: none or every rank).
  int32_t StageOfWeight(int64_t forward_param) const;
  // Runs the parts (in parallel): all, or with `stage` those of that stage and of none.
  Status Apply(const std::vector<Literal>& loss_and_grads, std::optional<int32_t> stage = {});
  // Every part's weights and optimizer state by name, with the part's stage, part by part.
  struct Value {
    std::string name;
    Literal* value;
    int32_t stage;
  };
  std::vector<Value> State();
  // Copies of State() for a checkpoint, a name the parts share (the step count) once; and the
  // reverse (by name, into every part that has it; shapes must match).
  std::vector<NamedTensor> Snapshot();
  Status Restore(const std::vector<NamedTensor>& values);
  size_t size() const { return updaters_.size(); }

 private:
  std::vector<std::unique_ptr<OptimizerPart>> parts_;
  std::vector<WeightUpdater> updaters_;
  std::vector<int32_t> stages_;
};

// `forward`: the model before PrepareProgram made it a step (a copy of LoadedModel::module).
Expected<PipelinePrograms> BuildPrograms(const TrainOptions& args, const TrainProgram& program,
                                         std::unique_ptr<Module> forward);

// One step's inputs per forward parameter: the M microbatches of a data parameter, the single
// value of any other (weights are taken from the optimizer).
Expected<std::vector<std::vector<Literal>>> StepInputs(const PipelinePrograms& p,
                                                       const DataSource& data,
                                                       std::vector<Literal>& scratch, int64_t step,
                                                       int64_t microbatches);
// The arguments of the gradient program: microbatch k of every data parameter, or with k = -1
// all microbatches stacked (the pipeline splits them itself).
std::vector<Literal> GradientArgs(const PipelinePrograms& p, const Updaters& opt,
                                  const std::vector<std::vector<Literal>>& in, int64_t k);

// The weights each stage updates (groups[s] for stage s), or with --clip-norm one group of all
// of them (the global norm couples every weight), whose stage is -1.
std::pair<std::vector<std::vector<size_t>>, std::vector<int32_t>> WeightGroups(
    const PipelinePrograms& p, const Pipeline& pipe);

// --check: the same step on one device (gradient accumulation, one optimizer for all weights).
struct StepCheck {
  double reference_loss = 0;
  double rel_diff = 0;
  bool failed = false;  // rel_diff > rtol
};
Expected<StepCheck> CheckStep(const TrainOptions& args, const PipelinePrograms& p,
                              Updaters& reference, const std::vector<std::vector<Literal>>& in,
                              double loss);
// The step line's check suffix ("  1 device ... rel diff ..."), as the non-pipelined one.
std::string CheckSuffix(const TrainOptions& args, const StepCheck& c);

// The compiled pipeline and the plan it was made from (plan_json.h), which checkpoints keep.
struct BuiltPipeline {
  std::unique_ptr<Pipeline> pipe;
  nlohmann::json plan_json;
  std::vector<pipeline::Submesh> submeshes;
};
// Plans the stages (inter-op pass, then each stage program's intra-op plan) and logs the plan
// (args.log), or, given `saved`, re-applies that plan. `compile_stages`: as
// PipelineRunOptions::compile_stages (empty: every stage).
Expected<BuiltPipeline> PlanAndBuild(const TrainOptions& args, const PipelinePrograms& p,
                                     const nlohmann::json* saved,
                                     std::vector<int32_t> compile_stages = {});
// The stage programs' descriptions (compiled ones), one line each.
std::vector<std::string> StageProgramLines(const Pipeline& pipe);
Status WriteTrace(const std::string& path, const std::vector<pipeline::TraceEvent>& trace);

// What a run needs around its steps (train_pipeline_steps.cc). A pipelined checkpoint is one
// file ("rank 0") with every weight and optimizer state tensor whole, and the plan.
Expected<std::optional<Checkpoint>> ReadResume(const TrainOptions& args);
Status SaveCheckpoint(const TrainOptions& args, Updaters& opt, const nlohmann::json& plan,
                      int64_t steps_done);
bool CheckpointDue(const TrainOptions& args, int64_t steps_done);
// The plan to re-apply instead of planning: the checkpoint's, or args.plan's (a save_plan file
// of a pipelined run); null: plan. `storage` holds a read file's JSON.
Expected<const nlohmann::json*> SavedPlan(const TrainOptions& args,
                                          const std::optional<Checkpoint>& resumed,
                                          nlohmann::json& storage);
Status SavePlan(const TrainOptions& args, const BuiltPipeline& built);

struct Optimizers {
  Updaters opt;                       // the pipelined run's, per stage
  std::optional<Updaters> reference;  // --check's one device
};
Expected<Optimizers> MakeOptimizers(const TrainOptions& args, const TrainProgram& program,
                                    const PipelinePrograms& p, const Pipeline& pipe,
                                    const std::vector<Literal>& initial, bool with_reference,
                                    const std::optional<Checkpoint>& resumed);
// "training MODEL: pipeline of S stages, ..." (and "resumed from" before it).
std::vector<std::string> HeaderLines(const TrainOptions& args, const TrainProgram& program,
                                     const Pipeline& pipe, const Updaters& opt, int64_t first,
                                     bool mpi);

}  // namespace xpar::train::pipelined

namespace xpar::train {

// The pipelined run on threads (one process): plans or re-applies a plan, then one step per
// Step(): the microbatches through the stages (GPipe or 1F1B), loss and gradients averaged,
// each stage's optimizer; the check and the checkpoints due.
class PipelinedTrainer : public TrainLoop {
 public:
  static Expected<std::unique_ptr<PipelinedTrainer>> Create(TrainOptions options,
                                                            LoadedModel model);
  bool done() const override { return next_step_ >= options_.steps; }
  int64_t first_step() const override { return first_step_; }
  Expected<StepReport> Step() override;
  Expected<std::vector<NamedTensor>> CarriedValues() const override;
  const TrainProgram& program() const override { return program_; }
  int64_t num_devices() const override { return num_devices_; }
  // The last step's trace (Chrome/Perfetto events), for options.trace.
  const std::vector<pipeline::TraceEvent>& last_trace() const { return trace_; }

 private:
  PipelinedTrainer() = default;
  Status Init(LoadedModel model);
  void Log(const std::string& line) const;

  TrainOptions options_;
  TrainProgram program_;
  std::optional<DataSource> data_;
  std::vector<Literal> scratch_;  // every step parameter's value; the data ones per step
  std::unique_ptr<pipelined::PipelinePrograms> programs_;
  pipelined::BuiltPipeline built_;
  std::optional<pipelined::Optimizers> opt_;
  std::vector<pipeline::TraceEvent> trace_;
  int64_t num_devices_ = 0;
  int64_t first_step_ = 0;
  int64_t next_step_ = 0;
};

}  // namespace xpar::train
