// Elementwise aten ops with PyTorch's type promotion, and the hard activations of mobile
// networks; arithmetic on 0-d tensors known while importing (a trace's shape arithmetic) is
// folded instead of emitted.
#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "frontends/torchscript/lowering.h"

namespace xpar::ts {
namespace {

bool IsNumber(const Value& v) {
  return v.kind == Value::Kind::kInt || v.kind == Value::Kind::kDouble ||
         v.kind == Value::Kind::kBool;
}
bool IsKnown(const Value& v) { return IsNumber(v) || (v.IsTensor() && v.known); }
double KnownValue(const Value& v) {
  if (v.kind == Value::Kind::kInt) return static_cast<double>(v.i);
  if (v.kind == Value::Kind::kDouble) return v.d;
  if (v.kind == Value::Kind::kBool) return v.b;
  return *v.known;
}

// The operand as a tensor of `type`: numbers and folded scalars become constants of that type.
Expected<Instruction*> Operand(Lowering& L, Value& v, PrimitiveType type) {
  if (IsKnown(v) && !v.tensor) return L.b().Scalar(type, KnownValue(v));
  ASSIGN_OR_RETURN(Instruction * t, L.AsTensor(v));
  return L.b().Convert(t, type);
}

enum class BinOp { kAdd, kSub, kMul, kDiv, kFloorDiv, kTruncDiv, kRsub };

double Fold(BinOp op, double a, double b, PrimitiveType type) {
  switch (op) {
    case BinOp::kAdd:
      return a + b;
    case BinOp::kSub:
      return a - b;
    case BinOp::kRsub:
      return b - a;
    case BinOp::kMul:
      return a * b;
    case BinOp::kDiv:
      return a / b;
    case BinOp::kFloorDiv:
      return std::floor(a / b);
    case BinOp::kTruncDiv:
      return std::trunc(a / b);
  }
  return 0;
}

Status LowerArith(Lowering& L, const Node& n, BinOp op) {
  Value& a = L.In(n, 0);
  Value& b = L.In(n, 1);
  double alpha = 1;
  bool has_alpha =
      (op == BinOp::kAdd || op == BinOp::kSub || op == BinOp::kRsub) && n.inputs.size() > 2;
  if (has_alpha) {
    ASSIGN_OR_RETURN(alpha, L.Number(n, 2));
  }
  // aten::div with rounding_mode="floor"/"trunc".
  if (op == BinOp::kDiv && n.inputs.size() > 2 && !L.IsNone(n, 2)) {
    ASSIGN_OR_RETURN(std::string mode, L.String(n, 2));
    if (mode != "floor" && mode != "trunc")
      return L.Error(n, fmt::format("rounding_mode='{}' is not supported", mode));
    op = mode == "floor" ? BinOp::kFloorDiv : BinOp::kTruncDiv;
  }
  if (a.kind == Value::Kind::kInt && b.kind == Value::Kind::kInt && op != BinOp::kDiv) {
    L.Set(n, 0,
          Value::Int(static_cast<int64_t>(
              Fold(op, double(a.i), alpha * double(b.i), PrimitiveType::kS64))));
    return Status();
  }
  PrimitiveType type = ResultType({&a, &b});
  if (op == BinOp::kDiv && !IsFloating(type)) type = PrimitiveType::kF32;
  if (IsKnown(a) && IsKnown(b) && !a.tensor && !b.tensor) {
    L.Set(n, 0, Value::Known(Fold(op, KnownValue(a), alpha * KnownValue(b), type), type));
    return Status();
  }
  ASSIGN_OR_RETURN(Instruction * x, Operand(L, a, type));
  ASSIGN_OR_RETURN(Instruction * y, Operand(L, b, type));
  if (alpha != 1) {
    ASSIGN_OR_RETURN(y, L.b().Binary(Opcode::kMultiply, y, L.b().Scalar(type, alpha)));
  }
  if (op == BinOp::kRsub) std::swap(x, y);
  Opcode code = op == BinOp::kAdd                           ? Opcode::kAdd
                : op == BinOp::kMul                         ? Opcode::kMultiply
                : (op == BinOp::kSub || op == BinOp::kRsub) ? Opcode::kSubtract
                                                            : Opcode::kDivide;
  ASSIGN_OR_RETURN(Instruction * r, L.b().Binary(code, x, y));
  if (op == BinOp::kFloorDiv && IsFloating(type)) {
    ASSIGN_OR_RETURN(r, L.b().Unary(Opcode::kFloor, r));
  }
  if (op == BinOp::kTruncDiv && IsFloating(type)) {  // toward zero: ceil below 0, else floor
    ASSIGN_OR_RETURN(Instruction * down, L.b().Unary(Opcode::kFloor, r));
    ASSIGN_OR_RETURN(Instruction * up, L.b().Unary(Opcode::kCeil, r));
    ASSIGN_OR_RETURN(Instruction * negative,
                     L.b().Compare(r, L.b().Scalar(type, 0), ComparisonDirection::kLt));
    ASSIGN_OR_RETURN(r, L.b().Select(negative, up, down));
  }
  if (op == BinOp::kFloorDiv && !IsFloating(type)) {
    return L.Error(n, "integer floor division of tensors computed at run time is not supported");
  }
  L.SetTensor(n, 0, r);
  return Status();
}

// The float type an op computes a floating-point function in (integers become f32).
Expected<Instruction*> FloatInput(Lowering& L, const Node& n, size_t i) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, i));
  if (IsFloating(x->shape().type())) return x;
  return L.b().Convert(x, PrimitiveType::kF32);
}

Status LowerUnary(Lowering& L, const Node& n, Opcode op) {
  ASSIGN_OR_RETURN(Instruction * x, op == Opcode::kNegate || op == Opcode::kAbs
                                        ? L.Tensor(n, 0)
                                        : FloatInput(L, n, 0));
  ASSIGN_OR_RETURN(Instruction * r, L.b().Unary(op, x));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerPow(Lowering& L, const Node& n) {
  Value& base = L.In(n, 0);
  Value& e = L.In(n, 1);
  PrimitiveType type = ResultType({&base, &e});
  if (IsKnown(base) && IsKnown(e) && !base.tensor && !e.tensor) {  // shape arithmetic
    if (!IsFloating(type) && KnownValue(e) < 0) type = PrimitiveType::kF32;
    L.Set(n, 0, Value::Known(std::pow(KnownValue(base), KnownValue(e)), type));
    return Status();
  }
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(x, L.b().Convert(x, type));
  Builder& b = L.b();
  Instruction* r = nullptr;
  if (IsKnown(e) && !e.tensor) {
    // PyTorch's pow(tensor, scalar) special cases, so results match it bit for bit.
    double p = KnownValue(e);
    if (p == 2) {
      ASSIGN_OR_RETURN(r, b.Binary(Opcode::kMultiply, x, x));
    } else if (p == 3) {
      ASSIGN_OR_RETURN(r, b.Binary(Opcode::kMultiply, x, x));
      ASSIGN_OR_RETURN(r, b.Binary(Opcode::kMultiply, r, x));
    } else if (p == 0.5) {
      ASSIGN_OR_RETURN(r, b.Unary(Opcode::kSqrt, x));
    } else if (p == -0.5) {
      ASSIGN_OR_RETURN(r, b.Unary(Opcode::kRsqrt, x));
    } else {
      ASSIGN_OR_RETURN(r, b.Binary(Opcode::kPower, x, b.Scalar(type, p)));
    }
  } else {
    ASSIGN_OR_RETURN(Instruction * y, Operand(L, e, type));
    ASSIGN_OR_RETURN(r, b.Binary(Opcode::kPower, x, y));
  }
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerSilu(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, FloatInput(L, n, 0));
  ASSIGN_OR_RETURN(Instruction * s, L.b().Unary(Opcode::kLogistic, x));
  ASSIGN_OR_RETURN(Instruction * r, L.b().Binary(Opcode::kMultiply, x, s));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerRelu(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Instruction * r,
                   L.b().Binary(Opcode::kMaximum, x, L.b().Scalar(x->shape().type(), 0)));
  L.SetTensor(n, 0, r);
  return Status();
}

// min(max(x, lo), hi) with bounds of x's type.
Expected<Instruction*> Clamp(Builder& b, Instruction* x, double lo, double hi) {
  PrimitiveType t = x->shape().type();
  ASSIGN_OR_RETURN(Instruction * r, b.Binary(Opcode::kMaximum, x, b.Scalar(t, lo)));
  return b.Binary(Opcode::kMinimum, r, b.Scalar(t, hi));
}

// hardtanh(x, min, max), relu6(x); hardsigmoid(x) = clamp(x + 3, 0, 6) / 6 and hardswish(x) =
// x * clamp(x + 3, 0, 6) / 6, in the order PyTorch's CPU kernels compute them.
Status LowerHard(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  Builder& b = L.b();
  PrimitiveType t = x->shape().type();
  Instruction* r;
  if (n.kind == "aten::hardtanh" || n.kind == "aten::relu6") {
    double lo = 0, hi = 6;
    if (n.kind == "aten::hardtanh") {
      ASSIGN_OR_RETURN(lo, L.Number(n, 1));
      ASSIGN_OR_RETURN(hi, L.Number(n, 2));
    }
    ASSIGN_OR_RETURN(r, Clamp(b, x, lo, hi));
  } else {
    ASSIGN_OR_RETURN(x, FloatInput(L, n, 0));
    t = x->shape().type();
    ASSIGN_OR_RETURN(r, b.Binary(Opcode::kAdd, x, b.Scalar(t, 3)));
    ASSIGN_OR_RETURN(r, Clamp(b, r, 0, 6));
    if (n.kind == "aten::hardswish") {
      ASSIGN_OR_RETURN(r, b.Binary(Opcode::kMultiply, x, r));
    }
    ASSIGN_OR_RETURN(r, b.Binary(Opcode::kDivide, r, b.Scalar(t, 6)));
  }
  L.SetTensor(n, 0, r);
  return Status();
}

// leaky_relu(x, negative_slope): x where x > 0, else x * slope.
Status LowerLeakyRelu(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, FloatInput(L, n, 0));
  ASSIGN_OR_RETURN(double slope, L.Number(n, 1));
  Builder& b = L.b();
  PrimitiveType t = x->shape().type();
  ASSIGN_OR_RETURN(Instruction * scaled, b.Binary(Opcode::kMultiply, x, b.Scalar(t, slope)));
  ASSIGN_OR_RETURN(Instruction * pos, b.Compare(x, b.Scalar(t, 0), ComparisonDirection::kGt));
  ASSIGN_OR_RETURN(Instruction * r, b.Select(pos, x, scaled));
  L.SetTensor(n, 0, r);
  return Status();
}

// gelu(x, approximate): "none" is x/2 (1 + erf(x / sqrt 2)); "tanh" is GPT-2's approximation.
Status LowerGelu(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, FloatInput(L, n, 0));
  std::string approximate = "none";
  if (n.inputs.size() > 1) {
    ASSIGN_OR_RETURN(approximate, L.String(n, 1));
  }
  Builder& b = L.b();
  PrimitiveType t = x->shape().type();
  Instruction* inner;
  if (approximate == "none") {
    ASSIGN_OR_RETURN(inner, b.Binary(Opcode::kMultiply, x, b.Scalar(t, 1 / std::numbers::sqrt2)));
    ASSIGN_OR_RETURN(inner, b.Unary(Opcode::kErf, inner));
  } else if (approximate == "tanh") {
    ASSIGN_OR_RETURN(Instruction * cube, b.Binary(Opcode::kMultiply, x, x));
    ASSIGN_OR_RETURN(cube, b.Binary(Opcode::kMultiply, cube, x));
    ASSIGN_OR_RETURN(cube, b.Binary(Opcode::kMultiply, cube, b.Scalar(t, 0.044715)));
    ASSIGN_OR_RETURN(inner, b.Binary(Opcode::kAdd, x, cube));
    double k = std::numbers::sqrt2 * std::numbers::inv_sqrtpi;  // sqrt(2 / pi)
    ASSIGN_OR_RETURN(inner, b.Binary(Opcode::kMultiply, inner, b.Scalar(t, k)));
    ASSIGN_OR_RETURN(inner, b.Unary(Opcode::kTanh, inner));
  } else {
    return L.Error(n, fmt::format("approximate='{}' is not supported", approximate));
  }
  ASSIGN_OR_RETURN(inner, b.Binary(Opcode::kAdd, inner, b.Scalar(t, 1)));
  ASSIGN_OR_RETURN(Instruction * half, b.Binary(Opcode::kMultiply, x, b.Scalar(t, 0.5)));
  ASSIGN_OR_RETURN(Instruction * r, b.Binary(Opcode::kMultiply, half, inner));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerWhere(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * cond, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(cond, L.b().Convert(cond, PrimitiveType::kPred));
  PrimitiveType type = ResultType({&L.In(n, 1), &L.In(n, 2)});
  ASSIGN_OR_RETURN(Instruction * a, Operand(L, L.In(n, 1), type));
  ASSIGN_OR_RETURN(Instruction * c, Operand(L, L.In(n, 2), type));
  ASSIGN_OR_RETURN(Instruction * r, L.b().Select(cond, a, c));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerMaskedFill(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Instruction * mask, L.Tensor(n, 1));
  ASSIGN_OR_RETURN(mask, L.b().Convert(mask, PrimitiveType::kPred));
  ASSIGN_OR_RETURN(Instruction * fill, Operand(L, L.In(n, 2), x->shape().type()));
  ASSIGN_OR_RETURN(Instruction * r, L.b().Select(mask, fill, x));
  ASSIGN_OR_RETURN(r, L.b().BroadcastTo(r, x->shape().dims()));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerCompare(Lowering& L, const Node& n, ComparisonDirection dir) {
  PrimitiveType type = ResultType({&L.In(n, 0), &L.In(n, 1)});
  ASSIGN_OR_RETURN(Instruction * a, Operand(L, L.In(n, 0), type));
  ASSIGN_OR_RETURN(Instruction * c, Operand(L, L.In(n, 1), type));
  ASSIGN_OR_RETURN(Instruction * r, L.b().Compare(a, c, dir));
  L.SetTensor(n, 0, r);
  return Status();
}

// aten::to overloads: (self, dtype, ...), (self, device, dtype, ...), (self, other, ...),
// (self, dtype, layout, device, pin_memory, ...).
Status LowerTo(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  std::optional<PrimitiveType> type;
  const Value& second = L.In(n, 1);
  if (second.IsTensor()) {
    type = second.type();
  } else if (second.kind == Value::Kind::kString) {
    ASSIGN_OR_RETURN(type, L.DType(n, 2));
  } else {
    ASSIGN_OR_RETURN(type, L.DType(n, 1));
  }
  if (type) {
    ASSIGN_OR_RETURN(x, L.b().Convert(x, *type));
  }
  L.SetTensor(n, 0, x);
  return Status();
}

Status LowerTypeAs(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Instruction * other, L.Tensor(n, 1));
  ASSIGN_OR_RETURN(x, L.b().Convert(x, other->shape().type()));
  L.SetTensor(n, 0, x);
  return Status();
}

}  // namespace

void AddElementwiseHandlers(HandlerTable& t) {
  auto arith = [&t](const char* name, BinOp op) {
    t[name] = [op](Lowering& L, const Node& n) { return LowerArith(L, n, op); };
  };
  arith("aten::add", BinOp::kAdd);
  arith("aten::sub", BinOp::kSub);
  arith("aten::rsub", BinOp::kRsub);
  arith("aten::mul", BinOp::kMul);
  arith("aten::div", BinOp::kDiv);
  arith("aten::floor_divide", BinOp::kFloorDiv);
  auto unary = [&t](const char* name, Opcode op) {
    t[name] = [op](Lowering& L, const Node& n) { return LowerUnary(L, n, op); };
  };
  unary("aten::neg", Opcode::kNegate);
  unary("aten::abs", Opcode::kAbs);
  unary("aten::rsqrt", Opcode::kRsqrt);
  unary("aten::sqrt", Opcode::kSqrt);
  unary("aten::exp", Opcode::kExp);
  unary("aten::log", Opcode::kLog);
  unary("aten::tanh", Opcode::kTanh);
  unary("aten::sin", Opcode::kSine);
  unary("aten::cos", Opcode::kCosine);
  unary("aten::sigmoid", Opcode::kLogistic);
  unary("aten::erf", Opcode::kErf);
  t["aten::pow"] = LowerPow;
  t["aten::silu"] = LowerSilu;
  t["aten::relu"] = LowerRelu;
  t["aten::gelu"] = LowerGelu;
  for (const char* name : {"aten::hardtanh", "aten::relu6", "aten::hardsigmoid", "aten::hardswish"}) {
    t[name] = LowerHard;
  }
  t["aten::leaky_relu"] = LowerLeakyRelu;
  t["aten::where"] = LowerWhere;
  t["aten::masked_fill"] = LowerMaskedFill;
  t["aten::to"] = LowerTo;
  t["aten::type_as"] = LowerTypeAs;
  auto compare = [&t](const char* name, ComparisonDirection dir) {
    t[name] = [dir](Lowering& L, const Node& n) { return LowerCompare(L, n, dir); };
  };
  compare("aten::eq", ComparisonDirection::kEq);
  compare("aten::ne", ComparisonDirection::kNe);
  compare("aten::lt", ComparisonDirection::kLt);
  compare("aten::le", ComparisonDirection::kLe);
  compare("aten::gt", ComparisonDirection::kGt);
  compare("aten::ge", ComparisonDirection::kGe);
}

}  // namespace xpar::ts
