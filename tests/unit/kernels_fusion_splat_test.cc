// Shared splat broadcasts inside elementwise loop fusion (fusion.cc): a broadcast of a
// one-element value (what the StableHLO frontend makes of a large splat constant) with several
// users is computed inside each fused user's group instead of being materialised once and kept
// alive; it is still materialised for a user that does not fuse. The unfused kernels' bits on
// 1 and 4 threads, and the peak without the broadcast's buffer.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "frontends/hlo/hlo_parser.h"
#include "interpreter_core_test_util.h"

namespace xpar {
namespace {

constexpr int64_t kN = 256;  // f32[256,256]: 64k elements, 256 KiB, several blocks per thread

// Runs `hlo` on x: t[kN,kN] (and `extra` after it) fused on 1 and 4 threads and unfused; the
// fused bits must be the unfused ones. Returns the fused peaks (1 thread, then 4).
std::vector<int64_t> FusedPeaksWithUnfusedBits(const std::string& hlo, PrimitiveType t,
                                               std::vector<Literal> extra = {}) {
  auto m = ParseHloModule(hlo);
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  if (!m.ok()) return {};
  std::vector<Literal> args = {UniformLiteral(t, {kN, kN}, 11)};
  for (Literal& e : extra) args.push_back(std::move(e));
  const Ran unfused = RunWith(**m, args, false, 1);
  std::vector<int64_t> peaks;
  for (int threads : {1, 4}) {
    const Ran fused = RunWith(**m, args, true, threads);
    EXPECT_TRUE(fused.value == unfused.value) << threads << " threads";
    peaks.push_back(fused.peak);
  }
  return peaks;
}

// One broadcast of -inf used by two chains that merge into one group: no buffer but the result.
TEST(FusionSplat, SharedScalarBroadcastIsNotMaterialised) {
  for (const char* t : {"f32", "bf16"}) {
    const std::string hlo = fmt::format(R"(HloModule shared
ENTRY e {{
  x = {0}[{1},{1}] parameter(0)
  c = {0}[] constant(-0.75)
  cb = {0}[{1},{1}] broadcast(c), dimensions={{}}
  a = {0}[{1},{1}] multiply(x, cb)
  e = {0}[{1},{1}] exponential(a)
  b = {0}[{1},{1}] maximum(x, cb)
  h = {0}[{1},{1}] tanh(b)
  s = {0}[{1},{1}] add(e, h)
  ROOT y = {0}[{1},{1}] subtract(s, cb)
}}
)",
                                        t, kN);
    const PrimitiveType type = std::string(t) == "f32" ? PrimitiveType::kF32
                                                       : PrimitiveType::kBF16;
    const int64_t out = kN * kN * ByteWidth(type);
    for (int64_t peak : FusedPeaksWithUnfusedBits(hlo, type)) {
      EXPECT_LE(peak, out + 256) << t;  // was 2 * out: the broadcast stayed alive
    }
  }
}

// The users are in two groups split by a transpose: each computes its own copy, so only the
// first group's result and the transpose are alive together (the broadcast made it three).
TEST(FusionSplat, CopiesInSeparateGroupsOfAScalarParameter) {
  const std::string hlo = fmt::format(R"(HloModule split
ENTRY e {{
  x = f32[{0},{0}] parameter(0)
  v = f32[] parameter(1)
  vb = f32[{0},{0}] broadcast(v), dimensions={{}}
  a = f32[{0},{0}] multiply(x, vb)
  e = f32[{0},{0}] exponential(a)
  t = f32[{0},{0}] transpose(e), dimensions={{1,0}}
  ROOT y = f32[{0},{0}] add(t, vb)
}}
)",
                                      kN);
  std::vector<Literal> extra;
  extra.push_back(UniformLiteral(PrimitiveType::kF32, {}, 12));
  const int64_t out = kN * kN * 4;
  for (int64_t peak : FusedPeaksWithUnfusedBits(hlo, PrimitiveType::kF32, std::move(extra))) {
    EXPECT_LE(peak, 2 * out + 256);
  }
}

// A user that does not fuse (a transpose) still gets the materialised broadcast; the fused
// user computes its own copy.
TEST(FusionSplat, UnfusedUserStillGetsTheBroadcast) {
  const std::string hlo = fmt::format(R"(HloModule mixed
ENTRY e {{
  x = f32[{0},{0}] parameter(0)
  c = f32[] constant(3.5)
  cb = f32[{0},{0}] broadcast(c), dimensions={{}}
  t = f32[{0},{0}] transpose(cb), dimensions={{1,0}}
  a = f32[{0},{0}] multiply(x, cb)
  ROOT y = f32[{0},{0}] add(a, t)
}}
)",
                                      kN);
  const int64_t out = kN * kN * 4;
  for (int64_t peak : FusedPeaksWithUnfusedBits(hlo, PrimitiveType::kF32)) {
    EXPECT_GE(peak, 2 * out);  // the broadcast and its transpose: both held
  }
}

// The broadcast is the computation's result and also a fused operand: it is materialised.
TEST(FusionSplat, BroadcastThatIsTheRootIsMaterialised) {
  const std::string hlo = fmt::format(R"(HloModule root
ENTRY e {{
  x = f32[{0},{0}] parameter(0)
  c = f32[] constant(-2)
  cb = f32[{0},{0}] broadcast(c), dimensions={{}}
  a = f32[{0},{0}] multiply(x, cb)
  b = f32[{0},{0}] add(a, cb)
  ROOT y = (f32[{0},{0}], f32[{0},{0}]) tuple(b, cb)
}}
)",
                                      kN);
  EXPECT_EQ(FusedPeaksWithUnfusedBits(hlo, PrimitiveType::kF32).size(), 2u);
}

}  // namespace
}  // namespace xpar
