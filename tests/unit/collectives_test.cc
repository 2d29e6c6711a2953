// Collectives on simulated devices (RunOnDevices): all-reduce, all-gather, reduce-scatter,
// all-to-all, collective-permute, replica groups, cross-partition modes, and error handling.
#include "interp_ext_test_util.h"

namespace xpar {
namespace {

using testing_ext::ParseOrDie;
using testing_ext::Values;

constexpr char kSum[] = R"(
sum {
  r_a = f32[] parameter(0)
  r_b = f32[] parameter(1)
  ROOT r_s = f32[] add(r_a, r_b)
}
)";

// Runs `body` (an ENTRY taking one f32[n] parameter) on replicas x partitions devices; device
// d's argument is f(d, i) for element i.
std::vector<Literal> RunAll(const std::string& text, int64_t n, int64_t replicas,
                            int64_t partitions, float (*f)(int64_t, int64_t)) {
  auto m = ParseOrDie(text);
  if (!m) return {};
  std::vector<std::vector<Literal>> args;
  for (int64_t d = 0; d < replicas * partitions; ++d) {
    std::vector<float> v;
    for (int64_t i = 0; i < n; ++i) v.push_back(f(d, i));
    args.push_back({});
    args.back().push_back(Literal::FromVector<float>({n}, v));
  }
  auto r = RunOnDevices(*m, std::move(args), replicas, partitions);
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return r.ok() ? std::move(r).value() : std::vector<Literal>{};
}

float DevTimesTenPlusI(int64_t d, int64_t i) { return static_cast<float>(10 * d + i); }

TEST(CollectivesTest, AllReduceSumOverAllReplicas) {
  auto out = RunAll(std::string("HloModule m\n") + kSum + R"(
ENTRY e {
  x = f32[2] parameter(0)
  ROOT r = f32[2] all-reduce(x), replica_groups={}, to_apply=sum
})", 2, 4, 1, DevTimesTenPlusI);
  ASSERT_EQ(out.size(), 4u);
  for (const Literal& l : out) EXPECT_EQ(Values<float>(l), (std::vector<float>{60, 64}));
}

TEST(CollectivesTest, AllReduceGroupsWithGeneralReducerAndTuple) {
  // A reducer that is not a plain binary op goes through the general path.
  auto out = RunAll(R"(HloModule m
maxish {
  ma_a = f32[] parameter(0)
  ma_b = f32[] parameter(1)
  ma_one = f32[] constant(1)
  ma_m = f32[] maximum(ma_a, ma_b)
  ROOT ma_r = f32[] multiply(ma_m, ma_one)
}
ENTRY e {
  x = f32[2] parameter(0)
  n = f32[2] negate(x)
  ROOT r = (f32[2], f32[2]) all-reduce(x, n), replica_groups={{0,2},{1,3}}, to_apply=maxish
})", 2, 4, 1, DevTimesTenPlusI);
  ASSERT_EQ(out.size(), 4u);
  // Groups {0,2} and {1,3}: max of x, max of -x.
  EXPECT_EQ(Values<float>(out[0].elements()[0]), (std::vector<float>{20, 21}));
  EXPECT_EQ(Values<float>(out[0].elements()[1]), (std::vector<float>{0, -1}));
  EXPECT_EQ(Values<float>(out[3].elements()[0]), (std::vector<float>{30, 31}));
  EXPECT_EQ(Values<float>(out[3].elements()[1]), (std::vector<float>{-10, -11}));
}

TEST(CollectivesTest, AllGatherAndReduceScatter) {
  auto gathered = RunAll(R"(HloModule m
ENTRY e {
  x = f32[2] parameter(0)
  r = f32[1,2] reshape(x)
  ROOT g = f32[4,2] all-gather(r), dimensions={0}, replica_groups={{0,1,2,3}}
})", 2, 4, 1, DevTimesTenPlusI);
  ASSERT_EQ(gathered.size(), 4u);
  EXPECT_EQ(Values<float>(gathered[2]), (std::vector<float>{0, 1, 10, 11, 20, 21, 30, 31}));

  auto scattered = RunAll(std::string("HloModule m\n") + kSum + R"(
ENTRY e {
  x = f32[4] parameter(0)
  ROOT s = f32[2] reduce-scatter(x), dimensions={0}, replica_groups={{0,1}, {2,3}},
      to_apply=sum
})", 4, 4, 1, DevTimesTenPlusI);
  ASSERT_EQ(scattered.size(), 4u);
  // Group {0,1}: sum = {10, 12, 14, 16}; rank 0 gets the first half, rank 1 the second.
  EXPECT_EQ(Values<float>(scattered[0]), (std::vector<float>{10, 12}));
  EXPECT_EQ(Values<float>(scattered[1]), (std::vector<float>{14, 16}));
  EXPECT_EQ(Values<float>(scattered[3]), (std::vector<float>{54, 56}));
}

TEST(CollectivesTest, AllToAllSplitsAndConcatenates) {
  auto out = RunAll(R"(HloModule m
ENTRY e {
  x = f32[4] parameter(0)
  ROOT a = f32[4] all-to-all(x), dimensions={0}, replica_groups={{0,1,2,3}}
})", 4, 4, 1, DevTimesTenPlusI);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(Values<float>(out[1]), (std::vector<float>{1, 11, 21, 31}));
  EXPECT_EQ(Values<float>(out[3]), (std::vector<float>{3, 13, 23, 33}));
}

TEST(CollectivesTest, CollectivePermuteZerosUntargetedDevices) {
  auto out = RunAll(R"(HloModule m
ENTRY e {
  x = f32[2] parameter(0)
  ROOT p = f32[2] collective-permute(x), source_target_pairs={{0,1},{1,2},{2,3}}
})", 2, 4, 1, DevTimesTenPlusI);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{0, 0}));
  EXPECT_EQ(Values<float>(out[1]), (std::vector<float>{0, 1}));
  EXPECT_EQ(Values<float>(out[3]), (std::vector<float>{20, 21}));
}

TEST(CollectivesTest, CrossPartitionModes) {
  // 2 replicas x 2 partitions. channel_id without use_global_device_ids on all-reduce is
  // cross_replica_and_partition: replica group {0} means devices (0,0),(0,1).
  auto out = RunAll(std::string("HloModule m\n") + kSum + R"(
ENTRY e {
  x = f32[1] parameter(0)
  r = f32[1] all-reduce(x), channel_id=1, replica_groups={{0},{1}}, to_apply=sum
  pid = u32[] partition-id()
  rid = u32[] replica-id()
  p = f32[1] collective-permute(x), channel_id=2, source_target_pairs={{0,1}}
  g = f32[2] all-gather(x), channel_id=3, replica_groups={{0,3},{1,2}},
      use_global_device_ids=true, dimensions={0}
  ROOT t = (f32[1], u32[], u32[], f32[1], f32[2]) tuple(r, pid, rid, p, g)
})", 1, 2, 2, DevTimesTenPlusI);
  ASSERT_EQ(out.size(), 4u);
  // Device 3 = replica 1, partition 1.
  const Literal& d3 = out[3];
  EXPECT_EQ(Values<float>(d3.elements()[0]), (std::vector<float>{50}));
  EXPECT_EQ(Values<uint32_t>(d3.elements()[1])[0], 1u);
  EXPECT_EQ(Values<uint32_t>(d3.elements()[2])[0], 1u);
  // Permute over partitions within replica 1: partition 0 (device 2) -> partition 1.
  EXPECT_EQ(Values<float>(d3.elements()[3]), (std::vector<float>{20}));
  EXPECT_EQ(Values<float>(out[2].elements()[3]), (std::vector<float>{0}));
  // Flattened ids: device 3 is in {0,3}.
  EXPECT_EQ(Values<float>(d3.elements()[4]), (std::vector<float>{0, 30}));
  EXPECT_EQ(Values<float>(out[1].elements()[4]), (std::vector<float>{10, 20}));
}

TEST(CollectivesTest, AsyncStartDonePairs) {
  auto out = RunAll(std::string("HloModule m\n") + kSum + R"(
ENTRY e {
  x = f32[2] parameter(0)
  s = f32[2] all-reduce-start(x), replica_groups={}, to_apply=sum
  d = f32[2] all-reduce-done(s)
  gs = (f32[2], f32[4]) all-gather-start(x), dimensions={0}, replica_groups={}
  gd = f32[4] all-gather-done(gs)
  ROOT t = (f32[2], f32[4]) tuple(d, gd)
})", 2, 2, 1, DevTimesTenPlusI);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(Values<float>(out[1].elements()[0]), (std::vector<float>{10, 12}));
  EXPECT_EQ(Values<float>(out[1].elements()[1]), (std::vector<float>{0, 1, 10, 11}));
}

TEST(CollectivesTest, ErrorOnOneDeviceDoesNotHang) {
  auto m = ParseOrDie(std::string("HloModule m\n") + kSum + R"(
ENTRY e {
  x = f32[2] parameter(0)
  ROOT r = f32[2] all-reduce(x), replica_groups={}, to_apply=sum
})");
  ASSERT_TRUE(m);
  std::vector<std::vector<Literal>> args(4);
  for (int d = 0; d < 4; ++d) {
    // Device 1 gets a wrongly shaped argument and fails before the all-reduce.
    args[d].push_back(Literal::FromVector<float>({d == 1 ? 3 : 2}, {1, 2, 3}));
  }
  auto r = RunOnDevices(*m, std::move(args), 4, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("device 1"), std::string::npos) << r.status().message();
}

TEST(CollectivesTest, GroupLargerThanDeviceCountIsAClearError) {
  auto m = ParseOrDie(std::string("HloModule m\n") + kSum + R"(
ENTRY e {
  x = f32[2] parameter(0)
  ROOT r = f32[2] all-reduce(x), replica_groups={{0,1}}, to_apply=sum
})");
  ASSERT_TRUE(m);
  Interpreter interp(*m);
  std::vector<Literal> args;
  args.push_back(Literal::FromVector<float>({2}, {1, 2}));
  auto r = interp.Run(args);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find(
                "all-reduce replica group {0,1} needs 2 devices; run with --devices 2"),
            std::string::npos)
      << r.status().message();
}

TEST(CollectivesTest, SingleDeviceGroupIsIdentity) {
  auto m = ParseOrDie(std::string("HloModule m\n") + kSum + R"(
ENTRY e {
  x = f32[2] parameter(0)
  r = f32[2] all-reduce(x), replica_groups={}, to_apply=sum
  ROOT g = f32[2] all-gather(r), dimensions={0}, replica_groups={{0}}
})");
  ASSERT_TRUE(m);
  Interpreter interp(*m);
  std::vector<Literal> args;
  args.push_back(Literal::FromVector<float>({2}, {1, 2}));
  auto r = interp.Run(args);
  ASSERT_TRUE(r.ok()) << r.status().ToString();
  EXPECT_EQ(Values<float>(*r), (std::vector<float>{1, 2}));
}

TEST(CollectivesTest, AllGatherAcrossReplicasAndPartitionsIsPartitionMajor) {
  // channel_id without use_global_device_ids: replicas {0,1} with all their partitions, in
  // XLA's order (partition 0 of each replica, then partition 1): devices 0, 2, 1, 3.
  auto out = RunAll(R"(HloModule m
ENTRY e {
  x = f32[1] parameter(0)
  ROOT g = f32[4] all-gather(x), channel_id=1, replica_groups={{0,1}}, dimensions={0}
})", 1, 2, 2, DevTimesTenPlusI);
  ASSERT_EQ(out.size(), 4u);
  for (const Literal& l : out) EXPECT_EQ(Values<float>(l), (std::vector<float>{0, 20, 10, 30}));
}

TEST(CollectivesTest, CollectiveBroadcastGivesZerosOutsideTheGroups) {
  // Group {2,1}: replica 2 is the root; replicas 0 and 3 are in no group and get zeros.
  auto out = RunAll(R"(HloModule m
ENTRY e {
  x = f32[2] parameter(0)
  ROOT b = f32[2] collective-broadcast(x), replica_groups={{2,1}}
})", 2, 4, 1, DevTimesTenPlusI);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(Values<float>(out[0]), (std::vector<float>{0, 0}));
  EXPECT_EQ(Values<float>(out[1]), (std::vector<float>{20, 21}));
  EXPECT_EQ(Values<float>(out[2]), (std::vector<float>{20, 21}));
  EXPECT_EQ(Values<float>(out[3]), (std::vector<float>{0, 0}));
}

}  // namespace
}  // namespace xpar
