// The VJP rules of reductions, pooling, convolution, gather/scatter, sort/topk, batch norm and
// custom calls, checked against central finite differences; the derived_from attribute; and
// the errors for ops without a rule.
#include <gtest/gtest.h>

#include "autodiff_test_util.h"

namespace xpar {
namespace {

const char* kMaxF64 = R"(max_f64 {
  max.a = f64[] parameter(0)
  max.b = f64[] parameter(1)
  ROOT max.m = f64[] maximum(max.a, max.b)
}
)";

TEST(AutodiffNnRules, ReduceAddMaxMin) {
  std::string body = R"(  x = f64[3,4,2] parameter(0)
  z = f64[] constant(0)
  s = f64[4] reduce(x, z), dimensions={0,2}, to_apply=add_f64
  ninf = f64[] constant(-inf)
  m = f64[3,2] reduce(x, ninf), dimensions={1}, to_apply=max_f64
  ms = f64[3] reduce(m, z), dimensions={1}, to_apply=add_f64
  b = f64[3,4] broadcast(ms), dimensions={0}
  sb = f64[3,4] broadcast(s), dimensions={1}
  out = f64[3,4] multiply(b, sb))";
  MaxGradientError(LossModule(body, "f64[3,4]", kMaxF64), {RandomF64({3, 4, 2}, 30)});
}

TEST(AutodiffNnRules, VariadicReduceMaxWithArgmax) {
  const char* argmax = R"(argmax {
  am.a = f64[] parameter(0)
  am.ai = s32[] parameter(1)
  am.b = f64[] parameter(2)
  am.bi = s32[] parameter(3)
  am.ge = pred[] compare(am.a, am.b), direction=GE
  am.v = f64[] select(am.ge, am.a, am.b)
  am.i = s32[] select(am.ge, am.ai, am.bi)
  ROOT am.t = (f64[], s32[]) tuple(am.v, am.i)
}
)";
  // With the positions (an iota along the reduced dim) and with another index operand.
  for (const char* index : {"iota(), iota_dimension=1", "iota(), iota_dimension=0"}) {
    SCOPED_TRACE(index);
    std::string body = std::string(R"(  x = f64[3,5] parameter(0)
  idx = s32[3,5] )") + index + R"(
  lo = f64[] constant(-inf)
  izero = s32[] constant(0)
  r = (f64[3], s32[3]) reduce(x, idx, lo, izero), dimensions={1}, to_apply=argmax
  v = f64[3] get-tuple-element(r), index=0
  i = s32[3] get-tuple-element(r), index=1
  f = f64[3] convert(i)
  out = f64[3] multiply(v, f))";
    MaxGradientError(LossModule(body, "f64[3]", argmax), {RandomF64({3, 5}, 35)});
  }
}

TEST(AutodiffNnRules, ReduceWindowSumAndMaxPool) {
  // Average-pool style window sum with stride and padding, then 2x2 max pooling.
  std::string sum = R"(  x = f64[1,5,6] parameter(0)
  z = f64[] constant(0)
  out = f64[1,3,3] reduce-window(x, z), window={size=1x3x3 stride=1x2x2 pad=0_0x1_1x1_0}, to_apply=add_f64)";
  MaxGradientError(LossModule(sum, "f64[1,3,3]"), {RandomF64({1, 5, 6}, 31)});
  std::string pool = R"(  x = f64[2,4,6] parameter(0)
  ninf = f64[] constant(-inf)
  out = f64[2,2,3] reduce-window(x, ninf), window={size=1x2x2 stride=1x2x2}, to_apply=max_f64)";
  MaxGradientError(LossModule(pool, "f64[2,2,3]", kMaxF64), {RandomF64({2, 4, 6}, 32)});
  // Overlapping 3x3 windows with stride 2 and padding (ResNet's stem pooling).
  std::string overlap = R"(  x = f64[1,5,5] parameter(0)
  ninf = f64[] constant(-inf)
  out = f64[1,3,3] reduce-window(x, ninf), window={size=1x3x3 stride=1x2x2 pad=0_0x1_1x1_1}, to_apply=max_f64)";
  MaxGradientError(LossModule(overlap, "f64[1,3,3]", kMaxF64), {RandomF64({1, 5, 5}, 33)});
  // A window sum over a dilated base (lhs_dilate) and with window dilation.
  std::string dilated = R"(  x = f64[7] parameter(0)
  z = f64[] constant(0)
  out = f64[4] reduce-window(x, z), window={size=3 stride=3 pad=1_0 lhs_dilate=2 rhs_dilate=2}, to_apply=add_f64)";
  MaxGradientError(LossModule(dilated, "f64[4]"), {RandomF64({7}, 34)});
}

TEST(AutodiffNnRules, ConvolutionNchwStridePaddingDilation) {
  std::string body = R"(  x = f64[2,3,6,5] parameter(0)
  w = f64[4,3,3,2] parameter(1)
  out = f64[2,4,3,3] convolution(x, w), window={size=3x2 stride=2x2 pad=1_1x1_1 rhs_dilate=1x2}, dim_labels=bf01_oi01->bf01)";
  MaxGradientError(LossModule(body, "f64[2,4,3,3]"),
                   {RandomF64({2, 3, 6, 5}, 40), RandomF64({4, 3, 3, 2}, 41)});
}

TEST(AutodiffNnRules, ConvolutionNhwcLhsDilationReversalAndGroups) {
  // Transposed-convolution style input dilation, NHWC / HWIO layouts.
  std::string dilated = R"(  x = f64[1,3,3,2] parameter(0)
  w = f64[2,2,2,3] parameter(1)
  out = f64[1,6,6,3] convolution(x, w), window={size=2x2 pad=1_1x1_1 lhs_dilate=2x2}, dim_labels=b01f_01io->b01f)";
  MaxGradientError(LossModule(dilated, "f64[1,6,6,3]"),
                   {RandomF64({1, 3, 3, 2}, 42), RandomF64({2, 2, 2, 3}, 43)});
  // Window reversal on one spatial dim (how transposed convolutions are lowered).
  std::string reversed = R"(  x = f64[1,3,4,2] parameter(0)
  w = f64[2,3,2,3] parameter(1)
  out = f64[1,6,4,3] convolution(x, w), window={size=2x3 pad=1_1x1_1 lhs_dilate=2x1 rhs_reversal=1x0}, dim_labels=b01f_01io->b01f)";
  MaxGradientError(LossModule(reversed, "f64[1,6,4,3]"),
                   {RandomF64({1, 3, 4, 2}, 46), RandomF64({2, 3, 2, 3}, 47)});
  // Grouped (depthwise-like) convolution: 4 input features in 2 groups, 6 outputs.
  std::string grouped = R"(  x = f64[2,5,4] parameter(0)
  w = f64[3,2,6] parameter(1)
  out = f64[2,3,6] convolution(x, w), window={size=3 stride=2 pad=1_1}, dim_labels=b0f_0io->b0f, feature_group_count=2)";
  MaxGradientError(LossModule(grouped, "f64[2,3,6]"),
                   {RandomF64({2, 5, 4}, 44), RandomF64({3, 2, 6}, 45)});
}

TEST(AutodiffNnRules, GatherAndScatter) {
  // An embedding lookup with a repeated index (its adjoint rows add up).
  std::string gather = R"(  e = f64[5,3] parameter(0)
  i = s32[4] constant({3, 0, 3, 4})
  out = f64[4,3] gather(e, i), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,3})";
  MaxGradientError(LossModule(gather, "f64[4,3]"), {RandomF64({5, 3}, 50)});
  std::string scatter = R"(  x = f64[5,3] parameter(0)
  u = f64[2,3] parameter(1)
  i = s32[2] constant({4, 1})
  out = f64[5,3] scatter(x, i, u), update_window_dims={1}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add_f64)";
  MaxGradientError(LossModule(scatter, "f64[5,3]"), {RandomF64({5, 3}, 51), RandomF64({2, 3}, 52)});
  std::string overwrite = R"(  x = f64[5,3] parameter(0)
  u = f64[2,3] parameter(1)
  i = s32[2] constant({4, 1})
  out = f64[5,3] scatter(x, i, u), update_window_dims={1}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=second_f64)";
  const char* second = R"(second_f64 {
  second.a = f64[] parameter(0)
  ROOT second.b = f64[] parameter(1)
}
)";
  MaxGradientError(LossModule(overwrite, "f64[5,3]", second),
                   {RandomF64({5, 3}, 53), RandomF64({2, 3}, 54)});
}

TEST(AutodiffNnRules, SortAndTopK) {
  const char* less = R"(less_f64 {
  less.a = f64[] parameter(0)
  less.b = f64[] parameter(1)
  ROOT less.lt = pred[] compare(less.a, less.b), direction=LT
}
)";
  std::string sort = R"(  x = f64[2,5] parameter(0)
  s = f64[2,5] sort(x), dimensions={1}, to_apply=less_f64
  w = f64[2,5] iota(), iota_dimension=1
  out = f64[2,5] multiply(s, w))";
  MaxGradientError(LossModule(sort, "f64[2,5]", less), {RandomF64({2, 5}, 60)});
  std::string topk = R"(  x = f64[3,6] parameter(0)
  t = (f64[3,2], s32[3,2]) topk(x), k=2, largest=true
  v = f64[3,2] get-tuple-element(t), index=0
  w = f64[3,2] iota(), iota_dimension=1
  out = f64[3,2] add(v, w))";
  MaxGradientError(LossModule(topk, "f64[3,2]"), {RandomF64({3, 6}, 61)});
}

TEST(AutodiffNnRules, BatchNormTraining) {
  std::string body = R"(  x = f64[4,3,2] parameter(0)
  s = f64[3] parameter(1)
  o = f64[3] parameter(2)
  bn = (f64[4,3,2], f64[3], f64[3]) batch-norm-training(x, s, o), epsilon=0.001, feature_index=1
  y = f64[4,3,2] get-tuple-element(bn), index=0
  w = f64[4,3,2] iota(), iota_dimension=2
  out = f64[4,3,2] add(y, w))";
  MaxGradientError(LossModule(body, "f64[4,3,2]"),
                   {RandomF64({4, 3, 2}, 70), RandomF64({3}, 71), RandomF64({3}, 72)});
}

TEST(AutodiffNnRules, BatchNormInference) {
  std::string body = R"(  x = f64[2,3,2] parameter(0)
  s = f64[3] parameter(1)
  o = f64[3] parameter(2)
  m = f64[3] parameter(3)
  v = f64[3] parameter(4)
  out = f64[2,3,2] batch-norm-inference(x, s, o, m, v), epsilon=0.001, feature_index=1)";
  MaxGradientError(LossModule(body, "f64[2,3,2]"),
                   {RandomF64({2, 3, 2}, 73), RandomF64({3}, 74), RandomF64({3}, 75),
                    RandomF64({3}, 76), RandomF64({3}, 77, 0.5, 1.5)});
}

TEST(AutodiffNnRules, KnownCustomCalls) {
  std::string body = R"(  x = f64[2,3] parameter(0)
  t = f64[2,3] custom-call(x), custom_call_target="AwsNeuronTransferWithStaticRing"
  g = f64[2,3] custom-call(t), custom_call_target="AwsNeuronGelu"
  out = f64[2,3] custom-call(g), custom_call_target="AwsNeuronGeluApprxTanh")";
  MaxGradientError(LossModule(body, "f64[2,3]"), {RandomF64({2, 3}, 80, -2.0, 2.0)});
  // LLaMA's RMSNorm over dim 1 (backend_config), and XLA's sharding marker.
  std::string rms = R"(  x = f64[2,3,4] parameter(0)
  w = f64[3] parameter(1)
  eps = f64[] constant(0.01)
  s = f64[2,3,4] custom-call(x), custom_call_target="Sharding", sharding={replicated}
  out = f64[2,3,4] custom-call(s, w, eps), custom_call_target="AwsNeuronRmsNorm", backend_config="1")";
  MaxGradientError(LossModule(rms, "f64[2,3,4]"), {RandomF64({2, 3, 4}, 81), RandomF64({3}, 82)});
}

TEST(AutodiffNnRules, EveryBackwardInstructionNamesItsForwardOp) {
  auto forward = ParseHloModule(LossModule(R"(  x = f64[2,3] parameter(0)
  y = f64[3] parameter(1)
  b = f64[2,3] broadcast(y), dimensions={1}
  out = f64[2,3] tanh(b))", "f64[2,3]"));
  ASSERT_TRUE(forward.ok()) << forward.status().ToString();
  auto grad = autodiff::Differentiate(**forward, {});
  ASSERT_TRUE(grad.ok()) << grad.status().ToString();
  int64_t backward = 0;
  for (const auto& inst : (*grad)->entry()->instructions()) {
    if (inst->opcode() == Opcode::kParameter) continue;
    const auto& attrs = inst->frontend_attributes();
    bool forward_op = (*forward)->entry()->instructions().end() !=
                      std::find_if((*forward)->entry()->instructions().begin(),
                                   (*forward)->entry()->instructions().end(),
                                   [&](const auto& f) { return f->name() == inst->name(); });
    if (forward_op) continue;
    ++backward;
    ASSERT_EQ(attrs.size(), 1u) << inst->name();
    EXPECT_EQ(attrs[0].first, autodiff::kDerivedFromAttr);
    EXPECT_NE((*forward)->entry()->root(), nullptr);
    bool names_forward = false;
    for (const auto& f : (*forward)->entry()->instructions()) {
      names_forward |= f->name() == attrs[0].second;
    }
    EXPECT_TRUE(names_forward) << inst->name() << " derived from " << attrs[0].second;
  }
  EXPECT_GT(backward, 5);
}

std::string DifferentiateError(const std::string& hlo, autodiff::GradientRequest req = {}) {
  auto forward = ParseHloModule(hlo);
  EXPECT_TRUE(forward.ok()) << forward.status().ToString();
  if (!forward.ok()) return "";
  auto grad = autodiff::Differentiate(**forward, req);
  EXPECT_FALSE(grad.ok());
  return grad.ok() ? "" : grad.status().ToString();
}

TEST(AutodiffNnRules, ClearErrors) {
  // An op without a rule on the path from a parameter to the loss: named, with its line.
  std::string chol = DifferentiateError(LossModule(R"(  x = f64[2,2] parameter(0)
  out = f64[2,2] cholesky(x), lower=true)", "f64[2,2]"));
  EXPECT_NE(chol.find(":12:3: error: autodiff: no gradient rule for 'cholesky'"),
            std::string::npos)
      << chol;
  // The same op off the differentiated path is fine.
  auto ok = ParseHloModule(LossModule(R"(  x = f64[2,2] parameter(0)
  c = f64[2,2] constant({{4, 1}, {1, 3}})
  l = f64[2,2] cholesky(c), lower=true
  out = f64[2,2] multiply(x, l))", "f64[2,2]"));
  ASSERT_TRUE(ok.ok());
  EXPECT_TRUE(autodiff::Differentiate(**ok, {}).ok());
  // A non-scalar loss, a bad loss index, a parameter that is not floating-point.
  std::string vec =
      DifferentiateError("HloModule t\nENTRY e {\n  ROOT x = f64[2] parameter(0)\n}\n");
  EXPECT_NE(vec.find("the loss must be a floating-point scalar"), std::string::npos) << vec;
  autodiff::GradientRequest bad_index;
  bad_index.loss_index = 3;
  std::string idx = DifferentiateError(
      "HloModule t\nENTRY e {\n  x = f64[] parameter(0)\n  ROOT t = (f64[]) tuple(x)\n}\n",
      bad_index);
  EXPECT_NE(idx.find("loss index 3 is out of range"), std::string::npos) << idx;
  autodiff::GradientRequest int_param;
  int_param.wrt = {1};
  std::string ip = DifferentiateError(
      "HloModule t\nENTRY e {\n  x = f64[] parameter(0)\n  i = s32[] parameter(1)\n"
      "  ROOT n = f64[] negate(x)\n}\n", int_param);
  EXPECT_NE(ip.find("not a floating-point array"), std::string::npos) << ip;
}

}  // namespace
}  // namespace xpar
