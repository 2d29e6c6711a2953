// Elementwise CHLO ops lowered to HLO as StableHLO's chlo legalization does: inverse
// trigonometric and hyperbolic functions through atan2/log1p/expm1, next_after on the integer
// encoding, is_inf, the special functions of stablehlo_chlo_special.cc (narrow floats computed
// in f32), chlo.broadcast_* with numpy-style or explicit broadcast_dimensions, and constants.
//   %r = chlo.asin %x : tensor<4xf32> -> tensor<4xf32>
//   => 2 * atan2(x, 1 + sqrt(1 - x * x))
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <optional>

#include "frontends/stablehlo/stablehlo_chlo_builder.h"

namespace xpar::mlir {
namespace {

using CD = ComparisonDirection;

Instruction* Sqrt1MinusSq(ChloBuilder& b, Instruction* x) {
  return b.Un(Opcode::kSqrt, b.Sub(b.Const(1), b.Mul(x, x)));
}

// log(y) + log(2) once y * y would overflow: the asymptote of asinh/acosh.
Instruction* LargeLog(ChloBuilder& b, Instruction* y) {
  return b.Add(b.Un(Opcode::kLog, y), b.Const(std::numbers::ln2));
}

double SqrtMax(PrimitiveType t) {
  return t == PrimitiveType::kF64 ? std::sqrt(std::numeric_limits<double>::max())
                                  : std::sqrt(std::numeric_limits<float>::max());
}

Instruction* Asinh(ChloBuilder& b, Instruction* x) {
  Instruction* y = b.Un(Opcode::kAbs, x);
  Instruction* y2 = b.Mul(y, y);
  // log1p(y + y^2 / (1 + sqrt(1 + y^2))) = log(y + sqrt(1 + y^2)), exact near 0.
  Instruction* small = b.Un(
      Opcode::kLog1p,
      b.Add(y, b.Div(y2, b.Add(b.Const(1), b.Un(Opcode::kSqrt, b.Add(b.Const(1), y2))))));
  Instruction* r = b.Select(b.Cmp(y, CD::kGe, b.Const(SqrtMax(b.type()))), LargeLog(b, y), small);
  return b.Mul(b.Un(Opcode::kSign, x), r);
}

Instruction* Acosh(ChloBuilder& b, Instruction* x) {
  // log1p(t + sqrt(t (t + 2))) with t = x - 1 = log(x + sqrt(x^2 - 1)); nan below 1.
  Instruction* t = b.Sub(x, b.Const(1));
  Instruction* mid =
      b.Un(Opcode::kLog1p, b.Add(t, b.Un(Opcode::kSqrt, b.Mul(t, b.Add(t, b.Const(2))))));
  Instruction* r = b.Select(b.Cmp(x, CD::kGe, b.Const(SqrtMax(b.type()))), LargeLog(b, x), mid);
  return b.Select(b.Cmp(x, CD::kLt, b.Const(1)),
                  b.Const(std::numeric_limits<double>::quiet_NaN()), r);
}

Instruction* Atanh(ChloBuilder& b, Instruction* x) {
  Instruction* r = b.Mul(b.Const(0.5), b.Sub(b.Un(Opcode::kLog1p, x),
                                             b.Un(Opcode::kLog1p, b.Un(Opcode::kNegate, x))));
  return b.Select(b.Cmp(b.Un(Opcode::kAbs, x), CD::kGt, b.Const(1)),
                  b.Const(std::numeric_limits<double>::quiet_NaN()), r);
}

// sinh for |x| >= 1 (and cosh) as e^(x + log 1/2) -+ e^(-x + log 1/2), which does not overflow
// where e^x alone would; sinh near 0 from expm1 to keep its first-order term.
Instruction* Sinh(ChloBuilder& b, Instruction* x) {
  Instruction* log_half = b.Const(std::log(0.5));
  Instruction* large = b.Sub(b.Un(Opcode::kExp, b.Add(x, log_half)),
                             b.Un(Opcode::kExp, b.Sub(log_half, x)));
  Instruction* e = b.Un(Opcode::kExpm1, x);
  Instruction* small =
      b.Mul(b.Const(0.5), b.Add(e, b.Div(e, b.Add(e, b.Const(1)))));
  return b.Select(b.Cmp(b.Un(Opcode::kAbs, x), CD::kLt, b.Const(1)), small, large);
}

Instruction* Cosh(ChloBuilder& b, Instruction* x) {
  Instruction* log_half = b.Const(std::log(0.5));
  return b.Add(b.Un(Opcode::kExp, b.Add(x, log_half)), b.Un(Opcode::kExp, b.Sub(log_half, x)));
}

PrimitiveType IntOfWidth(PrimitiveType t) {
  switch (ByteWidth(t)) {
    case 2:
      return PrimitiveType::kS16;
    case 8:
      return PrimitiveType::kS64;
    default:
      return PrimitiveType::kS32;
  }
}

// The next representable value after x towards y, by stepping x's integer encoding.
Instruction* NextAfter(ChloBuilder& b, Instruction* x, Instruction* y) {
  const Shape is = b.WithType(IntOfWidth(b.type()));
  const int64_t bits = ByteWidth(b.type()) * 8;
  const int64_t sign_bit = bits == 64 ? std::numeric_limits<int64_t>::min() : int64_t{1} << (bits - 1);
  Instruction* xi = b.Bitcast(x, is.type());
  Instruction* yi = b.Bitcast(y, is.type());
  Instruction* sign_mask = b.IntConst(is, sign_bit);
  Instruction* abs_mask = b.IntConst(is, ~sign_bit);
  Instruction* x_abs = b.Bin(Opcode::kAnd, xi, abs_mask);
  Instruction* y_abs = b.Bin(Opcode::kAnd, yi, abs_mask);
  Instruction* x_sign = b.Bin(Opcode::kAnd, xi, sign_mask);
  Instruction* y_sign = b.Bin(Opcode::kAnd, yi, sign_mask);
  Instruction* zero = b.IntConst(is, 0);
  Instruction* one = b.IntConst(is, 1);
  Instruction* smaller = b.Bin(Opcode::kOr, b.Cmp(x_abs, CD::kGt, y_abs),
                               b.Cmp(x_sign, CD::kNe, y_sign));
  Instruction* r = b.Add(xi, b.Select(smaller, b.IntConst(is, -1), one));
  // From +-0: the smallest subnormal signed like y (or y itself when it is +-0 too).
  Instruction* from_zero = b.Select(b.Cmp(y_abs, CD::kEq, zero), yi, b.Bin(Opcode::kOr, y_sign, one));
  r = b.Select(b.Cmp(x_abs, CD::kEq, zero), from_zero, r);
  r = b.Select(b.Cmp(x, CD::kEq, y), yi, r);
  Instruction* nan_in = b.Bin(Opcode::kOr, b.Cmp(x, CD::kNe, x), b.Cmp(y, CD::kNe, y));
  r = b.Select(nan_in, b.Bitcast(b.Const(std::numeric_limits<double>::quiet_NaN()), is.type()), r);
  return b.Bitcast(r, b.type());
}

Instruction* Special(ChloBuilder& b, std::string_view m, const std::vector<Instruction*>& a) {
  if (m == "lgamma") return ChloLgamma(b, a[0]);
  if (m == "digamma") return ChloDigamma(b, a[0]);
  if (m == "erf_inv") return ChloErfInv(b, a[0]);
  if (m == "bessel_i1e") return ChloBesselI1e(b, a[0]);
  if (m == "sinh") return Sinh(b, a[0]);
  if (m == "cosh") return Cosh(b, a[0]);
  if (m == "zeta" && a.size() == 2) return ChloZeta(b, a[0], a[1]);
  if (m == "polygamma" && a.size() == 2) return ChloPolygamma(b, a[0], a[1]);
  return nullptr;
}

}  // namespace

Instruction* ChloBuilder::ConstOf(const Shape& shape, double v) {
  return p_.AddSplatConstant(comp_, shape, v, at_);
}

Instruction* ChloBuilder::IntConst(const Shape& shape, int64_t v) {
  return p_.AddSplatConstantInt(comp_, shape, v, at_);
}

Instruction* ChloBuilder::Un(Opcode o, Instruction* x) {
  Shape s = x->shape();
  if (o == Opcode::kIsFinite) s = Shape(PrimitiveType::kPred, s.dims());
  return p_.Add(comp_, o, s, {x}, at_);
}

Instruction* ChloBuilder::Bin(Opcode o, Instruction* x, Instruction* y) {
  return p_.Add(comp_, o, x->shape(), {x, y}, at_);
}

Instruction* ChloBuilder::Cmp(Instruction* x, ComparisonDirection d, Instruction* y) {
  Instruction* c =
      p_.Add(comp_, Opcode::kCompare, Shape(PrimitiveType::kPred, x->shape().dims()), {x, y}, at_);
  c->attrs().comparison_direction = d;
  return c;
}

Instruction* ChloBuilder::Select(Instruction* pred, Instruction* on_true, Instruction* on_false) {
  return p_.Add(comp_, Opcode::kSelect, on_true->shape(), {pred, on_true, on_false}, at_);
}

Instruction* ChloBuilder::Convert(Instruction* x, PrimitiveType t) {
  return p_.Add(comp_, Opcode::kConvert, Shape(t, x->shape().dims()), {x}, at_);
}

Instruction* ChloBuilder::Bitcast(Instruction* x, PrimitiveType t) {
  return p_.Add(comp_, Opcode::kBitcastConvert, Shape(t, x->shape().dims()), {x}, at_);
}

Instruction* ChloBuilder::Poly(Instruction* x, std::span<const double> c) {
  Instruction* r = Const(c.empty() ? 0.0 : c[0]);
  for (size_t i = 1; i < c.size(); ++i) r = Add(Mul(r, x), Const(c[i]));
  return r;
}

Instruction* ChloElementwise(ChloBuilder& b, std::string_view m,
                             const std::vector<Instruction*>& a) {
  Instruction* x = a[0];
  if (m == "tan") return b.Un(Opcode::kTan, x);
  if (m == "atan") return b.Bin(Opcode::kAtan2, x, b.Const(1));
  if (m == "asin") {
    return b.Mul(b.Const(2), b.Bin(Opcode::kAtan2, x, b.Add(b.Const(1), Sqrt1MinusSq(b, x))));
  }
  if (m == "acos") {
    Instruction* r = b.Mul(b.Const(2), b.Bin(Opcode::kAtan2, Sqrt1MinusSq(b, x),
                                             b.Add(b.Const(1), x)));
    return b.Select(b.Cmp(x, CD::kEq, b.Const(-1)), b.Const(std::numbers::pi), r);
  }
  if (m == "asinh") return Asinh(b, x);
  if (m == "acosh") return Acosh(b, x);
  if (m == "atanh") return Atanh(b, x);
  if (m == "next_after" && a.size() == 2) return NextAfter(b, x, a[1]);
  Instruction* inf = b.Const(std::numeric_limits<double>::infinity());
  if (m == "is_inf") return b.Cmp(b.Un(Opcode::kAbs, x), CD::kEq, inf);
  if (m == "is_pos_inf") return b.Cmp(x, CD::kEq, inf);
  if (m == "is_neg_inf") return b.Cmp(x, CD::kEq, b.Un(Opcode::kNegate, inf));
  return Special(b, m, a);
}

std::optional<Expected<std::vector<Instruction*>>> BuildChloMath(Parser& p, Scope* scope,
                                                                 OpInfo* op) {
  static constexpr std::string_view kOps[] = {
      "tan",        "atan",      "asin",  "acos",    "asinh",      "acosh",  "atanh",
      "next_after", "is_inf",    "is_pos_inf", "is_neg_inf", "lgamma", "digamma", "erf_inv",
      "bessel_i1e", "sinh",      "cosh",  "zeta",    "polygamma"};
  const std::string& m = op->mnemonic;
  if (std::find(std::begin(kOps), std::end(kOps), m) == std::end(kOps)) return std::nullopt;
  const size_t arity = m == "next_after" || m == "zeta" || m == "polygamma" ? 2 : 1;
  if (op->operands.size() != arity || op->result_types.size() != 1) {
    return p.Error(op->offset, fmt::format("'{}' takes {} operand(s) and has one result",
                                           op->name, arity));
  }
  const Shape& in = op->operands[0]->shape();
  for (Instruction* x : op->operands) {
    if (!x->shape().IsArray() || !IsFloating(x->shape().type()) || x->shape() != in) {
      return p.Unsupported(op->offset, fmt::format("'{}' takes real floating tensors of one type "
                                                   "(complex is not supported)", op->name));
    }
  }
  // Narrow floats compute in f32 (next_after and is_inf work on the type itself).
  const bool exact = m == "next_after" || m.starts_with("is_");
  const bool upcast = !exact && in.type() != PrimitiveType::kF64 && in.type() != PrimitiveType::kF32;
  ChloBuilder b(p, scope->comp, upcast ? Shape(PrimitiveType::kF32, in.dims()) : in, op->offset);
  std::vector<Instruction*> args = op->operands;
  if (upcast) {
    for (Instruction*& x : args) x = b.Convert(x, PrimitiveType::kF32);
  }
  Instruction* r = ChloElementwise(b, m, args);
  if (upcast) r = b.Convert(r, in.type());
  if (r->shape() != op->result_types[0]) {
    return p.Error(op->offset, fmt::format("'{}' has result type {}, expected {}", op->name,
                                           op->result_types[0].ToString(), r->shape().ToString()));
  }
  return std::vector<Instruction*>{r};
}

}  // namespace xpar::mlir
