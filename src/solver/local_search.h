// The fast backend's current solution with incremental cost and memory bookkeeping, and the
// moves on it: constrained best-improvement sweeps (ICM) and memory-limit repair.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "solver/fast_model.h"

namespace xpar::solver::fast {

class State {
 public:
  State(const Model& model, std::vector<int> assignment);

  const std::vector<int>& assignment() const { return x_; }
  double cost() const { return cost_; }  // running total; RecomputeCost() removes drift
  void RecomputeCost();
  int64_t peak() const { return tree_.Max(); }
  bool feasible() const { return peak() <= model_.limit; }

  // The change of the total cost if node v moved to strategy s.
  double Delta(int v, int s) const;
  // Whether moving v to s keeps every step of v's interval within the limit.
  bool Fits(int v, int s) const;
  void Apply(int v, int s);

  // The nodes that must move with v when v takes strategy s, following edges that allow one
  // partner strategy per strategy ("ties", e.g. an operand aliased to its result). False when
  // the ties conflict or the group exceeds kMaxGroup nodes; from the lead of a larger tie
  // component (Model::tie_lead), the group may take the whole component, so each such
  // component is tried whole once per sweep. `group` gets (node, strategy) pairs.
  bool Group(int v, int s, std::vector<std::pair<int, int>>& group);
  // Applies a group move and returns its cost change; Undo() reverts the last one.
  double ApplyGroup(const std::vector<std::pair<int, int>>& group);
  void Undo();
  bool tied(int v) const { return !model_.ties[v].empty(); }

  // Best-improvement sweeps over all nodes (memory-feasible moves only) until no move gains,
  // `max_sweeps`, or `deadline`; returns the number of moves made.
  int Descend(int max_sweeps, std::chrono::steady_clock::time_point deadline =
                                  std::chrono::steady_clock::time_point::max());
  // Moves nodes live at the peak to lower-usage strategies, cheapest cost per byte first, until
  // the limit holds. Returns false when no move lowers the peak any more.
  bool Repair();
  // On a feasible solution: pair moves, each a cost-lowering move that breaks the limit joined
  // with the cheapest memory-lowering move of a node live at the overflowing step that makes
  // the pair fit (swap_moves.cc). One pass over the nodes, until `deadline`; returns the moves.
  int SwapDescend(std::chrono::steady_clock::time_point deadline);
  // On a feasible solution: kick chains (kick_moves.cc). For edges first, first + stride, ...
  // that cost something under the plan, each end moved (with its tie group) to a strategy that
  // lowers that edge, then the nodes around the moved ones each taking their best response;
  // a chain is kept when it lowers the cost and fits the limit. One pass, until `deadline`;
  // returns the chains kept.
  int KickDescend(std::chrono::steady_clock::time_point deadline, int first = 0, int stride = 1);

 private:
  static constexpr int kMaxGroup = 64;
  // Pair moves and kick chains count a change as a gain from this share of the cost on:
  // smaller ones are rounding.
  static constexpr double kRelativeGain = 1e-9;
  bool RepairStep(int step);
  bool BestMove(int v, std::vector<std::pair<int, int>>& best_group);
  // The cheapest group move of a node live at the peak step that lowers memory there and makes
  // the state feasible with a total change below 0 with `d1`, the change of `first` (applied).
  bool FindCompensation(const std::vector<std::pair<int, int>>& first, double d1,
                        std::vector<std::pair<int, int>>& best_group);
  // The cost change of a group move, without touching the memory bookkeeping (kick_moves.cc).
  double GroupDelta(const std::vector<std::pair<int, int>>& group);
  // One kick chain starting with the group move `kick` (kick_moves.cc); true when kept.
  bool Kick(const std::vector<std::pair<int, int>>& kick);
  // w's cheapest group move that moves no node of the current chain; false if none gains.
  bool BestResponse(int w, std::vector<std::pair<int, int>>& best_group);
  const Model& model_;
  std::vector<int> stamp_, stamp_s_;
  int stamp_now_ = 0;
  std::vector<std::pair<int, int>> undo_;
  std::vector<int> x_;
  double cost_ = 0;
  MaxTree tree_;
  std::vector<int> by_first_;  // nodes with some usage choice, sorted by first live step
  // Kick chains' scratch: the chain each node last moved in, the chain's undo log (node, old
  // strategy), the nodes whose responses are pending, and group buffers.
  std::vector<int> chain_of_;
  int chain_now_ = 0;
  std::vector<std::pair<int, int>> chain_log_, kick_, response_, best_response_;
  std::vector<int> chain_work_, group_saved_;
};

// Each node's lowest-usage strategy (cheapest among ties): feasible whenever any solution is.
std::vector<int> MinUsageAssignment(const Model& model);
// Nodes in order, each taking the strategy cheapest with the edges to the nodes before it (in
// program order: the producers of its operands), never a forbidden one when another exists;
// with `least_memory`, the lowest-usage strategy among those that are not forbidden.
std::vector<int> GreedyAssignment(const Model& model, bool least_memory);

}  // namespace xpar::solver::fast
