// The driver pieces the CLI and the Python module share: byte sizes, entry arguments from named
// arrays and random specs, relative differences, and a partitioned run checked against one device.
#include <gtest/gtest.h>

#include <cmath>

#include "driver/arguments.h"
#include "driver/mesh_run.h"
#include "frontends/hlo/hlo_parser.h"
#include "support/units.h"

namespace xpar {
namespace {

constexpr const char* kShardedAdd = R"(HloModule sharded_add
ENTRY main {
  x = f32[4,2] parameter(0), sharding={devices=[2,1]0,1}
  w = s32[] parameter(1)
  c = f32[] convert(w)
  b = f32[4,2] broadcast(c), dimensions={}
  ROOT y = f32[4,2] add(x, b), sharding={devices=[2,1]0,1}
}
)";

TEST(Driver, ParseByteSize) {
  EXPECT_EQ(*ParseByteSize("40GiB"), 40LL << 30);
  EXPECT_EQ(*ParseByteSize("512mib"), 512LL << 20);
  EXPECT_EQ(*ParseByteSize("1.5KB"), 1500);
  EXPECT_EQ(*ParseByteSize("1e9"), 1000000000);
  for (const char* bad : {"", "GiB", "-1GiB", "0", "12XB", "nan", "inf", "1e30TiB"}) {
    EXPECT_FALSE(ParseByteSize(bad).ok()) << bad;
  }
  EXPECT_EQ(HumanBytes(3 << 20), "3.0 MiB");
}

TEST(Driver, RandomSpecs) {
  uint64_t seed = 9;
  EXPECT_TRUE(*ParseRandomSpec("random", &seed));
  EXPECT_EQ(seed, 0u);
  EXPECT_TRUE(*ParseRandomSpec("random:42", &seed));
  EXPECT_EQ(seed, 42u);
  EXPECT_FALSE(*ParseRandomSpec("inputs.npz", &seed));
  for (const char* bad : {"random:", "random:x", "random:4x", "random-4"}) {
    EXPECT_FALSE(ParseRandomSpec(bad, &seed).ok()) << bad;
  }
}

TEST(Driver, ArgumentsByNameNumberAndStoredWeights) {
  auto m = ParseHloModule(kShardedAdd);
  ASSERT_TRUE(m.ok()) << m.status().message();
  const Computation& entry = *(*m)->entry();
  Literal x = Literal::FromVector<float>({4, 2}, {1, 2, 3, 4, 5, 6, 7, 8});
  std::vector<NamedTensor> stored = {{"w", Literal::Scalar<int32_t>(3)}};
  auto args = ArgumentsFromTensors(entry, {{"arg0", x}}, stored, "test");
  ASSERT_TRUE(args.ok()) << args.status().message();
  EXPECT_EQ((*args)[0], x);
  EXPECT_EQ((*args)[1].GetAsInt64(0), 3);
  // A tensor the caller names replaces the stored one; a missing one is named in the error.
  args = ArgumentsFromTensors(entry, {{"x", x}, {"arg1", Literal::Scalar<int32_t>(5)}}, stored,
                              "test");
  ASSERT_TRUE(args.ok());
  EXPECT_EQ((*args)[1].GetAsInt64(0), 5);
  args = ArgumentsFromTensors(entry, {{"x", x}}, {}, "test");
  ASSERT_FALSE(args.ok());
  EXPECT_NE(args.status().message().find("parameter 1 (name it 'arg1' or 'w')"),
            std::string::npos);
  // Random arguments keep the stored weights.
  args = RandomArgumentsWithStored(entry, 1, stored);
  ASSERT_TRUE(args.ok());
  EXPECT_EQ((*args)[1].GetAsInt64(0), 3);
}

TEST(Driver, RelativeDifference) {
  Literal a = Literal::FromVector<float>({3}, {1, 2, 4});
  Literal b = Literal::FromVector<float>({3}, {1, 2, 3.5});
  EXPECT_DOUBLE_EQ(RelativeDifference(a, a), 0.0);
  EXPECT_NEAR(RelativeDifference(a, b), 0.5 / 3.5, 1e-12);
  Literal zeros = Literal::FromVector<float>({3}, {0, 0, 0});
  EXPECT_TRUE(std::isinf(RelativeDifference(a, zeros)));
  Literal nan = Literal::FromVector<float>({3}, {1, 2, NAN});
  EXPECT_TRUE(std::isinf(RelativeDifference(nan, a)));
  EXPECT_DOUBLE_EQ(RelativeDifference(nan, nan), 0.0);
}

TEST(Driver, RunPartitionedMatchesOneDevice) {
  auto m = ParseHloModule(kShardedAdd);
  ASSERT_TRUE(m.ok());
  std::vector<Literal> args;
  args.push_back(Literal::FromVector<float>({4, 2}, {1, 2, 3, 4, 5, 6, 7, 8}));
  args.push_back(Literal::Scalar<int32_t>(10));
  MeshRunOptions options;
  options.check = true;
  auto r = RunPartitioned(**m, Mesh({2}), args, options);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->devices, 2);
  ASSERT_EQ(r->outputs.size(), 1u);
  EXPECT_EQ(r->outputs[0], Literal::FromVector<float>({4, 2}, {11, 12, 13, 14, 15, 16, 17, 18}));
  ASSERT_EQ(r->differences.size(), 1u);
  EXPECT_EQ(r->differences[0], 0.0);
  args.pop_back();
  EXPECT_FALSE(RunPartitioned(**m, Mesh({2}), args, options).ok());
}

}  // namespace
}  // namespace xpar
