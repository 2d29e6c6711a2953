// The per-op sharding rule table (exhaustive: a new opcode fails to compile until it is listed).
#include "sharding/op_sharding.h"

#include <algorithm>

namespace xpar {

ShardingRule ShardingRuleOf(Opcode op) {
  switch (op) {
    case Opcode::kAbs: case Opcode::kAdd: case Opcode::kAnd: case Opcode::kAtan2:
    case Opcode::kCbrt: case Opcode::kCeil: case Opcode::kClamp: case Opcode::kClz:
    case Opcode::kCompare: case Opcode::kComplex: case Opcode::kConvert: case Opcode::kCopy:
    case Opcode::kCosine: case Opcode::kDivide: case Opcode::kErf: case Opcode::kExp:
    case Opcode::kExpm1: case Opcode::kFloor: case Opcode::kImag: case Opcode::kIsFinite:
    case Opcode::kLog: case Opcode::kLog1p: case Opcode::kLogistic: case Opcode::kMap:
    case Opcode::kMaximum: case Opcode::kMinimum: case Opcode::kMultiply: case Opcode::kNegate:
    case Opcode::kNot: case Opcode::kOr: case Opcode::kPopulationCount: case Opcode::kPower:
    case Opcode::kReal: case Opcode::kReducePrecision: case Opcode::kRemainder:
    case Opcode::kRoundNearestAfz: case Opcode::kRoundNearestEven: case Opcode::kRsqrt:
    case Opcode::kSelect: case Opcode::kShiftLeft: case Opcode::kShiftRightArithmetic:
    case Opcode::kShiftRightLogical: case Opcode::kSign: case Opcode::kSine: case Opcode::kSqrt:
    case Opcode::kStochasticConvert: case Opcode::kSubtract: case Opcode::kTan:
    case Opcode::kTanh: case Opcode::kXor:
      return ShardingRule::kElementwise;
    case Opcode::kDot:
      return ShardingRule::kDot;
    case Opcode::kConvolution:
      return ShardingRule::kConvolution;
    case Opcode::kReduce:
      return ShardingRule::kReduce;
    case Opcode::kBroadcast:
      return ShardingRule::kBroadcast;
    case Opcode::kTranspose:
      return ShardingRule::kTranspose;
    case Opcode::kReshape:
      return ShardingRule::kReshape;
    case Opcode::kSlice: case Opcode::kPad: case Opcode::kReverse: case Opcode::kConcatenate:
    case Opcode::kDynamicSlice: case Opcode::kDynamicUpdateSlice: case Opcode::kReduceWindow:
      return ShardingRule::kDimwise;
    case Opcode::kGather:
      return ShardingRule::kGather;
    case Opcode::kScatter:
      return ShardingRule::kScatter;
    case Opcode::kCustomCall:
      return ShardingRule::kCustomCall;
    case Opcode::kParameter:
      return ShardingRule::kParameter;
    case Opcode::kConstant: case Opcode::kIota: case Opcode::kRng:
      return ShardingRule::kSource;
    case Opcode::kTuple:
      return ShardingRule::kTuple;
    case Opcode::kGetTupleElement:
      return ShardingRule::kGetTupleElement;
    // The partitioner has no handler for these yet: select-and-scatter's windows, sorting and
    // top-k (tuples of values and indices), batch norm's statistics, bitcasts that may
    // reinterpret the layout, element-width changes.
    case Opcode::kSelectAndScatter: case Opcode::kSort:
    case Opcode::kTopK: case Opcode::kBatchNormTraining: case Opcode::kBatchNormInference:
    case Opcode::kBatchNormGrad: case Opcode::kBitcast: case Opcode::kBitcastConvert:
    // Control flow, calls and fusions: their bodies are not partitioned.
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
    // Dynamic shapes and linear algebra kernels.
    case Opcode::kGetDimensionSize: case Opcode::kSetDimensionSize:
    case Opcode::kDynamicReshape: case Opcode::kCholesky: case Opcode::kTriangularSolve:
    case Opcode::kFft:
      return ShardingRule::kReplicated;
  }
  return ShardingRule::kReplicated;
}

namespace {

// Whether a dimwise instruction touches dim d of its first operand `in`.
bool Touches(const Instruction& inst, const Shape& in, int64_t d) {
  const InstructionAttrs& a = inst.attrs();
  const Opcode op = inst.opcode();
  const auto has = [&](size_t n) { return d < static_cast<int64_t>(n); };
  if (op == Opcode::kSlice) return !has(a.slice.size()) || !(a.slice[d] == SliceDim{0, in.dim(d), 1});
  if (op == Opcode::kPad) return !has(a.padding.size()) || !(a.padding[d] == PadDim{});
  if (op == Opcode::kDynamicSlice) {
    return !has(a.dynamic_slice_sizes.size()) || a.dynamic_slice_sizes[d] != in.dim(d);
  }
  if (op == Opcode::kDynamicUpdateSlice) {
    const Shape& update = inst.operand(1)->shape();
    return update.rank() != in.rank() || update.dim(d) != in.dim(d);
  }
  if (op == Opcode::kReduceWindow) return !has(a.window.size()) || !(a.window[d] == WindowDim{});
  if (op == Opcode::kConcatenate || op == Opcode::kReverse) {
    return std::find(a.dimensions.begin(), a.dimensions.end(), d) != a.dimensions.end();
  }
  return true;  // not a dimwise op: every dim whole
}

}  // namespace

std::vector<bool> DimsTouched(const Instruction& inst) {
  const Shape& in = inst.operand(0)->shape();
  std::vector<bool> touched(in.rank());
  for (int64_t d = 0; d < in.rank(); ++d) touched[d] = Touches(inst, in, d);
  return touched;
}

bool IsDimwiseDataOperand(const Instruction& inst, int64_t i) {
  const Opcode op = inst.opcode();
  if (op == Opcode::kPad || op == Opcode::kDynamicSlice) return i == 0;
  if (op == Opcode::kDynamicUpdateSlice) return i <= 1;
  if (op == Opcode::kReduceWindow) return i < inst.operand_count() / 2;  // inputs, then inits
  return true;
}

const char* ShardingRuleName(ShardingRule rule) {
  switch (rule) {
    case ShardingRule::kElementwise: return "elementwise";
    case ShardingRule::kDot: return "dot";
    case ShardingRule::kConvolution: return "convolution";
    case ShardingRule::kReduce: return "reduce";
    case ShardingRule::kBroadcast: return "broadcast";
    case ShardingRule::kTranspose: return "transpose";
    case ShardingRule::kReshape: return "reshape";
    case ShardingRule::kDimwise: return "dimwise";
    case ShardingRule::kGather: return "gather";
    case ShardingRule::kScatter: return "scatter";
    case ShardingRule::kCustomCall: return "custom-call";
    case ShardingRule::kParameter: return "parameter";
    case ShardingRule::kSource: return "source";
    case ShardingRule::kTuple: return "tuple";
    case ShardingRule::kGetTupleElement: return "get-tuple-element";
    case ShardingRule::kReplicated: return "replicated";
  }
  return "?";
}

}  // namespace xpar
