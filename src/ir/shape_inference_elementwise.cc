// Shape rules of elementwise ops: unary and binary arithmetic, compare (-> pred), convert,
// bitcast-convert (including width-changing forms), clamp, select and map.
#include <fmt/format.h>

#include "ir/shape_inference_internal.h"

namespace xpar::shape_rules {
namespace {

enum class TypeClass { kAny, kFloat, kInteger, kIntOrPred, kNumeric, kSignedOrFloat };

bool Accepts(TypeClass c, PrimitiveType t) {
  switch (c) {
    case TypeClass::kAny: return true;
    case TypeClass::kFloat: return IsFloating(t);
    case TypeClass::kInteger: return IsInteger(t);
    case TypeClass::kIntOrPred: return IsInteger(t) || t == PrimitiveType::kPred;
    case TypeClass::kNumeric: return IsInteger(t) || IsFloating(t);
    case TypeClass::kSignedOrFloat: return IsSignedInt(t) || IsFloating(t);
  }
  return false;
}

const char* Describe(TypeClass c) {
  switch (c) {
    case TypeClass::kAny: return "any";
    case TypeClass::kFloat: return "a floating-point";
    case TypeClass::kInteger: return "an integer";
    case TypeClass::kIntOrPred: return "an integer or pred";
    case TypeClass::kNumeric: return "a numeric";
    case TypeClass::kSignedOrFloat: return "a signed integer or floating-point";
  }
  return "";
}

TypeClass ClassOf(Opcode op) {
  switch (op) {
    case Opcode::kCbrt: case Opcode::kCeil: case Opcode::kCosine: case Opcode::kErf:
    case Opcode::kExp: case Opcode::kExpm1: case Opcode::kFloor: case Opcode::kIsFinite:
    case Opcode::kLog: case Opcode::kLog1p: case Opcode::kLogistic: case Opcode::kRoundNearestAfz:
    case Opcode::kRoundNearestEven: case Opcode::kRsqrt: case Opcode::kSine: case Opcode::kSqrt:
    case Opcode::kTan: case Opcode::kTanh: case Opcode::kAtan2: case Opcode::kReducePrecision:
    case Opcode::kComplex: case Opcode::kReal: case Opcode::kImag:
      return TypeClass::kFloat;
    case Opcode::kClz: case Opcode::kPopulationCount: case Opcode::kShiftLeft:
    case Opcode::kShiftRightArithmetic: case Opcode::kShiftRightLogical:
      return TypeClass::kInteger;
    case Opcode::kNot: case Opcode::kAnd: case Opcode::kOr: case Opcode::kXor:
      return TypeClass::kIntOrPred;
    case Opcode::kNegate:
      return TypeClass::kNumeric;
    case Opcode::kSign:
      return TypeClass::kSignedOrFloat;
    default:  // Arithmetic (add, maximum, abs, ...): XLA does not restrict the element type.
      return TypeClass::kAny;
  }
}

Status CheckSameShape(const Instruction& inst, const Shape& first, int64_t i) {
  ASSIGN_OR_RETURN(Shape s, ArrayOperand(inst, i));
  if (!s.Compatible(first)) {
    return InvalidArgument("operand {} has shape {} but {} expects {} (same as operand 0)", i,
                           Str(s), Name(inst), Str(first));
  }
  return Status::Ok();
}

}  // namespace

Expected<Shape> InferElementwise(const Instruction& inst) {
  int arity = OpcodeArity(inst.opcode());
  RETURN_IF_ERROR(ExpectOperands(inst, arity));
  if (inst.opcode() == Opcode::kCopy) return StripLayout(inst.operand(0)->shape());  // tuples too
  ASSIGN_OR_RETURN(Shape first, ArrayOperand(inst, 0));
  for (int64_t i = 1; i < arity; ++i) RETURN_IF_ERROR(CheckSameShape(inst, first, i));
  TypeClass c = ClassOf(inst.opcode());
  if (!Accepts(c, first.type())) {
    return InvalidArgument("{} expects {} element type but operand 0 has shape {}", Name(inst),
                           Describe(c), Str(first));
  }
  switch (inst.opcode()) {
    case Opcode::kCompare: case Opcode::kIsFinite:
      first.set_type(PrimitiveType::kPred);
      break;
    case Opcode::kReducePrecision:
      if (inst.attrs().exponent_bits < 1 || inst.attrs().mantissa_bits < 0) {
        return InvalidArgument("reduce-precision needs exponent_bits >= 1 and mantissa_bits >= 0"
                               " but has {} and {}",
                               inst.attrs().exponent_bits, inst.attrs().mantissa_bits);
      }
      break;
    case Opcode::kComplex: case Opcode::kReal: case Opcode::kImag:
      return Unimplemented("{} needs complex element types, which xpar does not support",
                           Name(inst));
    default:
      break;
  }
  return first;
}

// convert and stochastic-convert: the dims of operand 0 with the declared element type.
Expected<Shape> InferConvert(const Instruction& inst) {
  bool stochastic = inst.opcode() == Opcode::kStochasticConvert;
  RETURN_IF_ERROR(ExpectOperands(inst, stochastic ? 2 : 1));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  if (!inst.shape().IsArray()) {
    return InvalidArgument("{} must produce an array but declares {}", Name(inst),
                           Str(inst.shape()));
  }
  if (stochastic) {
    ASSIGN_OR_RETURN(Shape random, ArrayOperand(inst, 1));
    if (random.dims() != in.dims() || !IsUnsignedInt(random.type()) ||
        ByteWidth(random.type()) != ByteWidth(in.type())) {
      return InvalidArgument(
          "stochastic-convert random bits {} must be unsigned, as wide as and of the same dims "
          "as operand {}",
          Str(random), Str(in));
    }
  }
  return Shape(inst.shape().type(), in.dims());
}

// bitcast-convert: equal widths keep the dims; a narrower result adds a minor dimension of
// in_width / out_width; a wider result drops a minor dimension that must be out_width / in_width.
// Between pred and another type, pred is one bit wide.
Expected<Shape> InferBitcastConvert(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  PrimitiveType out_type = inst.shape().type();
  if (!IsArrayType(out_type)) {
    return InvalidArgument("bitcast-convert must produce an array but declares {}",
                           Str(inst.shape()));
  }
  // pred counts as one bit, as StableHLO's i1 (tensor<64xi1> <-> tensor<i64>).
  const bool one_bit = (in.type() == PrimitiveType::kPred) != (out_type == PrimitiveType::kPred);
  int64_t in_w = ByteWidth(in.type()) * 8, out_w = ByteWidth(out_type) * 8;
  if (one_bit && in.type() == PrimitiveType::kPred) in_w = 1;
  if (one_bit && out_type == PrimitiveType::kPred) out_w = 1;
  std::vector<int64_t> dims = in.dims();
  if (in_w > out_w) {
    dims.push_back(in_w / out_w);
  } else if (in_w < out_w) {
    if (dims.empty() || dims.back() != out_w / in_w) {
      return InvalidArgument(
          "bitcast-convert from {} to {} needs a minor dimension of size {} in the operand",
          Str(in), PrimitiveTypeName(out_type), out_w / in_w);
    }
    dims.pop_back();
  }
  return Shape(out_type, dims);
}

// clamp(min, operand, max): min and max are scalars or have the operand's shape.
Expected<Shape> InferClamp(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 3));
  ASSIGN_OR_RETURN(Shape operand, ArrayOperand(inst, 1));
  for (int64_t i : {0, 2}) {
    ASSIGN_OR_RETURN(Shape bound, ArrayOperand(inst, i));
    bool ok = bound.type() == operand.type() &&
              (bound.rank() == 0 || bound.dims() == operand.dims());
    if (!ok) {
      return InvalidArgument("clamp {} has shape {} but must be {}[] or {}",
                             i == 0 ? "min (operand 0)" : "max (operand 2)", Str(bound),
                             PrimitiveTypeName(operand.type()), Str(operand));
    }
  }
  return operand;
}

// select(pred, on_true, on_false): XLA requires pred with the dims of on_true (no scalar pred).
Expected<Shape> InferSelect(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 3));
  ASSIGN_OR_RETURN(Shape pred, ArrayOperand(inst, 0));
  const Shape& on_true = inst.operand(1)->shape();
  const Shape& on_false = inst.operand(2)->shape();
  if (!on_true.Compatible(on_false)) {
    return InvalidArgument("select operands 1 and 2 must have the same shape but have {} and {}",
                           Str(on_true), Str(on_false));
  }
  if (pred.type() != PrimitiveType::kPred) {
    return InvalidArgument("select operand 0 must be pred but has shape {}", Str(pred));
  }
  if (on_true.IsArray() && pred.dims() != on_true.dims()) {
    return InvalidArgument("select predicate {} must have the dims of the operands ({})",
                           Str(pred), Str(on_true));
  }
  if (!on_true.IsArray() && pred.rank() != 0) {
    return InvalidArgument("select of tuples needs a scalar predicate but has {}", Str(pred));
  }
  return StripLayout(on_true);
}

// map(operands...), to_apply: result has the operands' dims and the computation's root type.
Expected<Shape> InferMap(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectAtLeastOperands(inst, 1));
  RETURN_IF_ERROR(ExpectCalled(inst, 1));
  ASSIGN_OR_RETURN(Shape first, ArrayOperand(inst, 0));
  for (int64_t i = 1; i < inst.operand_count(); ++i) {
    ASSIGN_OR_RETURN(Shape s, ArrayOperand(inst, i));
    if (s.dims() != first.dims()) {
      return InvalidArgument("map operand {} has shape {} but operand 0 has {}", i, Str(s),
                             Str(first));
    }
  }
  Shape root = RootShape(*inst.called()[0]);
  if (!root.IsArray() || root.rank() != 0) {
    return InvalidArgument("map computation %{} must return a scalar but returns {}",
                           inst.called()[0]->name(), Str(root));
  }
  return Shape(root.type(), first.dims());
}

}  // namespace xpar::shape_rules
