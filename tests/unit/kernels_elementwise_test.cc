// Threaded kernels (thread_pool.h): ParallelFor covers its range exactly once, and elementwise
// ops, converts and gathers give bit-identical results on 1 and on 4 threads (convolutions
// agree to rounding: OpenBLAS's threaded GEMM may sum in another order). Fused elementwise
// chains (fusion.h) are bit-identical to the unfused ops.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <random>

#include "runtime/interpreter/thread_pool.h"
#include "interpreter_core_test_util.h"

namespace xpar {
namespace {

// Restores the calling thread's kernel threads (and OpenBLAS's) when a test ends.
class ThreadsGuard {
 public:
  ThreadsGuard() : before_(KernelThreads()) {}
  ~ThreadsGuard() { SetRuntimeThreads(before_); }

 private:
  int before_;
};

TEST(KernelsThreads, ParallelForCoversEachIndexOnce) {
  ThreadsGuard guard;
  SetKernelThreads(3);
  for (int64_t n : {0, 1, 5, 1000, 100003}) {
    std::vector<std::atomic<int>> hits(n);
    ParallelFor(n, 7, [&](int64_t lo, int64_t hi) {
      for (int64_t i = lo; i < hi; ++i) hits[i]++;
    });
    for (int64_t i = 0; i < n; ++i) ASSERT_EQ(hits[i].load(), 1) << "n=" << n << " i=" << i;
  }
}

// Runs `hlo` on 1 thread and on 4 and expects the very same bits.
void ExpectSameOnOneAndFourThreads(const std::string& hlo, const std::vector<Literal>& args) {
  ThreadsGuard guard;
  SetRuntimeThreads(1);
  Literal one = RunHlo(hlo, args);
  SetRuntimeThreads(4);
  Literal four = RunHlo(hlo, args);
  ASSERT_GT(one.ElementCount(), 0);
  EXPECT_TRUE(one == four) << hlo;
}

TEST(KernelsThreads, ElementwiseChainsAreBitIdentical) {
  const int64_t n = 3 * kElementwiseChunk + 17;  // several chunks and a ragged end
  for (const char* t : {"f32", "bf16", "f16"}) {
    const PrimitiveType type = *PrimitiveTypeFromName(t);
    const std::string hlo = Module1(fmt::format(
        "  a = {0}[{1}] parameter(0)\n  b = {0}[{1}] parameter(1)\n"
        "  m = {0}[{1}] multiply(a, b)\n  e = {0}[{1}] exponential(m)\n"
        "  s = {0}[{1}] add(e, b)\n  c = f32[{1}] convert(s)\n  ROOT r = f32[{1}] tanh(c)",
        t, n));
    ExpectSameOnOneAndFourThreads(hlo,
                                  {UniformLiteral(type, {n}, 1), UniformLiteral(type, {n}, 2)});
  }
}

TEST(KernelsThreads, GatherIsBitIdenticalAndConvolutionClose) {
  const std::string gather = Module1(
      "  t = f32[50,33] parameter(0)\n  i = s32[7,2] parameter(1)\n"
      "  ROOT g = f32[7,4,5] gather(t, i), offset_dims={1,2}, collapsed_slice_dims={}, "
      "start_index_map={0,1}, index_vector_dim=1, slice_sizes={4,5}");
  Literal idx = Literal::FromVector<int32_t>({7, 2}, {0, 0, 3, 30, 49, 1, -5, 2, 10, 10, 46, 28,
                                                       2, 100});
  ExpectSameOnOneAndFourThreads(gather, {UniformLiteral(PrimitiveType::kF32, {50, 33}, 3), idx});
  // Out-of-range starts are clamped: the last row starts at (2, 28).
  Literal g = RunHlo(gather, {UniformLiteral(PrimitiveType::kF32, {50, 33}, 3), idx});
  Literal t = UniformLiteral(PrimitiveType::kF32, {50, 33}, 3);
  EXPECT_EQ(g.GetAsDouble(6 * 20 + 0), t.GetAsDouble(2 * 33 + 28));
  EXPECT_EQ(g.GetAsDouble(6 * 20 + 19), t.GetAsDouble(5 * 33 + 32));
  const std::string conv = Module1(
      "  x = f32[4,8,20,20] parameter(0)\n  w = f32[16,8,3,3] parameter(1)\n"
      "  ROOT y = f32[4,16,20,20] convolution(x, w), window={size=3x3 pad=1_1x1_1}, "
      "dim_labels=bf01_oi01->bf01");
  // OpenBLAS may pick other kernels when threaded, so the convolution agrees to rounding.
  ThreadsGuard guard;
  std::vector<Literal> args = {UniformLiteral(PrimitiveType::kF32, {4, 8, 20, 20}, 4),
                               UniformLiteral(PrimitiveType::kF32, {16, 8, 3, 3}, 5)};
  SetRuntimeThreads(1);
  Literal one = RunHlo(conv, args);
  SetRuntimeThreads(4);
  Literal four = RunHlo(conv, args);
  ASSERT_EQ(one.ElementCount(), four.ElementCount());
  for (int64_t i = 0; i < one.ElementCount(); ++i) {
    ASSERT_NEAR(one.GetAsDouble(i), four.GetAsDouble(i), 1e-4) << i;
  }
}

// A chain of elementwise ops over `t`[n]: with `expose` every intermediate is also returned, so
// none has a single use and nothing fuses; otherwise the chain runs fused.
std::string Chain(const char* t, int64_t n, bool expose) {
  std::string body = fmt::format(
      "  a = {0}[{1}] parameter(0)\n  b = {0}[{1}] parameter(1)\n"
      "  m = {0}[{1}] multiply(a, b)\n  e = {0}[{1}] exponential(m)\n"
      "  s = {0}[{1}] subtract(e, a)\n  q = {0}[{1}] multiply(s, s)\n"
      "  d = {0}[{1}] divide(q, b)\n  r = {0}[{1}] tanh(d)\n",
      t, n);
  if (expose) {
    body += fmt::format(
        "  ROOT t = ({0}[{1}], {0}[{1}], {0}[{1}], {0}[{1}], {0}[{1}], {0}[{1}]) "
        "tuple(r, m, e, s, q, d)",
        t, n);
  } else {
    body += fmt::format("  ROOT t = ({0}[{1}]) tuple(r)", t, n);
  }
  return Module1(body);
}

TEST(KernelsFusion, FusedChainIsBitIdenticalToUnfused) {
  const int64_t n = 5 * 2048 + 7 + (1 << 14);  // above the fusion threshold, a ragged last block
  for (const char* t : {"f32", "bf16", "f16", "f64"}) {
    SCOPED_TRACE(t);
    const PrimitiveType type = *PrimitiveTypeFromName(t);
    std::vector<Literal> args = {UniformLiteral(type, {n}, 7), UniformLiteral(type, {n}, 8)};
    Literal unfused = RunHlo(Chain(t, n, true), args);
    ThreadsGuard guard;
    for (int threads : {1, 3}) {
      SetRuntimeThreads(threads);
      Literal fused = RunHlo(Chain(t, n, false), args);
      ASSERT_EQ(fused.elements().size(), 1u);
      EXPECT_TRUE(fused.elements()[0] == unfused.elements()[0]) << threads << " threads";
    }
  }
}

// A softmax-like program: e feeds both the sum and the divide (two uses, so it is not fused
// into the divide, while negate and subtract fuse into it); the result matches a direct loop.
TEST(KernelsFusion, SharedIntermediatesStayUnfused) {
  const int64_t rows = 64, cols = 512;
  const std::string hlo = fmt::format(R"(HloModule softmax
add {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] add(a, b)
}}
ENTRY e {{
  x = f32[{0},{1}] parameter(0)
  z = f32[] constant(0)
  n = f32[{0},{1}] negate(x)
  s = f32[{0},{1}] subtract(n, x)
  e = f32[{0},{1}] exponential(s)
  sum = f32[{0}] reduce(e, z), dimensions={{1}}, to_apply=add
  sb = f32[{0},{1}] broadcast(sum), dimensions={{0}}
  ROOT d = f32[{0},{1}] divide(e, sb)
}}
)",
                                      rows, cols);
  Literal x = UniformLiteral(PrimitiveType::kF32, {rows, cols}, 9);
  Literal got = RunHlo(hlo, {x});
  for (int64_t r = 0; r < rows; ++r) {
    double sum = 0;
    for (int64_t c = 0; c < cols; ++c) sum += std::exp(-2.0 * x.GetAsDouble(r * cols + c));
    for (int64_t c = 0; c < cols; c += 97) {
      const double want = std::exp(-2.0 * x.GetAsDouble(r * cols + c)) / sum;
      ASSERT_NEAR(got.GetAsDouble(r * cols + c), want, 1e-5 * want + 1e-9);
    }
  }
}

}  // namespace
}  // namespace xpar
