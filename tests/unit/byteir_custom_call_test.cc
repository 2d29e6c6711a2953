// ByteIR's byteir.* custom calls (custom_call_byteir.cc), with byteir_attrs as the StableHLO
// parser hands them over: one frontend attribute per entry. Expected values by hand.
#include <cmath>

#include "interp_ext_test_util.h"

namespace xpar {
namespace {

using testing_ext::ExpectNear;
using testing_ext::Run1;
using testing_ext::RunError;

TEST(ByteirCustomCallTest, SoftmaxAlongEachAxis) {
  // Rows [0, 0] and [0, ln 3]: softmax along dim 1 is [1/2, 1/2] and [1/4, 3/4].
  Literal x = Literal::FromVector<float>({2, 2}, {0, 0, 0, static_cast<float>(std::log(3.0))});
  auto text = [](const char* axis) {
    return std::string(R"(HloModule m
ENTRY e {
  x = f32[2,2] parameter(0)
  ROOT s = f32[2,2] custom-call(x), custom_call_target="byteir.softmax",
      frontend_attributes={axis=")") + axis + R"("}
})";
  };
  ExpectNear(Run1(text("1"), {x}), {0.5, 0.5, 0.25, 0.75});
  // Along dim 0 the columns are [0, 0] and [0, ln 3]; a negative axis counts from the end.
  ExpectNear(Run1(text("0"), {x}), {0.5, 0.25, 0.5, 0.75});
  ExpectNear(Run1(text("-2"), {x}), {0.5, 0.25, 0.5, 0.75});
}

TEST(ByteirCustomCallTest, LogSoftmax) {
  Literal x = Literal::FromVector<float>({2}, {0, static_cast<float>(std::log(3.0))});
  ExpectNear(Run1(R"(HloModule m
ENTRY e {
  x = f32[2] parameter(0)
  ROOT s = f32[2] custom-call(x), custom_call_target="byteir.log_softmax",
      frontend_attributes={axis="0"}
})", {x}), {std::log(0.25), std::log(0.75)});
}

// x rows [1, 3] (mean 2, var 1, rstd 1) and [0, 4] (mean 2, var 4, rstd 1/2) both normalise to
// [-1, 1]; with weight [2, 1] and bias [0, 10] each row becomes [-2, 11].
TEST(ByteirCustomCallTest, LayerNormOneAndThreeResults) {
  Literal x = Literal::FromVector<float>({2, 2}, {1, 3, 0, 4});
  Literal w = Literal::FromVector<float>({2}, {2, 1});
  Literal b = Literal::FromVector<float>({2}, {0, 10});
  ExpectNear(Run1(R"(HloModule m
ENTRY e {
  x = f32[2,2] parameter(0)
  w = f32[2] parameter(1)
  b = f32[2] parameter(2)
  ROOT y = f32[2,2] custom-call(x, w, b), custom_call_target="byteir.layer_norm",
      frontend_attributes={axis="[1]",epsilon="0.0"}
})", {x, w, b}), {-2, 11, -2, 11});
  Literal three = Run1(R"(HloModule m
ENTRY e {
  x = f32[2,2] parameter(0)
  w = f32[2] parameter(1)
  b = f32[2] parameter(2)
  ROOT y = (f32[2,2], f32[2,1], f32[2,1]) custom-call(x, w, b),
      custom_call_target="byteir.layer_norm", frontend_attributes={axis="[1]",epsilon="0.0"}
})", {x, w, b});
  ASSERT_EQ(three.elements().size(), 3u);
  ExpectNear(three.elements()[0], {-2, 11, -2, 11});
  ExpectNear(three.elements()[1], {2, 2});
  ExpectNear(three.elements()[2], {1, 0.5});
}

TEST(ByteirCustomCallTest, LayerNormEpsilonAndTwoAxes) {
  // One row over both axes: [1, 3, 0, 4] has mean 2, var 2.5; eps 1.5 gives rstd 1/2.
  Literal x = Literal::FromVector<float>({2, 2}, {1, 3, 0, 4});
  Literal ones = Literal::FromVector<float>({2, 2}, {1, 1, 1, 1});
  Literal zeros = Literal::FromVector<float>({2, 2}, {0, 0, 0, 0});
  ExpectNear(Run1(R"(HloModule m
ENTRY e {
  x = f32[2,2] parameter(0)
  w = f32[2,2] parameter(1)
  b = f32[2,2] parameter(2)
  ROOT y = f32[2,2] custom-call(x, w, b), custom_call_target="byteir.layer_norm",
      frontend_attributes={axis="[0,1]",epsilon="1.5"}
})", {x, ones, zeros}), {-0.5, 0.5, -1, 1});
}

TEST(ByteirCustomCallTest, GeluErfAndTanh) {
  Literal x = Literal::FromVector<float>({3}, {-1, 0, 1});
  auto text = [](const char* mode) {
    return std::string(R"(HloModule m
ENTRY e {
  x = f32[3] parameter(0)
  ROOT g = f32[3] custom-call(x), custom_call_target="byteir.gelu",
      frontend_attributes={approximate=")") + mode + R"("}
})";
  };
  // x * Phi(x): Phi(1) = 0.84134475.
  ExpectNear(Run1(text("erf"), {x}), {-0.15865525, 0, 0.84134475});
  ExpectNear(Run1(text("tanh"), {x}), {-0.15880801, 0, 0.84119199});
  EXPECT_FALSE(RunError(text("cubic"), {x}).ok());
}

// logp rows [-1, -2, -3], [-4, -5, -6], [-7, -8, -9] with targets 2, -1 (ignored), 0: the
// picked values are -3 and -7. none: [3, 0, 7]; mean: 10 / 2; sum: 10; total_weight 2.
TEST(ByteirCustomCallTest, NllLossForwardReductionsAndIgnoreIndex) {
  Literal logp = Literal::FromVector<float>({3, 3}, {-1, -2, -3, -4, -5, -6, -7, -8, -9});
  Literal t = Literal::FromVector<int64_t>({3}, {2, -1, 0});
  auto run = [&](const char* shape, const char* reduction) {
    return Run1(fmt::format(R"(HloModule m
ENTRY e {{
  x = f32[3,3] parameter(0)
  t = s64[3] parameter(1)
  ROOT l = ({}, f32[]) custom-call(x, t), custom_call_target="byteir.nll_loss_forward",
      frontend_attributes={{ignore_index="-1",reduction="{}"}}
}})",
                            shape, reduction),
                {logp, t});
  };
  Literal none = run("f32[3]", "0"), mean = run("f32[]", "1"), sum = run("f32[]", "2");
  ExpectNear(none.elements()[0], {3, 0, 7});
  ExpectNear(mean.elements()[0], {5});
  ExpectNear(sum.elements()[0], {10});
  ExpectNear(mean.elements()[1], {2});
}

TEST(ByteirCustomCallTest, MissingAttributesAreErrors) {
  Literal x = Literal::FromVector<float>({2}, {0, 1});
  Status s = RunError(R"(HloModule m
ENTRY e {
  x = f32[2] parameter(0)
  ROOT s = f32[2] custom-call(x), custom_call_target="byteir.softmax"
})", {x});
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("axis"), std::string::npos) << s.message();
}

}  // namespace
}  // namespace xpar
