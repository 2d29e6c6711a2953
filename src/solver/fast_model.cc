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

MaxTree::MaxTree(int size) : size_(size) {
  while (leaves_ < size) leaves_ *= 2;
  mx_.assign(2 * static_cast<size_t>(leaves_), 0);
  lazy_.assign(mx_.size(), 0);
  // Padding leaves past size_ never hold a maximum (additions stay within [0, size_)).
  for (int t = size; t < leaves_; ++t) mx_[leaves_ + t] = INT64_MIN / 4;
  for (int p = leaves_ - 1; p >= 1; --p) mx_[p] = std::max(mx_[2 * p], mx_[2 * p + 1]);
}

// Bottom up (no recursion: descent and repair call this for every move they try): the nodes
// that cover [lo, hi) exactly take the addition, then the ancestors of its two ends, the only
// nodes that cover it in part, recompute their maxima.
void MaxTree::Add(int lo, int hi, int64_t delta) {
  lo = std::max(lo, 0);
  hi = std::min(hi, size_);
  if (lo >= hi || delta == 0) return;
  const int first = lo + leaves_, last = hi - 1 + leaves_;
  for (int l = first, r = hi + leaves_; l < r; l >>= 1, r >>= 1) {
    if (l & 1) mx_[l] += delta, lazy_[l] += delta, ++l;
    if (r & 1) --r, mx_[r] += delta, lazy_[r] += delta;
  }
  // Level by level, both ends' ancestors (one node once they meet).
  for (int l = first >> 1, r = last >> 1; l >= 1; l >>= 1, r >>= 1) {
    mx_[l] = lazy_[l] + std::max(mx_[2 * l], mx_[2 * l + 1]);
    if (r != l) mx_[r] = lazy_[r] + std::max(mx_[2 * r], mx_[2 * r + 1]);
  }
}

int64_t MaxTree::Max(int lo, int hi) const {
  if (lo >= hi) return INT64_MIN;
  return Max(1, 0, leaves_, lo, hi);
}

int64_t MaxTree::Max(int node, int l, int r, int lo, int hi) const {
  if (hi <= l || r <= lo) return INT64_MIN;
  if (lo <= l && r <= hi) return mx_[node];
  int mid = (l + r) / 2;
  return lazy_[node] + std::max(Max(2 * node, l, mid, lo, hi), Max(2 * node + 1, mid, r, lo, hi));
}

int MaxTree::ArgMax() const {
  int node = 1, l = 0, r = leaves_;
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
