// CHLO's special functions as elementwise HLO graphs, with the approximations StableHLO's own
// chlo legalization uses (Lanczos g = 7, n = 9 for lgamma/digamma; Hurwitz zeta by
// Euler-Maclaurin as in XLA's math library; Giles' erf_inv polynomials; Cephes' Chebyshev series
// for bessel_i1e), so values agree with what JAX computes for them.
#include <array>
#include <cmath>
#include <limits>
#include <numbers>

#include "frontends/stablehlo/stablehlo_chlo_builder.h"

namespace xpar::mlir {
namespace {

using CD = ComparisonDirection;

constexpr double kLanczosGamma = 7;
constexpr double kBaseLanczosCoeff = 0.99999999999980993227684700473478;
constexpr std::array<double, 8> kLanczosCoefficients = {
    676.520368121885098567009190444019, -1259.13921672240287047156078755283,
    771.3234287776530788486528258894,   -176.61502916214059906584551354,
    12.507343278686904814458936853,     -0.13857109526572011689554707,
    9.984369578019570859563e-6,         1.50563273514931155834e-7};

// z = -x where x < 1/2 (reflected), x - 1 otherwise; log(t) for t = z + g + 1/2.
struct LanczosArgs {
  Instruction* reflect;
  Instruction* z;
  Instruction* t;
  Instruction* log_t;
};

LanczosArgs Lanczos(ChloBuilder& b, Instruction* x) {
  LanczosArgs a;
  a.reflect = b.Cmp(x, CD::kLt, b.Const(0.5));
  a.z = b.Select(a.reflect, b.Un(Opcode::kNegate, x), b.Sub(x, b.Const(1)));
  Instruction* g_half = b.Const(kLanczosGamma + 0.5);
  a.t = b.Add(g_half, a.z);
  // log(t) = log(g + 1/2) + log1p(z / (g + 1/2)), accurate where log is not.
  a.log_t = b.Add(b.Const(std::log(kLanczosGamma + 0.5)),
                  b.Un(Opcode::kLog1p, b.Div(a.z, g_half)));
  return a;
}

Instruction* IsInf(ChloBuilder& b, Instruction* x) {
  return b.Cmp(b.Un(Opcode::kAbs, x), CD::kEq, b.Const(std::numeric_limits<double>::infinity()));
}

}  // namespace

Instruction* ChloLgamma(ChloBuilder& b, Instruction* x) {
  LanczosArgs l = Lanczos(b, x);
  Instruction* a = b.Const(kBaseLanczosCoeff);
  for (size_t i = 0; i < kLanczosCoefficients.size(); ++i) {
    a = b.Add(a, b.Div(b.Const(kLanczosCoefficients[i]), b.Add(l.z, b.Const(i + 1.0))));
  }
  // r = (z + 1/2 - t / log(t)) * log(t), which does not overflow where t is large.
  Instruction* r = b.Mul(b.Sub(b.Add(l.z, b.Const(0.5)), b.Div(l.t, l.log_t)), l.log_t);
  const double half_log_2pi = (std::log(2.0) + std::log(std::numbers::pi)) / 2;
  Instruction* lgamma = b.Add(b.Add(b.Const(half_log_2pi), r), b.Un(Opcode::kLog, a));
  // Reflection: lgamma(x) = log(pi) - lgamma(1 - x) - log|sin(pi * frac|x|)|, with the
  // fraction folded into [0, 1/2] for precision.
  Instruction* abs = b.Un(Opcode::kAbs, x);
  Instruction* frac = b.Sub(abs, b.Un(Opcode::kFloor, abs));
  frac = b.Select(b.Cmp(b.Const(0.5), CD::kLt, frac), b.Sub(b.Const(1), frac), frac);
  Instruction* denom =
      b.Un(Opcode::kLog, b.Un(Opcode::kSine, b.Mul(b.Const(std::numbers::pi), frac)));
  Instruction* reflected = b.Sub(b.Sub(b.Const(std::log(std::numbers::pi)), denom), lgamma);
  reflected = b.Select(b.Un(Opcode::kIsFinite, denom), reflected, b.Un(Opcode::kNegate, denom));
  lgamma = b.Select(l.reflect, reflected, lgamma);
  return b.Select(IsInf(b, x), b.Const(std::numeric_limits<double>::infinity()), lgamma);
}

Instruction* ChloDigamma(ChloBuilder& b, Instruction* x) {
  LanczosArgs l = Lanczos(b, x);
  Instruction* a = b.Const(kBaseLanczosCoeff);
  Instruction* a_prime = b.Const(0);
  for (size_t i = 0; i < kLanczosCoefficients.size(); ++i) {
    Instruction* c = b.Const(kLanczosCoefficients[i]);
    Instruction* zk = b.Add(l.z, b.Const(i + 1.0));
    a_prime = b.Sub(a_prime, b.Div(c, b.Mul(zk, zk)));
    a = b.Add(a, b.Div(c, zk));
  }
  Instruction* digamma =
      b.Sub(b.Add(l.log_t, b.Div(a_prime, a)), b.Div(b.Const(kLanczosGamma), l.t));
  // Reflection: digamma(x) = digamma(1 - x) - pi cot(pi x), x shifted into [-1/2, 1/2].
  Instruction* reduced =
      b.Add(x, b.Un(Opcode::kAbs, b.Un(Opcode::kFloor, b.Add(x, b.Const(0.5)))));
  Instruction* pi = b.Const(std::numbers::pi);
  Instruction* pix = b.Mul(pi, reduced);
  Instruction* reflection =
      b.Sub(digamma, b.Div(b.Mul(pi, b.Un(Opcode::kCosine, pix)), b.Un(Opcode::kSine, pix)));
  digamma = b.Select(l.reflect, reflection, digamma);
  // Poles: nan at negative integers, -inf at zero.
  Instruction* zero = b.Const(0);
  Instruction* negative_int =
      b.Bin(Opcode::kAnd, b.Cmp(x, CD::kLt, zero), b.Cmp(x, CD::kEq, b.Un(Opcode::kFloor, x)));
  digamma =
      b.Select(negative_int, b.Const(std::numeric_limits<double>::quiet_NaN()), digamma);
  return b.Select(b.Cmp(x, CD::kEq, zero), b.Const(-std::numeric_limits<double>::infinity()),
                  digamma);
}

// Hurwitz zeta(x, q) = sum_k (q + k)^-x (Johansson 2015, formula (5)): nine terms of the series,
// then a 12-term Euler-Maclaurin tail.
Instruction* ChloZeta(ChloBuilder& b, Instruction* x, Instruction* q) {
  constexpr int kTerms = 12, kIters = 9, kTwoTermsMinusOne = 2 * kTerms - 1;
  static constexpr std::array<double, kTerms> kZetaCoeffs = {
      -7.1661652561756670113e18, 1.8152105401943546773e17, -4.5979787224074726105e15,
      1.1646782814350067249e14,  -2.950130727918164224e12, 7.47242496e10,
      -1.8924375803183791606e9,  47900160.0,               -1209600.0,
      30240.0,                   -720.0,                   12.0};
  Instruction* one = b.Const(1);
  Instruction* neg_x = b.Un(Opcode::kNegate, x);
  Instruction* acc = q;
  Instruction* power_sum = b.Bin(Opcode::kPower, q, neg_x);
  for (int i = 0; i < kIters; ++i) {
    acc = b.Add(acc, one);
    power_sum = b.Add(power_sum, b.Bin(Opcode::kPower, acc, neg_x));
  }
  acc = b.Add(acc, one);
  Instruction* q_neg_power = b.Bin(Opcode::kPower, acc, neg_x);
  Instruction* correction = b.Div(b.Mul(q_neg_power, acc), b.Sub(x, one));
  Instruction* inv_acc_sq = b.Div(one, b.Mul(acc, acc));
  Instruction* horner = b.Const(0);
  for (int i = 0; i < kTerms - 1; ++i) {
    Instruction* product = b.Mul(b.Add(x, b.Const(kTwoTermsMinusOne - 1 - 2 * i)),
                                 b.Add(x, b.Const(kTwoTermsMinusOne - 2 - 2 * i)));
    horner = b.Mul(product, b.Mul(inv_acc_sq, b.Add(horner, b.Const(1.0 / kZetaCoeffs[i]))));
  }
  Instruction* tail = b.Mul(
      q_neg_power,
      b.Add(b.Const(0.5),
            b.Mul(b.Div(x, acc), b.Add(b.Const(1.0 / kZetaCoeffs[kTerms - 1]), horner))));
  Instruction* accurate = b.Add(b.Add(power_sum, correction), tail);
  const double smallest = b.type() == PrimitiveType::kF64
                              ? std::numeric_limits<double>::denorm_min()
                              : std::numeric_limits<float>::denorm_min();
  Instruction* out = b.Select(
      b.Cmp(b.Un(Opcode::kAbs, q_neg_power), CD::kLt,
            b.Mul(b.Un(Opcode::kAbs, power_sum), b.Const(smallest))),
      power_sum, accurate);
  Instruction* nan = b.Const(std::numeric_limits<double>::quiet_NaN());
  Instruction* inf = b.Const(std::numeric_limits<double>::infinity());
  Instruction* zero = b.Const(0);
  out = b.Select(b.Cmp(x, CD::kLt, one), nan, out);  // undefined for x < 1
  Instruction* q_le_zero = b.Cmp(q, CD::kLe, zero);
  Instruction* x_is_int = b.Cmp(x, CD::kEq, b.Un(Opcode::kFloor, x));
  out = b.Select(b.Bin(Opcode::kAnd, q_le_zero, b.Un(Opcode::kNot, x_is_int)), nan, out);
  // Integer q <= 0 is a pole: +inf for even integer x, nan otherwise.
  Instruction* at_pole = b.Bin(Opcode::kAnd, q_le_zero, b.Cmp(q, CD::kEq, b.Un(Opcode::kFloor, q)));
  Instruction* x_even =
      b.Bin(Opcode::kAnd, x_is_int,
            b.Cmp(b.Bin(Opcode::kRemainder, x, b.Const(2)), CD::kEq, zero));
  out = b.Select(at_pole, b.Select(x_even, inf, nan), out);
  return b.Select(b.Cmp(x, CD::kEq, one), inf, out);  // harmonic series
}

// polygamma(n, x) = (-1)^(n+1) n! zeta(n + 1, x) for natural n > 0; digamma for n = 0.
Instruction* ChloPolygamma(ChloBuilder& b, Instruction* n, Instruction* x) {
  Instruction* one = b.Const(1);
  Instruction* two = b.Const(2);
  Instruction* zero = b.Const(0);
  Instruction* sign = b.Sub(b.Mul(two, b.Bin(Opcode::kRemainder, n, two)), one);
  Instruction* n1 = b.Add(n, one);
  Instruction* factorial = b.Un(Opcode::kExp, ChloLgamma(b, n1));
  Instruction* result = b.Mul(b.Mul(sign, factorial), ChloZeta(b, n1, x));
  result = b.Select(b.Cmp(n, CD::kEq, zero), ChloDigamma(b, x), result);
  Instruction* non_natural = b.Bin(Opcode::kOr, b.Cmp(n, CD::kNe, b.Un(Opcode::kFloor, n)),
                                   b.Cmp(n, CD::kLt, zero));
  return b.Select(non_natural, b.Const(std::numeric_limits<double>::quiet_NaN()), result);
}

namespace {

// erf_inv(x) = x p(w), w = -log(1 - x^2), p a polynomial chosen per range of w (Giles 2010).
Instruction* ErfInv32(ChloBuilder& b, Instruction* x, Instruction* w) {
  static constexpr std::array<double, 9> kLt5 = {
      2.81022636e-08,  3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
      -0.00125372503, -0.00417768164, 0.246640727,    1.50140941};
  static constexpr std::array<double, 9> kGe5 = {
      -0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
      -0.0076224613,   0.00943887047,  1.00167406,    2.83297682};
  Instruction* lt = b.Cmp(w, CD::kLt, b.Const(5));
  w = b.Select(lt, b.Sub(w, b.Const(2.5)), b.Sub(b.Un(Opcode::kSqrt, w), b.Const(3)));
  Instruction* p = b.Select(lt, b.Const(kLt5[0]), b.Const(kGe5[0]));
  for (size_t i = 1; i < kLt5.size(); ++i) {
    p = b.Add(b.Select(lt, b.Const(kLt5[i]), b.Const(kGe5[i])), b.Mul(p, w));
  }
  return b.Mul(p, x);
}

Instruction* ErfInv64(ChloBuilder& b, Instruction* x, Instruction* w) {
  static constexpr std::array<double, 23> kLt625 = {
      -3.6444120640178196996e-21, -1.685059138182016589e-19,  1.2858480715256400167e-18,
      1.115787767802518096e-17,   -1.333171662854620906e-16,  2.0972767875968561637e-17,
      6.6376381343583238325e-15,  -4.0545662729752068639e-14, -8.1519341976054721522e-14,
      2.6335093153082322977e-12,  -1.2975133253453532498e-11, -5.4154120542946279317e-11,
      1.051212273321532285e-09,   -4.1126339803469836976e-09, -2.9070369957882005086e-08,
      4.2347877827932403518e-07,  -1.3654692000834678645e-06, -1.3882523362786468719e-05,
      0.0001867342080340571352,   -0.00074070253416626697512, -0.0060336708714301490533,
      0.24015818242558961693,     1.6536545626831027356};
  static constexpr std::array<double, 19> kLt16 = {
      2.2137376921775787049e-09,  9.0756561938885390979e-08, -2.7517406297064545428e-07,
      1.8239629214389227755e-08,  1.5027403968909827627e-06, -4.013867526981545969e-06,
      2.9234449089955446044e-06,  1.2475304481671778723e-05, -4.7318229009055733981e-05,
      6.8284851459573175448e-05,  2.4031110387097893999e-05, -0.0003550375203628474796,
      0.00095328937973738049703,  -0.0016882755560235047313, 0.0024914420961078508066,
      -0.0037512085075692412107,  0.005370914553590063617,   1.0052589676941592334,
      3.0838856104922207635};
  static constexpr std::array<double, 17> kGe16 = {
      -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
      -3.7894654401267369937e-09, 7.6157012080783393804e-09,  -1.4960026627149240478e-08,
      2.9147953450901080826e-08,  -6.7711997758452339498e-08, 2.2900482228026654717e-07,
      -9.9298272942317002539e-07, 4.5260625972231537039e-06,  -1.9681778105531670567e-05,
      7.5995277030017761139e-05,  -0.00021503011930044477347, -0.00013871931833623122026,
      1.0103004648645343977,      4.8499064014085844221};
  Instruction* lt625 = b.Cmp(w, CD::kLt, b.Const(6.25));
  Instruction* lt16 = b.Cmp(w, CD::kLt, b.Const(16));
  auto coefficient = [&](size_t i) {
    Instruction* c = b.Const(kLt625[i]);
    if (i < kLt16.size()) c = b.Select(lt625, c, b.Const(kLt16[i]));
    if (i < kGe16.size()) c = b.Select(lt16, c, b.Const(kGe16[i]));
    return c;
  };
  Instruction* shifted =
      b.Sub(b.Un(Opcode::kSqrt, w), b.Select(lt16, b.Const(3.25), b.Const(5)));
  w = b.Select(lt625, b.Sub(w, b.Const(3.125)), shifted);
  Instruction* p = coefficient(0);
  for (size_t i = 1; i < kLt625.size(); ++i) {
    Instruction* next = b.Add(coefficient(i), b.Mul(p, w));
    if (i >= kLt16.size()) {
      p = b.Select(lt625, next, p);
    } else if (i >= kGe16.size()) {
      p = b.Select(lt16, next, p);
    } else {
      p = next;
    }
  }
  return b.Mul(p, x);
}

// Chebyshev series sum c_i T_i(x) / 2 by Clenshaw's recurrence (Cephes' chbevl).
Instruction* Chebyshev(ChloBuilder& b, Instruction* x, std::span<const double> c) {
  Instruction* b0 = b.Const(0);
  Instruction* b1 = b.Const(0);
  Instruction* b2 = b.Const(0);
  for (double ci : c) {
    b2 = b1;
    b1 = b0;
    b0 = b.Add(b.Sub(b.Mul(x, b1), b2), b.Const(ci));
  }
  return b.Mul(b.Sub(b0, b2), b.Const(0.5));
}

}  // namespace

Instruction* ChloErfInv(ChloBuilder& b, Instruction* x) {
  Instruction* w = b.Un(Opcode::kNegate,
                        b.Un(Opcode::kLog1p, b.Mul(x, b.Un(Opcode::kNegate, x))));
  Instruction* r = b.type() == PrimitiveType::kF64 ? ErfInv64(b, x, w) : ErfInv32(b, x, w);
  // erf_inv(+-1) = +-inf, where the polynomial is indeterminate.
  Instruction* at_one = b.Cmp(b.Un(Opcode::kAbs, x), CD::kEq, b.Const(1));
  return b.Select(at_one, b.Mul(x, b.Const(std::numeric_limits<double>::infinity())), r);
}

Instruction* ChloBesselI1e(ChloBuilder& b, Instruction* x) {
  static constexpr std::array<double, 29> kA = {
      2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16,
      -1.10559694773538630805E-15, 7.60068429473540693410E-15, -5.04218550472791168711E-14,
      3.22379336594557470981E-13, -1.98397439776494371520E-12, 1.17361862988909016308E-11,
      -6.66348972350202774223E-11, 3.62559028155211703701E-10, -1.88724975172282928790E-9,
      9.38153738649577178388E-9,  -4.44505912879632808065E-8, 2.00329475355213526229E-7,
      -8.56872026469545474066E-7, 3.47025130813767847674E-6,  -1.32731636560394358279E-5,
      4.78156510755005422638E-5,  -1.61760815825896745588E-4, 5.12285956168575772895E-4,
      -1.51357245063125314899E-3, 4.15642294431288815669E-3,  -1.05640848946261981558E-2,
      2.47264490306265168283E-2,  -5.29459812080949914269E-2, 1.02643658689847095384E-1,
      -1.76416518357834055153E-1, 2.52587186443633654823E-1};
  static constexpr std::array<double, 25> kB = {
      7.51729631084210481353E-18,  4.41434832307170791151E-18,  -4.65030536848935832153E-17,
      -3.20952592199342395980E-17, 2.96262899764595013876E-16,  3.30820231092092828324E-16,
      -1.88035477551078244854E-15, -3.81440307243700780478E-15, 1.04202769841288027642E-14,
      4.27244001671195135429E-14,  -2.10154184277266431302E-14, -4.08355111109219731823E-13,
      -7.19855177624590851209E-13, 2.03562854414708950722E-12,  1.41258074366137813316E-11,
      3.25260358301548823856E-11,  -1.89749581235054123450E-11, -5.58974346219658380687E-10,
      -3.83538038596423702205E-9,  -2.63146884688951950684E-8,  -2.51223623787020892529E-7,
      -3.88256480887769039346E-6,  -1.10588938762623716291E-4,  -9.76109749136146840777E-3,
      7.78576235018280120474E-1};
  // f32 uses the tails of the f64 series (17 and 7 terms), as Cephes' single-precision i1e.
  const bool f64 = b.type() == PrimitiveType::kF64;
  std::span<const double> a(kA), bs(kB);
  if (!f64) a = a.subspan(kA.size() - 17), bs = bs.subspan(kB.size() - 7);
  Instruction* z = b.Un(Opcode::kAbs, x);
  Instruction* le8 = b.Mul(z, Chebyshev(b, b.Sub(b.Mul(b.Const(0.5), z), b.Const(2)), a));
  Instruction* gt8 = b.Div(Chebyshev(b, b.Sub(b.Div(b.Const(32), z), b.Const(2)), bs),
                           b.Un(Opcode::kSqrt, z));
  Instruction* r = b.Select(b.Cmp(z, CD::kLe, b.Const(8)), le8, gt8);
  return b.Mul(b.Un(Opcode::kSign, x), r);
}

}  // namespace xpar::mlir
