// Shared by the convolution kernels (convolution.cc: checks and the direct reference loop;
// conv_gemm.cc: the im2col + GEMM path); not a public API.
#pragma once

#include <optional>
#include <vector>

#include "runtime/interpreter/kernels.h"

namespace xpar {

// A checked convolution: dimension numbers, window and the operand/result sizes.
struct ConvPlan {
  ConvDims dims;
  std::vector<WindowDim> window;
  std::vector<int64_t> lhs_dims, lhs_strides, rhs_dims, rhs_strides, out_dims;
  int64_t in_batch = 0, in_feature = 0, out_feature = 0, kernel_in_feature = 0;
  int64_t feature_groups = 1, batch_groups = 1;
};

Expected<ConvPlan> MakeConvPlan(const Instruction& inst, const Shape& lhs, const Shape& rhs);

// The direct loop: any element types, accumulating in f64 / f32 / wrapping 64-bit integers.
Literal ConvolutionReference(const Instruction& inst, const ConvPlan& plan, const Literal& lhs,
                             const Literal& rhs);
// im2col + OpenBLAS GEMM for floating-point convolutions (f32 GEMM for bf16/f16/f32, f64 GEMM
// when any side is f64). Same results as the reference up to the order of the additions.
Literal ConvolutionGemm(const Instruction& inst, const ConvPlan& plan, const Literal& lhs,
                        const Literal& rhs);

// The convolution on oneDNN (conv_onednn.cc) when it fits there (bf16/f16/f32, no lhs
// dilation, reversal, batch groups or negative padding, not f32 depthwise) and oneDNN has an
// optimised kernel; nullopt otherwise. f32 sums rounded once to the result type.
Expected<std::optional<Literal>> OnednnConvolution(const Instruction& inst, const ConvPlan& plan,
                                                   const Literal& lhs, const Literal& rhs);

// Checks the operands, then runs the reference loop (for tests that compare the two paths).
Expected<Literal> EvalConvolutionReference(const Instruction& inst, Operands ops);

}  // namespace xpar
