// Literal's shared array buffers: copies, relabels (reshape) and tuple elements share bytes, a
// write through a non-const accessor copies a shared buffer first, and the interpreter's
// reshapes, bitcasts, tuples, constants and in-place writers (dynamic-update-slice, scatter,
// while state) share without one value seeing another's writes.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <thread>
#include <vector>

#include "frontends/hlo/hlo_parser.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

Literal Iota(int64_t n) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i) v[i] = static_cast<float>(i);
  return Literal::FromVector<float>({n}, v);
}

TEST(LiteralShare, CopySharesUntilWritten) {
  Literal a = Iota(8);
  Literal b = a;
  EXPECT_TRUE(a.SameBuffer(b));
  EXPECT_TRUE(a.SharesBuffer());
  EXPECT_EQ(static_cast<const Literal&>(a).raw(), static_cast<const Literal&>(b).raw());
  b.data<float>()[3] = 100.0f;  // copy-on-write: a keeps its value
  EXPECT_FALSE(a.SameBuffer(b));
  EXPECT_FALSE(a.SharesBuffer());
  EXPECT_EQ(a.GetAsDouble(3), 3.0);
  EXPECT_EQ(b.GetAsDouble(3), 100.0);
  EXPECT_EQ(b.GetAsDouble(4), 4.0);  // the rest was copied
  const uint8_t* own = static_cast<const Literal&>(a).raw();
  a.SetFromDouble(0, -1.0);  // unique: written in place, no copy
  EXPECT_EQ(static_cast<const Literal&>(a).raw(), own);
}

TEST(LiteralShare, ConstReadsDoNotCopy) {
  const Literal a = Iota(16);
  Literal b = a;
  const Literal& cb = b;
  EXPECT_EQ(cb.data<float>().data(), a.data<float>().data());
  EXPECT_EQ(cb.data<float>()[5], 5.0f);
  EXPECT_TRUE(a.SameBuffer(b));
  EXPECT_TRUE(a == b);
}

TEST(LiteralShare, MoveLeavesAnEmptyValue) {
  Literal a = Iota(4);
  Literal b = std::move(a);
  EXPECT_EQ(a.size_bytes(), 0);  // NOLINT(bugprone-use-after-move): the moved-from state
  EXPECT_EQ(a.data<float>().size(), 0u);
  EXPECT_FALSE(b.SharesBuffer());
  EXPECT_EQ(b.GetAsDouble(3), 3.0);
}

TEST(LiteralShare, RelabelSharesAndChecksSize) {
  Literal a = Iota(12);
  Literal r = a.Relabeled(Shape(PrimitiveType::kF32, {3, 4}));
  ASSERT_TRUE(r.shape().IsArray());
  EXPECT_EQ(r.shape().dims(), (std::vector<int64_t>{3, 4}));
  EXPECT_TRUE(r.SameBuffer(a));
  r.data<float>()[0] = 7.0f;
  EXPECT_EQ(a.GetAsDouble(0), 0.0);
  EXPECT_EQ(r.GetAsDouble(0), 7.0);
  // Same byte size, other type (a bitcast): allowed; other size: a default Literal, no bytes.
  EXPECT_TRUE(a.Relabeled(Shape(PrimitiveType::kS32, {12})).SameBuffer(a));
  Literal wrong_size = a.Relabeled(Shape(PrimitiveType::kF32, {5}));
  EXPECT_EQ(wrong_size.size_bytes(), 0);
  EXPECT_FALSE(wrong_size.SameBuffer(a));
  EXPECT_EQ(a.Relabeled(Shape::Tuple({})).size_bytes(), 0);
  Literal moved = std::move(a).Relabeled(Shape(PrimitiveType::kF32, {2, 6}));
  EXPECT_FALSE(moved.SharesBuffer());
  EXPECT_EQ(moved.GetAsDouble(11), 11.0);
}

TEST(LiteralShare, TupleElementsShareAndCopyOnWrite) {
  Literal x = Iota(4);
  Literal t = Literal::Tuple({x, Iota(2)});
  EXPECT_TRUE(t.elements()[0].SameBuffer(x));
  Literal t2 = t;  // a copy of the tuple shares every element
  EXPECT_TRUE(t2.elements()[0].SameBuffer(x));
  t2.elements()[0].SetFromDouble(1, 42.0);
  EXPECT_EQ(x.GetAsDouble(1), 1.0);
  EXPECT_EQ(t.elements()[0].GetAsDouble(1), 1.0);
  EXPECT_EQ(t2.elements()[0].GetAsDouble(1), 42.0);
  EXPECT_FALSE(t == t2);
}

TEST(LiteralShare, BuffersAreAligned) {
  for (int64_t n : {1, 3, 17, 1000}) {
    Literal a = Literal::Uninitialized(Shape(PrimitiveType::kF32, {n}));
    EXPECT_EQ(reinterpret_cast<uintptr_t>(static_cast<const Literal&>(a).raw()) %
                  kBufferAlignment,
              0u);
  }
  EXPECT_EQ(Literal(Shape(PrimitiveType::kF32, {0})).size_bytes(), 0);
}

TEST(LiteralShare, CopiesOnOtherThreadsWriteTheirOwn) {
  const Literal base = Iota(1024);
  std::vector<Literal> copies(4, base);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&copies, t] {
      auto d = copies[t].data<float>();
      for (float& v : d) v += static_cast<float>(t + 1);
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(copies[t].GetAsDouble(10), 10.0 + t + 1);
  EXPECT_EQ(base.GetAsDouble(10), 10.0);
}

std::unique_ptr<Module> Parse(const std::string& text) {
  auto m = ParseHloModule(text, "literal_share_test.hlo");
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  return m.ok() ? std::move(m).value() : nullptr;
}

Expected<Literal> RunOne(const Module& m, std::vector<Literal> args) {
  Interpreter interp(m);
  return interp.Run(args);
}

TEST(LiteralShareInterpreter, ReshapeAndBitcastShareTheArgument) {
  auto m = Parse(R"(HloModule m
ENTRY e {
  p = f32[12] parameter(0)
  r = f32[3,4] reshape(p)
  b = s32[4,3] bitcast(r)
  ROOT t = (f32[3,4], s32[4,3], f32[12]) tuple(r, b, p)
})");
  ASSERT_TRUE(m);
  Literal arg = Iota(12);
  auto out = RunOne(*m, {arg});
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  const std::vector<Literal>& e = out->elements();
  EXPECT_TRUE(e[0].SameBuffer(arg));
  EXPECT_TRUE(e[1].SameBuffer(arg));
  EXPECT_TRUE(e[2].SameBuffer(arg));
  EXPECT_EQ(e[0].GetAsDouble(7), 7.0);
  float seven = 7.0f;
  int32_t bits = 0;
  std::memcpy(&bits, &seven, 4);
  EXPECT_EQ(e[1].GetAsInt64(7), bits);
}

// dynamic-update-slice writes into its operand's value: the constant, the reshape of it and
// the tuple that holds it must keep the old contents.
TEST(LiteralShareInterpreter, InPlaceWritersDoNotLeak) {
  auto m = Parse(R"(HloModule m
ENTRY e {
  c = f32[4] constant({1, 2, 3, 4})
  r = f32[2,2] reshape(c)
  u = f32[1,2] constant({{9, 9}})
  i = s32[] constant(1)
  z = s32[] constant(0)
  d = f32[2,2] dynamic-update-slice(r, u, i, z)
  ROOT t = (f32[4], f32[2,2], f32[2,2]) tuple(c, r, d)
})");
  ASSERT_TRUE(m);
  for (int run = 0; run < 2; ++run) {  // the module's constant must survive the first run
    auto out = RunOne(*m, {});
    ASSERT_TRUE(out.ok()) << out.status().ToString();
    const std::vector<Literal>& e = out->elements();
    EXPECT_EQ(e[0].GetAsDouble(2), 3.0);
    EXPECT_EQ(e[1].GetAsDouble(2), 3.0);
    EXPECT_EQ(e[2].GetAsDouble(2), 9.0);
    EXPECT_EQ(e[2].GetAsDouble(1), 2.0);
  }
}

// A while loop whose state starts as a shared constant and is updated in place each trip.
TEST(LiteralShareInterpreter, WhileStateWritesStayInTheLoop) {
  auto m = Parse(R"(HloModule m
cond {
  s = (s32[], f32[4]) parameter(0)
  n = s32[] get-tuple-element(s), index=0
  k = s32[] constant(3)
  ROOT lt = pred[] compare(n, k), direction=LT
}
body {
  s = (s32[], f32[4]) parameter(0)
  n = s32[] get-tuple-element(s), index=0
  v = f32[4] get-tuple-element(s), index=1
  one = s32[] constant(1)
  n1 = s32[] add(n, one)
  x = f32[1] constant({5})
  v1 = f32[4] dynamic-update-slice(v, x, n)
  ROOT r = (s32[], f32[4]) tuple(n1, v1)
}
ENTRY e {
  z = s32[] constant(0)
  c = f32[4] constant({1, 2, 3, 4})
  init = (s32[], f32[4]) tuple(z, c)
  w = (s32[], f32[4]) while(init), condition=cond, body=body
  ROOT t = ((s32[], f32[4]), f32[4]) tuple(w, c)
})");
  ASSERT_TRUE(m);
  auto out = RunOne(*m, {});
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  const Literal& state = out->elements()[0].elements()[1];
  const Literal& c = out->elements()[1];
  EXPECT_EQ(state.GetAsDouble(0), 5.0);
  EXPECT_EQ(state.GetAsDouble(2), 5.0);
  EXPECT_EQ(state.GetAsDouble(3), 4.0);
  EXPECT_EQ(c.GetAsDouble(0), 1.0);
  EXPECT_EQ(c.GetAsDouble(2), 3.0);
}

TEST(LiteralShareInterpreter, ScatterLeavesItsOperandAlone) {
  auto m = Parse(R"(HloModule m
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  p = f32[4] parameter(0)
  idx = s32[1,1] constant({{2}})
  upd = f32[1] constant({10})
  s = f32[4] scatter(p, idx, upd), update_window_dims={}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add
  ROOT t = (f32[4], f32[4]) tuple(s, p)
})");
  ASSERT_TRUE(m);
  Literal arg = Iota(4);
  auto out = RunOne(*m, {arg});
  ASSERT_TRUE(out.ok()) << out.status().ToString();
  EXPECT_EQ(out->elements()[0].GetAsDouble(2), 12.0);
  EXPECT_EQ(out->elements()[1].GetAsDouble(2), 2.0);
  EXPECT_EQ(arg.GetAsDouble(2), 2.0);
}

}  // namespace
}  // namespace xpar
