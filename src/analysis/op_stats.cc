// FLOP counting and module statistics.
#include "analysis/op_stats.h"

#include <algorithm>

#include "ir/printer.h"

namespace xpar {
namespace {

int64_t ComputationFlops(const Computation& c) {
  int64_t total = 0;
  for (const auto& inst : c.instructions()) total += InstructionFlops(*inst);
  return total;
}

int64_t ArrayElements(const Shape& s) {
  if (s.IsTuple()) return s.tuple_shapes().empty() ? 0 : ArrayElements(s.tuple_shape(0));
  return s.ElementCount();
}

}  // namespace

// One case per opcode and no default (-Werror=switch): a new op in ir/op_table.def does not
// compile here until it is given a count, instead of silently costing nothing.
int64_t InstructionFlops(const Instruction& inst) {
  const Shape& out = inst.shape();
  switch (inst.opcode()) {
    // Elementwise arithmetic: one operation per floating-point output element.
    case Opcode::kAbs: case Opcode::kAdd: case Opcode::kAnd: case Opcode::kAtan2:
    case Opcode::kCbrt: case Opcode::kCeil: case Opcode::kClamp: case Opcode::kClz:
    case Opcode::kCompare: case Opcode::kComplex: case Opcode::kCosine: case Opcode::kDivide:
    case Opcode::kErf: case Opcode::kExp: case Opcode::kExpm1: case Opcode::kFloor:
    case Opcode::kImag: case Opcode::kIsFinite: case Opcode::kLog: case Opcode::kLog1p:
    case Opcode::kLogistic: case Opcode::kMap: case Opcode::kMaximum: case Opcode::kMinimum:
    case Opcode::kMultiply: case Opcode::kNegate: case Opcode::kNot: case Opcode::kOr:
    case Opcode::kPopulationCount: case Opcode::kPower: case Opcode::kReal:
    case Opcode::kReducePrecision: case Opcode::kRemainder: case Opcode::kRoundNearestAfz:
    case Opcode::kRoundNearestEven: case Opcode::kRsqrt: case Opcode::kSelect:
    case Opcode::kShiftLeft: case Opcode::kShiftRightArithmetic: case Opcode::kShiftRightLogical:
    case Opcode::kSign: case Opcode::kSine: case Opcode::kSqrt: case Opcode::kStochasticConvert:
    case Opcode::kSubtract: case Opcode::kTan: case Opcode::kTanh: case Opcode::kXor:
      return out.IsArray() && IsFloating(out.type()) ? out.ElementCount() : 0;
    case Opcode::kDot: {
      if (!inst.attrs().dot) return 0;
      int64_t contracted = 1;
      const Shape& lhs = inst.operand(0)->shape();
      for (int64_t d : inst.attrs().dot->lhs_contracting) contracted *= lhs.dim(d);
      return 2 * out.ElementCount() * contracted;
    }
    case Opcode::kConvolution: {
      if (!inst.attrs().conv) return 0;
      const Shape& kernel = inst.operand(1)->shape();
      const ConvDims& cd = *inst.attrs().conv;
      int64_t per_output = kernel.dim(cd.kernel_input_feature);
      for (int64_t d : cd.kernel_spatial) per_output *= kernel.dim(d);
      return 2 * out.ElementCount() * per_output;
    }
    case Opcode::kReduce:
    case Opcode::kReduceWindow:
    case Opcode::kAllReduce:
    case Opcode::kAllReduceStart:
    case Opcode::kReduceScatter: {
      int64_t in = ArrayElements(inst.operand(0)->shape());
      int64_t per = inst.called().empty() ? 1 : ComputationFlops(*inst.called()[0]);
      if (inst.opcode() == Opcode::kReduceWindow) {
        int64_t window = 1;
        for (const WindowDim& w : inst.attrs().window) window *= w.size;
        in = ArrayElements(out) * window;
      }
      return in * per;
    }
    case Opcode::kBatchNormTraining:
    case Opcode::kBatchNormInference:
    case Opcode::kBatchNormGrad:
      return 8 * ArrayElements(inst.operand(0)->shape());
    case Opcode::kCall:
    case Opcode::kFusion:
    case Opcode::kWhile:
    case Opcode::kAsyncStart:
      return inst.called().empty() ? 0 : ComputationFlops(*inst.called().back());
    case Opcode::kConditional: {  // the costliest branch
      int64_t most = 0;
      for (const Computation* branch : inst.called()) {
        most = std::max(most, ComputationFlops(*branch));
      }
      return most;
    }
    case Opcode::kCholesky: {  // n^3 / 3 per matrix
      const Shape& a = inst.operand(0)->shape();
      if (a.rank() < 2) return 0;
      const int64_t n = a.dim(a.rank() - 1);
      return ArrayElements(a) / n * n * n / 3;
    }
    case Opcode::kTriangularSolve: {  // each element of b: a dot product along a's side
      const Shape& a = inst.operand(0)->shape();
      return a.rank() < 2 ? 0 : ArrayElements(inst.operand(1)->shape()) * a.dim(a.rank() - 1);
    }
    case Opcode::kCustomCall:
      // Unknown kernels: count one operation per output element as a floor.
      return IsFloating(out.IsTuple() ? PrimitiveType::kS32 : out.type()) ? ArrayElements(out) : 0;
    // Not counted (a known undercount; the bytes they move are costed): scatter's and
    // select-and-scatter's update computations, sort's and top-k's comparisons (not
    // floating-point arithmetic), and fft (complex types, which xpar refuses).
    case Opcode::kScatter: case Opcode::kSelectAndScatter: case Opcode::kSort: case Opcode::kTopK:
    case Opcode::kFft:
      return 0;
    // No arithmetic: data movement, conversions, tuples, sources, tokens and communication.
    case Opcode::kAddDependency: case Opcode::kAfterAll: case Opcode::kAllGather:
    case Opcode::kAllGatherStart: case Opcode::kAllGatherDone: case Opcode::kAllReduceDone:
    case Opcode::kAllToAll: case Opcode::kAsyncUpdate: case Opcode::kAsyncDone:
    case Opcode::kBitcast: case Opcode::kBitcastConvert: case Opcode::kBroadcast:
    case Opcode::kCollectiveBroadcast: case Opcode::kCollectivePermute:
    case Opcode::kCollectivePermuteStart: case Opcode::kCollectivePermuteDone:
    case Opcode::kConcatenate: case Opcode::kConstant: case Opcode::kConvert: case Opcode::kCopy:
    case Opcode::kCopyStart: case Opcode::kCopyDone: case Opcode::kDomain:
    case Opcode::kDynamicReshape: case Opcode::kDynamicSlice: case Opcode::kDynamicUpdateSlice:
    case Opcode::kGather: case Opcode::kGetDimensionSize: case Opcode::kGetTupleElement:
    case Opcode::kInfeed: case Opcode::kIota: case Opcode::kOptimizationBarrier:
    case Opcode::kOutfeed: case Opcode::kPad: case Opcode::kParameter: case Opcode::kPartitionId:
    case Opcode::kRecv: case Opcode::kRecvDone: case Opcode::kReplicaId: case Opcode::kReshape:
    case Opcode::kReverse: case Opcode::kRng: case Opcode::kRngBitGenerator:
    case Opcode::kRngGetAndUpdateState: case Opcode::kSend: case Opcode::kSendDone:
    case Opcode::kSetDimensionSize: case Opcode::kSlice: case Opcode::kTranspose:
    case Opcode::kTuple:
      return 0;
  }
  return 0;  // not reached: the switch covers every opcode
}

ModuleStats ComputeModuleStats(const Module& module) {
  ModuleStats stats;
  for (const auto& comp : module.computations()) {
    for (const auto& inst : comp->instructions()) {
      ++stats.instructions;
      std::string op(HloOpcodeName(inst->opcode()));
      ++stats.op_histogram[op];
      if (inst->opcode() == Opcode::kCustomCall) {
        ++stats.custom_call_targets[inst->attrs().custom_call_target];
      }
      if (HasTrait(inst->opcode(), kCollective)) ++stats.collectives[op];
      if (inst->sharding()) ++stats.shardings[PrintSharding(*inst->sharding())];
    }
  }
  const Computation* entry = module.entry();
  if (!entry) return stats;
  stats.flops = ComputationFlops(*entry);
  for (const auto& inst : entry->instructions()) {
    int64_t bytes = inst->shape().ByteSize();
    switch (inst->opcode()) {
      case Opcode::kParameter: stats.parameter_bytes += bytes; break;
      case Opcode::kConstant: stats.constant_bytes += bytes; break;
      case Opcode::kTuple:
      case Opcode::kGetTupleElement: break;  // aliases of other values
      default: stats.activation_bytes += bytes;
    }
  }
  if (entry->root()) stats.output_bytes = entry->root()->shape().ByteSize();
  return stats;
}

int64_t DevicesNamedByCollectives(const Module& module) {
  int64_t max_id = 0;
  for (const auto& comp : module.computations()) {
    for (const auto& inst : comp->instructions()) {
      const InstructionAttrs& a = inst->attrs();
      if (a.replica_groups) {
        for (const auto& g : a.replica_groups->groups) {
          for (int64_t id : g) max_id = std::max(max_id, id);
        }
      }
      for (const auto& [s, t] : a.source_target_pairs) max_id = std::max({max_id, s, t});
    }
  }
  return max_id + 1;
}

int64_t ArgumentAndOutputBytes(const Module& module) {
  const Computation* entry = module.entry();
  if (!entry || !entry->root()) return 0;
  int64_t bytes = entry->root()->shape().ByteSize();
  for (const Instruction* p : entry->parameters()) bytes += p->shape().ByteSize();
  return bytes;
}

}  // namespace xpar
