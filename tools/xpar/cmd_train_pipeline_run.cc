// `xpar train --stages`: the steps, on threads (Pipeline::Run, one process) or under mpirun
// (MpiPipeline, one rank per device): each step runs the pipeline, averages loss and gradients
// over the microbatches, and runs each stage's optimizer; --check compares every step's loss with
// one device; checkpoints hold every weight and optimizer state tensor whole (one file) with the
// plan, so --resume partitions identically and continues bit-identically.
//
// Under mpirun rank 0 plans and sends the plan (JSON) to the others; each rank compiles and
// runs only its stage. After the optimizers, each weight goes from the stage that updates it to
// the stages that read it; the loss goes to every rank; rank 0 prints, checks, and gathers the
// other stages' tensors for a checkpoint.
#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <limits>
#include <numeric>

#include "cli_util.h"
#include "cmd_train_pipeline.h"
#include "runtime/mpi/mpi_chunked.h"
#include "runtime/mpi/mpi_runtime.h"
#include "runtime/mpi/mpi_wait.h"
#include "runtime/pipeline/mpi_pipeline.h"
#include "runtime/pipeline/plan_json.h"

namespace xpar::train {
namespace {

using namespace pipelined;  // NOLINT: this file is the loop over pipelined's pieces

Expected<std::optional<Checkpoint>> ReadResume(const TrainArgs& args) {
  if (args.resume.empty()) return std::optional<Checkpoint>();
  ASSIGN_OR_RETURN(Checkpoint c, ReadCheckpoint(args.resume));
  const nlohmann::json& t = c.trainer;
  if (c.mesh != args.mesh) {
    return InvalidArgument("{}: the checkpoint was written on mesh {}, not --mesh {}", args.resume,
                           c.mesh, args.mesh);
  }
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
  if (c.step >= args.steps) {
    return InvalidArgument("{}: the checkpoint is after step {}, not before --steps {}",
                           args.resume, c.step, args.steps);
  }
  if (t.value("data", "") != args.data || t.value("seed", uint64_t{0}) != args.seed) {
    fmt::print(stderr,
               "warning: --data/--seed differ from the checkpoint's ({}, {}): the data "
               "will not continue where it stopped\n",
               t.value("data", ""), t.value("seed", uint64_t{0}));
  }
  return std::optional<Checkpoint>(std::move(c));
}

// One file ("rank 0") with every weight and optimizer state tensor whole: the stages keep whole
// weights (each stage program splits them itself).
Status SaveCheckpoint(const TrainArgs& args, Updaters& opt, const nlohmann::json& plan,
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

// The plan to re-apply instead of planning: the checkpoint's, or --plan's (a --save-plan file
// of a pipelined run). Null: plan.
Expected<const nlohmann::json*> SavedPlan(const TrainArgs& args,
                                          const std::optional<Checkpoint>& resumed,
                                          nlohmann::json& storage) {
  if (resumed) {
    fmt::print("pipeline plan: the checkpoint's\n");
    return &resumed->trainer["pipeline_plan"];
  }
  if (args.plan.empty()) return nullptr;
  fmt::print("pipeline plan: {}\n", args.plan);
  ASSIGN_OR_RETURN(std::string text, ReadFile(args.plan));
  storage = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (storage.is_discarded() || !storage.is_object() || !storage.contains("stage_of_instruction")) {
    return InvalidArgument(
        "{}: not the plan of a pipelined run (xpar train --stages "
        "--save-plan writes one)",
        args.plan);
  }
  return &storage;
}

Status SavePlan(const TrainArgs& args, const BuiltPipeline& built) {
  if (args.save_plan.empty()) return Status::Ok();
  return WriteFile(args.save_plan, built.plan_json.dump(1) + "\n");
}

bool CheckpointDue(const TrainArgs& args, int64_t steps_done) {
  return !args.checkpoint_dir.empty() &&
         (steps_done == args.steps ||
          (args.checkpoint_every > 0 && steps_done % args.checkpoint_every == 0));
}

struct Optimizers {
  Updaters opt;                       // the pipelined run's, per stage
  std::optional<Updaters> reference;  // --check's one device
};

Expected<Optimizers> MakeOptimizers(const TrainArgs& args, const TrainProgram& program,
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

void PrintHeader(const TrainArgs& args, const TrainProgram& program, const Pipeline& pipe,
                 const Updaters& opt, int64_t first, bool mpi) {
  if (first > 0) fmt::print("resumed from {} after step {}\n", args.resume, first);
  fmt::print(
      "training {}: pipeline of {} stages, {} microbatches of {} ({}), optimizer {} {}, "
      "steps {}..{}{}{}\n",
      args.model, pipe.split().num_stages, args.microbatches, program.batch, args.schedule,
      args.optimizer,
      opt.size() > 1 ? fmt::format("per stage ({} parts)", opt.size())
                     : std::string("on all gathered gradients"),
      first + 1, args.steps, mpi ? " on MPI ranks" : "",
      args.check ? ", checked against 1 device" : "");
}

// The step's line; with --check, whether the loss is off.
Expected<bool> ReportStep(const TrainArgs& args, const PipelinePrograms& p, Optimizers& o,
                          const std::vector<std::vector<Literal>>& in, double loss, double seconds,
                          int64_t step) {
  std::pair<std::string, bool> check;
  if (o.reference) {
    ASSIGN_OR_RETURN(check, CheckStep(args, p, *o.reference, in, loss));
  }
  fmt::print("step {:>5}/{}  loss {:.6f}  {:8.4f} s{}\n", step + 1, args.steps, loss, seconds,
             check.first);
  std::fflush(stdout);
  return check.second;
}

int Finish(const TrainArgs& args, int64_t ran, int64_t failed) {
  if (args.check) {
    fmt::print("check: {} of {} steps within rtol {:g} of one device\n", ran - failed, ran,
               args.rtol);
  }
  return failed > 0 ? 1 : 0;
}

int RunThreads(const TrainArgs& args, const TrainProgram& program,
               const std::vector<Literal>& initial, const DataSource& data,
               const PipelinePrograms& p, const std::optional<Checkpoint>& resumed) {
  nlohmann::json storage;
  auto saved = SavedPlan(args, resumed, storage);
  if (!saved.ok()) return ReportError("train", saved.status());
  auto built = PlanAndBuild(args, p, *saved);
  if (!built.ok()) return ReportError("train", built.status());
  Status s = SavePlan(args, *built);
  if (!s.ok()) return ReportError("train", s);
  const Pipeline& pipe = *built->pipe;
  PrintStagePrograms(pipe);
  auto o = MakeOptimizers(args, program, p, pipe, initial, args.check, resumed);
  if (!o.ok()) return ReportError("train", o.status());
  const int64_t first = resumed ? resumed->step : 0;
  PrintHeader(args, program, pipe, o->opt, first, false);
  std::vector<Literal> scratch = initial;
  int64_t failed = 0;
  for (int64_t step = first; step < args.steps; ++step) {
    auto in = StepInputs(p, data, scratch, step, args.microbatches);
    if (!in.ok()) return ReportError("train", in.status());
    auto run = pipe.Run(GradientArgs(p, o->opt, *in, -1));
    if (!run.ok()) return ReportError("train", run.status());
    Status applied = o->opt.Apply(run->results);
    if (!applied.ok()) return ReportError("train", applied);
    auto off = ReportStep(args, p, *o, *in, run->results[0].GetAsDouble(0), run->seconds, step);
    if (!off.ok()) return ReportError("train", off.status());
    failed += *off ? 1 : 0;
    if (CheckpointDue(args, step + 1)) {
      Status s = SaveCheckpoint(args, o->opt, built->plan_json, step + 1);
      if (!s.ok()) return ReportError("train", s);
      fmt::print("checkpoint after step {} written to {}\n", step + 1, args.checkpoint_dir);
    }
    if (!args.trace.empty() && step + 1 == args.steps) {
      Status s = WriteTrace(args.trace, run->trace);
      if (!s.ok()) return ReportError("train", s);
      fmt::print("trace of the last step written to {}\n", args.trace);
    }
  }
  return Finish(args, args.steps - first, failed);
}

// Whether every rank succeeded: a failing rank prints its error with its number; all of them
// then stop (exit 1), so none waits for a failed one.
bool AllRanksOk(const Status& mine, int rank) {
  int ok = mine.ok() ? 1 : 0, all = 0;
  if (!mine.ok()) ReportError("train", mine.WithContext(fmt::format("MPI rank {}: ", rank)));
  if (MPI_Allreduce(&ok, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD) != MPI_SUCCESS) {
    ReportError("train", Internal("MPI rank {}: MPI_Allreduce failed", rank));
    return false;
  }
  return all == 1;
}

// Rank 0's text on every rank.
Expected<std::string> BroadcastText(std::string text, int rank) {
  // The others wait here while rank 0 plans: sleeping, so the planner has the cores.
  uint64_t size = text.size();
  RETURN_IF_ERROR(BcastYielding(&size, sizeof(size), 0, MPI_COMM_WORLD, kDefaultMaxMessageBytes));
  text.resize(size);
  RETURN_IF_ERROR(BcastYielding(text.data(), static_cast<int64_t>(size), 0, MPI_COMM_WORLD,
                                kDefaultMaxMessageBytes));
  return text;
}

// Rank 0 plans (or takes the checkpoint's plan), compiles every stage and prints them; the
// others re-apply its plan and compile their own stage (no pipeline: rank 0 failed).
Expected<BuiltPipeline> BuildOnRanks(const TrainArgs& args, const PipelinePrograms& p,
                                     const std::optional<Checkpoint>& resumed, int rank) {
  Expected<BuiltPipeline> built = Internal("unset");
  std::string text;
  if (rank == 0) {
    nlohmann::json storage;
    auto saved = SavedPlan(args, resumed, storage);
    built = saved.ok() ? PlanAndBuild(args, p, *saved) : Expected<BuiltPipeline>(saved.status());
    if (built.ok()) {
      Status s = SavePlan(args, *built);
      if (!s.ok()) built = s;
    }
    if (built.ok()) text = built->plan_json.dump();
  }
  ASSIGN_OR_RETURN(text, BroadcastText(std::move(text), rank));
  if (rank == 0) return built;
  if (text.empty()) return BuiltPipeline{};  // rank 0 failed and says why
  nlohmann::json plan = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  ASSIGN_OR_RETURN(pipeline::SavedPipelinePlan saved, pipeline::PipelinePlanFromJson(plan));
  for (size_t s = 0; s < saved.plan.stages.size(); ++s) {
    const std::vector<int64_t>& d = saved.plan.stages[s].submesh.devices;
    if (std::find(d.begin(), d.end(), rank) != d.end()) {
      return PlanAndBuild(args, p, &plan, {static_cast<int32_t>(s)});
    }
  }
  return InvalidArgument("rank {} is in no pipeline stage", rank);
}

// After the optimizers: the loss to every rank (with one optimizer for all weights, every
// gradient too), before; each updated weight to the stages that read it, after.
Status ShareResults(pipeline::MpiPipeline& mp, const PipelinePrograms& p,
                    std::vector<Literal>& results, bool every_gradient) {
  std::vector<int32_t> all(mp.num_stages());
  std::iota(all.begin(), all.end(), 0);
  const auto& shapes = p.gradient->entry()->root()->shape().tuple_shapes();
  for (size_t r = 0; r < results.size(); ++r) {
    if (r > 0 && !every_gradient) break;
    if (mp.ResultStage(r) < 0) continue;  // a parameter: every rank has it
    if (mp.ResultStage(r) != mp.stage()) results[r] = Literal(shapes[r]);
    RETURN_IF_ERROR(mp.Share(mp.ResultStage(r), all, results[r]));
  }
  return Status::Ok();
}

Status ShareWeights(pipeline::MpiPipeline& mp, const PipelinePrograms& p, Updaters& opt) {
  for (int64_t f : p.weights) {
    const int32_t owner = opt.StageOfWeight(f);
    if (owner >= 0) RETURN_IF_ERROR(mp.Share(owner, mp.ReadersOfParameter(f), *opt.Weight(f)));
  }
  return Status::Ok();
}

// Brings every stage's weights and optimizer state to rank 0's stage.
Status GatherState(pipeline::MpiPipeline& mp, Updaters& opt, int32_t root_stage) {
  for (const Updaters::Value& v : opt.State()) {
    if (v.stage >= 0 && v.stage != root_stage)
      RETURN_IF_ERROR(mp.Share(v.stage, {root_stage}, *v.value));
  }
  return Status::Ok();
}

// One step on this rank; with --check (rank 0), whether the loss is off.
Expected<bool> MpiStep(const TrainArgs& args, const PipelinePrograms& p, const DataSource& data,
                       pipeline::MpiPipeline& mp, Optimizers& o, std::vector<Literal>& scratch,
                       int64_t step) {
  ASSIGN_OR_RETURN(auto in, StepInputs(p, data, scratch, step, args.microbatches));
  ASSIGN_OR_RETURN(pipeline::PipelineRunResult run, mp.Run(GradientArgs(p, o.opt, in, -1)));
  const bool one_optimizer = o.opt.size() == 1 && o.opt.State().front().stage < 0;
  RETURN_IF_ERROR(ShareResults(mp, p, run.results, one_optimizer));
  RETURN_IF_ERROR(o.opt.Apply(run.results, mp.stage()));
  if (!one_optimizer) RETURN_IF_ERROR(ShareWeights(mp, p, o.opt));
  bool off = false;
  if (mp.world_rank() == 0) {
    ASSIGN_OR_RETURN(off,
                     ReportStep(args, p, o, in, run.results[0].GetAsDouble(0), run.seconds, step));
  }
  if (!args.trace.empty() && step + 1 == args.steps) {
    ASSIGN_OR_RETURN(auto trace, mp.GatherTrace(std::move(run.trace)));
    if (mp.world_rank() == 0) {
      RETURN_IF_ERROR(WriteTrace(args.trace, trace));
      fmt::print("trace of the last step written to {}\n", args.trace);
    }
  }
  return off;
}

// Rank 0 writes the checkpoint (every stage's tensors gathered to its stage first); the others
// wait (without a timeout: a big checkpoint may take long) until it is written, so no stage
// times out waiting for rank 0's stage meanwhile. Failures stop every rank.
void MpiCheckpoint(const TrainArgs& args, pipeline::MpiPipeline& mp, Updaters& opt,
                   const nlohmann::json& plan, int32_t root_stage, int64_t steps_done) {
  Status s = GatherState(mp, opt, root_stage);
  if (s.ok() && mp.world_rank() == 0) s = SaveCheckpoint(args, opt, plan, steps_done);
  if (!s.ok()) mp.Abort(s);
  MPI_Request barrier;
  if (MPI_Ibarrier(MPI_COMM_WORLD, &barrier) != MPI_SUCCESS) {
    mp.Abort(Internal("rank {}: MPI_Ibarrier after the checkpoint failed", mp.world_rank()));
  }
  s = WaitYielding(barrier, "MPI_Ibarrier (checkpoint written)");
  if (!s.ok()) mp.Abort(s);
}

int RunMpi(const TrainArgs& args, const TrainProgram& program, const std::vector<Literal>& initial,
           const DataSource& data, const PipelinePrograms& p,
           const std::optional<Checkpoint>& resumed, int rank) {
  auto built = BuildOnRanks(args, p, resumed, rank);
  if (!AllRanksOk(built.status(), rank)) return 1;
  auto mp = pipeline::MpiPipeline::Create(*built->pipe, built->submeshes);
  if (!AllRanksOk(mp.status(), rank)) return 1;
  if (rank == 0) PrintStagePrograms(*built->pipe);
  auto o =
      MakeOptimizers(args, program, p, *built->pipe, initial, args.check && rank == 0, resumed);
  if (!AllRanksOk(o.status(), rank)) return 1;
  const int64_t first = resumed ? resumed->step : 0;
  PrintHeader(args, program, *built->pipe, o->opt, first, true);
  int32_t root_stage = 0;
  for (size_t s = 0; s < built->submeshes.size(); ++s) {
    const auto& d = built->submeshes[s].devices;
    if (std::find(d.begin(), d.end(), 0) != d.end()) root_stage = static_cast<int32_t>(s);
  }
  std::vector<Literal> scratch = initial;
  int64_t failed = 0;
  for (int64_t step = first; step < args.steps; ++step) {
    auto off = MpiStep(args, p, data, **mp, *o, scratch, step);
    if (!off.ok()) (*mp)->Abort(off.status());
    failed += *off ? 1 : 0;
    if (!CheckpointDue(args, step + 1)) continue;
    MpiCheckpoint(args, **mp, o->opt, built->plan_json, root_stage, step + 1);
    fmt::print("checkpoint after step {} written to {}\n", step + 1, args.checkpoint_dir);
  }
  return Finish(args, args.steps - first, failed);
}

int TrainPipelinedMpi(const TrainArgs& args, const TrainProgram& program,
                      const std::vector<Literal>& initial, const DataSource& data,
                      const PipelinePrograms& p, const std::optional<Checkpoint>& resumed) {
  auto world = InitMpi();
  if (!world.ok()) return ReportError("train", world.status());
  // Only rank 0 prints (and checks); the others run their device in silence.
  if (world->rank != 0 && std::freopen("/dev/null", "w", stdout) == nullptr) return 1;
  auto mesh = Mesh::Parse(args.mesh);
  if (!mesh.ok()) return ReportError("train", mesh.status());
  if (mesh->num_devices() != world->size) {
    FinalizeMpi();
    if (world->rank != 0) return 1;  // every rank sees it; rank 0 says it
    return ReportError(
        "train", InvalidArgument("--mesh {} has {} devices: run it with mpirun -np "
                                 "{} (one rank per device), not {} ranks",
                                 args.mesh, mesh->num_devices(), mesh->num_devices(), world->size));
  }
  int code = RunMpi(args, program, initial, data, p, resumed, world->rank);
  FinalizeMpi();
  return code;
}

}  // namespace

int TrainPipelined(const TrainArgs& args, const TrainProgram& program,
                   const std::vector<Literal>& initial, const DataSource& data) {
  if (args.microbatches < 1) return ReportError("train", InvalidArgument("--microbatches < 1"));
  auto resumed = ReadResume(args);
  if (!resumed.ok()) return ReportError("train", resumed.status());
  auto p = BuildPrograms(args, program);
  if (!p.ok()) return ReportError("train", p.status());
  if (UnderMpi()) return TrainPipelinedMpi(args, program, initial, data, *p, *resumed);
  return RunThreads(args, program, initial, data, *p, *resumed);
}

}  // namespace xpar::train
