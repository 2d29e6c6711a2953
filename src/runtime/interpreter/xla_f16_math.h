// expm1, log1p, rsqrt and cbrt on f16 as XLA's elemental IR emitter computes them: a formula of
// f16 operations, each promoted to f32 by LLVM and rounded back to f16. JAX's f16 op tests
// (stablehlo/testdata, compared exactly) hold these values, which differ from the correctly
// rounded ones in up to 1 f16 ULP; e.g. rsqrt(5.5703125) is 1/sqrt with sqrt rounded to f16
// first (0.42382812, not 0.42358398). Other f16 ops match XLA with one f32 evaluation + rounding.
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
