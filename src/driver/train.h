// Training on a mesh of simulated devices: the library behind `xpar train` (its non-pipelined
// path) and xpar.train in Python. A model (a forward + loss that gets autodiff and an optimizer,
// or a whole step whose outputs alias its inputs) becomes a step that is planned, partitioned and
// run with each device's shards resident between steps, on threads or one MPI rank per device;
// with checks against one device, per-step data and checkpoints.
//
//   ASSIGN_OR_RETURN(auto trainer, train::Trainer::Create(options));
//   while (!trainer->done()) { ASSIGN_OR_RETURN(train::StepReport r, trainer->Step()); ... }
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "autodiff/optimizer.h"
#include "driver/load_model.h"
#include "io/checkpoint.h"
#include "io/tensor_file.h"
#include "ir/module.h"
#include "support/status.h"

namespace xpar::train {

// Messages are named after the CLI's flags (--steps), which the Python keywords mirror.
struct TrainOptions {
  std::string model;
  std::string mesh = "1";
  int64_t steps = 20;
  std::string optimizer = "adamw";  // sgd | momentum | adamw (a forward program only)
  double lr = 1e-3;
  double momentum = 0.9;
  double weight_decay = 0.0;
  double clip_norm = 0.0;
  double loss_scale = 1.0;
  int64_t loss_index = -2;          // -2: the root if scalar, else its first scalar element
  std::vector<std::string> weights; // forward parameters to train (names); empty: see setup
  std::string data;                 // .npz: per data parameter, steps x batch along dim 0
  std::string inputs;               // .npz/.safetensors: fixed values for any parameters
  uint64_t seed = 0;
  bool check = false;
  double rtol = 1e-4;
  std::string checkpoint_dir;
  int64_t checkpoint_every = 0;
  std::string resume;
  double plan_time_limit = 10;
  std::string plan;                 // apply this plan JSON (xpar plan --json) instead of planning
  std::string save_plan;            // write the plan JSON used here
  std::string cluster = "dgx-a100";
  std::string memory;               // planner: per-device memory limit ("512MiB"); "": the cluster's
  bool data_parallel = false;       // planner: data parameters split on the batch, weights whole
  bool shard_parameters = false;    // planner: ZeRO-3 style, weights and state split too
  std::vector<std::string> input_shapes;  // a .pt file's, when it records none
  bool quiet = false;               // no planner progress on `warn`
  // Pipeline parallelism (PipelinedTrainer; Trainer refuses stages > 0).
  int64_t stages = 0;
  int64_t microbatches = 1;
  std::string schedule = "1f1b";
  std::string remat;  // rematerialisation auto | none | all; "": auto with --memory, else none
  std::string trace;  // Chrome/Perfetto trace JSON of the last step
  // Per-step data given in memory (Python's dicts of arrays): used instead of the `data` file,
  // named as its arrays would be; `data` still names the source in messages and checkpoints.
  std::vector<NamedTensor> data_arrays;
  // Starting values given in memory, as the `inputs` file's arrays (later ones win over it).
  std::vector<NamedTensor> input_arrays;
  // Where text goes, one line per call without its newline; null: nowhere. `log`: the plan, the
  // data layout, "resumed from", the header (rank 0 only under mpirun); `warn`: notes and,
  // unless quiet, the planner's progress.
  std::function<void(const std::string&)> log;
  std::function<void(const std::string&)> warn;
};

// A value the step reads and gives back (a weight or an optimizer state tensor).
struct Carried {
  int64_t param = 0;   // step parameter number
  int64_t output = 0;  // root tuple index of its new value
  std::string name;    // checkpoint name: the parameter's (HF names for a traced model)
  bool is_state = false;  // optimizer state (starts at zero)
};

// The training step as it will run: carried values alias outputs, the rest are data.
struct TrainProgram {
  std::unique_ptr<Module> step;
  std::vector<Carried> carried;
  std::vector<int64_t> data_params;   // fed per step (a --data slice) or fixed
  int64_t loss_output = 0;
  // An integer scalar parameter named "step" that nothing carries (the bias-correction count of
  // `xpar model` steps): fed the number of steps done before this one. -1: none.
  int64_t step_counter_param = -1;
  bool built = false;                 // true: from a forward (autodiff + optimizer)
  // The model file's number of each step parameter (-1: optimizer state the step added): what
  // argN names in --inputs and --data.
  std::vector<int64_t> file_number;
  int64_t batch = 1;                  // samples per step: dim 0 of the first data array
};

// The forward's loss output: loss_index, else -1 when the root is a floating-point scalar, else
// the root tuple's first such element; an error when there is none.
Expected<int64_t> LossIndexOf(const TrainOptions& options, const Instruction& root);
// The optimizer the options name, with their lr, momentum, weight decay, clipping, loss scale.
Expected<autodiff::OptimizerOptions> OptimizerOf(const TrainOptions& options);

// Makes `model` a step: BuildTrainingStep for a forward program; a module whose outputs alias
// its inputs is the step itself (model.module moves into it). `model.stored` (a .pt's weights)
// are the weights to train by default.
Expected<TrainProgram> PrepareProgram(const TrainOptions& options, LoadedModel& model);

// The starting value of every step parameter: stored weights, --inputs arrays, zeros for
// optimizer state, random (--seed) for the rest.
Expected<std::vector<Literal>> InitialValues(const TrainOptions& options,
                                             const TrainProgram& program,
                                             const std::vector<NamedTensor>& stored);

// The per-step data: --data slices (step i takes rows [i*B, (i+1)*B) of each array, wrapping
// around at the end), otherwise the fixed initial values; plus the step counter.
class DataSource {
 public:
  static Expected<DataSource> Open(const TrainOptions& options, const TrainProgram& program);
  // Sets the data parameters of `values` (full, unsharded) for global step `step`.
  Status Fill(int64_t step, std::vector<Literal>& values) const;

 private:
  const TrainProgram* program_ = nullptr;
  std::vector<int64_t> params_;     // data parameters fed from the file
  std::vector<Literal> arrays_;     // their whole arrays
};

// How one step runs: the SPMD executor runs the planned, partitioned step on one thread per
// device, or, under mpirun, this rank's device (each rank one device).
class StepExecutor {
 public:
  virtual ~StepExecutor() = default;
  // Runs one step on the resident values with `data` (full values of every parameter; only
  // the data ones are read) and returns the loss.
  virtual Expected<double> RunStep(const std::vector<Literal>& data) = 0;
  // Writes a checkpoint of the resident values: `c` holds everything but the ranks' tensors.
  virtual Status WriteCheckpoint(const std::string& dir, const Checkpoint& c) const = 0;
  // How each carried value is split ("[S(0),R]"), for the checkpoint index.
  virtual std::vector<std::string> CarriedShardings() const = 0;
  // The full carried values a checkpoint's ranks hold (joined under this plan).
  virtual Expected<std::vector<Literal>> JoinCheckpoint(
      const std::vector<std::vector<NamedTensor>>& ranks) const = 0;
  // The full carried values now (threads only: under mpirun each rank holds its own shards).
  virtual Expected<std::vector<Literal>> CarriedValues() const = 0;
  // Replaces the resident values with a checkpoint's shards (same mesh and plan).
  virtual Status RestoreShards(std::vector<std::vector<NamedTensor>> ranks) = 0;
  virtual int64_t num_devices() const = 0;
  // False on the MPI ranks other than 0: they neither print nor check.
  virtual bool is_root() const = 0;
  // The plan as JSON (kept in checkpoints so a resumed run partitions identically).
  virtual const nlohmann::json& plan_json() const = 0;
};

// Plans (or, given `plan_json`, re-applies a saved plan), logs the plan summary, partitions
// and places `initial` on the devices. Under mpirun rank 0 plans and sends the plan to the
// others, and each rank keeps only its own device.
Expected<std::unique_ptr<StepExecutor>> MakeSpmdExecutor(const TrainOptions& options,
                                                         const TrainProgram& program,
                                                         const std::vector<Literal>& initial,
                                                         const nlohmann::json* plan_json);

// One device running the unpartitioned step: the reference of `check`.
class ReferenceExecutor {
 public:
  ReferenceExecutor(const TrainProgram& program, std::vector<Literal> initial)
      : program_(&program), values_(std::move(initial)) {}
  Expected<double> RunStep(const std::vector<Literal>& data);
  void SetCarried(std::vector<Literal> carried);

 private:
  const TrainProgram* program_;
  std::vector<Literal> values_;
};

// What one step did.
struct StepReport {
  int64_t step = 0;   // 1-based: the number of steps done after this one
  int64_t steps = 0;  // options.steps
  double loss = 0;
  double seconds = 0;  // the partitioned step alone (not the check)
  double samples_per_s = 0;
  // With check: the one-device loss, the relative difference, and whether it exceeds rtol.
  std::optional<double> reference_loss;
  double rel_diff = 0;
  bool check_failed = false;
  bool checkpoint_written = false;  // a checkpoint after this step is in checkpoint_dir
};

// A training run, one step per Step(): Trainer (one SPMD step on the whole mesh) or
// PipelinedTrainer (driver/train_pipeline.h: options.stages > 0).
class TrainLoop {
 public:
  virtual ~TrainLoop() = default;
  virtual bool done() const = 0;
  virtual int64_t first_step() const = 0;  // 0, or the resumed checkpoint's step
  virtual Expected<StepReport> Step() = 0;
  // The carried values now, full, in program().carried's order (threads only).
  virtual Expected<std::vector<NamedTensor>> CarriedValues() const = 0;
  virtual const TrainProgram& program() const = 0;
  virtual int64_t num_devices() const = 0;
};

// Trainer or PipelinedTrainer, by options.stages; `model` may move into it.
Expected<std::unique_ptr<TrainLoop>> MakeTrainLoop(TrainOptions options, LoadedModel model);

// Checks, loads, prepares, plans and places a model, then runs its steps one by one.
class Trainer : public TrainLoop {
 public:
  // Loads options.model (a path).
  static Expected<std::unique_ptr<Trainer>> Create(TrainOptions options);
  // Trains a loaded model: it may move into the trainer (PrepareProgram); options.model only
  // names it.
  static Expected<std::unique_ptr<Trainer>> Create(TrainOptions options, LoadedModel model);

  bool done() const override { return next_step_ >= options_.steps; }
  int64_t first_step() const override { return first_step_; }
  // Runs step next_step() + 1 (its data, the check, a due checkpoint).
  Expected<StepReport> Step() override;
  int64_t next_step() const { return next_step_; }

  // The carried values now, full and named: weights, then or among them optimizer state
  // (Carried::is_state); threads only.
  Expected<std::vector<NamedTensor>> CarriedValues() const override;
  const TrainProgram& program() const override { return program_; }
  const TrainOptions& options() const { return options_; }
  int64_t num_devices() const override { return exec_->num_devices(); }
  bool is_root() const { return exec_->is_root(); }

 private:
  Trainer() = default;
  Status Init(LoadedModel model);
  Status Resume();
  Status SaveCheckpoint(int64_t steps_done) const;
  void Log(const std::string& line) const;

  TrainOptions options_;
  TrainProgram program_;
  std::vector<Literal> values_;  // full values of every parameter; the data ones per step
  std::optional<DataSource> data_;
  std::unique_ptr<StepExecutor> exec_;
  std::optional<ReferenceExecutor> reference_;
  int64_t first_step_ = 0;
  int64_t next_step_ = 0;
};

// options.resume's checkpoint, checked against the options both trainers share: the mesh, a step
// before options.steps; warns (options.warn) when data or seed differ.
Expected<Checkpoint> ReadCheckpointToResume(const TrainOptions& options);

// The checks of `options` that need no model (steps, microbatches, checkpoint_every).
Status CheckOptions(const TrainOptions& options);

}  // namespace xpar::train
