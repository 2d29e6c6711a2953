// `xpar plan MODEL --mesh 2x4 --cluster dgx-a100`: chooses a sharding for every tensor (Alpa's
// intra-operator pass), prints the plan, writes it as JSON and as HLO with sharding annotations.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "frontends/stablehlo/stablehlo_printer.h"
#include "ir/printer.h"
#include "passes/auto_sharding/manual_plans.h"
#include "passes/auto_sharding/plan_export.h"
#include "passes/auto_sharding/plan_report.h"
#include "report/plan_html.h"
#include "plan_pipeline.h"
#include "support/source_text.h"

namespace xpar {
namespace {

struct PlanArgs {
  std::string model;
  std::string mesh;
  std::string cluster = "dgx-a100";
  std::string memory;
  std::string json_out;
  std::string hlo_out;
  std::string html_out;
  double time_limit = 10;
  std::string backend = "auto";
  uint64_t seed = 1;
  int stall_rounds = 50;
  bool data_parallel = false;
  int64_t batch = 0;
  bool shard_parameters = false;
  bool no_partial = false;
  bool uneven = false;
  bool drop_user_shardings = false;
  bool manual = false;
  std::string latency = "per-collective";
  size_t rows = 20;
  bool quiet = false;
  bool no_simplify = false;  // no DCE/CSE, no follower merging
  bool list_clusters = false;
  TorchScriptInputs inputs;  // a .pt file's input shapes, when it records none
  PipelineCliArgs pipeline;  // --pipeline and its options (plan_pipeline.h)
};

int ListClusters() {
  for (const std::string& name : ClusterPresetNames()) {
    if (name == "cpu-local") {
      fmt::print("  {:<14} this machine's CPU cores as devices (measured when first used)\n",
                 name);
      continue;
    }
    auto c = LoadClusterPreset(name);
    if (!c.ok()) return ReportError("plan", c.status());
    fmt::print("  {:<14} {}\n", name, c->description);
  }
  return 0;
}

Expected<AutoShardingOptions> MakeOptions(const PlanArgs& a) {
  AutoShardingOptions o;
  if (!a.memory.empty()) {
    ASSIGN_OR_RETURN(int64_t bytes, ParseByteSize(a.memory));
    o.memory_limit_bytes = bytes;
  }
  o.keep_user_shardings = !a.drop_user_shardings;
  o.force_data_parallel = a.data_parallel;
  o.batch_size = a.batch;
  o.shard_parameters = a.shard_parameters;
  o.merge_followers = !a.no_simplify;
  o.strategy.allow_partial = !a.no_partial;
  o.strategy.allow_uneven = a.uneven;
  o.solve.time_limit_s = a.time_limit;
  o.solve.seed = a.seed;
  o.solve.fast_stall_rounds = a.stall_rounds;
  o.solve.backend = a.backend == "exact" ? solver::Backend::kExact
                    : a.backend == "fast" ? solver::Backend::kFast
                                          : solver::Backend::kAuto;
  if (!a.quiet) o.solve.progress = [](const std::string& l) { fmt::print(stderr, "{}\n", l); };
  return o;
}

Status WriteOutputs(const PlanArgs& a, Module& module, const Plan& plan, const CostModel& model) {
  const Mesh& mesh = model.mesh();
  if (!a.html_out.empty()) {  // first: -o below annotates the module
    PlanHtmlOptions options;
    options.title = a.model;
    ASSIGN_OR_RETURN(std::string html, PlanToHtml(module, plan, model, options));
    RETURN_IF_ERROR(WriteFile(a.html_out, html));
    fmt::print("plan report written to {}\n", a.html_out);
  }
  if (!a.json_out.empty()) {
    RETURN_IF_ERROR(WriteFile(a.json_out, PlanToJson(plan, mesh).dump(2) + "\n"));
    fmt::print("plan written to {}\n", a.json_out);
  }
  if (!a.hlo_out.empty()) {
    RETURN_IF_ERROR(AnnotateModule(module, plan, mesh));
    // .mlir: StableHLO, whose dense<...> splats keep a large model's constants small (HLO text
    // spells out every element).
    std::string text = PrintModule(module);
    if (a.hlo_out.ends_with(".mlir")) {
      ASSIGN_OR_RETURN(text, PrintStableHlo(module));
    }
    RETURN_IF_ERROR(WriteFile(a.hlo_out, text));
    fmt::print("annotated {} written to {}\n", a.hlo_out.ends_with(".mlir") ? "StableHLO" : "HLO",
               a.hlo_out);
  }
  return Status::Ok();
}

// `--manual`: every Megatron-LM style plan priced by the same planner, best first, against `plan`.
Status PrintManualPlans(Module& module, const CostModel& model, const AutoShardingOptions& options,
                        const Plan& plan) {
  ASSIGN_OR_RETURN(std::vector<ManualPlanResult> results,
                   PlanManualBaselines(module, model, options));
  fmt::print("\nmanual plans (Megatron-LM: parameters pinned, the rest planned; {} of them), "
             "best first:\n  {:<28} {:>12} {:>12} {:>10}  {}\n", results.size(), "plan",
             "step time", "memory", "build+solve", "vs xpar's plan");
  for (const ManualPlanResult& r : results) {
    if (!r.plan) {
      bool over = r.status.code() == StatusCode::kResourceExhausted;
      fmt::print("  {:<28} {}: {}\n", r.name, over ? "does not fit" : "not applicable",
                 r.status.message());
      continue;
    }
    fmt::print("  {:<28} {:>9.3f} ms {:>12} {:>9.2f}s  {:.3f}x{}\n", r.name,
               r.plan->step_s() * 1e3, HumanBytes(r.plan->peak_memory_bytes),
               r.plan->build_s + r.plan->solve_s, r.plan->step_s() / plan.step_s(),
               r.fits() ? "" : "  (does not fit)");
  }
  const ManualPlanResult* best = BestManualPlan(results);
  if (best == nullptr) {
    fmt::print("no manual plan fits the memory limit\n");
  } else {
    fmt::print("best manual plan: {} at {:.3f} ms; xpar's plan {:.3f} ms: best manual / xpar = "
               "{:.3f}\n", best->name, best->plan->step_s() * 1e3, plan.step_s() * 1e3,
               best->plan->step_s() / plan.step_s());
  }
  return Status::Ok();
}

int Run(const PlanArgs& a) {
  if (a.list_clusters) return ListClusters();
  if (a.model.empty() || a.mesh.empty()) {
    return ReportError("plan", InvalidArgument("a model file and --mesh are required"));
  }
  auto mesh = Mesh::Parse(a.mesh);
  if (!mesh.ok()) return ReportError("plan", mesh.status());
  auto cluster = LoadCluster(a.cluster);
  if (!cluster.ok()) return ReportError("plan", cluster.status());
  auto model = CostModel::Create(*mesh, *cluster);
  if (!model.ok()) return ReportError("plan", model.status());
  model->set_latency_model(a.latency == "per-ring-step" ? CostModel::LatencyModel::kPerRingStep
                                                         : CostModel::LatencyModel::kPerCollective);
  auto options = MakeOptions(a);
  if (!options.ok()) return ReportError("plan", options.status());
  if (a.pipeline.enabled) {
    PipelineCliArgs pipeline = a.pipeline;
    pipeline.manual = a.manual;
    return RunPipelinePlan(pipeline, a.model, a.inputs, *mesh, *cluster, *options, a.json_out,
                           a.html_out);
  }
  // --time-limit covers reading the model too: what is left goes to building and solving.
  const auto start = std::chrono::steady_clock::now();
  auto module = LoadModule(a.model, a.inputs);
  if (!module.ok()) return ReportError("plan", module.status());
  const double load_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  options->solve.time_limit_s = std::max(0.1, a.time_limit - load_s);
  if (!a.quiet) fmt::print(stderr, "read {} in {:.2f} s\n", a.model, load_s);
  auto simplified =
      a.no_simplify ? Expected<SimplifyLog>(SimplifyLog()) : SimplifyForPlanning(**module);
  if (!simplified.ok()) return ReportError("plan", simplified.status());
  options->solve.time_limit_s = std::max(0.1, a.time_limit - std::chrono::duration<double>(
                                                  std::chrono::steady_clock::now() - start).count());
  if (!a.quiet) {
    fmt::print(stderr, "DCE/CSE: {} instructions removed ({} merged duplicates)\n",
               simplified->instructions_removed, simplified->merged.size());
  }
  auto plan = PlanAutoSharding(**module, *model, *options);
  if (!plan.ok()) return ReportError("plan", plan.status());
  plan->simplified = *simplified;
  fmt::print("{}", FormatPlan(*plan, *mesh, a.model, a.rows));
  // Before the outputs: -o annotates the module, which would pin every tensor.
  Status s = a.manual ? PrintManualPlans(**module, *model, *options, *plan) : Status::Ok();
  if (s.ok()) s = WriteOutputs(a, **module, *plan, *model);
  if (!s.ok()) return ReportError("plan", s);
  return plan->memory_ok ? 0 : 2;
}

}  // namespace

void RegisterPlanCommand(CLI::App& app) {
  auto a = std::make_shared<PlanArgs>();
  CLI::App* cmd = app.add_subcommand(
      "plan",
      "Choose a sharding for every tensor of MODEL on a device mesh (Alpa's intra-operator\n"
      "pass): strategies per op priced by a roofline compute model and alpha-beta collectives,\n"
      "resharding between them, peak memory per device under the limit; solved as an integer\n"
      "program. Prints the plan; --json and -o write it. Exit status 2: memory limit exceeded.");
  cmd->add_option("model", a->model, "model file (.hlo)");
  cmd->add_option("--mesh", a->mesh, "logical device mesh, e.g. 8, 2x4, 2x2x2");
  cmd->add_option("--cluster", a->cluster,
                  "cluster preset (see --list-clusters) or a JSON file (default dgx-a100)");
  cmd->add_option("--memory", a->memory,
                  "per-device memory limit, e.g. 40GiB (default: the cluster's device memory)");
  cmd->add_option("--json", a->json_out, "write the plan as JSON");
  cmd->add_option("--html", a->html_out,
                  "write the plan as one self-contained HTML page: the mesh, each tensor's "
                  "sharding drawn on it, collectives, memory over the program, timeline");
  cmd->add_option("-o,--output", a->hlo_out,
                  "write the module with the chosen sharding={...} annotations (HLO text; StableHLO "
                  "with mhlo.sharding when the name ends in .mlir)");
  cmd->add_option("--time-limit", a->time_limit, "seconds for the whole plan: reading the model, building the problem and solving (default 10)");
  cmd->add_option("--stall-rounds", a->stall_rounds,
                  "fast solver: stop after this many rounds without a better plan (default "
                  "50; 0 = use the whole time limit)");
  cmd->add_option("--backend", a->backend, "solver: exact (CBC), fast, auto (default)")
      ->check(CLI::IsMember({"exact", "fast", "auto"}));
  cmd->add_option("--seed", a->seed, "seed of the fast solver");
  cmd->add_flag("--data-parallel", a->data_parallel,
                "force data parallelism: parameters whose leading dim is --batch are split on "
                "it over every axis, all other parameters replicated");
  cmd->add_option("--batch", a->batch, "the batch size (with --data-parallel)");
  cmd->add_flag("--shard-parameters", a->shard_parameters,
                "ZeRO-3 style: store every parameter (weights and optimizer state) split over "
                "as many devices as its dimensions allow; ops all-gather what they need");
  cmd->add_flag("--no-partial", a->no_partial,
                "reduce partial sums inside each op (no deferred reduce-scatter)");
  cmd->add_flag("--uneven", a->uneven, "allow splits that do not divide a dimension");
  cmd->add_flag("--drop-user-shardings", a->drop_user_shardings,
                "ignore sharding={...} annotations already in MODEL (default: keep them)");
  cmd->add_flag("--manual", a->manual,
                "also price every Megatron-LM style plan (data x tensor parallelism on whole "
                "mesh axes, ZeRO 0/1/3; parameters pinned by their HF names) with the same "
                "planner and memory limit, and compare the best with this plan; with "
                "--pipeline: every Megatron-LM pipelined plan (PP equal stages, dp or ZeRO-3, "
                "recompute none or full) on the same stage table");
  cmd->add_option("--latency", a->latency,
                  "collective latency: one alpha per collective (default, as Alpa and XLA; it "
                  "also stands for the launch cost) or per ring step")
      ->check(CLI::IsMember({"per-collective", "per-ring-step"}));
  cmd->add_option("--rows", a->rows, "rows per table in the report (default 20)");
  cmd->add_flag("--quiet", a->quiet, "no solver progress on stderr");
  cmd->add_flag("--no-simplify", a->no_simplify,
                "plan the program as read: no dead-code or common-subexpression elimination, no "
                "follower merging in the integer program (docs/planning.md)");
  cmd->add_flag("--list-clusters", a->list_clusters, "list the cluster presets and exit");
  AddTorchScriptInputOptions(*cmd, a->inputs.input_shapes, &a->inputs.inputs_file);
  AddPipelineOptions(*cmd, a->pipeline);
  cmd->callback([a] { std::exit(Run(*a)); });
}

}  // namespace xpar
