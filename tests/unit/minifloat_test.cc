// The 4/6/8-bit float formats (ir/minifloat.h): every bit pattern round-trips, rounding is to
// nearest even, overflow/NaN/-0 follow ml_dtypes, and the values StableHLO's constant.mlir expects.
#include "ir/minifloat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>

#include "frontends/hlo/hlo_parser.h"
#include "io/tensor_file.h"
#include "ir/literal.h"
#include "ir/primitive_type.h"
#include "ir/printer.h"

namespace xpar {
namespace {

template <typename T>
float Dec(uint8_t bits) {
  return static_cast<float>(T::FromBits(bits));
}
template <typename T>
uint8_t Enc(float f) {
  return T(f).bits;
}
template <typename T>
float RoundTo(float f) {
  return static_cast<float>(T(f));
}

constexpr float kNan = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

// Checks one format over all its bit patterns: NaN patterns decode to NaN and encode back to a
// NaN; every other pattern encodes back to itself; positive values increase with the pattern;
// the midpoint of two neighbours rounds to the even pattern (E8M0: up, its significand is an
// implicit 1) and anything off the midpoint to the nearer one.
template <typename T>
void CheckFormat(const char* name, float expected_max) {
  SCOPED_TRACE(name);
  constexpr MinifloatFormat F = T::kFormat;
  const uint32_t count = 1u << F.Width();
  for (uint32_t b = 0; b < count; ++b) {
    float v = Dec<T>(static_cast<uint8_t>(b));
    if (std::isnan(v)) {
      EXPECT_TRUE(std::isnan(RoundTo<T>(v))) << b;
    } else {
      EXPECT_EQ(Enc<T>(v), b) << "pattern " << b << " value " << v;
    }
  }
  EXPECT_EQ(Dec<T>(static_cast<uint8_t>(F.MaxFiniteBits())), expected_max);
  // Positive patterns in order; `prev` is the previous finite value.
  for (uint32_t b = 1; b <= F.MaxFiniteBits(); ++b) {
    float lo = Dec<T>(static_cast<uint8_t>(b - 1)), hi = Dec<T>(static_cast<uint8_t>(b));
    ASSERT_LT(lo, hi) << b;
    float mid = lo + (hi - lo) / 2;  // exact: a few significant bits
    uint32_t even = F.has_subnormals ? ((b - 1) % 2 == 0 ? b - 1 : b) : b;
    EXPECT_EQ(Enc<T>(mid), even) << "midpoint of " << lo << " and " << hi;
    EXPECT_EQ(Enc<T>(std::nextafter(mid, lo)), b - 1) << lo;
    EXPECT_EQ(Enc<T>(std::nextafter(mid, hi)), b) << hi;
  }
}

TEST(Minifloat, EveryPatternRoundTripsAndRoundsToNearestEven) {
  CheckFormat<f4e2m1fn>("f4e2m1fn", 6.0f);
  CheckFormat<f6e2m3fn>("f6e2m3fn", 7.5f);
  CheckFormat<f6e3m2fn>("f6e3m2fn", 28.0f);
  CheckFormat<f8e3m4>("f8e3m4", 15.5f);
  CheckFormat<f8e4m3>("f8e4m3", 240.0f);
  CheckFormat<f8e4m3fn>("f8e4m3fn", 448.0f);
  CheckFormat<f8e4m3fnuz>("f8e4m3fnuz", 240.0f);
  CheckFormat<f8e4m3b11fnuz>("f8e4m3b11fnuz", 30.0f);
  CheckFormat<f8e5m2>("f8e5m2", 57344.0f);
  CheckFormat<f8e5m2fnuz>("f8e5m2fnuz", 57344.0f);
  CheckFormat<f8e8m0fnu>("f8e8m0fnu", std::ldexp(1.0f, 127));
}

TEST(Minifloat, OverflowFollowsMlDtypes) {
  // IEEE-like formats overflow to inf; a value under max + half an ulp still rounds to max.
  EXPECT_EQ(RoundTo<f8e5m2>(60000.0f), 57344.0f);
  EXPECT_EQ(RoundTo<f8e5m2>(61440.0f), kInf);  // the midpoint to the next binade
  EXPECT_EQ(RoundTo<f8e5m2>(-1e6f), -kInf);
  EXPECT_EQ(Enc<f8e4m3>(kInf), 0x78);
  EXPECT_EQ(Enc<f8e3m4>(-kInf), 0xF0);
  // FN / FNUZ / E8M0 have no inf: overflow and inf become NaN (the non-saturating cast).
  EXPECT_EQ(RoundTo<f8e4m3fn>(464.0f), 448.0f);
  EXPECT_TRUE(std::isnan(RoundTo<f8e4m3fn>(480.0f)));
  EXPECT_EQ(Enc<f8e4m3fn>(-1000.0f), 0xFF);
  EXPECT_EQ(Enc<f8e4m3fnuz>(kInf), 0x80);
  EXPECT_EQ(Enc<f8e4m3b11fnuz>(-31.0f), 0x80);
  EXPECT_EQ(Enc<f8e5m2fnuz>(1e9f), 0x80);
  EXPECT_EQ(Enc<f8e8m0fnu>(kInf), 0xFF);
  // Finite-only f4/f6 saturate.
  EXPECT_EQ(RoundTo<f4e2m1fn>(100.0f), 6.0f);
  EXPECT_EQ(RoundTo<f4e2m1fn>(-kInf), -6.0f);
  EXPECT_EQ(RoundTo<f6e2m3fn>(8.5f), 7.5f);
  EXPECT_EQ(RoundTo<f6e3m2fn>(-1e30f), -28.0f);
}

TEST(Minifloat, NanZeroAndSign) {
  EXPECT_EQ(Enc<f8e4m3fn>(kNan), 0x7F);
  EXPECT_EQ(Enc<f8e4m3fn>(-kNan), 0xFF);
  EXPECT_TRUE(std::isnan(Dec<f8e4m3fn>(0xFF)));
  EXPECT_EQ(Enc<f8e5m2>(kNan), 0x7E);  // quiet NaN: top mantissa bit
  EXPECT_TRUE(std::isnan(Dec<f8e5m2>(0x7D)));
  EXPECT_EQ(Dec<f8e5m2>(0x7C), kInf);
  EXPECT_EQ(Enc<f8e5m2fnuz>(kNan), 0x80);
  EXPECT_TRUE(std::isnan(Dec<f8e4m3fnuz>(0x80)));
  // FNUZ has no -0: -0 and negative underflow become +0.
  EXPECT_EQ(Enc<f8e4m3fnuz>(-0.0f), 0x00);
  EXPECT_EQ(Enc<f8e5m2fnuz>(-1e-30f), 0x00);
  EXPECT_EQ(Enc<f8e4m3fn>(-0.0f), 0x80);
  EXPECT_EQ(Enc<f8e4m3fn>(-1e-30f), 0x80);  // keeps the sign
  EXPECT_EQ(Enc<f4e2m1fn>(-0.0f), 0x08);
  // f4/f6 have no NaN: ml_dtypes maps NaN to the zero of the other sign.
  EXPECT_EQ(Enc<f4e2m1fn>(kNan), 0x08);
  EXPECT_EQ(Enc<f6e3m2fn>(-kNan), 0x00);
  // E8M0FNU: unsigned, no zero; 0 and negatives are NaN, tiny values the smallest (2^-127).
  EXPECT_EQ(Enc<f8e8m0fnu>(0.0f), 0xFF);
  EXPECT_EQ(Enc<f8e8m0fnu>(-2.0f), 0xFF);
  EXPECT_EQ(Enc<f8e8m0fnu>(1e-45f), 0x00);
  EXPECT_EQ(Dec<f8e8m0fnu>(0x00), std::ldexp(1.0f, -127));
  EXPECT_EQ(Dec<f8e8m0fnu>(0x7F), 1.0f);
}

// The values StableHLO's interpret/constant.mlir expects, checked by hand against the formats.
TEST(Minifloat, ConstantMlirValues) {
  EXPECT_EQ(Dec<f4e2m1fn>(0x07), 6.0f);
  EXPECT_EQ(Dec<f4e2m1fn>(0x0F), -6.0f);
  EXPECT_EQ(Dec<f4e2m1fn>(0x09), -0.5f);
  EXPECT_EQ(RoundTo<f4e2m1fn>(0.125f), 0.0f);
  EXPECT_EQ(RoundTo<f4e2m1fn>(3.1415f), 3.0f);
  EXPECT_EQ(Dec<f6e2m3fn>(0x1F), 7.5f);
  EXPECT_EQ(Dec<f6e2m3fn>(0x21), -0.125f);
  EXPECT_EQ(RoundTo<f6e2m3fn>(0.1f), 0.125f);
  EXPECT_EQ(RoundTo<f6e2m3fn>(3.1415f), 3.25f);
  EXPECT_EQ(Dec<f6e3m2fn>(0x1F), 28.0f);
  EXPECT_EQ(Dec<f6e3m2fn>(0x01), 0.0625f);
  EXPECT_EQ(RoundTo<f6e3m2fn>(3.1415f), 3.0f);
  EXPECT_EQ(Dec<f8e3m4>(0x01), 0.015625f);
  EXPECT_TRUE(std::isnan(Dec<f8e3m4>(0x7F)));
  EXPECT_EQ(RoundTo<f8e3m4>(0.1f), 0.09375f);
  EXPECT_EQ(RoundTo<f8e3m4>(3.1415f), 3.125f);
  EXPECT_EQ(Dec<f8e4m3b11fnuz>(0x7F), 30.0f);
  EXPECT_EQ(Dec<f8e4m3b11fnuz>(0x81), -std::ldexp(1.0f, -13));
  EXPECT_EQ(RoundTo<f8e4m3b11fnuz>(0.1f), 0.1015625f);
  EXPECT_EQ(Dec<f8e4m3>(0x01), std::ldexp(1.0f, -9));
  EXPECT_EQ(RoundTo<f8e4m3>(3.1415f), 3.25f);
  EXPECT_EQ(Dec<f8e4m3fn>(0x81), -std::ldexp(1.0f, -9));
  EXPECT_EQ(Dec<f8e4m3fnuz>(0x7F), 240.0f);
  EXPECT_EQ(Dec<f8e4m3fnuz>(0x01), std::ldexp(1.0f, -10));
  EXPECT_EQ(Dec<f8e5m2>(0x01), std::ldexp(1.0f, -16));
  EXPECT_EQ(RoundTo<f8e5m2>(0.1f), 0.09375f);
  EXPECT_EQ(Dec<f8e5m2fnuz>(0x7F), 57344.0f);
  EXPECT_EQ(Dec<f8e5m2fnuz>(0x81), -std::ldexp(1.0f, -17));
  EXPECT_EQ(RoundTo<f8e8m0fnu>(0.1f), 0.125f);
  EXPECT_EQ(RoundTo<f8e8m0fnu>(3.1415f), 4.0f);
  EXPECT_EQ(Dec<f8e8m0fnu>(0x80), 2.0f);
  EXPECT_TRUE(std::isnan(Dec<f8e8m0fnu>(0xFF)));
  // dot_general.mlir: 140 is no f8E4M3 value; it rounds (tie) to the even 144.
  EXPECT_EQ(RoundTo<f8e4m3>(140.0f), 144.0f);
  EXPECT_EQ(RoundTo<f8e3m4>(14.0f), 14.0f);
}

TEST(Minifloat, PrimitiveTypes) {
  for (PrimitiveType t : {PrimitiveType::kF8E4M3FN, PrimitiveType::kF8E5M2,
                          PrimitiveType::kF8E4M3FNUZ, PrimitiveType::kF8E5M2FNUZ,
                          PrimitiveType::kF8E4M3B11FNUZ, PrimitiveType::kF8E3M4,
                          PrimitiveType::kF8E4M3, PrimitiveType::kF8E8M0FNU,
                          PrimitiveType::kF6E2M3FN, PrimitiveType::kF6E3M2FN,
                          PrimitiveType::kF4E2M1FN}) {
    SCOPED_TRACE(std::string(PrimitiveTypeName(t)));
    EXPECT_EQ(PrimitiveTypeFromName(PrimitiveTypeName(t)), t);
    EXPECT_EQ(ByteWidth(t), 1);  // what the auto-sharding cost model charges per element
    EXPECT_TRUE(IsFloating(t));
    EXPECT_TRUE(IsMinifloat(t));
    int64_t size = 0;
    EXPECT_TRUE(VisitArrayType(t, [&](auto tag) { size = sizeof(tag); }));
    EXPECT_EQ(size, 1);
  }
  EXPECT_EQ(EncodingBits(PrimitiveType::kF4E2M1FN), 4);
  EXPECT_EQ(EncodingBits(PrimitiveType::kF6E3M2FN), 6);
  EXPECT_EQ(EncodingBits(PrimitiveType::kF8E5M2), 8);
  EXPECT_FALSE(IsMinifloat(PrimitiveType::kBF16));
  EXPECT_EQ(PrimitiveTypeName(PrimitiveType::kF8E4M3B11FNUZ), "f8e4m3b11fnuz");
}

TEST(Minifloat, LiteralAccessRounds) {
  Literal l(Shape(PrimitiveType::kF8E4M3FN, {2}));
  l.SetFromDouble(0, 0.1);
  l.SetFromInt64(1, 17);  // 16 and 18 are neighbours: tie to even mantissa (16)
  EXPECT_EQ(l.GetAsDouble(0), 0.1015625);
  EXPECT_EQ(l.GetAsInt64(1), 16);
}

TEST(Minifloat, HloTextParsesAndPrintsBack) {
  auto m = ParseHloModule(R"(HloModule m
ENTRY e {
  a = f8e4m3fn[4] constant({0.1, -448, nan, 3})
  b = f4e2m1fn[2] constant({2.9, -0.2})
  c = f8e5m2[2] constant({inf, 1})
  ROOT t = (f8e4m3fn[4], f4e2m1fn[2], f8e5m2[2]) tuple(a, b, c)
})",
                               "fp8.hlo");
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  std::string printed = PrintModule(**m);
  EXPECT_NE(printed.find("f8e4m3fn[4] constant({0.1015625, -448, nan, 3})"), std::string::npos)
      << printed;
  EXPECT_NE(printed.find("f4e2m1fn[2] constant({3, -0})"), std::string::npos) << printed;
  EXPECT_NE(printed.find("f8e5m2[2] constant({inf, 1})"), std::string::npos) << printed;
  auto again = ParseHloModule(printed, "printed.hlo");
  ASSERT_TRUE(again.ok()) << again.status().ToString();
  EXPECT_EQ(PrintModule(**again), printed);
}

Literal F8Literal(PrimitiveType t, std::initializer_list<double> values) {
  Literal l(Shape(t, {static_cast<int64_t>(values.size())}));
  int64_t i = 0;
  for (double v : values) l.SetFromDouble(i++, v);
  return l;
}

TEST(Minifloat, TensorFiles) {
  const auto dir = std::filesystem::temp_directory_path();
  // safetensors stores F8_E4M3 (float8_e4m3fn) and F8_E5M2 byte for byte.
  std::vector<NamedTensor> st = {{"a", F8Literal(PrimitiveType::kF8E4M3FN, {0.5, -448, 3})},
                                 {"b", F8Literal(PrimitiveType::kF8E5M2, {-0.25, 57344})}};
  const std::string st_path = (dir / "xpar_test_fp8.safetensors").string();
  ASSERT_TRUE(WriteSafetensors(st_path, st).ok());
  auto back = ReadSafetensors(st_path);
  ASSERT_TRUE(back.ok()) << back.status().message();
  ASSERT_EQ(back->size(), 2u);
  EXPECT_TRUE((*back)[0].value == st[0].value);
  EXPECT_TRUE((*back)[1].value == st[1].value);
  // A format safetensors cannot name is a clear error.
  Status bad = WriteSafetensors(st_path, {{"c", F8Literal(PrimitiveType::kF8E4M3FNUZ, {1})}});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.message().find("no dtype for f8e4m3fnuz"), std::string::npos) << bad.message();
  // .npz has no fp8 dtype: written as float32 exactly, and f32 feeds an fp8 parameter again.
  const std::string npz_path = (dir / "xpar_test_fp8.npz").string();
  Literal f4 = F8Literal(PrimitiveType::kF4E2M1FN, {-6, 0.5, 1.5});
  ASSERT_TRUE(WriteNpz(npz_path, {{"f4", f4}}).ok());
  auto npz = ReadNpz(npz_path);
  ASSERT_TRUE(npz.ok()) << npz.status().message();
  ASSERT_EQ((*npz)[0].value.type(), PrimitiveType::kF32);
  EXPECT_EQ((*npz)[0].value.GetAsDouble(0), -6.0);
  auto param = ConvertForParameter((*npz)[0], f4.shape());
  ASSERT_TRUE(param.ok()) << param.status().message();
  EXPECT_TRUE(*param == f4);
}

}  // namespace
}  // namespace xpar
