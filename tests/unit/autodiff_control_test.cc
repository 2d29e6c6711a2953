// Control flow under autodiff: calls are inlined and while loops with a fixed trip count
// unrolled before the reverse pass (checked against finite differences); a loop whose trip
// count is unknown is a located error.
#include <gtest/gtest.h>

#include "autodiff/inline.h"
#include "autodiff_test_util.h"

namespace xpar {
namespace {

// x <- tanh(x * w) + c, `trips` times, with the counter compared as `cond`.
std::string LoopModule(const std::string& start, const std::string& cond) {
  std::string extra = R"(cond {
  cs = (s32[], f64[3], f64[3]) parameter(0)
  ci = s32[] get-tuple-element(cs), index=0
  cn = s32[] constant(4)
  ROOT lt = pred[] )" + cond + R"(
}

scale {
  sx = f64[3] parameter(0)
  sw = f64[3] parameter(1)
  ROOT sm = f64[3] multiply(sx, sw)
}

body {
  bs = (s32[], f64[3], f64[3]) parameter(0)
  bi = s32[] get-tuple-element(bs), index=0
  bx = f64[3] get-tuple-element(bs), index=1
  bw = f64[3] get-tuple-element(bs), index=2
  one = s32[] constant(1)
  next = s32[] add(bi, one)
  m = f64[3] call(bx, bw), to_apply=scale
  t = f64[3] tanh(m)
  c = f64[3] constant({0.1, -0.2, 0.3})
  y = f64[3] add(t, c)
  ROOT r = (s32[], f64[3], f64[3]) tuple(next, y, bw)
}
)";
  std::string body = R"(  x = f64[3] parameter(0)
  w = f64[3] parameter(1)
  i0 = s32[] constant()" + start + R"()
  init = (s32[], f64[3], f64[3]) tuple(i0, x, w)
  loop = (s32[], f64[3], f64[3]) while(init), condition=cond, body=body
  out = f64[3] get-tuple-element(loop), index=1)";
  return LossModule(body, "f64[3]", extra);
}

TEST(AutodiffControl, FixedTripCountLoopsAndCalls) {
  std::vector<Literal> args = {RandomF64({3}, 90), RandomF64({3}, 91, 0.5, 1.5)};
  MaxGradientError(LoopModule("1", "compare(ci, cn), direction=LT"), args);  // 3 trips
  MaxGradientError(LoopModule("0", "compare(cn, ci), direction=GT"), args);  // 4 trips
  MaxGradientError(LoopModule("2", "compare(ci, cn), direction=LE"), args);  // 3 trips
  auto m = ParseHloModule(LoopModule("1", "compare(ci, cn), direction=LT"));
  ASSERT_TRUE(m.ok());
  for (const auto& inst : (*m)->entry()->instructions()) {
    if (inst->opcode() == Opcode::kWhile) {
      EXPECT_EQ(autodiff::FixedTripCount(*inst), 3);
    }
  }
}

TEST(AutodiffControl, FusionsAreInlined) {
  const char* fused = R"(fused {
  fx = f64[2,3] parameter(0)
  fy = f64[3] parameter(1)
  fb = f64[2,3] broadcast(fy), dimensions={1}
  fm = f64[2,3] multiply(fx, fb)
  ROOT ft = f64[2,3] tanh(fm)
}
)";
  std::string body = R"(  x = f64[2,3] parameter(0)
  y = f64[3] parameter(1)
  out = f64[2,3] fusion(x, y), kind=kLoop, calls=fused)";
  MaxGradientError(LossModule(body, "f64[2,3]", fused),
                   {RandomF64({2, 3}, 92), RandomF64({3}, 93)});
}

TEST(AutodiffControl, LoopWithoutFixedTripCountIsAnError) {
  // The counter is compared with a value that is not a constant.
  std::string hlo = LoopModule("0", "compare(ci, ci), direction=LT");
  auto forward = ParseHloModule(hlo);
  ASSERT_TRUE(forward.ok()) << forward.status().ToString();
  auto grad = autodiff::Differentiate(**forward, {});
  ASSERT_FALSE(grad.ok());
  EXPECT_NE(grad.status().message().find("no gradient rule for 'while' without a fixed trip "
                                         "count"),
            std::string::npos)
      << grad.status().ToString();
}

}  // namespace
}  // namespace xpar
