// Building the fast backend's Model, and its memory-profile segment tree.
#include "solver/fast_model.h"

#include <algorithm>
#include <map>

namespace xpar::solver::fast {
namespace {

// The largest real (non-forbidden) entry of each node and edge, summed: no assignment that
// avoids forbidden choices costs more.
double RealCostBound(const Problem& p) {
  auto max_real = [](const std::vector<int64_t>& costs) {
    int64_t mx = 0;
    for (int64_t c : costs) {
      if (c < kForbiddenCost) mx = std::max(mx, c);
    }
    return static_cast<double>(mx);
  };
  double bound = 0;
  for (const Node& n : p.nodes) bound += max_real(n.costs);
  for (const Edge& e : p.edges) bound += max_real(e.costs);
  return bound;
}

// The functional edges of each node (see Tie).
void FindTies(Model& m) {
  m.ties.assign(m.n, {});
  for (int v = 0; v < m.n; ++v) {
    for (const Incidence& in : m.adj[v]) {
      Tie tie{in.other, std::vector<int>(m.num_s(v), -1)};
      bool functional = true;
      for (int s = 0; s < m.num_s(v) && functional; ++s) {
        for (int t = 0; t < m.num_s(in.other); ++t) {
          if (m.IsForbidden(m.EdgeCost(in, s, t))) continue;
          if (tie.partner[s] >= 0) functional = false;
          tie.partner[s] = t;
        }
      }
      if (functional) m.ties[v].push_back(std::move(tie));
    }
  }
  std::vector<int> parent(m.n);
  for (int v = 0; v < m.n; ++v) parent[v] = v;
  auto root = [&parent](int v) {
    while (parent[v] != v) v = parent[v] = parent[parent[v]];
    return v;
  };
  for (int v = 0; v < m.n; ++v) {
    for (const Tie& t : m.ties[v]) parent[root(v)] = root(t.other);
  }
  std::vector<int> size(m.n, 0), lead(m.n, -1);
  for (int v = 0; v < m.n; ++v) {
    int r = root(v);
    ++size[r];
    if (lead[r] < 0 || m.num_s(v) > m.num_s(lead[r])) lead[r] = v;
  }
  m.tie_size.resize(m.n);
  m.tie_lead.resize(m.n);
  for (int v = 0; v < m.n; ++v) {
    m.tie_size[v] = size[root(v)];
    m.tie_lead[v] = lead[root(v)];
  }
}

}  // namespace

Model BuildModel(const Problem& p) {
  Model m;
  m.forbidden = 2 * RealCostBound(p) + 1;
  auto Clamp = [&m](int64_t c) { return c >= kForbiddenCost ? m.forbidden : static_cast<double>(c); };
  m.n = p.num_nodes();
  m.steps = CompressTime(p);
  m.limit = p.usage_limit.value_or(INT64_MAX);
  m.cost.resize(m.n);
  m.usage.resize(m.n);
  for (int v = 0; v < m.n; ++v) {
    const Node& node = p.nodes[v];
    m.cost[v].resize(node.costs.size());
    for (size_t s = 0; s < node.costs.size(); ++s) m.cost[v][s] = Clamp(node.costs[s]);
    m.usage[v] = node.usages;
    if (!m.live(v)) std::fill(m.usage[v].begin(), m.usage[v].end(), 0);
  }
  std::map<std::pair<int, int>, int> index;
  for (const Edge& e : p.edges) {
    int a = std::min(e.u, e.v), b = std::max(e.u, e.v);
    int na = m.num_s(a), nb = m.num_s(b);
    auto [it, fresh] = index.try_emplace({a, b}, static_cast<int>(m.edges.size()));
    if (fresh) m.edges.push_back({a, b, std::vector<double>(static_cast<size_t>(na) * nb, 0.0)});
    std::vector<double>& t = m.edges[it->second].table;
    for (int i = 0; i < na; ++i) {
      for (int j = 0; j < nb; ++j) {
        double c = Clamp(e.u == a ? e.costs[static_cast<size_t>(i) * nb + j]
                                  : e.costs[static_cast<size_t>(j) * na + i]);
        t[static_cast<size_t>(i) * nb + j] += c;
      }
    }
  }
  // Edges whose table is all zero never matter.
  std::vector<ModelEdge> kept;
  for (ModelEdge& e : m.edges) {
    if (std::any_of(e.table.begin(), e.table.end(), [](double c) { return c != 0; })) {
      kept.push_back(std::move(e));
    }
  }
  m.edges = std::move(kept);
  m.adj.assign(m.n, {});
  for (int e = 0; e < static_cast<int>(m.edges.size()); ++e) {
    m.adj[m.edges[e].a].push_back({e, m.edges[e].b, true});
    m.adj[m.edges[e].b].push_back({e, m.edges[e].a, false});
  }
  FindTies(m);
  return m;
}

MaxTree::MaxTree(int size) : size_(size), mx_(4 * std::max(size, 1), 0), lazy_(mx_.size(), 0) {}

void MaxTree::Add(int lo, int hi, int64_t delta) {
  if (lo < hi && delta != 0) Add(1, 0, size_, lo, hi, delta);
}

void MaxTree::Add(int node, int l, int r, int lo, int hi, int64_t d) {
  if (hi <= l || r <= lo) return;
  if (lo <= l && r <= hi) {
    mx_[node] += d;
    lazy_[node] += d;
    return;
  }
  int mid = (l + r) / 2;
  Add(2 * node, l, mid, lo, hi, d);
  Add(2 * node + 1, mid, r, lo, hi, d);
  mx_[node] = lazy_[node] + std::max(mx_[2 * node], mx_[2 * node + 1]);
}

int64_t MaxTree::Max(int lo, int hi) const {
  if (lo >= hi) return INT64_MIN;
  return Max(1, 0, size_, lo, hi);
}

int64_t MaxTree::Max(int node, int l, int r, int lo, int hi) const {
  if (hi <= l || r <= lo) return INT64_MIN;
  if (lo <= l && r <= hi) return mx_[node];
  int mid = (l + r) / 2;
  return lazy_[node] + std::max(Max(2 * node, l, mid, lo, hi), Max(2 * node + 1, mid, r, lo, hi));
}

int MaxTree::ArgMax() const {
  int node = 1, l = 0, r = size_;
  while (r - l > 1) {
    int mid = (l + r) / 2;
    if (mx_[2 * node] >= mx_[2 * node + 1]) {
      node = 2 * node;
      r = mid;
    } else {
      node = 2 * node + 1;
      l = mid;
    }
  }
  return l;
}

}  // namespace xpar::solver::fast
