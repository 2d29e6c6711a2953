// Vectorised float math from glibc's libmvec (the vector variants GCC itself calls under
// -ffast-math): 8 elements per call on AVX2 machines. Within 4 ulp of the scalar libm function,
// not bit-identical to it, so only kernels that document a tolerance use these.
#pragma once

#include <cstdint>

namespace xpar {

// y[i] = exp(x[i]) for n floats through libmvec's AVX2 expf (the tail padded to a full vector,
// so each value's result does not depend on its position); false when the CPU lacks AVX2.
bool VectorExpF32(const float* x, float* y, int64_t n);

}  // namespace xpar
