// Every corpus HLO module survives HLO -> StableHLO text -> IR -> HLO: the canonical HLO of the
// round trip equals the original's (stablehlo_printer_compare.h). Every op of the corpus has a
// printed form (HLO-only ops as their MHLO / CHLO op), so no module is skipped.
#include <iostream>

#include "corpus_paths.h"
#include "frontends/hlo/hlo_parser.h"
#include "frontends/stablehlo/stablehlo_parser.h"
#include "frontends/stablehlo/stablehlo_printer.h"
#include "frontends/stablehlo/stablehlo_printer_compare.h"
#include "ir/verifier.h"

namespace xpar {
namespace {

std::vector<std::filesystem::path> HloFiles() { return testing::SharedFiles("corpus/hlo", ".hlo"); }

enum class Outcome { kSame, kFailed };

// Runs the round trip; `why` says what differs or failed.
Outcome RoundTrip(const std::filesystem::path& path, std::string* why) {
  auto original = ParseHloFile(path.string());
  if (!original.ok()) return *why = original.status().message(), Outcome::kFailed;
  auto text = PrintStableHlo(**original);
  if (!text.ok()) return *why = "print: " + text.status().message(), Outcome::kFailed;
  auto back = ParseStableHlo(*text, path.filename().string() + ".mlir");
  if (!back.ok()) return *why = "reparse: " + back.status().message(), Outcome::kFailed;
  Status verified = VerifyModule(**back);
  if (!verified.ok()) return *why = "verify: " + verified.message(), Outcome::kFailed;
  std::string a = CanonicalHloForComparison(**original);
  std::string b = CanonicalHloForComparison(**back);
  if (a == b) return Outcome::kSame;
  size_t at = 0;
  while (at < a.size() && at < b.size() && a[at] == b[at]) ++at;
  size_t line = a.rfind('\n', at) == std::string::npos ? 0 : a.rfind('\n', at) + 1;
  *why = "first difference:\n  original:   " + a.substr(line, a.find('\n', at) - line) +
         "\n  round trip: " + b.substr(line, b.find('\n', at) - line);
  return Outcome::kFailed;
}

class StableHloRoundTrip : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(StableHloRoundTrip, CanonicalHloIsUnchanged) {
  XPAR_REQUIRE_SHARED("corpus/hlo");
  std::string why;
  Outcome o = RoundTrip(GetParam(), &why);
  EXPECT_EQ(o, Outcome::kSame) << GetParam() << ": " << why;
}

std::string TestName(const ::testing::TestParamInfo<std::filesystem::path>& info) {
  std::string name =
      info.param.parent_path().filename().string() + "_" + info.param.stem().string();
  for (char& c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return name;
}

INSTANTIATE_TEST_SUITE_P(Corpus, StableHloRoundTrip, ::testing::ValuesIn(HloFiles()), TestName);
GTEST_ALLOW_UNINSTANTIATED_PARAMETERIZED_TEST(StableHloRoundTrip);

}  // namespace
}  // namespace xpar
