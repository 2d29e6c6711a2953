// Vectorised float kernels (see vector_math.h). libmvec's AVX2 variant is chosen at run time;
// the loops carry an AVX2 clone through GCC's target_clones (not under clang).
#include "runtime/interpreter/vector_math.h"

#include <immintrin.h>

#include <algorithm>

// libmvec (glibc >= 2.22) and its AVX-512 variant; declared with the targets they need, since
// clang refuses to pass AVX vectors to a function declared without them.
extern "C" __attribute__((target("avx2,fma"))) __m256 _ZGVdN8v_expf(__m256 x);
extern "C" __attribute__((target("avx512f"))) __m512 _ZGVeN16v_expf(__m512 x);
// tanhf's and erff's vector variants came with glibc 2.35.
extern "C" __attribute__((target("avx2,fma"))) __m256 _ZGVdN8v_tanhf(__m256 x);
extern "C" __attribute__((target("avx512f"))) __m512 _ZGVeN16v_tanhf(__m512 x);
extern "C" __attribute__((target("avx2,fma"))) __m256 _ZGVdN8v_erff(__m256 x);
extern "C" __attribute__((target("avx512f"))) __m512 _ZGVeN16v_erff(__m512 x);

namespace xpar {
namespace {

// clang (the sanitizer and fuzz builds) cannot multiversion a template: one default version.
// The AVX-512 clone: rows of fused arithmetic live in L1, where 16 lanes do twice the work per
// instruction (measured on a Zen 5 EPYC: batch norm + ReLU 0.31 -> 0.18 ms, layer norm 3.8 ->
// 3.0 ms in one alternating run).
#if defined(__clang__)
#define XPAR_AVX2_CLONE
#else
#define XPAR_AVX2_CLONE __attribute__((target_clones("avx512f", "avx2", "default")))
#endif

// y[i] = f(x[i]) with a libmvec vector function; the tail is padded with zeros to a full
// vector, so each value's result does not depend on its position.
template <__m256 (*F)(__m256)>
__attribute__((target("avx2,fma"))) void MapAvx2(const float* x, float* y, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(y + i, F(_mm256_loadu_ps(x + i)));
  if (i < n) {
    alignas(32) float tail[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    std::copy(x + i, x + n, tail);
    _mm256_store_ps(tail, F(_mm256_load_ps(tail)));
    std::copy(tail, tail + (n - i), y + i);
  }
}

template <__m512 (*F)(__m512)>
__attribute__((target("avx512f"))) void MapAvx512(const float* x, float* y, int64_t n) {
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) _mm512_storeu_ps(y + i, F(_mm512_loadu_ps(x + i)));
  if (i < n) {
    alignas(64) float tail[16] = {};
    std::copy(x + i, x + n, tail);
    _mm512_store_ps(tail, F(_mm512_load_ps(tail)));
    std::copy(tail, tail + (n - i), y + i);
  }
}

// expf(x) rounds to +0 for every x below this (e^-104 is under half the smallest subnormal),
// in libm and libmvec alike. libmvec hands such lanes to its scalar slow path one by one, which
// a causal attention mask (-inf above the diagonal) hits for half of every softmax row: zeroed
// around the call instead, with the same results.
constexpr float kExpZeroBelow = -104.0f;

__attribute__((target("avx2,fma"))) __m256 ExpAvx2(__m256 x) {
  const __m256 low = _mm256_cmp_ps(x, _mm256_set1_ps(kExpZeroBelow), _CMP_LT_OQ);
  const __m256 y = _ZGVdN8v_expf(_mm256_blendv_ps(x, _mm256_setzero_ps(), low));
  return _mm256_blendv_ps(y, _mm256_setzero_ps(), low);
}

__attribute__((target("avx512f"))) __m512 ExpAvx512(__m512 x) {
  const __mmask16 low = _mm512_cmp_ps_mask(x, _mm512_set1_ps(kExpZeroBelow), _CMP_LT_OQ);
  const __m512 y = _ZGVeN16v_expf(_mm512_mask_blend_ps(low, x, _mm512_setzero_ps()));
  return _mm512_mask_blend_ps(low, y, _mm512_setzero_ps());
}

bool HasAvx512() {
  static const bool has = [] {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") != 0;
  }();
  return has;
}

bool HasAvx2() {
  static const bool has = [] {
    __builtin_cpu_init();  // may run before the CPU model's own constructor
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  }();
  return has;
}

// MaxPropagateNan / MinPropagateNan (reduce_util.h) as selects the vectoriser can blend.
inline float MaxNan(float a, float b) {
  float m = a > b ? a : b;
  m = b != b ? b : m;
  return a != a ? a : m;
}
inline float MinNan(float a, float b) {
  float m = a < b ? a : b;
  m = b != b ? b : m;
  return a != a ? a : m;
}

template <typename F>
XPAR_AVX2_CLONE void RowRow(const float* a, const float* b, float* y, int64_t n, F f) {
  for (int64_t i = 0; i < n; ++i) y[i] = f(a[i], b[i]);
}
template <typename F>
XPAR_AVX2_CLONE void RowValue(const float* a, float b, float* y, int64_t n, F f) {
  for (int64_t i = 0; i < n; ++i) y[i] = f(a[i], b);
}
template <typename F>
XPAR_AVX2_CLONE void ValueRow(float a, const float* b, float* y, int64_t n, F f) {
  for (int64_t i = 0; i < n; ++i) y[i] = f(a, b[i]);
}

template <typename F>
void Arith(const float* a, int64_t a_step, const float* b, int64_t b_step, float* y, int64_t n,
           F f) {
  if (a_step != 0 && b_step != 0) {
    RowRow(a, b, y, n, f);
  } else if (a_step != 0) {
    RowValue(a, *b, y, n, f);
  } else if (b_step != 0) {
    ValueRow(*a, b, y, n, f);
  } else {
    std::fill_n(y, n, f(*a, *b));
  }
}

}  // namespace

bool VectorExpF32(const float* x, float* y, int64_t n) {
  if (HasAvx512()) {
    MapAvx512<ExpAvx512>(x, y, n);
    return true;
  }
  if (!HasAvx2()) return false;
  MapAvx2<ExpAvx2>(x, y, n);
  return true;
}

bool VectorTanhF32(const float* x, float* y, int64_t n) {
  if (HasAvx512()) {
    MapAvx512<_ZGVeN16v_tanhf>(x, y, n);
    return true;
  }
  if (!HasAvx2()) return false;
  MapAvx2<_ZGVdN8v_tanhf>(x, y, n);
  return true;
}

bool VectorErfF32(const float* x, float* y, int64_t n) {
  if (HasAvx512()) {
    MapAvx512<_ZGVeN16v_erff>(x, y, n);
    return true;
  }
  if (!HasAvx2()) return false;
  MapAvx2<_ZGVdN8v_erff>(x, y, n);
  return true;
}

bool RowArithF32(Opcode op, const float* a, int64_t a_step, const float* b, int64_t b_step,
                 float* y, int64_t n) {
  if (op == Opcode::kAdd) {
    Arith(a, a_step, b, b_step, y, n, [](float p, float q) { return p + q; });
  } else if (op == Opcode::kSubtract) {
    Arith(a, a_step, b, b_step, y, n, [](float p, float q) { return p - q; });
  } else if (op == Opcode::kMultiply) {
    Arith(a, a_step, b, b_step, y, n, [](float p, float q) { return p * q; });
  } else if (op == Opcode::kDivide) {
    Arith(a, a_step, b, b_step, y, n, [](float p, float q) { return p / q; });
  } else if (op == Opcode::kMaximum) {
    Arith(a, a_step, b, b_step, y, n, [](float p, float q) { return MaxNan(p, q); });
  } else if (op == Opcode::kMinimum) {
    Arith(a, a_step, b, b_step, y, n, [](float p, float q) { return MinNan(p, q); });
  } else {
    return false;  // other ops take the generic kernels
  }
  return true;
}

namespace {

template <typename F>
XPAR_AVX2_CLONE float FoldLanes(const float* x, int64_t n, F f) {
  float lane[kFoldLanes];
  for (int l = 0; l < kFoldLanes; ++l) lane[l] = x[l];
  int64_t j = kFoldLanes;
  for (; j + kFoldLanes <= n; j += kFoldLanes) {
    for (int l = 0; l < kFoldLanes; ++l) lane[l] = f(lane[l], x[j + l]);
  }
  for (int l = 0; j < n; ++j, ++l) lane[l] = f(lane[l], x[j]);
  for (int w = kFoldLanes / 2; w > 0; w /= 2) {
    for (int l = 0; l < w; ++l) lane[l] = f(lane[l], lane[l + w]);
  }
  return lane[0];
}

// FoldLanes in AVX2, one lane per vector element, so the same results as the scalar fold:
// max_ps/min_ps return their second operand when either is NaN or both are equal, as
// MaxNan/MinNan do unless the lane itself is NaN, which the blend keeps.
// kOp: 0 add, 1 max, 2 min.
template <int kOp>
__attribute__((target("avx2"))) float FoldAvx2(const float* x, int64_t n) {
  constexpr int kVectors = kFoldLanes / 8;  // independent chains: the adder's latency hidden
  __m256 lane[kVectors];
  for (int v = 0; v < kVectors; ++v) lane[v] = _mm256_loadu_ps(x + 8 * v);
  int64_t j = kFoldLanes;
  for (; j + kFoldLanes <= n; j += kFoldLanes) {
    for (int v = 0; v < kVectors; ++v) {
      const __m256 y = _mm256_loadu_ps(x + j + 8 * v);
      if constexpr (kOp == 0) {
        lane[v] = _mm256_add_ps(lane[v], y);
      } else {
        const __m256 t = kOp == 1 ? _mm256_max_ps(lane[v], y) : _mm256_min_ps(lane[v], y);
        lane[v] = _mm256_blendv_ps(t, lane[v], _mm256_cmp_ps(lane[v], lane[v], _CMP_UNORD_Q));
      }
    }
  }
  alignas(32) float l[kFoldLanes];
  for (int v = 0; v < kVectors; ++v) _mm256_store_ps(l + 8 * v, lane[v]);
  auto f = [](float a, float b) {
    return kOp == 0 ? a + b : kOp == 1 ? MaxNan(a, b) : MinNan(a, b);
  };
  for (int k = 0; j < n; ++j, ++k) l[k] = f(l[k], x[j]);
  for (int w = kFoldLanes / 2; w > 0; w /= 2) {
    for (int k = 0; k < w; ++k) l[k] = f(l[k], l[k + w]);
  }
  return l[0];
}

}  // namespace

float SumLanesF32(const float* x, int64_t n) {
  if (HasAvx2()) return FoldAvx2<0>(x, n);
  return FoldLanes(x, n, [](float a, float b) { return a + b; });
}
float MaxLanesF32(const float* x, int64_t n) {
  if (HasAvx2()) return FoldAvx2<1>(x, n);
  return FoldLanes(x, n, [](float a, float b) { return MaxNan(a, b); });
}
float MinLanesF32(const float* x, int64_t n) {
  if (HasAvx2()) return FoldAvx2<2>(x, n);
  return FoldLanes(x, n, [](float a, float b) { return MinNan(a, b); });
}

}  // namespace xpar
