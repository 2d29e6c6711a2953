// The vocabulary-split gather keeps gather's clamping: an index below 0 reads row 0 and one past
// the table reads the last row, whichever device holds it (the BERT corpus steps' token-type
// table has 2 rows and random ids 0..7; the partitioned run used to return zeros for ids >= 2).
#include <gtest/gtest.h>

#include "spmd_test_util.h"

namespace xpar::testing {
namespace {

// `ids` are a constant, so the out-of-range ones are there whatever the random arguments.
std::string ClampedGather(const std::string& index_type, int64_t rows) {
  return fmt::format(R"(HloModule clamped_gather
ENTRY %main (table: f32[{0},4]) -> f32[6,4] {{
  %table = f32[{0},4] parameter(0)
  %ids = {1}[6,1] constant({{ {{-3}}, {{0}}, {{1}}, {{2}}, {{7}}, {{100}} }})
  ROOT %g = f32[6,4] gather(%table, %ids), offset_dims={{1}}, collapsed_slice_dims={{0}}, start_index_map={{0}}, index_vector_dim=1, slice_sizes={{1,4}}
}}
)",
                     rows, index_type);
}

double Difference(const std::string& text, const Mesh& mesh, const ShardingSpec& table_spec) {
  auto m = Annotated(text, {{"table", table_spec}}, mesh);
  if (!m) return INFINITY;
  std::unique_ptr<Module> partitioned;
  auto diff = PartitionedDifference(*m, mesh, 5, &partitioned);
  EXPECT_TRUE(diff.ok()) << diff.status().ToString();
  if (!diff.ok()) return INFINITY;
  if (partitioned) {
    EXPECT_EQ(CountOpcode(*partitioned, Opcode::kAllGather), 0);
  }
  return *diff;
}

TEST(SpmdGather, OutOfRangeIndicesClampToTheWholeTable) {
  const Mesh mesh({2});
  EXPECT_EQ(Difference(ClampedGather("s32", 2), mesh, S({{0}, {}})), 0);
  EXPECT_EQ(Difference(ClampedGather("s64", 5), mesh, S({{0}, {}})), 0);  // uneven: 3 + 2 rows
}

TEST(SpmdGather, ClampsOnTwoAxesAndUnsignedIds) {
  const Mesh mesh({2, 2});
  std::string u32 = ClampedGather("u32", 6);
  // u32 has no -3: 4294967293 reads the last row, as the unpartitioned gather does.
  u32.replace(u32.find("{-3}"), 4, "{4294967293}");
  EXPECT_EQ(Difference(u32, mesh, S({{1, 0}, {}})), 0);
}

TEST(SpmdGather, NarrowIndexTypeWithShardOffsetsBeyondIt) {
  // s8 ids into 300 rows: device 1's first row, 150, does not fit in s8.
  const Mesh mesh({2});
  std::string text = ClampedGather("s8", 300);
  text.replace(text.find("{100}"), 5, "{127}");
  EXPECT_EQ(Difference(text, mesh, S({{0}, {}})), 0);
}

}  // namespace
}  // namespace xpar::testing
