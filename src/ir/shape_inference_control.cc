// Shape rules of tuples, control flow and side-effecting ops: tuple, get-tuple-element, while,
// call/fusion, conditional, constant, infeed/outfeed, send/recv. The signatures of called
// computations (parameters vs operands) are checked by the verifier (verifier_calls.cc).
#include <fmt/format.h>

#include "ir/shape_inference_internal.h"

namespace xpar::shape_rules {

Expected<Shape> InferTuple(const Instruction& inst) {
  std::vector<Shape> elements;
  for (const Instruction* op : inst.operands()) elements.push_back(StripLayout(op->shape()));
  return Shape::Tuple(std::move(elements));
}

Expected<Shape> InferGetTupleElement(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  const Shape& s = inst.operand(0)->shape();
  if (!s.IsTuple()) {
    return InvalidArgument("get-tuple-element operand must be a tuple but has shape {}", Str(s));
  }
  int64_t i = inst.attrs().tuple_index;
  int64_t n = static_cast<int64_t>(s.tuple_shapes().size());
  if (i < 0 || i >= n) {
    return InvalidArgument("get-tuple-element index={} is out of range for a tuple of {} "
                           "elements",
                           i, n);
  }
  return StripLayout(s.tuple_shape(i));
}

Expected<Shape> InferWhile(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  RETURN_IF_ERROR(ExpectCalled(inst, 2));
  return StripLayout(inst.operand(0)->shape());
}

// call and fusion: the called computation's result.
Expected<Shape> InferCall(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectCalled(inst, 1));
  return RootShape(*inst.called()[0]);
}

// conditional(pred, true_operand, false_operand) or conditional(s32 index, operands...): the
// (common) result of the branches.
Expected<Shape> InferConditional(const Instruction& inst) {
  int64_t branches = static_cast<int64_t>(inst.called().size());
  if (branches < 1) return InvalidArgument("conditional must call at least one branch");
  RETURN_IF_ERROR(ExpectCalled(inst, branches));
  RETURN_IF_ERROR(ExpectOperands(inst, branches + 1));
  ASSIGN_OR_RETURN(Shape selector, ScalarOperand(inst, 0));
  if (selector.type() == PrimitiveType::kPred) {
    if (branches != 2) {
      return InvalidArgument("conditional with a pred selector needs 2 branches but has {}",
                             branches);
    }
  } else if (selector.type() != PrimitiveType::kS32) {
    return InvalidArgument("conditional selector must be pred[] or s32[] but is {}",
                           Str(selector));
  }
  return RootShape(*inst.called()[0]);
}

Expected<Shape> InferConstant(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 0));
  if (!inst.attrs().literal) return InvalidArgument("constant has no literal");
  const Shape& lit = inst.attrs().literal->shape();
  if (!lit.Compatible(inst.shape())) {
    return InvalidArgument("constant literal has shape {} but the constant declares {}",
                           Str(lit), Str(inst.shape()));
  }
  return StripLayout(inst.shape());
}

namespace {

Status ExpectToken(const Instruction& inst, int64_t i) {
  if (inst.operand(i)->shape().IsToken()) return Status::Ok();
  return InvalidArgument("operand {} of {} must be a token but has shape {}", i, Name(inst),
                         Str(inst.operand(i)->shape()));
}

// The declared (data, [u32[] context,] token) of infeed / recv, checked for its form.
Expected<Shape> DeclaredWithToken(const Instruction& inst, bool context) {
  const Shape& s = inst.shape();
  size_t n = context ? 3 : 2;
  bool ok = s.IsTuple() && s.tuple_shapes().size() == n && s.tuple_shapes().back().IsToken();
  if (ok && context) ok = s.tuple_shape(1).Compatible(Shape::Scalar(PrimitiveType::kU32));
  if (!ok) {
    return InvalidArgument("{} must produce (data, {}token[]) but declares {}", Name(inst),
                           context ? "u32[], " : "", Str(s));
  }
  return StripLayout(s);
}

}  // namespace

Expected<Shape> InferSideEffecting(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, OpcodeArity(inst.opcode())));
  Shape u32 = Shape::Scalar(PrimitiveType::kU32);
  switch (inst.opcode()) {
    case Opcode::kInfeed:
      RETURN_IF_ERROR(ExpectToken(inst, 0));
      return DeclaredWithToken(inst, /*context=*/false);
    case Opcode::kRecv:
      RETURN_IF_ERROR(ExpectToken(inst, 0));
      return DeclaredWithToken(inst, /*context=*/true);
    case Opcode::kOutfeed:
      RETURN_IF_ERROR(ExpectToken(inst, 1));
      return Shape::Token();
    case Opcode::kSend:
      RETURN_IF_ERROR(ExpectToken(inst, 1));
      return Shape::Tuple({StripLayout(inst.operand(0)->shape()), u32, Shape::Token()});
    case Opcode::kSendDone:
      return Shape::Token();
    case Opcode::kRecvDone: {
      const Shape& s = inst.operand(0)->shape();
      if (!s.IsTuple() || s.tuple_shapes().empty()) {
        return InvalidArgument("recv-done expects the tuple of a recv but has {}", Str(s));
      }
      return Shape::Tuple({StripLayout(s.tuple_shape(0)), Shape::Token()});
    }
    default:
      break;
  }
  return Internal("InferSideEffecting called for {}", Name(inst));
}

}  // namespace xpar::shape_rules
