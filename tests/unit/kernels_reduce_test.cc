// Native select-and-scatter (reduce_window.cc): a compare select and a plain scatter run without
// calling the computations, with the same picks (ties keep the first) and the same rounding as
// the general path, which runs when the computations are written in a form not recognised.
// Row and column reductions split over threads give the general reduce path's bits.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>

#include "interpreter_core_test_util.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

// `native`: select = compare(p0, p1) (or swapped operands), scatter = op(p0, p1). Otherwise the
// same functions behind an extra identity op the matchers do not recognise.
std::string SelectAndScatter(const char* t, const char* dir, bool swapped, const char* op,
                             bool native) {
  const char* args = swapped ? "b, a" : "a, b";
  const std::string select =
      native ? fmt::format("  ROOT c = pred[] compare({}), direction={}", args, dir)
             : fmt::format("  c = pred[] compare({}), direction={}\n  k = pred[] constant(true)\n"
                           "  ROOT r = pred[] and(c, k)", args, dir);
  // maximum(s, s) is s for every non-NaN value: the same function, not recognised.
  const std::string scatter =
      native ? fmt::format("  ROOT s = {}[] {}(a, b)", t, op)
             : fmt::format("  s = {0}[] {1}(a, b)\n  ROOT r = {0}[] maximum(s, s)", t, op);
  return fmt::format(R"(HloModule sas
sel {{
  a = {0}[] parameter(0)
  b = {0}[] parameter(1)
{1}
}}
sc {{
  a = {0}[] parameter(0)
  b = {0}[] parameter(1)
{2}
}}
ENTRY e {{
  x = {0}[4,9,11] parameter(0)
  s = {0}[4,4,5] parameter(1)
  z = {0}[] constant(0)
  ROOT r = {0}[4,9,11] select-and-scatter(x, s, z), window={{size=1x3x3 stride=1x2x2}},
      select=sel, scatter=sc
}}
)",
                     t, select, scatter);
}

Literal Ties(PrimitiveType t, std::vector<int64_t> dims, uint32_t seed) {
  Literal l(Shape(t, std::move(dims)));
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> u(-3, 3);  // few values: many ties in each window
  for (int64_t i = 0; i < l.ElementCount(); ++i) l.SetFromDouble(i, u(rng) * 0.375);
  return l;
}

TEST(KernelsReduce, NativeSelectAndScatterMatchesGeneralPath) {
  for (const char* t : {"f32", "bf16", "s32"}) {
    const PrimitiveType type = *PrimitiveTypeFromName(t);
    for (const char* dir : {"GE", "GT", "LE", "LT"}) {
      for (bool swapped : {false, true}) {
        for (const char* op : {"add", "maximum"}) {
          SCOPED_TRACE(fmt::format("{} {} swapped={} {}", t, dir, swapped, op));
          Literal x = Ties(type, {4, 9, 11}, 1), src = Ties(type, {4, 4, 5}, 2);
          Literal native = RunHlo(SelectAndScatter(t, dir, swapped, op, true), {x, src});
          Literal general = RunHlo(SelectAndScatter(t, dir, swapped, op, false), {x, src});
          EXPECT_TRUE(native == general);
          EXPECT_FALSE(native == Literal(native.shape()));  // something was scattered
        }
      }
    }
  }
}

// A reduce of x: t[rows, cols] over `dims`, with a native add reducer or the same add behind an
// identity the matcher does not recognise (the general path: one reducer call per element).
std::string ReduceRowsColumns(const char* t, int64_t rows, int64_t cols, const char* dims,
                              const char* out, bool native) {
  const std::string body =
      native ? fmt::format("  ROOT r = {}[] add(a, b)", t)
             : fmt::format("  s = {0}[] add(a, b)\n  ROOT r = {0}[] maximum(s, s)", t);
  return fmt::format(R"(HloModule red
add {{
  a = {0}[] parameter(0)
  b = {0}[] parameter(1)
{1}
}}
ENTRY e {{
  x = {0}[{2},{3}] parameter(0)
  z = {0}[] constant(0.5)
  ROOT r = {0}[{5}] reduce(x, z), dimensions={{{4}}}, to_apply=add
}}
)",
                     t, body, rows, cols, dims, out);
}

// f32 row and column reductions are split over threads; each output still folds in order, so
// the result is the general path's, bit for bit, on 1 and on 4 threads.
TEST(KernelsReduce, ThreadedRowAndColumnReductionsMatchGeneralPath) {
  const int64_t rows = 300, cols = 700;
  Literal x(Shape(PrimitiveType::kF32, {rows, cols}));
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int64_t i = 0; i < x.ElementCount(); ++i) x.SetFromDouble(i, u(rng));
  for (bool by_row : {true, false}) {
    SCOPED_TRACE(by_row ? "rows" : "columns");
    const char* dims = by_row ? "1" : "0";
    const std::string out = std::to_string(by_row ? rows : cols);
    Literal general = RunHlo(ReduceRowsColumns("f32", rows, cols, dims, out.c_str(), false), {x});
    for (int threads : {1, 4}) {
      SetRuntimeThreads(threads);
      Literal native = RunHlo(ReduceRowsColumns("f32", rows, cols, dims, out.c_str(), true), {x});
      EXPECT_TRUE(native == general) << threads << " threads";
    }
    SetRuntimeThreads(MachineCores());
  }
}

// bf16 native sums accumulate in f32 and round once (reduce.cc), on any thread count.
TEST(KernelsReduce, ThreadedBf16ReductionsAccumulateInF32) {
  const int64_t rows = 300, cols = 700;
  Literal x(Shape(PrimitiveType::kBF16, {rows, cols}));
  std::mt19937 rng(4);
  std::uniform_real_distribution<double> u(-1, 1);
  for (int64_t i = 0; i < x.ElementCount(); ++i) x.SetFromDouble(i, u(rng));
  for (bool by_row : {true, false}) {
    SCOPED_TRACE(by_row ? "rows" : "columns");
    const int64_t n_out = by_row ? rows : cols, n_in = by_row ? cols : rows;
    std::vector<float> want(n_out, 0.5f);
    for (int64_t o = 0; o < n_out; ++o) {
      for (int64_t i = 0; i < n_in; ++i) {
        want[o] += static_cast<float>(x.GetAsDouble(by_row ? o * cols + i : i * cols + o));
      }
    }
    const std::string out = std::to_string(n_out);
    for (int threads : {1, 4}) {
      SetRuntimeThreads(threads);
      Literal got =
          RunHlo(ReduceRowsColumns("bf16", rows, cols, by_row ? "1" : "0", out.c_str(), true), {x});
      for (int64_t o = 0; o < n_out; ++o) {
        ASSERT_EQ(got.GetAsDouble(o), static_cast<double>(static_cast<float>(bf16(want[o]))))
            << threads << " threads, output " << o;
      }
    }
    SetRuntimeThreads(MachineCores());
  }
}

}  // namespace
}  // namespace xpar
