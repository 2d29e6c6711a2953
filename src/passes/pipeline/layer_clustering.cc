// Forward/backward/source roles of the entry's instructions and the layer clustering DP.
#include "passes/pipeline/layer_clustering.h"

#include <algorithm>
#include <limits>

#include "analysis/op_stats.h"
#include "passes/auto_sharding/spec_einsum.h"

namespace xpar::pipeline {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

Expected<const Instruction*> FindLoss(const Computation& entry, int64_t loss_index) {
  const Instruction* root = entry.root();
  if (root == nullptr) return InvalidArgument("the entry computation has no ROOT");
  if (loss_index < 0) return root;
  if (root->opcode() != Opcode::kTuple) {
    return InvalidArgument("the loss is element {} of the ROOT tuple, but ROOT %{} is not a "
                           "tuple ({}); with loss index -1 (--loss-index -1) the ROOT itself is "
                           "the loss",
                           loss_index, root->name(), HloOpcodeName(root->opcode()));
  }
  if (loss_index >= root->operand_count()) {
    return InvalidArgument("the loss is element {} of the ROOT tuple %{}, which has {} elements",
                           loss_index, root->name(), root->operand_count());
  }
  return root->operand(loss_index);
}

// The segment DP: best[r][k] = the best value of cutting the first k costs into r segments,
// where a segment's value is value(r, i, k) (infinite when not allowed) and the whole is the
// maximum over segments. Returns the starts, or empty when nothing is allowed.
template <typename ValueFn>
std::vector<int64_t> SegmentDp(int64_t n, int64_t num_layers, const std::vector<int64_t>& lo,
                               ValueFn value) {
  std::vector<std::vector<double>> best(num_layers + 1, std::vector<double>(n + 1, kInf));
  std::vector<std::vector<int64_t>> from(num_layers + 1, std::vector<int64_t>(n + 1, -1));
  best[0][0] = -kInf;
  for (int64_t r = 1; r <= num_layers; ++r) {
    for (int64_t k = r; k <= n - (num_layers - r); ++k) {
      for (int64_t i = std::max(r - 1, lo[k]); i < k; ++i) {
        if (best[r - 1][i] == kInf) continue;
        double v = std::max(best[r - 1][i], value(r, i, k));
        if (v < best[r][k]) best[r][k] = v, from[r][k] = i;
      }
    }
  }
  if (best[num_layers][n] == kInf) return {};
  std::vector<int64_t> starts(num_layers);
  for (int64_t r = num_layers, k = n; r >= 1; --r) {
    starts[r - 1] = from[r][k];
    k = from[r][k];
  }
  return starts;
}

}  // namespace

Expected<ProgramRoles> ClassifyInstructions(const Module& module, int64_t loss_index) {
  const Computation* entry = module.entry();
  if (entry == nullptr) return InvalidArgument("the module has no ENTRY computation");
  ProgramRoles roles;
  ASSIGN_OR_RETURN(roles.loss, FindLoss(*entry, loss_index));
  const auto& insts = entry->instructions();
  roles.role.assign(insts.size(), Role::kBackward);
  roles.users.assign(insts.size(), {});
  for (const auto& inst : insts) {
    for (const Instruction* op : inst->operands()) {
      auto& u = roles.users[op->index()];
      if (u.empty() || u.back() != inst->index()) u.push_back(inst->index());
    }
    if (inst->opcode() == Opcode::kParameter || inst->operand_count() == 0) {
      roles.role[inst->index()] = Role::kSource;
    }
  }
  if (roles.role[roles.loss->index()] == Role::kSource) {
    return InvalidArgument("the loss %{} is a {}: there is no forward computation to pipeline",
                           roles.loss->name(), HloOpcodeName(roles.loss->opcode()));
  }
  roles.feeds_loss.assign(insts.size(), false);
  std::vector<const Instruction*> stack = {roles.loss};
  roles.feeds_loss[roles.loss->index()] = true;
  while (!stack.empty()) {
    const Instruction* inst = stack.back();
    stack.pop_back();
    if (roles.role[inst->index()] == Role::kBackward) roles.role[inst->index()] = Role::kForward;
    for (const Instruction* op : inst->operands()) {
      if (roles.feeds_loss[op->index()]) continue;
      roles.feeds_loss[op->index()] = true;
      stack.push_back(op);
    }
  }
  return roles;
}

double InstructionSeconds(const Instruction& inst, const CostModel& model) {
  double bytes = static_cast<double>(inst.shape().ByteSize());
  for (const Instruction* op : inst.operands()) bytes += static_cast<double>(op->shape().ByteSize());
  return model.ComputeSeconds(static_cast<double>(InstructionFlops(inst)), bytes,
                              ComputeType(inst.shape()));
}

std::vector<int64_t> MinimaxSegments(const std::vector<double>& costs,
                                     const std::vector<double>& start_weight, int64_t num_layers,
                                     double bound) {
  const int64_t n = static_cast<int64_t>(costs.size());
  if (num_layers < 1 || num_layers > n) return {};
  std::vector<double> prefix(n + 1, 0);
  for (int64_t i = 0; i < n; ++i) prefix[i + 1] = prefix[i] + costs[i];
  // lo[k]: the first start i whose segment [i, k) stays within the bound (a relative slack
  // absorbs the rounding of the prefix sums).
  const double slack = bound * 1e-12;
  std::vector<int64_t> lo(n + 1, 0);
  for (int64_t k = 1, i = 0; k <= n; ++k) {
    while (i < k && prefix[k] - prefix[i] > bound + slack) ++i;
    lo[k] = i;
  }
  auto cut = [&](int64_t r, int64_t i) { return r == 1 ? 0.0 : start_weight[i]; };
  std::vector<int64_t> first = SegmentDp(n, num_layers, lo,
                                         [&](int64_t r, int64_t i, int64_t) { return cut(r, i); });
  if (first.empty()) return {};
  double worst_cut = 0;
  for (int64_t r = 1; r < num_layers; ++r) worst_cut = std::max(worst_cut, start_weight[first[r]]);
  return SegmentDp(n, num_layers, lo, [&](int64_t r, int64_t i, int64_t k) {
    return cut(r, i) > worst_cut ? kInf : prefix[k] - prefix[i];
  });
}

Expected<LayerClustering> ClusterLayers(const Module& module, const ProgramRoles& roles,
                                        const CostModel& model, const ClusteringOptions& options) {
  if (options.num_layers < 1) {
    return InvalidArgument("the number of layers must be at least 1 (got {})", options.num_layers);
  }
  const auto& insts = module.entry()->instructions();
  LayerClustering c;
  c.layer_of_forward.assign(insts.size(), -1);
  std::vector<int64_t> position(insts.size(), -1);
  for (const auto& inst : insts) {
    if (roles.role[inst->index()] != Role::kForward) continue;
    position[inst->index()] = static_cast<int64_t>(c.forward_ops.size());
    c.forward_ops.push_back(inst->index());
  }
  const int64_t n = static_cast<int64_t>(c.forward_ops.size());
  std::vector<double> costs(n), cut(n + 1, 0);
  std::vector<double> delta(n + 2, 0);
  double total = 0;
  for (int64_t p = 0; p < n; ++p) {
    const Instruction& inst = *insts[c.forward_ops[p]];
    costs[p] = InstructionSeconds(inst, model);
    total += costs[p];
    int64_t last = p;
    for (int64_t u : roles.users[inst.index()]) last = std::max(last, position[u]);
    if (last > p) {  // the value crosses every cut in (p, last]
      delta[p + 1] += static_cast<double>(inst.shape().ByteSize());
      delta[last + 1] -= static_cast<double>(inst.shape().ByteSize());
    }
  }
  for (int64_t p = 0, running = 0; p <= n; ++p) {
    running += static_cast<int64_t>(delta[p]);
    cut[p] = static_cast<double>(running);
  }
  c.num_layers = std::min(options.num_layers, n);
  c.bound_seconds = (1 + options.imbalance) * total / static_cast<double>(c.num_layers);
  while (true) {
    c.layer_start = MinimaxSegments(costs, cut, c.num_layers, c.bound_seconds);
    if (!c.layer_start.empty()) break;
    if (c.bound_seconds >= total) {
      return Internal("layer clustering found no cut of {} forward ops into {} layers within "
                      "the whole cost (a bug)", n, c.num_layers);
    }
    c.bound_seconds = std::min(total, c.bound_seconds * 1.25);
  }
  c.layer_seconds.assign(c.num_layers, 0);
  c.boundary_bytes.assign(c.num_layers, 0);
  for (int64_t l = 0; l < c.num_layers; ++l) {
    int64_t end = l + 1 < c.num_layers ? c.layer_start[l + 1] : n;
    for (int64_t p = c.layer_start[l]; p < end; ++p) {
      c.layer_seconds[l] += costs[p];
      c.layer_of_forward[c.forward_ops[p]] = static_cast<int32_t>(l);
    }
    c.boundary_bytes[l] = static_cast<int64_t>(cut[c.layer_start[l]]);
  }
  return c;
}

}  // namespace xpar::pipeline
