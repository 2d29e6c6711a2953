// Incremental evaluation, constrained descent and memory repair for the fast backend.
#include "solver/local_search.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <queue>

namespace xpar::solver::fast {

std::vector<int> MinUsageAssignment(const Model& m) {
  std::vector<int> x(m.n, 0);
  for (int v = 0; v < m.n; ++v) {
    for (int s = 1; s < m.num_s(v); ++s) {
      int b = x[v];
      bool forbidden_b = m.IsForbidden(m.cost[v][b]);
      bool forbidden_s = m.IsForbidden(m.cost[v][s]);
      if (forbidden_s && !forbidden_b) continue;
      if ((forbidden_b && !forbidden_s) || m.usage[v][s] < m.usage[v][b] ||
          (m.usage[v][s] == m.usage[v][b] && m.cost[v][s] < m.cost[v][b])) {
        x[v] = s;
      }
    }
  }
  return x;
}

std::vector<int> GreedyAssignment(const Model& m, bool least_memory) {
  std::vector<int> x(m.n, 0);
  std::vector<double> local;
  for (int v = 0; v < m.n; ++v) {
    local = m.cost[v];
    for (const Incidence& in : m.adj[v]) {
      if (in.other > v) continue;
      for (int s = 0; s < m.num_s(v); ++s) local[s] += m.EdgeCost(in, s, x[in.other]);
    }
    int best = 0;
    for (int s = 1; s < m.num_s(v); ++s) {
      bool fs = m.IsForbidden(local[s]), fb = m.IsForbidden(local[best]);
      if (fs != fb) {
        if (!fs) best = s;
        continue;
      }
      bool better = least_memory && m.usage[v][s] != m.usage[v][best]
                        ? m.usage[v][s] < m.usage[v][best]
                        : local[s] < local[best];
      if (better) best = s;
    }
    x[v] = best;
  }
  return x;
}

State::State(const Model& model, std::vector<int> assignment)
    : model_(model), x_(std::move(assignment)), tree_(model.num_steps()) {
  for (int v = 0; v < model_.n; ++v) {
    if (!model_.live(v)) continue;
    tree_.Add(model_.steps.first[v], model_.steps.end[v], model_.usage[v][x_[v]]);
    const auto& u = model_.usage[v];
    if (*std::min_element(u.begin(), u.end()) != *std::max_element(u.begin(), u.end())) {
      by_first_.push_back(v);
    }
  }
  std::stable_sort(by_first_.begin(), by_first_.end(),
                   [&](int a, int b) { return model_.steps.first[a] < model_.steps.first[b]; });
  RecomputeCost();
  stamp_.assign(model_.n, 0);
  stamp_s_.assign(model_.n, 0);
}

bool State::Group(int v, int s, std::vector<std::pair<int, int>>& group) {
  group.assign(1, {v, s});
  if (model_.ties[v].empty()) return true;
  // IOPDDL A: a 71-node component's move is worth 582,223 (0.009% of the plan's cost), and
  // neither groups of 64 nor the neighbourhood search's regions found it.
  const int max_group =
      model_.tie_lead[v] == v ? std::max(kMaxGroup, model_.tie_size[v] + 1) : kMaxGroup;
  ++stamp_now_;
  stamp_[v] = stamp_now_;
  stamp_s_[v] = s;
  for (size_t i = 0; i < group.size(); ++i) {
    auto [a, sa] = group[i];
    for (const Tie& t : model_.ties[a]) {
      int sb = t.partner[sa];
      if (sb < 0) return false;
      if (stamp_[t.other] == stamp_now_) {
        if (stamp_s_[t.other] != sb) return false;
        continue;
      }
      if (static_cast<int>(group.size()) >= max_group) return false;
      stamp_[t.other] = stamp_now_;
      stamp_s_[t.other] = sb;
      group.push_back({t.other, sb});
    }
  }
  return true;
}

double State::ApplyGroup(const std::vector<std::pair<int, int>>& group) {
  undo_.clear();
  double before = cost_;
  for (auto [u, su] : group) {
    undo_.push_back({u, x_[u]});
    Apply(u, su);
  }
  return cost_ - before;
}

void State::Undo() {
  for (size_t i = undo_.size(); i-- > 0;) Apply(undo_[i].first, undo_[i].second);
  undo_.clear();
}

void State::RecomputeCost() {
  cost_ = 0;
  for (int v = 0; v < model_.n; ++v) cost_ += model_.cost[v][x_[v]];
  for (const ModelEdge& e : model_.edges) {
    cost_ += e.table[static_cast<size_t>(x_[e.a]) * model_.cost[e.b].size() + x_[e.b]];
  }
}

double State::Delta(int v, int s) const {
  int cur = x_[v];
  if (s == cur) return 0;
  double d = model_.cost[v][s] - model_.cost[v][cur];
  for (const Incidence& in : model_.adj[v]) {
    int t = x_[in.other];
    d += model_.EdgeCost(in, s, t) - model_.EdgeCost(in, cur, t);
  }
  return d;
}

bool State::Fits(int v, int s) const {
  int64_t du = model_.usage[v][s] - model_.usage[v][x_[v]];
  if (du <= 0) return true;
  return tree_.Max(model_.steps.first[v], model_.steps.end[v]) + du <= model_.limit;
}

void State::Apply(int v, int s) {
  if (s == x_[v]) return;
  cost_ += Delta(v, s);
  if (model_.live(v)) {
    tree_.Add(model_.steps.first[v], model_.steps.end[v],
              model_.usage[v][s] - model_.usage[v][x_[v]]);
  }
  x_[v] = s;
}

// The best cost-lowering memory-feasible move of v (with its tie group); false if none.
bool State::BestMove(int v, std::vector<std::pair<int, int>>& best_group) {
  double best_d = -1e-9;
  int best = -1;
  if (!tied(v)) {
    for (int s = 0; s < model_.num_s(v); ++s) {
      if (s == x_[v]) continue;
      double d = Delta(v, s);
      if (d < best_d && Fits(v, s)) best_d = d, best = s;
    }
    if (best < 0) return false;
    best_group.assign(1, {v, best});
    return true;
  }
  std::vector<std::pair<int, int>> group;
  bool was_feasible = feasible();
  double saved_cost = cost_;
  for (int s = 0; s < model_.num_s(v); ++s) {
    if (s == x_[v] || !Group(v, s, group)) continue;
    double d = ApplyGroup(group);
    bool ok = d < best_d && (feasible() || !was_feasible);
    Undo();
    if (ok) best_d = d, best_group = group, best = s;
  }
  cost_ = saved_cost;  // undo in floating point can drift by an ulp
  return best >= 0;
}

int State::Descend(int max_sweeps, std::chrono::steady_clock::time_point deadline) {
  // A sweep over a large graph with tie groups takes seconds on a loaded machine, so the
  // deadline is checked within sweeps too.
  constexpr int kCheckEvery = 512;
  int moves = 0;
  std::vector<std::pair<int, int>> group;
  for (int sweep = 0; sweep < max_sweeps; ++sweep) {
    int before = moves;
    for (int v = 0; v < model_.n; ++v) {
      if (v % kCheckEvery == 0 && std::chrono::steady_clock::now() >= deadline) return moves;
      if (!BestMove(v, group)) continue;
      ApplyGroup(group);
      ++moves;
    }
    if (moves == before) break;
  }
  return moves;
}

bool State::RepairStep(int step) {
  // Lazy priority queue on cost per byte saved at `step`: a popped move is re-priced and goes
  // back when its neighbours' changes made it dearer than the next one.
  struct Move {
    double ratio;
    int v, s;
    bool operator<(const Move& o) const {
      return ratio > o.ratio || (ratio == o.ratio && (v > o.v || (v == o.v && s > o.s)));
    }
  };
  std::vector<std::pair<int, int>> group;
  auto price = [&](int v, int s, double& ratio) {
    if (!Group(v, s, group)) return false;
    int64_t saved = 0;
    for (auto [u, su] : group) {
      if (model_.steps.first[u] <= step && step < model_.steps.end[u]) {
        saved += model_.usage[u][x_[u]] - model_.usage[u][su];
      }
    }
    if (saved <= 0) return false;
    double d = GroupDelta(group);
    // Memory bought with a forbidden choice is no repair: the plan would be unusable.
    if (model_.IsForbidden(cost_ + d) && !model_.IsForbidden(cost_)) return false;
    ratio = d / static_cast<double>(saved);
    return true;
  };
  std::priority_queue<Move> queue;
  double ratio;
  for (int v : by_first_) {
    if (model_.steps.first[v] > step) break;
    if (model_.steps.end[v] <= step) continue;
    for (int s = 0; s < model_.num_s(v); ++s) {
      if (model_.usage[v][s] < model_.usage[v][x_[v]] && price(v, s, ratio)) {
        queue.push({ratio, v, s});
      }
    }
  }
  bool changed = false;
  while (!queue.empty() && tree_.Max(step, step + 1) > model_.limit) {
    Move mv = queue.top();
    queue.pop();
    if (!price(mv.v, mv.s, ratio)) continue;  // no longer saves memory here
    if (ratio > mv.ratio + 1e-12 * std::abs(mv.ratio) && !queue.empty() &&
        ratio > queue.top().ratio) {
      queue.push({ratio, mv.v, mv.s});
      continue;
    }
    ApplyGroup(group);
    changed = true;
  }
  return changed;
}

bool State::Repair() {
  while (!feasible()) {
    if (!RepairStep(tree_.ArgMax())) return false;
  }
  return true;
}

}  // namespace xpar::solver::fast
