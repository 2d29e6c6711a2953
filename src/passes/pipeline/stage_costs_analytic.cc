// The analytic stage table's intra-op choices: dp x tp factorisations of a submesh (ZeRO 0/3,
// expert parallelism), priced from the layers' roofline seconds, bytes and parallel statistics
// (tensor_parallel.h), plus the inter-stage transfer of the stage's input.
//
//   layers 0-3 on 1x8, kind {tp 4, zero3}: dp2 tp4 zero3 = compute (split / 4 + rest) / (B x 2),
//   4 all-reduces per block (2 forward, 2 backward) over 4 devices, weights / 4 gathered over 2
#include <fmt/format.h>

#include "passes/pipeline/stage_costs.h"

namespace xpar::pipeline {
namespace {

// `count` collectives of `kind` that move `total_bytes` per device between them.
double Collectives(const CostModel& model, CollectiveKind kind, int64_t count, double total_bytes,
                   const std::vector<int64_t>& axes) {
  if (count <= 0 || total_bytes <= 0) return 0;
  const auto bytes = static_cast<int64_t>(total_bytes / static_cast<double>(count));
  return static_cast<double>(count) * model.CollectiveSeconds(kind, bytes, axes);
}

std::string Summary(const IntraOpKind& k, int64_t devices) {
  if (devices == 1) return "one device";
  if (k.tp == 1 && !k.ep) return k.zero3 ? "ZeRO-3 sharded parameters" : "data parallel";
  return KindName(k, devices).substr(1);
}

}  // namespace

std::vector<IntraOpKind> AnalyticKinds(const SubmeshShape& shape, bool experts) {
  const int64_t d = shape.size();
  std::vector<IntraOpKind> kinds;
  for (bool ep : {false, true}) {
    if (ep && !experts) break;
    for (int64_t tp = 1; tp <= shape.devices_per_host; tp *= 2) {
      if (shape.devices_per_host % tp != 0) break;
      for (bool zero3 : {false, true}) {
        if ((zero3 || ep) && d / tp == 1) continue;
        kinds.push_back({tp, zero3, ep});
      }
    }
  }
  return kinds;
}

std::string KindName(const IntraOpKind& k, int64_t devices) {
  if (devices == 1) return "";
  const int64_t dp = devices / k.tp;
  std::string out = fmt::format(" dp{}", dp);
  if (k.tp > 1) out += fmt::format(" tp{}", k.tp);
  if (k.ep) out += fmt::format(" ep{}", dp);
  if (k.zero3) out += " zero3";
  return out;
}

bool StageCostBuilder::has_experts() const {
  for (const LayerStats& s : stats_) {
    if (s.parallel.expert_weight_bytes > 0) return true;
  }
  return false;
}

double StageCostBuilder::TransferSeconds(int64_t first, int64_t devices) const {
  // On a shared machine (cpu-local) the stages are threads or ranks of one host that hand their
  // values over in memory; the link figures there are thread hand-offs, not a transfer.
  if (cluster_.shared_machine) return 0;
  if (first <= 0 || first >= static_cast<int64_t>(options_.boundary_bytes.size())) return 0;
  const Link& link = options_.stages_cross_hosts ? cluster_.inter_node : cluster_.intra_node;
  const double bytes = static_cast<double>(options_.boundary_bytes[first]) /
                       (static_cast<double>(options_.microbatches) * static_cast<double>(devices));
  return link.alpha_s + bytes / link.beta_bytes_per_s;
}

Expected<std::vector<StageChoice>> StageCostBuilder::AnalyticChoices(int64_t i, int64_t j,
                                                                     const SubmeshShape& shape) {
  LayerStats sum;
  for (int64_t l = i; l <= j; ++l) {
    const LayerStats& s = stats_[l];
    sum.forward_s += s.forward_s;
    sum.backward_s += s.backward_s;
    sum.weight_bytes += s.weight_bytes;
    sum.other_parameter_bytes += s.other_parameter_bytes;
    sum.activation_bytes += s.activation_bytes;
    LayerParallelStats& p = sum.parallel;
    p.forward_split_s += s.parallel.forward_split_s;
    p.backward_split_s += s.parallel.backward_split_s;
    p.split_weight_bytes += s.parallel.split_weight_bytes;
    p.expert_weight_bytes += s.parallel.expert_weight_bytes;
    p.split_activation_bytes += s.parallel.split_activation_bytes;
    p.forward_all_reduces += s.parallel.forward_all_reduces;
    p.backward_all_reduces += s.parallel.backward_all_reduces;
    p.forward_all_reduce_bytes += s.parallel.forward_all_reduce_bytes;
    p.backward_all_reduce_bytes += s.parallel.backward_all_reduce_bytes;
    p.all_to_alls += s.parallel.all_to_alls;
    p.all_to_all_bytes += s.parallel.all_to_all_bytes;
  }
  std::vector<StageChoice> choices;
  for (const IntraOpKind& kind : AnalyticKinds(shape, has_experts())) {
    ASSIGN_OR_RETURN(StageChoice c, AnalyticChoice(sum, shape, kind, i));
    choices.push_back(std::move(c));
  }
  return choices;
}

Expected<StageChoice> StageCostBuilder::AnalyticChoice(const LayerStats& sum,
                                                       const SubmeshShape& q,
                                                       const IntraOpKind& k, int64_t first) {
  const int64_t d = q.size(), dp = d / k.tp;
  const Mesh mesh = k.tp == 1 ? Mesh({q.hosts, q.devices_per_host})
                              : Mesh({q.hosts, q.devices_per_host / k.tp, k.tp});
  ASSIGN_OR_RETURN(CostModel model, CostModel::Create(mesh, cluster_));
  model.set_latency_model(CostModel::LatencyModel::kPerCollective);
  const std::vector<int64_t> dp_axes = {0, 1}, tp_axes = {2};
  const auto b = static_cast<double>(options_.microbatches), t = static_cast<double>(k.tp);
  const double bdp = b * static_cast<double>(dp);
  const LayerParallelStats& p = sum.parallel;
  // Per TP rank: the split part / tp and the rest whole.
  auto per_rank = [&](double total, double split) { return split / t + (total - split); };
  StageChoice c;
  c.kind = k;
  c.summary = Summary(k, d);
  c.stash_devices = dp;
  c.forward_s = per_rank(sum.forward_s, p.forward_split_s) / bdp;
  c.backward_s = per_rank(sum.backward_s, p.backward_split_s) / bdp;
  c.activation_bytes_per_microbatch = static_cast<int64_t>(
      per_rank(static_cast<double>(sum.activation_bytes),
               static_cast<double>(p.split_activation_bytes)) / bdp);
  if (k.tp > 1) {
    const double tp_forward =
        Collectives(model, CollectiveKind::kAllReduce, p.forward_all_reduces,
                    static_cast<double>(p.forward_all_reduce_bytes) / bdp, tp_axes);
    c.backward_s += Collectives(model, CollectiveKind::kAllReduce, p.backward_all_reduces,
                                static_cast<double>(p.backward_all_reduce_bytes) / bdp, tp_axes);
    const double dp_forward = sum.forward_s / (b * static_cast<double>(d));
    if (dp_forward > 0) c.recompute_factor = (c.forward_s + tp_forward) / dp_forward;
    c.forward_s += tp_forward;
  }
  AddParameters(sum, k, dp, model, c);
  if (k.ep) {  // dispatch and combine, in the forward and again in the backward
    const double a2a = Collectives(model, CollectiveKind::kAllToAll, p.all_to_alls,
                                   static_cast<double>(p.all_to_all_bytes) / bdp, dp_axes);
    c.forward_s += a2a;
    c.backward_s += a2a;
  }
  c.transfer_s = TransferSeconds(first, d);
  if (c.transfer_s > 0 && k.tp > 1) {  // each rank receives 1/tp, then the TP group gathers
    c.transfer_s += model.CollectiveSeconds(
        CollectiveKind::kAllGather,
        static_cast<int64_t>(static_cast<double>(options_.boundary_bytes[first]) / bdp), tp_axes);
  }
  c.seconds = c.forward_s + c.backward_s;
  return c;
}

// Weights, gradients and optimizer state per device, and the data-parallel synchronisation.
void StageCostBuilder::AddParameters(const LayerStats& sum, const IntraOpKind& k, int64_t dp,
                                     const CostModel& model, StageChoice& c) const {
  const std::vector<int64_t> dp_axes = {0, 1};
  const auto b = static_cast<double>(options_.microbatches), t = static_cast<double>(k.tp);
  const LayerParallelStats& p = sum.parallel;
  const auto w = static_cast<double>(sum.weight_bytes), o = static_cast<double>(sum.other_parameter_bytes);
  const auto ws = static_cast<double>(p.split_weight_bytes);
  const auto we = static_cast<double>(p.expert_weight_bytes);
  // Optimizer state and the other parameters split as the weights do.
  const double o_split = w > 0 ? o * ws / w : 0, o_expert = w > 0 ? o * we / w : 0;
  const double weights = ws / t + (w - ws);  // per TP rank
  const double expert = k.ep ? we / t : 0;   // split over dp instead of synchronised
  const double state = 2 * weights + o_split / t + (o - o_split);
  const double expert_state = k.ep ? (2 * we + o_expert) / t : 0;
  const auto d = static_cast<double>(dp);
  c.static_bytes =
      static_cast<int64_t>((state - expert_state) / (k.zero3 ? d : 1) + expert_state / d);
  const auto synced = static_cast<int64_t>(weights - expert);
  if (k.zero3) {
    c.forward_s += model.CollectiveSeconds(CollectiveKind::kAllGather, synced, dp_axes);
    c.backward_s += model.CollectiveSeconds(CollectiveKind::kAllGather, synced, dp_axes) +
                    model.CollectiveSeconds(CollectiveKind::kReduceScatter, synced, dp_axes);
  } else {
    c.backward_s += model.CollectiveSeconds(CollectiveKind::kAllReduce, synced, dp_axes) / b;
  }
}

}  // namespace xpar::pipeline
