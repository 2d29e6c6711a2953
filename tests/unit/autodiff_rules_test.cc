// The VJP rules, each on a small f64 program checked against central finite differences
// (tests/unit/autodiff_test_util.h): elementwise math, broadcasts of scalars, data movement
// and dot with non-default dimension numbers.
#include <gtest/gtest.h>

#include "autodiff_test_util.h"

namespace xpar {
namespace {

TEST(AutodiffRules, UnaryMath) {
  const char* ops[] = {"negate", "exponential", "exponential-minus-one", "log", "log-plus-one",
                       "tanh", "logistic", "sqrt", "rsqrt", "cbrt", "sine", "cosine", "tan",
                       "abs", "erf", "copy"};
  for (const char* op : ops) {
    SCOPED_TRACE(op);
    std::string body = std::string("  x = f64[2,3] parameter(0)\n  out = f64[2,3] ") + op + "(x)";
    // Positive inputs away from 0 keep log, sqrt, rsqrt and abs differentiable.
    MaxGradientError(LossModule(body, "f64[2,3]"), {RandomF64({2, 3}, 1, 0.3, 1.2)});
  }
}

TEST(AutodiffRules, BinaryMath) {
  const char* ops[] = {"add", "subtract", "multiply", "divide", "maximum", "minimum", "power",
                       "atan2", "remainder"};
  for (const char* op : ops) {
    SCOPED_TRACE(op);
    std::string body = std::string("  x = f64[2,3] parameter(0)\n  y = f64[2,3] parameter(1)\n"
                                   "  out = f64[2,3] ") + op + "(x, y)";
    MaxGradientError(LossModule(body, "f64[2,3]"),
                     {RandomF64({2, 3}, 2, 0.5, 2.0), RandomF64({2, 3}, 3, 0.3, 0.45)});
  }
}

TEST(AutodiffRules, ClampSelectAndScalarBroadcasts) {
  // clamp with scalar bounds (their adjoints are sums), select, and a scalar broadcast.
  std::string clamp = R"(  lo = f64[] parameter(0)
  x = f64[2,3] parameter(1)
  hi = f64[] parameter(2)
  out = f64[2,3] clamp(lo, x, hi))";
  MaxGradientError(LossModule(clamp, "f64[2,3]"),
                   {Literal::Scalar(-0.35), RandomF64({2, 3}, 4), Literal::Scalar(0.4)});
  std::string select = R"(  x = f64[2,3] parameter(0)
  y = f64[2,3] parameter(1)
  p = pred[2,3] compare(x, y), direction=GT
  out = f64[2,3] select(p, x, y))";
  MaxGradientError(LossModule(select, "f64[2,3]"), {RandomF64({2, 3}, 5), RandomF64({2, 3}, 6)});
  std::string scalar = R"(  s = f64[] parameter(0)
  x = f64[2,3] parameter(1)
  b = f64[2,3] broadcast(s), dimensions={}
  out = f64[2,3] multiply(b, x))";
  MaxGradientError(LossModule(scalar, "f64[2,3]"), {Literal::Scalar(0.7), RandomF64({2, 3}, 7)});
}

TEST(AutodiffRules, BroadcastReshapeTranspose) {
  std::string body = R"(  x = f64[3,2] parameter(0)
  b = f64[2,4,3] broadcast(x), dimensions={2,0}
  r = f64[8,3] reshape(b)
  out = f64[3,8] transpose(r), dimensions={1,0})";
  MaxGradientError(LossModule(body, "f64[3,8]"), {RandomF64({3, 2}, 8)});
}

TEST(AutodiffRules, SlicePadConcatenateReverse) {
  std::string body = R"(  x = f64[5,4] parameter(0)
  y = f64[2,4] parameter(1)
  c = f64[7,4] concatenate(x, y), dimensions={0}
  r = f64[7,4] reverse(c), dimensions={0,1}
  out = f64[4,7] transpose(r), dimensions={1,0})";
  MaxGradientError(LossModule(body, "f64[4,7]"), {RandomF64({5, 4}, 10), RandomF64({2, 4}, 11)});
  // A strided slice, then a pad with interior padding and a negative (cropping) edge.
  std::string strided = R"(  x = f64[5,4] parameter(0)
  s = f64[2,2] slice(x), slice={[1:5:2], [0:4:2]}
  z = f64[] constant(0.5)
  out = f64[3,5] pad(s, z), padding=1_-1_1x0_2_1)";
  MaxGradientError(LossModule(strided, "f64[3,5]"), {RandomF64({5, 4}, 25)});
  std::string pad_value = R"(  x = f64[2,3] parameter(0)
  v = f64[] parameter(1)
  out = f64[3,7] pad(x, v), padding=0_1x1_1_1)";
  MaxGradientError(LossModule(pad_value, "f64[3,7]"), {RandomF64({2, 3}, 12), Literal::Scalar(0.3)});
}

TEST(AutodiffRules, DynamicSliceAndUpdate) {
  std::string body = R"(  x = f64[4,5] parameter(0)
  u = f64[2,2] parameter(1)
  i = s32[] constant(1)
  j = s32[] constant(4)
  d = f64[2,3] dynamic-slice(x, i, j), dynamic_slice_sizes={2,3}
  e = f64[4,5] dynamic-update-slice(x, u, j, i)
  s = f64[2,3] slice(e), slice={[1:3], [1:4]}
  out = f64[2,3] multiply(d, s))";
  MaxGradientError(LossModule(body, "f64[2,3]"), {RandomF64({4, 5}, 13), RandomF64({2, 2}, 14)});
}

TEST(AutodiffRules, DotDimensionNumbers) {
  std::string matmul = R"(  a = f64[2,3] parameter(0)
  b = f64[3,4] parameter(1)
  out = f64[2,4] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0})";
  MaxGradientError(LossModule(matmul, "f64[2,4]"), {RandomF64({2, 3}, 15), RandomF64({3, 4}, 16)});
  // Batch dims in the middle and contracting dims first / last.
  std::string batched = R"(  a = f64[3,2,4] parameter(0)
  b = f64[4,2,5] parameter(1)
  out = f64[2,3,5] dot(a, b), lhs_batch_dims={1}, lhs_contracting_dims={2}, rhs_batch_dims={1}, rhs_contracting_dims={0})";
  MaxGradientError(LossModule(batched, "f64[2,3,5]"),
                   {RandomF64({3, 2, 4}, 17), RandomF64({4, 2, 5}, 18)});
  // Two contracting dims listed in different orders on each side.
  std::string two = R"(  a = f64[2,3,4] parameter(0)
  b = f64[4,5,3] parameter(1)
  out = f64[2,5] dot(a, b), lhs_contracting_dims={1,2}, rhs_contracting_dims={2,0})";
  MaxGradientError(LossModule(two, "f64[2,5]"), {RandomF64({2, 3, 4}, 19), RandomF64({4, 5, 3}, 20)});
  // A vector times a matrix with the vector's only dim contracted against the matrix's first.
  std::string vec = R"(  a = f64[3] parameter(0)
  b = f64[3,2] parameter(1)
  out = f64[2] dot(a, b), lhs_contracting_dims={0}, rhs_contracting_dims={0})";
  MaxGradientError(LossModule(vec, "f64[2]"), {RandomF64({3}, 21), RandomF64({3, 2}, 22)});
}

TEST(AutodiffRules, TuplesLossIndexAndWrt) {
  // The loss is element 1 of the result; only parameter 1 is differentiated.
  std::string hlo = R"(HloModule t
add_f64 {
  a = f64[] parameter(0)
  b = f64[] parameter(1)
  ROOT s = f64[] add(a, b)
}
ENTRY e {
  x = f64[3] parameter(0)
  y = f64[3] parameter(1)
  t = (f64[3], f64[3]) tuple(x, y)
  g0 = f64[3] get-tuple-element(t), index=0
  g1 = f64[3] get-tuple-element(t), index=1
  m = f64[3] multiply(g0, g1)
  m2 = f64[3] multiply(m, g1)
  z = f64[] constant(0)
  l = f64[] reduce(m2, z), dimensions={0}, to_apply=add_f64
  ROOT r = (f64[3], f64[]) tuple(x, l)
})";
  autodiff::GradientRequest req;
  req.wrt = {1};
  req.loss_index = 1;
  MaxGradientError(hlo, {RandomF64({3}, 23), RandomF64({3}, 24)}, req);
}

}  // namespace
}  // namespace xpar
