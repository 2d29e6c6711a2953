// Unary and binary elementwise math as tight typed loops: the element type is dispatched once
// per op, and each op runs its own loop (bf16/f16 computed in f32 and rounded on store), split
// over the device's kernel threads for large arrays (each element is computed the same way).
#include <bit>
#include <cmath>

#include "runtime/interpreter/elementwise_internal.h"
#include "runtime/interpreter/elementwise_types.h"
#include "runtime/interpreter/reduce_util.h"
#include "runtime/interpreter/thread_pool.h"
#include "runtime/interpreter/vector_math.h"
#include "runtime/interpreter/xla_cpu_math.h"

namespace xpar {
namespace {

template <typename T, typename F>
void Loop1(std::span<const T> x, std::span<T> y, F f) {
  const T* xp = x.data();
  T* yp = y.data();
  const int64_t n = static_cast<int64_t>(y.size());
  if (n <= kElementwiseChunk) {  // one thread: no std::function per call (fused rows are short)
    for (int64_t i = 0; i < n; ++i) yp[i] = Narrow<T>(f(Widen(xp[i])));
    return;
  }
  ParallelFor(n, kElementwiseChunk, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) yp[i] = Narrow<T>(f(Widen(xp[i])));
  });
}

template <typename T, typename F>
void Loop2(std::span<const T> a, std::span<const T> b, std::span<T> y, F f) {
  const T* ap = a.data();
  const T* bp = b.data();
  T* yp = y.data();
  const int64_t n = static_cast<int64_t>(y.size());
  if (n <= kElementwiseChunk) {
    for (int64_t i = 0; i < n; ++i) yp[i] = Narrow<T>(f(Widen(ap[i]), Widen(bp[i])));
    return;
  }
  ParallelFor(n, kElementwiseChunk, [&](int64_t lo, int64_t hi) {
    for (int64_t i = lo; i < hi; ++i) yp[i] = Narrow<T>(f(Widen(ap[i]), Widen(bp[i])));
  });
}

// Loop1 for a vector kernel of whole ranges (vector_math.h).
void LoopVector(std::span<const float> x, std::span<float> y,
                bool (*f)(const float*, float*, int64_t)) {
  const float* xp = x.data();
  float* yp = y.data();
  const int64_t n = static_cast<int64_t>(y.size());
  if (n <= kElementwiseChunk) {
    f(xp, yp, n);
    return;
  }
  ParallelFor(n, kElementwiseChunk, [&](int64_t lo, int64_t hi) { f(xp + lo, yp + lo, hi - lo); });
}

// Loop2 for RowArithF32's ops (false for the others).
bool LoopArithF32(Opcode op, std::span<const float> a, std::span<const float> b,
                  std::span<float> y) {
  const int64_t n = static_cast<int64_t>(y.size());
  if (n <= kElementwiseChunk) return RowArithF32(op, a.data(), 1, b.data(), 1, y.data(), n);
  if (!RowArithF32(op, a.data(), 1, b.data(), 1, y.data(), 0)) return false;  // op check only
  ParallelFor(n, kElementwiseChunk, [&](int64_t lo, int64_t hi) {
    RowArithF32(op, a.data() + lo, 1, b.data() + lo, 1, y.data() + lo, hi - lo);
  });
  return true;
}

// The f16 ops XLA computes as a formula of f16 steps (xla_cpu_math.h); false for the others.
bool XlaF16Unary(Opcode op, std::span<const f16> x, std::span<f16> y) {
  switch (op) {
    case Opcode::kExpm1: Loop1(x, y, xla_f16::Expm1); return true;
    case Opcode::kLog1p: Loop1(x, y, xla_f16::Log1p); return true;
    case Opcode::kRsqrt: Loop1(x, y, xla_f16::Rsqrt); return true;
    case Opcode::kCbrt: Loop1(x, y, xla_f16::Cbrt); return true;
    default: return false;  // one f32 evaluation rounded to f16, as below
  }
}

// Returns false when the op does not apply to floats.
template <typename T>
bool FloatUnary(Opcode op, std::span<const T> x, std::span<T> y) {
  using C = ComputeT<T>;
  if constexpr (std::is_same_v<T, f16>) {
    if (XlaF16Unary(op, x, y)) return true;
  }
  if constexpr (std::is_same_v<T, float>) {
    if (op == Opcode::kExpm1) {
      Loop1(x, y, xla_f32::Expm1);  // XLA's formula (xla_cpu_math.h)
      return true;
    }
    // libmvec's tanhf and erff (vector_math.h), 25x the scalar ones: GELU in GPT-2 and BERT.
    if (op == Opcode::kTanh && VectorTanhF32(x.data(), y.data(), 0)) {
      LoopVector(x, y, VectorTanhF32);
      return true;
    }
    if (op == Opcode::kErf && VectorErfF32(x.data(), y.data(), 0)) {  // BERT's exact GELU
      LoopVector(x, y, VectorErfF32);
      return true;
    }
  }
  switch (op) {
    case Opcode::kAbs: Loop1(x, y, [](C v) { return std::fabs(v); }); return true;
    case Opcode::kCeil: Loop1(x, y, [](C v) { return std::ceil(v); }); return true;
    case Opcode::kFloor: Loop1(x, y, [](C v) { return std::floor(v); }); return true;
    case Opcode::kCosine: Loop1(x, y, [](C v) { return std::cos(v); }); return true;
    case Opcode::kSine: Loop1(x, y, [](C v) { return std::sin(v); }); return true;
    case Opcode::kTan: Loop1(x, y, [](C v) { return std::tan(v); }); return true;
    case Opcode::kTanh: Loop1(x, y, [](C v) { return std::tanh(v); }); return true;
    case Opcode::kExp: Loop1(x, y, [](C v) { return std::exp(v); }); return true;
    case Opcode::kExpm1: Loop1(x, y, [](C v) { return std::expm1(v); }); return true;
    case Opcode::kLog: Loop1(x, y, [](C v) { return std::log(v); }); return true;
    case Opcode::kLog1p: Loop1(x, y, [](C v) { return std::log1p(v); }); return true;
    case Opcode::kLogistic:
      Loop1(x, y, [](C v) { return C(1) / (C(1) + std::exp(-v)); });
      return true;
    case Opcode::kNegate: Loop1(x, y, [](C v) { return -v; }); return true;
    case Opcode::kRsqrt: Loop1(x, y, [](C v) { return C(1) / std::sqrt(v); }); return true;
    case Opcode::kSqrt: Loop1(x, y, [](C v) { return std::sqrt(v); }); return true;
    case Opcode::kCbrt: Loop1(x, y, [](C v) { return std::cbrt(v); }); return true;
    case Opcode::kErf: Loop1(x, y, [](C v) { return std::erf(v); }); return true;
    case Opcode::kRoundNearestAfz: Loop1(x, y, [](C v) { return std::round(v); }); return true;
    // nearbyint rounds half to even under the default rounding mode.
    case Opcode::kRoundNearestEven: Loop1(x, y, [](C v) { return std::nearbyint(v); }); return true;
    case Opcode::kSign:
      Loop1(x, y, [](C v) { return std::isnan(v) || v == 0 ? v : std::copysign(C(1), v); });
      return true;
    default: return false;  // not a float unary op
  }
}

template <typename T>
bool IntUnary(Opcode op, std::span<const T> x, std::span<T> y) {
  using W = WideU<T>;
  using U = std::make_unsigned_t<T>;
  switch (op) {
    case Opcode::kAbs:
      if constexpr (std::is_signed_v<T>) {
        Loop1(x, y, [](T v) { return v < 0 ? static_cast<T>(W(0) - W(v)) : v; });
      } else {
        Loop1(x, y, [](T v) { return v; });
      }
      return true;
    case Opcode::kNegate: Loop1(x, y, [](T v) { return static_cast<T>(W(0) - W(v)); }); return true;
    case Opcode::kSign:
      if constexpr (std::is_signed_v<T>) {
        Loop1(x, y, [](T v) { return static_cast<T>((v > 0) - (v < 0)); });
      } else {
        Loop1(x, y, [](T v) { return static_cast<T>(v != 0); });
      }
      return true;
    case Opcode::kNot: Loop1(x, y, [](T v) { return static_cast<T>(~v); }); return true;
    case Opcode::kPopulationCount:
      Loop1(x, y, [](T v) { return static_cast<T>(std::popcount(static_cast<U>(v))); });
      return true;
    case Opcode::kClz:
      Loop1(x, y, [](T v) { return static_cast<T>(std::countl_zero(static_cast<U>(v))); });
      return true;
    default: return false;  // not an integer unary op
  }
}

template <typename T>
Expected<Literal> UnaryTyped(const Instruction& inst, const Literal& x) {
  Literal out = Literal::Uninitialized(inst.shape());
  const Opcode op = inst.opcode();
  auto in = x.data<T>();
  if (op == Opcode::kIsFinite) {
    auto y = out.data<bool>();
    for (size_t i = 0; i < y.size(); ++i) {
      if constexpr (kIsFloatLike<T>) {
        y[i] = std::isfinite(Widen(in[i]));
      } else {
        y[i] = true;
      }
    }
    return out;
  }
  if (out.type() != x.type()) {
    return InvalidArgument("result type {} differs from operand type {}",
                           PrimitiveTypeName(out.type()), PrimitiveTypeName(x.type()));
  }
  bool ok;
  if constexpr (kIsFloatLike<T>) {
    ok = FloatUnary<T>(op, in, out.data<T>());
  } else if constexpr (std::is_same_v<T, bool>) {
    ok = op == Opcode::kNot;
    if (ok) Loop1<T>(in, out.data<T>(), [](bool v) { return !v; });
  } else {
    ok = IntUnary<T>(op, in, out.data<T>());
  }
  if (!ok) {
    return InvalidArgument("{} does not apply to {}", HloOpcodeName(op),
                           PrimitiveTypeName(x.type()));
  }
  return out;
}

template <typename T>
bool FloatBinary(Opcode op, std::span<const T> a, std::span<const T> b, std::span<T> y) {
  using C = ComputeT<T>;
  if constexpr (std::is_same_v<T, float>) {  // the common ops, AVX2 (same results)
    if (LoopArithF32(op, a, b, y)) return true;
  }
  switch (op) {
    case Opcode::kAdd: Loop2(a, b, y, [](C p, C q) { return p + q; }); return true;
    case Opcode::kSubtract: Loop2(a, b, y, [](C p, C q) { return p - q; }); return true;
    case Opcode::kMultiply: Loop2(a, b, y, [](C p, C q) { return p * q; }); return true;
    case Opcode::kDivide: Loop2(a, b, y, [](C p, C q) { return p / q; }); return true;
    case Opcode::kRemainder: Loop2(a, b, y, [](C p, C q) { return std::fmod(p, q); }); return true;
    // Lambdas, not function pointers: inlined, so the selects vectorise (a pointer was called
    // per element: a third of ResNet-50's ReLU time).
    case Opcode::kMaximum:
      Loop2(a, b, y, [](C p, C q) { return MaxPropagateNan(p, q); });
      return true;
    case Opcode::kMinimum:
      Loop2(a, b, y, [](C p, C q) { return MinPropagateNan(p, q); });
      return true;
    case Opcode::kPower: Loop2(a, b, y, [](C p, C q) { return std::pow(p, q); }); return true;
    case Opcode::kAtan2: Loop2(a, b, y, [](C p, C q) { return std::atan2(p, q); }); return true;
    default: return false;  // not a float binary op
  }
}

// XLA: 1^x = x^0 = 1; a negative exponent gives 0 (except base 1); otherwise wrapping products.
template <typename T>
T IntPower(T base, T exp) {
  if (base == 1 || exp == 0) return 1;
  if constexpr (std::is_signed_v<T>) {
    if (exp < 0) return 0;
  }
  WideU<T> result = 1, b = static_cast<WideU<T>>(base);
  for (auto e = static_cast<std::make_unsigned_t<T>>(exp); e != 0; e >>= 1) {
    if (e & 1) result *= b;
    b *= b;
  }
  return static_cast<T>(result);
}

// XLA's integer division: x/0 = -1 (all ones), INT_MIN/-1 = INT_MIN; x%0 = x, INT_MIN%-1 = 0.
template <typename T>
T IntDivide(T p, T q) {
  if (q == 0) return static_cast<T>(-1);
  if constexpr (std::is_signed_v<T>) {
    if (p == std::numeric_limits<T>::min() && q == -1) return p;
  }
  return static_cast<T>(p / q);
}
template <typename T>
T IntRemainder(T p, T q) {
  if (q == 0) return p;
  if constexpr (std::is_signed_v<T>) {
    if (p == std::numeric_limits<T>::min() && q == -1) return 0;
  }
  return static_cast<T>(p % q);
}

template <typename T>
bool IntShift(Opcode op, std::span<const T> a, std::span<const T> b, std::span<T> y) {
  using U = std::make_unsigned_t<T>;
  using S = std::make_signed_t<T>;
  constexpr U kBits = sizeof(T) * 8;
  switch (op) {
    case Opcode::kShiftLeft:
      Loop2(a, b, y, [](T p, T q) {
        return static_cast<U>(q) >= kBits ? T(0) : static_cast<T>(WideU<T>(U(p)) << U(q));
      });
      return true;
    case Opcode::kShiftRightLogical:
      Loop2(a, b, y, [](T p, T q) {
        return static_cast<U>(q) >= kBits ? T(0) : static_cast<T>(U(p) >> U(q));
      });
      return true;
    case Opcode::kShiftRightArithmetic:
      Loop2(a, b, y, [](T p, T q) {
        S sp = static_cast<S>(p);
        if (static_cast<U>(q) >= kBits) return static_cast<T>(sp < 0 ? S(-1) : S(0));
        return static_cast<T>(static_cast<S>(sp >> U(q)));
      });
      return true;
    default: return false;  // not a shift
  }
}

template <typename T>
bool IntBinary(Opcode op, std::span<const T> a, std::span<const T> b, std::span<T> y) {
  using W = WideU<T>;
  switch (op) {
    case Opcode::kAdd: Loop2(a, b, y, [](T p, T q) { return static_cast<T>(W(p) + W(q)); }); break;
    case Opcode::kSubtract:
      Loop2(a, b, y, [](T p, T q) { return static_cast<T>(W(p) - W(q)); });
      break;
    case Opcode::kMultiply:
      Loop2(a, b, y, [](T p, T q) { return static_cast<T>(W(p) * W(q)); });
      break;
    case Opcode::kDivide: Loop2(a, b, y, IntDivide<T>); break;
    case Opcode::kRemainder: Loop2(a, b, y, IntRemainder<T>); break;
    case Opcode::kMaximum: Loop2(a, b, y, [](T p, T q) { return p > q ? p : q; }); break;
    case Opcode::kMinimum: Loop2(a, b, y, [](T p, T q) { return p < q ? p : q; }); break;
    case Opcode::kPower: Loop2(a, b, y, IntPower<T>); break;
    case Opcode::kAnd: Loop2(a, b, y, [](T p, T q) { return static_cast<T>(p & q); }); break;
    case Opcode::kOr: Loop2(a, b, y, [](T p, T q) { return static_cast<T>(p | q); }); break;
    case Opcode::kXor: Loop2(a, b, y, [](T p, T q) { return static_cast<T>(p ^ q); }); break;
    default: return IntShift<T>(op, a, b, y);
  }
  return true;
}

bool PredBinary(Opcode op, std::span<const bool> a, std::span<const bool> b, std::span<bool> y) {
  switch (op) {
    case Opcode::kAnd:
    case Opcode::kMinimum:
    case Opcode::kMultiply: Loop2(a, b, y, [](bool p, bool q) { return p && q; }); return true;
    case Opcode::kOr:
    case Opcode::kMaximum:
    case Opcode::kAdd: Loop2(a, b, y, [](bool p, bool q) { return p || q; }); return true;
    case Opcode::kXor: Loop2(a, b, y, [](bool p, bool q) { return p != q; }); return true;
    default: return false;  // not a pred binary op
  }
}

}  // namespace

bool IsFusibleFloatOp(Opcode op) {
  switch (op) {
    case Opcode::kAbs: case Opcode::kCeil: case Opcode::kFloor: case Opcode::kCosine:
    case Opcode::kSine: case Opcode::kTan: case Opcode::kTanh: case Opcode::kExp:
    case Opcode::kExpm1: case Opcode::kLog: case Opcode::kLog1p: case Opcode::kLogistic:
    case Opcode::kNegate: case Opcode::kRsqrt: case Opcode::kSqrt: case Opcode::kCbrt:
    case Opcode::kErf: case Opcode::kRoundNearestAfz: case Opcode::kRoundNearestEven:
    case Opcode::kSign: case Opcode::kAdd: case Opcode::kSubtract: case Opcode::kMultiply:
    case Opcode::kDivide: case Opcode::kRemainder: case Opcode::kMaximum: case Opcode::kMinimum:
    case Opcode::kPower: case Opcode::kAtan2:
      return true;
    default: return false;  // every other op runs unfused
  }
}

bool FloatElementwiseBlock(Opcode op, PrimitiveType t, const void* a, const void* b, void* y,
                           int64_t n) {
  bool ok = false;
  VisitArrayType(t, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloatLike<T>) {
      std::span<const T> x(static_cast<const T*>(a), static_cast<size_t>(n));
      std::span<T> out(static_cast<T*>(y), static_cast<size_t>(n));
      if (b == nullptr) {
        ok = FloatUnary<T>(op, x, out);
      } else {
        ok = FloatBinary<T>(op, x, std::span<const T>(static_cast<const T*>(b), n), out);
      }
    }
  });
  return ok;
}

Expected<Literal> EvalUnaryOp(const Instruction& inst, const Literal& x) {
  Expected<Literal> result = Internal("unreachable");
  VisitArrayType(x.type(), [&](auto tag) { result = UnaryTyped<decltype(tag)>(inst, x); });
  return result;
}

Expected<Literal> EvalBinaryOp(const Instruction& inst, const Literal& a, const Literal& b) {
  if (a.type() != b.type() || a.shape().dims() != b.shape().dims() ||
      inst.shape().type() != a.type() || a.ElementCount() != inst.shape().ElementCount()) {
    return InvalidArgument("operands {} and {} do not match result {}", a.shape().ToString(false),
                           b.shape().ToString(false), inst.shape().ToString(false));
  }
  Literal out = Literal::Uninitialized(inst.shape());
  bool ok = false;
  VisitArrayType(a.type(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloatLike<T>) {
      ok = FloatBinary<T>(inst.opcode(), a.data<T>(), b.data<T>(), out.data<T>());
    } else if constexpr (std::is_same_v<T, bool>) {
      ok = PredBinary(inst.opcode(), a.data<T>(), b.data<T>(), out.data<T>());
    } else {
      ok = IntBinary<T>(inst.opcode(), a.data<T>(), b.data<T>(), out.data<T>());
    }
  });
  if (!ok) {
    return InvalidArgument("{} does not apply to {}", HloOpcodeName(inst.opcode()),
                           PrimitiveTypeName(a.type()));
  }
  return out;
}

}  // namespace xpar
