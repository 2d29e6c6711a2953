// Block moves on the core left by elimination: pick a random induced forest (a node joins when
// its neighbours already in the block lie in distinct trees), then set the whole block to its
// exact optimum by min-sum dynamic programming with the rest fixed. Never worsens the cost.
#include <algorithm>
#include <limits>
#include <numeric>

#include "solver/elimination.h"

namespace xpar::solver::fast {
namespace {

uint64_t NextRandom(uint64_t& state) {  // splitmix64: deterministic for a seed on every platform
  uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

int Find(std::vector<int>& parent, int v) {
  while (parent[v] != v) v = parent[v] = parent[parent[v]];
  return v;
}

}  // namespace

void Eliminator::ForestPass(const std::vector<std::vector<double>>& phi, std::vector<int>& x,
                            uint64_t& rng) {
  int n = model_.n;
  std::vector<int> order = core_;
  for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[NextRandom(rng) % i]);
  std::vector<char> in(n, 0);
  std::vector<int> uf(n);
  std::iota(uf.begin(), uf.end(), 0);
  std::vector<int> roots;
  for (int v : order) {
    roots.clear();
    bool ok = true;
    for (const CoreLink& l : core_adj_[v]) {
      if (!in[l.other]) continue;
      int r = Find(uf, l.other);
      if (std::find(roots.begin(), roots.end(), r) != roots.end()) {
        ok = false;
        break;
      }
      roots.push_back(r);
    }
    if (!ok) continue;
    in[v] = 1;
    for (int r : roots) uf[r] = v;
  }
  // Unary terms: node prices plus edges to fixed neighbours.
  std::vector<std::vector<double>> cost(n);
  for (int v : core_) {
    if (!in[v]) continue;
    cost[v] = phi[v];
    for (const CoreLink& l : core_adj_[v]) {
      if (in[l.other]) continue;
      for (size_t s = 0; s < cost[v].size(); ++s) cost[v][s] += At(l.edge, v, s, x[l.other]);
    }
  }
  // Breadth-first order per tree; messages go leaves-up, choices root-down.
  std::vector<int> parent(n, -1), parent_edge(n, -1), bfs;
  std::vector<char> seen(n, 0);
  for (int root : order) {
    if (!in[root] || seen[root]) continue;
    size_t head = bfs.size();
    bfs.push_back(root);
    seen[root] = 1;
    while (head < bfs.size()) {
      int v = bfs[head++];
      for (const CoreLink& l : core_adj_[v]) {
        if (!in[l.other] || seen[l.other]) continue;
        seen[l.other] = 1;
        parent[l.other] = v;
        parent_edge[l.other] = l.edge;
        bfs.push_back(l.other);
      }
    }
  }
  std::vector<std::vector<int>> choice(n);  // per non-root: best own strategy per parent's
  for (size_t k = bfs.size(); k-- > 0;) {
    int v = bfs[k], p = parent[v];
    if (p < 0) continue;
    int np = model_.num_s(p), nv = model_.num_s(v);
    choice[v].assign(np, 0);
    for (int t = 0; t < np; ++t) {
      double best = std::numeric_limits<double>::infinity();
      for (int s = 0; s < nv; ++s) {
        double c = cost[v][s] + At(parent_edge[v], v, s, t);
        if (c < best) best = c, choice[v][t] = s;
      }
      cost[p][t] += best;
    }
  }
  for (int v : bfs) {
    if (parent[v] < 0) {
      x[v] = static_cast<int>(std::min_element(cost[v].begin(), cost[v].end()) - cost[v].begin());
    } else {
      x[v] = choice[v][x[parent[v]]];
    }
  }
}

}  // namespace xpar::solver::fast
