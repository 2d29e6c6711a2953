// Pair moves for a solution at the memory limit: a move that lowers the cost but breaks the
// limit, joined with the cheapest move of a node live where it overflows that gives the memory
// back. Single-node descent cannot make such trades, and at the limit most gains need one.
#include <algorithm>

#include "solver/local_search.h"

namespace xpar::solver::fast {

bool State::FindCompensation(const std::vector<std::pair<int, int>>& first, double d1,
                             std::vector<std::pair<int, int>>& best_group) {
  const int step = tree_.ArgMax();
  double best = -kRelativeGain * std::max(1.0, std::abs(cost_));
  bool found = false;
  std::vector<std::pair<int, int>> group;
  for (int w : by_first_) {
    if (model_.steps.first[w] > step) break;
    if (model_.steps.end[w] <= step) continue;
    if (std::any_of(first.begin(), first.end(), [w](auto p) { return p.first == w; })) continue;
    for (int t = 0; t < model_.num_s(w); ++t) {
      if (model_.usage[w][t] >= model_.usage[w][x_[w]] || !Group(w, t, group)) continue;
      if (!tied(w) && d1 + Delta(w, t) >= best) continue;  // cheap test before applying
      double d2 = ApplyGroup(group);
      if (feasible() && d1 + d2 < best) {
        best = d1 + d2;
        best_group = group;
        found = true;
      }
      Undo();
    }
  }
  return found;
}

int State::SwapDescend(std::chrono::steady_clock::time_point deadline) {
  constexpr int kCheckEvery = 16;
  if (!feasible()) return 0;
  int moves = 0;
  std::vector<std::pair<int, int>> first, second, first_undo;
  for (int u = 0; u < model_.n; ++u) {
    if (u % kCheckEvery == 0 && std::chrono::steady_clock::now() >= deadline) break;
    if (!model_.live(u)) continue;
    for (int s = 0; s < model_.num_s(u); ++s) {
      if (s == x_[u] || model_.usage[u][s] <= model_.usage[u][x_[u]]) continue;
      if (!tied(u) && Delta(u, s) >= 0) continue;
      if (!Group(u, s, first)) continue;
      const double saved = cost_;
      double d1 = ApplyGroup(first);
      first_undo = undo_;
      if (d1 < 0 && !model_.IsForbidden(cost_) && feasible()) {  // fits after all
        ++moves;
        break;
      }
      if (d1 < 0 && !model_.IsForbidden(cost_) && FindCompensation(first, d1, second)) {
        ApplyGroup(second);
        ++moves;
        break;
      }
      for (size_t i = first_undo.size(); i-- > 0;) Apply(first_undo[i].first, first_undo[i].second);
      cost_ = saved;
    }
  }
  RecomputeCost();
  return moves;
}

}  // namespace xpar::solver::fast
