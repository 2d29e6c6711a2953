// Large neighbourhood search for the fast backend: frees a few dozen nodes (connected in the
// graph, or live together at a step near the memory peak), solves that sub-problem exactly with
// CBC while every other node stays fixed (its edges fold into the free nodes' costs, its memory
// into the limit), and keeps the answer when it is cheaper. Lagrangian pricing settles on one
// plan where the memory limit binds (instance V: the same plan from 15 s to 300 s); exact
// sub-solves make the multi-node trades that single and pair moves cannot. A region that takes
// one node of a tie component (operands aliased to results: instance A's 34,932 nodes form
// components of up to 6,369) takes all of it when it fits, since a node tied to a fixed one
// cannot move.
#pragma once

#include <chrono>
#include <cstdint>
#include <random>
#include <utility>
#include <vector>

#include "solver/fast_model.h"
#include "solver/local_search.h"
#include "solver/problem.h"
#include "support/status.h"

namespace xpar::solver::fast {

// The sub-problem over `free_nodes` (each with more than one strategy) with every other node
// fixed at `x`, whose memory profile per compressed step is `profile`. Node i of the result is
// free_nodes[i]; after them come single-strategy nodes holding the fixed nodes' memory, one per
// span of steps where the set of live free nodes does not change. An assignment of the free
// nodes costs (sub-problem cost) + (a constant), and fits the sub-problem's limit exactly when
// the whole assignment fits the limit at every step where a free node is live.
Problem SubProblem(const Model& m, const std::vector<int>& x, const std::vector<int>& free_nodes,
                   const std::vector<int64_t>& profile);

struct LnsStats {
  int solves = 0;      // sub-problems handed to CBC
  int improved = 0;    // of them, the ones that lowered the cost
  int size = 0;        // neighbourhood size at the end (it adapts to CBC's speed)
  bool whole = false;  // the last sub-problem was the whole problem, solved to CBC's gap
};

class Lns {
 public:
  // `solve_seconds`: one sub-solve's limit. The neighbourhood grows while CBC proves its
  // sub-problems optimal within a quarter of it and shrinks when it does not.
  Lns(const Model& m, uint64_t seed, double solve_seconds = 2);
  // Improves the feasible `x` in place until `deadline`, `max_solves` sub-solves, or
  // `stall_solves` sub-solves in a row that gain nothing (0: no such cap), or until a
  // neighbourhood holds every node; x stays feasible and never gets dearer.
  Expected<LnsStats> Improve(std::vector<int>& x, std::chrono::steady_clock::time_point deadline,
                             int max_solves = 0, int stall_solves = 0);
  // Another plan (e.g. the Lagrangian loop's latest) whose differences from x make regions:
  // freeing them lets CBC take the better part of each plan.
  void set_guide(std::vector<int> guide) { guide_ = std::move(guide); }
  // Queues, for the next sub-solves, one region of kind 6 per tie component too large for a
  // region: the component moved to its cheapest other strategy (the move alone) with the
  // nodes around it, cheapest move first. Of that list, entries first, first + stride, ...: two
  // searches of one plan share the sweep. On IOPDDL A's plan of 6548769338 at 60 s, the
  // gaining move (-87,703; a 2,094-node component, the cheapest move alone) is the third of 9,
  // found after 1.7 s; kind 6's random draws found it after 25-60 s of search.
  void QueueSweep(const std::vector<int>& x, int first = 0, int stride = 1);

 private:
  // `size` free nodes, by `kind` in turn: 0, a randomised breadth-first region around a random
  // node; 1, around nodes live at the fullest of a few random steps; 2, a slice of program order.
  // 3, around both ends of an edge drawn with probability proportional to its cost under x;
  // 4, nodes where x differs from the guide (set_guide), connected among themselves; 5, a tie
  // component of more than 64 nodes, whole, with the nodes around it (kind 6 is FlippedRegion;
  // without a component for kinds 5 and 6, a region of kind 0).
  std::vector<int> Neighbourhood(const std::vector<int>& x, const std::vector<int64_t>& profile,
                                 int size, int kind);
  int CostlyEdge(const std::vector<int>& x);
  std::vector<int> Seeds(const std::vector<int>& x, const std::vector<int64_t>& profile, int size,
                         int kind);
  std::vector<int> DifferingSeeds(const std::vector<int>& x, int size);
  // Kind 5's region for large component c: all of it and half a region around it.
  std::vector<int> ComponentRegion(int c, int size);
  // The next component of large_ from `at` whose number of movable nodes is `wanted` (-1: none).
  template <typename Pred>
  int NextLarge(size_t& at, Pred wanted);
  // Kind 6: a tie component of more than 64 nodes and too large for a region of `size`, moved
  // whole to another strategy (`flip`, from state.Group), and `size` nodes around it, freed to
  // follow. On IOPDDL A, a component of 2,094 nodes moved with 600 nodes around it gains 87,703
  // where the move alone costs 148,051. Empty (and no flip) when there is no such component.
  std::vector<int> FlippedRegion(State& state, int size, std::vector<std::pair<int, int>>& flip);
  // Up to `size` movable nodes around component c, not its own (kind 6's region).
  std::vector<int> AroundComponent(int c, int size);
  void Grow(std::vector<int>& chosen, int size);
  void TieComponents();
  // Adds w to `chosen` and marks it; with the rest of its tie component too when the component
  // has at most `size` nodes (a node tied to a fixed one cannot move).
  void Take(int w, std::vector<int>& chosen, int size);

  const Model& m_;
  std::mt19937_64 rng_;
  double solve_seconds_;
  std::vector<int> movable_;           // nodes with more than one strategy
  std::vector<int> movable_steps_;     // steps where some node with varying usage is live
  std::vector<int> mark_;
  std::vector<double> weights_;  // CostlyEdge's running sums
  std::vector<int> guide_;
  int size_;  // the neighbourhood size, kept from one Improve call to the next
  int next_kind_ = 0;
  // Tie components (model ties, both directions), as lists: component c holds
  // comp_nodes_[comp_start_[c] .. comp_start_[c + 1]); comp_of_[v] is v's.
  std::vector<int> comp_of_, comp_start_, comp_nodes_;
  // Components of more than kLargeComponent movable nodes, in a random order that kinds 5 and
  // 6 go through in turn from their own positions (each component gets its region in time).
  std::vector<int> large_;
  size_t whole_at_ = 0, flip_at_ = 0;
  // QueueSweep's moves still to solve, (component, strategy of its lead), the next one last.
  std::vector<std::pair<int, int>> sweep_;
  int mark_now_ = 0;
};

// The memory profile of `x` per compressed step.
std::vector<int64_t> MemoryProfile(const Model& m, const std::vector<int>& x);

}  // namespace xpar::solver::fast
