// The stage cost table from single-layer intra-op plans (plan_pipeline_layers.h).
#include "plan_pipeline_layers.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <limits>
#include <map>
#include <memory>
#include <set>

#include "passes/pipeline/stage_assignment.h"
#include "passes/pipeline/stage_costs.h"
#include "passes/pipeline/stage_dp.h"
#include "plan_pipeline_stages.h"

namespace xpar {
namespace {

using Clock = std::chrono::steady_clock;
using pipeline::SubmeshShape;

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr int kFree = 0, kSharded = 1, kChoices = 2;
constexpr const char* kChoiceNames[kChoices] = {"intra-op plan of each layer",
                                                "intra-op plans, parameters sharded"};

double SecondsSince(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// One layer's plan on one shape, per microbatch.
struct LayerCost {
  bool ok = false;
  double seconds = kInf;
  int64_t static_bytes = 0;     // the step's parameters, per device
  int64_t saved_bytes = 0;      // forward values the backward reads, whole batch, per device
  int64_t transient_bytes = 0;  // the rest of the whole-batch peak
};

// Ops, shapes and operand distances in order: equal for a transformer's middle layers.
std::string Signature(const Module& m) {
  std::string sig;
  for (const auto& inst : m.entry()->instructions()) {
    sig += fmt::format("{} {}", HloOpcodeName(inst->opcode()), inst->shape().ToString(false));
    for (const Instruction* op : inst->operands()) sig += fmt::format(",{}", inst->index() - op->index());
    sig += ';';
  }
  return sig;
}

bool PowerOfTwo(int64_t n) { return n > 0 && (n & (n - 1)) == 0; }

std::vector<SubmeshShape> PricedShapes(int64_t hosts, int64_t per_host, int64_t layers) {
  const int64_t min_size = std::min(per_host, hosts * per_host / (2 * layers));
  std::vector<SubmeshShape> out;
  for (const SubmeshShape& s : pipeline::AlpaSubmeshShapes(hosts, per_host)) {
    if (PowerOfTwo(s.hosts) && s.size() >= min_size) out.push_back(s);
  }
  return out;
}

Expected<LayerCost> SolveLayer(const Module& program, const SubmeshShape& shape,
                               const Cluster& cluster, AutoShardingOptions o, bool sharded,
                               int64_t microbatches, const std::set<std::string>& step_params,
                               int64_t saved_bytes) {
  ASSIGN_OR_RETURN(CostModel model, CostModel::Create(Mesh({shape.hosts, shape.devices_per_host}),
                                                      cluster));
  o.shard_parameters = sharded;
  o.memory_limit_bytes = std::numeric_limits<int64_t>::max() / 4;  // judged per m below
  o.solve.progress = nullptr;
  Expected<Plan> plan = PlanAutoSharding(program, model, o);
  if (!plan.ok()) return plan.status();
  LayerCost c;
  c.ok = true;
  c.seconds = plan->step_s() / static_cast<double>(microbatches);
  c.static_bytes = std::min(StepParameterBytes(*plan, step_params), plan->peak_memory_bytes);
  // The saved activations split evenly over the submesh (the inter-op pass's estimate too).
  c.saved_bytes = saved_bytes / shape.size();
  c.transient_bytes =
      std::max<int64_t>(0, plan->peak_memory_bytes - c.static_bytes - c.saved_bytes);
  return c;
}

// The cheapest plan kind for layers [i..j] on shape q with m microbatches in flight.
struct StageCost {
  double seconds = kInf;
  int choice = -1;
  int64_t static_bytes = 0, activation_bytes = 0;  // per device, all m in flight
};

class LayerTable {
 public:
  // costs[d][q][c]: distinct layer d, shape q, choice c.
  std::vector<int> distinct_of_layer;
  std::vector<std::vector<std::array<LayerCost, kChoices>>> costs;
  int64_t microbatches = 1, limit = 0;

  // Memory per device: the layers' parameters, m/B of their saved activations and 1/B of the
  // largest transient peak of one layer.
  StageCost Cost(int64_t i, int64_t j, size_t q, int64_t m) const {
    StageCost best;
    const auto b = static_cast<double>(microbatches);
    for (int c = 0; c < kChoices; ++c) {
      double t = 0, fixed = 0, saved = 0, transient = 0;
      for (int64_t l = i; l <= j && t < kInf; ++l) {
        const LayerCost& lc = costs[distinct_of_layer[l]][q][c];
        t = lc.ok ? t + lc.seconds : kInf;
        fixed += static_cast<double>(lc.static_bytes);
        saved += static_cast<double>(lc.saved_bytes);
        transient = std::max(transient, static_cast<double>(lc.transient_bytes));
      }
      const double act = saved * static_cast<double>(m) / b + transient / b;
      if (t < best.seconds && fixed + act <= static_cast<double>(limit)) {
        best = {t, c, static_cast<int64_t>(fixed), static_cast<int64_t>(act)};
      }
    }
    return best;
  }
};

// Plans every distinct layer on every priced shape: the free plan, and the sharded one unless
// the free one already fits with every microbatch that can be in flight.
Status FillCosts(const Module& module, const pipeline::PipelineResult& r, const Cluster& cluster,
                 const pipeline::PipelineOptions& o, const std::vector<SubmeshShape>& shapes,
                 int64_t max_in_flight, LayerTable& table, LayerPlanStats& stats) {
  std::set<std::string> step_params;
  for (const Instruction* p : module.entry()->parameters()) step_params.insert(p->name());
  std::map<std::string, int> distinct;
  std::vector<std::unique_ptr<Module>> programs;
  std::vector<int64_t> saved;  // per distinct program, whole batch
  ASSIGN_OR_RETURN(CostModel one_device, CostModel::Create(Mesh({1}), cluster));
  ASSIGN_OR_RETURN(pipeline::ProgramRoles roles,
                   pipeline::ClassifyInstructions(module, o.loss_index));
  const std::vector<pipeline::LayerStats> layer_stats = pipeline::ComputeLayerStats(
      module, roles, r.layer_of_instruction, r.clustering.num_layers, one_device);
  for (int64_t l = 0; l < r.clustering.num_layers; ++l) {
    ASSIGN_OR_RETURN(std::unique_ptr<Module> p,
                     pipeline::ExtractLayers(module, r.layer_of_instruction, l, l));
    auto [it, fresh] = distinct.emplace(Signature(*p), static_cast<int>(programs.size()));
    if (fresh) {
      programs.push_back(std::move(p));
      saved.push_back(layer_stats[l].activation_bytes);
    }
    table.distinct_of_layer.push_back(it->second);
  }
  stats.distinct_layers = static_cast<int64_t>(programs.size());
  const double in_flight = static_cast<double>(max_in_flight) / static_cast<double>(o.microbatches);
  table.costs.assign(programs.size(), std::vector<std::array<LayerCost, kChoices>>(shapes.size()));
  for (size_t d = 0; d < programs.size(); ++d) {
    for (size_t q = 0; q < shapes.size(); ++q) {
      auto& cell = table.costs[d][q];
      for (int c = 0; c < kChoices; ++c) {
        const LayerCost& free = cell[kFree];
        const double free_bytes =
            static_cast<double>(free.static_bytes) +
            static_cast<double>(free.saved_bytes) * in_flight +
            static_cast<double>(free.transient_bytes) / static_cast<double>(o.microbatches);
        if (c == kSharded && free.ok && free_bytes <= static_cast<double>(table.limit)) break;
        ++stats.solves;
        Expected<LayerCost> lc = SolveLayer(*programs[d], shapes[q], cluster, o.auto_sharding,
                                            c == kSharded, o.microbatches, step_params,
                                            saved[d]);
        if (!lc.ok() && lc.status().code() != StatusCode::kResourceExhausted) return lc.status();
        if (lc.ok()) cell[c] = *lc;
      }
    }
  }
  return Status::Ok();
}

}  // namespace

namespace {

// The analytic pass as asked; when nothing fits, once more without a limit (its clustering and
// layer assignment are all that is used then). `fitted` is the first result.
Expected<pipeline::PipelineResult> AnalyticPass(const Module& module, const Cluster& cluster,
                                                const pipeline::PipelineOptions& o,
                                                Expected<pipeline::PipelineResult>& fitted) {
  pipeline::PipelineOptions options = o;
  options.cost_mode = pipeline::StageCostMode::kAnalytic;
  fitted = pipeline::PlanPipeline(module, cluster, options);
  if (fitted.ok()) return *fitted;
  if (fitted.status().code() != StatusCode::kResourceExhausted) return fitted.status();
  options.memory_limit_bytes = std::numeric_limits<int64_t>::max() / 4;
  options.remat = pipeline::RematMode::kNone;
  return pipeline::PlanPipeline(module, cluster, options);
}

pipeline::StageCostTable MakeTable(const LayerTable& table, int64_t layers,
                                   const std::vector<SubmeshShape>& shapes,
                                   int64_t max_in_flight) {
  pipeline::StageCostTable t(layers, shapes, max_in_flight);
  for (int64_t i = 0; i < layers; ++i) {
    for (int64_t j = i; j < layers; ++j) {
      for (size_t q = 0; q < shapes.size(); ++q) {
        for (int64_t m = 1; m <= max_in_flight; ++m) {
          t.set(i, j, static_cast<int64_t>(q), m, table.Cost(i, j, q, m).seconds);
        }
      }
    }
  }
  return t;
}

// `analytic` with its stages replaced by the DP's choice on the layer-plan table.
Expected<pipeline::PipelineResult> LayerPlanResult(pipeline::PipelineResult r,
                                                   const pipeline::StageDpResult& dp,
                                                   const LayerTable& table,
                                                   const std::vector<SubmeshShape>& shapes,
                                                   const pipeline::PipelineOptions& o) {
  // Forward : backward as in the analytic plan (a layer plan prices the two together).
  double forward = 0, total = 0;
  for (const pipeline::Stage& s : r.plan.stages) {
    forward += s.forward_seconds;
    total += s.forward_seconds + s.backward_seconds;
  }
  const double forward_share = total > 0 ? forward / total : 1.0 / 3;
  r.plan.stages.clear();
  r.stages.clear();
  r.plan.recompute.clear();  // layer plans keep every activation (no rematerialisation)
  r.remat = pipeline::RematMode::kNone;
  r.memory_limit_bytes = table.limit;
  r.plan.estimated_step_seconds = dp.latency_s;
  r.bounds_tried = dp.bounds_tried;
  r.bounds_total = dp.bounds_total;
  std::vector<SubmeshShape> chosen;
  for (const pipeline::DpStage& s : dp.stages) chosen.push_back(shapes[s.shape]);
  ASSIGN_OR_RETURN(std::vector<pipeline::Submesh> placed,
                   pipeline::PlaceSubmeshes(chosen, o.num_hosts, o.devices_per_host));
  std::vector<int64_t> first_layers;
  for (size_t s = 0; s < dp.stages.size(); ++s) {
    const pipeline::DpStage& d = dp.stages[s];
    const StageCost c = table.Cost(d.first_layer, d.last_layer, d.shape,
                                   std::min(d.in_flight, o.microbatches));
    pipeline::Stage st;
    st.first_layer = d.first_layer;
    st.last_layer = d.last_layer;
    st.submesh = placed[s];
    st.forward_seconds = c.seconds * forward_share;
    st.backward_seconds = c.seconds - st.forward_seconds;
    st.peak_bytes = c.static_bytes + c.activation_bytes;
    r.plan.stages.push_back(st);
    pipeline::StageReport rep;
    rep.intra_op = c.choice >= 0 ? kChoiceNames[c.choice] : "-";
    rep.in_flight = d.in_flight;
    rep.static_bytes = c.static_bytes;
    rep.activation_bytes = c.activation_bytes;
    rep.activation_bytes_without_remat = c.activation_bytes;
    r.stages.push_back(rep);
    first_layers.push_back(d.first_layer);
  }
  r.plan.stage_of_instruction = pipeline::StagesOfInstructions(
      r.layer_of_instruction, first_layers, r.clustering.num_layers);
  for (int32_t s : r.plan.stage_of_instruction) ++r.stages[s].instructions;
  return r;
}

}  // namespace

Expected<pipeline::PipelineResult> PlanPipelineWithLayerPlans(
    const Module& module, const Cluster& cluster, const pipeline::PipelineOptions& o,
    LayerPlanStats* stats) {
  Expected<pipeline::PipelineResult> fitted = InvalidArgument("not planned");
  ASSIGN_OR_RETURN(pipeline::PipelineResult analytic, AnalyticPass(module, cluster, o, fitted));
  stats->analytic_s = analytic.clustering_s + analytic.cost_table_s + analytic.dp_s;
  stats->analytic_step_s = fitted.ok() ? fitted->plan.estimated_step_seconds : kInf;
  const int64_t layers = analytic.clustering.num_layers;
  const int64_t devices = o.num_hosts * o.devices_per_host;
  const std::vector<SubmeshShape> shapes = PricedShapes(o.num_hosts, o.devices_per_host, layers);
  const int64_t max_in_flight = std::min({o.microbatches, layers, devices});
  stats->shapes = static_cast<int64_t>(shapes.size());
  LayerTable table;
  table.microbatches = o.microbatches;
  table.limit = o.memory_limit_bytes ? *o.memory_limit_bytes
                : cluster.shared_machine ? cluster.memory_bytes / devices
                                         : cluster.memory_bytes;
  auto t0 = Clock::now();
  RETURN_IF_ERROR(FillCosts(module, analytic, cluster, o, shapes, max_in_flight, table, *stats));
  const pipeline::StageCostTable t = MakeTable(table, layers, shapes, max_in_flight);
  stats->solve_wall_s = SecondsSince(t0);
  t0 = Clock::now();
  pipeline::StageDpOptions dpo;
  dpo.microbatches = o.microbatches;
  dpo.num_devices = devices;
  dpo.num_stages = o.num_stages;
  Expected<pipeline::StageDpResult> solved = pipeline::SolveStageDp(t, dpo);
  stats->dp_s = SecondsSince(t0);
  if (!solved.ok() && solved.status().code() != StatusCode::kResourceExhausted) {
    return solved.status();
  }
  // The analytic plan (with its rematerialisation) only when no layer-plan one fits: the two
  // tables price with different models (the analytic one counts no intra-op resharding), so
  // their estimates are not compared.
  stats->layer_plans_step_s = solved.ok() ? solved->latency_s : kInf;
  if (fitted.ok() && !solved.ok()) {
    stats->chose_analytic = true;
    return *fitted;
  }
  if (!solved.ok()) return solved.status();
  ASSIGN_OR_RETURN(pipeline::PipelineResult r,
                   LayerPlanResult(std::move(analytic), *solved, table, shapes, o));
  r.table_entries = layers * (layers + 1) / 2 * static_cast<int64_t>(shapes.size());
  r.solves = stats->solves;
  r.cost_table_s = stats->solve_wall_s;
  r.dp_s = stats->dp_s;
  return r;
}

}  // namespace xpar
