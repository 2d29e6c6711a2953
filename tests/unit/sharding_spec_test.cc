// Mesh parsing and ShardingSpec <-> HLO sharding conversion.
#include <gtest/gtest.h>

#include "frontends/hlo/hlo_parser.h"
#include "ir/printer.h"
#include "sharding/sharding_spec.h"

namespace xpar {
namespace {

std::string Hlo(const ShardingSpec& spec, const Mesh& mesh) {
  auto s = ToHloSharding(spec, mesh);
  if (!s.ok()) return "error: " + s.status().message();
  return PrintSharding(*s);
}

TEST(Mesh, ParsesAndRejects) {
  auto m = Mesh::Parse("2x4");
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->num_devices(), 8);
  EXPECT_EQ(m->DeviceAt({1, 2}), 6);
  for (const char* bad : {"", "2x", "0x4", "ax2", "2x-1"}) {
    EXPECT_FALSE(Mesh::Parse(bad).ok()) << bad;
  }
}

TEST(ShardingSpec, ToHloOnTwoByTwo) {
  Mesh mesh({2, 2});
  EXPECT_EQ(Hlo({{{0}, {1}}, {}}, mesh), "{devices=[2,2]0,1,2,3}");
  EXPECT_EQ(Hlo({{{1}, {0}}, {}}, mesh), "{devices=[2,2]0,2,1,3}");
  EXPECT_EQ(Hlo({{{0}, {}}, {}}, mesh), "{devices=[2,1,2]0,1,2,3 last_tile_dim_replicate}");
  EXPECT_EQ(Hlo({{{1}, {}}, {}}, mesh), "{devices=[2,1,2]0,2,1,3 last_tile_dim_replicate}");
  EXPECT_EQ(Hlo({{{0, 1}, {}}, {}}, mesh), "{devices=[4,1]0,1,2,3}");
  EXPECT_EQ(Hlo({{{1, 0}, {}}, {}}, mesh), "{devices=[4,1]0,2,1,3}");
  EXPECT_EQ(Hlo(ShardingSpec::Replicated(2), mesh), "{replicated}");
}

TEST(ShardingSpec, ErrorsNameTheProblem) {
  Mesh mesh({2, 2});
  EXPECT_NE(Hlo({{{0}, {0}}, {}}, mesh).find("uses mesh axis 0 twice"), std::string::npos);
  EXPECT_NE(Hlo({{{2}, {}}, {}}, mesh).find("names axis 2"), std::string::npos);
  EXPECT_NE(Hlo({{{0}, {}}, {1}}, mesh).find("partial sum"), std::string::npos);
}

// Every spec of a rank-2 tensor on a 2x4 mesh survives spec -> HLO -> spec.
TEST(ShardingSpec, RoundTripsEverySpecOnTwoByFour) {
  Mesh mesh({2, 4});
  std::vector<std::vector<int64_t>> choices = {{}, {0}, {1}, {0, 1}, {1, 0}};
  int checked = 0;
  for (const auto& a : choices) {
    for (const auto& b : choices) {
      ShardingSpec spec{{a, b}, {}};
      if (!ValidateSpec(spec, mesh).ok()) continue;
      auto hlo = ToHloSharding(spec, mesh);
      ASSERT_TRUE(hlo.ok()) << spec.ToString();
      auto back = FromHloSharding(*hlo, mesh, 2);
      ASSERT_TRUE(back.ok()) << spec.ToString() << ": " << back.status().message();
      EXPECT_EQ(*back, spec) << PrintSharding(*hlo);
      ++checked;
    }
  }
  EXPECT_EQ(checked, 11);  // the 5x5 pairs that use each axis at most once
}

TEST(ShardingSpec, FromParsedAnnotationsIncludingIota) {
  auto module = ParseHloModule(R"(HloModule m
ENTRY e {
  a = f32[8,16] parameter(0), sharding={devices=[2,4]<=[8]}
  b = f32[8,16] parameter(1), sharding={devices=[4,2]<=[2,4]T(1,0)}
  c = f32[8,16] parameter(2), sharding={devices=[2,1,4]<=[8] last_tile_dim_replicate}
  ROOT t = (f32[8,16], f32[8,16], f32[8,16]) tuple(a, b, c)
})");
  ASSERT_TRUE(module.ok()) << module.status().message();
  Mesh mesh({2, 4});
  const auto& params = (*module)->entry()->parameters();
  std::vector<std::string> got;
  for (const Instruction* p : params) {
    auto spec = FromHloSharding(*p->sharding(), mesh, 2);
    ASSERT_TRUE(spec.ok()) << spec.status().message();
    got.push_back(spec->ToString());
  }
  EXPECT_EQ(got, (std::vector<std::string>{"[S(0),S(1)]", "[S(1),S(0)]", "[S(0),R]"}));
  HloSharding scrambled = *params[0]->sharding();
  std::swap(scrambled.devices[1], scrambled.devices[2]);
  auto bad = FromHloSharding(scrambled, mesh, 2);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("matches no assignment"), std::string::npos);
}

}  // namespace
}  // namespace xpar
