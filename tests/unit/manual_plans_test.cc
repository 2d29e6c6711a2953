// Megatron-LM style manual plans: how many a mesh has, which sharding each parameter gets, and
// that pinning them on a tiny generated GPT step gives a plan no better than the free one.
#include "passes/auto_sharding/manual_plans.h"

#include <gtest/gtest.h>

#include "models/training_step.h"

namespace xpar {
namespace {

ShardingSpec Spec(std::vector<std::vector<int64_t>> dims) { return ShardingSpec{dims, {}}; }

TEST(ManualPlansTest, EnumeratesEveryAxisAssignmentAndZeroStage) {
  EXPECT_EQ(EnumerateManualPlans(Mesh({1, 1})).size(), 1u);
  EXPECT_EQ(EnumerateManualPlans(Mesh({1, 8})).size(), 4u);   // dp8 x {0,1,3}, tp8
  EXPECT_EQ(EnumerateManualPlans(Mesh({2, 8})).size(), 10u);  // + dp2 tp8, dp8 tp2 x {0,1,3}
  EXPECT_EQ(EnumerateManualPlans(Mesh({2, 2, 2})).size(), 22u);
  std::vector<std::string> names;
  Mesh mesh({2, 8});
  for (const ManualPlanSpec& p : EnumerateManualPlans(mesh)) names.push_back(p.Name(mesh));
  EXPECT_EQ(names.front(), "dp16(a0,a1) zero0");
  EXPECT_EQ(names.back(), "tp16(a0,a1)");
  EXPECT_NE(std::find(names.begin(), names.end(), "dp8(a1) tp2(a0) zero3"), names.end());
  EXPECT_EQ(EnumerateManualPlans(Mesh({1, 1}))[0].Name(Mesh({1, 1})), "single device");
}

TEST(ManualPlansTest, ClassifiesHuggingFaceNames) {
  EXPECT_EQ(ClassifyParameter("layers.0.self_attn.q_proj.weight", 2).tensor_dim, 0);
  EXPECT_EQ(ClassifyParameter("layers.0.mlp.down_proj.weight", 2).tensor_dim, 1);
  EXPECT_EQ(ClassifyParameter("h.3.attn.c_attn.weight", 2).tensor_dim, 1);
  EXPECT_EQ(ClassifyParameter("h.3.attn.c_attn.bias", 1).tensor_dim, 0);
  EXPECT_EQ(ClassifyParameter("h.3.mlp.c_proj.weight", 2).tensor_dim, 0);
  EXPECT_EQ(ClassifyParameter("h.3.mlp.c_proj.bias", 1).tensor_dim, -1);
  EXPECT_EQ(ClassifyParameter("lm_head.weight", 2).tensor_dim, 0);
  EXPECT_EQ(ClassifyParameter("wpe.weight", 2).tensor_dim, -1);
  EXPECT_EQ(ClassifyParameter("layers.0.input_layernorm.weight", 1).tensor_dim, -1);
  ParameterRole m = ClassifyParameter("m.embed_tokens.weight", 2);
  EXPECT_TRUE(m.optimizer_state);
  EXPECT_EQ(m.tensor_dim, 0);
  EXPECT_TRUE(ClassifyParameter("input_ids", 2).tokens);
  EXPECT_FALSE(ClassifyParameter("step", 0).tokens);
}

TEST(ManualPlansTest, ExpertParallelismSplitsTheExperts) {
  Mesh mesh({2, 4});
  ParameterRole wi = ClassifyParameter("h.0.moe.wi", 3);
  ParameterRole mwo = ClassifyParameter("m.h.0.moe.wo", 3);
  EXPECT_TRUE(wi.expert);
  EXPECT_EQ(wi.tensor_dim, 2);
  EXPECT_TRUE(mwo.expert && mwo.optimizer_state);
  EXPECT_EQ(mwo.tensor_dim, 1);
  EXPECT_FALSE(ClassifyParameter("h.0.moe.gate.weight", 2).expert);
  ManualPlanSpec plan{{1}, {0}, 1};  // dp4 over a1, tp2 over a0
  // Without expert parallelism: tensor-parallel inside each expert, ZeRO-1 on m only.
  EXPECT_EQ(*ManualParameterSpec(wi, {8, 16, 32}, plan, mesh), Spec({{}, {}, {0}}));
  EXPECT_EQ(*ManualParameterSpec(mwo, {8, 32, 16}, plan, mesh), Spec({{1}, {0}, {}}));
  plan.expert_parallel = true;
  EXPECT_EQ(plan.Name(mesh), "dp4(a1) tp2(a0) ep4(a1) zero1");
  EXPECT_EQ(*ManualParameterSpec(wi, {8, 16, 32}, plan, mesh), Spec({{1}, {}, {0}}));
  EXPECT_EQ(*ManualParameterSpec(mwo, {8, 32, 16}, plan, mesh), Spec({{1}, {0}, {}}));
  auto odd = ManualParameterSpec(wi, {6, 16, 32}, plan, mesh);
  ASSERT_FALSE(odd.ok());
  EXPECT_EQ(odd.status().code(), StatusCode::kFailedPrecondition);
}

TEST(ManualPlansTest, ParameterSpecsFollowMegatronAndZero) {
  Mesh mesh({2, 4});
  ManualPlanSpec plan{{0}, {1}, 1};
  ParameterRole q = ClassifyParameter("layers.0.self_attn.q_proj.weight", 2);
  ParameterRole mq = ClassifyParameter("m.layers.0.self_attn.q_proj.weight", 2);
  ParameterRole bias = ClassifyParameter("m.h.0.attn.c_attn.bias", 1);
  ParameterRole ids = ClassifyParameter("input_ids", 2);
  EXPECT_EQ(*ManualParameterSpec(q, {64, 32}, plan, mesh), Spec({{1}, {}}));
  EXPECT_EQ(*ManualParameterSpec(mq, {64, 32}, plan, mesh), Spec({{1}, {0}}));
  EXPECT_EQ(*ManualParameterSpec(bias, {96}, plan, mesh), Spec({{1, 0}}));
  EXPECT_EQ(*ManualParameterSpec(ids, {6, 16}, plan, mesh), Spec({{0}, {}}));
  plan.zero_stage = 3;
  EXPECT_EQ(*ManualParameterSpec(q, {64, 32}, plan, mesh), Spec({{1}, {0}}));
  auto odd_batch = ManualParameterSpec(ids, {3, 16}, plan, mesh);
  ASSERT_FALSE(odd_batch.ok());
  EXPECT_EQ(odd_batch.status().code(), StatusCode::kFailedPrecondition);
  auto odd_width = ManualParameterSpec(q, {6, 32}, plan, mesh);
  EXPECT_EQ(odd_width.status().code(), StatusCode::kFailedPrecondition);
}

Cluster TestCluster() {
  Cluster c;
  c.name = "test";
  c.peak_flops = {{"f32", 100e12}};
  c.memory_bandwidth = 2e12;
  c.memory_bytes = int64_t{80} << 30;
  c.devices_per_node = 8;
  c.num_nodes = 1;
  c.intra_node = {5e-6, 100e9};
  c.inter_node = {10e-6, 25e9};
  return c;
}

std::unique_ptr<Module> TinyGpt() {
  models::ModelConfig c;
  c.name = "tiny";
  c.batch = 4;
  c.seq = 4;
  c.hidden = 8;
  c.layers = 1;
  c.heads = 2;
  c.kv_heads = 2;
  c.ffn = 16;
  c.vocab = 16;
  auto module = models::GenerateTrainingStep(c, models::AdamWOptions());
  EXPECT_TRUE(module.ok()) << module.status().ToString();
  return std::move(*module);
}

const ShardingSpec* ChosenSpec(const Plan& plan, const std::string& name) {
  for (const InstructionPlan& ip : plan.instructions) {
    if (ip.inst->name() == name) return &ip.strategy.outputs[0];
  }
  return nullptr;
}

TEST(ManualPlansTest, PinnedPlansKeepTheirShardingsAndCostNoLessThanTheFreePlan) {
  std::unique_ptr<Module> module = TinyGpt();
  auto model = CostModel::Create(Mesh({2}), TestCluster());
  ASSERT_TRUE(model.ok());
  AutoShardingOptions options;
  options.solve.backend = solver::Backend::kExact;
  options.solve.time_limit_s = 20;
  auto free_plan = PlanAutoSharding(*module, *model, options);
  ASSERT_TRUE(free_plan.ok()) << free_plan.status().ToString();
  ASSERT_TRUE(free_plan->optimal);
  // The free optimum bounds every restricted plan from below, whichever solver finds that plan.
  options.solve.backend = solver::Backend::kFast;
  options.solve.time_limit_s = 0.25;
  auto results = PlanManualBaselines(*module, *model, options);
  ASSERT_TRUE(results.ok()) << results.status().ToString();
  ASSERT_EQ(results->size(), 4u);
  for (const ManualPlanResult& r : *results) {
    ASSERT_TRUE(r.fits()) << r.name << ": " << r.status.ToString();
    EXPECT_GE(r.plan->step_s(), free_plan->step_s() * (1 - 1e-6)) << r.name;
    if (r.name != "tp2(a0)") continue;
    EXPECT_EQ(*ChosenSpec(*r.plan, "h.0.attn.c_attn.weight"), Spec({{}, {0}}));
    EXPECT_EQ(*ChosenSpec(*r.plan, "h.0.mlp.c_proj.weight"), Spec({{0}, {}}));
    EXPECT_EQ(*ChosenSpec(*r.plan, "wte.weight"), Spec({{0}, {}}));
    EXPECT_EQ(*ChosenSpec(*r.plan, "ln_f.weight"), Spec({{}}));
  }
  for (size_t i = 1; i < results->size(); ++i) {
    EXPECT_LE((*results)[i - 1].plan->step_s(), (*results)[i].plan->step_s());
  }
  // The module's own (absent) parameter shardings are back.
  for (const Instruction* p : module->entry()->parameters()) EXPECT_FALSE(p->sharding());
}

}  // namespace
}  // namespace xpar
