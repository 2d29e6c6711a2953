// The fast backend's working form of a Problem: duplicate edges merged, costs as doubles (exact
// for the integers that matter, < 2^53), adjacency lists, compressed live steps, and a segment
// tree that keeps the memory profile under single-node changes.
#pragma once

#include <cstdint>
#include <vector>

#include "solver/problem.h"
#include "solver/time_steps.h"

namespace xpar::solver::fast {

// Forbidden costs (>= kForbiddenCost) become the model's `forbidden` penalty: more than twice
// the largest total that any assignment of real costs can reach, so a total at or above it holds
// a forbidden choice whatever the magnitudes of the real costs (no real plan is ever mistaken
// for a forbidden one, as a fixed penalty of 10 s once did).

struct ModelEdge {
  int a = 0, b = 0;           // a < b
  std::vector<double> table;  // |S_a| x |S_b|, row-major in a's strategy
};

struct Incidence {
  int edge;
  int other;
  bool is_a;  // this node is the edge's `a` end
};

// An edge that allows one partner strategy per strategy of this end (e.g. an operand aliased
// to its result): moving this end forces the other.
struct Tie {
  int other;
  std::vector<int> partner;  // partner[s]: the other end's only allowed strategy, or -1
};

struct Model {
  int n = 0;
  std::vector<std::vector<double>> cost;    // node costs (forbidden ones at `forbidden`)
  std::vector<std::vector<int64_t>> usage;  // node usages, zero when the node is never live
  std::vector<ModelEdge> edges;
  std::vector<std::vector<Incidence>> adj;
  std::vector<std::vector<Tie>> ties;  // per node; computed once, shared by every State
  // The components that ties join (a node without ties is one alone): per node, the size of
  // its component and the component's lead, the node with the most strategies (the first of
  // them). IOPDDL A has tie components of up to 6,369 nodes.
  std::vector<int> tie_size, tie_lead;
  TimeSteps steps;
  int64_t limit = INT64_MAX;
  double forbidden = 1;  // the penalty standing for a forbidden cost

  bool IsForbidden(double c) const { return c >= forbidden; }

  int num_s(int v) const { return static_cast<int>(cost[v].size()); }
  int num_steps() const { return steps.num_steps(); }
  bool live(int v) const { return steps.first[v] < steps.end[v]; }
  // The cost of edge e for strategy s of the node at incidence `in` and t of the other end.
  double EdgeCost(const Incidence& in, int s, int t) const {
    const ModelEdge& e = edges[in.edge];
    return in.is_a ? e.table[static_cast<size_t>(s) * cost[e.b].size() + t]
                   : e.table[static_cast<size_t>(t) * cost[e.b].size() + s];
  }
};

Model BuildModel(const Problem& problem);

// Range add / range max over the compressed time steps.
class MaxTree {
 public:
  explicit MaxTree(int size = 0);
  void Add(int lo, int hi, int64_t delta);  // steps [lo, hi)
  int64_t Max(int lo, int hi) const;
  int64_t Max() const { return size_ ? mx_[1] : 0; }
  int ArgMax() const;  // a step holding Max()
  int size() const { return size_; }

 private:
  int64_t Max(int node, int l, int r, int lo, int hi) const;
  int size_;
  int leaves_ = 1;  // a power of two >= size_: node p's children are 2p and 2p + 1, step t's
                    // leaf is leaves_ + t
  // mx_[p]: the maximum over p's steps, counting the additions of p and its descendants;
  // lazy_[p]: what was added to all of p's steps at once.
  std::vector<int64_t> mx_, lazy_;
};

}  // namespace xpar::solver::fast
