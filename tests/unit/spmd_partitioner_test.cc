// The SPMD partitioner against the single-device interpreter: small annotated modules (data
// parallel step, Megatron MLP, contracting splits, reshapes, uneven splits) partitioned on 2 and
// 2x2 meshes give the single-device results within 1e-5, with the expected collectives.
#include <gtest/gtest.h>

#include <map>

#include "spmd_test_util.h"

namespace xpar::testing {
namespace {

// Partitions, runs both ways, expects agreement; returns the partitioned module.
std::unique_ptr<Module> ExpectSame(const Module& m, const Mesh& mesh) {
  std::unique_ptr<Module> partitioned;
  auto diff = PartitionedDifference(m, mesh, 7, &partitioned);
  EXPECT_TRUE(diff.ok()) << diff.status().ToString();
  if (!diff.ok()) return nullptr;
  EXPECT_LE(*diff, 1e-5) << PrintModule(*partitioned);
  return partitioned;
}

constexpr char kAdd[] = R"(
%add (a: f32[], b: f32[]) -> f32[] {
  %a = f32[] parameter(0)
  %b = f32[] parameter(1)
  ROOT %s = f32[] add(%a, %b)
}
)";

const std::string kDataParallelStep = std::string("HloModule dp\n") + kAdd + R"(
ENTRY %main (x: f32[8,16], w: f32[16,4]) -> (f32[16,4], f32[]) {
  %x = f32[8,16] parameter(0)
  %w = f32[16,4] parameter(1)
  %h = f32[8,4] dot(%x, %w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %two = f32[] constant(2)
  %twos = f32[8,4] broadcast(%two), dimensions={}
  %dy = f32[8,4] multiply(%h, %twos)
  %dw = f32[16,4] dot(%x, %dy), lhs_contracting_dims={0}, rhs_contracting_dims={0}
  %lr = f32[] constant(0.1)
  %lrs = f32[16,4] broadcast(%lr), dimensions={}
  %step = f32[16,4] multiply(%dw, %lrs)
  %w_new = f32[16,4] subtract(%w, %step)
  %sq = f32[8,4] multiply(%h, %h)
  %zero = f32[] constant(0)
  %loss = f32[] reduce(%sq, %zero), dimensions={0,1}, to_apply=%add
  ROOT %out = (f32[16,4], f32[]) tuple(%w_new, %loss)
}
)";

TEST(SpmdPartitioner, DataParallelStepAllReducesGradientAndLoss) {
  for (const char* shape : {"2", "2x2"}) {
    Mesh mesh = *Mesh::Parse(shape);
    std::vector<int64_t> all = mesh.rank() == 1 ? std::vector<int64_t>{0}
                                                : std::vector<int64_t>{0, 1};
    auto m = Annotated(kDataParallelStep,
                       {{"x", S({all, {}})}, {"w", S({{}, {}})}, {"w_new", S({{}, {}})}}, mesh);
    auto p = ExpectSame(*m, mesh);
    ASSERT_TRUE(p);
    EXPECT_EQ(CountOpcode(*p, Opcode::kAllReduce), 2) << shape;  // gradient and loss
    EXPECT_EQ(CountOpcode(*p, Opcode::kAllGather), 0) << shape;
  }
}

const std::string kMegatron = std::string("HloModule megatron\n") + kAdd + R"(
ENTRY %main (x: f32[8,16], w1: f32[16,32], w2: f32[32,16]) -> (f32[8,16], f32[]) {
  %x = f32[8,16] parameter(0)
  %w1 = f32[16,32] parameter(1)
  %w2 = f32[32,16] parameter(2)
  %h = f32[8,32] dot(%x, %w1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %zero = f32[] constant(0)
  %zb = f32[8,32] broadcast(%zero), dimensions={}
  %r = f32[8,32] maximum(%h, %zb)
  %y = f32[8,16] dot(%r, %w2), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %t = f32[16,8] transpose(%y), dimensions={1,0}
  %sum = f32[] reduce(%t, %zero), dimensions={0,1}, to_apply=%add
  ROOT %out = (f32[8,16], f32[]) tuple(%y, %sum)
}
)";

TEST(SpmdPartitioner, MegatronMlpHasExactlyOneAllReduce) {
  Mesh mesh({2});
  auto m = Annotated(kMegatron,
                     {{"x", S({{}, {}})}, {"w1", S({{}, {0}})}, {"w2", S({{0}, {}})},
                      {"y", S({{}, {}})}},
                     mesh);
  auto p = ExpectSame(*m, mesh);
  ASSERT_TRUE(p);
  EXPECT_EQ(CountOpcode(*p, Opcode::kAllReduce), 1);
  EXPECT_EQ(CountOpcode(*p, Opcode::kAllGather), 0);
}

TEST(SpmdPartitioner, MegatronOnTwoByTwoWithDataParallelRows) {
  Mesh mesh({2, 2});
  auto m = Annotated(kMegatron,
                     {{"x", S({{0}, {}})}, {"w1", S({{}, {1}})}, {"w2", S({{1}, {}})},
                      {"y", S({{0}, {}})}},
                     mesh);
  auto p = ExpectSame(*m, mesh);
  ASSERT_TRUE(p);
  EXPECT_EQ(CountOpcode(*p, Opcode::kAllGather), 0);
}

const std::string kDot = R"(HloModule dot
ENTRY %main (x: f32[8,16], w: f32[16,12]) -> f32[8,12] {
  %x = f32[8,16] parameter(0)
  %w = f32[16,12] parameter(1)
  ROOT %y = f32[8,12] dot(%x, %w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}
)";

TEST(SpmdPartitioner, ContractingSplitGivesPartialSums) {
  Mesh mesh({2});
  auto replicated_out = Annotated(
      kDot, {{"x", S({{}, {0}})}, {"w", S({{0}, {}})}, {"y", S({{}, {}})}}, mesh);
  auto p = ExpectSame(*replicated_out, mesh);
  ASSERT_TRUE(p);
  EXPECT_EQ(CountOpcode(*p, Opcode::kAllReduce), 1);
  // A split result takes the partial sums apart with one reduce-scatter instead.
  auto split_out = Annotated(
      kDot, {{"x", S({{}, {0}})}, {"w", S({{0}, {}})}, {"y", S({{0}, {}})}}, mesh);
  p = ExpectSame(*split_out, mesh);
  ASSERT_TRUE(p);
  EXPECT_EQ(CountOpcode(*p, Opcode::kReduceScatter), 1);
  EXPECT_EQ(CountOpcode(*p, Opcode::kAllReduce), 0);
}

TEST(SpmdPartitioner, EveryDotSplitPatternOnTwoByTwo) {
  Mesh mesh({2, 2});
  std::vector<std::vector<int64_t>> choices = {{}, {0}, {1}, {0, 1}, {1, 0}};
  int64_t cases = 0;
  for (const auto& xr : choices) {
    for (const auto& xc : choices) {
      for (const auto& wc : choices) {
        ShardingSpec xs = S({xr, xc}), ws = S({xc.empty() ? wc : xc, {}});
        if (!ValidateSpec(xs, mesh).ok() || !ValidateSpec(ws, mesh).ok()) continue;
        auto m = Annotated(kDot, {{"x", xs}, {"w", ws}}, mesh);
        SCOPED_TRACE(xs.ToString() + " x " + ws.ToString());
        ExpectSame(*m, mesh);
        ++cases;
      }
    }
  }
  EXPECT_GT(cases, 20);
}

const std::string kReshapes = std::string("HloModule reshapes\n") + kAdd + R"(
ENTRY %main (x: f32[8,6], y: f32[6,4]) -> (f32[6,8], f32[24], f32[4,2,3], f32[4]) {
  %x = f32[8,6] parameter(0)
  %y = f32[6,4] parameter(1)
  %a = f32[2,4,6] reshape(%x)
  %b = f32[6,2,4] transpose(%a), dimensions={2,0,1}
  %c = f32[6,8] reshape(%b)
  %d = f32[24] reshape(%y)
  %e = f32[4,6] transpose(%y), dimensions={1,0}
  %f = f32[4,2,3] reshape(%e)
  %zero = f32[] constant(0)
  %g = f32[4] reduce(%f, %zero), dimensions={1,2}, to_apply=%add
  ROOT %out = (f32[6,8], f32[24], f32[4,2,3], f32[4]) tuple(%c, %d, %f, %g)
}
)";

TEST(SpmdPartitioner, ReshapeAndTransposeOfSplitDims) {
  for (const char* shape : {"2", "2x2"}) {
    Mesh mesh = *Mesh::Parse(shape);
    auto m = Annotated(kReshapes, {{"x", S({{0}, {}})}, {"y", S({{}, {mesh.rank() - 1}})}},
                       mesh);
    ExpectSame(*m, mesh);
  }
}

const std::string kUneven = std::string("HloModule uneven\n") + kAdd + R"(
ENTRY %main (x: f32[7,5], w: f32[5,3]) -> (f32[7,3], f32[3], s32[7,3]) {
  %x = f32[7,5] parameter(0)
  %w = f32[5,3] parameter(1)
  %y = f32[7,3] dot(%x, %w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %zero = f32[] constant(0)
  %s = f32[3] reduce(%y, %zero), dimensions={0}, to_apply=%add
  %i = s32[7,3] iota(), iota_dimension=0
  ROOT %out = (f32[7,3], f32[3], s32[7,3]) tuple(%y, %s, %i)
}
)";

TEST(SpmdPartitioner, UnevenSplitsArePaddedOrKeptWhole) {
  Mesh mesh({2});
  auto m = Annotated(kUneven,
                     {{"x", S({{0}, {}})}, {"w", S({{0}, {}})}, {"i", S({{0}, {}})}}, mesh);
  auto p = ExpectSame(*m, mesh);
  ASSERT_TRUE(p);
  // 7 rows split in two: 4 per device, the second shard padded.
  EXPECT_EQ(p->entry()->parameters()[0]->shape().dims(), (std::vector<int64_t>{4, 5}));
  // With uneven splits off, 7 rows do not split in two: the parameter stays whole.
  PartitionOptions even_only;
  even_only.uneven = false;
  std::unique_ptr<Module> whole;
  auto diff = PartitionedDifference(*m, mesh, 7, &whole, even_only);
  ASSERT_TRUE(diff.ok()) << diff.status().ToString();
  EXPECT_LE(*diff, 1e-5);
  EXPECT_EQ(whole->entry()->parameters()[0]->shape().dims(), (std::vector<int64_t>{7, 5}));
}

const std::string kDataMovement = R"(HloModule moves
ENTRY %main (x: f32[8,6], y: f32[8,2]) -> (f32[8,3], f32[8,8], f32[10,6], f32[8,6], s32[8,6]) {
  %x = f32[8,6] parameter(0)
  %y = f32[8,2] parameter(1)
  %a = f32[8,3] slice(%x), slice={[0:8], [1:4]}
  %b = f32[8,8] concatenate(%x, %y), dimensions={1}
  %zero = f32[] constant(0)
  %c = f32[10,6] pad(%x, %zero), padding=1_1x0_0
  %d = f32[8,6] reverse(%x), dimensions={0}
  %i = s32[8,6] iota(), iota_dimension=0
  ROOT %out = (f32[8,3], f32[8,8], f32[10,6], f32[8,6], s32[8,6]) tuple(%a, %b, %c, %d, %i)
}
)";

TEST(SpmdPartitioner, SlicePadConcatReverseIota) {
  Mesh mesh({2, 2});
  auto m = Annotated(kDataMovement,
                     {{"x", S({{0}, {1}})}, {"y", S({{0, 1}, {}})}, {"i", S({{1, 0}, {}})}},
                     mesh);
  ExpectSame(*m, mesh);
}

// Max pooling over dims 1-2 and a running sum along dim 1: split over the batch (dim 0), which
// neither window touches, both run on shards with no collective.
const std::string kWindows = R"(HloModule windows
%max (a: f32[], b: f32[]) -> f32[] {
  %a = f32[] parameter(0)
  %b = f32[] parameter(1)
  ROOT %m = f32[] maximum(%a, %b)
}
%add (c: f32[], d: f32[]) -> f32[] {
  %c = f32[] parameter(0)
  %d = f32[] parameter(1)
  ROOT %s = f32[] add(%c, %d)
}
ENTRY %main (x: f32[6,8,8]) -> (f32[6,4,4], f32[6,8,8]) {
  %x = f32[6,8,8] parameter(0)
  %ninf = f32[] constant(-inf)
  %zero = f32[] constant(0)
  %pool = f32[6,4,4] reduce-window(%x, %ninf), window={size=1x2x2 stride=1x2x2}, to_apply=%max
  %cum = f32[6,8,8] reduce-window(%x, %zero), window={size=1x8x1 pad=0_0x7_0x0_0}, to_apply=%add
  ROOT %out = (f32[6,4,4], f32[6,8,8]) tuple(%pool, %cum)
}
)";

TEST(SpmdPartitioner, ReduceWindowRunsOnShardsOfUntouchedDims) {
  Mesh mesh({2, 2});
  auto m = Annotated(kWindows, {{"x", S({{0, 1}, {}, {}})}, {"pool", S({{0, 1}, {}, {}})},
                                {"cum", S({{0, 1}, {}, {}})}},
                     mesh);
  auto p = ExpectSame(*m, mesh);
  ASSERT_TRUE(p);
  EXPECT_EQ(CountOpcode(*p, Opcode::kAllGather), 0);
  // Split over the windowed dim 2 instead: it is made whole first, and the result still matches.
  auto whole = Annotated(kWindows, {{"x", S({{}, {}, {0, 1}})}}, mesh);
  ExpectSame(*whole, mesh);
}

const std::string kConvGather = R"(HloModule conv_gather
ENTRY %main (img: f32[4,6,3], k: f32[3,3,8], table: f32[16,4], ids: s32[5,1]) -> (f32[4,6,8], f32[5,4]) {
  %img = f32[4,6,3] parameter(0)
  %k = f32[3,3,8] parameter(1)
  %table = f32[16,4] parameter(2)
  %ids = s32[5,1] parameter(3)
  %c = f32[4,6,8] convolution(%img, %k), window={size=3 pad=1_1}, dim_labels=b0f_0io->b0f
  %g = f32[5,4] gather(%table, %ids), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,4}
  ROOT %out = (f32[4,6,8], f32[5,4]) tuple(%c, %g)
}
)";

TEST(SpmdPartitioner, BatchSplitConvolutionAndVocabSplitGather) {
  Mesh mesh({2, 2});
  auto m = Annotated(kConvGather,
                     {{"img", S({{0}, {}, {}})}, {"k", S({{}, {}, {1}})},
                      {"table", S({{1, 0}, {}})}},
                     mesh);
  auto p = ExpectSame(*m, mesh);
  ASSERT_TRUE(p);
  EXPECT_EQ(CountOpcode(*p, Opcode::kAllGather), 0);  // neither the images nor the table
}

TEST(SpmdPartitioner, ShardOfAndAssembleRoundTrip) {
  Mesh mesh({2, 2});
  Literal full = RandomLiteral(Shape(PrimitiveType::kF32, {4, 6}), 3);
  ShardingSpec spec = S({{1}, {0}});
  std::vector<Literal> shards;
  for (int64_t d = 0; d < 4; ++d) shards.push_back(ShardOf(full, spec, mesh, d));
  EXPECT_EQ(shards[1].shape().dims(), (std::vector<int64_t>{2, 3}));
  // Device 1 is mesh (0,1): rows 2..3 (axis 1), columns 0..2 (axis 0).
  EXPECT_EQ(shards[1].GetAsDouble(0), full.GetAsDouble(2 * 6));
  auto back = Assemble(shards, spec, mesh, full.shape());
  ASSERT_TRUE(back.ok());
  EXPECT_TRUE(*back == full);
}

TEST(SpmdPartitioner, AlreadyPartitionedModuleIsRefused) {
  auto m = ParseHloModule(std::string("HloModule p\n") + kAdd + R"(
ENTRY %main (x: f32[4]) -> f32[4] {
  %x = f32[4] parameter(0)
  ROOT %r = f32[4] all-reduce(%x), channel_id=1, replica_groups={{0,1}}, use_global_device_ids=true, to_apply=%add
}
)");
  ASSERT_TRUE(m.ok());
  // A cross-partition collective (channel id) means the module is already partitioned; a
  // cross-replica one (no channel id) is the program's own and needs num_replicas instead.
  auto p = PartitionModule(**m, Mesh({2}));
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("already partitioned"), std::string::npos);
}

}  // namespace
}  // namespace xpar::testing
