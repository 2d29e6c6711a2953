// Builds the strategy-selection integer program (IOPDDL form) of an entry computation: one node
// per instruction (tuple and get-tuple-element are looked through), one edge per producer ->
// consumer pair with the resharding cost of every strategy pair, live intervals and per-device
// bytes for the memory limit. Costs are integers in picoseconds, plus one unit per MiB a
// strategy keeps per device: among equally fast plans the solver prefers the one that needs less
// memory (1 GiB weighs 1 ns, far below any real time difference). A real cost never reaches the
// solver's forbidden marker: it saturates one below it (11.6 days per strategy or edge entry).
#pragma once

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "passes/auto_sharding/auto_sharding.h"
#include "solver/problem.h"

namespace xpar {

inline constexpr double kCostUnitsPerSecond = 1e12;
inline constexpr int64_t kBytesPerTieBreakUnit = 1 << 20;
inline constexpr int64_t kMaxRealCost = solver::kForbiddenCost - 1;

// The value an operand leaf really comes from, once tuple / get-tuple-element are looked through.
struct LeafRef {
  const Instruction* producer = nullptr;
  int64_t leaf = 0;  // array leaf index within the producer's result
};

// One use of a producer leaf by a consumer operand leaf, priced on edge `edge`. The consumer is
// null for the aliasing of an output with a parameter (then `to_node` is the parameter's node).
struct EdgeUse {
  int edge = 0;
  int from_node = 0, to_node = 0;
  int64_t operand = 0, operand_leaf = 0, producer_leaf = 0;
  bool alias = false;  // output aliased with a parameter: the update goes back to its layout
};

struct ShardingProblem {
  solver::Problem problem;
  std::vector<const Instruction*> node_inst;       // node -> instruction
  std::vector<std::vector<Strategy>> strategies;   // node -> its strategies (problem order)
  std::unordered_map<const Instruction*, int> node_of;
  std::vector<EdgeUse> uses;
  // Program outputs: (node, leaf). A pending partial sum there is reduced before it leaves.
  std::vector<std::pair<int, int64_t>> outputs;
};

// The array leaves of `shape` in depth-first order (tokens are not leaves).
std::vector<const Shape*> ArrayLeaves(const Shape& shape);

// The producers of each array leaf of `inst`'s result (itself, unless it is a tuple or a
// get-tuple-element).
std::vector<LeafRef> ResolveLeaves(const Instruction* inst);

// Per-device bytes of `strategy`'s result leaves of `inst`.
int64_t StrategyBytes(const Instruction& inst, const Strategy& strategy, const Mesh& mesh);

Expected<ShardingProblem> BuildShardingProblem(const Module& module, const CostModel& model,
                                               const AutoShardingOptions& options);

}  // namespace xpar
