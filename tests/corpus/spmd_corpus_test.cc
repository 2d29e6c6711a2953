// The SPMD partitioner on real programs: torch_xla training steps (MLP, BERT, the LLaMA-2
// optimizer step that runs on 8 replicas of its own), transformers_neuronx GPT-2 and LLaMA decode
// steps, and XLA's auto-sharding test cases. On meshes 2, 4, 1x4, 2x2 and 2x4, with random valid
// shardings (seeded) and with the auto-sharding planner's own memory-tight plans, the partitioned
// results must equal the single-device results within 1e-5 (relative to each output's largest
// magnitude) for f32 programs. Exceptions, each with its reason:
// - the BERT optimizer step, 2e-4: its gradient norm sums the squares of ~500k f32 values, which
//   the single-device reference adds one by one (relative error ~sqrt(n)*eps = 4e-5) while the
//   partitioned run adds per-device partial sums; the rest of the step scales by that norm.
// - the LLaMA-2 step is bf16 (8 significant bits): partial sums in another order round
//   differently, so 1e-2 (a few bf16 ulps).
// The neuronx steps are full-size layers (LLaMA: 4096 x 11008 weights, 32000-word vocabulary):
// minutes each, so they are Heavy* (skipped unless XPAR_HEAVY_TESTS=1; `ctest -L heavy`).
// Not here: reshape_dynamic_slice_dot (its dot makes 2^30 values, 4 GiB per copy in the
// interpreter), wenb__gptneox (the neuronx files here cover the same ops).
#include <gtest/gtest.h>

#include <cstdlib>

#include "corpus_paths.h"
#include "spmd_corpus_util.h"

namespace xpar::testing {
namespace {

struct CorpusCase {
  const char* dir;
  const char* file;
  double rtol;
  int64_t replicas = 1;             // replicas the program runs on by itself
  const char* user_mesh = nullptr;  // the mesh the file's own shardings were written for
  bool heavy = false;               // minutes: only with XPAR_HEAVY_TESTS=1
};

#define SKIP_UNLESS_AFFORDABLE()                                                   \
  if (GetParam().heavy && !std::getenv("XPAR_HEAVY_TESTS")) {                      \
    GTEST_SKIP() << GetParam().file << " takes minutes: run with XPAR_HEAVY_TESTS=1 " \
                 << "(ctest -L heavy)";                                            \
  }

void PrintTo(const CorpusCase& c, std::ostream* os) { *os << c.file; }

constexpr const char* kMeshes[] = {"2", "4", "1x4", "2x2", "2x4"};

class SpmdCorpus : public ::testing::TestWithParam<CorpusCase> {
 protected:
  std::string Path() const {
    return (SharedDir() / GetParam().dir / GetParam().file).string();
  }
};

TEST_P(SpmdCorpus, RandomShardingsMatchSingleDevice) {
  SKIP_UNLESS_AFFORDABLE();
  XPAR_REQUIRE_SHARED(GetParam().dir);
  uint64_t seed = 1;
  for (const char* mesh_text : kMeshes) {
    Mesh mesh = *Mesh::Parse(mesh_text);
    auto m = ParseHloFile(Path());
    ASSERT_TRUE(m.ok()) << m.status().ToString();
    ASSERT_TRUE(AnnotateRandomly(**m, mesh, seed * 100 + mesh.num_devices()).ok());
    auto diff = ReplicatedPartitionedDifference(**m, mesh, GetParam().replicas, seed);
    ASSERT_TRUE(diff.ok()) << mesh_text << ": " << diff.status().ToString();
    EXPECT_LE(*diff, GetParam().rtol) << GetParam().file << " on " << mesh_text;
    ++seed;
  }
}

// The plan (dgx-a100 costs) partitioned and run on every mesh.
TEST_P(SpmdCorpus, PlannedShardingsMatchSingleDevice) {
  SKIP_UNLESS_AFFORDABLE();
  XPAR_REQUIRE_SHARED(GetParam().dir);
  auto cluster = LoadClusterPreset("dgx-a100");
  ASSERT_TRUE(cluster.ok());
  for (const char* mesh_text : kMeshes) {
    Mesh mesh = *Mesh::Parse(mesh_text);
    auto model = CostModel::Create(mesh, *cluster);
    ASSERT_TRUE(model.ok());
    auto m = ParseHloFile(Path());
    ASSERT_TRUE(m.ok()) << m.status().ToString();
    const bool keep_user = GetParam().user_mesh && mesh.ToString() == GetParam().user_mesh;
    if (!keep_user) {
      for (const auto& inst : (*m)->entry()->instructions()) inst->set_sharding(std::nullopt);
    }
    auto plan = TightPlan(**m, *model, keep_user);
    ASSERT_TRUE(plan.ok()) << mesh_text << ": " << plan.status().ToString();
    EXPECT_GT(ShardedValues(*plan), 0) << mesh_text << ": the plan shards nothing";
    ASSERT_TRUE(AnnotateModule(**m, *plan, mesh).ok());
    auto diff = ReplicatedPartitionedDifference(**m, mesh, GetParam().replicas, 7);
    ASSERT_TRUE(diff.ok()) << mesh_text << ": " << diff.status().ToString();
    EXPECT_LE(*diff, GetParam().rtol) << GetParam().file << " on " << mesh_text;
  }
}

constexpr const char* kTorchXla = "corpus/hlo/torch_xla";
constexpr const char* kNeuronx = "corpus/hlo/transformers_neuronx";
constexpr const char* kXla = "corpus/hlo/xla_auto_sharding";

INSTANTIATE_TEST_SUITE_P(
    TorchXla, SpmdCorpus,
    ::testing::Values(CorpusCase{kTorchXla, "kahf__mlp__mini_mlp_single.hlo", 1e-5},
                      CorpusCase{kTorchXla, "kahf__mlp__mlp_single_final.hlo", 1e-5},
                      CorpusCase{kTorchXla, "kahf__bert__bert_single_graph_3.hlo", 2e-4},
                      CorpusCase{kTorchXla, "kahf__llama2__llama2_dp1_tp4_pp2.hlo", 1e-2, 8}));

INSTANTIATE_TEST_SUITE_P(
    HeavyNeuronx, SpmdCorpus,
    ::testing::Values(CorpusCase{kNeuronx, "kahf__gpt__gpt2_tp1.hlo", 1e-5, 1, nullptr, true},
                      CorpusCase{kNeuronx, "kahf__llama__tp_1.hlo", 1e-5, 1, nullptr, true}));

INSTANTIATE_TEST_SUITE_P(
    XlaAutoSharding, SpmdCorpus,
    ::testing::Values(CorpusCase{kXla, "add_fixture.hlo", 1e-5},
                      CorpusCase{kXla, "dot_lhs_two_non_contracting_dims.hlo", 1e-5},
                      CorpusCase{kXla, "dot_rhs_two_non_contracting_dims.hlo", 1e-5},
                      CorpusCase{kXla, "dot_two_contracting_dims.hlo", 1e-5},
                      CorpusCase{kXla, "elementwise_operator_DISABLED.hlo", 1e-5},
                      CorpusCase{kXla, "fully_annotated_dot.hlo", 1e-5, 1, "2x2"},
                      CorpusCase{kXla, "keep_user_sharding_add.hlo", 1e-5, 1, "2x2"},
                      CorpusCase{kXla, "matmul_fixture.hlo", 1e-5},
                      CorpusCase{kXla, "process_custom_call_shardings.hlo", 1e-5, 1, "2x2"},
                      CorpusCase{kXla, "replicated_sharding_dummy.hlo", 1e-5},
                      CorpusCase{kXla, "resharding_costs_user_annotated.hlo", 1e-5, 1, "4"},
                      CorpusCase{kXla, "tuple_parameter_DISABLED.hlo", 1e-5},
                      CorpusCase{kXla, "two_matmul.hlo", 1e-5}));

}  // namespace
}  // namespace xpar::testing
