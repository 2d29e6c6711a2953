// The inter-op pass's own compile time (layer clustering, stage cost table, stage DP) on
// generated GPT training steps, from GPT-39B on 64 V100s (8 hosts x 8, Alpa's p3.16xlarge) down.
// Prints Markdown: one row per (model, cluster), with the plan the pass chose.
//   pipeline_dp_bench [--only gpt-39b] [--layers L] [--solve-limit S] [--remat auto|none|all]
//                     [--batch B] [--microbatches M]
// --remat (default auto: only where a stage does not fit) adds each plan's rematerialised
// layers; --batch and --microbatches override every row's.
#include <fmt/format.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <string>

#include "models/training_step.h"
#include "passes/pipeline/pipeline_planner.h"
#include "support/units.h"

namespace xpar {
namespace {

struct Overrides {
  int64_t layers = 0, batch = 0, microbatches = 0;  // 0: the row's
  pipeline::RematMode remat = pipeline::RematMode::kAuto;
};

struct Row {
  std::string model;
  int64_t batch = 0;
  std::string cluster;
  int64_t hosts = 1, devices_per_host = 1;
  int64_t microbatches = 1;
  int64_t layers = 16;
  pipeline::StageCostMode mode = pipeline::StageCostMode::kAnalytic;
  int64_t model_layers = 0;  // 0: the preset's
};

// GPT (seq 1024, bf16) with the global batch of bench/plan_quality_bench (one sequence per
// device, at least 8) and 8 microbatches; the last row prices stages with the intra-op planner.
std::vector<Row> Rows() {
  using pipeline::StageCostMode;
  return {
      {"gpt-39b", 64, "p3.16xlarge", 8, 8, 8, 16},
      {"gpt-39b", 64, "p3.16xlarge", 8, 8, 8, 48},
      {"gpt-39b", 64, "dgx-a100", 8, 8, 8, 16},
      {"gpt-15b", 32, "p3.16xlarge", 4, 8, 8, 16},
      {"gpt-6.7b", 16, "p3.16xlarge", 2, 8, 8, 16},
      {"gpt-2.6b", 8, "p3.16xlarge", 1, 8, 4, 16},
      {"gpt-1.3b", 8, "p3.16xlarge", 1, 4, 4, 8},
      {"gpt-125m", 8, "p3.16xlarge", 1, 4, 4, 4, StageCostMode::kAutoSharding, 4},
  };
}

double Since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string StageList(const pipeline::PipelineResult& r) {
  std::string out;
  for (size_t i = 0; i < r.plan.stages.size(); ++i) {
    const pipeline::Stage& s = r.plan.stages[i];
    out += fmt::format("{}{}-{}@{}x{}", out.empty() ? "" : " ", s.first_layer, s.last_layer,
                       s.submesh.shape[0], s.submesh.shape[1]);
    if (s.remat_layers.empty()) continue;
    uint64_t mask = 0;
    for (int64_t l : s.remat_layers) mask |= uint64_t{1} << l;
    out += fmt::format(" (remat {}: {} -> {} activations)", pipeline::FormatLayerSet(mask),
                       HumanBytes(r.stages[i].activation_bytes_without_remat),
                       HumanBytes(r.stages[i].activation_bytes));
  }
  return out;
}

void RunRow(Row row, double solve_limit, const Overrides& over) {
  if (over.batch > 0) row.batch = over.batch;
  if (over.microbatches > 0) row.microbatches = over.microbatches;
  models::ModelConfig c = *models::FindModel(row.model);
  c.batch = row.batch;
  c.dtype = PrimitiveType::kBF16;
  if (row.model_layers > 0) c.layers = row.model_layers;
  auto t0 = std::chrono::steady_clock::now();
  auto module = models::GenerateTrainingStep(c, models::AdamWOptions());
  const double generate_s = Since(t0);
  auto cluster = LoadClusterPreset(row.cluster);
  if (!module.ok() || !cluster.ok()) {
    fmt::print("| {} | error: {} |\n", row.model,
               !module.ok() ? module.status().message() : cluster.status().message());
    return;
  }
  pipeline::PipelineOptions o;
  o.num_hosts = row.hosts;
  o.devices_per_host = row.devices_per_host;
  o.microbatches = row.microbatches;
  o.clustering.num_layers = over.layers > 0 ? over.layers : row.layers;
  o.remat = over.remat;
  o.cost_mode = row.mode;
  o.auto_sharding.solve.time_limit_s = solve_limit;
  t0 = std::chrono::steady_clock::now();
  auto r = pipeline::PlanPipeline(**module, *cluster, o);
  const double pass_s = Since(t0);
  const std::string head = fmt::format(
      "| {}{} | {} | {} | {}x{} | {} | {} | {} | {:.1f} |", row.model,
      row.model_layers > 0 ? fmt::format(" ({} blocks)", row.model_layers) : "", row.batch,
      row.cluster, row.hosts, row.devices_per_host, row.microbatches,
      row.mode == pipeline::StageCostMode::kAnalytic ? "fast" : "auto-sharding",
      (*module)->entry()->instructions().size(), generate_s);
  if (!r.ok()) {
    fmt::print("{} {} | | | | | {:.3f} | {} |\n", head, o.clustering.num_layers, pass_s,
               r.status().message().substr(0, 120));
    std::fflush(stdout);
    return;
  }
  fmt::print("{} {} | {:.1f} | {:.1f} | {:.2f} | {}/{} | {:.3f} | {} stages: {}, T* {:.1f} ms |\n",
             head, r->clustering.num_layers, r->clustering_s * 1e3, r->cost_table_s * 1e3,
             r->dp_s * 1e3, r->bounds_tried, r->bounds_total, pass_s, r->plan.stages.size(),
             StageList(*r), r->plan.estimated_step_seconds * 1e3);
  std::fflush(stdout);
}

int Main(int argc, char** argv) {
  std::string only;
  double solve_limit = 2;
  Overrides over;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--only") && i + 1 < argc) {
      only = argv[++i];
    } else if (!std::strcmp(argv[i], "--solve-limit") && i + 1 < argc) {
      solve_limit = std::atof(argv[++i]);
    } else if (!std::strcmp(argv[i], "--layers") && i + 1 < argc) {
      over.layers = std::atoll(argv[++i]);
    } else if (!std::strcmp(argv[i], "--batch") && i + 1 < argc) {
      over.batch = std::atoll(argv[++i]);
    } else if (!std::strcmp(argv[i], "--microbatches") && i + 1 < argc) {
      over.microbatches = std::atoll(argv[++i]);
    } else if (!std::strcmp(argv[i], "--remat") && i + 1 < argc) {
      auto mode = pipeline::ParseRematMode(argv[++i]);
      if (!mode.ok()) {
        fmt::print(stderr, "{}\n", mode.status().message());
        return 2;
      }
      over.remat = *mode;
    } else {
      fmt::print(stderr, "usage: pipeline_dp_bench [--only MODEL] [--layers L] "
                         "[--solve-limit S] [--remat auto|none|all] [--batch B] "
                         "[--microbatches M]\n");
      return 2;
    }
  }
  fmt::print("| model | batch | cluster | hosts x devices | microbatches | stage costs | "
             "instructions | generate s | layers | clustering ms | cost table ms | DP ms | "
             "t_max bounds solved/distinct | whole pass s | plan |\n");
  fmt::print("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const Row& row : Rows()) {
    if (only.empty() || row.model == only) RunRow(row, solve_limit, over);
  }
  return 0;
}

}  // namespace
}  // namespace xpar

int main(int argc, char** argv) { return xpar::Main(argc, argv); }
