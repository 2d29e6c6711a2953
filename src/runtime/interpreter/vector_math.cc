// libmvec entry points (see vector_math.h). The AVX2 variant is chosen at run time: the library
// is built for baseline x86-64.
#include "runtime/interpreter/vector_math.h"

#include <immintrin.h>

#include <algorithm>

extern "C" __m256 _ZGVdN8v_expf(__m256 x);  // libmvec, glibc >= 2.22

namespace xpar {
namespace {

__attribute__((target("avx2,fma"))) void ExpAvx2(const float* x, float* y, int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) _mm256_storeu_ps(y + i, _ZGVdN8v_expf(_mm256_loadu_ps(x + i)));
  if (i < n) {
    alignas(32) float tail[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    std::copy(x + i, x + n, tail);
    _mm256_store_ps(tail, _ZGVdN8v_expf(_mm256_load_ps(tail)));
    std::copy(tail, tail + (n - i), y + i);
  }
}

bool HasAvx2() {
  static const bool has = [] {
    __builtin_cpu_init();  // may run before the CPU model's own constructor
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  }();
  return has;
}

}  // namespace

bool VectorExpF32(const float* x, float* y, int64_t n) {
  if (!HasAvx2()) return false;
  ExpAvx2(x, y, n);
  return true;
}

}  // namespace xpar
