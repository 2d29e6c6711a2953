#include "solver/node_penalties.h"

#include <algorithm>
#include <bit>

namespace xpar::solver::fast {
namespace {

// Range maxima over a fixed array in O(1) per query.
class SparseMax {
 public:
  explicit SparseMax(const std::vector<int64_t>& a, int size) {
    level_.emplace_back(a.begin(), a.begin() + size);
    for (int k = 1; (1 << k) <= size; ++k) {
      const std::vector<int64_t>& prev = level_.back();
      std::vector<int64_t> next(size - (1 << k) + 1);
      for (size_t t = 0; t < next.size(); ++t) {
        next[t] = std::max(prev[t], prev[t + (1 << (k - 1))]);
      }
      level_.push_back(std::move(next));
    }
  }
  int64_t Max(int lo, int hi) const {  // over [lo, hi), hi > lo
    int k = std::bit_width(static_cast<unsigned>(hi - lo)) - 1;
    return std::max(level_[k][lo], level_[k][hi - (1 << k)]);
  }

 private:
  std::vector<std::vector<int64_t>> level_;
};

}  // namespace

NodePenalties::NodePenalties(const Model& m) : m_(m), weight_(m.n, 0.0), least_(m.n, 0) {
  const int steps = m.num_steps();
  std::vector<int64_t> largest(steps + 1, 0);  // the profile with every node at its largest
  for (int v = 0; v < m.n; ++v) {
    least_[v] = *std::min_element(m.usage[v].begin(), m.usage[v].end());
    if (!m.live(v)) continue;
    int64_t hi = *std::max_element(m.usage[v].begin(), m.usage[v].end());
    largest[m.steps.first[v]] += hi;
    largest[m.steps.end[v]] -= hi;
  }
  for (int t = 1; t <= steps; ++t) largest[t] += largest[t - 1];
  if (steps == 0) return;
  SparseMax peak(largest, steps);
  for (int v = 0; v < m.n; ++v) {
    if (!m.live(v) || m.limit == INT64_MAX) continue;
    int64_t hi = *std::max_element(m.usage[v].begin(), m.usage[v].end());
    if (hi > least_[v] && peak.Max(m.steps.first[v], m.steps.end[v]) > m.limit) {
      priced_.push_back(v);
    }
  }
}

void NodePenalties::Update(const std::vector<int64_t>& profile, double base) {
  if (priced_.empty()) return;
  SparseMax peak(profile, m_.num_steps());
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
