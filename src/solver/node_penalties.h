// Memory priced per node instead of per step, as the ASPLOS 2025 IOPDDL contest's winning
// solver relaxes the limit: a node live at a step over the limit gets a higher weight per byte
// above its least usage, every other node a lower one. Unlike the per-step Lagrangian prices,
// nodes live at the same steps can end at different prices, which leads the loop to other plan
// families: on instance A at 60 s, beside the per-step search on the other core, 6549.35e6 in
// three runs against the per-step search's 6553.4e6-6554.0e6 (before whole tie components moved:
// since then the per-step search wins A, 6548.77e6); S at 60 s: 1511.7e6 against 1537.5e6. The
// fast backend runs it as its second search (fast_solver.cc).
#pragma once

#include <cstdint>
#include <vector>

#include "solver/fast_model.h"

namespace xpar::solver::fast {

class NodePenalties {
 public:
  explicit NodePenalties(const Model& m);
  // One round's update from the memory profile (per compressed step) of the round's plan before
  // repair: a node live at a step over the limit has its weight multiplied by kUp (set to
  // `base` when below it), any other divided by kDown (dropped to 0 below base / 1000). Nodes
  // that fit at every step where they are live even when every node takes its largest usage
  // never pay.
  void Update(const std::vector<int64_t>& profile, double base);
  // Adds weight x (usage - least usage) to each strategy's cost in `costs`.
  void AddTo(std::vector<std::vector<double>>& costs) const;

  static constexpr double kUp = 1.35;
  static constexpr double kDown = 1.5;

 private:
  const Model& m_;
  std::vector<double> weight_;
  std::vector<int64_t> least_;  // least usage per node
  std::vector<int> priced_;     // the nodes that can pay (live, usage varies, not always fitting)
};

}  // namespace xpar::solver::fast
