// EstimateTraffic: the plan's bytes per device per collective kind, counted as the runtime's
// transports count a run (ring algorithms over the group the mesh axes form).
#include <gtest/gtest.h>

#include "passes/auto_sharding/auto_sharding.h"

namespace xpar {
namespace {

TEST(PlanTraffic, RingBytesPerKindOverTheAxesGroup) {
  auto mesh = Mesh::Parse("2x4");
  ASSERT_TRUE(mesh.ok());
  Plan plan;
  InstructionPlan op;
  op.strategy.collectives = {{CollectiveKind::kAllReduce, 1000, {1}},        // n=4: 2*3/4
                             {CollectiveKind::kAllGather, 800, {0, 1}},      // n=8: 7/8
                             {CollectiveKind::kCollectivePermute, 64, {0}}};
  plan.instructions.push_back(op);
  PlannedResharding r;
  r.cost.collectives = {{CollectiveKind::kReduceScatter, 400, {0}},  // n=2: 1/2
                        {CollectiveKind::kAllToAll, 400, {1}},       // n=4: 3/4
                        {CollectiveKind::kAllReduce, 100, {0}}};     // n=2: 2*1/2
  plan.reshardings.push_back(r);
  auto t = EstimateTraffic(plan, *mesh);
  EXPECT_EQ(t[CollectiveKind::kAllReduce].calls, 2);
  EXPECT_EQ(t[CollectiveKind::kAllReduce].bytes_sent, 1500 + 100);
  EXPECT_EQ(t[CollectiveKind::kAllGather].bytes_sent, 700);
  EXPECT_EQ(t[CollectiveKind::kReduceScatter].bytes_sent, 200);
  EXPECT_EQ(t[CollectiveKind::kAllToAll].bytes_sent, 300);
  EXPECT_EQ(t[CollectiveKind::kCollectivePermute].bytes_sent, 64);
}

TEST(PlanTraffic, AGroupOfOneMovesNothing) {
  auto mesh = Mesh::Parse("1x4");
  ASSERT_TRUE(mesh.ok());
  Plan plan;
  InstructionPlan op;
  op.strategy.collectives = {{CollectiveKind::kAllReduce, 1000, {0}}};
  plan.instructions.push_back(op);
  EXPECT_TRUE(EstimateTraffic(plan, *mesh).empty());
}

}  // namespace
}  // namespace xpar
