// Strategy enumeration and resharding costs on a 1-D mesh of 4 and a 2x2 mesh, against costs
// computed by hand from a made-up cluster (alpha 10 us, beta 1 GB/s, 1 TFLOP/s, 100 GB/s).
#include <gtest/gtest.h>

#include <algorithm>

#include "frontends/hlo/hlo_parser.h"
#include "ir/module.h"
#include "passes/auto_sharding/spec_enumeration.h"
#include "passes/auto_sharding/strategy.h"
#include "sharding/op_sharding.h"

namespace xpar {
namespace {

constexpr double kAlpha = 1e-5, kBeta = 1e9, kPeak = 1e12, kHbm = 1e11;

CostModel Model(std::vector<int64_t> mesh_shape) {
  Cluster c;
  c.name = "test";
  c.peak_flops = {{"f32", kPeak}};
  c.memory_bandwidth = kHbm;
  c.memory_bytes = int64_t{16} << 30;
  c.devices_per_node = 4;
  c.num_nodes = 1;
  c.intra_node = Link{kAlpha, kBeta};
  c.inter_node = Link{kAlpha, kBeta};
  auto m = CostModel::Create(Mesh(std::move(mesh_shape)), c);
  EXPECT_TRUE(m.ok()) << m.status().message();
  return std::move(*m);
}

// Ring formulas with per-step latency (the cost model's default).
double Ring(int64_t n, double bytes) { return (n - 1) * kAlpha + (n - 1.0) / n * bytes / kBeta; }
double AllReduce(int64_t n, double bytes) { return 2 * Ring(n, bytes); }

// The ENTRY root of a one-instruction module, kept alive by the fixture.
class StrategyTest : public ::testing::Test {
 protected:
  const Instruction& Root(const std::string& body) {
    auto m = ParseHloModule("HloModule t\n" + body);
    EXPECT_TRUE(m.ok()) << m.status().message();
    modules_.push_back(std::move(*m));
    return *modules_.back()->entry()->root();
  }
  std::vector<Strategy> Enumerate(const Instruction& inst, const CostModel& model,
                                  StrategyOptions options = {}) {
    auto s = EnumerateStrategies(inst, model, options);
    EXPECT_TRUE(s.ok()) << s.status().message();
    return s.ok() ? *s : std::vector<Strategy>{};
  }
  std::vector<std::unique_ptr<Module>> modules_;
};

ShardingSpec S(std::vector<std::vector<int64_t>> dims, std::vector<int64_t> partial = {}) {
  return ShardingSpec{std::move(dims), std::move(partial)};
}

const Strategy* Find(const std::vector<Strategy>& all, const ShardingSpec& out,
                     const ShardingSpec& lhs, const ShardingSpec& rhs, bool with_collective) {
  for (const Strategy& s : all) {
    if (s.outputs[0] == out && s.operands[0][0] == lhs && s.operands[1][0] == rhs &&
        s.collectives.empty() != with_collective) {
      return &s;
    }
  }
  return nullptr;
}

constexpr const char* kDot = R"(
ENTRY e {
  a = f32[256,512] parameter(0)
  b = f32[512,1024] parameter(1)
  ROOT d = f32[256,1024] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
})";

TEST_F(StrategyTest, DotOnMeshOfFourHasAlpasClassicStrategies) {
  CostModel model = Model({4});
  const Instruction& dot = Root(kDot);
  std::vector<Strategy> all = Enumerate(dot, model);
  // Axis 0 unused, on m, on n, or on k (partial or all-reduced).
  EXPECT_EQ(all.size(), 5u);
  const double flops = 2.0 * 256 * 1024 * 512;

  const Strategy* dp = Find(all, S({{0}, {}}), S({{0}, {}}), S({{}, {}}), false);
  ASSERT_NE(dp, nullptr);  // data parallel: batch split, weights replicated
  EXPECT_DOUBLE_EQ(dp->compute_s, flops / 4 / kPeak);
  EXPECT_EQ(dp->communication_s, 0);

  const Strategy* column = Find(all, S({{}, {0}}), S({{}, {}}), S({{}, {0}}), false);
  ASSERT_NE(column, nullptr);  // Megatron column split
  EXPECT_DOUBLE_EQ(column->compute_s, flops / 4 / kPeak);

  const Strategy* row_partial = Find(all, S({{}, {}}, {0}), S({{}, {0}}), S({{0}, {}}), false);
  ASSERT_NE(row_partial, nullptr);  // Megatron row split, result left partial
  EXPECT_EQ(row_partial->communication_s, 0);

  const Strategy* row = Find(all, S({{}, {}}), S({{}, {0}}), S({{0}, {}}), true);
  ASSERT_NE(row, nullptr);  // row split all-reduced in the op
  const double out_bytes = 256.0 * 1024 * 4;
  EXPECT_DOUBLE_EQ(row->communication_s, AllReduce(4, out_bytes));
  ASSERT_EQ(row->collectives.size(), 1u);
  EXPECT_EQ(row->collectives[0], (CollectiveUse{CollectiveKind::kAllReduce, 256 * 1024 * 4, {0}}));

  // Replicated: memory traffic of the full arrays vs. the full FLOPs.
  const Strategy* rep = Find(all, S({{}, {}}), S({{}, {}}), S({{}, {}}), false);
  ASSERT_NE(rep, nullptr);
  const double bytes = (256.0 * 512 + 512.0 * 1024 + 256.0 * 1024) * 4;
  EXPECT_DOUBLE_EQ(rep->compute_s, std::max(flops / kPeak, bytes / kHbm));
}

TEST_F(StrategyTest, DotOnTwoByTwoCombinesAxes) {
  CostModel model = Model({2, 2});
  const Instruction& dot = Root(kDot);
  // 16 assignments of two axes to {none, m, n, k}, 3 more orders of two axes on one loop; the
  // 8 assignments using k come twice (partial / all-reduced).
  EXPECT_EQ(Enumerate(dot, model).size(), 27u);
  StrategyOptions no_partial;
  no_partial.allow_partial = false;
  std::vector<Strategy> all = Enumerate(dot, model, no_partial);
  // The 8 assignments using k are all-reduced, or reduce-scattered onto m or n (16 more).
  EXPECT_EQ(all.size(), 35u);
  // 2-D: data parallel over axis 0, Megatron column over axis 1.
  EXPECT_NE(Find(all, S({{0}, {1}}), S({{0}, {}}), S({{}, {1}}), false), nullptr);
  // Both axes on the batch, in either order.
  EXPECT_NE(Find(all, S({{0, 1}, {}}), S({{0, 1}, {}}), S({{}, {}}), false), nullptr);
  EXPECT_NE(Find(all, S({{1, 0}, {}}), S({{1, 0}, {}}), S({{}, {}}), false), nullptr);
  for (const Strategy& s : all) {
    for (const ShardingSpec& spec : s.outputs) EXPECT_TRUE(spec.partial_axes.empty());
  }
  // Both axes contracted, reduce-scattered onto m.
  const Strategy* rs = Find(all, S({{0, 1}, {}}), S({{}, {0, 1}}), S({{0, 1}, {}}), true);
  ASSERT_NE(rs, nullptr);
  EXPECT_EQ(rs->collectives[0].kind, CollectiveKind::kReduceScatter);
}

TEST_F(StrategyTest, ElementwiseFollowsAndPassesPartialSums) {
  CostModel model = Model({2, 2});
  const Instruction& add = Root(R"(
ENTRY e {
  a = f32[8,16] parameter(0)
  b = f32[8,16] parameter(1)
  ROOT s = f32[8,16] add(a, b)
})");
  std::vector<Strategy> all = Enumerate(add, model);
  // 11 specs; partial variants over the unused axes: 3 for the replicated spec, 1 for each of
  // the 4 specs using one axis.
  EXPECT_EQ(all.size(), 18u);
  for (const Strategy& s : all) {
    EXPECT_EQ(s.operands[0][0], s.outputs[0]);
    EXPECT_EQ(s.operands[1][0], s.outputs[0]);
  }
  const Instruction& exp = Root(R"(
ENTRY e {
  a = f32[8,16] parameter(0)
  ROOT x = f32[8,16] exponential(a)
})");
  std::vector<Strategy> nonlinear = Enumerate(exp, model);
  EXPECT_EQ(nonlinear.size(), 11u);
  for (const Strategy& s : nonlinear) EXPECT_TRUE(s.outputs[0].partial_axes.empty());
}

TEST_F(StrategyTest, ParametersGetEverySpec) {
  const Instruction& p = Root("ENTRY e {\n ROOT p = f32[8,16] parameter(0)\n}");
  EXPECT_EQ(Enumerate(p, Model({4})).size(), 3u);
  EXPECT_EQ(Enumerate(p, Model({2, 2})).size(), 11u);
  const Instruction& odd = Root("ENTRY e {\n ROOT p = f32[3,16] parameter(0)\n}");
  EXPECT_EQ(Enumerate(odd, Model({4})).size(), 2u);  // 3 rows do not split evenly in 4
  StrategyOptions uneven;
  uneven.allow_uneven = true;
  EXPECT_EQ(Enumerate(odd, Model({2}), uneven).size(), 3u);
  EXPECT_EQ(EnumerateSpecs({8, 8, 8}, Mesh({2, 2}), false).size(), 19u);
  // 4^3 placements less the 3 with all axes on one dim, plus 3 pairs x 3 dims x 3 places of the
  // third axis in the other order.
  EXPECT_EQ(EnumerateSpecs({8, 8, 8}, Mesh({2, 2, 2}), false).size(), 88u);
  // Ascending axis orders come first.
  std::vector<ShardingSpec> specs = EnumerateSpecs({8}, Mesh({2, 2}), false);
  ASSERT_EQ(specs.size(), 5u);
  EXPECT_LT(std::find(specs.begin(), specs.end(), S({{0, 1}})) - specs.begin(),
            std::find(specs.begin(), specs.end(), S({{1, 0}})) - specs.begin());
  // Size-1 mesh axes are never used.
  EXPECT_EQ(EnumerateSpecs({8, 8}, Mesh({1, 4}), false).size(), 3u);
}

TEST_F(StrategyTest, ReduceOfSplitDimIsPartialOrAllReduced) {
  CostModel model = Model({4});
  const Instruction& r = Root(R"(
add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}
ENTRY e {
  a = f32[8,16] parameter(0)
  z = f32[] constant(0)
  ROOT r = f32[8] reduce(a, z), dimensions={1}, to_apply=add
})");
  std::vector<Strategy> all = Enumerate(r, model);
  // none (+ a partial pass-through), rows, reduced dim (partial / all-reduced)
  EXPECT_EQ(all.size(), 5u);
  bool partial = false, all_reduced = false;
  for (const Strategy& s : all) {
    if (s.operands[0][0] != S({{}, {0}})) continue;
    if (s.outputs[0] == S({{}}, {0})) partial = true;
    if (s.outputs[0] == S({{}}) && s.collectives.size() == 1) {
      all_reduced = true;
      EXPECT_DOUBLE_EQ(s.communication_s, AllReduce(4, 8 * 4));
    }
  }
  EXPECT_TRUE(partial);
  EXPECT_TRUE(all_reduced);
}

TEST_F(StrategyTest, ShapeOpsFollowTheirOperands) {
  CostModel model = Model({2, 2});
  const Instruction& t = Root(R"(
ENTRY e {
  a = f32[8,16] parameter(0)
  ROOT t = f32[16,8] transpose(a), dimensions={1,0}
})");
  for (const Strategy& s : Enumerate(t, model)) {
    EXPECT_EQ(s.operands[0][0].dim_axes[0], s.outputs[0].dim_axes[1]);
    EXPECT_EQ(s.operands[0][0].dim_axes[1], s.outputs[0].dim_axes[0]);
  }
  const Instruction& r = Root(R"(
ENTRY e {
  a = f32[8,6,4] parameter(0)
  ROOT r = f32[48,4] reshape(a)
})");
  std::vector<Strategy> reshape = Enumerate(r, model);
  // The merged dim splits only as its major part does.
  EXPECT_NE(
      std::find_if(reshape.begin(), reshape.end(),
                   [](const Strategy& s) {
                     return s.outputs[0] == S({{0}, {1}}) && s.operands[0][0] == S({{0}, {}, {1}});
                   }),
      reshape.end());
  for (const Strategy& s : reshape) EXPECT_TRUE(s.operands[0][0].dim_axes[1].empty());
  const Instruction& b = Root(R"(
ENTRY e {
  a = f32[16] parameter(0)
  ROOT b = f32[8,16] broadcast(a), dimensions={1}
})");
  for (const Strategy& s : Enumerate(b, model)) {
    EXPECT_EQ(s.operands[0][0].dim_axes[0], s.outputs[0].dim_axes[1]);
  }
}

TEST_F(StrategyTest, WithoutPartialsASplitSumIsReduceScattered) {
  CostModel model = Model({4});
  StrategyOptions no_partial;
  no_partial.allow_partial = false;
  std::vector<Strategy> all = Enumerate(Root(kDot), model, no_partial);
  // none, m, n, k all-reduced, k reduce-scattered onto m or onto n
  EXPECT_EQ(all.size(), 6u);
  const Strategy* rs = Find(all, S({{0}, {}}), S({{}, {0}}), S({{0}, {}}), true);
  ASSERT_NE(rs, nullptr);
  ASSERT_EQ(rs->collectives.size(), 1u);
  EXPECT_EQ(rs->collectives[0].kind, CollectiveKind::kReduceScatter);
  EXPECT_DOUBLE_EQ(rs->communication_s, Ring(4, 256.0 * 1024 * 4));
}

TEST_F(StrategyTest, ConvolutionSplitsBatchAndFeatures) {
  CostModel model = Model({4});
  const Instruction& conv = Root(R"(
ENTRY e {
  x = f32[8,16,16,32] parameter(0)
  k = f32[3,3,32,64] parameter(1)
  ROOT c = f32[8,16,16,64] convolution(x, k), window={size=3x3 pad=1_1x1_1},
      dim_labels=b01f_01io->b01f
})");
  std::vector<Strategy> all = Enumerate(conv, model);
  // none, batch, output feature, input feature (partial / all-reduced)
  EXPECT_EQ(all.size(), 5u);
  for (const Strategy& s : all) {
    EXPECT_TRUE(s.outputs[0].dim_axes[1].empty() && s.outputs[0].dim_axes[2].empty());
  }
  EXPECT_NE(Find(all, S({{0}, {}, {}, {}}), S({{0}, {}, {}, {}}), S({{}, {}, {}, {}}), false),
            nullptr);
  EXPECT_NE(Find(all, S({{}, {}, {}, {}}, {0}), S({{}, {}, {}, {0}}), S({{}, {}, {0}, {}}), false),
            nullptr);
}

TEST_F(StrategyTest, EmbeddingGatherAndScatter) {
  CostModel model = Model({4});
  const Instruction& g = Root(R"(
ENTRY e {
  t = f32[512,16] parameter(0)
  i = s32[128] parameter(1)
  ROOT g = f32[128,16] gather(t, i), offset_dims={1}, collapsed_slice_dims={0},
      start_index_map={0}, index_vector_dim=1, slice_sizes={1,16}
})");
  std::vector<Strategy> gather = Enumerate(g, model);
  // none, ids (batch), hidden, vocabulary (partial / all-reduced)
  EXPECT_EQ(gather.size(), 5u);
  EXPECT_NE(Find(gather, S({{}, {}}, {0}), S({{0}, {}}), S({{}}), false), nullptr);
  EXPECT_NE(Find(gather, S({{0}, {}}), S({{}, {}}), S({{0}}), false), nullptr);
  EXPECT_NE(Find(gather, S({{}, {0}}), S({{}, {0}}), S({{}}), false), nullptr);

  const Instruction& sc = Root(R"(
add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}
ENTRY e {
  z = f32[512,16] parameter(0)
  i = s64[128,1] parameter(1)
  u = f32[128,16] parameter(2)
  ROOT s = f32[512,16] scatter(z, i, u), update_window_dims={1}, inserted_window_dims={0},
      scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add
})");
  std::vector<Strategy> scatter = Enumerate(sc, model);
  bool batch_split = false, row_split = false;
  for (const Strategy& s : scatter) {
    if (s.operands[2][0] == S({{0}, {}})) {  // updates split by batch: operand must be partial
      batch_split = true;
      EXPECT_EQ(s.operands[0][0], S({{}, {}}, {0}));
    }
    if (s.outputs[0] == S({{0}, {}})) {  // vocabulary rows: updates and ids whole
      row_split = true;
      EXPECT_EQ(s.operands[2][0], S({{}, {}}));
      EXPECT_EQ(s.operands[0][0], S({{0}, {}}));
    }
  }
  EXPECT_TRUE(batch_split);
  EXPECT_TRUE(row_split);
}

TEST_F(StrategyTest, RmsNormKeepsTheNormalizedDimWhole) {
  const Instruction& n = Root(R"(
ENTRY e {
  x = f32[64,8,4] parameter(0)
  w = f32[64] parameter(1)
  eps = f32[] parameter(2)
  ROOT n = f32[64,8,4] custom-call(x, w, eps), custom_call_target="AwsNeuronRmsNorm",
      backend_config="0"
})");
  std::vector<Strategy> all = Enumerate(n, Model({4}));
  EXPECT_EQ(all.size(), 3u);  // none, dim 1, dim 2
  for (const Strategy& s : all) {
    EXPECT_TRUE(s.outputs[0].dim_axes[0].empty());
    EXPECT_TRUE(s.operands[1][0].IsReplicated());
  }
}

TEST_F(StrategyTest, WhileIsReplicatedOnly) {
  const Instruction& w = Root(R"(
cond {
  p = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  n = s32[] constant(3)
  ROOT c = pred[] compare(i, n), direction=LT
}
body {
  p = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  x = f32[4] get-tuple-element(p), index=1
  ROOT t = (s32[], f32[4]) tuple(i, x)
}
ENTRY e {
  i = s32[] constant(0)
  x = f32[4] parameter(0)
  t = (s32[], f32[4]) tuple(i, x)
  ROOT w = (s32[], f32[4]) while(t), condition=cond, body=body
})");
  std::vector<Strategy> all = Enumerate(w, Model({2, 2}));
  ASSERT_EQ(all.size(), 1u);
  ASSERT_EQ(all[0].outputs.size(), 2u);
  EXPECT_TRUE(all[0].outputs[1].IsReplicated());
  ASSERT_EQ(all[0].operands.size(), 1u);
  EXPECT_EQ(all[0].operands[0].size(), 2u);
}

// The planner offers only what the partitioner runs (sharding/op_sharding.h): sort has no
// handler on shards, so it gets the replicated strategy only; reduce-window runs split on the
// dims its window leaves alone, so it may split dim 0 but never the windowed dim 1.
TEST_F(StrategyTest, StrategiesFollowThePartitionersRules) {
  const Instruction& sort = Root(R"(
lt {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = pred[] compare(a, b), direction=LT
}
ENTRY e {
  x = f32[64,32] parameter(0)
  ROOT s = f32[64,32] sort(x), dimensions={1}, to_apply=lt
})");
  EXPECT_EQ(ShardingRuleOf(sort.opcode()), ShardingRule::kReplicated);
  std::vector<Strategy> all = Enumerate(sort, Model({4}));
  ASSERT_EQ(all.size(), 1u);
  EXPECT_TRUE(all[0].outputs[0].IsReplicated());
  const Instruction& window = Root(R"(
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}
ENTRY e {
  x = f32[64,32] parameter(0)
  z = f32[] constant(0)
  ROOT r = f32[64,32] reduce-window(x, z), window={size=1x3 pad=0_0x1_1}, to_apply=add
})");
  EXPECT_EQ(DimsTouched(window), (std::vector<bool>{false, true}));
  std::vector<Strategy> windows = Enumerate(window, Model({4}));
  bool split_rows = false;
  for (const Strategy& s : windows) {
    EXPECT_TRUE(s.outputs[0].dim_axes[1].empty()) << s.name;
    EXPECT_TRUE(s.operands[0][0].dim_axes[1].empty()) << s.name;
    EXPECT_TRUE(s.operands[1][0].IsReplicated()) << s.name;
    EXPECT_TRUE(s.outputs[0].partial_axes.empty()) << s.name;
    split_rows |= !s.outputs[0].dim_axes[0].empty();
  }
  EXPECT_TRUE(split_rows);
}

TEST(Resharding, CollectivesAndCostsOnMeshOfFour) {
  CostModel model = Model({4});
  const Shape shape(PrimitiveType::kF32, {1024, 1024});
  const double full = 1024.0 * 1024 * 4;
  auto cost = [&](const ShardingSpec& a, const ShardingSpec& b) {
    return ReshardingCost(shape, a, b, model);
  };
  EXPECT_EQ(cost(S({{0}, {}}), S({{0}, {}})).seconds, 0);
  EXPECT_EQ(cost(S({{}, {}}), S({{0}, {}})).seconds, 0);  // a local slice

  Resharding gather = cost(S({{0}, {}}), S({{}, {}}));
  ASSERT_EQ(gather.collectives.size(), 1u);
  EXPECT_EQ(gather.collectives[0].kind, CollectiveKind::kAllGather);
  EXPECT_DOUBLE_EQ(gather.seconds, Ring(4, full));

  Resharding reduce = cost(S({{}, {}}, {0}), S({{}, {}}));
  ASSERT_EQ(reduce.collectives.size(), 1u);
  EXPECT_EQ(reduce.collectives[0].kind, CollectiveKind::kAllReduce);
  EXPECT_DOUBLE_EQ(reduce.seconds, AllReduce(4, full));

  Resharding scatter = cost(S({{}, {}}, {0}), S({{}, {0}}));
  ASSERT_EQ(scatter.collectives.size(), 1u);
  EXPECT_EQ(scatter.collectives[0].kind, CollectiveKind::kReduceScatter);
  EXPECT_DOUBLE_EQ(scatter.seconds, Ring(4, full));

  Resharding move = cost(S({{0}, {}}), S({{}, {0}}));
  ASSERT_EQ(move.collectives.size(), 1u);
  EXPECT_EQ(move.collectives[0].kind, CollectiveKind::kAllToAll);
  EXPECT_DOUBLE_EQ(move.seconds, Ring(4, full / 4));

  EXPECT_EQ(ShardedBytes(shape, S({{0}, {}}), model.mesh()), 1024 * 256 * 4);
  EXPECT_EQ(ShardedBytes(Shape(PrimitiveType::kF32, {5}), S({{0}}), model.mesh()), 2 * 4);
}

TEST(Resharding, SeveralAxesOnTwoByTwo) {
  CostModel model = Model({2, 2});
  const Shape shape(PrimitiveType::kF32, {1024, 1024});
  const double full = 1024.0 * 1024 * 4;
  // One all-gather over both axes, as the partitioner emits it (the full buffer, a ring of 4).
  Resharding gather = ReshardingCost(shape, S({{0, 1}, {}}), S({{}, {}}), model);
  ASSERT_EQ(gather.collectives.size(), 1u);
  EXPECT_EQ(gather.collectives[0].axes, (std::vector<int64_t>{0, 1}));
  EXPECT_EQ(gather.collectives[0].bytes, full);
  EXPECT_DOUBLE_EQ(gather.seconds, Ring(4, full));
  // Partial over both axes: one all-reduce over the group of 4.
  Resharding reduce = ReshardingCost(shape, S({{}, {}}, {0, 1}), S({{}, {}}), model);
  ASSERT_EQ(reduce.collectives.size(), 1u);
  EXPECT_EQ(reduce.collectives[0].axes, (std::vector<int64_t>{0, 1}));
  EXPECT_DOUBLE_EQ(reduce.seconds, AllReduce(4, full));
  // Partial over 1 into a split over 1, while axis 0 leaves dim 0: reduce-scatter then gather.
  Resharding mixed = ReshardingCost(shape, S({{0}, {}}, {1}), S({{}, {1}}), model);
  ASSERT_EQ(mixed.collectives.size(), 2u);
  EXPECT_EQ(mixed.collectives[0].kind, CollectiveKind::kReduceScatter);
  EXPECT_EQ(mixed.collectives[1].kind, CollectiveKind::kAllGather);
  EXPECT_DOUBLE_EQ(mixed.seconds, Ring(2, full / 2) + Ring(2, full / 2));
  // Becoming partial is free.
  EXPECT_EQ(ReshardingCost(shape, S({{}, {}}), S({{}, {}}, {0}), model).seconds, 0);
  // Axes trading places keep every shard's size: one collective-permute of a quarter, as the
  // partitioner emits it (the planner used to price two all-gathers and a slice).
  Resharding swap = ReshardingCost(shape, S({{0}, {1}}), S({{1}, {0}}), model);
  ASSERT_EQ(swap.collectives.size(), 1u);
  EXPECT_EQ(swap.collectives[0].kind, CollectiveKind::kCollectivePermute);
  EXPECT_EQ(swap.collectives[0].bytes, 1024 * 1024);
}

}  // namespace
}  // namespace xpar
