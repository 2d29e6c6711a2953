// The evaluator's held bytes (Interpreter::memory()) against the liveness analysis's live-set
// peak: values die at their last reader, tuples, get-tuple-elements and while loops move dying
// values instead of copying them, and nothing stays counted after a run.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "analysis/liveness.h"
#include "frontends/hlo/hlo_parser.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

constexpr int64_t kBig = 256 * 256 * 4;  // one f32[256,256]

std::unique_ptr<Module> Parse(const std::string& text) {
  auto m = ParseHloModule(text, "kernels_memory_test.hlo");
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  return m.ok() ? std::move(m).value() : nullptr;
}

Literal Ramp(int64_t salt) {
  std::vector<float> v(256 * 256);
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>((i * 7 + salt) % 1001);
  return Literal::FromVector<float>({256, 256}, v);
}

int64_t LivenessPeak(const Module& m) {
  return PeakLiveBytes(*m.entry(), [](const Instruction& i) { return i.shape().ByteSize(); });
}

// Runs the entry on `args`; returns the evaluator's peak plus the arguments' bytes (which the
// caller holds, and liveness counts as live throughout).
int64_t RunPeak(const Module& m, const std::vector<Literal>& args, Literal* out) {
  Interpreter interp(m);
  auto r = interp.Run(args);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  if (r.ok() && out) *out = std::move(r).value();
  EXPECT_EQ(interp.memory().held, 0) << "bytes still counted after the run";
  int64_t arg_bytes = 0;
  for (const Literal& a : args) arg_bytes += a.size_bytes();
  return interp.memory().peak + arg_bytes;
}

TEST(KernelsMemory, ChainOfTemporariesHoldsTwoAtATime) {
  // Eight big temporaries in a chain, plus one nobody reads: at most an operand and a result
  // (and the parameter) are alive at once.
  auto m = Parse(R"(HloModule chain
ENTRY main {
  p = f32[256,256] parameter(0)
  unused = f32[256,256] reverse(p), dimensions={0}
  a = f32[256,256] reverse(p), dimensions={0}
  b = f32[256,256] transpose(a), dimensions={1,0}
  c = f32[256,256] reverse(b), dimensions={1}
  d = f32[256,256] transpose(c), dimensions={1,0}
  e = f32[256,256] reverse(d), dimensions={0}
  f = f32[256,256] transpose(e), dimensions={1,0}
  g = f32[256,256] reverse(f), dimensions={1}
  ROOT h = f32[256,256] transpose(g), dimensions={1,0}
}
)");
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(LivenessPeak(*m), 3 * kBig);
  EXPECT_EQ(RunPeak(*m, {Ramp(0)}, nullptr), 3 * kBig);
}

TEST(KernelsMemory, TupleAndGetTupleElementMoveDyingValues) {
  // Copying a and b into the tuple, then out again, would hold five buffers at once.
  auto m = Parse(R"(HloModule tuples
ENTRY main {
  p = f32[256,256] parameter(0)
  a = f32[256,256] reverse(p), dimensions={0}
  b = f32[256,256] transpose(p), dimensions={1,0}
  t = (f32[256,256], f32[256,256]) tuple(a, b)
  x = f32[256,256] get-tuple-element(t), index=0
  y = f32[256,256] get-tuple-element(t), index=1
  ROOT z = f32[256,256] subtract(x, y)
}
)");
  ASSERT_NE(m, nullptr);
  Literal p = Ramp(3), out;
  EXPECT_EQ(LivenessPeak(*m), 4 * kBig);
  EXPECT_EQ(RunPeak(*m, {p}, &out), 4 * kBig);
  ASSERT_EQ(out.ElementCount(), 256 * 256);
  for (int64_t r : {0, 17, 255}) {
    for (int64_t c : {0, 100, 255}) {
      float want = p.data<float>()[(255 - r) * 256 + c] - p.data<float>()[c * 256 + r];
      EXPECT_EQ(out.data<float>()[r * 256 + c], want) << r << "," << c;
    }
  }
}

TEST(KernelsMemory, ElementStillReadThroughALiveTupleIsCopied) {
  // t is returned, so reading its element 0 must not empty it; a parameter tuple is the
  // caller's and is never taken from either.
  auto m = Parse(R"(HloModule keep
ENTRY main {
  p = (f32[4], f32[4]) parameter(0)
  q = f32[4] get-tuple-element(p), index=0
  a = f32[4] negate(q)
  t = (f32[4], f32[4]) tuple(a, q)
  x = f32[4] get-tuple-element(t), index=0
  y = f32[4] get-tuple-element(t), index=0
  s = f32[4] add(x, y)
  ROOT r = ((f32[4], f32[4]), f32[4]) tuple(t, s)
}
)");
  ASSERT_NE(m, nullptr);
  std::vector<Literal> elems;
  elems.push_back(Literal::FromVector<float>({4}, {1, 2, 3, 4}));
  elems.push_back(Literal::FromVector<float>({4}, {5, 6, 7, 8}));
  std::vector<Literal> args;
  args.push_back(Literal::Tuple(std::move(elems)));
  Literal out;
  RunPeak(*m, args, &out);
  ASSERT_EQ(out.elements().size(), 2u);
  EXPECT_EQ(out.elements()[0].elements()[0], Literal::FromVector<float>({4}, {-1, -2, -3, -4}));
  EXPECT_EQ(out.elements()[0].elements()[1], Literal::FromVector<float>({4}, {1, 2, 3, 4}));
  EXPECT_EQ(out.elements()[1], Literal::FromVector<float>({4}, {-2, -4, -6, -8}));
  EXPECT_EQ(args[0].elements()[0], Literal::FromVector<float>({4}, {1, 2, 3, 4}));
}

TEST(KernelsMemory, WhileStateIsMovedInAndCountedOnce) {
  // The loop's state is built for the loop and dies there: moved in, never copied; the body
  // owns its state, so its get-tuple-element moves the array out and the old array dies once
  // the new one is computed.
  auto m = Parse(R"(HloModule loop
cond {
  s = (s32[], f32[256,256]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  n = s32[] constant(3)
  ROOT lt = pred[] compare(i, n), direction=LT
}
body {
  s = (s32[], f32[256,256]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  one = s32[] constant(1)
  j = s32[] add(i, one)
  v = f32[256,256] get-tuple-element(s), index=1
  w = f32[256,256] transpose(v), dimensions={1,0}
  ROOT out = (s32[], f32[256,256]) tuple(j, w)
}
ENTRY main {
  p = f32[256,256] parameter(0)
  a = f32[256,256] reverse(p), dimensions={0}
  zero = s32[] constant(0)
  init = (s32[], f32[256,256]) tuple(zero, a)
  loop = (s32[], f32[256,256]) while(init), condition=cond, body=body
  ROOT r = f32[256,256] get-tuple-element(loop), index=1
}
)");
  ASSERT_NE(m, nullptr);
  Literal p = Ramp(5), out;
  int64_t peak = RunPeak(*m, {p}, &out);
  // p, the state's array (a, moved into the loop, then out of the state by v) and the new
  // state's w: three big buffers and a few scalars; copying the state anywhere would add one.
  EXPECT_LT(peak, 3 * kBig + 64);
  EXPECT_GE(peak, 3 * kBig);
  // Three transposes of reverse(p): transpose(reverse(p)).
  EXPECT_EQ(out.data<float>()[1 * 256 + 2], p.data<float>()[(255 - 2) * 256 + 1]);
}

TEST(KernelsMemory, BufferSharedByTwoValuesCountsOnce) {
  // r and s are reshapes of a, which stays alive until z: they share a's buffer (zero-copy),
  // so while a, s and z are alive the evaluator holds two big buffers, not three.
  auto m = Parse(R"(HloModule shared
ENTRY main {
  p = f32[256,256] parameter(0)
  a = f32[256,256] reverse(p), dimensions={0}
  r = f32[65536] reshape(a)
  s = f32[256,256] reshape(r)
  z = f32[256,256] add(a, s)
  ROOT t = (f32[256,256], f32[256,256]) tuple(z, a)
}
)");
  ASSERT_NE(m, nullptr);
  Literal p = Ramp(9), out;
  EXPECT_EQ(RunPeak(*m, {p}, &out), 3 * kBig);  // p, a (= r = s), z
  ASSERT_EQ(out.elements().size(), 2u);
  EXPECT_EQ(out.elements()[0].data<float>()[3], 2 * p.data<float>()[255 * 256 + 3]);
}

}  // namespace
}  // namespace xpar
