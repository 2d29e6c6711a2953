// InferShape: the dispatch over every opcode to its family's rule, and the helpers the rules
// share. The rules follow XLA's ShapeInference and HloVerifier (see shape_inference_*.cc).
#include "ir/shape_inference.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <set>

#include "ir/shape_inference_internal.h"

namespace xpar {
namespace shape_rules {

Shape StripLayout(const Shape& shape) {
  if (shape.IsTuple()) {
    std::vector<Shape> elements;
    for (const Shape& s : shape.tuple_shapes()) elements.push_back(StripLayout(s));
    return Shape::Tuple(std::move(elements));
  }
  return Shape(shape.type(), shape.dims());
}

std::string Name(const Instruction& inst) { return std::string(HloOpcodeName(inst.opcode())); }

std::string DimsStr(const std::vector<int64_t>& dims) {
  return fmt::format("{{{}}}", fmt::join(dims, ","));
}

Status ExpectOperands(const Instruction& inst, int64_t n) {
  if (inst.operand_count() == n) return Status::Ok();
  return InvalidArgument("{} expects {} operand{} but has {}", Name(inst), n, n == 1 ? "" : "s",
                         inst.operand_count());
}

Status ExpectAtLeastOperands(const Instruction& inst, int64_t n) {
  if (inst.operand_count() >= n) return Status::Ok();
  return InvalidArgument("{} expects at least {} operand{} but has {}", Name(inst), n,
                         n == 1 ? "" : "s", inst.operand_count());
}

Expected<Shape> ArrayOperand(const Instruction& inst, int64_t i) {
  if (i >= inst.operand_count()) {
    return InvalidArgument("{} expects an operand {} but has only {}", Name(inst), i,
                           inst.operand_count());
  }
  const Shape& s = inst.operand(i)->shape();
  if (!s.IsArray()) {
    return InvalidArgument("operand {} of {} must be an array but has shape {}", i, Name(inst),
                           Str(s));
  }
  return StripLayout(s);
}

Expected<Shape> ScalarOperand(const Instruction& inst, int64_t i) {
  ASSIGN_OR_RETURN(Shape s, ArrayOperand(inst, i));
  if (s.rank() != 0) {
    return InvalidArgument("operand {} of {} must be a scalar but has shape {}", i, Name(inst),
                           Str(s));
  }
  return s;
}

Status ExpectCalled(const Instruction& inst, int64_t n) {
  if (static_cast<int64_t>(inst.called().size()) != n) {
    return InvalidArgument("{} must call {} computation{} but calls {}", Name(inst), n,
                           n == 1 ? "" : "s", inst.called().size());
  }
  for (const Computation* c : inst.called()) {
    if (c == nullptr || c->root() == nullptr) {
      return InvalidArgument("{} calls a computation without a ROOT", Name(inst));
    }
  }
  return Status::Ok();
}

Status CheckDims(const std::vector<int64_t>& dims, int64_t rank, const std::string& what) {
  std::set<int64_t> seen;
  for (int64_t d : dims) {
    if (d < 0 || d >= rank) {
      return InvalidArgument("{} {} has dimension {} out of range for rank {}", what,
                             DimsStr(dims), d, rank);
    }
    if (!seen.insert(d).second) {
      return InvalidArgument("{} {} repeats dimension {}", what, DimsStr(dims), d);
    }
  }
  return Status::Ok();
}

int64_t GroupSize(const Instruction& inst) {
  const auto& rg = inst.attrs().replica_groups;
  if (!rg) return -1;
  if (rg->iota_group_dims.size() == 2) return rg->iota_group_dims[1];
  if (rg->groups.empty() || rg->groups[0].empty()) return -1;
  return static_cast<int64_t>(rg->groups[0].size());
}

Expected<int64_t> WindowedSize(int64_t input, const WindowDim& w, const std::string& what) {
  if (w.size < 0 || w.stride < 1 || w.lhs_dilation < 1 || w.rhs_dilation < 1) {
    return InvalidArgument(
        "{} has an invalid window (size {}, stride {}, lhs_dilate {}, rhs_dilate {})", what,
        w.size, w.stride, w.lhs_dilation, w.rhs_dilation);
  }
  int64_t dilated_in = input == 0 ? 0 : (input - 1) * w.lhs_dilation + 1;
  int64_t padded = dilated_in + w.pad_low + w.pad_high;
  int64_t dilated_window = w.size == 0 ? 0 : (w.size - 1) * w.rhs_dilation + 1;
  if (padded < 0) {
    return InvalidArgument("{}: padding {}_{} makes input size {} negative", what, w.pad_low,
                           w.pad_high, input);
  }
  if (padded < dilated_window) return int64_t{0};
  return (padded - dilated_window) / w.stride + 1;
}

Shape TupleOrSingle(std::vector<Shape> shapes) {
  if (shapes.size() == 1) return std::move(shapes[0]);
  return Shape::Tuple(std::move(shapes));
}

Shape RootShape(const Computation& c) { return StripLayout(c.root()->shape()); }

}  // namespace shape_rules

namespace {

using namespace shape_rules;  // NOLINT: the rules are this file's vocabulary

Expected<Shape> SameAsOperand(const Instruction& inst, int64_t i) {
  if (inst.operand_count() <= i) RETURN_IF_ERROR(ExpectOperands(inst, i + 1));
  return StripLayout(inst.operand(i)->shape());
}

Expected<Shape> Declared(const Instruction& inst) { return StripLayout(inst.shape()); }

Expected<Shape> InferBitcast(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  const Shape& in = inst.operand(0)->shape();
  if (!in.IsArray() || !inst.shape().IsArray() || in.ByteSize() != inst.shape().ByteSize()) {
    return InvalidArgument("bitcast from {} to {} changes the size in bytes", Str(in),
                           Str(inst.shape()));
  }
  return Declared(inst);
}

Expected<Shape> InferCopyStart(const Instruction& inst) {
  ASSIGN_OR_RETURN(Shape s, SameAsOperand(inst, 0));
  return Shape::Tuple({s, s, Shape::Scalar(PrimitiveType::kU32)});
}

Expected<Shape> InferTupleElement(const Instruction& inst, int64_t index) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  const Shape& s = inst.operand(0)->shape();
  if (!s.IsTuple() || static_cast<int64_t>(s.tuple_shapes().size()) <= index) {
    return InvalidArgument("{} expects a tuple operand with at least {} elements but has {}",
                           Name(inst), index + 1, Str(s));
  }
  return StripLayout(s.tuple_shape(index));
}

Expected<Shape> InferDimensionSize(const Instruction& inst, bool set) {
  RETURN_IF_ERROR(ExpectOperands(inst, set ? 2 : 1));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  const auto& dims = inst.attrs().dimensions;
  if (dims.size() != 1) {
    return InvalidArgument("{} needs exactly one dimension but has {}", Name(inst),
                           DimsStr(dims));
  }
  RETURN_IF_ERROR(CheckDims(dims, in.rank(), Name(inst) + " dimensions"));
  if (!set) return Shape::Scalar(PrimitiveType::kS32);
  ASSIGN_OR_RETURN(Shape size, ScalarOperand(inst, 1));
  if (size.type() != PrimitiveType::kS32) {
    return InvalidArgument("set-dimension-size size must be s32[] but is {}", Str(size));
  }
  return in;
}

Expected<Shape> InferAsyncStart(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectCalled(inst, 1));
  const Shape& s = inst.shape();
  if (!s.IsTuple() || s.tuple_shapes().size() < 2) {
    return InvalidArgument("async-start must have a tuple shape (operands, result, ...) but has {}",
                           Str(s));
  }
  return Declared(inst);
}

Expected<Shape> InferRngState(const Instruction& inst) {
  Shape want(PrimitiveType::kU64, {2});
  if (!inst.shape().Compatible(want)) {
    return InvalidArgument("rng-get-and-update-state must have shape u64[2] but has {}",
                           Str(inst.shape()));
  }
  return want;
}

}  // namespace

Expected<Shape> InferShape(const Instruction& inst) {
  switch (inst.opcode()) {
    case Opcode::kAbs: case Opcode::kAdd: case Opcode::kAnd: case Opcode::kAtan2:
    case Opcode::kCbrt: case Opcode::kCeil: case Opcode::kClz: case Opcode::kCompare:
    case Opcode::kComplex: case Opcode::kCopy: case Opcode::kCosine: case Opcode::kDivide:
    case Opcode::kErf: case Opcode::kExp: case Opcode::kExpm1: case Opcode::kFloor:
    case Opcode::kImag: case Opcode::kIsFinite: case Opcode::kLog: case Opcode::kLog1p:
    case Opcode::kLogistic: case Opcode::kMaximum: case Opcode::kMinimum:
    case Opcode::kMultiply: case Opcode::kNegate: case Opcode::kNot: case Opcode::kOr:
    case Opcode::kPopulationCount: case Opcode::kPower: case Opcode::kReal:
    case Opcode::kReducePrecision: case Opcode::kRemainder: case Opcode::kRoundNearestAfz:
    case Opcode::kRoundNearestEven: case Opcode::kRsqrt: case Opcode::kShiftLeft:
    case Opcode::kShiftRightArithmetic: case Opcode::kShiftRightLogical: case Opcode::kSign:
    case Opcode::kSine: case Opcode::kSqrt: case Opcode::kSubtract: case Opcode::kTan:
    case Opcode::kTanh: case Opcode::kXor:
      return InferElementwise(inst);
    case Opcode::kConvert: case Opcode::kStochasticConvert: return InferConvert(inst);
    case Opcode::kBitcastConvert: return InferBitcastConvert(inst);
    case Opcode::kClamp: return InferClamp(inst);
    case Opcode::kSelect: return InferSelect(inst);
    case Opcode::kMap: return InferMap(inst);
    case Opcode::kBroadcast: return InferBroadcast(inst);
    case Opcode::kReshape: return InferReshape(inst);
    case Opcode::kDynamicReshape: {
      ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
      return Shape(in.type(), inst.shape().dims());
    }
    case Opcode::kTranspose: return InferTranspose(inst);
    case Opcode::kSlice: return InferSlice(inst);
    case Opcode::kDynamicSlice: return InferDynamicSlice(inst);
    case Opcode::kDynamicUpdateSlice: return InferDynamicUpdateSlice(inst);
    case Opcode::kConcatenate: return InferConcatenate(inst);
    case Opcode::kPad: return InferPad(inst);
    case Opcode::kReverse: return InferReverse(inst);
    case Opcode::kIota: return InferIota(inst);
    case Opcode::kGather: return InferGather(inst);
    case Opcode::kScatter: return InferScatter(inst);
    case Opcode::kDot: return InferDot(inst);
    case Opcode::kConvolution: return InferConvolution(inst);
    case Opcode::kCholesky: return InferCholesky(inst);
    case Opcode::kTriangularSolve: return InferTriangularSolve(inst);
    case Opcode::kFft:
      return Unimplemented("fft needs complex element types, which xpar does not support");
    case Opcode::kReduce: return InferReduce(inst);
    case Opcode::kReduceWindow: return InferReduceWindow(inst);
    case Opcode::kSelectAndScatter: return InferSelectAndScatter(inst);
    case Opcode::kSort: return InferSort(inst);
    case Opcode::kTopK: return InferTopK(inst);
    case Opcode::kBatchNormGrad: case Opcode::kBatchNormInference:
    case Opcode::kBatchNormTraining:
      return InferBatchNorm(inst);
    case Opcode::kRng: return InferRng(inst);
    case Opcode::kRngBitGenerator: return InferRngBitGenerator(inst);
    case Opcode::kRngGetAndUpdateState: return InferRngState(inst);
    case Opcode::kAllReduce: case Opcode::kAllReduceStart: return InferAllReduce(inst);
    case Opcode::kAllGather: case Opcode::kAllGatherStart: return InferAllGather(inst);
    case Opcode::kReduceScatter: return InferReduceScatter(inst);
    case Opcode::kAllToAll: return InferAllToAll(inst);
    case Opcode::kCollectiveBroadcast: case Opcode::kCollectivePermute:
    case Opcode::kCollectivePermuteStart:
      return InferCollectivePermute(inst);
    case Opcode::kAllReduceDone: return SameAsOperand(inst, 0);
    case Opcode::kAllGatherDone: case Opcode::kCollectivePermuteDone: case Opcode::kAsyncDone:
      return InferAsyncDone(inst);
    case Opcode::kAsyncStart: return InferAsyncStart(inst);
    case Opcode::kAsyncUpdate: return SameAsOperand(inst, 0);
    case Opcode::kTuple: return InferTuple(inst);
    case Opcode::kGetTupleElement: return InferGetTupleElement(inst);
    case Opcode::kWhile: return InferWhile(inst);
    case Opcode::kCall: case Opcode::kFusion: return InferCall(inst);
    case Opcode::kConditional: return InferConditional(inst);
    case Opcode::kConstant: return InferConstant(inst);
    case Opcode::kParameter: case Opcode::kCustomCall: return Declared(inst);
    case Opcode::kBitcast: return InferBitcast(inst);
    case Opcode::kCopyStart: return InferCopyStart(inst);
    case Opcode::kCopyDone: return InferTupleElement(inst, 0);
    case Opcode::kAfterAll:  // XLA accepts any operands (they only order the token).
      return Shape::Token();
    case Opcode::kAddDependency: case Opcode::kOptimizationBarrier: case Opcode::kDomain:
      return SameAsOperand(inst, 0);
    case Opcode::kGetDimensionSize: return InferDimensionSize(inst, /*set=*/false);
    case Opcode::kSetDimensionSize: return InferDimensionSize(inst, /*set=*/true);
    case Opcode::kPartitionId: case Opcode::kReplicaId:
      return Shape::Scalar(PrimitiveType::kU32);
    case Opcode::kInfeed: case Opcode::kOutfeed: case Opcode::kSend: case Opcode::kSendDone:
    case Opcode::kRecv: case Opcode::kRecvDone:
      return InferSideEffecting(inst);
  }
  return Internal("InferShape: opcode {} not handled", static_cast<int>(inst.opcode()));
}

}  // namespace xpar
