// Kick chains: one end of an edge that costs something under the plan moves (with its tie
// group) to a strategy that lowers that edge, and the nodes around every moved node then take
// their best responses, breadth first, each node moving at most once. Descent and pair moves
// stop where every single move costs more, and the neighbourhood search finds a multi-node
// change only when a random region holds all of it: on IOPDDL A's plan of 6548681635, a chain
// of 28 nodes in three tie components (9, 11 and 5 nodes) gains 42,632, which 470 s of the
// search found once.
#include <algorithm>

#include "solver/local_search.h"

namespace xpar::solver::fast {
namespace {
// Responses per chain: the gaining chains on IOPDDL A change 11-28 nodes.
constexpr int kMaxResponses = 64;
}  // namespace

double State::GroupDelta(const std::vector<std::pair<int, int>>& group) {
  if (group.size() == 1) return Delta(group[0].first, group[0].second);
  group_saved_.clear();
  double d = 0;
  for (auto [u, su] : group) {
    group_saved_.push_back(x_[u]);
    d += Delta(u, su);
    x_[u] = su;
  }
  for (size_t i = group.size(); i-- > 0;) x_[group[i].first] = group_saved_[i];
  return d;
}

bool State::BestResponse(int w, std::vector<std::pair<int, int>>& best_group) {
  double best = 0;
  bool found = false;
  for (int t = 0; t < model_.num_s(w); ++t) {
    if (t == x_[w] || !Group(w, t, response_)) continue;
    // No node moves twice in a chain, and no member may break the limit on its own (a
    // necessary condition for the group to fit; the whole chain is checked at its end).
    if (std::any_of(response_.begin(), response_.end(), [&](auto p) {
          return chain_of_[p.first] == chain_now_ || !Fits(p.first, p.second);
        })) {
      continue;
    }
    double d = GroupDelta(response_);
    if (d < best) best = d, best_group = response_, found = true;
  }
  return found;
}

bool State::Kick(const std::vector<std::pair<int, int>>& kick) {
  const double before = cost_;
  ++chain_now_;
  chain_log_.clear();
  chain_work_.clear();
  auto take = [&](const std::vector<std::pair<int, int>>& group) {
    for (auto [v, sv] : group) {
      chain_log_.push_back({v, x_[v]});
      chain_of_[v] = chain_now_;
    }
    for (auto [v, sv] : group) Apply(v, sv);
    for (auto [v, sv] : group) {
      for (const Incidence& in : model_.adj[v]) {
        if (model_.num_s(in.other) > 1 && chain_of_[in.other] != chain_now_) {
          chain_work_.push_back(in.other);
        }
      }
    }
  };
  take(kick);
  int responses = 0;
  for (size_t i = 0; i < chain_work_.size() && responses < kMaxResponses; ++i) {
    int w = chain_work_[i];
    if (chain_of_[w] == chain_now_ || !BestResponse(w, best_response_)) continue;
    take(best_response_);
    ++responses;
  }
  if (cost_ < before - kRelativeGain * std::max(1.0, std::abs(before)) && feasible() &&
      !model_.IsForbidden(cost_)) {
    return true;
  }
  for (size_t i = chain_log_.size(); i-- > 0;) Apply(chain_log_[i].first, chain_log_[i].second);
  cost_ = before;
  return false;
}

int State::KickDescend(std::chrono::steady_clock::time_point deadline, int first, int stride) {
  if (!feasible()) return 0;
  chain_of_.resize(model_.n, 0);
  int kept = 0;
  for (size_t i = first; i < model_.edges.size(); i += stride) {
    const ModelEdge& e = model_.edges[i];
    const size_t nb = model_.cost[e.b].size();
    auto edge_cost = [&](int sa, int sb) { return e.table[static_cast<size_t>(sa) * nb + sb]; };
    double c = edge_cost(x_[e.a], x_[e.b]);
    if (c <= 0 || model_.IsForbidden(c)) continue;
    if (std::chrono::steady_clock::now() >= deadline) break;
    for (int end = 0; end < 2; ++end) {
      // A node of a tie component larger than a group cannot start a chain (Group refuses):
      // whole-component chains, tried from the leads, gained 84,000 more on a plan of
      // IOPDDL A at 6570e6 in a pass three times as long, and nothing on its better plans.
      const int u = end == 0 ? e.a : e.b;
      for (int s = 0; s < model_.num_s(u); ++s) {
        // Re-read: a kept chain may have moved either end.
        c = edge_cost(x_[e.a], x_[e.b]);
        double lowered = end == 0 ? edge_cost(s, x_[e.b]) : edge_cost(x_[e.a], s);
        if (s == x_[u] || lowered >= c || !Group(u, s, kick_)) continue;
        if (Kick(kick_)) ++kept;
      }
    }
  }
  RecomputeCost();
  return kept;
}

}  // namespace xpar::solver::fast
