// A mesh axis splits a dimension or holds pending partial sums, never both. A partial value
// (a dot contracting a split dimension) times a value split over the same axis kept the partial
// axis on the split result; the sum below it then held partial axes {0, 0}, and resolving them
// crashed the partitioner (found by the corpus run test partitioning BERT's fwd+bwd step).
#include <gtest/gtest.h>

#include "spmd_test_util.h"

namespace xpar::testing {
namespace {

constexpr const char* kPartialTimesSplit = R"(HloModule t
sum {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}
ENTRY e {
  a = f32[4,8] parameter(0)
  b = f32[8,4] parameter(1)
  c = f32[4,4] parameter(2)
  d = f32[4,4] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  m = f32[4,4] multiply(d, c)
  z = f32[] constant(0)
  ROOT r = f32[] reduce(m, z), dimensions={0,1}, to_apply=sum
})";

TEST(SpmdPartialAxes, PartialTimesSplitOverTheSameAxisMatchesOneDevice) {
  const Mesh mesh({2});
  auto m = Annotated(kPartialTimesSplit,
                     {{"a", S({{}, {0}})}, {"b", S({{0}, {}})}, {"c", S({{0}, {}})}}, mesh);
  ASSERT_NE(m, nullptr);
  auto diff = PartitionedDifference(*m, mesh);
  ASSERT_TRUE(diff.ok()) << diff.status().ToString();
  EXPECT_LE(*diff, 1e-6);
}

TEST(SpmdPartialAxes, SameOnTwoAxes) {
  const Mesh mesh({2, 2});
  auto m = Annotated(kPartialTimesSplit,
                     {{"a", S({{}, {0, 1}})}, {"b", S({{0, 1}, {}})}, {"c", S({{1}, {0}})}}, mesh);
  ASSERT_NE(m, nullptr);
  auto diff = PartitionedDifference(*m, mesh);
  ASSERT_TRUE(diff.ok()) << diff.status().ToString();
  EXPECT_LE(*diff, 1e-6);
}

}  // namespace
}  // namespace xpar::testing
