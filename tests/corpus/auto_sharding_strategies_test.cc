// Every entry instruction of every corpus HLO file gets at least one sharding strategy on a 2x2
// mesh, and every strategy lists one spec per array leaf of the result and of each operand, of
// the leaf's rank, valid on the mesh. Prints the total strategy count and the largest list.
#include <fmt/format.h>

#include <iostream>
#include <map>

#include "corpus_paths.h"
#include "frontends/hlo/hlo_parser.h"
#include "passes/auto_sharding/spec_enumeration.h"
#include "passes/auto_sharding/strategy.h"

namespace xpar {
namespace {

// Empty when `specs` fit `leaves`; else what is wrong.
std::string CheckSpecs(const std::vector<ShardingSpec>& specs, const Shape& shape,
                       const Mesh& mesh) {
  const std::vector<Shape> leaves = ArrayLeafShapes(shape);
  if (specs.size() != leaves.size()) {
    return fmt::format("{} specs for {} leaves of {}", specs.size(), leaves.size(),
                       shape.ToString());
  }
  for (size_t i = 0; i < leaves.size(); ++i) {
    if (static_cast<int64_t>(specs[i].dim_axes.size()) != leaves[i].rank()) {
      return fmt::format("spec {} for leaf {}", specs[i].ToString(), leaves[i].ToString());
    }
    Status valid = ValidateSpec(specs[i], mesh);
    if (!valid.ok()) return valid.message();
  }
  return "";
}

TEST(AutoShardingStrategies, EveryCorpusEntryInstructionOnTwoByTwo) {
  XPAR_REQUIRE_SHARED("corpus/hlo");
  auto cluster = LoadClusterPreset("dgx-a100");
  ASSERT_TRUE(cluster.ok()) << cluster.status().message();
  auto model = CostModel::Create(Mesh({2, 2}), *cluster);
  ASSERT_TRUE(model.ok()) << model.status().message();
  const Mesh& mesh = model->mesh();
  int64_t files = 0, instructions = 0, strategies = 0;
  size_t largest = 0;
  std::string largest_name;
  std::map<std::string, int64_t> replicated_only;  // opcode -> instructions
  for (const auto& path : testing::SharedFiles("corpus/hlo", ".hlo")) {
    auto module = ParseHloFile(path.string());
    ASSERT_TRUE(module.ok()) << module.status().ToString();
    ++files;
    for (const auto& inst : (*module)->entry()->instructions()) {
      auto list = EnumerateStrategies(*inst, *model, StrategyOptions{});
      ASSERT_TRUE(list.ok()) << path.filename() << " " << inst->name() << ": "
                             << list.status().message();
      ASSERT_FALSE(list->empty()) << inst->name();
      ++instructions;
      strategies += static_cast<int64_t>(list->size());
      if (list->size() > largest) {
        largest = list->size();
        largest_name = path.filename().string() + " " + inst->name();
      }
      if (list->size() == 1) ++replicated_only[std::string(HloOpcodeName(inst->opcode()))];
      for (const Strategy& s : *list) {
        std::string bad = CheckSpecs(s.outputs, inst->shape(), mesh);
        ASSERT_EQ(bad, "") << path.filename() << " " << inst->name() << " " << s.name;
        ASSERT_EQ(static_cast<int64_t>(s.operands.size()), inst->operand_count()) << s.name;
        for (int64_t k = 0; k < inst->operand_count(); ++k) {
          bad = CheckSpecs(s.operands[k], inst->operand(k)->shape(), mesh);
          ASSERT_EQ(bad, "") << path.filename() << " " << inst->name() << " operand " << k << " "
                             << s.name;
        }
        ASSERT_GE(s.compute_s, 0) << s.name;
        ASSERT_GE(s.communication_s, 0) << s.name;
      }
    }
  }
  ASSERT_GT(files, 0);
  std::cout << fmt::format(
      "{} files, {} entry instructions, {} strategies (largest list: {}, {})\n", files,
      instructions, strategies, largest, largest_name);
  std::cout << "single-strategy instructions by opcode:";
  for (const auto& [op, n] : replicated_only) std::cout << " " << op << "=" << n;
  std::cout << "\n";
}

}  // namespace
}  // namespace xpar
