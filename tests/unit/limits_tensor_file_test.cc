// Hostile tensor and problem files (fuzz findings): a zero-size safetensors tensor reads, a
// header claiming a shape its data does not hold is refused before allocation, and a JSON number
// past double's range is an error, not an uncaught exception.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "io/tensor_file.h"
#include "solver/problem.h"

namespace xpar {
namespace {

// A .safetensors file with JSON `header` and `data`, in the test's temporary folder.
std::string WriteSafetensors(const std::string& name, const std::string& header,
                             const std::string& data) {
  std::string path = (std::filesystem::temp_directory_path() / name).string();
  std::ofstream f(path, std::ios::binary);
  uint64_t n = header.size();
  for (int i = 0; i < 8; ++i) f.put(static_cast<char>((n >> (8 * i)) & 0xff));
  f << header << data;
  return path;
}

TEST(LimitsTensorFileTest, ZeroSizeSafetensorsTensorReads) {
  std::string path = WriteSafetensors(
      "xpar_limits_empty.safetensors",
      R"({"e": {"dtype": "F32", "shape": [2, 0], "data_offsets": [0, 0]}})", "");
  auto t = ReadSafetensors(path);
  std::remove(path.c_str());
  ASSERT_TRUE(t.ok()) << t.status().ToString();
  ASSERT_EQ(t->size(), 1u);
  EXPECT_EQ((*t)[0].value.shape().ToString(false), "f32[2,0]");
}

TEST(LimitsTensorFileTest, ClaimedShapeBeyondTheDataIsRefused) {
  std::string path = WriteSafetensors(
      "xpar_limits_huge.safetensors",
      R"({"h": {"dtype": "F64", "shape": [16777216, 16777216, 16777216], )"
      R"("data_offsets": [0, 8]}})",
      "12345678");
  auto t = ReadSafetensors(path);
  std::remove(path.c_str());
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("data offsets of 'h' do not match its shape"),
            std::string::npos)
      << t.status().message();
}

TEST(LimitsTensorFileTest, DimensionPastInt64IsRefused) {
  std::string path = WriteSafetensors(
      "xpar_limits_neg.safetensors",
      R"({"n": {"dtype": "F32", "shape": [18446744073709551615], "data_offsets": [0, 4]}})",
      "1234");
  auto t = ReadSafetensors(path);
  std::remove(path.c_str());
  ASSERT_FALSE(t.ok());
  EXPECT_NE(t.status().message().find("bad shape of 'n'"), std::string::npos)
      << t.status().message();
}

TEST(LimitsTensorFileTest, ProblemJsonNumberOverflowIsAnError) {
  auto p = solver::ParseProblemJson(R"({"usage_limit": 7e777777})", "overflow.json");
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("overflow.json: unreadable JSON"), std::string::npos)
      << p.status().message();
}

}  // namespace
}  // namespace xpar
