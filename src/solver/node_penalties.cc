#include "solver/node_penalties.h"

#include <algorithm>

namespace xpar::solver::fast {

NodePenalties::NodePenalties(const Model& m) : m_(m), weight_(m.n, 0.0), least_(m.n, 0) {
  MaxTree largest(m.num_steps());  // the profile with every node at its largest usage
  std::vector<int64_t> most(m.n, 0);
  for (int v = 0; v < m.n; ++v) {
    least_[v] = *std::min_element(m.usage[v].begin(), m.usage[v].end());
    most[v] = *std::max_element(m.usage[v].begin(), m.usage[v].end());
    if (m.live(v)) largest.Add(m.steps.first[v], m.steps.end[v], most[v]);
  }
  if (m.limit == INT64_MAX) return;
  for (int v = 0; v < m.n; ++v) {
    if (m.live(v) && most[v] > least_[v] &&
        largest.Max(m.steps.first[v], m.steps.end[v]) > m.limit) {
      priced_.push_back(v);
    }
  }
}

void NodePenalties::Update(const std::vector<int64_t>& profile, double base) {
  if (priced_.empty()) return;
  MaxTree peak(m_.num_steps());
  for (int t = 0; t < m_.num_steps(); ++t) peak.Add(t, t + 1, profile[t]);
  for (int v : priced_) {
    double& w = weight_[v];
    if (peak.Max(m_.steps.first[v], m_.steps.end[v]) > m_.limit) {
      w = w < base ? base : w * kUp;
    } else {
      w /= kDown;
      if (w < base * 1e-3) w = 0;
    }
  }
}

void NodePenalties::AddTo(std::vector<std::vector<double>>& costs) const {
  for (int v : priced_) {
    if (weight_[v] == 0) continue;
    for (int s = 0; s < m_.num_s(v); ++s) {
      if (m_.IsForbidden(costs[v][s])) continue;
      costs[v][s] += weight_[v] * static_cast<double>(m_.usage[v][s] - least_[v]);
    }
  }
}

}  // namespace xpar::solver::fast
