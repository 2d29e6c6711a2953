// Sharding strategies of one instruction (Alpa's intra-op strategy space): for each way to
// shard the op on the mesh, the sharding of its result and the sharding it requires of each
// operand, with its compute and communication time. Also the cost of resharding a value.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/cost_model.h"
#include "ir/instruction.h"
#include "ir/shape.h"
#include "sharding/sharding_spec.h"
#include "support/status.h"

namespace xpar {

// A collective an op (or a resharding) issues, for the plan's listing and for checks.
struct CollectiveUse {
  CollectiveKind kind = CollectiveKind::kAllReduce;
  int64_t bytes = 0;               // as in CostModel::CollectiveSeconds
  std::vector<int64_t> axes;       // mesh axes of the group
  bool operator==(const CollectiveUse&) const = default;
};

struct Strategy {
  std::string name;  // short and readable: "S0 = S0 x R", "R = S1(k) x S1(k) -> all-reduce(1)"
  // One spec per array leaf of the result shape (a non-tuple result has exactly one).
  std::vector<ShardingSpec> outputs;
  // operands[k]: the spec operand k must arrive in, one per array leaf of its shape.
  std::vector<std::vector<ShardingSpec>> operands;
  double compute_s = 0;        // per device, roofline on the local shard
  double communication_s = 0;  // the op's own collectives (listed in `collectives`)
  std::vector<CollectiveUse> collectives;
};

struct StrategyOptions {
  // Results may be left as pending partial sums over mesh axes (a later resharding reduces
  // them, e.g. by reduce-scatter); otherwise partial sums are all-reduced inside the op.
  bool allow_partial = true;
  // Splits need not divide the dimension (the partitioner pads); otherwise only even splits.
  bool allow_uneven = false;
};

// Every strategy of `inst` (an instruction of an entry computation) on `model`'s mesh. Never
// empty: an op with no better idea is at least fully replicated. Ops that cannot be sharded
// (while, call, conditional, custom calls without semantics here, ...) get the replicated
// strategy only.
Expected<std::vector<Strategy>> EnumerateStrategies(const Instruction& inst,
                                                    const CostModel& model,
                                                    const StrategyOptions& options);

// Which array leaves of operand `k` a strategy of `inst` constrains, one flag per leaf of
// Strategy::operands[k]: all of them, except for get-tuple-element, which reads only the leaves
// of its element (the other leaves are listed replicated as placeholders and must not be priced).
std::vector<bool> ReadOperandLeaves(const Instruction& inst, int64_t k);

struct Resharding {
  double seconds = 0;
  std::vector<CollectiveUse> collectives;  // in the order they run
};

// The collectives that turn an array of `shape` sharded as `from` into `to`, exactly as the SPMD
// partitioner emits them (PlanReshard), priced by `model`.
Resharding ReshardingCost(const Shape& shape, const ShardingSpec& from, const ShardingSpec& to,
                          const CostModel& model);

// Bytes of an array of `shape` each device holds under `spec` (ceil division per split dim).
int64_t ShardedBytes(const Shape& shape, const ShardingSpec& spec, const Mesh& mesh);

}  // namespace xpar
