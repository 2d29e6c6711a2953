// Element-type helpers for typed kernels: the type arithmetic is done in (f32 for bf16/f16 and
// the 4/6/8-bit floats),
// widening/narrowing, and XLA's element conversion rules (saturating float -> int, NaN -> 0).
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "ir/literal.h"
#include "ir/primitive_type.h"

namespace xpar {

// bf16, f16 and the minifloats: stored narrow, computed in f32.
template <typename T>
inline constexpr bool kIsHalf = kIsNarrowFloat<T>;
// The narrow floats, float, double.
template <typename T>
inline constexpr bool kIsFloatLike = kIsHalf<T> || std::is_floating_point_v<T>;
// Integers other than bool.
template <typename T>
inline constexpr bool kIsInt = std::is_integral_v<T> && !std::is_same_v<T, bool>;

// Unsigned type wide enough that T's arithmetic does not promote to int (no signed overflow):
// integer add/multiply wrap by computing in WideU<T> and truncating back to T.
template <typename T>
using WideU = std::conditional_t<(sizeof(T) < 4), uint32_t, std::make_unsigned_t<T>>;

// The type arithmetic on T is carried out in: float for the narrow floats, T itself otherwise.
template <typename T>
using ComputeT = std::conditional_t<kIsNarrowFloat<T>, float, T>;

template <typename T>
inline ComputeT<T> Widen(T v) {
  if constexpr (kIsHalf<T>) {
    return static_cast<float>(v);
  } else {
    return v;
  }
}

// Stores a compute-type value as T (narrow floats: round to nearest even).
template <typename T, typename C>
inline T Narrow(C v) {
  if constexpr (kIsHalf<T>) {
    return T(static_cast<float>(v));
  } else {
    return static_cast<T>(v);
  }
}

// One element converted with XLA's `convert` semantics: to pred is `x != 0`; float to integer
// truncates toward zero, saturates at the integer range and maps NaN to 0; integer to integer
// wraps; to the narrow floats rounds to nearest even.
template <typename To, typename From>
inline To ConvertElement(From v) {
  if constexpr (std::is_same_v<To, From>) {
    return v;
  } else if constexpr (std::is_same_v<To, bool>) {
    return Widen(v) != 0;
  } else if constexpr (kIsFloatLike<To>) {
    if constexpr (std::is_same_v<From, bool>) {
      return Narrow<To>(v ? 1.0f : 0.0f);
    } else {
      return Narrow<To>(static_cast<ComputeT<To>>(Widen(v)));
    }
  } else if constexpr (kIsFloatLike<From>) {
    double d = static_cast<double>(Widen(v));
    if (std::isnan(d)) return 0;
    constexpr double kMin = static_cast<double>(std::numeric_limits<To>::min());
    constexpr double kMax = static_cast<double>(std::numeric_limits<To>::max());
    // kMax may round up (2^63, 2^64), so `>=` saturates exactly at the boundary.
    if (d <= kMin) return std::numeric_limits<To>::min();
    if (d >= kMax) return std::numeric_limits<To>::max();
    return static_cast<To>(d);
  } else {
    return static_cast<To>(v);
  }
}

// The elements of an array literal converted to A (e.g. float for a bf16 GEMM operand).
template <typename A>
std::vector<A> ToVector(const Literal& l) {
  std::vector<A> out(static_cast<size_t>(l.ElementCount()));
  VisitArrayType(l.type(), [&](auto tag) {
    using T = decltype(tag);
    auto in = l.data<T>();
    for (size_t i = 0; i < out.size(); ++i) out[i] = ConvertElement<A>(in[i]);
  });
  return out;
}

// Writes `values` (converted with ConvertElement) into an array literal of any element type.
template <typename A>
void FromVector(const std::vector<A>& values, Literal& out) {
  VisitArrayType(out.type(), [&](auto tag) {
    using T = decltype(tag);
    auto dst = out.data<T>();
    for (size_t i = 0; i < values.size() && i < dst.size(); ++i) {
      dst[i] = ConvertElement<T>(values[i]);
    }
  });
}

}  // namespace xpar
