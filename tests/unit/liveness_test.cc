// Live ranges and peak live bytes on small hand-made HLO modules: plain chains, values held by
// the output tuple, and the aliasing ops (tuple, get-tuple-element, bitcast) that own no memory.
#include "analysis/liveness.h"

#include <gtest/gtest.h>

#include <string>

#include "frontends/hlo/hlo_parser.h"

namespace xpar {
namespace {

std::unique_ptr<Module> Parse(const std::string& text) {
  auto m = ParseHloModule(text, "liveness_test.hlo");
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  return m.ok() ? std::move(m).value() : nullptr;
}

// "name:[first,last)" for each instruction; "name:-" for those that own no memory.
std::string RangesText(const Computation& comp) {
  const std::vector<LiveRange> ranges = ComputeLiveRanges(comp);
  std::string out;
  for (size_t i = 0; i < ranges.size(); ++i) {
    if (!out.empty()) out += " ";
    out += comp.instructions()[i]->name() + ":";
    if (!ranges[i].owns_memory) {
      out += "-";
      EXPECT_EQ(ranges[i].first, ranges[i].last);
    } else {
      out += "[" + std::to_string(ranges[i].first) + "," + std::to_string(ranges[i].last) + ")";
    }
  }
  return out;
}

int64_t ShapeBytes(const Instruction& inst) { return inst.shape().ByteSize(); }

constexpr const char* kChain = R"(HloModule chain
ENTRY main {
  p0 = f32[4] parameter(0)
  p1 = f32[4] parameter(1)
  a = f32[4] add(p0, p1)
  b = f32[4] multiply(a, a)
  c = f32[4] negate(b)
  d = f32[4] exponential(a)
  e = f32[4] add(c, d)
  ROOT t = (f32[4], f32[4]) tuple(e, b)
}
)";

TEST(Liveness, ChainWithOutputTuple) {
  auto m = Parse(kChain);
  ASSERT_NE(m, nullptr);
  // Parameters live throughout; `a` dies after its last use (d, position 5); `b` lives to the end
  // because the root tuple returns it; the tuple itself owns nothing.
  EXPECT_EQ(RangesText(*m->entry()),
            "p0:[0,8) p1:[0,8) a:[2,6) b:[3,8) c:[4,7) d:[5,7) e:[6,8) t:-");
}

TEST(Liveness, ProfileAndPeak) {
  auto m = Parse(kChain);
  ASSERT_NE(m, nullptr);
  // 16 bytes each: positions 0..7 hold {p0,p1}, {p0,p1}, +a, +b, +c, {p,a,b,c,d},
  // {p,b,c,d,e}, {p,b,e}. The output tuple's own 32 bytes are not counted.
  const std::vector<int64_t> expected = {32, 32, 48, 64, 80, 96, 96, 64};
  EXPECT_EQ(LiveBytesProfile(*m->entry(), ShapeBytes), expected);
  EXPECT_EQ(PeakLiveBytes(*m->entry(), ShapeBytes), 96);
}

TEST(Liveness, AliasingOpsExtendTheBuffersTheyReferTo) {
  auto m = Parse(R"(HloModule alias
ENTRY main {
  p = (f32[4], f32[8]) parameter(0)
  x = f32[4] get-tuple-element(p), index=0
  y = f32[4] negate(x)
  t = (f32[4], f32[4]) tuple(y, x)
  g = f32[4] get-tuple-element(t), index=0
  z = f32[4] bitcast(g)
  w = f32[4] add(z, z)
  ROOT r = f32[4] negate(w)
}
)");
  ASSERT_NE(m, nullptr);
  // g and z refer to y's buffer, so y lives until w (position 6) reads z.
  EXPECT_EQ(RangesText(*m->entry()), "p:[0,8) x:- y:[2,7) t:- g:- z:- w:[6,8) r:[7,8)");
  const auto owners = BufferOwners(*m->entry());
  EXPECT_EQ(owners[1], std::vector<int64_t>{0});
  EXPECT_EQ(owners[3], (std::vector<int64_t>{2, 0}));
  EXPECT_EQ(owners[5], std::vector<int64_t>{2});
  // The parameter's 48 bytes are held throughout; y, w and r add 16 each while live.
  EXPECT_EQ(PeakLiveBytes(*m->entry(), ShapeBytes), 48 + 16 + 16);
}

TEST(Liveness, ElementOfATupleProducerKeepsTheWholeProducer) {
  auto m = Parse(R"(HloModule producer
ENTRY main {
  p0 = f32[4] parameter(0)
  cc = (f32[4], f32[4]) custom-call(p0), custom_call_target="pair"
  n = f32[4] negate(p0)
  e1 = f32[4] get-tuple-element(cc), index=1
  s = f32[4] add(n, e1)
  ROOT r = f32[4] negate(s)
}
)");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(RangesText(*m->entry()), "p0:[0,6) cc:[1,5) n:[2,5) e1:- s:[4,6) r:[5,6)");
}

TEST(Liveness, DeadValuesAndBitcastRoot) {
  auto m = Parse(R"(HloModule dead
ENTRY main {
  p0 = f32[2,2] parameter(0)
  unused = f32[2,2] negate(p0)
  a = f32[2,2] exponential(p0)
  ROOT out = f32[4] bitcast(a)
}
)");
  ASSERT_NE(m, nullptr);
  // An unused value lives at its own position only; the root bitcast keeps `a` to the end.
  EXPECT_EQ(RangesText(*m->entry()), "p0:[0,4) unused:[1,2) a:[2,4) out:-");
  EXPECT_EQ(PeakLiveBytes(*m->entry(), ShapeBytes), 32);
}

TEST(Liveness, EmptyComputation) {
  Computation empty("empty");
  EXPECT_TRUE(ComputeLiveRanges(empty).empty());
  EXPECT_EQ(PeakLiveBytes(empty, ShapeBytes), 0);
}

}  // namespace
}  // namespace xpar
