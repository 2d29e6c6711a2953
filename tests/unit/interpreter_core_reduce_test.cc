// Interpreter kernels with accumulation: dot, reduce, reduce-window, select-and-scatter and
// convolution, against hand-computed values and naive reference loops.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "interpreter_core_test_util.h"

namespace xpar {
namespace {

// Deterministic test data in [-1, 1).
Literal Pattern(PrimitiveType type, std::vector<int64_t> dims, int seed) {
  Literal l(Shape(type, std::move(dims)));
  for (int64_t i = 0; i < l.ElementCount(); ++i) {
    l.SetFromDouble(i, ((i * 37 + seed * 11) % 64) / 32.0 - 1.0);
  }
  return l;
}

TEST(InterpreterCoreDot, MatrixProduct) {
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = f32[2,3] constant({{1, 2, 3}, {4, 5, 6}})
  b = f32[3,2] constant({{1, 0}, {0, 1}, {1, 1}})
  ROOT r = f32[2,2] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0})"))),
            (std::vector<double>{4, 5, 10, 11}));
  // Transposed lhs (contracting dimension first) and an outer product.
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = f32[3,2] constant({{1, 4}, {2, 5}, {3, 6}})
  b = f32[3,2] constant({{1, 0}, {0, 1}, {1, 1}})
  ROOT r = f32[2,2] dot(a, b), lhs_contracting_dims={0}, rhs_contracting_dims={0})"))),
            (std::vector<double>{4, 5, 10, 11}));
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = s32[2] constant({1, 2})
  b = s32[3] constant({3, 4, 5})
  ROOT r = s32[2,3] dot(a, b))"))),
            (std::vector<double>{3, 4, 5, 6, 8, 10}));
}

// lhs [k1=3, b=2, m=4, k2=5], rhs [n=6, k2=5, b=2, k1=3] -> [b, m, n].
void CheckBatchedTwoContractingDims(PrimitiveType type, double tol) {
  std::string t(PrimitiveTypeName(type));
  std::string text = Module1("  a = " + t + "[3,2,4,5] parameter(0)\n  b = " + t +
                             "[6,5,2,3] parameter(1)\n  ROOT r = " + t +
                             "[2,4,6] dot(a, b), lhs_batch_dims={1}, "
                             "lhs_contracting_dims={0,3}, rhs_batch_dims={2}, "
                             "rhs_contracting_dims={3,1}");
  Literal lhs = Pattern(type, {3, 2, 4, 5}, 1), rhs = Pattern(type, {6, 5, 2, 3}, 2);
  Literal out = RunHlo(text, {lhs, rhs});
  ASSERT_EQ(out.shape().dims(), (std::vector<int64_t>{2, 4, 6}));
  for (int b = 0; b < 2; ++b)
    for (int m = 0; m < 4; ++m)
      for (int n = 0; n < 6; ++n) {
        double want = 0;
        for (int k1 = 0; k1 < 3; ++k1)
          for (int k2 = 0; k2 < 5; ++k2) {
            want += lhs.GetAsDouble(((k1 * 2 + b) * 4 + m) * 5 + k2) *
                    rhs.GetAsDouble(((n * 5 + k2) * 2 + b) * 3 + k1);
          }
        ASSERT_NEAR(out.GetAsDouble((b * 4 + m) * 6 + n), want, tol) << b << " " << m << " " << n;
      }
}

TEST(InterpreterCoreDot, BatchAndTwoContractingDimsEveryType) {
  CheckBatchedTwoContractingDims(PrimitiveType::kF32, 1e-5);
  CheckBatchedTwoContractingDims(PrimitiveType::kF64, 1e-12);
  CheckBatchedTwoContractingDims(PrimitiveType::kBF16, 0.05);
}

TEST(InterpreterCoreDot, PreferredResultType) {
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = s8[2,2] constant({{100, 100}, {1, 2}})
  b = s8[2,1] constant({{100}, {100}})
  ROOT r = s32[2,1] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0})"))),
            (std::vector<double>{20000, 300}));
}

TEST(InterpreterCoreReduce, NativeSumOverSeveralDims) {
  Literal in = Pattern(PrimitiveType::kF32, {2, 3, 4}, 3);
  Literal out = RunHlo(R"(
HloModule t
add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}
ENTRY e {
  a = f32[2,3,4] parameter(0)
  z = f32[] constant(10)
  ROOT r = f32[3] reduce(a, z), dimensions={0,2}, to_apply=add
})",
                       {in});
  for (int j = 0; j < 3; ++j) {
    double want = 10;
    for (int i = 0; i < 2; ++i)
      for (int k = 0; k < 4; ++k) want += in.GetAsDouble((i * 3 + j) * 4 + k);
    EXPECT_NEAR(out.GetAsDouble(j), want, 1e-5);
  }
}

TEST(InterpreterCoreReduce, MaxPropagatesNanAndBf16SumsInF32) {
  std::vector<double> m = Values(RunHlo(R"(
HloModule t
mx {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] maximum(x, y)
}
ENTRY e {
  a = f32[2,3] constant({{1, nan, 2}, {-1, 5, 3}})
  z = f32[] constant(-inf)
  ROOT r = f32[2] reduce(a, z), dimensions={1}, to_apply=mx
})"));
  EXPECT_TRUE(std::isnan(m[0]));
  EXPECT_EQ(m[1], 5);
  // 300 ones: a bf16 accumulator would stop at 256; the f32 accumulator reaches 300.
  std::vector<double> s = Values(RunHlo(R"(
HloModule t
add {
  x = bf16[] parameter(0)
  y = bf16[] parameter(1)
  ROOT s = bf16[] add(x, y)
}
ENTRY e {
  one = bf16[] constant(1)
  a = bf16[300] broadcast(one), dimensions={}
  z = bf16[] constant(0)
  ROOT r = bf16[] reduce(a, z), dimensions={0}, to_apply=add
})"));
  EXPECT_EQ(s[0], 300);
}

TEST(InterpreterCoreReduce, GeneralReducerFoldsInRowMajorOrder) {
  // r(acc, x) = 10 acc + x shows the order: ((0*10+1)*10+2)*10+3.
  EXPECT_EQ(Values(RunHlo(R"(
HloModule t
f {
  acc = s32[] parameter(0)
  x = s32[] parameter(1)
  ten = s32[] constant(10)
  m = s32[] multiply(acc, ten)
  ROOT s = s32[] add(m, x)
}
ENTRY e {
  a = s32[2,3] constant({{1, 2, 3}, {4, 5, 6}})
  z = s32[] constant(0)
  ROOT r = s32[2] reduce(a, z), dimensions={1}, to_apply=f
})")),
            (std::vector<double>{123, 456}));
}

TEST(InterpreterCoreReduce, VariadicArgmax) {
  Literal r = RunHlo(R"(
HloModule t
argmax {
  a = f32[] parameter(0)
  ai = s32[] parameter(1)
  b = f32[] parameter(2)
  bi = s32[] parameter(3)
  ge = pred[] compare(a, b), direction=GE
  v = f32[] select(ge, a, b)
  i = s32[] select(ge, ai, bi)
  ROOT t = (f32[], s32[]) tuple(v, i)
}
ENTRY e {
  x = f32[2,4] constant({{3, 9, 1, 9}, {-5, -2, -7, -3}})
  idx = s32[2,4] iota(), iota_dimension=1
  lo = f32[] constant(-inf)
  zero = s32[] constant(0)
  ROOT r = (f32[2], s32[2]) reduce(x, idx, lo, zero), dimensions={1}, to_apply=argmax
})");
  ASSERT_EQ(r.elements().size(), 2u);
  EXPECT_EQ(Values(r.elements()[0]), (std::vector<double>{9, -2}));
  EXPECT_EQ(Values(r.elements()[1]), (std::vector<double>{1, 1}));
}

const char* kAddF32 = R"(
HloModule t
add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}
ENTRY e {
)";

TEST(InterpreterCoreReduceWindow, PaddingStrideAndDilation) {
  EXPECT_EQ(Values(RunHlo(std::string(kAddF32) + R"(
  a = f32[5] constant({1, 2, 3, 4, 5})
  z = f32[] constant(0)
  ROOT r = f32[3] reduce-window(a, z), window={size=3 stride=2 pad=1_1}, to_apply=add
})")),
            (std::vector<double>{3, 9, 9}));
  // Base dilation 2: 1 _ 2 _ 3; window of 2 with dilation 2 spans 3 positions.
  EXPECT_EQ(Values(RunHlo(std::string(kAddF32) + R"(
  a = f32[3] constant({1, 2, 3})
  z = f32[] constant(0)
  ROOT r = f32[3] reduce-window(a, z), window={size=2 lhs_dilate=2 rhs_dilate=2}, to_apply=add
})")),
            (std::vector<double>{3, 0, 5}));
  EXPECT_EQ(Values(RunHlo(R"(
HloModule t
mx {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] maximum(x, y)
}
ENTRY e {
  a = f32[4,4] constant({{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}, {13, 14, 15, 16}})
  lo = f32[] constant(-inf)
  ROOT r = f32[2,2] reduce-window(a, lo), window={size=2x2 stride=2x2}, to_apply=mx
})")),
            (std::vector<double>{6, 8, 14, 16}));
}

TEST(InterpreterCoreReduceWindow, GeneralReducer) {
  EXPECT_EQ(Values(RunHlo(R"(
HloModule t
f {
  acc = s32[] parameter(0)
  x = s32[] parameter(1)
  ten = s32[] constant(10)
  m = s32[] multiply(acc, ten)
  ROOT s = s32[] add(m, x)
}
ENTRY e {
  a = s32[3] constant({1, 2, 3})
  z = s32[] constant(0)
  ROOT r = s32[2] reduce-window(a, z), window={size=2}, to_apply=f
})")),
            (std::vector<double>{12, 23}));
}

TEST(InterpreterCoreSelectAndScatter, MaxPoolGradient) {
  std::string comps = R"(
HloModule t
ge {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT c = pred[] compare(x, y), direction=GE
}
add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}
ENTRY e {
  a = f32[6] constant({1, 3, 2, 2, 7, 0})
  z = f32[] constant(0)
)";
  // Disjoint windows; the tie in [2, 2] picks the first.
  EXPECT_EQ(Values(RunHlo(comps + R"(
  s = f32[3] constant({10, 20, 30})
  ROOT r = f32[6] select-and-scatter(a, s, z), window={size=2 stride=2}, select=ge, scatter=add
})")),
            (std::vector<double>{0, 10, 20, 0, 30, 0}));
  // Overlapping windows accumulate.
  EXPECT_EQ(Values(RunHlo(comps + R"(
  s = f32[4] constant({1, 2, 3, 4})
  ROOT r = f32[6] select-and-scatter(a, s, z), window={size=3}, select=ge, scatter=add
})")),
            (std::vector<double>{0, 3, 0, 0, 7, 0}));
}

TEST(InterpreterCoreConvolution, OneDimensionalWindowOptions) {
  std::string base = Module1(R"(
  a = f32[1,1,5] constant({{{1, 2, 3, 4, 5}}})
  k = f32[1,1,3] constant({{{1, 0, -1}}})
  ROOT r = f32[1,1,3] convolution(a, k), dim_labels=bf0_oi0->bf0, window={)");
  EXPECT_EQ(Values(RunHlo(base.substr(0, base.size() - 2) + "size=3}\n}\n")),
            (std::vector<double>{-2, -2, -2}));
  EXPECT_EQ(Values(RunHlo(base.substr(0, base.size() - 2) + "size=3 stride=2 pad=1_1}\n}\n")),
            (std::vector<double>{-2, -2, 4}));
  EXPECT_EQ(Values(RunHlo(base.substr(0, base.size() - 2) +
                          "size=3 stride=2 pad=1_1 rhs_reversal=1}\n}\n")),
            (std::vector<double>{2, 2, -4}));
}

TEST(InterpreterCoreConvolution, ChannelsLastLabels) {
  // 1x1 convolution in b01f / 01io / b01f form: out[.., o] = sum_i in[.., i] * k[i][o].
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = f32[1,1,2,2] constant({{{{1, 2}, {3, 4}}}})
  k = f32[1,1,2,3] constant({{{{1, 0, 1}, {0, 1, 1}}}})
  ROOT r = f32[1,1,2,3] convolution(a, k), window={size=1x1}, dim_labels=b01f_01io->b01f)"))),
            (std::vector<double>{1, 2, 3, 3, 4, 7}));
}

TEST(InterpreterCoreConvolution, BatchGroups) {
  // Output feature o uses input batch group o: features {2 * b0, 10 * b1}.
  EXPECT_EQ(Values(RunHlo(Module1(R"(
  a = f32[2,1,3] constant({{{1, 2, 3}}, {{4, 5, 6}}})
  k = f32[2,1,1] constant({{{2}}, {{10}}})
  ROOT r = f32[1,2,3] convolution(a, k), window={size=1}, dim_labels=bf0_oi0->bf0,
      batch_group_count=2)"))),
            (std::vector<double>{2, 4, 6, 40, 50, 60}));
}

// Grouped 2-D convolution with stride, padding and both dilations against a naive NCHW loop.
TEST(InterpreterCoreConvolution, FeatureGroupsMatchReference) {
  const int n = 2, c = 4, h = 5, w = 6, o = 6, g = 2, kh = 3, kw = 2;
  const int sh = 2, sw = 1, ph = 1, pw = 2, lh = 1, lw = 2, rh = 2, rw = 1;
  auto out_size = [](int in, int k, int s, int p, int ld, int rd) {
    int padded = (in - 1) * ld + 1 + 2 * p, span = (k - 1) * rd + 1;
    return (padded - span) / s + 1;
  };
  const int oh = out_size(h, kh, sh, ph, lh, rh), ow = out_size(w, kw, sw, pw, lw, rw);
  Literal in = Pattern(PrimitiveType::kF32, {n, c, h, w}, 4);
  Literal k = Pattern(PrimitiveType::kF32, {o, c / g, kh, kw}, 5);
  std::string text = Module1(fmt::format(
      "  a = f32[{},{},{},{}] parameter(0)\n  k = f32[{},{},{},{}] parameter(1)\n"
      "  ROOT r = f32[{},{},{},{}] convolution(a, k), window={{size={}x{} stride={}x{} "
      "pad={}_{}x{}_{} lhs_dilate={}x{} rhs_dilate={}x{}}}, dim_labels=bf01_oi01->bf01, "
      "feature_group_count={}",
      n, c, h, w, o, c / g, kh, kw, n, o, oh, ow, kh, kw, sh, sw, ph, ph, pw, pw, lh, lw, rh, rw,
      g));
  Literal out = RunHlo(text, {in, k});
  ASSERT_EQ(out.ElementCount(), n * o * oh * ow);
  for (int b = 0; b < n; ++b)
    for (int f = 0; f < o; ++f)
      for (int y = 0; y < oh; ++y)
        for (int x = 0; x < ow; ++x) {
          double want = 0;
          int group = f / (o / g);
          for (int i = 0; i < c / g; ++i)
            for (int dy = 0; dy < kh; ++dy)
              for (int dx = 0; dx < kw; ++dx) {
                int py = y * sh + dy * rh - ph, px = x * sw + dx * rw - pw;
                if (py < 0 || px < 0 || py % lh || px % lw) continue;
                py /= lh, px /= lw;
                if (py >= h || px >= w) continue;
                int ci = group * (c / g) + i;
                want += in.GetAsDouble(((b * c + ci) * h + py) * w + px) *
                        k.GetAsDouble(((f * (c / g) + i) * kh + dy) * kw + dx);
              }
          ASSERT_NEAR(out.GetAsDouble(((b * o + f) * oh + y) * ow + x), want, 1e-5);
        }
}

}  // namespace
}  // namespace xpar
