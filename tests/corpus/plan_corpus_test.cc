// Every HLO module of the corpus (PyTorch/XLA training steps, transformers-neuronx layers, XLA's
// auto-sharding cases) gets a plan on a 2x4 DGX A100 mesh from the fast backend: never "no
// sharding", the memory limit holds, and the plan's estimate is no worse than running every
// tensor replicated (the replicated plan is one of the solver's starts). Modules that carry
// shardings for another device count are planned without them. Prints the largest problem and
// the slowest plan (figures, not assertions).
#include <fmt/format.h>

#include "corpus_paths.h"
#include "frontends/hlo/hlo_parser.h"
#include "passes/auto_sharding/auto_sharding.h"

namespace xpar {
namespace {

TEST(PlanCorpus, EveryModulePlansOnTwoByFour) {
  XPAR_REQUIRE_SHARED("corpus/hlo");
  auto cluster = LoadClusterPreset("dgx-a100");
  ASSERT_TRUE(cluster.ok()) << cluster.status().message();
  auto model = CostModel::Create(Mesh({2, 4}), *cluster);
  ASSERT_TRUE(model.ok()) << model.status().message();
  auto replicated_model = CostModel::Create(Mesh({1}), *cluster);
  ASSERT_TRUE(replicated_model.ok());
  int64_t files = 0, largest = 0;
  double slowest = 0;
  std::string largest_name, slowest_name;
  for (const auto& path : testing::SharedFiles("corpus/hlo", ".hlo")) {
    auto module = ParseHloFile(path.string());
    ASSERT_TRUE(module.ok()) << module.status().ToString();
    AutoShardingOptions o;
    o.solve.backend = solver::Backend::kFast;
    o.solve.time_limit_s = 10;
    o.solve.fast_stall_rounds = 5;
    auto plan = PlanAutoSharding(**module, *model, o);
    if (!plan.ok() && plan.status().message().find("does not fit mesh") != std::string::npos) {
      o.keep_user_shardings = false;
      plan = PlanAutoSharding(**module, *model, o);
    }
    ASSERT_TRUE(plan.ok()) << path.filename() << ": " << plan.status().message();
    EXPECT_TRUE(plan->memory_ok) << path.filename();
    // One device prices the replicated plan: all the compute, no communication. Where it fits,
    // the mesh's plan must not be slower (the memory tie-break may cost a few ns).
    auto single = PlanAutoSharding(**module, *replicated_model, o);
    ASSERT_TRUE(single.ok()) << path.filename() << ": " << single.status().message();
    if (single->memory_ok) {
      EXPECT_LE(plan->step_s(), single->step_s() * 1.0001 + 1e-6) << path.filename();
    }
    ++files;
    if (plan->num_nodes > largest) largest = plan->num_nodes, largest_name = path.filename();
    if (plan->build_s + plan->solve_s > slowest) {
      slowest = plan->build_s + plan->solve_s;
      slowest_name = path.filename();
    }
  }
  EXPECT_GT(files, 70);
  fmt::print("planned {} modules on 2x4; largest {} nodes ({}); slowest {:.2f} s ({})\n", files,
             largest, largest_name, slowest, slowest_name);
}

}  // namespace
}  // namespace xpar
