// EnumerateStrategies: each op's strategy family, chosen by its sharding rule (the table the SPMD
// partitioner dispatches on). Ops the partitioner runs replicated get the replicated strategy.
#include "passes/auto_sharding/strategy.h"

#include "passes/auto_sharding/spec_einsum.h"
#include "passes/auto_sharding/spec_families.h"
#include "sharding/op_sharding.h"

namespace xpar {
namespace {

StrategyList Replicated(const Instruction& inst, const CostModel& model) {
  return std::vector<Strategy>{ReplicatedStrategy(inst, model)};
}

// The strategy family of each op follows the partitioner's rule for it (sharding/op_sharding.h):
// only sharded forms the partitioner runs are ever priced.
StrategyList Dispatch(const Instruction& inst, const CostModel& model,
                      const StrategyOptions& options) {
  switch (ShardingRuleOf(inst.opcode())) {
    case ShardingRule::kElementwise:
      return ElementwiseStrategies(inst, model, options);
    case ShardingRule::kDot:
      return DotStrategies(inst, model, options);
    case ShardingRule::kConvolution:
      return ConvolutionStrategies(inst, model, options);
    case ShardingRule::kReduce:
      return ReduceStrategies(inst, model, options);
    case ShardingRule::kBroadcast:
      return BroadcastStrategies(inst, model, options);
    case ShardingRule::kTranspose:
      return TransposeStrategies(inst, model, options);
    case ShardingRule::kReshape:
      return ReshapeStrategies(inst, model, options);
    case ShardingRule::kDimwise:
      return WindowedCopyStrategies(inst, model, options);
    case ShardingRule::kGather:
      return GatherStrategies(inst, model, options);
    case ShardingRule::kScatter:
      return ScatterStrategies(inst, model, options);
    case ShardingRule::kCustomCall:
      return CustomCallStrategies(inst, model, options);
    case ShardingRule::kParameter:
    case ShardingRule::kSource:
      return SourceStrategies(inst, model, options);
    case ShardingRule::kTuple:
      return TupleStrategies(inst, model, options);
    case ShardingRule::kGetTupleElement:
      return GetTupleElementStrategies(inst, model, options);
    case ShardingRule::kReplicated:
      return Replicated(inst, model);
  }
  return Internal("opcode {} has no sharding rule", HloOpcodeName(inst.opcode()));
}

}  // namespace

Expected<std::vector<Strategy>> EnumerateStrategies(const Instruction& inst,
                                                    const CostModel& model,
                                                    const StrategyOptions& options) {
  ASSIGN_OR_RETURN(std::vector<Strategy> strategies, Dispatch(inst, model, options));
  if (strategies.empty()) strategies.push_back(ReplicatedStrategy(inst, model));
  return strategies;
}

std::vector<bool> ReadOperandLeaves(const Instruction& inst, int64_t k) {
  const Shape& shape = inst.operand(k)->shape();
  const size_t leaves = ArrayLeafShapes(shape).size();
  if (inst.opcode() != Opcode::kGetTupleElement || !shape.IsTuple()) {
    return std::vector<bool>(leaves, true);
  }
  std::vector<bool> read(leaves, false);
  size_t first = 0;
  const int64_t index = inst.attrs().tuple_index;
  for (int64_t i = 0; i < index && i < static_cast<int64_t>(shape.tuple_shapes().size()); ++i) {
    first += ArrayLeafShapes(shape.tuple_shape(i)).size();
  }
  const size_t count = ArrayLeafShapes(inst.shape()).size();
  for (size_t i = first; i < first + count && i < leaves; ++i) read[i] = true;
  return read;
}

}  // namespace xpar
