// VJP rules of the elementwise math ops: the adjoint of each operand is the result's adjoint
// times the partial derivative, written with the forward values (x, y, and the result r).
//   exp: dx = g * r      tanh: dx = g * (1 - r*r)      divide: dx = g / y, dy = -g * r / y
#include <fmt/format.h>

#include <numbers>

#include "autodiff/vjp.h"

namespace xpar::autodiff {
namespace {

// The partial derivative of the result with respect to its only operand (times g).
Instruction* UnaryGrad(VjpContext& ctx, Instruction* g) {
  AdBuilder& b = ctx.b;
  Instruction* x = ctx.operand(0);
  Instruction* r = ctx.inst;
  Opcode op = r->opcode();
  if (op == Opcode::kNegate) return b.Neg(g);
  if (op == Opcode::kExp) return b.Mul(g, r);
  if (op == Opcode::kExpm1) return b.Mul(g, b.AddScalar(r, 1.0));
  if (op == Opcode::kLog) return b.Div(g, x);
  if (op == Opcode::kLog1p) return b.Div(g, b.AddScalar(x, 1.0));
  if (op == Opcode::kTanh) {
    return b.Mul(g, b.Sub(b.Full(r->shape().type(), 1.0, r->shape().dims()), b.Mul(r, r)));
  }
  if (op == Opcode::kLogistic) {
    return b.Mul(g, b.Mul(r, b.Sub(b.Full(r->shape().type(), 1.0, r->shape().dims()), r)));
  }
  if (op == Opcode::kSqrt) return b.Div(b.MulScalar(g, 0.5), r);
  if (op == Opcode::kRsqrt) return b.Mul(b.MulScalar(g, -0.5), b.Div(r, x));
  if (op == Opcode::kCbrt) return b.Div(g, b.MulScalar(b.Mul(r, r), 3.0));
  if (op == Opcode::kSine) return b.Mul(g, b.Unary(Opcode::kCosine, x));
  if (op == Opcode::kCosine) return b.Neg(b.Mul(g, b.Unary(Opcode::kSine, x)));
  if (op == Opcode::kTan) return b.Mul(g, b.AddScalar(b.Mul(r, r), 1.0));
  if (op == Opcode::kAbs) return b.Mul(g, b.Unary(Opcode::kSign, x));
  if (op == Opcode::kErf) {
    // d erf(x) = 2/sqrt(pi) * exp(-x^2)
    Instruction* e = b.Unary(Opcode::kExp, b.Neg(b.Mul(x, x)));
    return b.Mul(g, b.MulScalar(e, 2.0 * std::numbers::inv_sqrtpi));
  }
  if (op == Opcode::kCopy || op == Opcode::kReducePrecision) return g;
  return nullptr;  // binary and ternary ops: see below
}

// max/min: the adjoint goes to the operand that was chosen; ties split it evenly (as
// torch.maximum and JAX do).
Status MaxMinGrad(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  Instruction *g = ctx.grad(), *x = ctx.operand(0), *y = ctx.operand(1);
  PrimitiveType t = g->shape().type();
  ComparisonDirection wins = ctx.inst->opcode() == Opcode::kMaximum ? ComparisonDirection::kGt
                                                                     : ComparisonDirection::kLt;
  Instruction* x_wins = b.Mask(b.Compare(x, y, wins), t);
  Instruction* tie = b.MulScalar(b.Mask(b.Compare(x, y, ComparisonDirection::kEq), t), 0.5);
  Instruction* x_share = b.Add(x_wins, tie);
  Instruction* y_share = b.Sub(b.Full(t, 1.0, g->shape().dims()), x_share);
  RETURN_IF_ERROR(ctx.AddGrad(0, b.Mul(g, x_share)));
  return ctx.AddGrad(1, b.Mul(g, y_share));
}

// power: dx = g * y * x^(y-1); dy = g * r * log(x), taken as 0 where x == 0 (JAX's choice).
Status PowerGrad(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  Instruction *g = ctx.grad(), *x = ctx.operand(0), *y = ctx.operand(1), *r = ctx.inst;
  if (ctx.active(0)) {
    Instruction* xm1 = b.Op(Opcode::kPower, {x, b.AddScalar(y, -1.0)});
    RETURN_IF_ERROR(ctx.AddGrad(0, b.Mul(g, b.Mul(y, xm1))));
  }
  if (ctx.active(1)) {
    Instruction* zero = b.ZerosLike(x);
    Instruction* is_zero = b.Compare(x, zero, ComparisonDirection::kEq);
    Instruction* log_x = b.Unary(Opcode::kLog, b.Select(is_zero, b.AddScalar(zero, 1.0), x));
    RETURN_IF_ERROR(ctx.AddGrad(1, b.Mul(g, b.Mul(r, log_x))));
  }
  return Status::Ok();
}

// clamp(lo, x, hi): x gets g inside [lo, hi]; lo (hi) gets g where x is below (above) it. A
// scalar bound gets the sum.
Status ClampGrad(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  Instruction *g = ctx.grad(), *lo = ctx.operand(0), *x = ctx.operand(1), *hi = ctx.operand(2);
  PrimitiveType t = g->shape().type();
  const Dims& dims = g->shape().dims();
  auto full = [&](Instruction* v) {
    return v->shape().rank() == 0 && !dims.empty() ? b.Broadcast(v, dims, {}) : v;
  };
  Instruction* below = b.Mask(b.Compare(x, full(lo), ComparisonDirection::kLt), t);
  Instruction* above = b.Mask(b.Compare(x, full(hi), ComparisonDirection::kGt), t);
  Instruction* inside = b.Sub(b.Sub(b.Full(t, 1.0, dims), below), above);
  auto to_bound = [&](Instruction* v, Instruction* mask) {
    Instruction* gv = b.Mul(g, mask);
    if (v->shape().rank() == 0 && !dims.empty()) {
      Dims all(dims.size());
      for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int64_t>(i);
      gv = b.ReduceSum(gv, all);
    }
    return gv;
  };
  RETURN_IF_ERROR(ctx.AddGrad(1, b.Mul(g, inside)));
  if (ctx.active(0)) RETURN_IF_ERROR(ctx.AddGrad(0, to_bound(lo, below)));
  if (ctx.active(2)) RETURN_IF_ERROR(ctx.AddGrad(2, to_bound(hi, above)));
  return Status::Ok();
}

// select(p, a, b): a gets g where p holds, b where it does not.
Status SelectGrad(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  Instruction *g = ctx.grad(), *p = ctx.operand(0);
  Instruction* zero = b.ZerosLike(g);
  if (ctx.active(1)) RETURN_IF_ERROR(ctx.AddGrad(1, b.Select(p, g, zero)));
  if (ctx.active(2)) RETURN_IF_ERROR(ctx.AddGrad(2, b.Select(p, zero, g)));
  return Status::Ok();
}

Status BinaryGrad(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  Instruction *g = ctx.grad(), *x = ctx.operand(0), *y = ctx.operand(1), *r = ctx.inst;
  Opcode op = r->opcode();
  if (op == Opcode::kMaximum || op == Opcode::kMinimum) return MaxMinGrad(ctx);
  if (op == Opcode::kPower) return PowerGrad(ctx);
  Instruction *dx = nullptr, *dy = nullptr;
  if (op == Opcode::kAdd) {
    dx = g, dy = g;
  } else if (op == Opcode::kSubtract) {
    dx = g, dy = ctx.active(1) ? b.Neg(g) : nullptr;
  } else if (op == Opcode::kMultiply) {
    dx = ctx.active(0) ? b.Mul(g, y) : nullptr;
    dy = ctx.active(1) ? b.Mul(g, x) : nullptr;
  } else if (op == Opcode::kDivide) {
    dx = ctx.active(0) ? b.Div(g, y) : nullptr;
    dy = ctx.active(1) ? b.Neg(b.Div(b.Mul(g, r), y)) : nullptr;
  } else if (op == Opcode::kRemainder) {
    // x = q*y + r with q = trunc(x/y): dx = g, dy = -g * q = -g * (x - r) / y.
    dx = g, dy = ctx.active(1) ? b.Neg(b.Mul(g, b.Div(b.Sub(x, r), y))) : nullptr;
  } else if (op == Opcode::kAtan2) {
    // atan2(x, y) = atan(x / y): dx = g * y / (x^2 + y^2), dy = -g * x / (x^2 + y^2).
    Instruction* denom = b.Add(b.Mul(x, x), b.Mul(y, y));
    dx = ctx.active(0) ? b.Div(b.Mul(g, y), denom) : nullptr;
    dy = ctx.active(1) ? b.Neg(b.Div(b.Mul(g, x), denom)) : nullptr;
  } else {
    return ctx.Error(fmt::format("no elementwise gradient rule for '{}'", HloOpcodeName(op)));
  }
  if (dx != nullptr) RETURN_IF_ERROR(ctx.AddGrad(0, dx));
  if (dy != nullptr) RETURN_IF_ERROR(ctx.AddGrad(1, dy));
  return Status::Ok();
}

}  // namespace

Status VjpElementwise(VjpContext& ctx) {
  Instruction* g = ctx.grad();
  Opcode op = ctx.inst->opcode();
  if (op == Opcode::kConvert) {
    PrimitiveType from = ctx.operand(0)->shape().type();
    if (!IsFloating(from)) return Status::Ok();  // an integer or predicate source
    return ctx.AddGrad(0, ctx.b.Convert(g, from));
  }
  if (op == Opcode::kClamp) return ClampGrad(ctx);
  if (op == Opcode::kSelect) return SelectGrad(ctx);
  if (ctx.inst->operand_count() == 2) return BinaryGrad(ctx);
  Instruction* dx = UnaryGrad(ctx, g);
  if (dx == nullptr) {
    return ctx.Error(fmt::format("no elementwise gradient rule for '{}'", HloOpcodeName(op)));
  }
  return ctx.AddGrad(0, dx);
}

}  // namespace xpar::autodiff
