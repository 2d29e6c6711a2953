// An op's iteration space as an einsum: loops with sizes, and for every operand and result leaf
// which loop each dimension follows. Splitting a loop over mesh axes splits every dimension that
// follows it; a split loop a result leaf lacks is a reduction (a partial sum or an all-reduce).
// Most strategy families (dot, convolution, elementwise, data movement, reduce, gather) are one
// such description; BuildEinsumStrategies turns it into the strategy list.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "passes/auto_sharding/spec_enumeration.h"
#include "passes/auto_sharding/strategy.h"

namespace xpar {

// How the results combine over a split loop they lack.
enum class EinsumReduction {
  kSum,    // a sum: the result may stay a pending partial sum, or be all-reduced in the op
  kOther,  // max/min/and/or/product or statistics: all-reduced in the op only
};

struct EinsumLeaf {
  Shape shape;                   // an array shape
  std::vector<int64_t> loop_of;  // per dimension: the loop it follows, or -1 (never split)
};

struct Einsum {
  std::vector<AxisSlot> loops;
  std::vector<std::vector<EinsumLeaf>> operands;  // per operand, its array leaves
  std::vector<EinsumLeaf> outputs;                // the result's array leaves
  EinsumReduction reduction = EinsumReduction::kSum;
  // Sets of operands that may together carry a pending partial sum over mesh axes no loop uses,
  // which then passes through to every result leaf (the op is linear in those operands, e.g.
  // {{0, 1}} for add, {{0}, {1}} for multiply). Empty: no operand may be partial.
  std::vector<std::vector<int64_t>> partial_operand_sets;
  double flops = 0;  // of the whole op; divided by the devices a strategy splits the loops over
};

// A leaf following every loop one to one (dimension i -> loop i + offset).
EinsumLeaf IdentityLeaf(const Shape& shape, int64_t offset = 0);
// Loops with the sizes of `dims`, all splittable.
std::vector<AxisSlot> LoopsOf(const std::vector<int64_t>& dims, bool allow_uneven);

// The strategies of `einsum` (never empty: the all-replicated one comes first).
std::vector<Strategy> BuildEinsumStrategies(const Einsum& einsum, const CostModel& model,
                                            const StrategyOptions& options);

// The one strategy with every operand and result leaf replicated (compute on the full arrays).
Strategy ReplicatedStrategy(const Instruction& inst, const CostModel& model);

// Readable name: "[S(0),R] <- [S(0),R] x [R,R]" plus " all-reduce(1)" when the op reduces.
std::string StrategyName(const std::vector<ShardingSpec>& outputs,
                         const std::vector<std::vector<ShardingSpec>>& operands,
                         const std::vector<CollectiveUse>& collectives);

// Element type used for the roofline (the first floating leaf, else the first leaf, else f32).
PrimitiveType ComputeType(const Shape& shape);

}  // namespace xpar
