// Element functions whose results JAX's op tests (stablehlo/testdata) hold as XLA CPU computes
// them, not correctly rounded. f16 expm1, log1p, rsqrt and cbrt are a formula of f16 operations
// (XLA's elemental IR emitter; LLVM promotes each to f32 and rounds back to f16), up to 1 f16 ULP
// from the correctly rounded value: e.g. rsqrt(5.5703125) is 1/sqrt with the square root rounded
// to f16 first (0.42382812, not 0.42358398). f32 expm1 is the same formula over XLA CPU's Cephes
// exp polynomial: expm1(7.058809) = 1162.0588, not 1162.0590. Other ops match XLA with one
// correctly rounded evaluation.
#pragma once

#include <array>
#include <cmath>

#include "ir/primitive_type.h"

namespace xpar::xla_f16 {

// One f16 operation: its f32 result rounded to nearest even f16.
inline float R(float v) { return static_cast<float>(f16(v)); }

inline float Rsqrt(float x) { return R(1.0f / R(std::sqrt(x))); }

// copysign(pow(|x|, f16(1/3)), x); pow's f32 result rounds to f16 (a double rounding XLA has).
inline float Cbrt(float x) {
  return std::copysign(R(std::pow(std::fabs(x), R(1.0f / 3.0f))), x);
}

// |x| < 0.5: tanh(x/2) * (exp(x) + 1), else exp(x) - 1.
inline float Expm1(float x) {
  const float exp_x = R(std::exp(x));
  if (std::fabs(x) < 0.5f) return R(R(std::tanh(R(x * 0.5f))) * R(exp_x + 1.0f));
  return R(exp_x - 1.0f);
}

// Horner's rule with f16 coefficients, every step rounded to f16.
template <size_t N>
inline float Polynomial(float x, const std::array<double, N>& coeffs) {
  float acc = 0.0f;
  for (double c : coeffs) acc = R(R(acc * x) + R(static_cast<float>(c)));
  return acc;
}

// |x| < sqrt(2) - 1: Cephes' rational approximation x - x^2/2 + x^3 P(x)/Q(x), else log(1 + x).
inline float Log1p(float x) {
  static constexpr std::array<double, 7> kNumerator = {
      4.5270000862445199635215E-5, 4.9854102823193375972212E-1, 6.5787325942061044846969E0,
      2.9911919328553073277375E1,  6.0949667980987787057556E1,  5.7112963590585538103336E1,
      2.0039553499201281259648E1};
  static constexpr std::array<double, 7> kDenominator = {
      1.0,
      1.5062909083469192043167E1,
      8.3047565967967209469434E1,
      2.2176239823732856465394E2,
      3.0909872225312059774938E2,
      2.1642788614495947685003E2,
      6.0118660497603843919306E1};
  constexpr float kSmall = 0.41421356237309504880f;  // sqrt(2) - 1
  if (!(std::fabs(x) < R(kSmall))) return R(std::log(R(x + 1.0f)));
  const float x2 = R(x * x);
  float small = R(Polynomial(x, kNumerator) / Polynomial(x, kDenominator));
  small = R(R(x * x2) * small);
  small = R(R(-0.5f * x2) + small);
  return R(x + small);
}

}  // namespace xpar::xla_f16

namespace xpar::xla_f32 {

// XLA CPU's exp for f32 (the Cephes polynomial it substitutes for llvm.exp): e^x = e^a * 2^n
// with n = floor(x log2(e) + 1/2) clamped to [-127, 127] and e^a from a degree-7 polynomial;
// relative error below 2^-22.5. Inputs are clamped to [-87.8, 88.8] as XLA does (2^-127 is 0).
inline float CephesExp(float input) {
  if (std::isnan(input)) return input;
  const float x0 = std::fmin(std::fmax(input, -87.8f), 88.8f);
  const float n0 = std::floor(x0 * 1.44269504088896341f + 0.5f);  // round(x0 / log(2))
  const float n = std::fmin(std::fmax(n0, -127.0f), 127.0f);
  float x = x0 - 0.693359375f * n;
  x = x - -2.12194440e-4f * n;
  float z = x * 1.9875691500e-4f + 1.3981999507e-3f;
  for (float c : {8.3334519073e-3f, 4.1665795894e-2f, 1.6666665459e-1f, 5.0000001201e-1f}) {
    z = z * x + c;
  }
  z = z * (x * x) + x;
  z = 1.0f + z;
  return n == -127.0f ? 0.0f : z * std::ldexp(1.0f, static_cast<int>(n));
}

// XLA's expm1 on f32: tanh(x/2) * (e^x + 1) for |x| < 0.5, e^x - 1 above, e^x by CephesExp.
inline float Expm1(float x) {
  const float exp_x = CephesExp(x);
  if (std::fabs(x) < 0.5f) return std::tanh(x * 0.5f) * (exp_x + 1.0f);
  return exp_x - 1.0f;
}

}  // namespace xpar::xla_f32
