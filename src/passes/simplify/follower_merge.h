// Follower merging on the strategy-selection integer program (Alpa's and XLA's "follow" nodes,
// made exact): a node whose op only follows one operand (elementwise unary, convert, copy,
// bitcast, reshape, transpose, broadcast, ...) and that touches at most two other nodes is
// eliminated. With neighbours a and b its choice is settled per pair of theirs:
//   edge'(a, b)[i][k] += min_j edge(a, f)[i][j] + cost_f[j] + edge(f, b)[j][k]
// (one neighbour: cost_a[i] += min_j cost_f[j] + edge(a, f)[i][j]). Chains of followers collapse
// one after another. The optimum of the reduced problem plus the recorded choices is an optimum
// of the original one for cost. Memory is the exception (a follower's bytes would vanish from
// the live sets), so nothing is merged unless the memory limit cannot bind: every node at its
// largest usage still fits.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/instruction.h"
#include "solver/problem.h"
#include "support/status.h"

namespace xpar {

// Ops whose sensible shardings follow their one array operand.
bool IsFollowerOp(const Instruction& inst);

struct FollowerMerge {
  // One elimination: node `node` (original numbering) decided by its neighbours `a` and `b`
  // (-1 when absent): choice[i * |S_b| + k] (or choice[i], or choice[0]).
  struct Elimination {
    int node = 0, a = -1, b = -1;
    int size_b = 1;  // |S_b|
    std::vector<int> choice;
  };
  solver::Problem reduced;
  std::vector<int> reduced_of;        // original node -> reduced node, -1 when eliminated
  std::vector<Elimination> eliminations;  // in the order they were made
  int64_t dropped_cost = 0;           // cost of eliminated nodes without neighbours
  bool memory_may_bind = false;       // why nothing was merged, when so

  // The original problem's assignment from the reduced problem's one.
  solver::Assignment Expand(const solver::Assignment& reduced_assignment) const;
  // The reduced problem's assignment from an original one (for starting plans).
  solver::Assignment Project(const solver::Assignment& full) const;
};

// Largest-usage counterpart of solver::MinimalPeakUsage: the peak over time of the sum of every
// live node's largest usage.
int64_t MaximalPeakUsage(const solver::Problem& problem);

// Eliminates the nodes with `mergeable[n]` that have at most two neighbours, repeatedly;
// `max_work` bounds |S_a| * |S_f| * |S_b| of one elimination (larger ones are skipped).
inline constexpr int64_t kMaxEliminationWork = int64_t{1} << 22;
Expected<FollowerMerge> MergeFollowers(const solver::Problem& problem,
                                       const std::vector<bool>& mergeable,
                                       int64_t max_work = kMaxEliminationWork);

}  // namespace xpar
