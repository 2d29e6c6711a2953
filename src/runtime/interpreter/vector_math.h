// Vectorised float kernels for fused rows (row_fusion_run.cc). VectorExpF32 uses glibc's
// libmvec (the vector variants GCC itself calls under -ffast-math): within a few ulp of the
// scalar libm expf, not bit-identical to it. The arithmetic loops are compiled twice (AVX2 and
// baseline x86-64, chosen at run time) and round exactly as the unfused kernels do: one IEEE
// operation per element, no fused multiply-add.
#pragma once

#include <cstdint>

#include "ir/opcode.h"

namespace xpar {

// y[i] = exp(x[i]) for n floats through libmvec's AVX-512 (16 wide) or AVX2 (8 wide) expf, the
// widest the CPU has (the tail padded to a full vector, so each value's result does not depend
// on its position; results may differ in the last ulp between the two variants); false when
// the CPU lacks AVX2.
bool VectorExpF32(const float* x, float* y, int64_t n);
// y[i] = tanh(x[i]) the same way through libmvec's tanhf (glibc >= 2.35): within 3 ulp of the
// scalar libm tanhf (measured on every 97th float), 24x faster on AVX-512. Every f32 tanh
// (fused or not) goes through it when the CPU has AVX2, so fused and unfused results agree.
bool VectorTanhF32(const float* x, float* y, int64_t n);
// y[i] = erf(x[i]) the same way through libmvec's erff: within 4 ulp of libm's erff (measured
// as for tanh; BERT's exact GELU).
bool VectorErfF32(const float* x, float* y, int64_t n);

// y[i] = a[i * a_step] op b[i * b_step] for op add, subtract, multiply, divide, maximum or
// minimum (NaN-propagating, as MaxPropagateNan / MinPropagateNan), each operand a row (step 1)
// or one value for the whole row (step 0); false for other ops. Vectorised (AVX2 clones).
bool RowArithF32(Opcode op, const float* a, int64_t a_step, const float* b, int64_t b_step,
                 float* y, int64_t n);

inline constexpr int kFoldLanes = 32;  // interleaved partial folds of a row

// x[0] + ... + x[n-1] (n >= kFoldLanes) folded in kFoldLanes lanes (lane l takes elements
// l, l + 32, ...; the tail goes to lanes 0, 1, ...), then the lanes pairwise: 0+16, 1+17, ...,
// then 0+8, ..., down to 0+1. 32 lanes are four independent AVX2 chains, so a row in cache is
// folded at the adder's throughput, not its latency. Row fusion's generic fold uses the same
// order for other types.
float SumLanesF32(const float* x, int64_t n);
// The same folds with NaN-propagating maximum / minimum (XLA's maximum and minimum).
float MaxLanesF32(const float* x, int64_t n);
float MinLanesF32(const float* x, int64_t n);

}  // namespace xpar
