// Tensor and expert parallelism in the analytic stage table (passes/pipeline/tensor_parallel.h,
// stage_costs.h): the TP collectives of a known layer, the table's dp x tp choices, a stage that
// fits only with TP, expert layers found in a generated MoE step, and the stage DP never worse
// than the best manual pipelined plan priced on the same table.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <limits>

#include "frontends/hlo/hlo_parser.h"
#include "models/training_step.h"
#include "passes/pipeline/manual_pipeline.h"
#include "pipeline_test_util.h"

namespace xpar::pipeline {
namespace {

// x: [8,16], w1: [16,32], w2: [32,16]; loss = sum(x w1 relu w2); SGD on w1, w2. The backward is
// written out: dy = 1, the input gradient dx is summed into a second output.
constexpr const char* kMlpStep = R"(HloModule mlp, input_output_alias={ {1}: (1, {}, must-alias), {2}: (2, {}, must-alias) }

%add (a: f32[], b: f32[]) -> f32[] {
  %a = f32[] parameter(0)
  %b = f32[] parameter(1)
  ROOT %s = f32[] add(%a, %b)
}

ENTRY %step (x: f32[8,16], w1: f32[16,32], w2: f32[32,16]) -> (f32[], f32[16,32], f32[32,16], f32[]) {
  %x = f32[8,16] parameter(0)
  %w1 = f32[16,32] parameter(1)
  %w2 = f32[32,16] parameter(2)
  %h = f32[8,32] dot(%x, %w1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %zero = f32[] constant(0)
  %zeros = f32[8,32] broadcast(%zero), dimensions={}
  %r = f32[8,32] maximum(%h, %zeros)
  %y = f32[8,16] dot(%r, %w2), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %loss = f32[] reduce(%y, %zero), dimensions={0,1}, to_apply=%add
  %one = f32[] constant(1)
  %dy = f32[8,16] broadcast(%one), dimensions={}
  %gw2 = f32[32,16] dot(%r, %dy), lhs_contracting_dims={0}, rhs_contracting_dims={0}
  %gr = f32[8,32] dot(%dy, %w2), lhs_contracting_dims={1}, rhs_contracting_dims={1}
  %mask = pred[8,32] compare(%h, %zeros), direction=GT
  %gh = f32[8,32] select(%mask, %gr, %zeros)
  %gw1 = f32[16,32] dot(%x, %gh), lhs_contracting_dims={0}, rhs_contracting_dims={0}
  %gx = f32[8,16] dot(%gh, %w1), lhs_contracting_dims={1}, rhs_contracting_dims={1}
  %gxsum = f32[] reduce(%gx, %zero), dimensions={0,1}, to_apply=%add
  %lr = f32[] constant(0.01)
  %lr1 = f32[16,32] broadcast(%lr), dimensions={}
  %u1 = f32[16,32] multiply(%gw1, %lr1)
  %nw1 = f32[16,32] subtract(%w1, %u1)
  %lr2 = f32[32,16] broadcast(%lr), dimensions={}
  %u2 = f32[32,16] multiply(%gw2, %lr2)
  %nw2 = f32[32,16] subtract(%w2, %u2)
  ROOT %out = (f32[], f32[16,32], f32[32,16], f32[]) tuple(%loss, %nw1, %nw2, %gxsum)
}
)";

PipelineOptions Options(int64_t hosts, int64_t per_host, int64_t layers, int64_t microbatches) {
  PipelineOptions o =
      testing_pipeline::UnlimitedPipelineOptions(hosts, per_host, layers, microbatches);
  o.remat = RematMode::kNone;
  return o;
}

TEST(TensorParallel, MlpColumnRowPairAllReducesOnceEachWay) {
  auto m = ParseHloModule(kMlpStep);
  ASSERT_TRUE(m.ok()) << m.status().message();
  const Cluster cluster = *LoadClusterPreset("dgx-a100");
  auto prepared = PreparePipeline(**m, cluster, Options(1, 2, 1, 1));
  ASSERT_TRUE(prepared.ok()) << prepared.status().message();
  ASSERT_EQ(prepared->stats.size(), 1u);
  const LayerParallelStats& p = prepared->stats[0].parallel;
  // w1 column-parallel, w2 row-parallel: y (8x16 f32) is all-reduced before the loss's reduce;
  // in the backward w1's input gradient gx is the partial sum, all-reduced before its reduce.
  EXPECT_EQ(p.forward_all_reduces, 1);
  EXPECT_EQ(p.forward_all_reduce_bytes, 8 * 16 * 4);
  EXPECT_EQ(p.backward_all_reduces, 1);
  EXPECT_EQ(p.backward_all_reduce_bytes, 8 * 16 * 4);
  EXPECT_EQ(p.split_weight_bytes, (16 * 32 + 32 * 16) * 4);
  EXPECT_EQ(p.expert_weight_bytes, 0);
  EXPECT_EQ(p.all_to_alls, 0);
  // The split compute is a part of the layer's; h (saved for the mask) is a split activation.
  EXPECT_GT(p.forward_split_s, 0);
  EXPECT_LT(p.forward_split_s, prepared->stats[0].forward_s);
  EXPECT_GT(p.backward_split_s, 0);
  EXPECT_LE(p.backward_split_s, prepared->stats[0].backward_s);
  EXPECT_GE(p.split_activation_bytes, 8 * 32 * 4);
  EXPECT_LE(p.split_activation_bytes, prepared->stats[0].activation_bytes);
}

TEST(TensorParallel, GptBlocksAllReduceTheirActivationTwiceEachWay) {
  // batch 8, seq 16, hidden 64, 2 blocks, ffn 256, vocab 128 (f32), untied LM head: per block
  // the attention output and the MLP output ([8,16,64]) are all-reduced in the forward; in the
  // backward the input gradients of c_attn and c_fc per block and of the LM head. The rest are
  // the small reduces of the softmaxes ([8,4,16] each) and of the vocabulary-split loss.
  auto m = testing_pipeline::TinyGptStep({8, 16, 64, 2, 256, 128});
  ASSERT_NE(m, nullptr);
  const Cluster cluster = *LoadClusterPreset("dgx-a100");
  auto prepared = PreparePipeline(*m, cluster, Options(1, 4, 1, 1));
  ASSERT_TRUE(prepared.ok()) << prepared.status().message();
  const LayerParallelStats& p = prepared->stats[0].parallel;
  const int64_t activation = 8 * 16 * 64 * 4, softmax = 8 * 4 * 16 * 4;
  EXPECT_GE(p.forward_all_reduce_bytes, 2 * 2 * activation + 2 * 2 * softmax);
  EXPECT_LT(p.forward_all_reduce_bytes, (2 * 2 + 1) * activation);
  EXPECT_GE(p.backward_all_reduce_bytes, (2 * 2 + 1) * activation);
  EXPECT_LT(p.backward_all_reduce_bytes, (2 * 2 + 2) * activation);
  // The matmul weights are split (q/k/v fused, o, fc1, fc2, the LM head); the embeddings (a
  // lookup only) and the layer norms not.
  EXPECT_GT(p.split_weight_bytes, prepared->stats[0].weight_bytes * 8 / 10);
  EXPECT_LT(p.split_weight_bytes, prepared->stats[0].weight_bytes);
}

TEST(TensorParallel, AnalyticKindsFactorTheSubmesh) {
  std::vector<std::string> names;
  for (const IntraOpKind& k : AnalyticKinds({1, 8}, false)) names.push_back(KindName(k, 8));
  EXPECT_EQ(names, (std::vector<std::string>{" dp8", " dp8 zero3", " dp4 tp2", " dp4 tp2 zero3",
                                             " dp2 tp4", " dp2 tp4 zero3", " dp1 tp8"}));
  EXPECT_EQ(AnalyticKinds({1, 1}, true).size(), 1u);
  // With experts: the same, then expert parallelism where dp > 1.
  EXPECT_EQ(AnalyticKinds({1, 4}, true).size(), 5u + 4u);
  EXPECT_EQ(KindName({2, true, true}, 16), " dp8 tp2 ep8 zero3");
  // 2 hosts of 4: TP stays inside a host.
  EXPECT_EQ(AnalyticKinds({2, 4}, false).back().tp, 4);
}

// The stage of all layers on `shape` with a given limit (remat off).
StageCostBuilder Builder(const Module& m, const Cluster& cluster, const PreparedPipeline& p,
                         int64_t microbatches, int64_t limit) {
  StageCostOptions co;
  co.microbatches = microbatches;
  co.memory_limit_bytes = limit;
  return StageCostBuilder(m, cluster, p.stats, p.assignment.layer, co);
}

TEST(TensorParallel, TensorParallelismWinsWhereDataParallelWeightsDoNotFit) {
  // Wide layers, few tokens: weights dominate. On 2 hosts of 2 V100s (p3.16xlarge), ZeRO-3
  // gathers the weights over the slow inter-host link every microbatch; dp2 x tp2 halves the
  // weights with TP's all-reduces on NVLink.
  auto m = testing_pipeline::TinyGptStep({4, 16, 512, 2, 2048, 512});
  ASSERT_NE(m, nullptr);
  Cluster cluster = *LoadClusterPreset("p3.16xlarge");
  cluster.devices_per_node = 2;
  auto prepared = PreparePipeline(*m, cluster, Options(2, 2, 2, 4));
  ASSERT_TRUE(prepared.ok()) << prepared.status().message();
  const SubmeshShape shape{2, 2};
  auto unlimited = Builder(*m, cluster, *prepared, 4, std::numeric_limits<int64_t>::max() / 4);
  auto all = unlimited.ChoicesWithRemat(0, 1, shape, 0);
  ASSERT_TRUE(all.ok()) << all.status().message();
  ASSERT_EQ(all->size(), 4u);  // dp4, dp4 zero3, dp2 tp2, dp2 tp2 zero3
  const StageChoice& dp = (*all)[0];
  const StageChoice& tp = (*all)[2];
  ASSERT_EQ(tp.kind.tp, 2);
  ASSERT_FALSE(tp.kind.zero3);
  const int64_t dp_bytes = dp.static_bytes + 4 * dp.activation_bytes_per_microbatch;
  const int64_t tp_bytes = tp.static_bytes + 4 * tp.activation_bytes_per_microbatch;
  ASSERT_LT(tp_bytes, dp_bytes);
  EXPECT_LT(tp.seconds, (*all)[1].seconds) << "TP must beat ZeRO-3 over the slow link here";
  // A limit between them: data parallelism does not fit; the table's choice is TP.
  auto limited = Builder(*m, cluster, *prepared, 4, (dp_bytes + tp_bytes) / 2);
  auto chosen = limited.Choose(0, 1, shape, 4);
  ASSERT_TRUE(chosen.ok()) << chosen.status().message();
  EXPECT_EQ(chosen->kind.tp, 2) << chosen->summary;
  EXPECT_EQ(chosen->summary, "dp2 tp2");
}

TEST(TensorParallel, MoeExpertLayersGetExpertParallelism) {
  Expected<models::ModelConfig> c = models::FindModel("moe-1.3b");
  ASSERT_TRUE(c.ok());
  c->layers = 2;
  c->hidden = 64;
  c->heads = 4;
  c->kv_heads = 4;
  c->ffn = 128;
  c->vocab = 128;
  c->seq = 16;
  c->batch = 4;
  c->experts = 4;
  c->expert_group = 16;
  auto m = models::GenerateTrainingStep(*c, models::AdamWOptions());
  ASSERT_TRUE(m.ok()) << m.status().message();
  const Cluster cluster = *LoadClusterPreset("dgx-a100");
  auto prepared = PreparePipeline(**m, cluster, Options(1, 4, 1, 1));
  ASSERT_TRUE(prepared.ok()) << prepared.status().message();
  const LayerParallelStats& p = prepared->stats[0].parallel;
  // One MoE layer (every other block): wi [4,64,128] and wo [4,128,64] are expert weights.
  EXPECT_EQ(p.expert_weight_bytes, 2 * 4 * 64 * 128 * 4);
  EXPECT_EQ(p.all_to_alls, 2);
  EXPECT_GT(p.all_to_all_bytes, 0);
  // The router wg [64,4] (a projection onto the 4 experts) stays replicated.
  EXPECT_LE(p.split_weight_bytes + 64 * 4 * 4, prepared->stats[0].weight_bytes);
  auto costs = Builder(**m, cluster, *prepared, 1, std::numeric_limits<int64_t>::max() / 4);
  EXPECT_TRUE(costs.has_experts());
  auto choices = costs.ChoicesWithRemat(0, 0, {1, 4}, 0);
  ASSERT_TRUE(choices.ok()) << choices.status().message();
  ASSERT_EQ(choices->size(), 9u);
  // dp4 ep4 against dp4: the expert weights and their state are split over 4, traded for the
  // all-to-alls; the expert gradients are not all-reduced.
  const StageChoice& dp = (*choices)[0];
  const StageChoice& ep = (*choices)[5];
  ASSERT_TRUE(ep.kind.ep);
  ASSERT_EQ(ep.kind.tp, 1);
  EXPECT_LT(ep.static_bytes, dp.static_bytes);
  EXPECT_GT(ep.forward_s, dp.forward_s);
}

TEST(TensorParallel, StageDpNeverWorseThanTheBestManualPlan) {
  auto m = testing_pipeline::TinyGptStep({8, 16, 256, 4, 1024, 256});
  ASSERT_NE(m, nullptr);
  const Cluster cluster = *LoadClusterPreset("p3.16xlarge");
  for (int64_t hosts : {1, 2}) {
    PipelineOptions o = Options(hosts, 4, 4, 4);
    o.remat = RematMode::kAuto;
    auto prepared = PreparePipeline(*m, cluster, o);
    ASSERT_TRUE(prepared.ok()) << prepared.status().message();
    auto unlimited = PlanManualPipelines(*m, cluster, o, *prepared);
    ASSERT_TRUE(unlimited.ok()) << unlimited.status().message();
    int64_t least = std::numeric_limits<int64_t>::max(), most = 0;
    bool tp_seen = false;
    for (const ManualPipelineResult& r : *unlimited) {
      least = std::min(least, r.peak_bytes);
      most = std::max(most, r.peak_bytes);
      tp_seen = tp_seen || r.spec.kind.tp > 1;
    }
    EXPECT_TRUE(tp_seen);
    // From ample memory down to where only the leanest manual plans fit.
    for (int64_t limit : {most, (least + most) / 2, least + (most - least) / 8}) {
      prepared->memory_limit_bytes = limit;
      auto manual = PlanManualPipelines(*m, cluster, o, *prepared);
      ASSERT_TRUE(manual.ok()) << manual.status().message();
      const ManualPipelineResult* best = BestManualPipeline(*manual);
      ASSERT_NE(best, nullptr) << "limit " << limit;
      auto dp = PlanPreparedPipeline(*m, cluster, o, *prepared);
      ASSERT_TRUE(dp.ok()) << dp.status().message();
      EXPECT_LE(dp->plan.estimated_step_seconds, best->latency_s * (1 + 1e-12))
          << hosts << " hosts, limit " << limit << ", best manual " << best->name;
    }
  }
}

}  // namespace
}  // namespace xpar::pipeline
