// Rematerialisation per layer: which values a remat layer recomputes, what it stashes instead,
// and the Pareto frontier the planner picks from (remat.h).
#include "passes/pipeline/remat.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace xpar::pipeline {
namespace {

// Random ops draw new numbers when run again: never recomputed.
bool IsRandom(const Instruction& inst) {
  return HasTrait(inst.opcode(), kSideEffect) || inst.opcode() == Opcode::kRngBitGenerator;
}

bool IsForward(const ProgramRoles& roles, const Instruction& inst) {
  return roles.role[inst.index()] == Role::kForward;
}

}  // namespace

Expected<RematMode> ParseRematMode(std::string_view text) {
  if (text == "none") return RematMode::kNone;
  if (text == "auto") return RematMode::kAuto;
  if (text == "all") return RematMode::kAll;
  return InvalidArgument("--remat {}: expected auto, none or all", text);
}

const char* RematModeName(RematMode mode) {
  switch (mode) {
    case RematMode::kNone: return "none";
    case RematMode::kAuto: return "auto";
    case RematMode::kAll: return "all";
  }
  return "?";
}

std::vector<bool> RecomputeCandidates(const Module& module, const ProgramRoles& roles,
                                      const std::vector<int32_t>& layer) {
  const auto& insts = module.entry()->instructions();
  const Instruction* root = module.entry()->root();
  std::vector<bool> candidate(insts.size(), false);
  // Users come after their operands: in reverse order a value's users are decided first.
  for (auto it = insts.rbegin(); it != insts.rend(); ++it) {
    const Instruction& inst = **it;
    const int64_t i = inst.index();
    if (!IsForward(roles, inst) || IsRandom(inst)) continue;
    bool later_forward_user = false, needed = false;
    for (int64_t u : roles.users[i]) {
      const Instruction& user = *insts[u];
      if (&user == root) continue;
      if (IsForward(roles, user) && layer[u] > layer[i]) later_forward_user = true;
      if (roles.role[u] == Role::kBackward || (candidate[u] && layer[u] == layer[i])) {
        needed = true;
      }
    }
    candidate[i] = needed && !later_forward_user;
  }
  return candidate;
}

std::vector<LayerRematStats> ComputeLayerRematStats(const Module& module, const ProgramRoles& roles,
                                                    const std::vector<int32_t>& layer,
                                                    int64_t num_layers, const CostModel& model) {
  const auto& insts = module.entry()->instructions();
  const Instruction* root = module.entry()->root();
  const std::vector<bool> candidate = RecomputeCandidates(module, roles, layer);
  std::vector<LayerRematStats> stats(num_layers);
  // Forward values a backward op reads directly: their own layer stashes them, remat or not.
  std::vector<bool> read_by_backward(insts.size(), false);
  for (const auto& inst : insts) {
    for (int64_t u : roles.users[inst->index()]) {
      if (insts[u].get() != root && roles.role[u] == Role::kBackward) {
        read_by_backward[inst->index()] = true;
      }
    }
  }
  // Per layer, the values it stashes when rematerialised (a set: each counted once per layer):
  // its own values the backward reads and are not recomputed, what its recomputation reads, and
  // of that, inputs from earlier layers unless their own layer already stashes them.
  std::vector<std::set<int64_t>> stash(num_layers);
  for (const auto& inst : insts) {
    const int64_t i = inst->index();
    if (!IsForward(roles, *inst)) continue;
    const int32_t l = layer[i];
    if (!candidate[i]) {
      if (read_by_backward[i]) stash[l].insert(i);
      continue;
    }
    stats[l].recompute_s += InstructionSeconds(*inst, model);
    ++stats[l].recomputed;
    for (const Instruction* op : inst->operands()) {
      const int64_t o = op->index();
      if (!IsForward(roles, *op) || candidate[o]) continue;
      if (layer[o] == l || !read_by_backward[o]) stash[l].insert(o);
    }
  }
  for (int64_t l = 0; l < num_layers; ++l) {
    for (int64_t v : stash[l]) stats[l].stash_bytes += insts[v]->shape().ByteSize();
  }
  return stats;
}

std::vector<bool> RecomputedInstructions(const Module& module, const ProgramRoles& roles,
                                         const std::vector<int32_t>& layer,
                                         const std::vector<bool>& remat_layer) {
  std::vector<bool> recompute = RecomputeCandidates(module, roles, layer);
  for (size_t i = 0; i < recompute.size(); ++i) {
    const int32_t l = layer[i];
    recompute[i] = recompute[i] && l >= 0 && l < static_cast<int32_t>(remat_layer.size()) &&
                   remat_layer[l];
  }
  return recompute;
}

void RematFrontier::Extend(int64_t layer, int64_t keep_bytes, const LayerRematStats& remat) {
  std::vector<RematPoint> next;
  next.reserve(2 * points_.size());
  for (const RematPoint& p : points_) {
    next.push_back({p.extra_s, p.stash_bytes + keep_bytes, p.mask});
    next.push_back({p.extra_s + remat.recompute_s, p.stash_bytes + remat.stash_bytes,
                    p.mask | (uint64_t{1} << layer)});
  }
  // Least time first; among equal times the least stash, then the fewest remat layers.
  std::sort(next.begin(), next.end(), [](const RematPoint& a, const RematPoint& b) {
    if (a.extra_s != b.extra_s) return a.extra_s < b.extra_s;
    if (a.stash_bytes != b.stash_bytes) return a.stash_bytes < b.stash_bytes;
    return __builtin_popcountll(a.mask) < __builtin_popcountll(b.mask);
  });
  points_.clear();
  for (const RematPoint& p : next) {
    if (points_.empty() || p.stash_bytes < points_.back().stash_bytes) points_.push_back(p);
  }
}

std::string FormatLayerSet(uint64_t mask) {
  std::string out;
  for (int64_t l = 0; l < kMaxRematLayers; ++l) {
    if (!(mask >> l & 1)) continue;
    int64_t e = l;
    while (e + 1 < kMaxRematLayers && (mask >> (e + 1) & 1)) ++e;
    out += (out.empty() ? "" : ",") + (e == l ? fmt::format("{}", l) : fmt::format("{}-{}", l, e));
    l = e;
  }
  return out.empty() ? "-" : out;
}

}  // namespace xpar::pipeline
