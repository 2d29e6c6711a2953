// Signatures of called computations: reducers take 2N scalars and return the accumulators,
// comparators and select functions return pred[], while/conditional/call bodies take the
// operands' shapes. Follows XLA's HloVerifier: float parameters may differ in precision from
// the values they receive (CompatibleIgnoringFpPrecision), accumulators must match exactly.
#include <fmt/format.h>

#include "ir/shape_inference_internal.h"
#include "ir/verifier_internal.h"

namespace xpar::verifier {
namespace {

using shape_rules::Str;

bool SameTypeIgnoringFp(PrimitiveType a, PrimitiveType b) {
  return a == b || (IsFloating(a) && IsFloating(b));
}

std::string ParamShapes(const Computation& c) {
  std::string out = "(";
  for (int64_t i = 0; i < c.parameter_count(); ++i) {
    if (i) out += ", ";
    out += c.parameters()[i] ? Str(c.parameters()[i]->shape()) : "?";
  }
  return out + ")";
}

std::string Signature(const Computation& c) {
  return fmt::format("%{} {} -> {}", c.name(), ParamShapes(c), Str(c.root()->shape()));
}

Status ExpectParams(const Computation& c, int64_t n, const std::string& role) {
  if (c.parameter_count() == n) return Status::Ok();
  return InvalidArgument("{} {} must take {} parameter{}", role, Signature(c), n,
                         n == 1 ? "" : "s");
}

Status ExpectScalarParam(const Computation& c, int64_t i, PrimitiveType type, bool exact,
                         const std::string& role) {
  const Shape& s = c.parameters()[i]->shape();
  bool ok = s.IsArray() && s.rank() == 0 &&
            (exact ? s.type() == type : SameTypeIgnoringFp(s.type(), type));
  if (ok) return Status::Ok();
  return InvalidArgument("{} {} parameter {} must be {}[] but is {}", role, Signature(c), i,
                         PrimitiveTypeName(type), Str(s));
}

Status ExpectRoot(const Computation& c, const Shape& want, const std::string& role) {
  if (c.root()->shape().Compatible(want)) return Status::Ok();
  return InvalidArgument("{} {} must return {}", role, Signature(c), Str(want));
}

// A reducer over N values: (acc_0..acc_{N-1}, x_0..x_{N-1}) -> acc (a tuple when N > 1).
Status CheckReducer(const Computation& c, const std::vector<PrimitiveType>& accumulators,
                    const std::vector<PrimitiveType>& inputs, const std::string& role) {
  int64_t n = static_cast<int64_t>(accumulators.size());
  RETURN_IF_ERROR(ExpectParams(c, 2 * n, role));
  std::vector<Shape> result;
  for (int64_t i = 0; i < n; ++i) {
    RETURN_IF_ERROR(ExpectScalarParam(c, i, accumulators[i], /*exact=*/true, role));
    RETURN_IF_ERROR(ExpectScalarParam(c, n + i, inputs[i], /*exact=*/false, role));
    result.push_back(Shape::Scalar(accumulators[i]));
  }
  return ExpectRoot(c, shape_rules::TupleOrSingle(std::move(result)), role);
}

std::vector<PrimitiveType> OperandTypes(const Instruction& inst, int64_t first, int64_t n) {
  std::vector<PrimitiveType> out;
  for (int64_t i = first; i < first + n; ++i) out.push_back(inst.operand(i)->shape().type());
  return out;
}

// all-reduce / reduce-scatter: one binary scalar reducer applied to every operand.
Status CheckCollectiveReducer(const Instruction& inst) {
  const Computation& c = *inst.called()[0];
  RETURN_IF_ERROR(ExpectParams(c, 2, "reducer"));
  PrimitiveType t = c.root()->shape().type();
  RETURN_IF_ERROR(CheckReducer(c, {t}, {t}, "reducer"));
  for (int64_t i = 0; i < inst.operand_count(); ++i) {
    PrimitiveType op = inst.operand(i)->shape().type();
    if (!SameTypeIgnoringFp(op, t)) {
      return InvalidArgument("reducer {} reduces {} values but operand {} is {}", Signature(c),
                             PrimitiveTypeName(t), i, Str(inst.operand(i)->shape()));
    }
  }
  return Status::Ok();
}

Status CheckSort(const Instruction& inst) {
  const Computation& c = *inst.called()[0];
  int64_t n = inst.operand_count();
  RETURN_IF_ERROR(ExpectParams(c, 2 * n, "comparator"));
  for (int64_t i = 0; i < n; ++i) {
    PrimitiveType t = inst.operand(i)->shape().type();
    RETURN_IF_ERROR(ExpectScalarParam(c, 2 * i, t, /*exact=*/false, "comparator"));
    RETURN_IF_ERROR(ExpectScalarParam(c, 2 * i + 1, t, /*exact=*/false, "comparator"));
  }
  return ExpectRoot(c, Shape::Scalar(PrimitiveType::kPred), "comparator");
}

Status CheckSelectAndScatter(const Instruction& inst) {
  const Computation& select = *inst.called()[0];
  const Computation& scatter = *inst.called()[1];
  PrimitiveType t = inst.operand(0)->shape().type();
  RETURN_IF_ERROR(ExpectParams(select, 2, "select"));
  RETURN_IF_ERROR(ExpectScalarParam(select, 0, t, /*exact=*/false, "select"));
  RETURN_IF_ERROR(ExpectScalarParam(select, 1, t, /*exact=*/false, "select"));
  RETURN_IF_ERROR(ExpectRoot(select, Shape::Scalar(PrimitiveType::kPred), "select"));
  PrimitiveType s = inst.operand(1)->shape().type();
  return CheckReducer(scatter, {s}, {s}, "scatter");
}

Status CheckMap(const Instruction& inst) {
  const Computation& c = *inst.called()[0];
  RETURN_IF_ERROR(ExpectParams(c, inst.operand_count(), "map computation"));
  for (int64_t i = 0; i < inst.operand_count(); ++i) {
    RETURN_IF_ERROR(ExpectScalarParam(c, i, inst.operand(i)->shape().type(), /*exact=*/false,
                                      "map computation"));
  }
  return Status::Ok();
}

// Parameters of `c` must have the shapes of operands [first, first + n).
Status CheckArguments(const Instruction& inst, const Computation& c, int64_t first, int64_t n,
                      const std::string& role) {
  RETURN_IF_ERROR(ExpectParams(c, n, role));
  for (int64_t i = 0; i < n; ++i) {
    const Shape& arg = inst.operand(first + i)->shape();
    if (!c.parameters()[i]->shape().Compatible(arg)) {
      return InvalidArgument("{} {} parameter {} must have the shape {} of operand {}", role,
                             Signature(c), i, Str(arg), first + i);
    }
  }
  return Status::Ok();
}

Status CheckWhile(const Instruction& inst) {
  const Computation& cond = *inst.called()[0];
  const Computation& body = *inst.called()[1];
  RETURN_IF_ERROR(CheckArguments(inst, cond, 0, 1, "while condition"));
  RETURN_IF_ERROR(ExpectRoot(cond, Shape::Scalar(PrimitiveType::kPred), "while condition"));
  RETURN_IF_ERROR(CheckArguments(inst, body, 0, 1, "while body"));
  return ExpectRoot(body, inst.operand(0)->shape(), "while body");
}

Status CheckConditional(const Instruction& inst) {
  const Shape& result = inst.called()[0]->root()->shape();
  for (size_t b = 0; b < inst.called().size(); ++b) {
    const Computation& c = *inst.called()[b];
    std::string role = fmt::format("branch {}", b);
    RETURN_IF_ERROR(CheckArguments(inst, c, static_cast<int64_t>(b) + 1, 1, role));
    RETURN_IF_ERROR(ExpectRoot(c, result, role + " (like branch 0)"));
  }
  return Status::Ok();
}

}  // namespace

Status CheckCalledComputations(const Instruction& inst) {
  int64_t n = inst.operand_count();
  switch (inst.opcode()) {
    case Opcode::kReduce: case Opcode::kReduceWindow:
      return CheckReducer(*inst.called()[0], OperandTypes(inst, n / 2, n / 2),
                          OperandTypes(inst, 0, n / 2), "reducer");
    case Opcode::kScatter:
      return CheckReducer(*inst.called()[0], OperandTypes(inst, 0, n / 2),
                          OperandTypes(inst, n / 2 + 1, n / 2), "update computation");
    case Opcode::kAllReduce: case Opcode::kAllReduceStart: case Opcode::kReduceScatter:
      return CheckCollectiveReducer(inst);
    case Opcode::kSort: return CheckSort(inst);
    case Opcode::kSelectAndScatter: return CheckSelectAndScatter(inst);
    case Opcode::kMap: return CheckMap(inst);
    case Opcode::kWhile: return CheckWhile(inst);
    case Opcode::kConditional: return CheckConditional(inst);
    case Opcode::kCall: case Opcode::kFusion:
      return CheckArguments(inst, *inst.called()[0], 0, n, "called computation");
    // Computations with free-form signatures (an async wrapper's, a custom call's).
    case Opcode::kAsyncStart: case Opcode::kAsyncUpdate: case Opcode::kAsyncDone:
    case Opcode::kCustomCall:
      return Status::Ok();
    // Ops that call nothing. No default: an op added to ir/op_table.def must say here whether
    // and how its called computations are checked.
    case Opcode::kAbs: case Opcode::kAdd: case Opcode::kAddDependency: case Opcode::kAfterAll:
    case Opcode::kAllGather: case Opcode::kAllGatherStart: case Opcode::kAllGatherDone:
    case Opcode::kAllReduceDone: case Opcode::kAllToAll: case Opcode::kAnd: case Opcode::kAtan2:
    case Opcode::kBatchNormGrad: case Opcode::kBatchNormInference: case Opcode::kBatchNormTraining:
    case Opcode::kBitcast: case Opcode::kBitcastConvert: case Opcode::kBroadcast:
    case Opcode::kCbrt: case Opcode::kCeil: case Opcode::kCholesky: case Opcode::kClamp:
    case Opcode::kClz: case Opcode::kCollectiveBroadcast: case Opcode::kCollectivePermute:
    case Opcode::kCollectivePermuteStart: case Opcode::kCollectivePermuteDone:
    case Opcode::kCompare: case Opcode::kComplex: case Opcode::kConcatenate: case Opcode::kConstant:
    case Opcode::kConvert: case Opcode::kConvolution: case Opcode::kCopy: case Opcode::kCopyStart:
    case Opcode::kCopyDone: case Opcode::kCosine: case Opcode::kDivide: case Opcode::kDomain:
    case Opcode::kDot: case Opcode::kDynamicReshape: case Opcode::kDynamicSlice:
    case Opcode::kDynamicUpdateSlice: case Opcode::kErf: case Opcode::kExp: case Opcode::kExpm1:
    case Opcode::kFft: case Opcode::kFloor: case Opcode::kGather: case Opcode::kGetDimensionSize:
    case Opcode::kGetTupleElement: case Opcode::kImag: case Opcode::kInfeed: case Opcode::kIota:
    case Opcode::kIsFinite: case Opcode::kLog: case Opcode::kLog1p: case Opcode::kLogistic:
    case Opcode::kMaximum: case Opcode::kMinimum: case Opcode::kMultiply: case Opcode::kNegate:
    case Opcode::kNot: case Opcode::kOptimizationBarrier: case Opcode::kOr: case Opcode::kOutfeed:
    case Opcode::kPad: case Opcode::kParameter: case Opcode::kPartitionId:
    case Opcode::kPopulationCount: case Opcode::kPower: case Opcode::kReal: case Opcode::kRecv:
    case Opcode::kRecvDone: case Opcode::kReducePrecision: case Opcode::kRemainder:
    case Opcode::kReplicaId: case Opcode::kReshape: case Opcode::kReverse: case Opcode::kRng:
    case Opcode::kRngBitGenerator: case Opcode::kRngGetAndUpdateState:
    case Opcode::kRoundNearestAfz: case Opcode::kRoundNearestEven: case Opcode::kRsqrt:
    case Opcode::kSelect: case Opcode::kSend: case Opcode::kSendDone:
    case Opcode::kSetDimensionSize: case Opcode::kShiftLeft: case Opcode::kShiftRightArithmetic:
    case Opcode::kShiftRightLogical: case Opcode::kSign: case Opcode::kSine: case Opcode::kSlice:
    case Opcode::kSqrt: case Opcode::kStochasticConvert: case Opcode::kSubtract: case Opcode::kTan:
    case Opcode::kTanh: case Opcode::kTopK: case Opcode::kTranspose: case Opcode::kTriangularSolve:
    case Opcode::kTuple: case Opcode::kXor:
      return Status::Ok();
  }
  return Status::Ok();
}

}  // namespace xpar::verifier
