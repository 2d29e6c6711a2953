// EnumerateStrategies: the opcode switch that picks each op's strategy family. Ops with no
// sharding semantics here (control flow, collectives and side effects already in the input,
// linear algebra kernels, fusions) are replicated.
#include "passes/auto_sharding/strategy.h"

#include "passes/auto_sharding/spec_einsum.h"
#include "passes/auto_sharding/spec_families.h"

namespace xpar {
namespace {

StrategyList Replicated(const Instruction& inst, const CostModel& model) {
  return std::vector<Strategy>{ReplicatedStrategy(inst, model)};
}

StrategyList Dispatch(const Instruction& inst, const CostModel& model,
                      const StrategyOptions& options) {
  switch (inst.opcode()) {
    case Opcode::kDot:
      return DotStrategies(inst, model, options);
    case Opcode::kConvolution:
      return ConvolutionStrategies(inst, model, options);
    case Opcode::kAbs: case Opcode::kAdd: case Opcode::kAnd: case Opcode::kAtan2:
    case Opcode::kBitcastConvert: case Opcode::kCbrt: case Opcode::kCeil: case Opcode::kClamp:
    case Opcode::kClz: case Opcode::kCompare: case Opcode::kComplex: case Opcode::kConvert:
    case Opcode::kCopy: case Opcode::kCosine: case Opcode::kDivide: case Opcode::kErf:
    case Opcode::kExp: case Opcode::kExpm1: case Opcode::kFloor: case Opcode::kImag:
    case Opcode::kIsFinite: case Opcode::kLog: case Opcode::kLog1p: case Opcode::kLogistic:
    case Opcode::kMap: case Opcode::kMaximum: case Opcode::kMinimum: case Opcode::kMultiply:
    case Opcode::kNegate: case Opcode::kNot: case Opcode::kOr: case Opcode::kPopulationCount:
    case Opcode::kPower: case Opcode::kReal: case Opcode::kReducePrecision:
    case Opcode::kRemainder: case Opcode::kRoundNearestAfz: case Opcode::kRoundNearestEven:
    case Opcode::kRsqrt: case Opcode::kSelect: case Opcode::kShiftLeft:
    case Opcode::kShiftRightArithmetic: case Opcode::kShiftRightLogical: case Opcode::kSign:
    case Opcode::kSine: case Opcode::kSqrt: case Opcode::kStochasticConvert:
    case Opcode::kSubtract: case Opcode::kTan: case Opcode::kTanh: case Opcode::kXor:
      return ElementwiseStrategies(inst, model, options);
    case Opcode::kCustomCall:
      return CustomCallStrategies(inst, model, options);
    case Opcode::kBroadcast:
      return BroadcastStrategies(inst, model, options);
    case Opcode::kTranspose:
      return TransposeStrategies(inst, model, options);
    case Opcode::kReshape: case Opcode::kBitcast:
      return ReshapeStrategies(inst, model, options);
    case Opcode::kSlice: case Opcode::kPad: case Opcode::kReverse: case Opcode::kConcatenate:
    case Opcode::kDynamicSlice: case Opcode::kDynamicUpdateSlice:
      return WindowedCopyStrategies(inst, model, options);
    case Opcode::kParameter: case Opcode::kConstant: case Opcode::kIota: case Opcode::kRng:
      return SourceStrategies(inst, model, options);
    case Opcode::kTuple:
      return TupleStrategies(inst, model, options);
    case Opcode::kGetTupleElement:
      return GetTupleElementStrategies(inst, model, options);
    case Opcode::kReduce:
      return ReduceStrategies(inst, model, options);
    case Opcode::kReduceWindow:
      return ReduceWindowStrategies(inst, model, options);
    case Opcode::kSort: case Opcode::kTopK:
      return SortStrategies(inst, model, options);
    case Opcode::kBatchNormTraining: case Opcode::kBatchNormInference:
    case Opcode::kBatchNormGrad:
      return BatchNormStrategies(inst, model, options);
    case Opcode::kGather:
      return GatherStrategies(inst, model, options);
    case Opcode::kScatter:
      return ScatterStrategies(inst, model, options);
    // Control flow, calls and fusions: their bodies are not partitioned by this pass.
    case Opcode::kWhile: case Opcode::kCall: case Opcode::kConditional: case Opcode::kFusion:
    case Opcode::kAsyncStart: case Opcode::kAsyncUpdate: case Opcode::kAsyncDone:
    // Collectives already in the input address device ids the mesh does not rename.
    case Opcode::kAllGather: case Opcode::kAllGatherStart: case Opcode::kAllGatherDone:
    case Opcode::kAllReduce: case Opcode::kAllReduceStart: case Opcode::kAllReduceDone:
    case Opcode::kAllToAll: case Opcode::kCollectiveBroadcast: case Opcode::kCollectivePermute:
    case Opcode::kCollectivePermuteStart: case Opcode::kCollectivePermuteDone:
    case Opcode::kReduceScatter:
    // Side effects, tokens and device identity.
    case Opcode::kAfterAll: case Opcode::kAddDependency: case Opcode::kInfeed:
    case Opcode::kOutfeed: case Opcode::kSend: case Opcode::kSendDone: case Opcode::kRecv:
    case Opcode::kRecvDone: case Opcode::kPartitionId: case Opcode::kReplicaId:
    case Opcode::kRngBitGenerator: case Opcode::kRngGetAndUpdateState:
    case Opcode::kOptimizationBarrier: case Opcode::kDomain: case Opcode::kCopyStart:
    case Opcode::kCopyDone:
    // Dynamic shapes, windowed scatter and linear algebra kernels (batch splits are possible
    // but no corpus program uses these ops in its entry computation).
    case Opcode::kGetDimensionSize: case Opcode::kSetDimensionSize:
    case Opcode::kDynamicReshape: case Opcode::kSelectAndScatter: case Opcode::kCholesky:
    case Opcode::kTriangularSolve: case Opcode::kFft:
      return Replicated(inst, model);
  }
  return Internal("opcode {} missing from the strategy switch", HloOpcodeName(inst.opcode()));
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
