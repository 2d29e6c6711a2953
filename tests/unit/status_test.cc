// Status / Expected and the 16-bit float conversions.
#include <gtest/gtest.h>

#include <cmath>

#include "ir/primitive_type.h"
#include "support/source_text.h"
#include "support/status.h"

namespace xpar {
namespace {

Expected<int> Half(int x) {
  if (x % 2) return InvalidArgument("{} is odd", x);
  return x / 2;
}

Expected<int> Quarter(int x) {
  ASSIGN_OR_RETURN(int h, Half(x));
  ASSIGN_OR_RETURN(int q, Half(h));
  return q;
}

TEST(Status, PropagatesErrors) {
  EXPECT_EQ(*Quarter(8), 2);
  Expected<int> bad = Quarter(6);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.status().message(), "3 is odd");
  EXPECT_EQ(bad.status().code(), StatusCode::kInvalidArgument);
}

TEST(SourceText, ReportsLineColumnAndCaret) {
  SourceText src("m.hlo", "HloModule m\n  %x = f32[] ad(%y)\n");
  Status s = src.Error(23, "unknown opcode 'ad'");
  EXPECT_EQ(s.message(), "m.hlo:2:12: error: unknown opcode 'ad'\n  %x = f32[] ad(%y)\n           ^");
}

TEST(Float16, Bf16RoundsToNearestEven) {
  EXPECT_EQ(FloatToBf16Bits(1.0f), 0x3f80);
  // 1 + 2^-8 is exactly halfway between two bf16 values: ties go to the even mantissa (1.0).
  EXPECT_EQ(FloatToBf16Bits(1.0f + std::ldexp(1.0f, -8)), 0x3f80);
  EXPECT_EQ(FloatToBf16Bits(1.0f + 3 * std::ldexp(1.0f, -8)), 0x3f82);
  EXPECT_TRUE(std::isnan(Bf16BitsToFloat(FloatToBf16Bits(NAN))));
}

TEST(Float16, F16RoundTripsAndRounds) {
  for (float f : {0.0f, 1.0f, -2.5f, 65504.0f, 6.1035156e-05f, 5.9604645e-08f}) {
    EXPECT_EQ(F16BitsToFloat(FloatToF16Bits(f)), f) << f;
  }
  EXPECT_EQ(FloatToF16Bits(65520.0f), 0x7c00);  // rounds to +inf
  EXPECT_EQ(FloatToF16Bits(1.0f + std::ldexp(1.0f, -11)), 0x3c00);  // tie to even
  EXPECT_TRUE(std::isnan(F16BitsToFloat(FloatToF16Bits(NAN))));
}

}  // namespace
}  // namespace xpar
