// Exact elimination of follower nodes of degree <= 2 from the strategy-selection problem.
#include "passes/simplify/follower_merge.h"

#include <algorithm>
#include <limits>
#include <map>
#include <set>

namespace xpar {
namespace {

using solver::kForbiddenCost;

// Sum of costs that stays forbidden when a term is, and a real cost below the marker otherwise.
int64_t Add(int64_t x, int64_t y) {
  if (x >= kForbiddenCost || y >= kForbiddenCost) return kForbiddenCost;
  return std::min(x + y, kForbiddenCost - 1);
}

// The problem under elimination: costs per node and edge matrices keyed by (smaller, larger).
class Graph {
 public:
  explicit Graph(const solver::Problem& p) : size_(p.num_nodes()), adj_(p.num_nodes()) {
    for (int n = 0; n < p.num_nodes(); ++n) {
      costs_.push_back(p.nodes[n].costs);
      size_[n] = p.nodes[n].num_strategies();
    }
    for (const solver::Edge& e : p.edges) {
      auto& m = edges_[{std::min(e.u, e.v), std::max(e.u, e.v)}];
      if (m.empty()) m.assign(e.costs.size(), 0);  // a repeated pair adds to the first
      for (int i = 0; i < size_[e.u]; ++i) {
        for (int j = 0; j < size_[e.v]; ++j) At(m, e.u, e.v, i, j) = Add(At(m, e.u, e.v, i, j),
                                                                         e.costs[i * size_[e.v] + j]);
      }
      adj_[e.u].insert(e.v);
      adj_[e.v].insert(e.u);
    }
  }
  int Size(int n) const { return size_[n]; }
  const std::set<int>& Neighbours(int n) const { return adj_[n]; }
  std::vector<int64_t>& Costs(int n) { return costs_[n]; }
  // Cost of strategy i of x next to strategy j of y on their edge.
  int64_t Edge(int x, int y, int i, int j) {
    auto& m = edges_.at({std::min(x, y), std::max(x, y)});
    return At(m, x, y, i, j);
  }
  // Adds cost(i, k) to the edge (a, b), creating it when needed.
  template <typename Fn>
  void AddToEdge(int a, int b, Fn cost) {
    auto [it, fresh] = edges_.try_emplace({std::min(a, b), std::max(a, b)});
    if (fresh) it->second.assign(static_cast<size_t>(size_[a]) * size_[b], 0);
    for (int i = 0; i < size_[a]; ++i) {
      for (int k = 0; k < size_[b]; ++k) {
        int64_t& cell = At(it->second, a, b, i, k);
        cell = Add(cell, cost(i, k));
      }
    }
    adj_[a].insert(b);
    adj_[b].insert(a);
  }
  void Remove(int f) {
    for (int n : adj_[f]) {
      edges_.erase({std::min(n, f), std::max(n, f)});
      adj_[n].erase(f);
    }
    adj_[f].clear();
  }
  const std::map<std::pair<int, int>, std::vector<int64_t>>& edges() const { return edges_; }

 private:
  int64_t& At(std::vector<int64_t>& m, int x, int y, int i, int j) {
    return x < y ? m[static_cast<size_t>(i) * size_[y] + j] : m[static_cast<size_t>(j) * size_[x] + i];
  }
  std::vector<int> size_;
  std::vector<std::vector<int64_t>> costs_;
  std::vector<std::set<int>> adj_;
  std::map<std::pair<int, int>, std::vector<int64_t>> edges_;
};

// The best strategy of f given its neighbours' strategies, and its cost.
template <typename Fn>
std::pair<int64_t, int> Best(int size_f, Fn cost_of) {
  int64_t best = std::numeric_limits<int64_t>::max();
  int arg = 0;
  for (int j = 0; j < size_f; ++j) {
    int64_t c = cost_of(j);
    if (c < best) best = c, arg = j;
  }
  return {best, arg};
}

FollowerMerge::Elimination Eliminate(Graph& g, int f, int64_t& dropped) {
  FollowerMerge::Elimination e;
  e.node = f;
  std::vector<int> nb(g.Neighbours(f).begin(), g.Neighbours(f).end());
  const std::vector<int64_t> cf = g.Costs(f);
  if (nb.empty()) {
    auto [c, j] = Best(g.Size(f), [&](int j) { return cf[j]; });
    dropped = Add(dropped, c);
    e.choice = {j};
  } else if (nb.size() == 1) {
    e.a = nb[0];
    std::vector<int64_t>& ca = g.Costs(e.a);
    for (int i = 0; i < g.Size(e.a); ++i) {
      auto [c, j] = Best(g.Size(f), [&](int j) { return Add(cf[j], g.Edge(e.a, f, i, j)); });
      ca[i] = Add(ca[i], c);
      e.choice.push_back(j);
    }
  } else {
    e.a = nb[0];
    e.b = nb[1];
    e.size_b = g.Size(e.b);
    e.choice.assign(static_cast<size_t>(g.Size(e.a)) * g.Size(e.b), 0);
    std::vector<int64_t> cost(e.choice.size());
    for (int i = 0; i < g.Size(e.a); ++i) {
      for (int k = 0; k < g.Size(e.b); ++k) {
        auto [c, j] = Best(g.Size(f), [&](int j) {
          return Add(Add(g.Edge(e.a, f, i, j), cf[j]), g.Edge(f, e.b, j, k));
        });
        cost[static_cast<size_t>(i) * g.Size(e.b) + k] = c;
        e.choice[static_cast<size_t>(i) * g.Size(e.b) + k] = j;
      }
    }
    int sb = g.Size(e.b);
    g.AddToEdge(e.a, e.b, [&](int i, int k) { return cost[static_cast<size_t>(i) * sb + k]; });
  }
  g.Remove(f);
  return e;
}

bool WorthIt(const Graph& g, int f, int64_t max_work) {
  const std::set<int>& nb = g.Neighbours(f);
  if (nb.size() > 2) return false;
  int64_t work = g.Size(f);
  for (int n : nb) work *= g.Size(n);
  return work <= max_work;
}

solver::Problem Reduced(const solver::Problem& p, Graph& g, const std::vector<int>& reduced_of) {
  solver::Problem r;
  r.name = p.name;
  r.usage_limit = p.usage_limit;
  for (int n = 0; n < p.num_nodes(); ++n) {
    if (reduced_of[n] < 0) continue;
    solver::Node node = p.nodes[n];
    node.costs = g.Costs(n);
    r.nodes.push_back(std::move(node));
  }
  for (const auto& [uv, costs] : g.edges()) {
    r.edges.push_back({reduced_of[uv.first], reduced_of[uv.second], costs});
  }
  return r;
}

}  // namespace

int64_t MaximalPeakUsage(const solver::Problem& problem) {
  std::map<int64_t, int64_t> delta;
  for (const solver::Node& n : problem.nodes) {
    if (n.start >= n.end || n.usages.empty()) continue;
    int64_t most = *std::max_element(n.usages.begin(), n.usages.end());
    delta[n.start] += most;
    delta[n.end] -= most;
  }
  int64_t running = 0, peak = 0;
  for (auto [t, d] : delta) peak = std::max(peak, running += d);
  return peak;
}

Expected<FollowerMerge> MergeFollowers(const solver::Problem& problem,
                                       const std::vector<bool>& mergeable, int64_t max_work) {
  if (static_cast<int>(mergeable.size()) != problem.num_nodes()) {
    return InvalidArgument("follower merging: {} flags for {} nodes", mergeable.size(),
                           problem.num_nodes());
  }
  FollowerMerge out;
  out.reduced_of.resize(problem.num_nodes());
  out.memory_may_bind = problem.usage_limit && MaximalPeakUsage(problem) > *problem.usage_limit;
  Graph g(problem);
  std::vector<bool> gone(problem.num_nodes(), false);
  // A follower becomes mergeable when its neighbours are merged away; re-check until stable.
  for (bool progress = !out.memory_may_bind; progress;) {
    progress = false;
    for (int f = 0; f < problem.num_nodes(); ++f) {
      if (gone[f] || !mergeable[f] || !WorthIt(g, f, max_work)) continue;
      out.eliminations.push_back(Eliminate(g, f, out.dropped_cost));
      gone[f] = true;
      progress = true;
    }
  }
  int next = 0;
  for (int n = 0; n < problem.num_nodes(); ++n) out.reduced_of[n] = gone[n] ? -1 : next++;
  out.reduced = Reduced(problem, g, out.reduced_of);
  RETURN_IF_ERROR(out.reduced.Validate());
  return out;
}

solver::Assignment FollowerMerge::Expand(const solver::Assignment& reduced_assignment) const {
  solver::Assignment full(reduced_of.size(), 0);
  for (size_t n = 0; n < reduced_of.size(); ++n) {
    if (reduced_of[n] >= 0) full[n] = reduced_assignment[reduced_of[n]];
  }
  for (auto it = eliminations.rbegin(); it != eliminations.rend(); ++it) {
    size_t index = it->a >= 0 ? static_cast<size_t>(full[it->a]) : 0;
    if (it->b >= 0) index = index * it->size_b + full[it->b];
    full[it->node] = it->choice[index];
  }
  return full;
}

solver::Assignment FollowerMerge::Project(const solver::Assignment& full) const {
  solver::Assignment r(reduced.num_nodes(), 0);
  for (size_t n = 0; n < reduced_of.size() && n < full.size(); ++n) {
    if (reduced_of[n] >= 0) r[reduced_of[n]] = full[n];
  }
  return r;
}

}  // namespace xpar

namespace xpar {

bool IsFollowerOp(const Instruction& inst) {
  if (inst.operand_count() != 1) return false;
  Opcode op = inst.opcode();
  return HasTrait(op, kElementwise) ||
         IsOneOf(op, {Opcode::kConvert, Opcode::kCopy, Opcode::kBitcast, Opcode::kBitcastConvert,
                      Opcode::kReshape, Opcode::kTranspose, Opcode::kBroadcast,
                      Opcode::kReducePrecision});
}

}  // namespace xpar
