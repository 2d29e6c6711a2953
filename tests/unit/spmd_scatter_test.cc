// Scatter in the SPMD partitioner: a KV-cache update split over a dimension the scatter does not
// index runs on each device's slice with no collective; a split over the indexed dimension is
// made whole first. Both match the single-device run.
#include <gtest/gtest.h>

#include "spmd_test_util.h"

namespace xpar::testing {
namespace {

std::string KvCacheUpdate(const std::string& cache_sharding) {
  return R"(
HloModule kv
%take_new (a: f32[], b: f32[]) -> f32[] {
  %a = f32[] parameter(0)
  ROOT %b = f32[] parameter(1)
}
ENTRY %e (cache: f32[8,2,4,6], pos: s32[1,1], new: f32[1,2,4,6]) -> f32[8,2,4,6] {
  %cache = f32[8,2,4,6] parameter(0), sharding=)" + cache_sharding + R"(
  %pos = s32[1,1] parameter(1), sharding={replicated}
  %new = f32[1,2,4,6] parameter(2), sharding={replicated}
  ROOT %s = f32[8,2,4,6] scatter(f32[8,2,4,6] %cache, s32[1,1] %pos, f32[1,2,4,6] %new), update_window_dims={1,2,3}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=%take_new
}
)";
}

TEST(SpmdScatter, SplitOverUnindexedDimNeedsNoCollective) {
  auto m = ParseHloModule(KvCacheUpdate("{devices=[1,1,4,1]0,1,2,3}"));
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  std::unique_ptr<Module> partitioned;
  auto diff = PartitionedDifference(**m, *Mesh::Parse("4"), 2, &partitioned);
  ASSERT_TRUE(diff.ok()) << diff.status().ToString();
  EXPECT_EQ(*diff, 0);
  EXPECT_EQ(CountOpcode(*partitioned, Opcode::kAllGather), 0) << PrintModule(*partitioned);
  EXPECT_EQ(partitioned->entry()->root()->shape().dims(), (std::vector<int64_t>{8, 2, 1, 6}));
}

TEST(SpmdScatter, SplitOverIndexedDimIsMadeWhole) {
  auto m = ParseHloModule(KvCacheUpdate("{devices=[2,1,2,1]0,1,2,3}"));
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  std::unique_ptr<Module> partitioned;
  auto diff = PartitionedDifference(**m, *Mesh::Parse("2x2"), 4, &partitioned);
  ASSERT_TRUE(diff.ok()) << diff.status().ToString();
  EXPECT_EQ(*diff, 0);
  // dim 0 is indexed: gathered; dim 2 stays split.
  EXPECT_EQ(partitioned->entry()->root()->shape().dims(), (std::vector<int64_t>{8, 2, 2, 6}));
}

}  // namespace
}  // namespace xpar::testing
