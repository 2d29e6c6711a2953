// jaxlib's typed-FFI LAPACK custom calls in the interpreter (custom_call_lapack_ffi.cc) beyond
// JAX's own back-compat cases (tests/lit/jax_back_compat): a tall QR (Q^T Q = I, Q R = A), a
// batched eigh of the upper triangle (A v = w v, ascending w), SVD in its reduced ('S') and
// values-only ('N') modes on a wide matrix (U diag(s) Vt = A), and LU of a singular matrix
// (info names the zero pivot).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "frontends/stablehlo/stablehlo_parser.h"
#include "runtime/interpreter/interpreter.h"
#include "stablehlo_run_test_util.h"

namespace xpar {
namespace {

using testing_shlo::RunStableHloText;

double At(const Literal& l, int64_t i, int64_t j, int64_t cols, int64_t base = 0) {
  return l.GetAsDouble(base + i * cols + j);
}

// A 4x3 matrix (row-major) and a 3x5 one.
const std::vector<double> kTall = {2, -1, 0.5, 1, 3, -2, 0, 1, 4, -1, 2, 1};
const std::vector<double> kWide = {1, 2, 0, -1, 3, 0.5, -2, 1, 4, 1, 2, 2, -1, 0, 1};

TEST(LapackFfi, TallQrIsOrthonormalAndReconstructs) {
  Literal out = RunStableHloText(
      "func.func @main(%a: tensor<4x3xf64>) -> (tensor<4x3xf64>, tensor<4x3xf64>) {\n"
      "  %0:2 = stablehlo.custom_call @lapack_dgeqrf_ffi(%a) : (tensor<4x3xf64>) -> "
      "(tensor<4x3xf64>, tensor<3xf64>)\n"
      "  %q = stablehlo.custom_call @lapack_dorgqr_ffi(%0#0, %0#1) : (tensor<4x3xf64>, "
      "tensor<3xf64>) -> tensor<4x3xf64>\n"
      "  func.return %q, %0#0 : tensor<4x3xf64>, tensor<4x3xf64>\n}\n",
      {Literal::FromVector<double>({4, 3}, kTall)});
  ASSERT_EQ(out.elements().size(), 2u);
  const Literal& q = out.elements()[0];
  const Literal& packed = out.elements()[1];
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      double dot = 0;
      for (int k = 0; k < 4; ++k) dot += At(q, k, i, 3) * At(q, k, j, 3);
      EXPECT_NEAR(dot, i == j ? 1.0 : 0.0, 1e-12) << i << "," << j;
    }
  }
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 3; ++j) {
      double qr = 0;
      for (int k = 0; k <= j; ++k) qr += At(q, i, k, 3) * At(packed, k, j, 3);  // R: upper part
      EXPECT_NEAR(qr, kTall[i * 3 + j], 1e-12) << i << "," << j;
    }
  }
}

TEST(LapackFfi, BatchedEighOfTheUpperTriangle) {
  // Two symmetric 3x3 matrices; below the diagonal garbage that uplo = 'U' must ignore (the
  // calls read A(i, j) as the logical element (i, j)).
  const std::vector<float> a = {4,  1,  0.5f, 99, 3,  -1, 99, 99, 2,
                                1,  2,  0,    -7, 5,  1,  -7, -7, 3};
  const std::vector<std::vector<double>> sym = {{4, 1, 0.5, 1, 3, -1, 0.5, -1, 2},
                                                {1, 2, 0, 2, 5, 1, 0, 1, 3}};
  Literal out = RunStableHloText(
      "func.func @main(%a: tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3xf32>, "
      "tensor<2xi32>) {\n"
      "  %0:3 = stablehlo.custom_call @lapack_ssyevd_ffi(%a) {mhlo.backend_config = {mode = 86 "
      ": ui8, uplo = 85 : ui8}} : (tensor<2x3x3xf32>) -> (tensor<2x3x3xf32>, tensor<2x3xf32>, "
      "tensor<2xi32>)\n"
      "  func.return %0#0, %0#1, %0#2 : tensor<2x3x3xf32>, tensor<2x3xf32>, tensor<2xi32>\n}\n",
      {Literal::FromVector<float>({2, 3, 3}, a)});
  ASSERT_EQ(out.elements().size(), 3u);
  const Literal &v = out.elements()[0], &w = out.elements()[1], &info = out.elements()[2];
  for (int b = 0; b < 2; ++b) {
    EXPECT_EQ(info.GetAsInt64(b), 0);
    for (int e = 0; e < 3; ++e) {
      if (e > 0) {
        EXPECT_LE(w.GetAsDouble(b * 3 + e - 1), w.GetAsDouble(b * 3 + e));
      }
      for (int i = 0; i < 3; ++i) {
        double av = 0;
        for (int k = 0; k < 3; ++k) av += sym[b][i * 3 + k] * At(v, k, e, 3, b * 9);
        EXPECT_NEAR(av, w.GetAsDouble(b * 3 + e) * At(v, i, e, 3, b * 9), 1e-4) << b << e << i;
      }
    }
  }
}

TEST(LapackFfi, ReducedSvdReconstructsAWideMatrix) {
  Literal out = RunStableHloText(
      "func.func @main(%a: tensor<3x5xf64>) -> (tensor<3xf64>, tensor<3x3xf64>, "
      "tensor<3x5xf64>) {\n"
      "  %0:5 = stablehlo.custom_call @lapack_dgesdd_ffi(%a) {mhlo.backend_config = {mode = 83 "
      ": ui8}} : (tensor<3x5xf64>) -> (tensor<3x5xf64>, tensor<3xf64>, tensor<3x3xf64>, "
      "tensor<3x5xf64>, tensor<i32>)\n"
      "  func.return %0#1, %0#2, %0#3 : tensor<3xf64>, tensor<3x3xf64>, tensor<3x5xf64>\n}\n",
      {Literal::FromVector<double>({3, 5}, kWide)});
  ASSERT_EQ(out.elements().size(), 3u);
  const Literal &s = out.elements()[0], &u = out.elements()[1], &vt = out.elements()[2];
  EXPECT_GE(s.GetAsDouble(0), s.GetAsDouble(1));
  EXPECT_GE(s.GetAsDouble(1), s.GetAsDouble(2));
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 5; ++j) {
      double r = 0;
      for (int k = 0; k < 3; ++k) r += At(u, i, k, 3) * s.GetAsDouble(k) * At(vt, k, j, 5);
      EXPECT_NEAR(r, kWide[i * 5 + j], 1e-12) << i << "," << j;
    }
  }
  // Values only ('N'): the same singular values.
  Literal n = RunStableHloText(
      "func.func @main(%a: tensor<3x5xf64>) -> tensor<3xf64> {\n"
      "  %0:5 = stablehlo.custom_call @lapack_dgesdd_ffi(%a) {mhlo.backend_config = {mode = 78 "
      ": ui8}} : (tensor<3x5xf64>) -> (tensor<3x5xf64>, tensor<3xf64>, tensor<3x3xf64>, "
      "tensor<3x5xf64>, tensor<i32>)\n"
      "  func.return %0#1 : tensor<3xf64>\n}\n",
      {Literal::FromVector<double>({3, 5}, kWide)});
  for (int k = 0; k < 3; ++k) EXPECT_NEAR(n.GetAsDouble(k), s.GetAsDouble(k), 1e-12);
}

TEST(LapackFfi, SingularLuReportsTheZeroPivot) {
  Literal out = RunStableHloText(
      "func.func @main(%a: tensor<2x2xf32>) -> (tensor<2xi32>, tensor<i32>) {\n"
      "  %0:3 = stablehlo.custom_call @lapack_sgetrf_ffi(%a) : (tensor<2x2xf32>) -> "
      "(tensor<2x2xf32>, tensor<2xi32>, tensor<i32>)\n"
      "  func.return %0#1, %0#2 : tensor<2xi32>, tensor<i32>\n}\n",
      {Literal::FromVector<float>({2, 2}, {1, 2, 2, 4})});
  ASSERT_EQ(out.elements().size(), 2u);
  EXPECT_EQ(out.elements()[1].GetAsInt64(0), 2);  // U(2, 2) is zero
  EXPECT_EQ(out.elements()[0].GetAsInt64(0), 2);  // row 2 has the larger first entry
}

}  // namespace
}  // namespace xpar
