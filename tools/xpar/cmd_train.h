// `xpar train`: the pieces its files share. cmd_train.cc has the command line and the loop over
// steps; cmd_train_setup.cc turns a model file into a training step with initial values and
// data; cmd_train_exec.cc plans, partitions and runs steps with each device's shards resident.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/checkpoint.h"
#include "io/tensor_file.h"
#include "ir/module.h"
#include "support/status.h"

namespace xpar::train {

struct TrainArgs {
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
  bool quiet = false;
  // Pipeline parallelism (cmd_train_pipeline.cc): stages > 0 pipelines the step.
  int64_t stages = 0;
  int64_t microbatches = 1;
  std::string schedule = "1f1b";
  std::string trace;  // Chrome/Perfetto trace JSON of the last step
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

// Loads MODEL and makes it a step (BuildTrainingStep for a forward program; as it is when its
// outputs alias its inputs). `stored` receives the weights the file stores (a .pt's).
Expected<TrainProgram> PrepareProgram(const TrainArgs& args, std::vector<NamedTensor>* stored);

// The starting value of every step parameter: stored weights, --inputs arrays, zeros for
// optimizer state, random (--seed) for the rest.
Expected<std::vector<Literal>> InitialValues(const TrainArgs& args, const TrainProgram& program,
                                             const std::vector<NamedTensor>& stored);

// The per-step data: --data slices (step i takes rows [i*B, (i+1)*B) of each array, wrapping
// around at the end), otherwise the fixed initial values; plus the step counter.
class DataSource {
 public:
  static Expected<DataSource> Open(const TrainArgs& args, const TrainProgram& program);
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
  // Replaces the resident values with a checkpoint's shards (same mesh and plan).
  virtual Status RestoreShards(std::vector<std::vector<NamedTensor>> ranks) = 0;
  virtual int64_t num_devices() const = 0;
  // False on the MPI ranks other than 0: they neither print nor check.
  virtual bool is_root() const = 0;
  // The plan as JSON (kept in checkpoints so a resumed run partitions identically).
  virtual const nlohmann::json& plan_json() const = 0;
};

// Plans (or, given `plan_json`, re-applies a saved plan), prints the plan summary, partitions
// and places `initial` on the devices. Under mpirun rank 0 plans and sends the plan to the
// others, and each rank keeps only its own device.
Expected<std::unique_ptr<StepExecutor>> MakeSpmdExecutor(const TrainArgs& args,
                                                         const TrainProgram& program,
                                                         const std::vector<Literal>& initial,
                                                         const nlohmann::json* plan_json);

// One device running the unpartitioned step: --check's reference.
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

// `--stages S --microbatches M`: the step as a pipeline of S stages over M microbatches of the
// model's batch each (cmd_train_pipeline.cc); returns the exit code.
int TrainPipelined(const TrainArgs& args, const TrainProgram& program,
                   const std::vector<Literal>& initial, const DataSource& data);

}  // namespace xpar::train
