// The corpus is the one its provenance table describes: every HLO file that
// ../shared/corpus/PROVENANCE.md lists is there with the listed size, module name and
// instruction count (counted by the table's authors, not by xpar), and every HLO file of the
// PyTorch/XLA and transformers-neuronx folders is listed. Off CI, skipped when absent.
#include <fstream>
#include <map>
#include <sstream>

#include "corpus_paths.h"
#include "frontends/hlo/hlo_parser.h"

namespace xpar {
namespace {

struct ListedFile {
  std::string module;
  int64_t chars = 0;
  int64_t instructions = 0;
};

std::string Trim(const std::string& s) {
  size_t a = s.find_first_not_of(" `"), b = s.find_last_not_of(" `");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// Rows "| `torch_xla/x.hlo` | sources | `Module` | model | phase | dtype | chars | instructions |
// ..." of the provenance tables, by path under corpus/hlo.
std::map<std::string, ListedFile> ListedHloFiles() {
  std::ifstream f(testing::SharedDir() / "corpus/PROVENANCE.md");
  std::map<std::string, ListedFile> out;
  std::string line;
  while (std::getline(f, line)) {
    if (!line.starts_with("| `")) continue;
    std::vector<std::string> cells;
    std::stringstream row(line.substr(1));
    for (std::string cell; std::getline(row, cell, '|');) cells.push_back(Trim(cell));
    if (cells.size() < 8 || !cells[0].ends_with(".hlo")) continue;
    out[cells[0]] = {cells[2], std::stoll(cells[6]), std::stoll(cells[7])};
  }
  return out;
}

TEST(Corpus, FilesMatchTheProvenanceTable) {
  XPAR_REQUIRE_SHARED("corpus/hlo");
  const std::map<std::string, ListedFile> listed = ListedHloFiles();
  ASSERT_GE(listed.size(), 70u) << "PROVENANCE.md lists too few HLO files";
  for (const auto& [rel, want] : listed) {
    SCOPED_TRACE(rel);
    std::filesystem::path path = testing::SharedDir() / "corpus/hlo" / rel;
    ASSERT_TRUE(std::filesystem::exists(path));
    EXPECT_EQ(static_cast<int64_t>(std::filesystem::file_size(path)), want.chars);
    auto module = ParseHloFile(path.string());
    ASSERT_TRUE(module.ok()) << module.status().message();
    EXPECT_EQ((*module)->name(), want.module);
    int64_t instructions = 0;
    for (const auto& c : (*module)->computations()) {
      instructions += static_cast<int64_t>(c->instructions().size());
    }
    EXPECT_EQ(instructions, want.instructions);
  }
  for (const char* dir : {"corpus/hlo/torch_xla", "corpus/hlo/transformers_neuronx"}) {
    for (const auto& path : testing::SharedFiles(dir, ".hlo")) {
      std::string rel = std::filesystem::relative(path, testing::SharedDir() / "corpus/hlo");
      EXPECT_TRUE(listed.count(rel)) << rel << " is not in PROVENANCE.md";
    }
  }
}

}  // namespace
}  // namespace xpar
