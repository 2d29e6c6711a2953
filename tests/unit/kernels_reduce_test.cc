// Native select-and-scatter (reduce_window.cc): a compare select and a plain scatter run without
// calling the computations, with the same picks (ties keep the first) and the same rounding as
// the general path, which runs when the computations are written in a form not recognised.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <random>

#include "interpreter_core_test_util.h"

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

}  // namespace
}  // namespace xpar
