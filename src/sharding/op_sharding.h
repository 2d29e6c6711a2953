// How each op runs on shards: the one table that both the SPMD partitioner (which handler runs
// the op) and the auto-sharding planner (which strategies it may price) read, so that the
// planner never prices a sharded form the partitioner does not emit.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/instruction.h"
#include "ir/opcode.h"

namespace xpar {

enum class ShardingRule {
  kElementwise,      // any spec, the same on every operand
  kDot,              // batch / non-contracting / contracting splits, partial sums
  kConvolution,      // batch and feature splits
  kReduce,           // kept dims split; reduced dims split -> partial sums
  kBroadcast,        // the operand's dims keep their split; new dims split locally
  kTranspose,        // splits follow the permutation
  kReshape,          // splits that survive the reshape
  kDimwise,          // slice, pad, concatenate, reverse, dynamic-(update-)slice, reduce-window:
                     // split on the dims they leave untouched (DimsTouched)
  kGather,           // embedding lookups (vocabulary or feature splits), batch splits
  kScatter,          // split over dims the scatter does not index
  kCustomCall,       // the custom calls with known semantics; others replicated
  kParameter,        // any spec (its value arrives already split)
  kSource,           // constant, iota, rng: computed whole (or by index), split locally
  kTuple,            // leaves keep their operands' specs
  kGetTupleElement,  // the element's specs
  kReplicated,       // runs on replicated operands only
};

ShardingRule ShardingRuleOf(Opcode op);
const char* ShardingRuleName(ShardingRule rule);

// For a kDimwise instruction: per dim of its result, whether the op cuts, pads, joins, indexes or
// windows it (such dims stay whole; the others keep their split and the op runs on shards).
std::vector<bool> DimsTouched(const Instruction& inst);
// For a kDimwise instruction: whether operand `i` carries data along the result's dims (the
// others are indices, pad values or reduction inits, used whole).
bool IsDimwiseDataOperand(const Instruction& inst, int64_t i);

}  // namespace xpar
