// Ops that fell through a `default:` of an opcode switch and silently cost nothing (issue 15).
// The switches are exhaustive now (a new op does not compile until it is classified); these
// tests pin the counts of the ops that were costed 0 FLOPs by the default before.
#include <gtest/gtest.h>

#include <string>

#include "analysis/op_stats.h"
#include "frontends/hlo/hlo_parser.h"

namespace xpar {
namespace {

int64_t FlopsOf(const std::string& hlo, const std::string& name) {
  auto m = ParseHloModule(hlo);
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  if (!m.ok()) return -1;
  for (const auto& inst : (*m)->entry()->instructions()) {
    if (inst->name() == name) return InstructionFlops(*inst);
  }
  ADD_FAILURE() << "no instruction " << name;
  return -1;
}

TEST(NoFallback, CholeskyCostsACubeOverThreePerMatrix) {
  EXPECT_EQ(FlopsOf(R"(HloModule t
ENTRY e {
  a = f32[3,6,6] parameter(0)
  ROOT c = f32[3,6,6] cholesky(a), lower=true
})", "c"), 3 * 6 * 6 * 6 / 3);
}

TEST(NoFallback, TriangularSolveCostsOneDotPerElementOfB) {
  EXPECT_EQ(FlopsOf(R"(HloModule t
ENTRY e {
  a = f32[5,5] parameter(0)
  b = f32[5,2] parameter(1)
  ROOT s = f32[5,2] triangular-solve(a, b), left_side=true, lower=true, transpose_a=NO_TRANSPOSE
})", "s"), 5 * 2 * 5);
}

TEST(NoFallback, ConditionalCostsItsCostliestBranch) {
  EXPECT_EQ(FlopsOf(R"(HloModule t
cheap {
  x = f32[8] parameter(0)
  ROOT n = f32[8] negate(x)
}
dear {
  x = f32[8] parameter(0)
  m = f32[8] multiply(x, x)
  ROOT a = f32[8] add(m, x)
}
ENTRY e {
  k = s32[] parameter(0)
  x = f32[8] parameter(1)
  ROOT c = f32[8] conditional(k, x, x), branch_computations={cheap, dear}
})", "c"), 16);
}

TEST(NoFallback, AsyncAllReduceCostsItsReduction) {
  EXPECT_EQ(FlopsOf(R"(HloModule t
sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  x = f32[16] parameter(0)
  ROOT r = f32[16] all-reduce-start(x), replica_groups={}, to_apply=sum
})", "r"), 16);
}

// What the switch left at 0 is 0 on purpose: data movement has no arithmetic.
TEST(NoFallback, DataMovementCostsNothing) {
  EXPECT_EQ(FlopsOf(R"(HloModule t
ENTRY e {
  x = f32[4,8] parameter(0)
  ROOT t = f32[8,4] transpose(x), dimensions={1,0}
})", "t"), 0);
}

}  // namespace
}  // namespace xpar
