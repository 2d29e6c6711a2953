// Elementwise kernels: dispatch to the typed math loops (elementwise_arith.cc, _convert.cc), and
// select, clamp (scalar operands allowed) and map (calls its computation per element).
#include <cstring>

#include "runtime/interpreter/elementwise_internal.h"
#include "runtime/interpreter/elementwise_types.h"
#include "runtime/interpreter/reduce_util.h"

namespace xpar {
namespace {

// An operand that is either an array of the result's element count or a scalar (stride 0).
Expected<int64_t> ScalarOrFullStride(const Literal& op, int64_t n, const char* what) {
  if (op.ElementCount() == n) return 1;
  if (op.shape().rank() == 0) return 0;
  return InvalidArgument("{} operand {} must be a scalar or have {} elements", what,
                         op.shape().ToString(false), n);
}

template <int W>
void SelectLoop(const bool* p, int64_t ps, const uint8_t* t, int64_t ts, const uint8_t* f,
                int64_t fs, uint8_t* y, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    const uint8_t* src = p[i * ps] ? t + i * ts * W : f + i * fs * W;
    std::memcpy(y + i * W, src, W);
  }
}

Expected<Literal> EvalSelect(const Instruction& inst, Operands ops) {
  const Literal& pred = *ops[0];
  const Literal& on_true = *ops[1];
  const Literal& on_false = *ops[2];
  const int64_t n = inst.shape().ElementCount();
  if (pred.type() != PrimitiveType::kPred || on_true.type() != inst.shape().type() ||
      on_false.type() != inst.shape().type()) {
    return InvalidArgument("select needs a pred and two {} operands",
                           PrimitiveTypeName(inst.shape().type()));
  }
  ASSIGN_OR_RETURN(int64_t ps, ScalarOrFullStride(pred, n, "select predicate"));
  ASSIGN_OR_RETURN(int64_t ts, ScalarOrFullStride(on_true, n, "select"));
  ASSIGN_OR_RETURN(int64_t fs, ScalarOrFullStride(on_false, n, "select"));
  Literal out = Literal::Uninitialized(inst.shape());
  const bool* p = pred.data<bool>().data();
  switch (ByteWidth(out.type())) {
    case 1: SelectLoop<1>(p, ps, on_true.raw(), ts, on_false.raw(), fs, out.raw(), n); break;
    case 2: SelectLoop<2>(p, ps, on_true.raw(), ts, on_false.raw(), fs, out.raw(), n); break;
    case 4: SelectLoop<4>(p, ps, on_true.raw(), ts, on_false.raw(), fs, out.raw(), n); break;
    case 8: SelectLoop<8>(p, ps, on_true.raw(), ts, on_false.raw(), fs, out.raw(), n); break;
    default: return Internal("select of unexpected element width");
  }
  return out;
}

// clamp(lo, x, hi) = min(max(x, lo), hi); any of the three may be a scalar.
Expected<Literal> EvalClamp(const Instruction& inst, Operands ops) {
  const int64_t n = inst.shape().ElementCount();
  for (const Literal* op : ops) {
    if (op->type() != inst.shape().type()) {
      return InvalidArgument("clamp operands must all be {}",
                             PrimitiveTypeName(inst.shape().type()));
    }
  }
  ASSIGN_OR_RETURN(int64_t ls, ScalarOrFullStride(*ops[0], n, "clamp min"));
  ASSIGN_OR_RETURN(int64_t xs, ScalarOrFullStride(*ops[1], n, "clamp"));
  ASSIGN_OR_RETURN(int64_t hs, ScalarOrFullStride(*ops[2], n, "clamp max"));
  Literal out = Literal::Uninitialized(inst.shape());
  VisitArrayType(out.type(), [&](auto tag) {
    using T = decltype(tag);
    auto lo = ops[0]->data<T>();
    auto x = ops[1]->data<T>();
    auto hi = ops[2]->data<T>();
    auto y = out.data<T>();
    for (int64_t i = 0; i < n; ++i) {
      auto v = MaxPropagateNan(Widen(x[i * xs]), Widen(lo[i * ls]));
      y[i] = Narrow<T>(MinPropagateNan(v, Widen(hi[i * hs])));
    }
  });
  return out;
}

// map: calls to_apply on the i-th elements of all operands, one scalar call per element.
Expected<Literal> EvalMap(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (inst.called().empty()) return InvalidArgument("map without to_apply");
  const int64_t n = inst.shape().ElementCount();
  std::vector<PrimitiveType> arg_types;
  for (const Literal* op : ops) {
    if (op->ElementCount() != n) {
      return InvalidArgument("map operand {} does not match result {}", op->shape().ToString(false),
                             inst.shape().ToString(false));
    }
    arg_types.push_back(op->type());
  }
  ASSIGN_OR_RETURN(ScalarCaller caller,
                   ScalarCaller::Create(ctx, *inst.called()[0], arg_types, {inst.shape().type()}));
  Literal out = Literal::Uninitialized(inst.shape());
  const int64_t out_width = ByteWidth(out.type());
  for (int64_t i = 0; i < n; ++i) {
    for (size_t k = 0; k < ops.size(); ++k) {
      caller.SetArg(k, ops[k]->raw() + i * ByteWidth(ops[k]->type()));
    }
    RETURN_IF_ERROR(caller.Call());
    std::memcpy(out.raw() + i * out_width, caller.result(0), out_width);
  }
  return out;
}

}  // namespace

Expected<Literal> EvalElementwise(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (!inst.shape().IsArray()) {
    return InvalidArgument("elementwise result must be an array, got {}",
                           inst.shape().ToString(false));
  }
  for (const Literal* op : ops) {
    if (!op->shape().IsArray()) return InvalidArgument("elementwise operand must be an array");
  }
  auto need = [&](size_t n) -> Status {
    if (ops.size() == n) return Status::Ok();
    return InvalidArgument("{} takes {} operands, got {}", HloOpcodeName(inst.opcode()), n,
                           ops.size());
  };
  switch (inst.opcode()) {
    case Opcode::kSelect: RETURN_IF_ERROR(need(3)); return EvalSelect(inst, ops);
    case Opcode::kClamp: RETURN_IF_ERROR(need(3)); return EvalClamp(inst, ops);
    case Opcode::kMap: return EvalMap(inst, ops, ctx);
    case Opcode::kCompare: RETURN_IF_ERROR(need(2)); return EvalCompareOp(inst, *ops[0], *ops[1]);
    case Opcode::kConvert: RETURN_IF_ERROR(need(1)); return EvalConvertOp(inst, *ops[0]);
    case Opcode::kBitcastConvert:
      RETURN_IF_ERROR(need(1));
      return EvalBitcastConvertOp(inst, *ops[0]);
    case Opcode::kReducePrecision:
      RETURN_IF_ERROR(need(1));
      return EvalReducePrecisionOp(inst, *ops[0]);
    case Opcode::kStochasticConvert:
      return Unimplemented(
          "stochastic-convert is not supported by the interpreter (its result "
          "depends on XLA's random-bits rounding rule)");
    case Opcode::kAbs:
    case Opcode::kCbrt:
    case Opcode::kCeil:
    case Opcode::kClz:
    case Opcode::kCosine:
    case Opcode::kErf:
    case Opcode::kExp:
    case Opcode::kExpm1:
    case Opcode::kFloor:
    case Opcode::kIsFinite:
    case Opcode::kLog:
    case Opcode::kLog1p:
    case Opcode::kLogistic:
    case Opcode::kNegate:
    case Opcode::kNot:
    case Opcode::kPopulationCount:
    case Opcode::kRoundNearestAfz:
    case Opcode::kRoundNearestEven:
    case Opcode::kRsqrt:
    case Opcode::kSign:
    case Opcode::kSine:
    case Opcode::kSqrt:
    case Opcode::kTan:
    case Opcode::kTanh:
      RETURN_IF_ERROR(need(1));
      if (ops[0]->ElementCount() != inst.shape().ElementCount()) {
        return InvalidArgument("operand {} does not match result {}",
                               ops[0]->shape().ToString(false), inst.shape().ToString(false));
      }
      return EvalUnaryOp(inst, *ops[0]);
    case Opcode::kAdd:
    case Opcode::kAnd:
    case Opcode::kAtan2:
    case Opcode::kDivide:
    case Opcode::kMaximum:
    case Opcode::kMinimum:
    case Opcode::kMultiply:
    case Opcode::kOr:
    case Opcode::kPower:
    case Opcode::kRemainder:
    case Opcode::kShiftLeft:
    case Opcode::kShiftRightArithmetic:
    case Opcode::kShiftRightLogical:
    case Opcode::kSubtract:
    case Opcode::kXor: RETURN_IF_ERROR(need(2)); return EvalBinaryOp(inst, *ops[0], *ops[1]);
    default: return Internal("EvalElementwise called for {}", HloOpcodeName(inst.opcode()));
  }
}

bool SelectBlock(int64_t width, const bool* p, const void* on_true, const void* on_false, void* y,
                 int64_t n) {
  const auto* t = static_cast<const uint8_t*>(on_true);
  const auto* f = static_cast<const uint8_t*>(on_false);
  auto* out = static_cast<uint8_t*>(y);
  switch (width) {
    case 1: SelectLoop<1>(p, 1, t, 1, f, 1, out, n); return true;
    case 2: SelectLoop<2>(p, 1, t, 1, f, 1, out, n); return true;
    case 4: SelectLoop<4>(p, 1, t, 1, f, 1, out, n); return true;
    case 8: SelectLoop<8>(p, 1, t, 1, f, 1, out, n); return true;
    default: return false;  // no element type has another width
  }
}

}  // namespace xpar
