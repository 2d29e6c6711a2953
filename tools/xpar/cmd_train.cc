// `xpar train MODEL --mesh 2x2 --steps 20`: trains a model on a mesh of simulated devices (one
// thread each). MODEL is a forward + loss (TorchScript trace, HLO, StableHLO; xpar adds the
// backward pass and the optimizer) or a whole training step whose outputs alias its inputs (as
// PyTorch/XLA or `xpar model` write them; run as it is). Prints the plan, then per step the loss,
// the step time and samples/s; --check runs every step on one device too; checkpoints per rank.
#include <fmt/format.h>

#include <chrono>
#include <cmath>

#include "cli_util.h"
#include "cmd_train.h"
#include "commands.h"
#include "io/checkpoint.h"
#include "runtime/mpi/mpi_runtime.h"

namespace xpar {
namespace {

using train::TrainArgs;

Status SaveCheckpoint(const TrainArgs& args, const train::StepExecutor& exec,
                      const train::TrainProgram& program, int64_t steps_done) {
  Checkpoint c;
  c.step = steps_done;
  c.mesh = args.mesh;
  std::vector<std::string> shardings = exec.CarriedShardings();
  const Computation& entry = *program.step->entry();
  for (size_t i = 0; i < program.carried.size(); ++i) {
    const train::Carried& k = program.carried[i];
    c.tensors.push_back({k.name, entry.parameters()[k.param]->shape().ToString(false), shardings[i]});
  }
  c.trainer = {{"model", args.model}, {"data_position", steps_done}, {"seed", args.seed},
               {"data", args.data}, {"optimizer", args.optimizer}, {"lr", args.lr},
               {"plan", exec.plan_json()}};
  return exec.WriteCheckpoint(args.checkpoint_dir, c);
}

struct Resumed {
  int64_t step = 0;
  Checkpoint checkpoint;
};

Expected<Resumed> ReadResume(const TrainArgs& args) {
  Resumed r;
  ASSIGN_OR_RETURN(r.checkpoint, ReadCheckpoint(args.resume));
  r.step = r.checkpoint.step;
  if (r.checkpoint.mesh != args.mesh) {
    return InvalidArgument("{}: the checkpoint was written on mesh {}, not --mesh {}", args.resume,
                           r.checkpoint.mesh, args.mesh);
  }
  if (!r.checkpoint.trainer.contains("plan")) {
    return InvalidArgument("{}: the checkpoint records no plan", args.resume);
  }
  if (r.checkpoint.trainer.value("data", "") != args.data ||
      r.checkpoint.trainer.value("seed", uint64_t{0}) != args.seed) {
    fmt::print(stderr, "warning: --data/--seed differ from the checkpoint's ({}, {}): the data "
                       "will not continue where it stopped\n",
               r.checkpoint.trainer.value("data", ""), r.checkpoint.trainer.value("seed", 0));
  }
  return r;
}

struct StepReport {
  bool check_failed = false;
  double seconds = 0;
};

// One step: runs it, compares with one device under --check, prints the line.
Expected<StepReport> TrainOneStep(const TrainArgs& args, const train::TrainProgram& program,
                                  train::StepExecutor& exec, train::ReferenceExecutor* reference,
                                  const std::vector<Literal>& values, int64_t step) {
  StepReport report;
  auto start = std::chrono::steady_clock::now();
  ASSIGN_OR_RETURN(double loss, exec.RunStep(values));
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::string check;
  if (reference != nullptr) {
    ASSIGN_OR_RETURN(double want, reference->RunStep(values));
    double rel = loss == want ? 0.0 : std::fabs(loss - want) / std::max(std::fabs(want), 1e-30);
    report.check_failed = !(rel <= args.rtol);
    check = fmt::format("  1 device {:.6f} rel diff {:.2g}{}", want, rel,
                        report.check_failed ? fmt::format(" EXCEEDS {:g}", args.rtol) : "");
  }
  fmt::print("step {:>5}/{} [{:>3.0f}%]  loss {:.6f}  {:8.4f} s  {:10.1f} samples/s{}\n", step + 1,
             args.steps, 100.0 * (step + 1) / args.steps, loss, report.seconds,
             program.batch / report.seconds, check);
  std::fflush(stdout);
  return report;
}

// The steps from `first` on, with checkpoints; the exit code.
int RunSteps(const TrainArgs& args, const train::TrainProgram& program, train::StepExecutor& exec,
             train::ReferenceExecutor* reference, const train::DataSource& data,
             std::vector<Literal>& values, int64_t first) {
  int64_t failed = 0;
  double total_s = 0;
  for (int64_t step = first; step < args.steps; ++step) {
    Status s = data.Fill(step, values);
    if (!s.ok()) return ReportError("train", s);
    auto r = TrainOneStep(args, program, exec, reference, values, step);
    if (!r.ok()) return ReportError("train", r.status());
    failed += r->check_failed ? 1 : 0;
    total_s += r->seconds;
    const bool last = step + 1 == args.steps;
    if (!args.checkpoint_dir.empty() &&
        (last || (args.checkpoint_every > 0 && (step + 1) % args.checkpoint_every == 0))) {
      s = SaveCheckpoint(args, exec, program, step + 1);
      if (!s.ok()) return ReportError("train", s);
      fmt::print("checkpoint after step {} written to {}\n", step + 1, args.checkpoint_dir);
    }
  }
  const int64_t ran = args.steps - first;
  fmt::print("trained {} steps in {:.3f} s: {:.4f} s per step, {:.1f} samples/s\n", ran, total_s,
             total_s / ran, program.batch * ran / total_s);
  if (args.check) {
    fmt::print("check: {} of {} steps within rtol {:g} of one device\n", ran - failed, ran, args.rtol);
  }
  return failed > 0 ? 1 : 0;
}

// The step as one SPMD program on the mesh (threads, or one MPI rank per device).
int TrainSpmd(const TrainArgs& args, const train::TrainProgram& program,
              std::vector<Literal>& values, const train::DataSource& data) {
  std::optional<Resumed> resumed;
  if (!args.resume.empty()) {
    auto r = ReadResume(args);
    if (!r.ok()) return ReportError("train", r.status());
    resumed = std::move(*r);
    if (resumed->step >= args.steps) {
      return ReportError("train", InvalidArgument("{}: the checkpoint is after step {}, not "
                                                  "before --steps {}", args.resume,
                                                  resumed->step, args.steps));
    }
  }
  auto exec = train::MakeSpmdExecutor(args, program, values,
                                      resumed ? &resumed->checkpoint.trainer["plan"] : nullptr);
  if (!exec.ok()) return ReportError("train", exec.status());
  // Under mpirun only rank 0 prints and checks; the others run their device in silence.
  if (!(*exec)->is_root() && std::freopen("/dev/null", "w", stdout) == nullptr) return 1;
  std::optional<train::ReferenceExecutor> reference;
  if (args.check && (*exec)->is_root()) reference.emplace(program, values);
  int64_t first = 0;
  if (resumed) {
    if (reference) {
      auto carried = (*exec)->JoinCheckpoint(resumed->checkpoint.ranks);
      if (!carried.ok()) return ReportError("train", carried.status());
      reference->SetCarried(std::move(*carried));
    }
    Status s = (*exec)->RestoreShards(std::move(resumed->checkpoint.ranks));
    if (!s.ok()) return ReportError("train", s);
    first = resumed->step;
    fmt::print("resumed from {} after step {}\n", args.resume, first);
  }
  fmt::print("training {}: {} ({} carried tensors), batch {}, steps {}..{} on {} devices{}{}\n",
             args.model, program.built ? "forward + autodiff + " + args.optimizer
                                       : std::string("whole training step"),
             program.carried.size(), program.batch, first + 1, args.steps,
             (*exec)->num_devices(), UnderMpi() ? " (MPI ranks)" : "",
             args.check ? ", checked against 1 device" : "");
  int code = RunSteps(args, program, **exec, reference ? &*reference : nullptr, data, values, first);
  if (UnderMpi()) FinalizeMpi();
  return code;
}

int Train(const TrainArgs& args) {
  if (UnderMpi() && args.stages > 0) {
    return ReportError("train", Unimplemented(
        "xpar train --stages under mpirun is not implemented yet; run it without mpirun "
        "(devices are threads in one process), or drop --stages (one rank per device)"));
  }
  if (args.steps <= 0) return ReportError("train", InvalidArgument("--steps must be positive"));
  if (args.microbatches > 1 && args.stages == 0) {
    return ReportError("train", InvalidArgument(
        "--microbatches {} needs --stages; for gradient accumulation without pipelining give "
        "--stages 1 --microbatches {}", args.microbatches, args.microbatches));
  }
  if (args.checkpoint_every > 0 && args.checkpoint_dir.empty()) {
    return ReportError("train", InvalidArgument("--checkpoint-every needs --checkpoint-dir"));
  }
  std::vector<NamedTensor> stored;
  auto program = train::PrepareProgram(args, &stored);
  if (!program.ok()) return ReportError("train", program.status());
  auto values = train::InitialValues(args, *program, stored);
  if (!values.ok()) return ReportError("train", values.status());
  auto data = train::DataSource::Open(args, *program);
  if (!data.ok()) return ReportError("train", data.status());
  if (args.stages > 0) return train::TrainPipelined(args, *program, *values, *data);
  return TrainSpmd(args, *program, *values, *data);
}

}  // namespace

void RegisterTrainCommand(CLI::App& app) {
  auto a = std::make_shared<TrainArgs>();
  CLI::App* cmd = app.add_subcommand(
      "train",
      "Train MODEL on a mesh of simulated devices (threads): a forward + loss (.pt with its\n"
      "weights, .hlo, .mlir; xpar builds the backward pass and the optimizer) or a whole\n"
      "training step whose outputs alias its inputs (used as it is). Plans the sharding,\n"
      "partitions, keeps each device's shards between steps, prints loss and speed per step.");
  cmd->add_option("model", a->model, "model file")->required();
  cmd->add_option("--mesh", a->mesh, "device mesh, e.g. 4, 2x2 (default 1)")->capture_default_str();
  cmd->add_option("--steps", a->steps, "total training steps (a resumed run continues to it)")
      ->capture_default_str();
  cmd->add_option("--optimizer", a->optimizer, "sgd, momentum or adamw (forward programs)")
      ->check(CLI::IsMember({"sgd", "momentum", "adamw"}))->capture_default_str();
  cmd->add_option("--lr", a->lr, "learning rate")->capture_default_str();
  cmd->add_option("--momentum", a->momentum, "momentum of --optimizer momentum")->capture_default_str();
  cmd->add_option("--weight-decay", a->weight_decay,
                  "L2 for sgd/momentum, decoupled for adamw (as torch.optim)")->capture_default_str();
  cmd->add_option("--clip-norm", a->clip_norm, "clip the global gradient norm to this (0: off)");
  cmd->add_option("--loss-scale", a->loss_scale, "static loss scale (f16/bf16 models)");
  cmd->add_option("--loss-index", a->loss_index,
                  "which output is the loss (default: the root if scalar, else its first "
                  "floating-point scalar element)");
  cmd->add_option("--weights", a->weights,
                  "forward parameters to train, by name or argN (default: the weights a .pt "
                  "stores; otherwise every floating-point parameter --data does not feed)");
  cmd->add_option("--data", a->data,
                  ".npz with one array per data parameter (named as it or argN) of steps x "
                  "batch rows: step i reads rows [i*batch, (i+1)*batch), wrapping around");
  cmd->add_option("--inputs", a->inputs,
                  ".npz/.safetensors with starting values for any parameters (weights, fixed "
                  "data); a .pt's shapes come from it when the trace records none");
  cmd->add_option("--input-shapes", a->input_shapes, "a .pt's input shapes, e.g. s64[2,8],s64[2,8]");
  cmd->add_option("--seed", a->seed, "seed of random starting values")->capture_default_str();
  cmd->add_flag("--check", a->check,
                "run every step on one device too; exit 1 when a loss differs by more than --rtol");
  cmd->add_option("--rtol", a->rtol, "tolerance of --check (relative)")->capture_default_str();
  cmd->add_option("--checkpoint-dir", a->checkpoint_dir,
                  "write checkpoints here (per-rank safetensors + index.json), and after the "
                  "last step");
  cmd->add_option("--checkpoint-every", a->checkpoint_every, "steps between checkpoints");
  cmd->add_option("--resume", a->resume,
                  "continue from the checkpoint in this folder (same model, mesh and data)");
  cmd->add_option("--plan-time-limit", a->plan_time_limit, "seconds for the sharding planner")
      ->capture_default_str();
  cmd->add_option("--plan", a->plan, "use this plan (xpar plan --json, or --save-plan) instead "
                  "of planning");
  cmd->add_option("--save-plan", a->save_plan, "write the plan used as JSON");
  cmd->add_option("--cluster", a->cluster, "cluster preset the planner prices (see xpar plan "
                  "--list-clusters)")->capture_default_str();
  cmd->add_option("--memory", a->memory,
                  "planner: per-device memory limit, e.g. 512MiB (default: the cluster's)");
  cmd->add_flag("--data-parallel", a->data_parallel,
                "planner: split the data on the batch over every device, replicate the weights");
  cmd->add_flag("--shard-parameters", a->shard_parameters,
                "planner: ZeRO-3 style, store weights and optimizer state split over the devices");
  cmd->add_flag("--quiet", a->quiet, "no planner progress on stderr");
  cmd->add_option("--stages", a->stages,
                  "pipeline parallelism: this many stages on submeshes of --mesh, planned by the "
                  "inter-op pass; MODEL is then one microbatch (see --microbatches)");
  cmd->add_option("--microbatches", a->microbatches,
                  "with --stages: microbatches per step (each of MODEL's batch)")
      ->capture_default_str();
  cmd->add_option("--schedule", a->schedule, "with --stages: 1f1b or gpipe")
      ->check(CLI::IsMember({"1f1b", "gpipe"}))->capture_default_str();
  cmd->add_option("--trace", a->trace, "with --stages: write the last step's Chrome/Perfetto trace");
  cmd->callback([a] { std::exit(Train(*a)); });
}

}  // namespace xpar
