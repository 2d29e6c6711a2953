// compare (all directions and comparison types, TOTALORDER included), convert between every pair
// of element types, bitcast-convert and reduce-precision.
#include <cstring>

#include "runtime/interpreter/elementwise_internal.h"
#include "runtime/interpreter/elementwise_types.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

template <typename GetA, typename GetB>
void CompareLoop(ComparisonDirection dir, std::span<bool> y, GetA a, GetB b) {
  const size_t n = y.size();
  switch (dir) {
    case ComparisonDirection::kEq:
      for (size_t i = 0; i < n; ++i) y[i] = a(i) == b(i);
      break;
    case ComparisonDirection::kNe:
      for (size_t i = 0; i < n; ++i) y[i] = a(i) != b(i);
      break;
    case ComparisonDirection::kLt:
      for (size_t i = 0; i < n; ++i) y[i] = a(i) < b(i);
      break;
    case ComparisonDirection::kLe:
      for (size_t i = 0; i < n; ++i) y[i] = a(i) <= b(i);
      break;
    case ComparisonDirection::kGt:
      for (size_t i = 0; i < n; ++i) y[i] = a(i) > b(i);
      break;
    case ComparisonDirection::kGe:
      for (size_t i = 0; i < n; ++i) y[i] = a(i) >= b(i);
      break;
  }
}

// Same-width signed integer holding the bits of T.
template <typename T>
using SignedBitsOf =
    std::conditional_t<sizeof(T) == 1, int8_t,
                       std::conditional_t<sizeof(T) == 2, int16_t,
                                          std::conditional_t<sizeof(T) == 4, int32_t, int64_t>>>;

// TOTALORDER key: the float's bits as a signed integer, with the magnitude bits of negative
// values flipped, so -NaN < -inf < ... < -0 < +0 < ... < inf < NaN compare as integers.
template <typename T>
SignedBitsOf<T> TotalOrderKey(T v) {
  using S = SignedBitsOf<T>;
  S s;
  std::memcpy(&s, &v, sizeof(T));
  return s < 0 ? static_cast<S>(s ^ std::numeric_limits<S>::max()) : s;
}

template <typename T>
Status CompareTyped(ComparisonDirection dir, ComparisonType type, std::span<const T> a,
                    std::span<const T> b, std::span<bool> y) {
  if (type == ComparisonType::kDefault) {
    type = kIsFloatLike<T>                                   ? ComparisonType::kFloat
           : std::is_signed_v<T> && !std::is_same_v<T, bool> ? ComparisonType::kSigned
                                                             : ComparisonType::kUnsigned;
  }
  switch (type) {
    case ComparisonType::kDefault:
    case ComparisonType::kFloat:
      if constexpr (!kIsFloatLike<T>) return InvalidArgument("FLOAT comparison of integers");
      CompareLoop(
          dir, y, [&](size_t i) { return Widen(a[i]); }, [&](size_t i) { return Widen(b[i]); });
      return Status::Ok();
    case ComparisonType::kTotalOrder:
      if constexpr (!kIsFloatLike<T>) return InvalidArgument("TOTALORDER comparison of integers");
      CompareLoop(
          dir, y, [&](size_t i) { return TotalOrderKey(a[i]); },
          [&](size_t i) { return TotalOrderKey(b[i]); });
      return Status::Ok();
    case ComparisonType::kSigned:
    case ComparisonType::kUnsigned:
      if constexpr (kIsFloatLike<T>) {
        return InvalidArgument("SIGNED/UNSIGNED comparison of floating-point values");
      } else {
        // The comparison type reinterprets the bits (e.g. UNSIGNED on s32).
        using S = SignedBitsOf<T>;
        using U = std::make_unsigned_t<S>;
        if (type == ComparisonType::kSigned) {
          CompareLoop(
              dir, y, [&](size_t i) { return static_cast<S>(a[i]); },
              [&](size_t i) { return static_cast<S>(b[i]); });
        } else {
          CompareLoop(
              dir, y, [&](size_t i) { return static_cast<U>(a[i]); },
              [&](size_t i) { return static_cast<U>(b[i]); });
        }
        return Status::Ok();
      }
  }
  return Internal("bad comparison type");
}

// XLA's ReducePrecision on the bits of an f32 (Uint = uint32_t) or f64 (uint64_t).
template <typename Fp, typename Uint>
Fp ReducePrecision(Fp input, int exponent_bits, int mantissa_bits) {
  constexpr int kSrcMantissa = std::numeric_limits<Fp>::digits - 1;
  constexpr int kSrcExponent = static_cast<int>(sizeof(Fp)) * 8 - kSrcMantissa - 1;
  Uint bits;
  std::memcpy(&bits, &input, sizeof(Fp));
  if (mantissa_bits < kSrcMantissa) {
    const Uint last_mantissa_bit = Uint{1} << (kSrcMantissa - mantissa_bits);
    const Uint base_bias = (last_mantissa_bit >> 1) - 1;
    const Uint x_last_bit = (bits & last_mantissa_bit) >> (kSrcMantissa - mantissa_bits);
    bits = (bits + x_last_bit + base_bias) & ~(last_mantissa_bit - 1);
  }
  if (exponent_bits < kSrcExponent) {
    const Uint sign_mask = Uint{1} << (sizeof(Fp) * 8 - 1);
    const Uint exp_mask = ((Uint{1} << kSrcExponent) - 1) << kSrcMantissa;
    const Uint bias = (Uint{1} << (kSrcExponent - 1)) - 1;
    const Uint reduced_bias = (Uint{1} << (exponent_bits - 1)) - 1;
    const Uint max_exp = bias + reduced_bias;
    const Uint min_exp = bias - reduced_bias;
    const Uint x_exp = bits & exp_mask;
    const Uint signed_zero = bits & sign_mask;
    if (x_exp > (max_exp << kSrcMantissa)) {
      bits = signed_zero | exp_mask;
    } else if (x_exp <= (min_exp << kSrcMantissa)) {
      bits = signed_zero;
    }
  }
  Fp out;
  std::memcpy(&out, &bits, sizeof(Fp));
  if (std::isnan(input)) out = mantissa_bits > 0 ? input : std::numeric_limits<Fp>::infinity();
  return out;
}

}  // namespace

Expected<Literal> EvalCompareOp(const Instruction& inst, const Literal& a, const Literal& b) {
  if (a.type() != b.type() || a.shape().dims() != b.shape().dims() ||
      inst.shape().type() != PrimitiveType::kPred ||
      inst.shape().ElementCount() != a.ElementCount()) {
    return InvalidArgument("compare of {} and {} cannot give {}", a.shape().ToString(false),
                           b.shape().ToString(false), inst.shape().ToString(false));
  }
  Literal out = Literal::Uninitialized(inst.shape());
  Status status = Status::Ok();
  VisitArrayType(a.type(), [&](auto tag) {
    using T = decltype(tag);
    status = CompareTyped<T>(inst.attrs().comparison_direction, inst.attrs().comparison_type,
                             a.data<T>(), b.data<T>(), out.data<bool>());
  });
  RETURN_IF_ERROR(status);
  return out;
}

Expected<Literal> EvalConvertOp(const Instruction& inst, const Literal& x) {
  if (!inst.shape().IsArray() || inst.shape().ElementCount() != x.ElementCount()) {
    return InvalidArgument("convert of {} cannot give {}", x.shape().ToString(false),
                           inst.shape().ToString(false));
  }
  Literal out = Literal::Uninitialized(inst.shape());
  VisitArrayType(x.type(), [&](auto from_tag) {
    using From = decltype(from_tag);
    VisitArrayType(out.type(), [&](auto to_tag) {
      using To = decltype(to_tag);
      const From* in = x.data<From>().data();
      To* y = out.data<To>().data();
      ParallelFor(out.ElementCount(), kElementwiseChunk, [&](int64_t lo, int64_t hi) {
        for (int64_t i = lo; i < hi; ++i) y[i] = ConvertElement<To>(in[i]);
      });
    });
  });
  return out;
}

bool CompareBlock(const Instruction& inst, PrimitiveType t, const void* a, const void* b,
                  bool* y, int64_t n) {
  bool ok = false;
  VisitArrayType(t, [&](auto tag) {
    using T = decltype(tag);
    const auto len = static_cast<size_t>(n);
    ok = CompareTyped<T>(inst.attrs().comparison_direction, inst.attrs().comparison_type,
                         std::span<const T>(static_cast<const T*>(a), len),
                         std::span<const T>(static_cast<const T*>(b), len),
                         std::span<bool>(y, len))
             .ok();
  });
  return ok;
}

bool IsFusibleFloatType(PrimitiveType t) {
  return t == PrimitiveType::kF32 || t == PrimitiveType::kBF16 || t == PrimitiveType::kF16 ||
         t == PrimitiveType::kF64;
}

bool ConvertFloatBlock(PrimitiveType from, PrimitiveType to, const void* x, void* y, int64_t n) {
  if (!IsFusibleFloatType(from) || !IsFusibleFloatType(to)) return false;
  VisitArrayType(from, [&](auto from_tag) {
    using From = decltype(from_tag);
    VisitArrayType(to, [&](auto to_tag) {
      using To = decltype(to_tag);
      const From* in = static_cast<const From*>(x);
      To* out = static_cast<To*>(y);
      for (int64_t i = 0; i < n; ++i) out[i] = ConvertElement<To>(in[i]);
    });
  });
  return true;
}

// Between pred and a wider type, pred is one bit: bool j of a group is bit j (least significant
// first) of the little-endian bytes of the wide element.
Expected<Literal> BitcastConvertBits(const Instruction& inst, const Literal& x) {
  const bool to_bits = inst.shape().type() == PrimitiveType::kPred;
  const int64_t bools = to_bits ? inst.shape().ElementCount() : x.shape().ElementCount();
  const int64_t bytes = to_bits ? x.size_bytes() : inst.shape().ByteSize();
  if (bools != bytes * 8) {
    return InvalidArgument("bitcast-convert of {} cannot give {} (bit counts differ)",
                           x.shape().ToString(false), inst.shape().ToString(false));
  }
  Literal out(inst.shape());
  for (int64_t j = 0; j < bools; ++j) {
    if (to_bits) {
      out.raw()[j] = (x.raw()[j / 8] >> (j % 8)) & 1;
    } else if (x.raw()[j] != 0) {
      out.raw()[j / 8] = static_cast<uint8_t>(out.raw()[j / 8] | (1u << (j % 8)));
    }
  }
  return out;
}

// Equal widths reinterpret each element. Different widths: the narrower side has one more
// (trailing) dimension of size wide/narrow, and the bytes are reinterpreted in row-major order.
Expected<Literal> EvalBitcastConvertOp(const Instruction& inst, const Literal& x) {
  if (inst.shape().IsArray() &&
      (inst.shape().type() == PrimitiveType::kPred) != (x.type() == PrimitiveType::kPred)) {
    return BitcastConvertBits(inst, x);
  }
  if (!inst.shape().IsArray() || !x.shape().IsArray() ||
      inst.shape().ByteSize() != x.shape().ByteSize()) {
    return InvalidArgument("bitcast-convert of {} cannot give {} (sizes differ)",
                           x.shape().ToString(false), inst.shape().ToString(false));
  }
  return x.Relabeled(inst.shape());  // the same bytes: shared, not copied
}

Expected<Literal> EvalReducePrecisionOp(const Instruction& inst, const Literal& x) {
  const int e = static_cast<int>(inst.attrs().exponent_bits);
  const int m = static_cast<int>(inst.attrs().mantissa_bits);
  if (e < 1 || m < 0) {
    return InvalidArgument("reduce-precision needs exponent_bits >= 1 and mantissa_bits >= 0");
  }
  if (!IsFloating(x.type()) || !x.shape().Compatible(inst.shape())) {
    return InvalidArgument(
        "reduce-precision applies to floating-point arrays of its result "
        "shape, got {}",
        x.shape().ToString(false));
  }
  Literal out = Literal::Uninitialized(inst.shape());
  VisitArrayType(x.type(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloatLike<T>) {
      auto in = x.data<T>();
      auto y = out.data<T>();
      for (size_t i = 0; i < y.size(); ++i) {
        if constexpr (std::is_same_v<T, double>) {
          y[i] = ReducePrecision<double, uint64_t>(in[i], e, m);
        } else {
          y[i] = Narrow<T>(ReducePrecision<float, uint32_t>(Widen(in[i]), e, m));
        }
      }
    }
  });
  return out;
}

}  // namespace xpar
