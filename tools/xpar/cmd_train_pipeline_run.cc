// `xpar train --stages`: the steps, on threads (PipelinedTrainer, driver/train_pipeline.h) or
// under mpirun (MpiPipeline, one rank per device, this file): each step runs the pipeline,
// averages loss and gradients over the microbatches, and runs each stage's optimizer; --check
// compares every step's loss with one device; checkpoints hold every weight and optimizer state
// tensor whole (one file) with the plan, so --resume partitions identically and continues
// bit-identically.
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

#include "autodiff/clone.h"
#include "cli_util.h"
#include "cmd_train.h"
#include "driver/train_pipeline.h"
#include "runtime/mpi/mpi_chunked.h"
#include "runtime/mpi/mpi_runtime.h"
#include "runtime/mpi/mpi_wait.h"
#include "runtime/pipeline/mpi_pipeline.h"
#include "runtime/pipeline/plan_json.h"

namespace xpar::train {
namespace {

using namespace pipelined;  // NOLINT: this file is the loop over pipelined's pieces

void PrintLines(const std::vector<std::string>& lines) {
  for (const std::string& line : lines) fmt::print("{}\n", line);
}

// The step's line.
void PrintStep(const TrainArgs& args, double loss, double seconds, int64_t step,
               const std::string& check) {
  fmt::print("step {:>5}/{}  loss {:.6f}  {:8.4f} s{}\n", step + 1, args.steps, loss, seconds,
             check);
  std::fflush(stdout);
}

int Finish(const TrainArgs& args, int64_t ran, int64_t failed) {
  if (args.check) {
    fmt::print("check: {} of {} steps within rtol {:g} of one device\n", ran - failed, ran,
               args.rtol);
  }
  return failed > 0 ? 1 : 0;
}

int RunThreads(const TrainArgs& args, LoadedModel model) {
  auto trainer = PipelinedTrainer::Create(args, std::move(model));
  if (!trainer.ok()) return ReportError("train", trainer.status());
  PipelinedTrainer& t = **trainer;
  int64_t failed = 0;
  while (!t.done()) {
    auto r = t.Step();
    if (!r.ok()) return ReportError("train", r.status());
    std::string check;
    if (r->reference_loss) {
      check = CheckSuffix(args, {*r->reference_loss, r->rel_diff, r->check_failed});
    }
    PrintStep(args, r->loss, r->seconds, r->step - 1, check);
    failed += r->check_failed ? 1 : 0;
    if (r->checkpoint_written) {
      fmt::print("checkpoint after step {} written to {}\n", r->step, args.checkpoint_dir);
    }
    if (!args.trace.empty() && t.done()) {
      Status s = WriteTrace(args.trace, t.last_trace());
      if (!s.ok()) return ReportError("train", s);
      fmt::print("trace of the last step written to {}\n", args.trace);
    }
  }
  return Finish(args, args.steps - t.first_step(), failed);
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
    const double loss = run.results[0].GetAsDouble(0);
    std::string check;
    if (o.reference) {
      ASSIGN_OR_RETURN(StepCheck c, CheckStep(args, p, *o.reference, in, loss));
      check = CheckSuffix(args, c);
      off = c.failed;
    }
    PrintStep(args, loss, run.seconds, step, check);
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
  if (rank == 0) PrintLines(StageProgramLines(*built->pipe));
  auto o =
      MakeOptimizers(args, program, p, *built->pipe, initial, args.check && rank == 0, resumed);
  if (!AllRanksOk(o.status(), rank)) return 1;
  const int64_t first = resumed ? resumed->step : 0;
  PrintLines(HeaderLines(args, program, *built->pipe, o->opt, first, true));
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
    // Every rank sees it; rank 0 says it before any rank leaves MPI_Finalize (its barrier), since
    // mpirun kills the job, rank 0's message unwritten, once a rank exits with an error.
    int code = 1;
    if (world->rank == 0) {
      code = ReportError(
          "train", InvalidArgument("--mesh {} has {} devices: run it with mpirun -np "
                                   "{} (one rank per device), not {} ranks",
                                   args.mesh, mesh->num_devices(), mesh->num_devices(), world->size));
    }
    FinalizeMpi();
    return code;
  }
  int code = RunMpi(args, program, initial, data, p, resumed, world->rank);
  FinalizeMpi();
  return code;
}

}  // namespace

int TrainPipelined(const TrainArgs& args, LoadedModel model) {
  if (!UnderMpi()) return RunThreads(args, std::move(model));
  if (args.microbatches < 1) return ReportError("train", InvalidArgument("--microbatches < 1"));
  auto resumed = ReadResume(args);
  if (!resumed.ok()) return ReportError("train", resumed.status());
  auto forward = autodiff::CloneModule(*model.module);
  if (!forward.ok()) return ReportError("train", forward.status());
  auto program = PrepareProgram(args, model);
  if (!program.ok()) return ReportError("train", program.status());
  auto initial = InitialValues(args, *program, model.stored);
  if (!initial.ok()) return ReportError("train", initial.status());
  auto data = DataSource::Open(args, *program);
  if (!data.ok()) return ReportError("train", data.status());
  auto p = BuildPrograms(args, *program, std::move(*forward));
  if (!p.ok()) return ReportError("train", p.status());
  return TrainPipelinedMpi(args, *program, *initial, *data, *p, *resumed);
}

}  // namespace xpar::train
