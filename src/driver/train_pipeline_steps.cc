// Pipelined training around its steps: resuming, checkpoints, saved plans, the optimizers, the
// header; and PipelinedTrainer, the loop on threads that `xpar train --stages` and
// xpar.train(stages=...) run.
#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "autodiff/clone.h"
#include "driver/train_pipeline.h"
#include "sharding/mesh.h"
#include "runtime/pipeline/plan_json.h"
#include "support/source_text.h"

namespace xpar::train::pipelined {

Expected<std::optional<Checkpoint>> ReadResume(const TrainOptions& args) {
  if (args.resume.empty()) return std::optional<Checkpoint>();
  ASSIGN_OR_RETURN(Checkpoint c, ReadCheckpointToResume(args));
  const nlohmann::json& t = c.trainer;
  if (!t.contains("pipeline_plan") || c.ranks.size() != 1) {
    return InvalidArgument("{}: not a checkpoint of a pipelined run (--stages)", args.resume);
  }
  if (t.value("stages", int64_t{0}) != args.stages ||
      t.value("microbatches", int64_t{0}) != args.microbatches ||
      t.value("schedule", "") != args.schedule) {
    return InvalidArgument(
        "{}: the checkpoint was written with --stages {} --microbatches {} "
        "--schedule {}; resume with the same",
        args.resume, t.value("stages", int64_t{0}), t.value("microbatches", int64_t{0}),
        t.value("schedule", ""));
  }
  return std::optional<Checkpoint>(std::move(c));
}

Status SaveCheckpoint(const TrainOptions& args, Updaters& opt, const nlohmann::json& plan,
                      int64_t steps_done) {
  Checkpoint c;
  c.step = steps_done;
  c.mesh = args.mesh;
  std::vector<NamedTensor> values = opt.Snapshot();
  for (const NamedTensor& t : values)
    c.tensors.push_back({t.name, t.value.shape().ToString(false), ""});
  c.trainer = {{"model", args.model},         {"data_position", steps_done * args.microbatches},
               {"seed", args.seed},           {"data", args.data},
               {"optimizer", args.optimizer}, {"lr", args.lr},
               {"stages", args.stages},       {"microbatches", args.microbatches},
               {"schedule", args.schedule},   {"pipeline_plan", plan}};
  c.ranks.push_back(std::move(values));
  return WriteCheckpoint(args.checkpoint_dir, c);
}

bool CheckpointDue(const TrainOptions& args, int64_t steps_done) {
  return !args.checkpoint_dir.empty() &&
         (steps_done == args.steps ||
          (args.checkpoint_every > 0 && steps_done % args.checkpoint_every == 0));
}

Expected<const nlohmann::json*> SavedPlan(const TrainOptions& args,
                                          const std::optional<Checkpoint>& resumed,
                                          nlohmann::json& storage) {
  if (resumed) {
    if (args.log) args.log("pipeline plan: the checkpoint's");
    return &resumed->trainer["pipeline_plan"];
  }
  if (args.plan.empty()) return nullptr;
  if (args.log) args.log(fmt::format("pipeline plan: {}", args.plan));
  ASSIGN_OR_RETURN(std::string text, ReadFile(args.plan));
  storage = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (storage.is_discarded() || !storage.is_object() || !storage.contains("stage_of_instruction")) {
    return InvalidArgument(
        "{}: not the plan of a pipelined run (xpar train --stages --save-plan writes one)",
        args.plan);
  }
  return &storage;
}

Status SavePlan(const TrainOptions& args, const BuiltPipeline& built) {
  if (args.save_plan.empty()) return Status::Ok();
  return WriteFile(args.save_plan, built.plan_json.dump(1) + "\n");
}

Expected<Optimizers> MakeOptimizers(const TrainOptions& args, const TrainProgram& program,
                                    const PipelinePrograms& p, const Pipeline& pipe,
                                    const std::vector<Literal>& initial, bool with_reference,
                                    const std::optional<Checkpoint>& resumed) {
  auto [groups, stages] = WeightGroups(p, pipe);
  ASSIGN_OR_RETURN(Updaters opt, Updaters::Create(p, program, groups, stages, initial));
  Optimizers o{std::move(opt), std::nullopt};
  if (with_reference) {
    std::vector<size_t> all(p.weights.size());
    std::iota(all.begin(), all.end(), 0);
    ASSIGN_OR_RETURN(Updaters reference, Updaters::Create(p, program, {all}, {-1}, initial));
    o.reference.emplace(std::move(reference));
  }
  if (resumed) {
    RETURN_IF_ERROR(o.opt.Restore(resumed->ranks[0]).WithContext(args.resume + ": "));
    if (o.reference) RETURN_IF_ERROR(o.reference->Restore(resumed->ranks[0]));
  }
  return o;
}

std::vector<std::string> HeaderLines(const TrainOptions& args, const TrainProgram& program,
                                     const Pipeline& pipe, const Updaters& opt, int64_t first,
                                     bool mpi) {
  std::vector<std::string> lines;
  if (first > 0) lines.push_back(fmt::format("resumed from {} after step {}", args.resume, first));
  lines.push_back(fmt::format(
      "training {}: pipeline of {} stages, {} microbatches of {} ({}), optimizer {} {}, "
      "steps {}..{}{}{}",
      args.model, pipe.split().num_stages, args.microbatches, program.batch, args.schedule,
      args.optimizer,
      opt.size() > 1 ? fmt::format("per stage ({} parts)", opt.size())
                     : std::string("on all gathered gradients"),
      first + 1, args.steps, mpi ? " on MPI ranks" : "",
      args.check ? ", checked against 1 device" : ""));
  return lines;
}

}  // namespace xpar::train::pipelined

namespace xpar::train {

using namespace pipelined;  // NOLINT: the trainer is the loop over pipelined's pieces

Expected<std::unique_ptr<PipelinedTrainer>> PipelinedTrainer::Create(TrainOptions options,
                                                                     LoadedModel model) {
  RETURN_IF_ERROR(CheckOptions(options));
  if (options.stages < 1) return InvalidArgument("--stages must be at least 1");
  if (options.microbatches < 1) return InvalidArgument("--microbatches < 1");
  std::unique_ptr<PipelinedTrainer> t(new PipelinedTrainer());
  t->options_ = std::move(options);
  RETURN_IF_ERROR(t->Init(std::move(model)));
  return t;
}

void PipelinedTrainer::Log(const std::string& line) const {
  if (options_.log) options_.log(line);
}

Status PipelinedTrainer::Init(LoadedModel model) {
  const TrainOptions& o = options_;
  ASSIGN_OR_RETURN(Mesh mesh, Mesh::Parse(o.mesh));
  num_devices_ = mesh.num_devices();
  ASSIGN_OR_RETURN(std::unique_ptr<Module> forward, autodiff::CloneModule(*model.module));
  ASSIGN_OR_RETURN(program_, PrepareProgram(o, model));
  ASSIGN_OR_RETURN(scratch_, InitialValues(o, program_, model.stored));
  ASSIGN_OR_RETURN(DataSource data, DataSource::Open(o, program_));
  data_.emplace(std::move(data));
  ASSIGN_OR_RETURN(std::optional<Checkpoint> resumed, ReadResume(o));
  ASSIGN_OR_RETURN(PipelinePrograms p, BuildPrograms(o, program_, std::move(forward)));
  programs_ = std::make_unique<PipelinePrograms>(std::move(p));
  nlohmann::json storage;
  ASSIGN_OR_RETURN(const nlohmann::json* saved, SavedPlan(o, resumed, storage));
  ASSIGN_OR_RETURN(built_, PlanAndBuild(o, *programs_, saved));
  RETURN_IF_ERROR(SavePlan(o, built_));
  for (const std::string& line : StageProgramLines(*built_.pipe)) Log(line);
  ASSIGN_OR_RETURN(Optimizers opt, MakeOptimizers(o, program_, *programs_, *built_.pipe,
                                                  scratch_, o.check, resumed));
  opt_.emplace(std::move(opt));
  first_step_ = next_step_ = resumed ? resumed->step : 0;
  for (const std::string& line :
       HeaderLines(o, program_, *built_.pipe, opt_->opt, first_step_, false)) {
    Log(line);
  }
  return Status::Ok();
}

Expected<StepReport> PipelinedTrainer::Step() {
  if (done()) return FailedPrecondition("all {} steps are done", options_.steps);
  const PipelinePrograms& p = *programs_;
  ASSIGN_OR_RETURN(auto in, StepInputs(p, *data_, scratch_, next_step_, options_.microbatches));
  ASSIGN_OR_RETURN(pipeline::PipelineRunResult run,
                   built_.pipe->Run(GradientArgs(p, opt_->opt, in, -1)));
  RETURN_IF_ERROR(opt_->opt.Apply(run.results));
  StepReport r;
  r.step = ++next_step_;
  r.steps = options_.steps;
  r.loss = run.results[0].GetAsDouble(0);
  r.seconds = run.seconds;
  r.samples_per_s = program_.batch * options_.microbatches / run.seconds;
  if (opt_->reference) {
    ASSIGN_OR_RETURN(StepCheck c, CheckStep(options_, p, *opt_->reference, in, r.loss));
    r.reference_loss = c.reference_loss;
    r.rel_diff = c.rel_diff;
    r.check_failed = c.failed;
  }
  if (CheckpointDue(options_, r.step)) {
    RETURN_IF_ERROR(SaveCheckpoint(options_, opt_->opt, built_.plan_json, r.step));
    r.checkpoint_written = true;
  }
  trace_ = std::move(run.trace);
  return r;
}

Expected<std::vector<NamedTensor>> PipelinedTrainer::CarriedValues() const {
  std::vector<NamedTensor> all = const_cast<Updaters&>(opt_->opt).Snapshot();
  std::vector<NamedTensor> out;
  for (const Carried& c : program_.carried) {
    auto it = std::find_if(all.begin(), all.end(),
                           [&](const NamedTensor& t) { return t.name == c.name; });
    if (it == all.end()) return Internal("the pipelined optimizers hold no '{}'", c.name);
    out.push_back(*it);
  }
  return out;
}

Expected<std::unique_ptr<TrainLoop>> MakeTrainLoop(TrainOptions options, LoadedModel model) {
  if (options.stages > 0) {
    ASSIGN_OR_RETURN(std::unique_ptr<PipelinedTrainer> t,
                     PipelinedTrainer::Create(std::move(options), std::move(model)));
    return std::unique_ptr<TrainLoop>(std::move(t));
  }
  ASSIGN_OR_RETURN(std::unique_ptr<Trainer> t,
                   Trainer::Create(std::move(options), std::move(model)));
  return std::unique_ptr<TrainLoop>(std::move(t));
}

}  // namespace xpar::train
