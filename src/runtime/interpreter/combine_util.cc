// Reducer classification and element-wise combining (see combine_util.h).
#include "runtime/interpreter/combine_util.h"

#include <algorithm>
#include <type_traits>

namespace xpar {
namespace {

template <typename T>
T ApplyNative(FastCombine k, T a, T b) {
  if constexpr (std::is_same_v<T, bool>) {
    switch (k) {
      case FastCombine::kAdd: case FastCombine::kMax: case FastCombine::kOr: return a || b;
      case FastCombine::kMul: case FastCombine::kMin: case FastCombine::kAnd: return a && b;
      case FastCombine::kAssign: return b;
      case FastCombine::kNone: return a;
    }
  } else {
    switch (k) {
      case FastCombine::kAdd: return static_cast<T>(a + b);
      case FastCombine::kMul: return static_cast<T>(a * b);
      // Floating max/min propagate NaN, as XLA's maximum/minimum do.
      case FastCombine::kMax:
        if constexpr (std::is_floating_point_v<T>) {
          if (a != a || b != b) return a != a ? a : b;
        }
        return std::max(a, b);
      case FastCombine::kMin:
        if constexpr (std::is_floating_point_v<T>) {
          if (a != a || b != b) return a != a ? a : b;
        }
        return std::min(a, b);
      case FastCombine::kAnd:
        if constexpr (std::is_integral_v<T>) return static_cast<T>(a & b);
        return a;
      case FastCombine::kOr:
        if constexpr (std::is_integral_v<T>) return static_cast<T>(a | b);
        return a;
      case FastCombine::kAssign: return b;
      case FastCombine::kNone: return a;
    }
  }
  return a;
}

template <typename T>
void ApplyTyped(FastCombine k, Literal& acc, int64_t ai, const Literal& x, int64_t xi) {
  if constexpr (kIsNarrowFloat<T>) {
    float a = static_cast<float>(acc.data<T>()[ai]);
    float b = static_cast<float>(x.data<T>()[xi]);
    acc.data<T>()[ai] = T(ApplyNative<float>(k, a, b));
  } else {
    acc.data<T>()[ai] = ApplyNative<T>(k, acc.data<T>()[ai], x.data<T>()[xi]);
  }
}

// Whether the op is a bitwise and/or (only valid as a fast path for integers and pred).
bool Bitwise(FastCombine k) { return k == FastCombine::kAnd || k == FastCombine::kOr; }

}  // namespace

FastCombine ClassifyReducer(const Computation& reducer) {
  if (reducer.parameter_count() != 2 || !reducer.root()) return FastCombine::kNone;
  const Instruction* root = reducer.root();
  const Instruction* p0 = reducer.parameters()[0];
  const Instruction* p1 = reducer.parameters()[1];
  if (root == p1) return FastCombine::kAssign;
  if (root->operand_count() != 2) return FastCombine::kNone;
  const Instruction* a = root->operand(0);
  const Instruction* b = root->operand(1);
  if (!((a == p0 && b == p1) || (a == p1 && b == p0))) return FastCombine::kNone;
  switch (root->opcode()) {
    case Opcode::kAdd: return FastCombine::kAdd;
    case Opcode::kMaximum: return FastCombine::kMax;
    case Opcode::kMinimum: return FastCombine::kMin;
    case Opcode::kMultiply: return FastCombine::kMul;
    case Opcode::kAnd: return FastCombine::kAnd;
    case Opcode::kOr: return FastCombine::kOr;
    default: return FastCombine::kNone;  // any other reducer takes the general path
  }
}

ElementCombiner::ElementCombiner(const Computation& reducer, EvalContext& ctx,
                                 std::span<const PrimitiveType> types)
    : reducer_(reducer), ctx_(ctx) {
  if (types.size() == 1) {
    fast_ = ClassifyReducer(reducer);
    if (Bitwise(fast_) && IsFloating(types[0])) fast_ = FastCombine::kNone;
  }
  for (int pass = 0; pass < 2; ++pass) {
    for (PrimitiveType t : types) scalars_.emplace_back(Shape::Scalar(t));
  }
}

Status ElementCombiner::Combine(std::span<Literal* const> accs, int64_t ai,
                                std::span<const Literal* const> xs, int64_t xi) {
  if (fast_ != FastCombine::kNone) {
    VisitArrayType(accs[0]->type(), [&](auto t) {
      ApplyTyped<decltype(t)>(fast_, *accs[0], ai, *xs[0], xi);
    });
    return Status::Ok();
  }
  const size_t n = accs.size();
  std::vector<const Literal*> args(2 * n);
  for (size_t i = 0; i < n; ++i) {
    CopyElement(*accs[i], ai, scalars_[i], 0);
    CopyElement(*xs[i], xi, scalars_[n + i], 0);
  }
  for (size_t i = 0; i < 2 * n; ++i) args[i] = &scalars_[i];
  ASSIGN_OR_RETURN(Literal r, ctx_.Call(reducer_, args));
  std::vector<const Literal*> outs = Leaves(r);
  if (outs.size() != n) {
    return InvalidArgument("reducer %{} returns {} values, expected {}", reducer_.name(),
                           outs.size(), n);
  }
  for (size_t i = 0; i < n; ++i) {
    if (outs[i]->type() != accs[i]->type() || outs[i]->ElementCount() != 1) {
      return InvalidArgument("reducer %{} must return {} scalars", reducer_.name(),
                             PrimitiveTypeName(accs[i]->type()));
    }
    CopyElement(*outs[i], 0, *accs[i], ai);
  }
  return Status::Ok();
}

Status ElementCombiner::CombineArrays(Literal& acc, const Literal& x) {
  const int64_t n = acc.ElementCount();
  if (fast_ != FastCombine::kNone) {
    VisitArrayType(acc.type(), [&](auto t) {
      for (int64_t i = 0; i < n; ++i) ApplyTyped<decltype(t)>(fast_, acc, i, x, i);
    });
    return Status::Ok();
  }
  Literal* accs[] = {&acc};
  const Literal* xs[] = {&x};
  for (int64_t i = 0; i < n; ++i) RETURN_IF_ERROR(Combine(accs, i, xs, i));
  return Status::Ok();
}

std::vector<const Literal*> Leaves(const Literal& value) {
  std::vector<const Literal*> out;
  if (value.shape().IsTuple()) {
    for (const Literal& e : value.elements()) out.push_back(&e);
  } else {
    out.push_back(&value);
  }
  return out;
}

}  // namespace xpar
