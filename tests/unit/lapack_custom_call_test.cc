// jaxlib's legacy LAPACK/BLAS custom calls in the interpreter (custom_call_lapack.cc): every
// blas_strsm side/triangle/transpose/diagonal combination is checked by multiplying the
// solution back; lapack_sgetrf by rebuilding P*A = L*U and by its info on a singular matrix;
// lapack_spotrf's upper form by U^T U = A with the lower triangle left as it was; any other
// lapack_* target fails with an error that names it.
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

std::string I32(int v) { return "stablehlo.constant dense<" + std::to_string(v) + "> : tensor<i32>"; }

// A well-conditioned 3x3 matrix with both triangles populated.
const std::vector<float> kA = {4, -1, 2, 0.5f, 5, -1, -2, 1.5f, 6};

TEST(LapackCustomCall, TrsmEveryVariantSolves) {
  const std::vector<float> b = {1, 2, -3, 0.5f, -1, 4};  // 2x3 (right side) or 3x2 (left side)
  for (int left : {0, 1}) {
    for (int lower : {0, 1}) {
      for (int trans : {0, 1}) {
        for (int unit : {0, 1}) {
          const int m = left ? 3 : 2, n = left ? 2 : 3;
          const std::string bt = "tensor<" + std::to_string(m) + "x" + std::to_string(n) + "xf32>";
          std::string text = "func.func @main(%a: tensor<3x3xf32>, %b: " + bt + ") -> " + bt +
                             " {\n  %alpha = stablehlo.constant dense<2.0> : tensor<f32>\n";
          const int flags[] = {left, lower, trans, unit, m, n, 1};
          for (int i = 0; i < 7; ++i) text += "  %f" + std::to_string(i) + " = " + I32(flags[i]) + "\n";
          text += "  %x = stablehlo.custom_call @blas_strsm(%f0, %f1, %f2, %f3, %f4, %f5, %f6, "
                  "%alpha, %a, %b) {api_version = 2 : i32} : (tensor<i32>, tensor<i32>, "
                  "tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<f32>, "
                  "tensor<3x3xf32>, " + bt + ") -> " + bt + "\n  func.return %x : " + bt + "\n}\n";
          Literal x = RunStableHloText(text, {Literal::FromVector<float>({3, 3}, kA),
                                 Literal::FromVector<float>({m, n}, b)});
          ASSERT_EQ(x.ElementCount(), m * n);
          // op(T)(i, j) with T the referenced triangle of A (unit diagonal when asked).
          auto t = [&](int i, int j) -> double {
            if (i == j && unit) return 1.0;
            if (lower ? i < j : i > j) return 0.0;
            return kA[i * 3 + j];
          };
          auto op = [&](int i, int j) { return trans ? t(j, i) : t(i, j); };
          for (int i = 0; i < m; ++i) {
            for (int j = 0; j < n; ++j) {
              double acc = 0;
              for (int k = 0; k < 3; ++k) {
                acc += left ? op(i, k) * x.GetAsDouble(k * n + j) : x.GetAsDouble(i * n + k) * op(k, j);
              }
              EXPECT_NEAR(acc, 2.0 * b[i * n + j], 1e-4)
                  << "left=" << left << " lower=" << lower << " trans=" << trans << " unit=" << unit;
            }
          }
        }
      }
    }
  }
}

Literal Getrf(const std::vector<float>& a) {
  const std::string text =
      "func.func @main(%a: tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, tensor<3xi32>, tensor<i32>> {\n"
      "  %b = " + I32(1) + "\n  %m = " + I32(3) + "\n  %n = " + I32(3) + "\n"
      "  %r = stablehlo.custom_call @lapack_sgetrf(%b, %m, %n, %a) {api_version = 2 : i32} : "
      "(tensor<i32>, tensor<i32>, tensor<i32>, tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, "
      "tensor<3xi32>, tensor<i32>>\n  func.return %r : tuple<tensor<3x3xf32>, tensor<3xi32>, "
      "tensor<i32>>\n}\n";
  return RunStableHloText(text, {Literal::FromVector<float>({3, 3}, a)});
}

TEST(LapackCustomCall, GetrfRebuildsPermutedMatrix) {
  Literal r = Getrf(kA);
  ASSERT_EQ(r.elements().size(), 3u);
  const Literal &lu = r.elements()[0], &piv = r.elements()[1];
  EXPECT_EQ(r.elements()[2].GetAsInt64(0), 0);
  // Apply the 1-based row swaps to A, as LAPACK's laswp does.
  std::vector<double> pa(kA.begin(), kA.end());
  for (int j = 0; j < 3; ++j) {
    const int p = static_cast<int>(piv.GetAsInt64(j)) - 1;
    ASSERT_GE(p, j);
    for (int k = 0; k < 3; ++k) std::swap(pa[j * 3 + k], pa[p * 3 + k]);
  }
  EXPECT_EQ(piv.GetAsInt64(0), 1);  // |4| is the largest entry of column 0
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      double acc = 0;
      for (int k = 0; k <= std::min(i, j); ++k) {
        const double l = k == i ? 1.0 : lu.GetAsDouble(i * 3 + k);
        acc += l * lu.GetAsDouble(k * 3 + j);
      }
      EXPECT_NEAR(acc, pa[i * 3 + j], 1e-5) << i << "," << j;
    }
  }
}

TEST(LapackCustomCall, GetrfReportsTheFirstZeroPivot) {
  Literal r = Getrf({1, 2, 3, 2, 4, 6, 0, 0, 1});  // column 1 vanishes after eliminating column 0
  ASSERT_EQ(r.elements().size(), 3u);
  EXPECT_EQ(r.elements()[2].GetAsInt64(0), 2);
}

TEST(LapackCustomCall, PotrfUpperKeepsTheLowerTriangle) {
  const std::vector<float> a = {4, 2, -2, 99, 10, 1, 98, 97, 9};  // upper triangle is SPD's
  const std::string text =
      "func.func @main(%a: tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, tensor<i32>> {\n"
      "  %l = " + I32(0) + "\n  %b = " + I32(1) + "\n  %n = " + I32(3) + "\n"
      "  %r = stablehlo.custom_call @lapack_spotrf(%l, %b, %n, %a) {api_version = 2 : i32} : "
      "(tensor<i32>, tensor<i32>, tensor<i32>, tensor<3x3xf32>) -> tuple<tensor<3x3xf32>, "
      "tensor<i32>>\n  func.return %r : tuple<tensor<3x3xf32>, tensor<i32>>\n}\n";
  Literal r = RunStableHloText(text, {Literal::FromVector<float>({3, 3}, a)});
  ASSERT_EQ(r.elements().size(), 2u);
  const Literal& u = r.elements()[0];
  EXPECT_EQ(r.elements()[1].GetAsInt64(0), 0);
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      if (i > j) {
        EXPECT_EQ(u.GetAsDouble(i * 3 + j), a[i * 3 + j]);
        continue;
      }
      double acc = 0;
      for (int k = 0; k <= i; ++k) acc += u.GetAsDouble(k * 3 + i) * u.GetAsDouble(k * 3 + j);
      EXPECT_NEAR(acc, a[i * 3 + j], 1e-5) << i << "," << j;
    }
  }
}

TEST(LapackCustomCall, UnsupportedLapackTargetIsNamed) {
  auto m = ParseStableHlo(
      "func.func @main(%a: tensor<3x3xf32>) -> tensor<3x3xf32> {\n"
      "  %r = stablehlo.custom_call @lapack_sgeev_ffi(%a) : "
      "(tensor<3x3xf32>) -> tensor<3x3xf32>\n  func.return %r : tensor<3x3xf32>\n}\n",
      "t.mlir");
  ASSERT_TRUE(m.ok()) << m.status().message();
  Interpreter interp(**m);
  std::vector<Literal> args = {Literal::FromVector<float>({3, 3}, kA)};
  auto r = interp.Run(args);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("lapack_sgeev_ffi"), std::string::npos) << r.status().message();
  EXPECT_NE(r.status().message().find("LAPACK/BLAS kernel"), std::string::npos);
}

}  // namespace
}  // namespace xpar
