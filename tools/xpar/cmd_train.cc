// `xpar train MODEL --mesh 2x2 --steps 20`: trains a model on a mesh of simulated devices (one
// thread each). MODEL is a forward + loss (TorchScript trace, HLO, StableHLO; xpar adds the
// backward pass and the optimizer) or a whole training step whose outputs alias its inputs (as
// PyTorch/XLA or `xpar model` write them; run as it is). Prints the plan, then per step the loss,
// the step time and samples/s; --check runs every step on one device too; checkpoints per rank.
#include <fmt/format.h>

#include <cstdio>

#include "cli_util.h"
#include "cmd_train.h"
#include "commands.h"
#include "runtime/interpreter/collective_hub.h"
#include "runtime/mpi/mpi_runtime.h"

namespace xpar {
namespace {

using train::TrainArgs;

void PrintLine(const std::string& line) { fmt::print("{}\n", line); }
void PrintWarning(const std::string& line) { fmt::print(stderr, "{}\n", line); }

void PrintStep(const TrainArgs& args, const train::StepReport& r) {
  std::string check;
  if (r.reference_loss) {
    check = fmt::format("  1 device {:.6f} rel diff {:.2g}{}", *r.reference_loss, r.rel_diff,
                        r.check_failed ? fmt::format(" EXCEEDS {:g}", args.rtol) : "");
  }
  fmt::print("step {:>5}/{} [{:>3.0f}%]  loss {:.6f}  {:8.4f} s  {:10.1f} samples/s{}\n", r.step,
             r.steps, 100.0 * r.step / r.steps, r.loss, r.seconds, r.samples_per_s, check);
  std::fflush(stdout);
}

// The step as one SPMD program on the mesh (threads, or one MPI rank per device).
int TrainSpmd(const TrainArgs& args) {
  auto trainer = train::Trainer::Create(args);
  if (!trainer.ok()) return ReportError("train", trainer.status());
  train::Trainer& t = **trainer;
  // Under mpirun only rank 0 prints and checks; the others run their device in silence.
  if (!t.is_root() && std::freopen("/dev/null", "w", stdout) == nullptr) return 1;
  int64_t failed = 0;
  double total_s = 0;
  while (!t.done()) {
    auto r = t.Step();
    if (!r.ok()) return ReportError("train", r.status());
    PrintStep(args, *r);
    failed += r->check_failed ? 1 : 0;
    total_s += r->seconds;
    if (r->checkpoint_written) {
      fmt::print("checkpoint after step {} written to {}\n", r->step, args.checkpoint_dir);
    }
  }
  const int64_t ran = args.steps - t.first_step();
  fmt::print("trained {} steps in {:.3f} s: {:.4f} s per step, {:.1f} samples/s\n", ran, total_s,
             total_s / ran, t.program().batch * ran / total_s);
  if (args.check) {
    fmt::print("check: {} of {} steps within rtol {:g} of one device\n", ran - failed, ran, args.rtol);
  }
  if (UnderMpi()) FinalizeMpi();
  return failed > 0 ? 1 : 0;
}

// --stages: the pipelined trainer (threads), or the ranks' loop under mpirun.
int TrainStages(const TrainArgs& args) {
  auto model = LoadModel(args.model, {args.inputs, args.input_shapes});
  if (!model.ok()) return ReportError("train", model.status());
  return train::TrainPipelined(args, std::move(*model));
}

int Train(TrainArgs args) {
  Status s = train::CheckOptions(args);
  if (!s.ok()) return ReportError("train", s);
  args.log = PrintLine;
  args.warn = PrintWarning;
  return args.stages > 0 ? TrainStages(args) : TrainSpmd(args);
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
  cmd->add_option("--remat", a->remat,
                  "with --stages: recompute layers' activations in the backward instead of "
                  "stashing them: auto (only where a stage does not fit --memory; the default "
                  "with --memory), none (the default without), all")
      ->check(CLI::IsMember({"auto", "none", "all"}));
  // Process-wide (the collectives' and the pipeline's waits read it), so not a TrainOptions field.
  auto timeout_s = std::make_shared<double>(
      std::chrono::duration<double>(kDefaultCollectiveTimeout).count());
  cmd->add_option("--collective-timeout", *timeout_s,
                  "Seconds a device (thread or MPI rank) waits in a collective, or a pipeline "
                  "stage for another's values, before the whole run stops with an error naming "
                  "the rank or stage and the operation (0: wait forever)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->callback([a, timeout_s] {
    SetCollectiveTimeout(std::chrono::milliseconds(static_cast<int64_t>(*timeout_s * 1e3)));
    std::exit(Train(*a));
  });
}

}  // namespace xpar
