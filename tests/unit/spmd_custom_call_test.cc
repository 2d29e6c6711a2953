// Custom calls in the SPMD partitioner: Neuron's data-placement marker passes its operand's
// shards through (no all-gather of a sharded weight), AwsNeuronRmsNorm keeps every split dim but
// the normalized one, unknown targets run replicated; all match the single-device run.
#include <gtest/gtest.h>

#include "spmd_test_util.h"

namespace xpar::testing {
namespace {

constexpr const char* kTransfer = R"(
HloModule transfer
ENTRY %e (w: f32[8,16], x: f32[4,8]) -> f32[4,16] {
  %w = f32[8,16] parameter(0), sharding={devices=[1,4]0,1,2,3}
  %t = f32[8,16] custom-call(f32[8,16] %w), custom_call_target="AwsNeuronTransferWithStaticRing", sharding={devices=[1,4]0,1,2,3}
  %x = f32[4,8] parameter(1), sharding={replicated}
  ROOT %d = f32[4,16] dot(f32[4,8] %x, f32[8,16] %t), lhs_contracting_dims={1}, rhs_contracting_dims={0}, sharding={devices=[1,4]0,1,2,3}
}
)";

TEST(SpmdCustomCall, PlacementMarkerKeepsShards) {
  auto m = ParseHloModule(kTransfer);
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  std::unique_ptr<Module> partitioned;
  auto diff = PartitionedDifference(**m, *Mesh::Parse("4"), 1, &partitioned);
  ASSERT_TRUE(diff.ok()) << diff.status().ToString();
  EXPECT_LE(*diff, 1e-6);
  EXPECT_EQ(CountOpcode(*partitioned, Opcode::kAllGather), 0) << PrintModule(*partitioned);
}

constexpr const char* kRmsNorm = R"(
HloModule rmsnorm
ENTRY %e (x: f32[16,6,4], g: f32[16]) -> f32[16,6,4] {
  %x = f32[16,6,4] parameter(0), sharding={devices=[2,1,2]0,1,2,3}
  %g = f32[16] parameter(1), sharding={replicated}
  %eps = f32[] constant(1e-06)
  ROOT %n = f32[16,6,4] custom-call(f32[16,6,4] %x, f32[16] %g, f32[] %eps), custom_call_target="AwsNeuronRmsNorm", backend_config="0"
}
)";

TEST(SpmdCustomCall, RmsNormKeepsOtherDimsSplit) {
  auto m = ParseHloModule(kRmsNorm);
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  std::unique_ptr<Module> partitioned;
  auto diff = PartitionedDifference(**m, *Mesh::Parse("2x2"), 3, &partitioned);
  ASSERT_TRUE(diff.ok()) << diff.status().ToString();
  EXPECT_LE(*diff, 1e-5);
  // dim 0 (normalized) is gathered over its axis; dim 2 stays split: the result is [R,R,S(1)].
  const Instruction* root = partitioned->entry()->root();
  EXPECT_EQ(root->shape().dims(), (std::vector<int64_t>{16, 6, 2})) << PrintModule(*partitioned);
}

TEST(SpmdCustomCall, UnknownTargetRunsReplicated) {
  std::string text = kTransfer;
  text.replace(text.find("AwsNeuronTransferWithStaticRing"),
               std::string("AwsNeuronTransferWithStaticRing").size(), "SomeVendorKernel");
  auto m = ParseHloModule(text);
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  // The interpreter does not know the target, so only the partitioned program is inspected.
  auto pm = PartitionModule(**m, *Mesh::Parse("4"));
  ASSERT_TRUE(pm.ok()) << pm.status().ToString();
  EXPECT_EQ(CountOpcode(**pm, Opcode::kAllGather), 1) << PrintModule(**pm);
}

}  // namespace
}  // namespace xpar::testing
