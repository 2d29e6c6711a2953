// Status / Expected and the 16-bit float conversions.
#include <gtest/gtest.h>

#include <cmath>

#include "frontends/hlo/hlo_parser.h"
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

TEST(Status, LocatedFlagIsTypedAndSurvivesContextAndCode) {
  SourceText src("m.hlo", "HloModule m\n");
  Status located = src.Error(0, "bad");
  EXPECT_TRUE(located.located());
  EXPECT_EQ(located.code(), StatusCode::kInvalidArgument);
  Status wrapped = located.WithContext("device 1: ").WithCode(StatusCode::kResourceExhausted);
  EXPECT_TRUE(wrapped.located());
  EXPECT_EQ(wrapped.code(), StatusCode::kResourceExhausted);
  EXPECT_EQ(wrapped.message(), "device 1: m.hlo:1:1: error: bad\nHloModule m\n^");
  // A message that merely reads like a diagnostic is not located: the flag is set only by code
  // that prefixes a real location.
  Status lookalike = InvalidArgument("cannot open 'a: error: b.hlo'");
  EXPECT_FALSE(lookalike.located());
  EXPECT_FALSE(lookalike.WithContext("x: ").located());
  EXPECT_FALSE(Status::Located(StatusCode::kOk, "").located());
  Status io = Status::Located(StatusCode::kIo, "f:1:1: error: x");
  EXPECT_TRUE(io.WithCode(StatusCode::kOk).located());  // an error never becomes OK
}

TEST(Status, ParserAndModuleErrorsAreLocated) {
  auto bad = ParseHloModule("HloModule m\nENTRY %e {\n  ROOT %x = f32[] ad()\n}\n", "m.hlo");
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(bad.status().located()) << bad.status().message();
  auto good =
      ParseHloModule("HloModule m\nENTRY %e {\n  ROOT %x = f32[] constant(1)\n}\n", "m.hlo");
  ASSERT_TRUE(good.ok()) << good.status().message();
  const Instruction& root = *(*good)->entry()->root();
  Status at = (*good)->ErrorAt(root, "here");
  EXPECT_TRUE(at.located());
  EXPECT_EQ(at.message().rfind("m.hlo:3:8: error: here", 0), 0u) << at.message();  // at the name
  // Without source text there is no file:line to name: the instruction's name only.
  Module bare("bare");
  Instruction loose("x", Opcode::kConstant, Shape::Scalar(PrimitiveType::kF32));
  Status unlocated = bare.ErrorAt(loose, "here");
  EXPECT_FALSE(unlocated.located());
  EXPECT_EQ(unlocated.message(), "%x: here");
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
