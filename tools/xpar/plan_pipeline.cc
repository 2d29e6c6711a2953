// The --pipeline mode of `xpar plan`: options, the stage table, the JSON.
#include "plan_pipeline.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <optional>

#include "passes/pipeline/manual_pipeline.h"
#include "passes/pipeline/pipeline_planner.h"
#include "plan_pipeline_layers.h"
#include "plan_pipeline_stages.h"
#include "report/pipeline_html.h"
#include "support/source_text.h"

namespace xpar {
namespace {

Expected<pipeline::PipelineOptions> MakePipelineOptions(const PipelineCliArgs& a, const Mesh& mesh,
                                                        const AutoShardingOptions& intra) {
  if (mesh.rank() > 2) {
    return InvalidArgument("--pipeline: --mesh is the cluster as HOSTSxDEVICES (e.g. 2x4) or "
                           "DEVICES, not {}", mesh.ToString());
  }
  pipeline::PipelineOptions o;
  o.num_hosts = mesh.rank() == 2 ? mesh.axis_size(0) : 1;
  o.devices_per_host = mesh.shape().back();
  o.microbatches = a.microbatches;
  if (a.stages != "auto") {
    try {
      size_t end = 0;
      o.num_stages = std::stoll(a.stages, &end);
      if (end != a.stages.size() || o.num_stages < 1) throw std::invalid_argument(a.stages);
    } catch (const std::exception&) {
      return InvalidArgument("--stages {}: expected a positive number or 'auto'", a.stages);
    }
  }
  o.loss_index = a.loss_index;
  ASSIGN_OR_RETURN(o.remat, pipeline::ParseRematMode(a.remat));
  o.clustering.num_layers = a.layers;
  o.cost_mode = a.stage_cost == "auto-sharding" ? pipeline::StageCostMode::kAutoSharding
                                                : pipeline::StageCostMode::kAnalytic;
  o.memory_limit_bytes = intra.memory_limit_bytes;
  o.auto_sharding = intra;
  o.auto_sharding.solve.progress = nullptr;
  return o;
}

std::string Devices(const std::vector<int64_t>& d) {
  if (d.size() == 1) return fmt::format("{}", d[0]);
  bool contiguous = true;
  for (size_t i = 1; i < d.size(); ++i) contiguous = contiguous && d[i] == d[i - 1] + 1;
  return contiguous ? fmt::format("{}-{}", d.front(), d.back()) : fmt::format("{}", fmt::join(d, ","));
}

void Print(const pipeline::PipelineResult& r, const std::string& model, const Mesh& mesh,
           const Cluster& cluster) {
  const pipeline::PipelinePlan& p = r.plan;
  fmt::print("pipeline plan for {} on {} ({} devices, {}): {} stages, {} microbatches, 1F1B\n",
             model, mesh.ToString(), mesh.num_devices(), cluster.name, p.stages.size(),
             p.microbatches);
  fmt::print("layers: {} (clustered from {} forward ops; memory limit {} per device)\n",
             r.clustering.num_layers, r.clustering.forward_ops.size(),
             HumanBytes(r.memory_limit_bytes));
  fmt::print("  {:>5} {:>7} {:>7} {:>9} {:>11} {:>11} {:>9} {:>12} {:>9}  {}\n", "stage", "layers",
             "submesh", "devices", "forward", "backward", "in-flight", "memory", "instrs",
             "intra-op");
  for (size_t s = 0; s < p.stages.size(); ++s) {
    const pipeline::Stage& st = p.stages[s];
    const pipeline::StageReport& rep = r.stages[s];
    fmt::print("  {:>5} {:>7} {:>7} {:>9} {:>8.4f} ms {:>8.4f} ms {:>9} {:>12} {:>9}  {}\n", s,
               fmt::format("{}-{}", st.first_layer, st.last_layer),
               fmt::format("{}x{}", st.submesh.shape[0], st.submesh.shape[1]),
               Devices(st.submesh.devices), st.forward_seconds * 1e3, st.backward_seconds * 1e3,
               rep.in_flight, HumanBytes(st.peak_bytes), rep.instructions, rep.intra_op);
  }
  fmt::print("estimated step time (1F1B, sum of stages and transfers + (B-1) x slowest): {:.3f} ms\n",
             p.estimated_step_seconds * 1e3);
  fmt::print("backward ops placed: {} by xpar.derived_from, {} by the inference rule\n",
             r.from_attribute, r.inferred);
  fmt::print("inter-op pass: clustering {:.1f} ms, cost table {:.1f} ms ({} entries, {} intra-op "
             "solves), DP {:.1f} ms ({} of {} bounds)\n",
             r.clustering_s * 1e3, r.cost_table_s * 1e3, r.table_entries, r.solves, r.dp_s * 1e3,
             r.bounds_tried, r.bounds_total);
  fmt::print("{}", pipeline::RematReport(r));
}

nlohmann::json ToJson(const pipeline::PipelineResult& r, const Mesh& mesh) {
  nlohmann::json stages = nlohmann::json::array();
  for (size_t s = 0; s < r.plan.stages.size(); ++s) {
    const pipeline::Stage& st = r.plan.stages[s];
    stages.push_back({{"first_layer", st.first_layer},
                      {"last_layer", st.last_layer},
                      {"submesh", st.submesh.shape},
                      {"devices", st.submesh.devices},
                      {"forward_seconds", st.forward_seconds},
                      {"backward_seconds", st.backward_seconds},
                      {"peak_bytes", st.peak_bytes},
                      {"remat_layers", st.remat_layers},
                      {"activation_bytes", r.stages[s].activation_bytes},
                      {"activation_bytes_without_remat", r.stages[s].activation_bytes_without_remat},
                      {"in_flight_microbatches", r.stages[s].in_flight},
                      {"instructions", r.stages[s].instructions},
                      {"intra_op", r.stages[s].intra_op}});
  }
  return {{"mesh", mesh.ToString()},
          {"microbatches", r.plan.microbatches},
          {"schedule", "1F1B"},
          {"layers", r.clustering.num_layers},
          {"memory_limit_bytes", r.memory_limit_bytes},
          {"remat", pipeline::RematModeName(r.remat)},
          {"estimated_step_seconds", r.plan.estimated_step_seconds},
          {"stages", stages},
          {"stage_of_instruction", r.plan.stage_of_instruction},
          {"pass_seconds",
           {{"clustering", r.clustering_s}, {"cost_table", r.cost_table_s}, {"dp", r.dp_s}}}};
}

// `--pipeline --manual`: every manual pipelined plan on the pass's own stage table, best first.
Status PrintManualPipelines(const Module& module, const Cluster& cluster,
                            const pipeline::PipelineOptions& o,
                            const pipeline::PreparedPipeline& prepared,
                            const pipeline::PipelineResult& xpar) {
  ASSIGN_OR_RETURN(std::vector<pipeline::ManualPipelineResult> manual,
                   pipeline::PlanManualPipelines(module, cluster, o, prepared));
  fmt::print("\nmanual pipelined plans (Megatron-LM: PP equal stages of the {} layers on equal "
             "submeshes, {} microbatches, 1F1B; {} of them), best first:\n",
             prepared.clustering.num_layers, o.microbatches, manual.size());
  for (const pipeline::ManualPipelineResult& r : manual) {
    if (r.fits()) {
      fmt::print("  {}: {:.3f} ms, {} per device\n", r.name, r.latency_s * 1e3,
                 HumanBytes(r.peak_bytes));
    } else {
      fmt::print("  {}: does not fit ({})\n", r.name, r.status.message());
    }
  }
  const pipeline::ManualPipelineResult* best = pipeline::BestManualPipeline(manual);
  const double t = xpar.plan.estimated_step_seconds;
  if (best == nullptr) {
    fmt::print("no manual pipelined plan fits the memory limit; xpar's plan {:.3f} ms\n", t * 1e3);
  } else {
    fmt::print("best manual pipelined plan: {} at {:.3f} ms; xpar's plan {:.3f} ms: best manual "
               "/ xpar = {:.2f}\n", best->name, best->latency_s * 1e3, t * 1e3,
               best->latency_s / t);
  }
  return Status::Ok();
}

// The inter-op pass as the options ask: analytic or auto-sharding table, or layer plans; with
// --manual, the manual pipelined plans are printed after the plan (analytic table only).
Expected<pipeline::PipelineResult> PlanAsAsked(const PipelineCliArgs& a, const Module& module,
                                               const Cluster& cluster,
                                               const pipeline::PipelineOptions& o,
                                               LayerPlanStats& stats,
                                               std::optional<pipeline::PreparedPipeline>& prepared) {
  if (a.manual && a.stage_cost != "fast") {
    return InvalidArgument("--pipeline --manual prices the manual pipelined plans on the analytic "
                           "stage table: use --stage-cost fast, not {}", a.stage_cost);
  }
  if (a.stage_cost == "layer-plans") return PlanPipelineWithLayerPlans(module, cluster, o, &stats);
  if (!a.manual) return pipeline::PlanPipeline(module, cluster, o);
  ASSIGN_OR_RETURN(prepared, pipeline::PreparePipeline(module, cluster, o));
  return pipeline::PlanPreparedPipeline(module, cluster, o, *prepared);
}

}  // namespace

void AddPipelineOptions(CLI::App& cmd, PipelineCliArgs& a) {
  cmd.add_flag("--pipeline", a.enabled,
               "also choose pipeline stages (Alpa's inter-operator pass): --mesh NxM is N hosts "
               "of M devices; layers -> stages on submeshes (1 x 2^k, n x M) by dynamic "
               "programming under 1F1B's memory");
  cmd.add_option("--microbatches", a.microbatches, "--pipeline: microbatches per step (default 4)")
      ->check(CLI::PositiveNumber);
  cmd.add_option("--stages", a.stages, "--pipeline: number of stages, or auto (default)");
  cmd.add_option("--pipeline-layers", a.layers,
                 "--pipeline: layers the forward is clustered into (default 16)")
      ->check(CLI::PositiveNumber);
  cmd.add_option("--stage-cost", a.stage_cost,
                 "--pipeline: price stages with the fast analytic model (per submesh every dp x tp "
                 "factorisation: Megatron tensor parallelism in a host, ZeRO 0/3, expert "
                 "parallelism; default), by planning each stage with the intra-op pass, or (layer-plans) "
                 "by intra-op plans of each distinct layer on power-of-two submeshes, summed")
      ->check(CLI::IsMember({"fast", "auto-sharding", "layer-plans"}));
  cmd.add_flag("--stage-plans", a.stage_plans,
               "--pipeline: then plan each chosen stage's program with the intra-op pass on its "
               "submesh (each within --time-limit) and estimate the step from those plans");
  cmd.add_option("--remat", a.remat,
                 "--pipeline: rematerialise layers (recompute their activations in the backward "
                 "instead of stashing them): auto (default: only where a stage does not fit), "
                 "none, all")
      ->check(CLI::IsMember({"auto", "none", "all"}));
  cmd.add_option("--loss-index", a.loss_index,
                 "--pipeline: the loss's element in the ROOT tuple (default 0; -1: the ROOT)");
}

int RunPipelinePlan(const PipelineCliArgs& a, const std::string& model_path,
                    const TorchScriptInputs& inputs, const Mesh& mesh, const Cluster& cluster,
                    const AutoShardingOptions& intra, const std::string& json_out,
                    const std::string& html_out) {
  auto options = MakePipelineOptions(a, mesh, intra);
  if (!options.ok()) return ReportError("plan", options.status());
  auto module = LoadModule(model_path, inputs);
  if (!module.ok()) return ReportError("plan", module.status());
  if (options->cost_mode == pipeline::StageCostMode::kAutoSharding) {
    const int64_t l = options->clustering.num_layers;
    const auto shapes = static_cast<int64_t>(
        pipeline::AlpaSubmeshShapes(options->num_hosts, options->devices_per_host).size());
    fmt::print(stderr,
               "pricing up to {} stage programs ({} layer ranges x {} submesh shapes) with the "
               "intra-op planner, each within --time-limit {} s\n",
               l * (l + 1) / 2 * shapes, l * (l + 1) / 2, shapes,
               options->auto_sharding.solve.time_limit_s);
  }
  LayerPlanStats stats;
  std::optional<pipeline::PreparedPipeline> prepared;
  auto result = PlanAsAsked(a, **module, cluster, *options, stats, prepared);
  if (!result.ok()) return ReportError("plan", result.status());
  if (a.stage_cost == "layer-plans") {
    fmt::print("layer plans: {} layers, {} distinct programs x {} submesh shapes: {} intra-op "
               "solves in {:.1f} s, stage DP {:.1f} ms (after the analytic pass, {:.1f} s)\n",
               result->clustering.num_layers, stats.distinct_layers, stats.shapes, stats.solves,
               stats.solve_wall_s, stats.dp_s * 1e3, stats.analytic_s);
    auto step = [](double s) {
      return std::isinf(s) ? std::string("none fits") : fmt::format("{:.3f} ms", s * 1e3);
    };
    fmt::print("layer-plan table: {}; analytic table: {}; keeping the {} plan\n",
               step(stats.layer_plans_step_s), step(stats.analytic_step_s),
               stats.chose_analytic ? "analytic" : "layer-plan");
  }
  Print(*result, model_path, mesh, cluster);
  if (prepared) {
    Status s = PrintManualPipelines(**module, cluster, *options, *prepared, *result);
    if (!s.ok()) return ReportError("plan", s);
  }
  std::optional<StagePlans> stage_plans;
  if (a.stage_plans) {
    auto planned = PlanPipelineStages(**module, *result, cluster, options->auto_sharding);
    if (!planned.ok()) return ReportError("plan", planned.status());
    PrintStagePlans(*planned, *result);
    stage_plans = std::move(*planned);
  }
  if (!json_out.empty()) {
    nlohmann::json j = {{"model", model_path}, {"cluster", cluster.name},
                        {"pipeline", ToJson(*result, mesh)}};
    if (stage_plans) j["pipeline"]["stage_plans"] = StagePlansToJson(*stage_plans);
    Status s = WriteFile(json_out, j.dump(2) + "\n");
    if (!s.ok()) return ReportError("plan", s);
    fmt::print("pipeline plan written to {}\n", json_out);
  }
  if (!html_out.empty()) {
    auto html = PipelineToHtml(*result, mesh, cluster, model_path);
    Status s = html.ok() ? WriteFile(html_out, *html) : html.status();
    if (!s.ok()) return ReportError("plan", s);
    fmt::print("pipeline plan report written to {}\n", html_out);
  }
  return 0;
}

}  // namespace xpar
