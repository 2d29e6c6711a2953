// StableHLO ops the frontend lowers to other HLO ops: chlo.mulhi (checked against a 128-bit
// reference) and the dynamic_* ops with constant shape operands.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>

#include "frontends/stablehlo/stablehlo_parser.h"
#include "ir/verifier.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

// Runs `@main(%a, %b)` of `text` on (a, b) and returns the result.
Literal RunMain(const std::string& text, const Literal& a, const Literal& b) {
  auto m = ParseStableHlo(text, "t.mlir");
  EXPECT_TRUE(m.ok()) << m.status().message();
  if (!m.ok()) return Literal();
  Status v = VerifyModule(**m);
  EXPECT_TRUE(v.ok()) << v.message();
  Interpreter interp(**m);
  std::vector<Literal> args = {a, b};
  auto r = interp.Run(args);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? std::move(r).value() : Literal();
}

std::string MulhiProgram(const std::string& type) {
  return "func.func @main(%a: " + type + ", %b: " + type + ") -> " + type + " {\n" +
         "  %0 = \"chlo.mulhi\"(%a, %b) : (" + type + ", " + type + ") -> " + type + "\n" +
         "  func.return %0 : " + type + "\n}\n";
}

TEST(StableHloLowering, MulhiAllEightBitPairs) {
  for (bool is_signed : {true, false}) {
    std::vector<int8_t> sa, sb;
    std::vector<uint8_t> ua, ub;
    for (int x = 0; x < 256; ++x) {
      for (int y = 0; y < 256; ++y) {
        sa.push_back(static_cast<int8_t>(x)), sb.push_back(static_cast<int8_t>(y));
        ua.push_back(static_cast<uint8_t>(x)), ub.push_back(static_cast<uint8_t>(y));
      }
    }
    const int64_t n = 65536;
    Literal out =
        is_signed
            ? RunMain(MulhiProgram("tensor<65536xi8>"), Literal::FromVector<int8_t>({n}, sa),
                      Literal::FromVector<int8_t>({n}, sb))
            : RunMain(MulhiProgram("tensor<65536xui8>"), Literal::FromVector<uint8_t>({n}, ua),
                      Literal::FromVector<uint8_t>({n}, ub));
    ASSERT_EQ(out.ElementCount(), n);
    for (int64_t i = 0; i < n; ++i) {
      int want = is_signed ? (sa[i] * sb[i]) >> 8 : (ua[i] * ub[i]) >> 8;
      int got = static_cast<int>(out.GetAsInt64(i));
      if (is_signed) want = static_cast<int8_t>(want);
      ASSERT_EQ(got, want) << (is_signed ? "s8 " : "u8 ") << i;
    }
  }
}

TEST(StableHloLowering, MulhiSixtyFourBitAgainstInt128) {
  std::mt19937_64 rng(7);
  std::vector<int64_t> a, b;
  for (int i = 0; i < 1000; ++i)
    a.push_back(static_cast<int64_t>(rng())), b.push_back(static_cast<int64_t>(rng()));
  for (int64_t edge : {INT64_MIN, INT64_MAX, int64_t{-1}, int64_t{0}, int64_t{1}}) {
    a.push_back(edge), b.push_back(INT64_MIN);
    a.push_back(edge), b.push_back(-1);
  }
  const int64_t n = static_cast<int64_t>(a.size());
  std::string type = fmt::format("tensor<{}xi64>", n);
  Literal s = RunMain(MulhiProgram(type), Literal::FromVector<int64_t>({n}, a),
                      Literal::FromVector<int64_t>({n}, b));
  std::vector<uint64_t> ua(a.begin(), a.end()), ub(b.begin(), b.end());
  Literal u =
      RunMain(MulhiProgram(fmt::format("tensor<{}xui64>", n)),
              Literal::FromVector<uint64_t>({n}, ua), Literal::FromVector<uint64_t>({n}, ub));
  ASSERT_EQ(s.ElementCount(), n);
  ASSERT_EQ(u.ElementCount(), n);
  for (int64_t i = 0; i < n; ++i) {
    __int128 sp = static_cast<__int128>(a[i]) * b[i];
    unsigned __int128 up = static_cast<unsigned __int128>(ua[i]) * ub[i];
    ASSERT_EQ(s.data<int64_t>()[i], static_cast<int64_t>(sp >> 64)) << a[i] << " * " << b[i];
    ASSERT_EQ(u.data<uint64_t>()[i], static_cast<uint64_t>(up >> 64)) << ua[i] << " * " << ub[i];
  }
}

TEST(StableHloLowering, DynamicPadWithConstantsBecomesPad) {
  auto m = ParseStableHlo(R"(func.func @main(%x: tensor<2xf32>) -> tensor<5xf32> {
  %v = stablehlo.constant dense<0.0> : tensor<f32>
  %lo = stablehlo.constant dense<[1]> : tensor<1xi64>
  %hi = stablehlo.constant dense<[1]> : tensor<1xi64>
  %in = stablehlo.constant dense<[1]> : tensor<1xi64>
  %0 = stablehlo.dynamic_pad %x, %v, %lo, %hi, %in
    : (tensor<2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<5xf32>
  func.return %0 : tensor<5xf32>
})",
                          "t.mlir");
  ASSERT_TRUE(m.ok()) << m.status().message();
  EXPECT_TRUE(VerifyModule(**m).ok());
  EXPECT_EQ((*m)->entry()->root()->opcode(), Opcode::kPad);
}

TEST(StableHloLowering, DynamicOpsNeedConstantOrMatchingShapes) {
  auto pad =
      ParseStableHlo(R"(func.func @main(%x: tensor<2xf32>, %lo: tensor<1xi64>) -> tensor<4xf32> {
  %v = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.dynamic_pad %x, %v, %lo, %lo, %lo
    : (tensor<2xf32>, tensor<f32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
})",
                     "t.mlir");
  ASSERT_FALSE(pad.ok());
  EXPECT_EQ(pad.status().code(), StatusCode::kUnimplemented);
  EXPECT_NE(pad.status().message().find("needs a constant edge_padding_low operand"),
            std::string::npos)
      << pad.status().message();
  auto iota = ParseStableHlo(R"(func.func @main() -> tensor<3xi64> {
  %s = stablehlo.constant dense<[4]> : tensor<1xi64>
  %0 = stablehlo.dynamic_iota %s, dim = 0 : (tensor<1xi64>) -> tensor<3xi64>
  func.return %0 : tensor<3xi64>
})",
                             "t.mlir");
  ASSERT_FALSE(iota.ok());
  EXPECT_NE(iota.status().message().find("t.mlir:3:"), std::string::npos)
      << iota.status().message();
  EXPECT_NE(iota.status().message().find("does not match the result type s64[3]"),
            std::string::npos)
      << iota.status().message();
}

}  // namespace
}  // namespace xpar
