// Resource limits: run-memory estimates from shapes (analysis/run_memory.h) refuse absurd
// programs before allocation, and byte arithmetic saturates instead of wrapping.
#include <gtest/gtest.h>

#include <limits>

#include "analysis/run_memory.h"
#include "frontends/hlo/hlo_parser.h"
#include "support/memory_limit.h"

namespace xpar {
namespace {

constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

std::unique_ptr<Module> Parse(const std::string& text) {
  auto m = ParseHloModule(text);
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  return m.ok() ? std::move(m).value() : nullptr;
}

TEST(LimitsMemoryTest, SaturatingArithmetic) {
  EXPECT_EQ(SaturatingAdd(kMax, 1), kMax);
  EXPECT_EQ(SaturatingAdd(2, 3), 5);
  EXPECT_EQ(SaturatingMul(int64_t{1} << 40, int64_t{1} << 40), kMax);
  EXPECT_EQ(SaturatingMul(6, 7), 42);
  EXPECT_GT(PhysicalMemoryBytes(), 0);
}

// x (4 KiB) and y (4 KiB) are live together; z reuses nothing but x is dead by then.
TEST(LimitsMemoryTest, PeakOfLiveValues) {
  auto m = Parse(R"(HloModule m
ENTRY main {
  x = f32[1024] parameter(0)
  y = f32[1024] negate(x)
  ROOT z = f32[2048] concatenate(y, y), dimensions={0}
})");
  ASSERT_TRUE(m);
  RunMemoryEstimate e = EstimateRunMemory(*m);
  // At z: x (a parameter, held by the caller), y and z are live: 4 + 4 + 8 KiB.
  EXPECT_EQ(e.peak_bytes, 16 * 1024);
  ASSERT_NE(e.largest, nullptr);
  EXPECT_EQ(e.largest->name(), "z");
  EXPECT_EQ(e.largest_bytes, 8 * 1024);
  EXPECT_TRUE(CheckRunMemory(*m, 1, 16 * 1024).ok());
  Status four = CheckRunMemory(*m, 4, 63 * 1024);
  ASSERT_FALSE(four.ok());
  EXPECT_EQ(four.code(), StatusCode::kResourceExhausted);
  EXPECT_NE(four.message().find("(4 devices x 16.0 KiB each)"), std::string::npos)
      << four.message();
  EXPECT_TRUE(CheckRunMemory(*m, 4, 0).ok());  // no budget
}

// A tuple of values near the largest shape the parser accepts: sizes saturate, never wrap to a
// small or negative count that would let the run start.
TEST(LimitsMemoryTest, HugeTupleSaturates) {
  // 16 x 2^59 bytes = 2^63: one past INT64_MAX.
  std::string shapes, operands;
  for (int i = 0; i < 16; ++i) {
    shapes += std::string(i ? ", " : "") + "f64[16777216,4294967296]";
    operands += std::string(i ? ", " : "") + "a";
  }
  auto m = Parse(R"(HloModule m
ENTRY main {
  p = f64[] parameter(0)
  a = f64[16777216,4294967296] broadcast(p), dimensions={}
  ROOT t = ()" + shapes + ") tuple(" + operands + R"()
})");
  ASSERT_TRUE(m);
  RunMemoryEstimate e = EstimateRunMemory(*m);
  EXPECT_EQ(e.largest->name(), "t");
  EXPECT_EQ(e.largest_bytes, kMax);
  EXPECT_GE(e.peak_bytes, int64_t{1} << 59);
  Status s = CheckRunMemory(*m, 8, int64_t{1} << 40);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.message().find("the largest value is %t"), std::string::npos) << s.message();
}

// A while body's peak counts on top of the entry's live values.
TEST(LimitsMemoryTest, CalledComputationAddsItsPeak) {
  auto m = Parse(R"(HloModule m
cond {
  cp = f32[256] parameter(0)
  ROOT f = pred[] constant(false)
}
body {
  bp = f32[256] parameter(0)
  one = f32[] constant(1)
  big = f32[4096] broadcast(one), dimensions={}
  ROOT s = f32[256] slice(big), slice={[0:256]}
}
ENTRY main {
  x = f32[256] parameter(0)
  ROOT w = f32[256] while(x), condition=cond, body=body
})");
  ASSERT_TRUE(m);
  RunMemoryEstimate e = EstimateRunMemory(*m);
  EXPECT_GE(e.peak_bytes, 2 * 1024 + 16 * 1024);  // x and w, plus the body's `big`
  EXPECT_EQ(e.largest->name(), "big");
}

}  // namespace
}  // namespace xpar
