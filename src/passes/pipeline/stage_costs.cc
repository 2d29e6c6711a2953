// The per-layer statistics and the stage cost table (analytic or by the intra-op planner).
#include "passes/pipeline/stage_costs.h"

#include <algorithm>
#include <limits>
#include <set>

namespace xpar::pipeline {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Parameters that are weights: updated in place (aliased to an output) when the module says
// which are, else every floating-point one.
std::vector<bool> WeightParameters(const Module& module) {
  const Computation& entry = *module.entry();
  std::vector<bool> weight(entry.parameters().size(), false);
  std::set<int64_t> aliased;
  for (const IoAlias& a : module.input_output_alias()) aliased.insert(a.parameter_number);
  for (size_t p = 0; p < weight.size(); ++p) {
    const Instruction* param = entry.parameters()[p];
    if (param == nullptr) continue;
    weight[p] = aliased.empty() ? (param->shape().IsArray() && IsFloating(param->shape().type()))
                                : aliased.count(static_cast<int64_t>(p)) > 0;
  }
  return weight;
}

Mesh SubmeshMesh(const SubmeshShape& q) { return Mesh({q.hosts, q.devices_per_host}); }

}  // namespace

std::vector<LayerStats> ComputeLayerStats(const Module& module, const ProgramRoles& roles,
                                          const std::vector<int32_t>& layer, int64_t num_layers,
                                          const CostModel& model) {
  std::vector<LayerStats> stats(num_layers);
  std::vector<bool> weight = WeightParameters(module);
  for (const auto& inst : module.entry()->instructions()) {
    const int64_t i = inst->index();
    LayerStats& s = stats[layer[i]];
    const int64_t bytes = inst->shape().ByteSize();
    if (inst->opcode() == Opcode::kParameter) {
      const int64_t p = inst->attrs().parameter_number;
      bool forward_use = false;
      for (int64_t u : roles.users[i]) forward_use = forward_use || roles.role[u] == Role::kForward;
      bool is_weight = p >= 0 && p < static_cast<int64_t>(weight.size()) && weight[p];
      (is_weight && forward_use ? s.weight_bytes : s.other_parameter_bytes) += bytes;
      continue;
    }
    const double seconds = InstructionSeconds(*inst, model);
    switch (roles.role[i]) {
      case Role::kForward:
        s.forward_s += seconds;
        for (int64_t u : roles.users[i]) {
          if (roles.role[u] == Role::kBackward) {
            s.activation_bytes += bytes;
            break;
          }
        }
        break;
      case Role::kSource:  // microbatch-independent: once per step, counted with the forward
        s.forward_s += seconds;
        break;
      case Role::kBackward:
        s.backward_s += seconds;
        break;
    }
  }
  std::vector<LayerRematStats> remat = ComputeLayerRematStats(module, roles, layer, num_layers,
                                                              model);
  std::vector<LayerParallelStats> parallel =
      ComputeLayerParallelStats(module, roles, layer, num_layers, model, weight);
  for (int64_t l = 0; l < num_layers; ++l) {
    stats[l].remat_stash_bytes = remat[l].stash_bytes;
    stats[l].recompute_s = remat[l].recompute_s;
    stats[l].parallel = parallel[l];
  }
  return stats;
}

StageCostBuilder::StageCostBuilder(const Module& module, const Cluster& cluster,
                                   std::vector<LayerStats> stats,
                                   std::vector<int32_t> layer_of_instruction,
                                   StageCostOptions options)
    : module_(module), cluster_(cluster), stats_(std::move(stats)),
      layer_(std::move(layer_of_instruction)), options_(std::move(options)) {}

Expected<std::vector<StageChoice>> StageCostBuilder::AutoShardingChoice(int64_t i, int64_t j,
                                                                        const CostModel& model) {
  ASSIGN_OR_RETURN(std::unique_ptr<Module> stage, ExtractLayers(module_, layer_, i, j));
  AutoShardingOptions o = options_.auto_sharding;
  // The stage program holds the whole batch's activations; the limit applies to the
  // microbatched stage below (Choose), so the intra-op plan itself is only timed.
  o.memory_limit_bytes = std::numeric_limits<int64_t>::max() / 4;
  ++solves_;
  Expected<Plan> plan = PlanAutoSharding(*stage, model, o);
  if (!plan.ok() && plan.status().code() == StatusCode::kResourceExhausted) {
    return std::vector<StageChoice>{};  // does not fit at all
  }
  if (!plan.ok()) return plan.status();
  const auto b = static_cast<double>(options_.microbatches);
  int64_t activations = 0;
  for (int64_t l = i; l <= j; ++l) activations += stats_[l].activation_bytes;
  StageChoice c;
  double forward = 0, backward = 0;
  for (int64_t l = i; l <= j; ++l) forward += stats_[l].forward_s, backward += stats_[l].backward_s;
  // The plan prices the whole batch once; per microbatch 1/B of it, split as the layers' own
  // forward and backward costs are.
  c.seconds = plan->step_s() / b;
  c.forward_s = forward + backward > 0 ? c.seconds * forward / (forward + backward) : c.seconds;
  c.backward_s = c.seconds - c.forward_s;
  for (const InstructionPlan& ip : plan->instructions) {
    if (ip.inst->opcode() == Opcode::kParameter) c.static_bytes += ip.bytes_per_device;
  }
  c.activation_bytes_per_microbatch = static_cast<int64_t>(
      static_cast<double>(activations) / (b * static_cast<double>(model.mesh().num_devices())));
  c.stash_devices = model.mesh().num_devices();
  c.transfer_s = TransferSeconds(i, model.mesh().num_devices());
  c.summary = fmt::format("intra-op plan: compute {:.3f} ms, communication {:.3f} ms per step, "
                          "{} reshardings, {} solver{}",
                          plan->compute_s * 1e3, plan->communication_s * 1e3,
                          plan->reshardings.size(), plan->backend, plan->optimal ? " (optimal)" : "");
  return std::vector<StageChoice>{c};
}

Expected<std::vector<StageChoice>> StageCostBuilder::Choices(int64_t i, int64_t j,
                                                             const SubmeshShape& shape) {
  auto key = std::make_tuple(i, j, shape.size());
  if (auto it = cache_.find(key); it != cache_.end()) return it->second;
  ASSIGN_OR_RETURN(CostModel model, CostModel::Create(SubmeshMesh(shape), cluster_));
  model.set_latency_model(CostModel::LatencyModel::kPerCollective);
  std::vector<StageChoice> choices;
  if (options_.mode == StageCostMode::kAnalytic) {
    ASSIGN_OR_RETURN(choices, AnalyticChoices(i, j, shape));
  } else {
    ASSIGN_OR_RETURN(choices, AutoShardingChoice(i, j, model));
  }
  for (StageChoice& c : choices) c.activation_bytes_without_remat = c.activation_bytes_per_microbatch;
  cache_[key] = choices;
  return choices;
}

namespace {

// Per microbatch and device: the whole batch's `bytes` over B microbatches and d devices.
int64_t PerMicrobatch(int64_t bytes, int64_t microbatches, int64_t devices) {
  return static_cast<int64_t>(static_cast<double>(bytes) /
                              (static_cast<double>(microbatches) * static_cast<double>(devices)));
}

}  // namespace

uint64_t LayerRangeMask(int64_t i, int64_t j) {
  uint64_t mask = 0;
  for (int64_t l = i; l <= j && l < kMaxRematLayers; ++l) mask |= uint64_t{1} << l;
  return mask;
}

RematPoint StageCostBuilder::PointOf(int64_t i, int64_t j, uint64_t mask) const {
  RematPoint p;
  p.mask = mask & LayerRangeMask(i, j);
  for (int64_t l = i; l <= j; ++l) {
    const bool remat = l < kMaxRematLayers && (p.mask >> l & 1);
    p.stash_bytes += remat ? stats_[l].remat_stash_bytes : stats_[l].activation_bytes;
    if (remat) p.extra_s += stats_[l].recompute_s;
  }
  return p;
}

StageChoice StageCostBuilder::Realize(const StageChoice& c, const RematPoint& p,
                                      int64_t devices) const {
  if (p.mask == 0) return c;
  const double bd = static_cast<double>(options_.microbatches) * static_cast<double>(devices);
  StageChoice r = c;
  r.remat_mask = p.mask;
  r.recompute_s = p.extra_s / bd * c.recompute_factor;
  r.backward_s += r.recompute_s;
  r.seconds += r.recompute_s;
  r.activation_bytes_per_microbatch =
      PerMicrobatch(p.stash_bytes, options_.microbatches, c.stash_devices);
  return r;
}

const RematFrontier& StageCostBuilder::Frontier(int64_t i, int64_t j) {
  auto key = std::make_pair(i, j);
  if (auto it = frontiers_.find(key); it != frontiers_.end()) return it->second;
  RematFrontier f;
  int64_t from = i;
  if (auto prev = frontiers_.find({i, j - 1}); j > i && prev != frontiers_.end()) {
    f = prev->second;
    from = j;
  }
  for (int64_t l = from; l <= j; ++l) {
    LayerRematStats remat{stats_[l].remat_stash_bytes, stats_[l].recompute_s, 0};
    f.Extend(l, stats_[l].activation_bytes, remat);
  }
  return frontiers_[key] = std::move(f);
}

std::optional<StageChoice> StageCostBuilder::Best(const std::vector<StageChoice>& choices,
                                                  int64_t i, int64_t j, int64_t devices,
                                                  int64_t in_flight) {
  const int64_t limit = options_.memory_limit_bytes;
  std::optional<StageChoice> best;
  auto consider = [&](const StageChoice& c) {
    if (c.fits(in_flight, limit) && (!best || c.seconds < best->seconds)) best = c;
  };
  for (const StageChoice& c : choices) {
    switch (options_.remat) {
      case RematMode::kNone:
        consider(c);
        break;
      case RematMode::kAll:
        consider(Realize(c, PointOf(i, j, LayerRangeMask(i, j)), devices));
        break;
      case RematMode::kAuto:
        if (c.fits(in_flight, limit)) {  // memory is ample: nothing is rematerialised
          consider(c);
          break;
        }
        // The least extra time that fits (points ascend in time, descend in stash).
        for (const RematPoint& p : Frontier(i, j).points()) {
          const int64_t act = PerMicrobatch(p.stash_bytes, options_.microbatches, c.stash_devices);
          if (c.static_bytes + in_flight * act > limit) continue;
          consider(Realize(c, p, devices));
          break;
        }
        break;
    }
  }
  return best;
}

Expected<StageChoice> StageCostBuilder::Choose(int64_t i, int64_t j, const SubmeshShape& shape,
                                               int64_t in_flight) {
  ASSIGN_OR_RETURN(std::vector<StageChoice> choices, Choices(i, j, shape));
  std::optional<StageChoice> best = Best(choices, i, j, shape.size(), in_flight);
  if (!best) {
    return ResourceExhausted("layers {}..{} do not fit on a {} submesh with {} microbatches in "
                             "flight", i, j, shape.ToString(), in_flight);
  }
  return *best;
}

Expected<std::vector<StageChoice>> StageCostBuilder::ChoicesWithRemat(int64_t i, int64_t j,
                                                                      const SubmeshShape& shape,
                                                                      uint64_t mask) {
  ASSIGN_OR_RETURN(std::vector<StageChoice> choices, Choices(i, j, shape));
  for (StageChoice& c : choices) c = Realize(c, PointOf(i, j, mask), shape.size());
  return choices;
}

Expected<StageChoice> StageCostBuilder::ChooseWithRemat(int64_t i, int64_t j,
                                                        const SubmeshShape& shape,
                                                        int64_t in_flight, uint64_t mask) {
  ASSIGN_OR_RETURN(std::vector<StageChoice> choices, ChoicesWithRemat(i, j, shape, mask));
  std::optional<StageChoice> best;
  for (const StageChoice& r : choices) {
    if (r.fits(in_flight, options_.memory_limit_bytes) && (!best || r.seconds < best->seconds)) {
      best = r;
    }
  }
  if (!best) {
    return ResourceExhausted("layers {}..{} with remat layers {} do not fit on a {} submesh",
                             i, j, FormatLayerSet(mask), shape.ToString());
  }
  return *best;
}

Expected<StageCostTable> StageCostBuilder::Build(const std::vector<SubmeshShape>& shapes,
                                                 int64_t max_in_flight) {
  const auto num_layers = static_cast<int64_t>(stats_.size());
  if (options_.remat != RematMode::kNone && num_layers > kMaxRematLayers) {
    return InvalidArgument("rematerialisation per layer (remat {}) handles at most {} layers, "
                           "not {}; cluster into fewer layers or use remat none",
                           RematModeName(options_.remat), kMaxRematLayers, num_layers);
  }
  StageCostTable table(num_layers, shapes, max_in_flight);
  for (int64_t i = 0; i < num_layers; ++i) {
    for (int64_t j = i; j < num_layers; ++j) {
      for (size_t q = 0; q < shapes.size(); ++q) {
        ASSIGN_OR_RETURN(std::vector<StageChoice> choices, Choices(i, j, shapes[q]));
        for (int64_t m = 1; m <= max_in_flight; ++m) {
          std::optional<StageChoice> best = Best(choices, i, j, shapes[q].size(), m);
          table.set(i, j, static_cast<int64_t>(q), m, best ? best->seconds : kInf,
                    best ? 2 * best->transfer_s : 0);
        }
      }
    }
  }
  return table;
}

}  // namespace xpar::pipeline
