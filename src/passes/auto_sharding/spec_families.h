// Strategy families, one function per op family (each in its own strategy_<family>.cc), called
// from EnumerateStrategies' opcode switch.
#pragma once

#include <vector>

#include "passes/auto_sharding/strategy.h"

namespace xpar {

using StrategyList = Expected<std::vector<Strategy>>;

// strategy_dot.cc
StrategyList DotStrategies(const Instruction& inst, const CostModel& model,
                           const StrategyOptions& options);
StrategyList ConvolutionStrategies(const Instruction& inst, const CostModel& model,
                                   const StrategyOptions& options);

// strategy_elementwise.cc: every operand in the result's spec (scalars replicated).
StrategyList ElementwiseStrategies(const Instruction& inst, const CostModel& model,
                                   const StrategyOptions& options);
// Custom calls xpar knows (Neuron's elementwise kernels and RMS norm, Sharding); the rest are
// replicated.
StrategyList CustomCallStrategies(const Instruction& inst, const CostModel& model,
                                  const StrategyOptions& options);

// strategy_data_movement.cc
StrategyList BroadcastStrategies(const Instruction& inst, const CostModel& model,
                                 const StrategyOptions& options);
StrategyList TransposeStrategies(const Instruction& inst, const CostModel& model,
                                 const StrategyOptions& options);
StrategyList ReshapeStrategies(const Instruction& inst, const CostModel& model,
                               const StrategyOptions& options);
// slice, pad, reverse, concatenate, dynamic-slice, dynamic-update-slice: split only on the dims
// the op does not touch (the result may still be split there: sliced from a replicated operand).
StrategyList WindowedCopyStrategies(const Instruction& inst, const CostModel& model,
                                    const StrategyOptions& options);
// parameter, constant, iota, rng: any spec of the result.
StrategyList SourceStrategies(const Instruction& inst, const CostModel& model,
                              const StrategyOptions& options);
StrategyList TupleStrategies(const Instruction& inst, const CostModel& model,
                             const StrategyOptions& options);
StrategyList GetTupleElementStrategies(const Instruction& inst, const CostModel& model,
                                       const StrategyOptions& options);

// strategy_reduce.cc
StrategyList ReduceStrategies(const Instruction& inst, const CostModel& model,
                              const StrategyOptions& options);

// strategy_gather_scatter.cc
StrategyList GatherStrategies(const Instruction& inst, const CostModel& model,
                              const StrategyOptions& options);
StrategyList ScatterStrategies(const Instruction& inst, const CostModel& model,
                               const StrategyOptions& options);

}  // namespace xpar
