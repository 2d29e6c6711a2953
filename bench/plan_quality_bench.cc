// Plan quality at scale: for generated training steps (`xpar model` presets, bf16) on cluster
// meshes, xpar's best plan against the best Megatron-LM style manual plan. Each side has two
// kinds, each priced by one model for both sides: intra-op plans by the intra-op planner
// (xpar's PlanAutoSharding; manual plans pinned, src/passes/auto_sharding/manual_plans.h) and
// pipelined plans by the inter-op pass's analytic stage table (xpar's stage DP with per-layer
// remat; manual PP x dp/ZeRO-3 with recompute none or full, passes/pipeline/manual_pipeline.h).
// Prints Markdown: one summary table, then per row every plan and what xpar's intra-op plan keeps
// replicated.
//   plan_quality_bench [--rows quick|default|all|moe-wresnet] [--only gpt-125m,llama2-7b] [--time-limit 10]
#include <fmt/format.h>

#include <chrono>
#include <optional>
#include <cstdlib>
#include <set>
#include <sstream>

#include "analysis/op_stats.h"
#include "models/training_step.h"
#include "passes/auto_sharding/manual_plans.h"
#include "passes/pipeline/manual_pipeline.h"

namespace xpar {
namespace {

struct Row {
  std::string model;
  int64_t batch = 0;
  std::string cluster;
  std::string mesh;
};

struct Args {
  std::string rows = "default";
  std::set<std::string> only;
  double time_limit = 10;
};

// Global batch: GPT (seq 1024) one sequence per device, at least 8; LLaMA (seq 4096) a quarter
// of that in sequences (the same tokens per device), at least 2. Larger batches leave the big
// models without any plan that fits (xpar keeps every activation: no recomputation).
// Wide-ResNet: 8 images of 224 x 224 per device (32 leave no plan that fits 16 GB V100s).
int64_t DefaultBatch(const std::string& model, int64_t devices) {
  constexpr int64_t kImagesPerDevice = 8;
  if (model.starts_with("wresnet")) return kImagesPerDevice * devices;
  int64_t gpt = std::max<int64_t>(8, devices);
  return model.starts_with("llama") ? std::max<int64_t>(2, gpt / 4) : gpt;
}

int64_t Devices(const std::string& mesh) {
  auto m = Mesh::Parse(mesh);
  return m.ok() ? m->num_devices() : 0;
}

Row MakeRow(const std::string& model, const std::string& cluster, const std::string& mesh) {
  return Row{model, DefaultBatch(model, Devices(mesh)), cluster, mesh};
}

// quick: three small rows to test the script. moe-wresnet: Alpa's weak-scaling pairing of the
// MoE and Wide-ResNet suites on p3.16xlarge from 4 to 16 V100s (also in default). default: Alpa's weak-scaling pairing of the GPT
// suite on p3.16xlarge (one model per mesh size, 1 to 64 V100s) plus LLaMA-2, and one model on
// 8 and one on 64 GPUs of DGX A100 and of DGX H100. all: every model on every mesh of every cluster.
std::vector<Row> RowsFor(const std::string& which) {
  if (which == "quick") {
    return {MakeRow("gpt-125m", "p3.16xlarge", "1x1"), MakeRow("gpt-125m", "p3.16xlarge", "1x4"),
            MakeRow("gpt-350m", "dgx-a100", "1x8")};
  }
  const std::vector<Row> moe_wresnet = {
      MakeRow("moe-1.3b", "p3.16xlarge", "1x4"), MakeRow("moe-2.4b", "p3.16xlarge", "1x8"),
      MakeRow("moe-10b", "p3.16xlarge", "2x8"), MakeRow("wresnet-1b", "p3.16xlarge", "1x4"),
      MakeRow("wresnet-2b", "p3.16xlarge", "1x8"), MakeRow("wresnet-4b", "p3.16xlarge", "2x8")};
  if (which == "moe-wresnet") return moe_wresnet;
  const std::vector<std::string> p3_meshes = {"1x1", "1x2", "1x4", "1x8", "2x8", "4x8", "8x8"};
  const std::vector<std::string> models = {"gpt-125m", "gpt-350m", "gpt-1.3b", "gpt-2.6b",
                                           "gpt-6.7b", "gpt-15b", "gpt-39b", "llama2-7b",
                                           "llama2-13b", "llama2-70b"};
  std::vector<Row> rows;
  if (which == "all") {
    for (const std::string& m : models) {
      for (const std::string& mesh : p3_meshes) rows.push_back(MakeRow(m, "p3.16xlarge", mesh));
      for (const char* c : {"dgx-a100", "dgx-h100"}) {
        for (const char* mesh : {"1x8", "8x8"}) rows.push_back(MakeRow(m, c, mesh));
      }
    }
    return rows;
  }
  for (size_t i = 0; i < p3_meshes.size(); ++i) {
    rows.push_back(MakeRow(models[i], "p3.16xlarge", p3_meshes[i]));
  }
  rows.push_back(MakeRow("llama2-7b", "p3.16xlarge", "2x8"));
  rows.push_back(MakeRow("llama2-13b", "p3.16xlarge", "4x8"));
  rows.push_back(MakeRow("llama2-70b", "p3.16xlarge", "8x8"));
  rows.push_back(MakeRow("llama2-7b", "dgx-a100", "1x8"));
  rows.push_back(MakeRow("gpt-39b", "dgx-a100", "8x8"));
  rows.push_back(MakeRow("gpt-6.7b", "dgx-h100", "1x8"));
  rows.push_back(MakeRow("llama2-70b", "dgx-h100", "8x8"));
  rows.insert(rows.end(), moe_wresnet.begin(), moe_wresnet.end());
  return rows;
}

// Model FLOPs of one step (PaLM's MFU count): 6 per matmul weight and token (every weight but
// the token and position embeddings, whose forward is a lookup) plus 12 * layers * hidden * seq
// per token for attention's two matmuls (forward and backward, causal mask not discounted).
// MoE and Wide-ResNet: the dot and convolution FLOPs of the generated step (forward and
// backward; MoE counts its experts at capacity and GShard's dispatch/combine einsums).
double ModelFlops(const models::ModelConfig& c, const Module& module) {
  if (c.family == models::Family::kMoe || c.family == models::Family::kWideResnet) {
    double flops = 0;
    for (const auto& inst : module.entry()->instructions()) {
      if (inst->opcode() == Opcode::kDot || inst->opcode() == Opcode::kConvolution) {
        flops += static_cast<double>(InstructionFlops(*inst));
      }
    }
    return flops;
  }
  int64_t matmul_params = models::ParameterCount(c) - c.vocab * c.hidden;
  if (c.family == models::Family::kGpt) matmul_params -= c.seq * c.hidden;
  double tokens = static_cast<double>(c.batch) * static_cast<double>(c.seq);
  return tokens * (6.0 * static_cast<double>(matmul_params) +
                   12.0 * static_cast<double>(c.layers * c.hidden * c.seq));
}

double Mfu(double flops, double step_s, const Cluster& cluster, int64_t devices) {
  return flops / (step_s * static_cast<double>(devices) * cluster.PeakFlops(PrimitiveType::kBF16));
}

std::string Ms(double s) { return fmt::format("{:.1f}", s * 1e3); }
std::string GiB(int64_t b) { return fmt::format("{:.1f}", static_cast<double>(b) / (1 << 30)); }

// What xpar's plan does with the weights and the AdamW state: how many (and how many bytes per
// device) stay fully replicated, the largest of them, and how the tokens are split.
std::string ParameterSummary(const Plan& plan) {
  int64_t weights = 0, replicated = 0, replicated_bytes = 0, state_replicated_bytes = 0;
  std::string largest, tokens;
  int64_t largest_bytes = 0;
  for (const InstructionPlan& ip : plan.instructions) {
    if (ip.inst->opcode() != Opcode::kParameter || !ip.inst->shape().IsArray()) continue;
    const ShardingSpec& spec = ip.strategy.outputs[0];
    ParameterRole role = ClassifyParameter(ip.inst->name(), ip.inst->shape().rank());
    if (role.tokens) tokens += fmt::format(" {} {}", ip.inst->name(), spec.ToString());
    if (role.tokens || ip.inst->shape().rank() == 0 || !spec.IsReplicated()) {
      weights += !role.tokens && !role.optimizer_state;
      continue;
    }
    if (role.optimizer_state) {
      state_replicated_bytes += ip.bytes_per_device;
      continue;
    }
    ++weights;
    ++replicated;
    replicated_bytes += ip.bytes_per_device;
    if (ip.bytes_per_device > largest_bytes) {
      largest_bytes = ip.bytes_per_device;
      largest = fmt::format("{} {}", ip.inst->name(), ip.inst->shape().ToString(false));
    }
  }
  return fmt::format("{} of {} weights replicated ({} GiB per device; largest {}), AdamW state "
                     "replicated {} GiB; tokens{}", replicated, weights, GiB(replicated_bytes),
                     largest.empty() ? "-" : largest, GiB(state_replicated_bytes), tokens);
}

struct RowResult {
  std::string summary;  // the summary table's row
  std::string details;  // the row's section
};

// What a row's figures are divided by (MFU) and which plan is best on each side.
struct RowState {
  double flops = 0;
  Cluster cluster;
  int64_t devices = 1;
  int64_t microbatches = 1;
  std::string details;
  struct Best {
    std::string name;  // "intra-op: tp8(a1)", "pipeline: 4 stages ..."
    double step_s = 0;
  };
  std::optional<Best> xpar, manual;
  std::string xpar_intra = "none fits", xpar_pipeline = "none fits";
  int intra_fitting = 0, intra_total = 0, pipe_fitting = 0, pipe_total = 0;

  double MfuOf(double step_s) const { return Mfu(flops, step_s, cluster, devices); }
  static void Consider(std::optional<Best>& best, std::string name, double step_s) {
    if (!best || step_s < best->step_s) best = Best{std::move(name), step_s};
  }
};

std::string ManualLine(const ManualPlanResult& r, double flops, const Cluster& cluster,
                       int64_t devices) {
  if (!r.plan) {
    bool over = r.status.code() == StatusCode::kResourceExhausted;
    return fmt::format("- {}: {} ({})\n", r.name, over ? "does not fit" : "not applicable",
                       r.status.message());
  }
  const Plan& p = *r.plan;
  return fmt::format("- {}: {} ms (compute {} + communication {}), MFU {:.1f}%, {} GiB{}; "
                     "build {:.1f} s, solve {:.1f} s\n", r.name, Ms(p.step_s()), Ms(p.compute_s),
                     Ms(p.communication_s), 100 * Mfu(flops, p.step_s(), cluster, devices),
                     GiB(p.peak_memory_bytes), r.fits() ? "" : " (over the limit)", p.build_s,
                     p.solve_s);
}

// Microbatches of a row's pipelined plans (both sides): the largest power of two up to 16 that
// divides the global batch.
int64_t RowMicrobatches(int64_t batch) {
  constexpr int64_t kMaxMicrobatches = 16;
  int64_t b = 1;
  while (b * 2 <= kMaxMicrobatches && batch % (b * 2) == 0) b *= 2;
  return b;
}

// xpar's intra-op plan and every manual intra-op plan (the same planner, pinned parameters).
Status IntraOpPart(Module& module, const CostModel& model, const Args& args, RowState& st) {
  AutoShardingOptions options;
  options.solve.time_limit_s = args.time_limit;
  Expected<Plan> plan = PlanAutoSharding(module, model, options);
  if (!plan.ok()) {
    if (plan.status().code() != StatusCode::kResourceExhausted) return plan.status();
    // The limit is below the least memory any sharding needs: no manual plan can fit either.
    st.details += fmt::format("xpar intra-op: {}\n", plan.status().message());
    return Status::Ok();
  }
  st.details += fmt::format("xpar intra-op: {} ms (compute {} + communication {}), {} GiB{}, {} "
                            "backend{}, build {:.1f} s, solve {:.1f} s; {}\n", Ms(plan->step_s()),
                            Ms(plan->compute_s), Ms(plan->communication_s),
                            GiB(plan->peak_memory_bytes),
                            plan->memory_ok ? "" : " (over the limit)", plan->backend,
                            plan->optimal ? " (optimal)" : "", plan->build_s, plan->solve_s,
                            ParameterSummary(*plan));
  if (plan->memory_ok) {
    st.xpar_intra = Ms(plan->step_s());
    RowState::Consider(st.xpar, "intra-op", plan->step_s());
  }
  ASSIGN_OR_RETURN(std::vector<ManualPlanResult> manual,
                   PlanManualBaselines(module, model, options));
  st.details += "Manual intra-op plans:\n";
  for (const ManualPlanResult& r : manual) {
    st.intra_fitting += r.fits();
    st.details += ManualLine(r, st.flops, st.cluster, st.devices);
  }
  st.intra_total = static_cast<int>(manual.size());
  if (const ManualPlanResult* best = BestManualPlan(manual)) {
    RowState::Consider(st.manual, "intra-op: " + best->name, best->plan->step_s());
  }
  return Status::Ok();
}

// "layers 0-3 on 2x8 (data parallel), ...; remat in stages 0, 1"
std::string StagesSummary(const pipeline::PipelineResult& r) {
  std::string out, remat;
  for (size_t s = 0; s < r.plan.stages.size(); ++s) {
    const pipeline::Stage& st = r.plan.stages[s];
    out += fmt::format("{}layers {}-{} on {}x{} ({})", s == 0 ? "" : ", ", st.first_layer,
                       st.last_layer, st.submesh.shape[0], st.submesh.shape[1],
                       r.stages[s].intra_op);
    if (!st.remat_layers.empty()) remat += fmt::format("{}{}", remat.empty() ? "" : ", ", s);
  }
  return out + (remat.empty() ? "; no remat" : "; remat in stages " + remat);
}

std::string PipelineLine(const pipeline::ManualPipelineResult& r, const RowState& st) {
  if (!r.fits()) return fmt::format("- {}: does not fit ({})\n", r.name, r.status.message());
  return fmt::format("- {}: {} ms, MFU {:.1f}%, {} GiB\n", r.name, Ms(r.latency_s),
                     100 * st.MfuOf(r.latency_s), GiB(r.peak_bytes));
}

// xpar's pipeline-pass plan (stage DP, remat auto) and every manual pipelined plan, both on the
// pass's analytic stage table with the row's microbatches.
Status PipelinePart(const Module& module, const Mesh& mesh, RowState& st) {
  pipeline::PipelineOptions o;
  o.num_hosts = mesh.rank() == 2 ? mesh.axis_size(0) : 1;
  o.devices_per_host = mesh.shape().back();
  o.microbatches = st.microbatches;
  o.remat = pipeline::RematMode::kAuto;
  ASSIGN_OR_RETURN(pipeline::PreparedPipeline prepared,
                   pipeline::PreparePipeline(module, st.cluster, o));
  Expected<pipeline::PipelineResult> dp =
      pipeline::PlanPreparedPipeline(module, st.cluster, o, prepared);
  if (dp.ok()) {
    const double t = dp->plan.estimated_step_seconds;
    st.xpar_pipeline = Ms(t);
    const size_t n = dp->plan.stages.size();
    RowState::Consider(st.xpar, fmt::format("pipeline: {} stage{}", n, n == 1 ? "" : "s"), t);
    st.details += fmt::format("xpar pipeline ({} layers, {} microbatches, 1F1B): {} ms, MFU "
                              "{:.1f}%: {}\n", prepared.clustering.num_layers, st.microbatches,
                              Ms(t), 100 * st.MfuOf(t), StagesSummary(*dp));
  } else if (dp.status().code() == StatusCode::kResourceExhausted) {
    st.details += fmt::format("xpar pipeline: {}\n", dp.status().message());
  } else {
    return dp.status();
  }
  ASSIGN_OR_RETURN(std::vector<pipeline::ManualPipelineResult> manual,
                   pipeline::PlanManualPipelines(module, st.cluster, o, prepared));
  st.details += "Manual pipelined plans (analytic stage table):\n";
  for (const pipeline::ManualPipelineResult& r : manual) {
    st.pipe_fitting += r.fits();
    st.details += PipelineLine(r, st);
  }
  st.pipe_total = static_cast<int>(manual.size());
  if (const pipeline::ManualPipelineResult* best = pipeline::BestManualPipeline(manual)) {
    RowState::Consider(st.manual, "pipeline: " + best->name, best->latency_s);
  }
  return Status::Ok();
}

std::string SummaryCells(const RowState& st) {
  std::string xpar = "none fits | | |";
  if (st.xpar) {
    xpar = fmt::format("{} | {} | {:.1f}% |", st.xpar->name, Ms(st.xpar->step_s),
                       100 * st.MfuOf(st.xpar->step_s));
  }
  std::string manual = "none fits | | | |";
  if (st.manual) {
    std::string ratio = "-";
    if (st.xpar) {
      double r = st.manual->step_s / st.xpar->step_s;
      ratio = fmt::format("{:.2f}{}", r, r < 1 ? " **xpar slower**" : "");
    }
    manual = fmt::format("{} | {} | {:.1f}% | {} |", st.manual->name, Ms(st.manual->step_s),
                         100 * st.MfuOf(st.manual->step_s), ratio);
  }
  return fmt::format("{} | {} | {} | {} {} {}/{}, {}/{} |", st.microbatches, st.xpar_intra,
                     st.xpar_pipeline, xpar, manual, st.intra_fitting, st.intra_total,
                     st.pipe_fitting, st.pipe_total);
}

Expected<RowResult> RunRow(Module& module, const models::ModelConfig& config, const Row& row,
                           const Args& args) {
  auto start = std::chrono::steady_clock::now();
  ASSIGN_OR_RETURN(Mesh mesh, Mesh::Parse(row.mesh));
  RowState st;
  ASSIGN_OR_RETURN(st.cluster, LoadCluster(row.cluster));
  ASSIGN_OR_RETURN(CostModel model, CostModel::Create(mesh, st.cluster));
  st.flops = ModelFlops(config, module);
  st.devices = mesh.num_devices();
  st.microbatches = RowMicrobatches(row.batch);
  RETURN_IF_ERROR(IntraOpPart(module, model, args, st));
  RETURN_IF_ERROR(PipelinePart(module, mesh, st));
  double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  RowResult out;
  out.details = std::move(st.details);
  out.summary = fmt::format("| {} | {} | {} | {} | {} {:.0f} |\n", row.model, row.batch,
                            row.cluster, row.mesh, SummaryCells(st), wall);
  return out;
}

bool ParseArgs(int argc, char** argv, Args& a) {
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    bool has_value = i + 1 < argc;
    if (k == "--rows" && has_value) {
      a.rows = argv[++i];
    } else if (k == "--only" && has_value) {
      std::stringstream ss(argv[++i]);
      for (std::string m; std::getline(ss, m, ',');) a.only.insert(m);
    } else if (k == "--time-limit" && has_value) {
      a.time_limit = std::atof(argv[++i]);
    } else {
      return false;
    }
  }
  return (a.rows == "quick" || a.rows == "default" || a.rows == "all" ||
          a.rows == "moe-wresnet") && a.time_limit > 0;
}

Expected<std::unique_ptr<Module>> Generate(const Row& row, models::ModelConfig* config) {
  ASSIGN_OR_RETURN(*config, models::FindModel(row.model));
  config->batch = row.batch;
  config->dtype = PrimitiveType::kBF16;
  return models::GenerateTrainingStep(*config, models::AdamWOptions());
}

constexpr const char* kSummaryHeader =
    "| model | batch | cluster | mesh | B | xpar intra-op ms | xpar pipeline ms | xpar plan | "
    "xpar step ms | xpar MFU | best manual plan | manual step ms | manual MFU | manual / xpar | "
    "manual plans fitting (intra-op, pipelined) | row wall s |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n";

int Main(int argc, char** argv) {
  Args args;
  if (!ParseArgs(argc, argv, args)) {
    fmt::print(stderr, "usage: plan_quality_bench [--rows quick|default|all|moe-wresnet] [--only M1,M2] "
                       "[--time-limit S]\n");
    return 1;
  }
  fmt::print("{}", kSummaryHeader);
  std::string details;
  for (const Row& row : RowsFor(args.rows)) {
    if (!args.only.empty() && !args.only.contains(row.model)) continue;
    models::ModelConfig config;
    auto module = Generate(row, &config);
    Expected<RowResult> r = module.ok() ? RunRow(**module, config, row, args)
                                        : Expected<RowResult>(module.status());
    if (!r.ok()) {
      fmt::print("| {} | {} | {} | {} | error: {} |\n", row.model, row.batch, row.cluster,
                 row.mesh, r.status().message());
      continue;
    }
    fmt::print("{}", r->summary);
    std::fflush(stdout);
    details += fmt::format("\n### {} (batch {}) on {} {}\n{}", row.model, row.batch, row.cluster,
                           row.mesh, r->details);
  }
  fmt::print("\n## Every plan, per row\n{}", details);
  return 0;
}

}  // namespace
}  // namespace xpar

int main(int argc, char** argv) { return xpar::Main(argc, argv); }
