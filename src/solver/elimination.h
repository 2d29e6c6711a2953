// Exact min-plus elimination of degree-0/1/2 nodes (leaves fold into their neighbour, chain
// nodes into an edge between their two neighbours), then best-improvement sweeps on the
// remaining core and back-substitution. Minimises node costs given per call (e.g. costs plus a
// Lagrangian memory price) plus the edge costs; memory itself is not seen here.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstddef>
#include <vector>

#include "solver/fast_model.h"

namespace xpar::solver::fast {

class Eliminator {
 public:
  // Chain eliminations whose table work |S_v||S_a||S_b| exceeds max_work keep the node in the core.
  explicit Eliminator(const Model& model, int64_t max_work = 4'000'000);

  // `unary[v][s]` replaces the node costs; `start` seeds the core sweeps.
  // `forest_passes` rounds of exact dynamic programming over random induced forests of the core
  // (each never worsens) follow the sweeps; `seed` picks the forests.
  std::vector<int> Solve(const std::vector<std::vector<double>>& unary,
                         const std::vector<int>& start, int core_sweeps, int forest_passes = 0,
                         uint64_t seed = 1, int trws_iterations = 0);
  int core_size() const { return static_cast<int>(core_.size()); }
  // Sweeps, forest passes and TRW-S iterations stop once this time has passed (the elimination
  // and back-substitution, linear in the graph, always complete).
  void set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_ = deadline; }

 private:
  struct DynEdge {
    int a, b;
    int base;      // model edge whose table it starts from, or -1 (zeros)
    bool mutated;  // receives chain tables, so it is materialised per call
  };
  struct Op {
    int v;
    int e1 = -1, e2 = -1;  // edges to the neighbours w1, w2 (-1: none)
    int w1 = -1, w2 = -1;
    int target = -1;  // degree 2: the edge between w1 and w2 that receives the table
  };
  struct CoreLink {
    int edge, other;
  };
  // An edge's table seen from one end: the cost with that end at s and the other at t is
  // tab[s * s_stride + t * t_stride].
  struct EdgeView {
    const double* tab;
    size_t s_stride, t_stride;
    double operator()(int s, int t) const { return tab[s * s_stride + t * t_stride]; }
  };
  EdgeView View(int e, int node) const {
    const DynEdge& d = edges_[e];
    const std::vector<double>& tab = d.mutated ? tables_[e] : model_.edges[d.base].table;
    size_t nb = model_.cost[d.b].size();
    return node == d.a ? EdgeView{tab.data(), nb, 1} : EdgeView{tab.data(), 1, nb};
  }
  // The dyn edge cost with `node` at s and the other end at other_s.
  double At(int e, int node, int s, int other_s) const { return View(e, node)(s, other_s); }
  void RunOp(size_t k, std::vector<std::vector<double>>& phi);
  void SweepCore(const std::vector<std::vector<double>>& phi, std::vector<int>& x, int sweeps);
  // Sequential tree-reweighted message passing (TRW-S) on the core; x becomes the best decoding
  // seen when it beats x (core_trws.cc).
  void Trws(const std::vector<std::vector<double>>& phi, std::vector<int>& x, int iterations);
  double CoreCost(const std::vector<std::vector<double>>& phi, const std::vector<int>& x) const;
  // One exact optimisation of a random induced forest of the core, others fixed (core_forest.cc).
  void ForestPass(const std::vector<std::vector<double>>& phi, std::vector<int>& x,
                  uint64_t& rng);

  bool Expired() const { return std::chrono::steady_clock::now() >= deadline_; }

  const Model& model_;
  std::chrono::steady_clock::time_point deadline_ = std::chrono::steady_clock::time_point::max();
  std::vector<DynEdge> edges_;
  std::vector<Op> ops_;
  std::vector<int> core_;
  std::vector<std::vector<CoreLink>> core_adj_;
  std::vector<std::vector<double>> tables_;  // materialised tables of mutated edges
  std::vector<std::vector<int>> argmin_;     // per op: best v per neighbour strategy (pair)
  // TRW-S state, kept across calls so that each call continues from the last messages.
  struct TrwsState {
    bool ready = false;
    std::vector<int> pos;
    std::vector<std::vector<std::vector<double>>> in;  // in[v][k]: from v's k-th core neighbour
    std::vector<std::vector<int>> rev;                 // v's index in that neighbour's list
    std::vector<double> gamma;
  };
  void InitTrws();
  TrwsState trws_;
};

}  // namespace xpar::solver::fast
