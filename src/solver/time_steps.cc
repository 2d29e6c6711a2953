// Compressed time steps and the maximal ones (see time_steps.h).
#include "solver/time_steps.h"

#include <algorithm>

namespace xpar::solver {

TimeSteps CompressTime(const Problem& problem) {
  TimeSteps ts;
  for (const Node& n : problem.nodes) {
    if (n.start < n.end) {
      ts.times.push_back(n.start);
      ts.times.push_back(n.end);
    }
  }
  std::sort(ts.times.begin(), ts.times.end());
  ts.times.erase(std::unique(ts.times.begin(), ts.times.end()), ts.times.end());
  auto index = [&](int64_t t) {
    return static_cast<int>(std::lower_bound(ts.times.begin(), ts.times.end(), t) -
                            ts.times.begin());
  };
  ts.first.assign(problem.num_nodes(), 0);
  ts.end.assign(problem.num_nodes(), 0);
  for (int i = 0; i < problem.num_nodes(); ++i) {
    const Node& n = problem.nodes[i];
    if (n.start < n.end) {
      ts.first[i] = index(n.start);
      ts.end[i] = index(n.end);
    }
  }
  return ts;
}

std::vector<int> MaximalSteps(const Problem& problem, const TimeSteps& steps) {
  int k = steps.num_steps();
  std::vector<char> starts(k + 1, 0), ends(k + 1, 0);
  for (int i = 0; i < problem.num_nodes(); ++i) {
    const Node& n = problem.nodes[i];
    if (steps.first[i] >= steps.end[i]) continue;
    if (*std::max_element(n.usages.begin(), n.usages.end()) == 0) continue;
    starts[steps.first[i]] = 1;
    ends[steps.end[i]] = 1;  // the node is live up to step end-1
  }
  std::vector<int> out;
  for (int s = 0; s < k; ++s) {
    if (starts[s] && ends[s + 1]) out.push_back(s);
  }
  return out;
}

}  // namespace xpar::solver
