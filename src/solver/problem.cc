// Validation of a Problem and evaluation of an assignment: cost, peak memory, feasibility.
#include "solver/problem.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace xpar::solver {

Status Problem::Validate() const {
  for (int i = 0; i < num_nodes(); ++i) {
    const Node& n = nodes[i];
    if (n.costs.empty()) return InvalidArgument("node {} has no strategies", i);
    if (n.costs.size() != n.usages.size()) {
      return InvalidArgument("node {} has {} costs but {} usages", i, n.costs.size(),
                             n.usages.size());
    }
    for (int64_t u : n.usages) {
      if (u < 0) return InvalidArgument("node {} has a negative usage {}", i, u);
    }
  }
  for (int e = 0; e < num_edges(); ++e) {
    const Edge& ed = edges[e];
    if (ed.u < 0 || ed.u >= num_nodes() || ed.v < 0 || ed.v >= num_nodes()) {
      return InvalidArgument("edge {} refers to node {} or {}, but there are {} nodes", e, ed.u,
                             ed.v, num_nodes());
    }
    if (ed.u == ed.v) return InvalidArgument("edge {} is a self-loop on node {}", e, ed.u);
    size_t want = nodes[ed.u].costs.size() * nodes[ed.v].costs.size();
    if (ed.costs.size() != want) {
      return InvalidArgument("edge {} ({} -> {}) has {} costs, expected {} x {} = {}", e, ed.u,
                             ed.v, ed.costs.size(), nodes[ed.u].costs.size(),
                             nodes[ed.v].costs.size(), want);
    }
  }
  if (usage_limit && *usage_limit < 0) {
    return InvalidArgument("usage_limit is negative ({})", *usage_limit);
  }
  return Status::Ok();
}

namespace {

struct Profile {
  int64_t peak = 0;
  int64_t peak_time = 0;
  std::optional<int64_t> first_over;
};

// Sweeps the (time, delta) events of the chosen usages.
Profile Sweep(std::vector<std::pair<int64_t, int64_t>> events, std::optional<int64_t> limit) {
  std::sort(events.begin(), events.end());
  Profile p;
  int64_t cur = 0;
  for (size_t i = 0; i < events.size();) {
    int64_t t = events[i].first;
    while (i < events.size() && events[i].first == t) cur += events[i++].second;
    if (cur > p.peak) {
      p.peak = cur;
      p.peak_time = t;
    }
    if (limit && cur > *limit && !p.first_over) p.first_over = t;
  }
  return p;
}

int64_t SaturatingAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r)) return std::numeric_limits<int64_t>::max();
  return r;
}

}  // namespace

Expected<Evaluation> Evaluate(const Problem& problem, const Assignment& assignment) {
  if (static_cast<int>(assignment.size()) != problem.num_nodes()) {
    return InvalidArgument("the solution has {} entries but the problem has {} nodes",
                           assignment.size(), problem.num_nodes());
  }
  Evaluation ev;
  std::vector<std::pair<int64_t, int64_t>> events;
  for (int i = 0; i < problem.num_nodes(); ++i) {
    const Node& n = problem.nodes[i];
    int s = assignment[i];
    if (s < 0 || s >= n.num_strategies()) {
      return InvalidArgument("node {}: strategy {} is out of range (the node has {})", i, s,
                             n.num_strategies());
    }
    ev.uses_forbidden |= n.costs[s] >= kForbiddenCost;
    ev.cost = SaturatingAdd(ev.cost, n.costs[s]);
    if (n.start < n.end && n.usages[s] != 0) {
      events.emplace_back(n.start, n.usages[s]);
      events.emplace_back(n.end, -n.usages[s]);
    }
  }
  for (const Edge& e : problem.edges) {
    int64_t c = e.costs[static_cast<size_t>(assignment[e.u]) * problem.nodes[e.v].costs.size() +
                        assignment[e.v]];
    ev.uses_forbidden |= c >= kForbiddenCost;
    ev.cost = SaturatingAdd(ev.cost, c);
  }
  Profile p = Sweep(std::move(events), problem.usage_limit);
  ev.peak_usage = p.peak;
  ev.peak_time = p.peak_time;
  ev.first_violation_time = p.first_over;
  ev.memory_ok = !p.first_over.has_value();
  return ev;
}

int64_t MinimalPeakUsage(const Problem& problem) {
  std::vector<std::pair<int64_t, int64_t>> events;
  for (const Node& n : problem.nodes) {
    int64_t u = *std::min_element(n.usages.begin(), n.usages.end());
    if (n.start < n.end && u != 0) {
      events.emplace_back(n.start, u);
      events.emplace_back(n.end, -u);
    }
  }
  return Sweep(std::move(events), std::nullopt).peak;
}

}  // namespace xpar::solver
