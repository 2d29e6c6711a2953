// Trainer (driver/train.h): the loop over steps of a non-pipelined run. It checks the options,
// prepares the step, restores a checkpoint to resume from, places the values on the devices and
// then runs one step per Step() call, with the one-device check and the checkpoints due.
#include <fmt/format.h>

#include <chrono>
#include <cmath>

#include "driver/train.h"
#include "runtime/mpi/mpi_runtime.h"

namespace xpar::train {

Status CheckOptions(const TrainOptions& options) {
  if (options.steps <= 0) return InvalidArgument("--steps must be positive");
  if (options.microbatches > 1 && options.stages == 0) {
    return InvalidArgument(
        "--microbatches {} needs --stages; for gradient accumulation without pipelining give "
        "--stages 1 --microbatches {}", options.microbatches, options.microbatches);
  }
  if (options.checkpoint_every > 0 && options.checkpoint_dir.empty()) {
    return InvalidArgument("--checkpoint-every needs --checkpoint-dir");
  }
  return Status::Ok();
}

Expected<std::unique_ptr<Trainer>> Trainer::Create(TrainOptions options) {
  RETURN_IF_ERROR(CheckOptions(options));
  TorchScriptInputs shapes{options.inputs, options.input_shapes};
  ASSIGN_OR_RETURN(LoadedModel model, LoadModel(options.model, shapes));
  return Create(std::move(options), std::move(model));
}

Expected<std::unique_ptr<Trainer>> Trainer::Create(TrainOptions options, LoadedModel model) {
  RETURN_IF_ERROR(CheckOptions(options));
  if (options.stages > 0) {
    return InvalidArgument("--stages: a pipelined run is a PipelinedTrainer "
                           "(driver/train_pipeline.h; MakeTrainLoop picks it), not a Trainer");
  }
  std::unique_ptr<Trainer> t(new Trainer());
  t->options_ = std::move(options);
  RETURN_IF_ERROR(t->Init(std::move(model)));
  return t;
}

void Trainer::Log(const std::string& line) const {
  if (options_.log && exec_->is_root()) options_.log(line);
}

Status Trainer::SaveCheckpoint(int64_t steps_done) const {
  Checkpoint c;
  c.step = steps_done;
  c.mesh = options_.mesh;
  std::vector<std::string> shardings = exec_->CarriedShardings();
  const Computation& entry = *program_.step->entry();
  for (size_t i = 0; i < program_.carried.size(); ++i) {
    const Carried& k = program_.carried[i];
    c.tensors.push_back({k.name, entry.parameters()[k.param]->shape().ToString(false), shardings[i]});
  }
  c.trainer = {{"model", options_.model}, {"data_position", steps_done},
               {"seed", options_.seed},   {"data", options_.data},
               {"optimizer", options_.optimizer}, {"lr", options_.lr},
               {"plan", exec_->plan_json()}};
  return exec_->WriteCheckpoint(options_.checkpoint_dir, c);
}

Expected<Checkpoint> ReadCheckpointToResume(const TrainOptions& o) {
  ASSIGN_OR_RETURN(Checkpoint c, ReadCheckpoint(o.resume));
  if (c.mesh != o.mesh) {
    return InvalidArgument("{}: the checkpoint was written on mesh {}, not --mesh {}", o.resume,
                           c.mesh, o.mesh);
  }
  if (c.step >= o.steps) {
    return InvalidArgument("{}: the checkpoint is after step {}, not before --steps {}", o.resume,
                           c.step, o.steps);
  }
  if ((c.trainer.value("data", "") != o.data || c.trainer.value("seed", uint64_t{0}) != o.seed) &&
      o.warn) {
    o.warn(fmt::format("warning: --data/--seed differ from the checkpoint's ({}, {}): the data "
                       "will not continue where it stopped",
                       c.trainer.value("data", ""), c.trainer.value("seed", uint64_t{0})));
  }
  return c;
}

namespace {

Expected<Checkpoint> ReadResume(const TrainOptions& o) {
  ASSIGN_OR_RETURN(Checkpoint c, ReadCheckpointToResume(o));
  if (!c.trainer.contains("plan")) {
    return InvalidArgument("{}: the checkpoint records no plan", o.resume);
  }
  return c;
}

}  // namespace

Status Trainer::Init(LoadedModel model) {
  ASSIGN_OR_RETURN(program_, PrepareProgram(options_, model));
  ASSIGN_OR_RETURN(values_, InitialValues(options_, program_, model.stored));
  ASSIGN_OR_RETURN(DataSource data, DataSource::Open(options_, program_));
  data_ = std::move(data);
  std::optional<Checkpoint> resumed;
  if (!options_.resume.empty()) {
    ASSIGN_OR_RETURN(resumed, ReadResume(options_));
  }
  ASSIGN_OR_RETURN(exec_, MakeSpmdExecutor(options_, program_, values_,
                                           resumed ? &resumed->trainer["plan"] : nullptr));
  if (options_.check && exec_->is_root()) reference_.emplace(program_, values_);
  if (resumed) {
    if (reference_) {
      ASSIGN_OR_RETURN(std::vector<Literal> carried, exec_->JoinCheckpoint(resumed->ranks));
      reference_->SetCarried(std::move(carried));
    }
    RETURN_IF_ERROR(exec_->RestoreShards(std::move(resumed->ranks)));
    first_step_ = next_step_ = resumed->step;
    Log(fmt::format("resumed from {} after step {}", options_.resume, first_step_));
  }
  Log(fmt::format("training {}: {} ({} carried tensors), batch {}, steps {}..{} on {} devices{}{}",
                  options_.model,
                  program_.built ? "forward + autodiff + " + options_.optimizer
                                 : std::string("whole training step"),
                  program_.carried.size(), program_.batch, first_step_ + 1, options_.steps,
                  exec_->num_devices(), UnderMpi() ? " (MPI ranks)" : "",
                  options_.check ? ", checked against 1 device" : ""));
  return Status::Ok();
}

Expected<StepReport> Trainer::Step() {
  if (done()) {
    return FailedPrecondition("all {} steps are done", options_.steps);
  }
  const int64_t step = next_step_;
  RETURN_IF_ERROR(data_->Fill(step, values_));
  StepReport r;
  r.step = step + 1;
  r.steps = options_.steps;
  auto start = std::chrono::steady_clock::now();
  ASSIGN_OR_RETURN(r.loss, exec_->RunStep(values_));
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.samples_per_s = program_.batch / r.seconds;
  if (reference_) {
    ASSIGN_OR_RETURN(double want, reference_->RunStep(values_));
    r.reference_loss = want;
    r.rel_diff = r.loss == want ? 0.0 : std::fabs(r.loss - want) / std::max(std::fabs(want), 1e-30);
    r.check_failed = !(r.rel_diff <= options_.rtol);
  }
  ++next_step_;
  const bool last = done();
  if (!options_.checkpoint_dir.empty() &&
      (last || (options_.checkpoint_every > 0 && r.step % options_.checkpoint_every == 0))) {
    RETURN_IF_ERROR(SaveCheckpoint(r.step));
    r.checkpoint_written = true;
  }
  return r;
}

Expected<std::vector<NamedTensor>> Trainer::CarriedValues() const {
  ASSIGN_OR_RETURN(std::vector<Literal> values, exec_->CarriedValues());
  std::vector<NamedTensor> out;
  for (size_t i = 0; i < values.size(); ++i) {
    out.push_back({program_.carried[i].name, std::move(values[i])});
  }
  return out;
}

}  // namespace xpar::train
