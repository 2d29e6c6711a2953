// Every HLO file of the corpus parses, verifies, and round-trips: parse -> print -> parse ->
// print gives two identical prints (one gtest per file, so a failure names it).
#include <fstream>
#include <iostream>

#include "corpus_paths.h"
#include "frontends/hlo/hlo_parser.h"
#include "ir/printer.h"
#include "ir/verifier.h"

namespace xpar {
namespace {

std::vector<std::filesystem::path> HloFiles() { return testing::SharedFiles("corpus/hlo", ".hlo"); }

class HloRoundTrip : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(HloRoundTrip, ParsePrintParsePrintIsStable) {
  XPAR_REQUIRE_SHARED("corpus/hlo");
  const std::filesystem::path& path = GetParam();
  auto first = ParseHloFile(path.string());
  ASSERT_TRUE(first.ok()) << first.status().ToString();
  Status verified = VerifyModule(**first);
  ASSERT_TRUE(verified.ok()) << verified.ToString();
  std::string print1 = PrintModule(**first);
  ASSERT_FALSE(print1.empty());

  auto second = ParseHloModule(print1, path.filename().string() + ".printed");
  ASSERT_TRUE(second.ok()) << second.status().ToString();
  Status verified2 = VerifyModule(**second);
  ASSERT_TRUE(verified2.ok()) << verified2.ToString();
  std::string print2 = PrintModule(**second);
  EXPECT_EQ(print1, print2);

  // The same computations and instruction counts survive the trip.
  ASSERT_EQ((*first)->computations().size(), (*second)->computations().size());
  for (size_t i = 0; i < (*first)->computations().size(); ++i) {
    EXPECT_EQ((*first)->computations()[i]->instructions().size(),
              (*second)->computations()[i]->instructions().size());
  }
}

std::string TestName(const ::testing::TestParamInfo<std::filesystem::path>& info) {
  std::string name =
      info.param.parent_path().filename().string() + "_" + info.param.stem().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Corpus, HloRoundTrip, ::testing::ValuesIn(HloFiles()), TestName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(HloRoundTrip);

// One pass over the whole corpus that reports how many files made the round trip.
TEST(HloRoundTripSummary, AllFilesRoundTrip) {
  XPAR_REQUIRE_SHARED("corpus/hlo");
  std::vector<std::filesystem::path> files = HloFiles();
  ASSERT_FALSE(files.empty());
  int ok = 0;
  for (const auto& path : files) {
    auto m = ParseHloFile(path.string());
    if (!m.ok() || !VerifyModule(**m).ok()) continue;
    std::string p1 = PrintModule(**m);
    auto m2 = ParseHloModule(p1, path.string());
    if (m2.ok() && PrintModule(**m2) == p1) ++ok;
  }
  std::cout << "round-tripped " << ok << " of " << files.size() << " HLO files\n";
  EXPECT_EQ(ok, static_cast<int>(files.size()));
}

}  // namespace
}  // namespace xpar
