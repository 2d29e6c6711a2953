// PlanPipeline: the inter-op pass's steps in order, each timed.
#include "passes/pipeline/pipeline_planner.h"

#include <algorithm>
#include <chrono>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "support/units.h"

#include "passes/pipeline/stage_assignment.h"
#include "passes/pipeline/stage_dp.h"

namespace xpar::pipeline {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

Status CheckOptions(const PipelineOptions& o) {
  if (o.num_hosts < 1 || o.devices_per_host < 1) {
    return InvalidArgument("the cluster needs at least one host of one device (got {}x{})",
                           o.num_hosts, o.devices_per_host);
  }
  if (o.microbatches < 1) return InvalidArgument("microbatches must be at least 1");
  if (o.num_stages < 0) return InvalidArgument("the number of stages must be positive or 0");
  return Status::Ok();
}

int64_t MemoryLimit(const Cluster& cluster, const PipelineOptions& o) {
  if (o.memory_limit_bytes) return *o.memory_limit_bytes;
  // A shared machine's memory is split among its simulated devices.
  return cluster.shared_machine ? cluster.memory_bytes / (o.num_hosts * o.devices_per_host)
                                : cluster.memory_bytes;
}

// Fills the plan's stages and their reports from the DP's choice.
Status FillStages(const StageDpResult& dp, const std::vector<SubmeshShape>& shapes,
                  const PipelineOptions& o, StageCostBuilder& costs, PipelineResult& r) {
  std::vector<SubmeshShape> chosen;
  for (const DpStage& s : dp.stages) chosen.push_back(shapes[s.shape]);
  ASSIGN_OR_RETURN(std::vector<Submesh> placed,
                   PlaceSubmeshes(chosen, o.num_hosts, o.devices_per_host));
  std::vector<int64_t> first_layers;
  for (size_t s = 0; s < dp.stages.size(); ++s) {
    const DpStage& d = dp.stages[s];
    ASSIGN_OR_RETURN(StageChoice c, costs.Choose(d.first_layer, d.last_layer, chosen[s],
                                                 std::min(d.in_flight, o.microbatches)));
    Stage stage;
    stage.first_layer = d.first_layer;
    stage.last_layer = d.last_layer;
    stage.submesh = placed[s];
    stage.forward_seconds = c.forward_s;
    stage.backward_seconds = c.backward_s;
    stage.transfer_seconds = c.transfer_s;
    stage.peak_bytes = c.static_bytes + d.in_flight * c.activation_bytes_per_microbatch;
    for (int64_t l = d.first_layer; l <= d.last_layer && l < kMaxRematLayers; ++l) {
      if (c.remat_mask >> l & 1) stage.remat_layers.push_back(l);
    }
    r.plan.stages.push_back(stage);
    r.stages.push_back({c.summary, d.in_flight, c.static_bytes,
                        d.in_flight * c.activation_bytes_per_microbatch,
                        d.in_flight * c.activation_bytes_without_remat, c.recompute_s, 0});
    first_layers.push_back(d.first_layer);
  }
  r.plan.stage_of_instruction =
      StagesOfInstructions(r.layer_of_instruction, first_layers, r.clustering.num_layers);
  for (int32_t s : r.plan.stage_of_instruction) ++r.stages[s].instructions;
  return Status::Ok();
}

}  // namespace

Expected<PreparedPipeline> PreparePipeline(const Module& module, const Cluster& cluster,
                                           const PipelineOptions& o) {
  RETURN_IF_ERROR(CheckOptions(o));
  // Only checks that the cluster has the devices.
  RETURN_IF_ERROR(CostModel::Create(Mesh({o.num_hosts, o.devices_per_host}), cluster).status());
  PreparedPipeline p;
  p.memory_limit_bytes = MemoryLimit(cluster, o);
  auto t0 = Clock::now();
  ASSIGN_OR_RETURN(CostModel one_device, CostModel::Create(Mesh({1}), cluster));
  ASSIGN_OR_RETURN(p.roles, ClassifyInstructions(module, o.loss_index));
  ASSIGN_OR_RETURN(p.clustering, ClusterLayers(module, p.roles, one_device, o.clustering));
  ASSIGN_OR_RETURN(p.assignment, AssignLayers(module, p.roles, p.clustering));
  p.clustering_s = SecondsSince(t0);
  t0 = Clock::now();
  p.stats = ComputeLayerStats(module, p.roles, p.assignment.layer, p.clustering.num_layers,
                              one_device);
  p.stats_s = SecondsSince(t0);
  return p;
}

StageCostOptions MakeStageCostOptions(const PipelineOptions& o, const PreparedPipeline& p) {
  StageCostOptions co;
  co.mode = o.cost_mode;
  co.microbatches = o.microbatches;
  co.memory_limit_bytes = p.memory_limit_bytes;
  co.auto_sharding = o.auto_sharding;
  co.boundary_bytes = p.clustering.boundary_bytes;
  co.stages_cross_hosts = o.num_hosts > 1;
  // Per-layer remat masks cover kMaxRematLayers layers; auto plans without beyond that.
  co.remat = o.remat == RematMode::kAuto && p.clustering.num_layers > kMaxRematLayers
                 ? RematMode::kNone
                 : o.remat;
  return co;
}

Expected<PipelineResult> PlanPipeline(const Module& module, const Cluster& cluster,
                                      const PipelineOptions& o) {
  ASSIGN_OR_RETURN(PreparedPipeline prepared, PreparePipeline(module, cluster, o));
  return PlanPreparedPipeline(module, cluster, o, prepared);
}

Expected<PipelineResult> PlanPreparedPipeline(const Module& module, const Cluster& cluster,
                                              const PipelineOptions& o,
                                              const PreparedPipeline& prepared) {
  RETURN_IF_ERROR(CheckOptions(o));
  const int64_t devices = o.num_hosts * o.devices_per_host;
  PipelineResult r;
  r.memory_limit_bytes = prepared.memory_limit_bytes;
  r.clustering = prepared.clustering;
  r.layer_of_instruction = prepared.assignment.layer;
  r.from_attribute = prepared.assignment.from_attribute;
  r.inferred = prepared.assignment.inferred;
  r.clustering_s = prepared.clustering_s;

  auto t0 = Clock::now();
  const int64_t num_layers = r.clustering.num_layers;
  StageCostOptions co = MakeStageCostOptions(o, prepared);
  r.remat = co.remat;
  StageCostBuilder costs(module, cluster, prepared.stats, r.layer_of_instruction, co);
  const std::vector<SubmeshShape> shapes = AlpaSubmeshShapes(o.num_hosts, o.devices_per_host);
  const int64_t max_in_flight = std::min({o.microbatches, num_layers, devices});
  ASSIGN_OR_RETURN(StageCostTable table, costs.Build(shapes, max_in_flight));
  r.table_entries = num_layers * (num_layers + 1) / 2 * static_cast<int64_t>(shapes.size());
  r.solves = costs.solves();
  r.cost_table_s = prepared.stats_s + SecondsSince(t0);

  t0 = Clock::now();
  StageDpOptions dpo;
  dpo.microbatches = o.microbatches;
  dpo.num_devices = devices;
  dpo.num_stages = o.num_stages;
  Expected<StageDpResult> solved = SolveStageDp(table, dpo);
  if (!solved.ok() && solved.status().code() == StatusCode::kResourceExhausted &&
      co.remat == RematMode::kNone) {
    return ResourceExhausted("{}; rematerialisation is off (--remat auto would recompute "
                             "activations in the backward instead of stashing them)",
                             solved.status().message());
  }
  if (!solved.ok()) return solved.status();
  StageDpResult dp = std::move(*solved);
  r.dp_s = SecondsSince(t0);
  r.bounds_tried = dp.bounds_tried;
  r.bounds_total = dp.bounds_total;
  r.plan.microbatches = o.microbatches;
  r.plan.schedule = Schedule::k1F1B;
  r.plan.estimated_step_seconds = dp.latency_s;
  RETURN_IF_ERROR(FillStages(dp, shapes, o, costs, r));
  std::vector<bool> remat_layer(num_layers, false);
  for (const Stage& s : r.plan.stages) {
    for (int64_t l : s.remat_layers) remat_layer[l] = true;
  }
  r.plan.recompute = RecomputedInstructions(module, prepared.roles, r.layer_of_instruction,
                                            remat_layer);
  return r;
}

std::string RematReport(const PipelineResult& r) {
  const std::string head = fmt::format("rematerialisation ({}):", RematModeName(r.remat));
  std::string out;
  for (size_t s = 0; s < r.plan.stages.size(); ++s) {
    const Stage& st = r.plan.stages[s];
    if (st.remat_layers.empty()) continue;
    uint64_t mask = 0;
    for (int64_t l : st.remat_layers) mask |= uint64_t{1} << l;
    out += fmt::format("{} stage {} recomputes layers {} (+{:.4f} ms per microbatch); activations "
                       "{} per device instead of {}\n",
                       head, s, FormatLayerSet(mask), r.stages[s].recompute_s * 1e3,
                       HumanBytes(r.stages[s].activation_bytes),
                       HumanBytes(r.stages[s].activation_bytes_without_remat));
  }
  if (!out.empty()) return out;
  return r.remat == RematMode::kNone ? head + " off\n"
                                     : head + " none, every stage fits without it\n";
}

}  // namespace xpar::pipeline
