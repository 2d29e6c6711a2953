// The 4/6/8-bit float formats (fp8, f6, f4 of MLIR and ml_dtypes) as one template parameterised
// by the format: stored one per byte, decoded exactly to f32, encoded from f32 rounding to nearest
// even with ml_dtypes' (non-saturating) rules for overflow, NaN, and the formats without -0 or 0.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>

namespace xpar {

// How a format spells NaN and infinity.
enum class MinifloatNan : uint8_t {
  kIeee,          // exponent all ones: mantissa 0 is +-inf, anything else NaN (f8E5M2, f8E4M3)
  kAllOnes,       // NaN only when exponent and mantissa are all ones (f8E4M3FN, f8E8M0FNU); no inf
  kNegativeZero,  // NaN is the pattern of -0, so there is no -0 (FNUZ formats); no inf
  kNone,          // finite only (f4E2M1FN, f6E2M3FN, f6E3M2FN): no NaN, no inf
};

struct MinifloatFormat {
  int exponent_bits;
  int mantissa_bits;
  int bias;
  MinifloatNan nan;
  bool is_signed = true;       // f8E8M0FNU has no sign bit
  bool has_subnormals = true;  // f8E8M0FNU: exponent field 0 is 2^-bias, there is no zero

  constexpr int Width() const { return exponent_bits + mantissa_bits + (is_signed ? 1 : 0); }
  constexpr uint32_t SignBit() const {
    return is_signed ? 1u << (exponent_bits + mantissa_bits) : 0u;
  }
  constexpr uint32_t MantissaMask() const { return (1u << mantissa_bits) - 1; }
  constexpr uint32_t ExponentMax() const { return (1u << exponent_bits) - 1; }
  // Exponent and mantissa all ones, i.e. the largest magnitude pattern.
  constexpr uint32_t AllOnes() const { return (ExponentMax() << mantissa_bits) | MantissaMask(); }
  constexpr uint32_t MaxFiniteBits() const {
    switch (nan) {
      case MinifloatNan::kIeee: return ((ExponentMax() - 1) << mantissa_bits) | MantissaMask();
      case MinifloatNan::kAllOnes: return AllOnes() - 1;
      case MinifloatNan::kNegativeZero:
      case MinifloatNan::kNone: return AllOnes();
    }
    return 0;
  }
};

// Bias 2^(e-1)-1 unless the name says otherwise (B11: 11; FNUZ: one larger).
inline constexpr MinifloatFormat kF4E2M1FN{2, 1, 1, MinifloatNan::kNone};
inline constexpr MinifloatFormat kF6E2M3FN{2, 3, 1, MinifloatNan::kNone};
inline constexpr MinifloatFormat kF6E3M2FN{3, 2, 3, MinifloatNan::kNone};
inline constexpr MinifloatFormat kF8E3M4{3, 4, 3, MinifloatNan::kIeee};
inline constexpr MinifloatFormat kF8E4M3{4, 3, 7, MinifloatNan::kIeee};
inline constexpr MinifloatFormat kF8E4M3FN{4, 3, 7, MinifloatNan::kAllOnes};
inline constexpr MinifloatFormat kF8E4M3FNUZ{4, 3, 8, MinifloatNan::kNegativeZero};
inline constexpr MinifloatFormat kF8E4M3B11FNUZ{4, 3, 11, MinifloatNan::kNegativeZero};
inline constexpr MinifloatFormat kF8E5M2{5, 2, 15, MinifloatNan::kIeee};
inline constexpr MinifloatFormat kF8E5M2FNUZ{5, 2, 16, MinifloatNan::kNegativeZero};
inline constexpr MinifloatFormat kF8E8M0FNU{8, 0, 127, MinifloatNan::kAllOnes, false, false};

namespace minifloat_internal {

// The value of bit pattern `b` (bits above the format's width are ignored). Exact: every value
// of these formats is an f32.
template <MinifloatFormat F>
constexpr float DecodeBits(uint32_t b) {
  const uint32_t mant = b & F.MantissaMask();
  const uint32_t exp = (b >> F.mantissa_bits) & F.ExponentMax();
  const bool neg = (b & F.SignBit()) != 0;
  constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
  constexpr float kInf = std::numeric_limits<float>::infinity();
  switch (F.nan) {
    case MinifloatNan::kIeee:
      if (exp == F.ExponentMax()) return mant != 0 ? kNan : (neg ? -kInf : kInf);
      break;
    case MinifloatNan::kAllOnes:
      if (exp == F.ExponentMax() && mant == F.MantissaMask()) return neg ? -kNan : kNan;
      break;
    case MinifloatNan::kNegativeZero:
      if (neg && exp == 0 && mant == 0) return kNan;
      break;
    case MinifloatNan::kNone: break;
  }
  // value = significand * 2^(exponent - bias - mantissa_bits), computed exactly in double.
  const bool subnormal = exp == 0 && F.has_subnormals;
  const double significand = static_cast<double>(subnormal ? mant : mant | (1u << F.mantissa_bits));
  int scale = (subnormal ? 1 : static_cast<int>(exp)) - F.bias - F.mantissa_bits;
  double v = significand;
  for (; scale > 0; --scale) v *= 2.0;
  for (; scale < 0; ++scale) v *= 0.5;
  return static_cast<float>(neg ? -v : v);
}

template <MinifloatFormat F>
constexpr std::array<float, (1u << F.Width())> MakeDecodeTable() {
  std::array<float, (1u << F.Width())> t{};
  for (uint32_t b = 0; b < t.size(); ++b) t[b] = DecodeBits<F>(b);
  return t;
}

template <MinifloatFormat F>
inline constexpr auto kDecodeTable = MakeDecodeTable<F>();

// The NaN a (signed) NaN input becomes. Finite-only formats follow ml_dtypes, which maps NaN to
// the zero of the opposite sign (the OCP MX spec leaves this implementation-defined).
template <MinifloatFormat F>
constexpr uint8_t NanBits(bool neg) {
  const uint32_t sign = neg ? F.SignBit() : 0u;
  switch (F.nan) {
    case MinifloatNan::kIeee:
      return static_cast<uint8_t>(sign | (F.ExponentMax() << F.mantissa_bits) |
                                  ((1u << F.mantissa_bits) >> 1));  // quiet bit
    case MinifloatNan::kAllOnes: return static_cast<uint8_t>(sign | F.AllOnes());
    case MinifloatNan::kNegativeZero: return static_cast<uint8_t>(F.SignBit());
    case MinifloatNan::kNone: return static_cast<uint8_t>(neg ? 0u : F.SignBit());
  }
  return 0;
}

// What a value beyond the largest finite one becomes: inf where the format has it, NaN where it
// has NaN (as ml_dtypes' default, non-saturating cast), the largest finite value otherwise.
template <MinifloatFormat F>
constexpr uint8_t OverflowBits(bool neg) {
  const uint32_t sign = neg ? F.SignBit() : 0u;
  switch (F.nan) {
    case MinifloatNan::kIeee:
      return static_cast<uint8_t>(sign | (F.ExponentMax() << F.mantissa_bits));
    case MinifloatNan::kAllOnes:
    case MinifloatNan::kNegativeZero: return NanBits<F>(neg);
    case MinifloatNan::kNone: return static_cast<uint8_t>(sign | F.MaxFiniteBits());
  }
  return 0;
}

// Rounds `f` to the nearest value of the format (ties to even).
template <MinifloatFormat F>
inline uint8_t EncodeFloat(float f) {
  const bool neg = std::signbit(f);
  if (std::isnan(f)) return NanBits<F>(neg);
  // Unsigned, zero-less E8M0: zero and negative numbers have no value nearby; ml_dtypes gives NaN.
  if (!F.is_signed && (neg || f == 0.0f)) return NanBits<F>(false);
  if (std::isinf(f)) return OverflowBits<F>(neg);
  const uint32_t sign = neg ? F.SignBit() : 0u;
  const double a = std::fabs(static_cast<double>(f));
  if (a == 0.0) return static_cast<uint8_t>(F.nan == MinifloatNan::kNegativeZero ? 0u : sign);
  int e = std::ilogb(a);  // a in [2^e, 2^(e+1))
  const int min_exp = (F.has_subnormals ? 1 : 0) - F.bias;
  if (e < min_exp) e = min_exp;
  // Significand in units of the quantum 2^(e - mantissa_bits); exact in double, then rounded.
  double n = std::nearbyint(std::ldexp(a, F.mantissa_bits - e));
  const double implicit_one = static_cast<double>(1u << F.mantissa_bits);
  uint32_t code;
  if (n >= 2 * implicit_one) {
    code = static_cast<uint32_t>(e + 1 + F.bias) << F.mantissa_bits;  // rounded up a binade
  } else if (n >= implicit_one || !F.has_subnormals) {
    // Normal (E8M0 below its smallest value is that smallest value: it has no zero).
    uint32_t m = n >= implicit_one ? static_cast<uint32_t>(n) - (1u << F.mantissa_bits) : 0u;
    code = (static_cast<uint32_t>(e + F.bias) << F.mantissa_bits) | m;
  } else {
    code = static_cast<uint32_t>(n);  // subnormal or zero
  }
  if (code > F.MaxFiniteBits()) return OverflowBits<F>(neg);
  if (code == 0 && F.nan == MinifloatNan::kNegativeZero) return 0;  // no -0
  return static_cast<uint8_t>(sign | code);
}

}  // namespace minifloat_internal

template <MinifloatFormat F>
struct Minifloat {
  static constexpr MinifloatFormat kFormat = F;
  uint8_t bits = 0;
  Minifloat() = default;
  explicit Minifloat(float f) : bits(minifloat_internal::EncodeFloat<F>(f)) {}
  explicit operator float() const {
    return minifloat_internal::kDecodeTable<F>[bits & ((1u << F.Width()) - 1)];
  }
  static Minifloat FromBits(uint8_t b) {
    Minifloat m;
    m.bits = b;
    return m;
  }
};

using f4e2m1fn = Minifloat<kF4E2M1FN>;
using f6e2m3fn = Minifloat<kF6E2M3FN>;
using f6e3m2fn = Minifloat<kF6E3M2FN>;
using f8e3m4 = Minifloat<kF8E3M4>;
using f8e4m3 = Minifloat<kF8E4M3>;
using f8e4m3fn = Minifloat<kF8E4M3FN>;
using f8e4m3fnuz = Minifloat<kF8E4M3FNUZ>;
using f8e4m3b11fnuz = Minifloat<kF8E4M3B11FNUZ>;
using f8e5m2 = Minifloat<kF8E5M2>;
using f8e5m2fnuz = Minifloat<kF8E5M2FNUZ>;
using f8e8m0fnu = Minifloat<kF8E8M0FNU>;

template <typename T>
inline constexpr bool kIsMinifloat = false;
template <MinifloatFormat F>
inline constexpr bool kIsMinifloat<Minifloat<F>> = true;

}  // namespace xpar
