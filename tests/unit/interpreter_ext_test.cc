// Interpreter kernels: gather/scatter, sort/topk, batch norm, cholesky/triangular-solve and
// rng-bit-generator (bit-exact against published ThreeFry/Philox known-answer vectors).
#include <cmath>

#include "interp_ext_test_util.h"

namespace xpar {
namespace {

using testing_ext::ExpectNear;
using testing_ext::Run1;
using testing_ext::Values;

constexpr char kAdd[] = R"(
add {
  r_a = f32[] parameter(0)
  r_b = f32[] parameter(1)
  ROOT r_s = f32[] add(r_a, r_b)
}
)";

TEST(BitcastConvertTest, PredIsOneBitLeastSignificantFirst) {
  // 0x0135: bits 0, 2, 4, 5 and 8 set.
  Literal bits = Run1(R"(HloModule m
ENTRY e {
  x = u16[] parameter(0)
  ROOT b = pred[16] bitcast-convert(x)
})", {Literal::Scalar<uint16_t>(0x0135)});
  std::vector<bool> want(16, false);
  for (int i : {0, 2, 4, 5, 8}) want[i] = true;
  for (int i = 0; i < 16; ++i) EXPECT_EQ(bits.raw()[i] != 0, want[i]) << "bit " << i;
  Literal back = Run1(R"(HloModule m
ENTRY e {
  x = pred[16] parameter(0)
  ROOT b = u16[] bitcast-convert(x)
})", {bits});
  EXPECT_EQ(Values<uint16_t>(back), (std::vector<uint16_t>{0x0135}));
}

TEST(GatherTest, EmbeddingLookupWithClampedStart) {
  Literal table = Literal::FromVector<float>({4, 2}, {0, 1, 10, 11, 20, 21, 30, 31});
  Literal ids = Literal::FromVector<int32_t>({3}, {2, 0, 7});  // 7 clamps to the last row
  Literal out = Run1(R"(HloModule m
ENTRY e {
  t = f32[4,2] parameter(0)
  i = s32[3] parameter(1)
  ROOT g = f32[3,2] gather(t, i), offset_dims={1}, collapsed_slice_dims={0},
      start_index_map={0}, index_vector_dim=1, slice_sizes={1,2}
})", {table, ids});
  EXPECT_EQ(Values<float>(out), (std::vector<float>{20, 21, 0, 1, 30, 31}));
}

TEST(GatherTest, OperandBatchingDims) {
  // out[b] = operand[b, idx[b]].
  Literal op = Literal::FromVector<float>({2, 3}, {1, 2, 3, 4, 5, 6});
  Literal idx = Literal::FromVector<int32_t>({2}, {2, 1});
  Literal out = Run1(R"(HloModule m
ENTRY e {
  o = f32[2,3] parameter(0)
  i = s32[2] parameter(1)
  ROOT g = f32[2] gather(o, i), offset_dims={}, collapsed_slice_dims={1},
      start_index_map={1}, operand_batching_dims={0}, start_indices_batching_dims={0},
      index_vector_dim=1, slice_sizes={1,1}
})", {op, idx});
  EXPECT_EQ(Values<float>(out), (std::vector<float>{3, 5}));
}

TEST(ScatterTest, EmbeddingGradAccumulatesAndSkipsOutOfBounds) {
  Literal zeros = Literal::FromVector<float>({3, 2}, {0, 0, 0, 0, 0, 0});
  Literal ids = Literal::FromVector<int32_t>({4, 1}, {1, 0, 1, 5});
  Literal upd = Literal::FromVector<float>({4, 2}, {1, 2, 3, 4, 5, 6, 100, 100});
  Literal out = Run1(std::string("HloModule m\n") + kAdd + R"(
ENTRY e {
  z = f32[3,2] parameter(0)
  i = s32[4,1] parameter(1)
  u = f32[4,2] parameter(2)
  ROOT s = f32[3,2] scatter(z, i, u), update_window_dims={1}, inserted_window_dims={0},
      scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add
})", {zeros, ids, upd});
  EXPECT_EQ(Values<float>(out), (std::vector<float>{3, 4, 6, 8, 0, 0}));
}

TEST(ScatterTest, GeneralUpdateComputationAndImplicitIndexVector) {
  // index_vector_dim == rank(indices): each index is a scalar. Update keeps the max * 1.
  Literal base = Literal::FromVector<float>({4}, {5, 5, 5, 5});
  Literal ids = Literal::FromVector<int32_t>({3}, {0, 3, 0});
  Literal upd = Literal::FromVector<float>({3}, {7, 2, 9});
  Literal out = Run1(R"(HloModule m
mx {
  mx_a = f32[] parameter(0)
  mx_b = f32[] parameter(1)
  mx_one = f32[] constant(1)
  mx_m = f32[] maximum(mx_a, mx_b)
  ROOT mx_r = f32[] multiply(mx_m, mx_one)
}
ENTRY e {
  z = f32[4] parameter(0)
  i = s32[3] parameter(1)
  u = f32[3] parameter(2)
  ROOT s = f32[4] scatter(z, i, u), update_window_dims={}, inserted_window_dims={0},
      scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=mx
})", {base, ids, upd});
  EXPECT_EQ(Values<float>(out), (std::vector<float>{9, 5, 5, 5}));
}

TEST(SortTest, StableVariadicWithNativeComparator) {
  Literal keys = Literal::FromVector<int32_t>({6}, {3, 1, 2, 1, 3, 1});
  Literal vals = Literal::FromVector<int32_t>({6}, {0, 1, 2, 3, 4, 5});
  Literal out = Run1(R"(HloModule m
lt {
  lt_a = s32[] parameter(0)
  lt_b = s32[] parameter(1)
  lt_c = s32[] parameter(2)
  lt_d = s32[] parameter(3)
  ROOT lt_r = pred[] compare(lt_a, lt_b), direction=LT
}
ENTRY e {
  k = s32[6] parameter(0)
  v = s32[6] parameter(1)
  ROOT s = (s32[6], s32[6]) sort(k, v), dimensions={0}, is_stable=true, to_apply=lt
})", {keys, vals});
  ASSERT_EQ(out.elements().size(), 2u);
  EXPECT_EQ(Values<int32_t>(out.elements()[0]), (std::vector<int32_t>{1, 1, 1, 2, 3, 3}));
  EXPECT_EQ(Values<int32_t>(out.elements()[1]), (std::vector<int32_t>{1, 3, 5, 2, 0, 4}));
}

TEST(SortTest, GeneralComparatorAlongRows) {
  // Descending by |x| along dimension 1, stable.
  Literal x = Literal::FromVector<float>({2, 3}, {1, -3, 2, -1, 1, 0});
  Literal out = Run1(R"(HloModule m
gt {
  gt_a = f32[] parameter(0)
  gt_b = f32[] parameter(1)
  gt_aa = f32[] abs(gt_a)
  gt_ab = f32[] abs(gt_b)
  ROOT gt_r = pred[] compare(gt_aa, gt_ab), direction=GT
}
ENTRY e {
  x = f32[2,3] parameter(0)
  ROOT s = f32[2,3] sort(x), dimensions={1}, is_stable=true, to_apply=gt
})", {x});
  EXPECT_EQ(Values<float>(out), (std::vector<float>{-3, 2, 1, -1, 1, 0}));
}

TEST(SortTest, TopK) {
  Literal x = Literal::FromVector<float>({2, 4}, {1, 5, 3, 5, -1, -2, 0, 7});
  Literal out = Run1(R"(HloModule m
ENTRY e {
  x = f32[2,4] parameter(0)
  ROOT t = (f32[2,2], s32[2,2]) topk(x), k=2, largest=true
})", {x});
  ASSERT_EQ(out.elements().size(), 2u);
  EXPECT_EQ(Values<float>(out.elements()[0]), (std::vector<float>{5, 5, 7, 0}));
  EXPECT_EQ(Values<int32_t>(out.elements()[1]), (std::vector<int32_t>{1, 3, 3, 2}));
}

TEST(BatchNormTest, TrainingAndGradMatchHandFormulas) {
  // Feature dim 1; feature 0 = {1, 3}, feature 1 = {2, 6}.
  Literal x = Literal::FromVector<float>({2, 2}, {1, 2, 3, 6});
  Literal scale = Literal::FromVector<float>({2}, {2, 1});
  Literal offset = Literal::FromVector<float>({2}, {0.5f, 0});
  Literal out = Run1(R"(HloModule m
ENTRY e {
  x = f32[2,2] parameter(0)
  s = f32[2] parameter(1)
  o = f32[2] parameter(2)
  ROOT b = (f32[2,2], f32[2], f32[2]) batch-norm-training(x, s, o), epsilon=0.001,
      feature_index=1
})", {x, scale, offset});
  ASSERT_EQ(out.elements().size(), 3u);
  const double c0 = 1 / std::sqrt(1.0 + 0.001), c1 = 1 / std::sqrt(4.0 + 0.001);
  ExpectNear(out.elements()[0], {-2 * c0 + 0.5, -2 * c1, 2 * c0 + 0.5, 2 * c1});
  ExpectNear(out.elements()[1], {2, 4});
  ExpectNear(out.elements()[2], {1, 4});  // biased variance

  Literal mean = Literal::FromVector<float>({2}, {2, 4});
  Literal var = Literal::FromVector<float>({2}, {1, 4});
  Literal dy = Literal::FromVector<float>({2, 2}, {1, 0, 0, 1});
  Literal g = Run1(R"(HloModule m
ENTRY e {
  x = f32[2,2] parameter(0)
  s = f32[2] parameter(1)
  m = f32[2] parameter(2)
  v = f32[2] parameter(3)
  dy = f32[2,2] parameter(4)
  ROOT b = (f32[2,2], f32[2], f32[2]) batch-norm-grad(x, s, m, v, dy), epsilon=0.001,
      feature_index=1
})", {x, scale, mean, var, dy});
  ASSERT_EQ(g.elements().size(), 3u);
  // Feature 0: xc = {-1, 1}, dy = {1, 0}: sum_dy = 1, sum_dy_xc = -1.
  // Feature 1: xc = {-2, 2}, dy = {0, 1}: sum_dy = 1, sum_dy_xc = 2.
  auto dx = [](double s, double c, double dyv, double xc, double sdy, double sdx) {
    return s * c / 2 * (2 * dyv - sdy - xc * sdx * c * c);
  };
  ExpectNear(g.elements()[0], {dx(2, c0, 1, -1, 1, -1), dx(1, c1, 0, -2, 1, 2),
                               dx(2, c0, 0, 1, 1, -1), dx(1, c1, 1, 2, 1, 2)});
  ExpectNear(g.elements()[1], {-1 * c0, 2 * c1});
  ExpectNear(g.elements()[2], {1, 1});
}

TEST(LinalgTest, CholeskyLowerAndUpper) {
  Literal a = Literal::FromVector<float>({2, 2}, {4, 2, 2, 3});
  Literal l = Run1(R"(HloModule m
ENTRY e {
  a = f32[2,2] parameter(0)
  ROOT c = f32[2,2] cholesky(a), lower=true
})", {a});
  ExpectNear(l, {2, 0, 1, std::sqrt(2.0)});
  Literal u = Run1(R"(HloModule m
ENTRY e {
  a = f32[2,2] parameter(0)
  ROOT c = f32[2,2] cholesky(a), lower=false
})", {a});
  ExpectNear(u, {2, 1, 0, std::sqrt(2.0)});
}

TEST(LinalgTest, TriangularSolveVariantsWithBatch) {
  // Batch of 2 lower-triangular matrices; the upper garbage must be ignored.
  Literal a = Literal::FromVector<float>({2, 2, 2}, {2, 99, 1, 4, 1, 99, 0, 1});
  Literal b = Literal::FromVector<float>({2, 2, 1}, {4, 9, 3, 5});
  Literal x = Run1(R"(HloModule m
ENTRY e {
  a = f32[2,2,2] parameter(0)
  b = f32[2,2,1] parameter(1)
  ROOT x = f32[2,2,1] triangular-solve(a, b), left_side=true, lower=true,
      transpose_a=NO_TRANSPOSE
})", {a, b});
  // [2 0; 1 4] x = [4; 9] -> x = [2; 1.75].  [1 0; 0 1] x = [3; 5].
  ExpectNear(x, {2, 1.75, 3, 5});
  // Right side, transposed, unit diagonal: X * op(A) = B with op(A) = [1 1; 0 1] for the
  // first matrix (lower {1 .. ; 1 ..} with unit diagonal, transposed).
  Literal b2 = Literal::FromVector<float>({2, 1, 2}, {3, 5, 1, 1});
  Literal y = Run1(R"(HloModule m
ENTRY e {
  a = f32[2,2,2] parameter(0)
  b = f32[2,1,2] parameter(1)
  ROOT x = f32[2,1,2] triangular-solve(a, b), left_side=false, lower=true,
      unit_diagonal=true, transpose_a=TRANSPOSE
})", {a, b2});
  // [x0 x1] [1 1; 0 1] = [3 5] -> x0 = 3, x1 = 2.  Second: op(A) = I -> [1 1].
  ExpectNear(y, {3, 2, 1, 1});
}

// Known-answer vectors of Threefry2x32-20 and Philox4x32-10 from the Random123 distribution
// (kat_vectors), which XLA's implementations follow. State layout is XLA's: [key, counter...],
// each u64 split into (low, high) u32 words.
uint64_t Join(uint32_t lo, uint32_t hi) { return lo | (static_cast<uint64_t>(hi) << 32); }

TEST(RngBitGeneratorTest, ThreeFryKnownAnswer) {
  Literal state = Literal::FromVector<uint64_t>(
      {2}, {Join(0x13198a2e, 0x03707344), Join(0x243f6a88, 0x85a308d3)});
  Literal out = Run1(R"(HloModule m
ENTRY e {
  s = u64[2] parameter(0)
  ROOT r = (u64[2], u64[1]) rng-bit-generator(s), algorithm=rng_three_fry
})", {state});
  ASSERT_EQ(out.elements().size(), 2u);
  EXPECT_EQ(Values<uint64_t>(out.elements()[1])[0], Join(0xc4923a9c, 0x483df7a0));
  EXPECT_EQ(Values<uint64_t>(out.elements()[0])[1], Join(0x243f6a88, 0x85a308d3) + 1);
}

TEST(RngBitGeneratorTest, ThreeFryU32LayoutMatchesXla) {
  // XLA on CPU, state {0, 0}, u32[3,2] (as the r-xla/anvil docs show it run): new state
  // {0, 3}; values, with all first words before all second words (ThreeFryRngBit32).
  Literal state = Literal::FromVector<uint64_t>({2}, {0, 0});
  Literal out = Run1(R"(HloModule m
ENTRY e {
  s = u64[2] parameter(0)
  ROOT r = (u64[2], u32[3,2]) rng-bit-generator(s), algorithm=rng_three_fry
})", {state});
  ASSERT_EQ(out.elements().size(), 2u);
  EXPECT_EQ(Values<uint64_t>(out.elements()[0]), (std::vector<uint64_t>{0, 3}));
  std::vector<uint32_t> v = Values<uint32_t>(out.elements()[1]);
  EXPECT_EQ(v[0], 0x6b200159u);  // Threefry2x32-20(ctr 0, key 0) = {0x6b200159, 0x99ba4efe}
  EXPECT_EQ(v[3], 0x99ba4efeu);
  // The 5-digit values anvil prints (its R matrix reads the buffer column by column).
  const double printed[6] = {1.7973e9, 1.3515e9, 1.6886e9, 2.5791e9, 3.2358e9, 4.2293e9};
  for (int i = 0; i < 6; ++i) EXPECT_NEAR(v[i], printed[i], 1e5) << i;
}

TEST(RngBitGeneratorTest, PhiloxKnownAnswer) {
  Literal state = Literal::FromVector<uint64_t>(
      {3}, {Join(0xa4093822, 0x299f31d0), Join(0x243f6a88, 0x85a308d3),
            Join(0x13198a2e, 0x03707344)});
  Literal out = Run1(R"(HloModule m
ENTRY e {
  s = u64[3] parameter(0)
  ROOT r = (u64[3], u32[4]) rng-bit-generator(s), algorithm=rng_philox
})", {state});
  ASSERT_EQ(out.elements().size(), 2u);
  EXPECT_EQ(Values<uint32_t>(out.elements()[1]),
            (std::vector<uint32_t>{0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1}));
  EXPECT_EQ(Values<uint64_t>(out.elements()[0])[1], Join(0x243f6a88, 0x85a308d3) + 1);
}

TEST(RngBitGeneratorTest, DefaultIsPhiloxAndU64JoinsWords) {
  Literal state = Literal::FromVector<uint64_t>({2}, {0, 0});
  Literal out = Run1(R"(HloModule m
ENTRY e {
  s = u64[2] parameter(0)
  ROOT r = (u64[2], u64[2]) rng-bit-generator(s), algorithm=rng_default
})", {state});
  ASSERT_EQ(out.elements().size(), 2u);
  // Philox4x32-10(ctr 0, key 0) = {0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8}.
  EXPECT_EQ(Values<uint64_t>(out.elements()[1]),
            (std::vector<uint64_t>{Join(0x6627e8d5, 0xe169c58d), Join(0xbc57ac4c, 0x9b00dbd8)}));
  EXPECT_EQ(Values<uint64_t>(out.elements()[0]), (std::vector<uint64_t>{0, 1}));
}

TEST(RngTest, UniformStaysInRangeAndIsDeterministic) {
  const char* text = R"(HloModule m
ENTRY e {
  a = f32[] constant(2)
  b = f32[] constant(3)
  ROOT r = f32[64] rng(a, b), distribution=rng_uniform
})";
  Literal x = Run1(text), y = Run1(text);
  EXPECT_EQ(x, y);
  for (double v : testing_ext::AsDoubles(x)) {
    EXPECT_GE(v, 2.0);
    EXPECT_LT(v, 3.0);
  }
}

}  // namespace
}  // namespace xpar
