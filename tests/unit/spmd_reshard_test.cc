// Resharding by all-to-all (an axis moving between dims) and collective-permute (same shard
// sizes on other devices), even and uneven: the plan's steps, its price against all-gather +
// slice, and the partitioned program against the single-device run.
#include <gtest/gtest.h>

#include "passes/spmd/spmd_internal.h"
#include "spmd_test_util.h"

namespace xpar::testing {
namespace {

// %y = copy(%x): x arrives under `from`, y is wanted under `to`.
std::unique_ptr<Module> CopyModule(const std::string& shape, const ShardingSpec& from,
                                   const ShardingSpec& to, const Mesh& mesh) {
  const std::string text = "HloModule reshard\nENTRY %main (x: " + shape + ") -> " + shape +
                           " {\n  %x = " + shape + " parameter(0)\n  %e = " + shape +
                           " exponential(%x)\n  ROOT %y = " + shape + " copy(%e)\n}\n";
  auto m = ParseHloModule(text);
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  if (!m.ok()) return nullptr;
  (*m)->entry()->parameters()[0]->set_sharding(*ToHloSharding(from, mesh));
  (*m)->entry()->root()->set_sharding(*ToHloSharding(to, mesh));
  return std::move(m).value();
}

std::unique_ptr<Module> ExpectSame(const Module& m, const Mesh& mesh) {
  std::unique_ptr<Module> partitioned;
  auto diff = PartitionedDifference(m, mesh, 5, &partitioned);
  EXPECT_TRUE(diff.ok()) << diff.status().ToString();
  if (!diff.ok()) return nullptr;
  EXPECT_LE(*diff, 1e-5) << mesh.ToString() << "\n" << PrintModule(*partitioned);
  return partitioned;
}

std::vector<ReshardStep::Kind> Kinds(const ShardingSpec& from, const ShardingSpec& to,
                                     const Shape& shape, const Mesh& mesh) {
  auto plan = PlanReshard(from, to, shape, mesh);
  EXPECT_TRUE(plan.ok()) << plan.status().ToString();
  std::vector<ReshardStep::Kind> kinds;
  if (plan.ok()) {
    for (const ReshardStep& s : *plan) kinds.push_back(s.kind);
  }
  return kinds;
}

using K = ReshardStep::Kind;

TEST(SpmdReshard, PlansAllToAllForAnAxisMovingBetweenDims) {
  Mesh mesh = *Mesh::Parse("4");
  Shape shape(PrimitiveType::kF32, {8, 12});
  EXPECT_EQ(Kinds(S({{0}, {}}), S({{}, {0}}), shape, mesh), std::vector<K>{K::kAllToAll});
  // Uneven dims too (10 rows in 4 pieces of 3, 7 columns in 4 pieces of 2).
  Shape odd(PrimitiveType::kF32, {10, 7});
  EXPECT_EQ(Kinds(S({{0}, {}}), S({{}, {0}}), odd, mesh), std::vector<K>{K::kAllToAll});
  // all-to-all moves one shard; all-gather + slice receives the whole array.
  const int64_t a2a = ReshardBytes(S({{0}, {}}), S({{}, {0}}), shape, mesh);
  const int64_t gather = ReshardBytes(S({{0}, {}}), S({{}, {}}), shape, mesh);
  EXPECT_EQ(a2a, 8 * 12 * 4 / 4);
  EXPECT_EQ(gather, 8 * 12 * 4);
  // Two mesh axes: the minor one moves, the major one stays.
  Mesh m2 = *Mesh::Parse("2x3");
  Shape s2(PrimitiveType::kF32, {12, 6});
  EXPECT_EQ(Kinds(S({{0, 1}, {}}), S({{0}, {1}}), s2, m2), std::vector<K>{K::kAllToAll});
  EXPECT_EQ(Kinds(S({{0, 1}, {}}), S({{}, {0, 1}}), s2, m2), std::vector<K>{K::kAllToAll});
}

TEST(SpmdReshard, PlansPermuteWhenShardSizesMatch) {
  Mesh mesh = *Mesh::Parse("2x2");
  Shape shape(PrimitiveType::kF32, {6, 8});
  EXPECT_EQ(Kinds(S({{0}, {1}}), S({{1}, {0}}), shape, mesh), std::vector<K>{K::kPermute});
  EXPECT_EQ(Kinds(S({{0, 1}, {}}), S({{1, 0}, {}}), shape, mesh), std::vector<K>{K::kPermute});
  EXPECT_EQ(Kinds(S({{0}, {}}), S({{1}, {}}), shape, mesh), std::vector<K>{K::kPermute});
  // A device that already holds its block keeps it: {[0],[]} -> {[1],[]} moves devices 1, 2.
  auto pairs = PermutePairs(S({{0}, {}}), S({{1}, {}}), mesh);
  std::vector<std::pair<int64_t, int64_t>> want = {{0, 0}, {1, 2}, {2, 1}, {3, 3}};
  EXPECT_EQ(pairs, want);
}

TEST(SpmdReshard, GathersWhatNoDimTakes) {
  Mesh mesh = *Mesh::Parse("2x3");
  Shape shape(PrimitiveType::kF32, {12, 6});
  EXPECT_EQ(Kinds(S({{0, 1}, {}}), S({{}, {}}), shape, mesh), std::vector<K>{K::kAllGather});
  EXPECT_EQ(Kinds(S({{}, {}}), S({{1}, {0}}), shape, mesh), std::vector<K>{K::kSplit});
  // Axis 1 leaves dim 0 for dim 1; axis 0 is gathered.
  EXPECT_EQ(Kinds(S({{1, 0}, {}}), S({{}, {1}}), shape, mesh),
            (std::vector<K>{K::kAllGather, K::kAllToAll}));
}

TEST(SpmdReshard, AllToAllRunsEvenAndUneven) {
  struct Case {
    const char* mesh;
    const char* shape;
    ShardingSpec from, to;
  };
  const std::vector<Case> cases = {
      {"4", "f32[8,12]", S({{0}, {}}), S({{}, {0}})},
      {"4", "f32[10,7]", S({{0}, {}}), S({{}, {0}})},
      {"3", "f32[10,7]", S({{}, {0}}), S({{0}, {}})},
      {"3", "f32[5,4,7]", S({{}, {}, {0}}), S({{0}, {}, {}})},
      {"2x3", "f32[12,6]", S({{0, 1}, {}}), S({{0}, {1}})},
      {"2x3", "f32[11,7]", S({{0, 1}, {}}), S({{}, {0, 1}})},
  };
  for (const Case& c : cases) {
    Mesh mesh = *Mesh::Parse(c.mesh);
    auto m = CopyModule(c.shape, c.from, c.to, mesh);
    auto p = ExpectSame(*m, mesh);
    ASSERT_TRUE(p);
    EXPECT_EQ(CountOpcode(*p, Opcode::kAllGather), 0) << c.mesh << " " << c.shape;
    EXPECT_EQ(CountOpcode(*p, Opcode::kAllToAll) + CountOpcode(*p, Opcode::kCollectivePermute),
              1)
        << PrintModule(*p);
  }
}

TEST(SpmdReshard, MixedGatherAndAllToAllRuns) {
  Mesh mesh = *Mesh::Parse("2x3");
  for (const char* shape : {"f32[12,6]", "f32[7,5]"}) {
    auto m = CopyModule(shape, S({{1, 0}, {}}), S({{}, {1}}), mesh);
    auto p = ExpectSame(*m, mesh);
    ASSERT_TRUE(p);
    // 12 rows: gathering axis 0 joins shards of 2 into shards of 4, then axis 1 moves by
    // all-to-all.
    // 7 rows: shards of 2 (in 6) do not join into shards of 3 (in 3), so the rows are gathered
    // whole and the columns split locally.
    EXPECT_EQ(CountOpcode(*p, Opcode::kAllToAll), std::string(shape) == "f32[12,6]" ? 1 : 0);
  }
  // Shards re-cut across both dims (row pieces of 3 -> 2, columns 2 -> 3): gather + all-to-all.
  for (const char* shape : {"f32[12,6]", "f32[11,7]"}) {
    auto m = CopyModule(shape, S({{1}, {0}}), S({{0}, {1}}), mesh);
    auto p = ExpectSame(*m, mesh);
    ASSERT_TRUE(p);
    EXPECT_EQ(CountOpcode(*p, Opcode::kAllToAll), 1);
  }
  auto m = CopyModule("f32[7,5]", S({{0}, {1}}), S({{1}, {}}), mesh);
  ExpectSame(*m, mesh);
}

TEST(SpmdReshard, PermuteRuns) {
  Mesh mesh = *Mesh::Parse("2x3");
  for (const char* shape : {"f32[12,6]", "f32[7,5]"}) {
    auto m = CopyModule(shape, S({{0, 1}, {}}), S({{1, 0}, {}}), mesh);
    auto p = ExpectSame(*m, mesh);
    ASSERT_TRUE(p);
    EXPECT_EQ(CountOpcode(*p, Opcode::kCollectivePermute), 1);
    EXPECT_EQ(CountOpcode(*p, Opcode::kAllGather), 0);
  }
  Mesh square = *Mesh::Parse("2x2");
  auto m = CopyModule("f32[5,3]", S({{0}, {1}}), S({{1}, {0}}), square);
  auto p = ExpectSame(*m, square);
  ASSERT_TRUE(p);
  EXPECT_EQ(CountOpcode(*p, Opcode::kCollectivePermute), 1);
}

}  // namespace
}  // namespace xpar::testing
