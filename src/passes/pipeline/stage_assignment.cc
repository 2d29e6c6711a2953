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

// A backward op's layer by the rule in the header; -1 when it has no placed operand.
int32_t InferredLayer(const Instruction& inst, const ProgramRoles& roles,
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
  if (forward < 0) return backward;
  return backward < 0 ? forward : std::min(forward, backward);
}

// Sources the loss depends on get the smallest layer among their users that feed the loss
// (`feeding` pass); the others the largest among all their users. Users come before producers
// in this walk; sources already placed keep their layer.
void PlaceSources(const ProgramRoles& roles, bool feeding, std::vector<int32_t>& layer) {
  for (int64_t i = static_cast<int64_t>(layer.size()) - 1; i >= 0; --i) {
    if (roles.role[i] != Role::kSource || layer[i] >= 0 || roles.feeds_loss[i] != feeding) {
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
  PlaceSources(roles, /*feeding=*/true, a.layer);
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
      l = InferredLayer(*inst, roles, a.layer, last_forward_user);
      ++a.inferred;
    }
    if (l < 0) {
      return Internal("%{} reads no placed value although it is not a parameter or constant "
                      "(a bug)", inst->name());
    }
    a.layer[inst->index()] = l;
  }
  PlaceSources(roles, /*feeding=*/false, a.layer);
  for (int32_t& l : a.layer) l = std::max(l, 0);  // unused parameters and constants
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
