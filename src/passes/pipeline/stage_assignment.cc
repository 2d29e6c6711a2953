// AssignLayers: forward layers from the clustering, then sources with a forward use, then
// backward ops in instruction order, then the remaining sources from their users.
#include "passes/pipeline/stage_assignment.h"

#include <algorithm>
#include <unordered_map>

#include "autodiff/autodiff.h"

namespace xpar::pipeline {
namespace {

const std::string* DerivedFrom(const Instruction& inst) {
  for (const auto& [key, value] : inst.frontend_attributes()) {
    if (key == autodiff::kDerivedFromAttr) return &value;
  }
  return nullptr;
}

// The rule's two bounds for a backward op: A (forward anchor) and G (smallest backward operand
// layer); -1 where there is none.
std::pair<int32_t, int32_t> RuleBounds(const Instruction& inst, const ProgramRoles& roles,
                                       const std::vector<int32_t>& layer,
                                       const std::vector<int32_t>& last_forward_user_layer) {
  int32_t forward = -1, backward = -1;
  for (const Instruction* op : inst.operands()) {
    int32_t l = layer[op->index()];
    if (l < 0) continue;
    switch (roles.role[op->index()]) {
      case Role::kForward:
        forward = std::max({forward, l, last_forward_user_layer[op->index()]});
        break;
      case Role::kSource:
        forward = std::max(forward, l);
        break;
      case Role::kBackward:
        backward = backward < 0 ? l : std::min(backward, l);
        break;
    }
  }
  return {forward, backward};
}

int32_t MinPlaced(int32_t a, int32_t b) { return a < 0 ? b : b < 0 ? a : std::min(a, b); }

// For each instruction outside the loss's cone, the smallest and largest layer among the
// weights whose in-place update (an output aliased to a parameter the forward reads) it feeds.
std::vector<std::pair<int32_t, int32_t>> UpdatedWeightLayers(const Module& module,
                                                             const ProgramRoles& roles,
                                                             const std::vector<int32_t>& layer) {
  const Computation& entry = *module.entry();
  std::vector<std::pair<int32_t, int32_t>> reach(layer.size(), {-1, -1});
  auto add = [&](int64_t i, int32_t lo, int32_t hi) {
    if (lo < 0) return;
    auto& r = reach[i];
    r = r.first < 0 ? std::make_pair(lo, hi)
                    : std::make_pair(std::min(r.first, lo), std::max(r.second, hi));
  };
  const Instruction* root = entry.root();
  for (const IoAlias& alias : module.input_output_alias()) {
    if (root->opcode() != Opcode::kTuple || alias.output_index.size() != 1) continue;
    const int64_t out = alias.output_index[0], p = alias.parameter_number;
    if (out >= root->operand_count() || p >= entry.parameter_count()) continue;
    const Instruction* param = entry.parameters()[p];
    if (param == nullptr || !roles.feeds_loss[param->index()]) continue;  // optimizer state
    add(root->operand(out)->index(), layer[param->index()], layer[param->index()]);
  }
  for (int64_t i = static_cast<int64_t>(layer.size()) - 1; i >= 0; --i) {
    if (roles.feeds_loss[i]) continue;
    for (int64_t u : roles.users[i]) {
      if (u != root->index()) add(i, reach[u].first, reach[u].second);
    }
  }
  return reach;
}

// Sources the loss depends on get the smallest layer among their users that feed the loss
// (`feeding` pass). The other sources, and backward ops that read no placed value (they depend
// on such sources only), get the largest layer among all their users. Users come before
// producers in this walk; what is already placed keeps its layer.
void PlaceByUsers(const ProgramRoles& roles, bool feeding, std::vector<int32_t>& layer) {
  for (int64_t i = static_cast<int64_t>(layer.size()) - 1; i >= 0; --i) {
    if (layer[i] >= 0 || roles.role[i] == Role::kForward || roles.feeds_loss[i] != feeding) {
      continue;
    }
    int32_t best = -1;
    for (int64_t u : roles.users[i]) {
      if ((feeding && !roles.feeds_loss[u]) || layer[u] < 0) continue;
      best = best < 0 ? layer[u] : feeding ? std::min(best, layer[u]) : std::max(best, layer[u]);
    }
    layer[i] = best;
  }
}

}  // namespace

Expected<LayerAssignment> AssignLayers(const Module& module, const ProgramRoles& roles,
                                       const LayerClustering& clustering) {
  const auto& insts = module.entry()->instructions();
  LayerAssignment a;
  a.layer = clustering.layer_of_forward;
  PlaceByUsers(roles, /*feeding=*/true, a.layer);
  const std::vector<std::pair<int32_t, int32_t>> weights = UpdatedWeightLayers(module, roles, a.layer);
  std::vector<int32_t> last_forward_user(insts.size(), -1);
  std::unordered_map<std::string, int64_t> by_name;
  for (const auto& inst : insts) {
    by_name.emplace(inst->name(), inst->index());
    for (int64_t u : roles.users[inst->index()]) {
      if (roles.role[u] == Role::kForward) {
        last_forward_user[inst->index()] = std::max(last_forward_user[inst->index()], a.layer[u]);
      }
    }
  }
  for (const auto& inst : insts) {
    if (roles.role[inst->index()] != Role::kBackward) continue;
    int32_t l = -1;
    if (const std::string* name = DerivedFrom(*inst)) {
      auto it = by_name.find(*name);
      if (it != by_name.end() && a.layer[it->second] >= 0) l = a.layer[it->second];
    }
    if (l >= 0) {
      ++a.from_attribute;
    } else {
      auto [forward, backward] = RuleBounds(*inst, roles, a.layer, last_forward_user);
      auto [lo, hi] = weights[inst->index()];
      // Only one weight's update (or weights of one layer): an optimizer op or the weight's own
      // gradient; it goes with the weight. -1: placed by its users below.
      l = lo >= 0 && lo == hi ? MinPlaced(lo, backward) : MinPlaced(forward, backward);
      ++a.inferred;
    }
    a.layer[inst->index()] = l;
  }
  PlaceByUsers(roles, /*feeding=*/false, a.layer);
  for (int32_t& l : a.layer) l = std::max(l, 0);  // values nothing reads
  return a;
}

std::vector<int32_t> StagesOfInstructions(const std::vector<int32_t>& layer_of_instruction,
                                          const std::vector<int64_t>& stage_first_layer,
                                          int64_t num_layers) {
  std::vector<int32_t> stage_of_layer(num_layers, 0);
  for (size_t s = 0; s < stage_first_layer.size(); ++s) {
    for (int64_t l = stage_first_layer[s]; l < num_layers; ++l) {
      stage_of_layer[l] = static_cast<int32_t>(s);
    }
  }
  std::vector<int32_t> stages(layer_of_instruction.size());
  for (size_t i = 0; i < stages.size(); ++i) stages[i] = stage_of_layer[layer_of_instruction[i]];
  return stages;
}

Status CheckStageOrder(const Module& module, const ProgramRoles& roles,
                       const std::vector<int32_t>& stage_of_instruction) {
  for (const auto& inst : module.entry()->instructions()) {
    const int64_t i = inst->index();
    for (const Instruction* op : inst->operands()) {
      const int64_t o = op->index();
      if (op->opcode() == Opcode::kParameter || op->operand_count() == 0) continue;
      if (roles.feeds_loss[o] != roles.feeds_loss[i]) continue;  // forward to backward: any
      const bool forward = roles.feeds_loss[i];
      const bool bad = forward ? stage_of_instruction[o] > stage_of_instruction[i]
                               : stage_of_instruction[o] < stage_of_instruction[i];
      if (bad) {
        return FailedPrecondition("{} value %{} (stage {}) flows to %{} (stage {})",
                                  forward ? "forward" : "backward", op->name(),
                                  stage_of_instruction[o], inst->name(), stage_of_instruction[i]);
      }
    }
  }
  return Status::Ok();
}

}  // namespace xpar::pipeline
