// Degree-0/1/2 elimination with min-plus tables (see elimination.h).
#include "solver/elimination.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <unordered_map>

namespace xpar::solver::fast {
namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

Eliminator::Eliminator(const Model& m, int64_t max_work) : model_(m) {
  std::vector<std::unordered_map<int, int>> nbr(m.n);  // neighbour -> dyn edge
  for (int e = 0; e < static_cast<int>(m.edges.size()); ++e) {
    edges_.push_back({m.edges[e].a, m.edges[e].b, e, false});
    nbr[m.edges[e].a][m.edges[e].b] = e;
    nbr[m.edges[e].b][m.edges[e].a] = e;
  }
  std::vector<char> gone(m.n, 0);
  std::deque<int> queue;
  for (int v = 0; v < m.n; ++v) queue.push_back(v);
  while (!queue.empty()) {
    int v = queue.front();
    queue.pop_front();
    if (gone[v] || nbr[v].size() > 2) continue;
    Op op{v};
    std::vector<std::pair<int, int>> ns(nbr[v].begin(), nbr[v].end());
    std::sort(ns.begin(), ns.end());
    if (ns.size() == 2) {
      int a = ns[0].first, b = ns[1].first;
      if (int64_t{m.num_s(v)} * m.num_s(a) * m.num_s(b) > max_work) continue;
      auto it = nbr[a].find(b);
      if (it != nbr[a].end()) {
        op.target = it->second;
      } else {
        op.target = static_cast<int>(edges_.size());
        edges_.push_back({a, b, -1, true});
        nbr[a][b] = op.target;
        nbr[b][a] = op.target;
      }
      edges_[op.target].mutated = true;
      op.w2 = b;
      op.e2 = ns[1].second;
    }
    if (!ns.empty()) {
      op.w1 = ns[0].first;
      op.e1 = ns[0].second;
    }
    for (auto [w, e] : ns) {
      nbr[w].erase(v);
      queue.push_back(w);
    }
    nbr[v].clear();
    gone[v] = 1;
    ops_.push_back(op);
  }
  core_adj_.assign(m.n, {});
  for (int v = 0; v < m.n; ++v) {
    if (gone[v]) continue;
    core_.push_back(v);
    for (auto [w, e] : nbr[v]) core_adj_[v].push_back({e, w});
    std::sort(core_adj_[v].begin(), core_adj_[v].end(),
              [](const CoreLink& x, const CoreLink& y) { return x.other < y.other; });
  }
  tables_.resize(edges_.size());
  argmin_.resize(ops_.size());
}

void Eliminator::RunOp(size_t k, std::vector<std::vector<double>>& phi) {
  const Op& op = ops_[k];
  const std::vector<double>& pv = phi[op.v];
  int nv = static_cast<int>(pv.size());
  std::vector<int>& arg = argmin_[k];
  if (op.w1 < 0) return;
  int n1 = model_.num_s(op.w1);
  if (op.w2 < 0) {
    arg.assign(n1, 0);
    for (int t = 0; t < n1; ++t) {
      double best = kInf;
      for (int s = 0; s < nv; ++s) {
        double c = pv[s] + At(op.e1, op.v, s, t);
        if (c < best) best = c, arg[t] = s;
      }
      phi[op.w1][t] += best;
    }
    return;
  }
  int n2 = model_.num_s(op.w2);
  std::vector<double> best(static_cast<size_t>(n1) * n2, kInf);
  arg.assign(best.size(), 0);
  std::vector<double> col2(n2);
  for (int s = 0; s < nv; ++s) {
    for (int j = 0; j < n2; ++j) col2[j] = pv[s] + At(op.e2, op.v, s, j);
    for (int i = 0; i < n1; ++i) {
      double c1 = At(op.e1, op.v, s, i);
      double* row = &best[static_cast<size_t>(i) * n2];
      int* arow = &arg[static_cast<size_t>(i) * n2];
      for (int j = 0; j < n2; ++j) {
        double c = c1 + col2[j];
        if (c < row[j]) row[j] = c, arow[j] = s;
      }
    }
  }
  const DynEdge& t = edges_[op.target];
  std::vector<double>& tab = tables_[op.target];
  size_t nb = model_.cost[t.b].size();
  for (int i = 0; i < n1; ++i) {
    for (int j = 0; j < n2; ++j) {
      double c = best[static_cast<size_t>(i) * n2 + j];
      if (t.a == op.w1) {
        tab[static_cast<size_t>(i) * nb + j] += c;
      } else {
        tab[static_cast<size_t>(j) * nb + i] += c;
      }
    }
  }
}

void Eliminator::SweepCore(const std::vector<std::vector<double>>& phi, std::vector<int>& x,
                           int sweeps) {
  std::vector<double> local;
  for (int sweep = 0; sweep < sweeps && (sweep == 0 || !Expired()); ++sweep) {
    bool changed = false;
    for (int v : core_) {
      local.assign(phi[v].begin(), phi[v].end());
      for (const CoreLink& l : core_adj_[v]) {
        int t = x[l.other];
        for (int s = 0; s < static_cast<int>(local.size()); ++s) local[s] += At(l.edge, v, s, t);
      }
      int best = x[v];
      for (int s = 0; s < static_cast<int>(local.size()); ++s) {
        if (local[s] < local[best] - 1e-9) best = s;
      }
      if (best != x[v]) x[v] = best, changed = true;
    }
    if (!changed) break;
  }
}

std::vector<int> Eliminator::Solve(const std::vector<std::vector<double>>& unary,
                                   const std::vector<int>& start, int core_sweeps,
                                   int forest_passes, uint64_t seed, int trws_iterations) {
  std::vector<std::vector<double>> phi = unary;
  for (size_t e = 0; e < edges_.size(); ++e) {
    if (!edges_[e].mutated) continue;
    const DynEdge& d = edges_[e];
    if (d.base >= 0) {
      tables_[e] = model_.edges[d.base].table;
    } else {
      tables_[e].assign(model_.cost[d.a].size() * model_.cost[d.b].size(), 0.0);
    }
  }
  for (size_t k = 0; k < ops_.size(); ++k) RunOp(k, phi);
  std::vector<int> x = start;
  if (trws_iterations > 0) Trws(phi, x, trws_iterations);
  SweepCore(phi, x, core_sweeps);
  for (int pass = 0; pass < forest_passes && !Expired(); ++pass) {
    ForestPass(phi, x, seed);
    SweepCore(phi, x, core_sweeps);
  }
  for (size_t k = ops_.size(); k-- > 0;) {
    const Op& op = ops_[k];
    if (op.w1 < 0) {
      const auto& p = phi[op.v];
      x[op.v] = static_cast<int>(std::min_element(p.begin(), p.end()) - p.begin());
    } else if (op.w2 < 0) {
      x[op.v] = argmin_[k][x[op.w1]];
    } else {
      x[op.v] = argmin_[k][static_cast<size_t>(x[op.w1]) * model_.num_s(op.w2) + x[op.w2]];
    }
  }
  return x;
}

}  // namespace xpar::solver::fast
