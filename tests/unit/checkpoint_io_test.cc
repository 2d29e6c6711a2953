// Checkpoint folders: written and read back exactly, older steps removed, damage detected by the
// CRC-32 of each rank file, a missing checkpoint named plainly.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "io/checkpoint.h"

namespace xpar {
namespace {

namespace fs = std::filesystem;

std::string TempDir(const std::string& name) {
  std::string dir = fs::temp_directory_path() / fmt::format("xpar_ckpt_{}_{}", name, getpid());
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

Checkpoint TwoRanks(int64_t step) {
  Checkpoint c;
  c.step = step;
  c.mesh = "2";
  c.tensors = {{"transformer.wte.weight", "f32[4,2]", "[S(0),R]"}, {"step", "s32[]", "[]"}};
  c.trainer = {{"data_position", step}};
  for (int d = 0; d < 2; ++d) {
    std::vector<NamedTensor> rank;
    rank.push_back({"transformer.wte.weight",
                    Literal::FromVector<float>({2, 2}, {1.5f * d, -2.0f, 3.25f, static_cast<float>(step)})});
    rank.push_back({"step", Literal::Scalar<int32_t>(static_cast<int32_t>(step))});
    c.ranks.push_back(std::move(rank));
  }
  return c;
}

TEST(Checkpoint, RoundTripsAndKeepsOnlyTheLatestStep) {
  std::string dir = TempDir("roundtrip");
  ASSERT_TRUE(WriteCheckpoint(dir, TwoRanks(3)).ok());
  ASSERT_TRUE(WriteCheckpoint(dir, TwoRanks(6)).ok());
  EXPECT_FALSE(fs::exists(dir + "/step-00000003"));
  auto c = ReadCheckpoint(dir);
  ASSERT_TRUE(c.ok()) << c.status().message();
  EXPECT_EQ(c->step, 6);
  EXPECT_EQ(c->mesh, "2");
  EXPECT_EQ(c->trainer["data_position"], 6);
  ASSERT_EQ(c->ranks.size(), 2u);
  Checkpoint want = TwoRanks(6);
  for (int d = 0; d < 2; ++d) {
    ASSERT_EQ(c->ranks[d].size(), 2u);
    for (int t = 0; t < 2; ++t) {
      EXPECT_EQ(c->ranks[d][t].name, want.ranks[d][t].name);
      EXPECT_TRUE(c->ranks[d][t].value == want.ranks[d][t].value) << d << " " << t;
    }
  }
  EXPECT_EQ(c->tensors[0].sharding, "[S(0),R]");
  fs::remove_all(dir);
}

TEST(Checkpoint, DamagedRankFileIsRefused) {
  std::string dir = TempDir("damaged");
  ASSERT_TRUE(WriteCheckpoint(dir, TwoRanks(2)).ok());
  std::string rank1 = dir + "/step-00000002/rank-00001.safetensors";
  {
    std::fstream f(rank1, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(-1, std::ios::end);
    f.put('\x7f');
  }
  auto c = ReadCheckpoint(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.status().message().find("rank-00001.safetensors: CRC-32"), std::string::npos)
      << c.status().message();
  fs::remove_all(dir);
}

TEST(Checkpoint, MissingCheckpointIsNamed) {
  std::string dir = TempDir("missing");
  auto c = ReadCheckpoint(dir);
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.status().message().find("no checkpoint here"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace xpar
