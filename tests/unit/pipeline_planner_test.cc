// The inter-op pass on programs: roles, layer clustering, where backward, optimizer and source
// ops land (xpar.derived_from or the inference rule), the stage programs, and PlanPipeline end
// to end on a generated GPT training step.
#include <gtest/gtest.h>

#include <set>

#include "autodiff/optimizer.h"
#include "frontends/hlo/hlo_parser.h"
#include "models/training_step.h"
#include "pipeline_test_util.h"
#include "passes/pipeline/pipeline_planner.h"
#include "passes/pipeline/stage_assignment.h"

namespace xpar::pipeline {
namespace {

std::unique_ptr<Module> TinyGpt(int64_t layers) {
  return testing_pipeline::TinyGptStep({4, 8, 32, layers, 128, 64});
}

Cluster TestCluster() { return *LoadClusterPreset("dgx-a100"); }

CostModel OneDevice() { return *CostModel::Create(Mesh({1}), TestCluster()); }

struct Placed {
  ProgramRoles roles;
  LayerClustering clustering;
  LayerAssignment assignment;
};

Placed Place(const Module& m, int64_t num_layers) {
  Placed p;
  p.roles = *ClassifyInstructions(m, 0);
  ClusteringOptions o;
  o.num_layers = num_layers;
  Expected<LayerClustering> c = ClusterLayers(m, p.roles, OneDevice(), o);
  EXPECT_TRUE(c.ok()) << c.status().message();
  p.clustering = *c;
  Expected<LayerAssignment> a = AssignLayers(m, p.roles, p.clustering);
  EXPECT_TRUE(a.ok()) << a.status().message();
  p.assignment = *a;
  return p;
}

TEST(LayerClustering, MinimaxSegmentsPrefersCheapCutsThenBalance) {
  // Six ops of cost 1; cutting before op 3 is cheap (1 byte), elsewhere 100 bytes.
  std::vector<double> costs(6, 1.0), cut = {0, 100, 100, 1, 100, 100};
  EXPECT_EQ(MinimaxSegments(costs, cut, 2, 4.5), (std::vector<int64_t>{0, 3}));
  // A bound of 2.5 forbids 3 ops in one layer: some 100-byte cut is needed; then balance.
  std::vector<int64_t> s = MinimaxSegments(costs, cut, 3, 2.5);
  EXPECT_EQ(s, (std::vector<int64_t>{0, 2, 4}));
  EXPECT_TRUE(MinimaxSegments(costs, cut, 2, 2.5).empty());  // 6 ops in 2 layers of <= 2.5
  EXPECT_TRUE(MinimaxSegments(costs, cut, 7, 10).empty());   // more layers than ops
}

TEST(LayerClustering, GptLayersAreContiguousBalancedAndCutAtTheResidual) {
  std::unique_ptr<Module> m = TinyGpt(4);
  Placed p = Place(*m, 4);
  const LayerClustering& c = p.clustering;
  ASSERT_EQ(c.num_layers, 4);
  EXPECT_EQ(c.layer_start[0], 0);
  double total = 0;
  for (int64_t l = 0; l < 4; ++l) total += c.layer_seconds[l];
  for (int64_t l = 0; l < 4; ++l) {
    if (l > 0) {
      EXPECT_LT(c.layer_start[l - 1], c.layer_start[l]);
    }
    EXPECT_LE(c.layer_seconds[l], c.bound_seconds * (1 + 1e-9));
  }
  // Forward ops in instruction order have non-decreasing layers.
  int32_t last = 0;
  for (int64_t i : c.forward_ops) {
    EXPECT_GE(c.layer_of_forward[i], last);
    last = c.layer_of_forward[i];
  }
  // Between blocks only the residual stream [batch, seq, hidden] f32 crosses, and the clamped
  // labels s32[batch, seq] that the loss at the end reads.
  for (int64_t l = 1; l < 4; ++l) EXPECT_EQ(c.boundary_bytes[l], 4 * 8 * 32 * 4 + 4 * 8 * 4) << l;
  EXPECT_GT(total, 0);
}

TEST(StageAssignment, GptWeightsOptimizerStateAndUpdatesShareTheWeightsStage) {
  std::unique_ptr<Module> m = TinyGpt(2);
  Placed p = Place(*m, 4);
  const auto& layer = p.assignment.layer;
  const Computation& entry = *m->entry();
  EXPECT_EQ(p.assignment.from_attribute, 0);
  EXPECT_GT(p.assignment.inferred, 0);
  for (const IoAlias& alias : m->input_output_alias()) {
    const Instruction* param = entry.parameters()[alias.parameter_number];
    const Instruction* update = entry.root()->operand(alias.output_index[0]);
    EXPECT_EQ(layer[update->index()], layer[param->index()]) << param->name();
  }
  // A weight sits at its first forward use; m.* and v.* with their weight.
  for (const Instruction* param : entry.parameters()) {
    int64_t first = -1;
    for (int64_t u : p.roles.users[param->index()]) {
      if (p.roles.feeds_loss[u] && (first < 0 || u < first)) first = u;
    }
    if (first >= 0) {
      EXPECT_EQ(layer[param->index()], layer[first]) << param->name();
    }
    const std::string& n = param->name();
    if (n.rfind("m.", 0) == 0 || n.rfind("v.", 0) == 0) {
      const Instruction* w = nullptr;
      for (const Instruction* q : entry.parameters()) {
        if (q->name() == n.substr(2)) w = q;
      }
      ASSERT_NE(w, nullptr) << n;
      EXPECT_EQ(layer[param->index()], layer[w->index()]) << n;
    }
  }
  for (std::vector<int64_t> firsts : {std::vector<int64_t>{0, 2}, std::vector<int64_t>{0, 1, 3}}) {
    std::vector<int32_t> stages = StagesOfInstructions(layer, firsts, 4);
    Status s = CheckStageOrder(*m, p.roles, stages);
    EXPECT_TRUE(s.ok()) << s.message();
  }
}

// Without input_output_alias (a PyTorch/XLA dump that declares none) the optimizer rule has
// nothing to key on; the general rule still keeps the stage order.
TEST(StageAssignment, WithoutAliasesTheStageOrderHolds) {
  std::unique_ptr<Module> m = TinyGpt(2);
  m->input_output_alias().clear();
  Placed p = Place(*m, 4);
  std::vector<int32_t> stages = StagesOfInstructions(p.assignment.layer, {0, 1, 2, 3}, 4);
  Status s = CheckStageOrder(*m, p.roles, stages);
  EXPECT_TRUE(s.ok()) << s.message();
}

// x -> h = dot(x, w0) -> t = tanh(h) -> y = dot(t, w1) -> loss; one op per layer. %dt names %y
// in xpar.derived_from, although the rule would place it with %t (layer 1).
constexpr const char* kAttributed = R"(HloModule attributed
add_f32 {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY main {
  x = f32[4,8] parameter(0)
  w0 = f32[8,8] parameter(1)
  w1 = f32[8,8] parameter(2)
  h = f32[4,8] dot(x, w0), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  t = f32[4,8] tanh(h)
  y = f32[4,8] dot(t, w1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  zero = f32[] constant(0)
  loss = f32[] reduce(y, zero), dimensions={0,1}, to_apply=add_f32
  one = f32[] constant(1)
  g = f32[4,8] broadcast(one), dimensions={}
  dw1 = f32[8,8] dot(t, g), lhs_contracting_dims={0}, rhs_contracting_dims={0}
  dt = f32[4,8] dot(g, w1), lhs_contracting_dims={1}, rhs_contracting_dims={1}, frontend_attributes={xpar.derived_from="y"}
  dh = f32[4,8] multiply(dt, t)
  dw0 = f32[8,8] dot(x, dh), lhs_contracting_dims={0}, rhs_contracting_dims={0}
  ROOT out = (f32[], f32[8,8], f32[8,8]) tuple(loss, dw0, dw1)
}
)";

TEST(StageAssignment, DerivedFromAttributeAndInferenceRule) {
  auto m = ParseHloModule(kAttributed, "attributed.hlo");
  ASSERT_TRUE(m.ok()) << m.status().message();
  Placed p = Place(**m, 4);
  auto layer_of = [&](const std::string& name) {
    for (const auto& inst : (*m)->entry()->instructions()) {
      if (inst->name() == name) return p.assignment.layer[inst->index()];
    }
    ADD_FAILURE() << name;
    return -1;
  };
  EXPECT_EQ(layer_of("h"), 0);
  EXPECT_EQ(layer_of("t"), 1);
  EXPECT_EQ(layer_of("y"), 2);
  EXPECT_EQ(layer_of("loss"), 3);
  EXPECT_EQ(layer_of("w0"), 0);  // first forward use
  EXPECT_EQ(layer_of("w1"), 2);
  EXPECT_EQ(layer_of("dt"), 2);  // by the attribute
  EXPECT_EQ(p.assignment.from_attribute, 1);
  // dw1 reads t (forward users: y in layer 2) and the seed g: max(1, 2) = 2, the layer of y.
  EXPECT_EQ(layer_of("dw1"), 2);
  // dh reads dt (backward, layer 2) and t (layer 1, used by layer 2): min(2, 2) = 2.
  EXPECT_EQ(layer_of("dh"), 2);
  // dw0 reads x (used by h, layer 0) and dh (layer 2): min(0, 2) = 0, with w0.
  EXPECT_EQ(layer_of("dw0"), 0);
  // The seed is not needed by the loss: the largest layer among its users (dw1, dt: 2).
  EXPECT_EQ(layer_of("g"), 2);
}

TEST(StageAssignment, LossErrors) {
  auto m = ParseHloModule(kAttributed, "attributed.hlo");
  ASSERT_TRUE(m.ok());
  Expected<ProgramRoles> r = ClassifyInstructions(**m, 3);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("has 3 elements"), std::string::npos)
      << r.status().message();
  r = ClassifyInstructions(**m, 1);  // dw0 is not computed from parameters alone: fine
  EXPECT_TRUE(r.ok());
  auto constant_loss = ParseHloModule(R"(HloModule c
ENTRY main {
  p = f32[2] parameter(0)
  ROOT c = f32[] constant(1)
})", "c.hlo");
  ASSERT_TRUE(constant_loss.ok());
  r = ClassifyInstructions(**constant_loss, -1);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("no forward computation"), std::string::npos);
  r = ClassifyInstructions(**constant_loss, 0);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("ROOT %c is not a tuple (constant)"), std::string::npos)
      << r.status().message();
}

TEST(StageAssignment, CheckStageOrderNamesTheBadEdge) {
  auto m = ParseHloModule(kAttributed, "attributed.hlo");
  ASSERT_TRUE(m.ok());
  Placed p = Place(**m, 4);
  std::vector<int32_t> stages = StagesOfInstructions(p.assignment.layer, {0, 2}, 4);
  ASSERT_TRUE(CheckStageOrder(**m, p.roles, stages).ok());
  auto index = [&](const std::string& name) {
    for (const auto& inst : (*m)->entry()->instructions()) {
      if (inst->name() == name) return inst->index();
    }
    return int64_t{-1};
  };
  std::vector<int32_t> bad = stages;
  bad[index("t")] = 0;
  bad[index("h")] = 1;  // forward: h (stage 1) feeds t (stage 0)
  Status s = CheckStageOrder(**m, p.roles, bad);
  EXPECT_EQ(s.message(), "forward value %h (stage 1) flows to %t (stage 0)");
  bad = stages;
  bad[index("dw0")] = 1;  // backward: dh (stage 1) to dw0 is fine; dw0 is an output
  bad[index("dh")] = 0;   // dt (stage 1) -> dh (stage 0) is fine, dh (0) -> dw0 (1) is not
  s = CheckStageOrder(**m, p.roles, bad);
  EXPECT_EQ(s.message(), "backward value %dh (stage 0) flows to %dw0 (stage 1)");
}

// A forward-only program whose ROOT is the loss: no backward ops, every op a forward op.
TEST(PlanPipeline, ForwardOnlyProgram) {
  auto m = ParseHloModule(R"(HloModule f
ENTRY main {
  x = f32[64,64] parameter(0)
  w0 = f32[64,64] parameter(1)
  w1 = f32[64,64] parameter(2)
  h = f32[64,64] dot(x, w0), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  t = f32[64,64] tanh(h)
  ROOT y = f32[64,64] dot(t, w1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
})", "f.hlo");
  ASSERT_TRUE(m.ok()) << m.status().message();
  PipelineOptions o;
  o.devices_per_host = 2;
  o.loss_index = -1;
  o.num_stages = 2;
  o.clustering.num_layers = 3;
  Expected<PipelineResult> r = PlanPipeline(**m, TestCluster(), o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->plan.stages.size(), 2u);
  EXPECT_EQ(r->inferred, 0);
  EXPECT_EQ(r->plan.stages[0].backward_seconds, 0);
  o.loss_index = 0;
  r = PlanPipeline(**m, TestCluster(), o);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.status().message().find("ROOT %y is not a tuple (dot)"), std::string::npos)
      << r.status().message();
}

// A training step built by xpar's own autodiff and AdamW: backward ops carry
// xpar.derived_from, updates alias their parameters. Placement follows the attribute, keeps
// the stage order, and puts every update, m and v with its weight.
TEST(StageAssignment, XparAutodiffStepFollowsDerivedFrom) {
  auto forward = ParseHloModule(R"(HloModule mlp
add_f32 {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY main {
  x = f32[16,32] parameter(0)
  w0 = f32[32,32] parameter(1)
  w1 = f32[32,32] parameter(2)
  w2 = f32[32,32] parameter(3)
  h0 = f32[16,32] dot(x, w0), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  a0 = f32[16,32] tanh(h0)
  h1 = f32[16,32] dot(a0, w1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  a1 = f32[16,32] tanh(h1)
  h2 = f32[16,32] dot(a1, w2), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  sq = f32[16,32] multiply(h2, h2)
  zero = f32[] constant(0)
  ROOT loss = f32[] reduce(sq, zero), dimensions={0,1}, to_apply=add_f32
})", "mlp.hlo");
  ASSERT_TRUE(forward.ok()) << forward.status().message();
  auto step = autodiff::BuildTrainingStep(**forward, {1, 2, 3}, -1, autodiff::OptimizerOptions());
  ASSERT_TRUE(step.ok()) << step.status().message();
  const Module& m = *step->module;
  Placed p = Place(m, 3);
  EXPECT_GT(p.assignment.from_attribute, 0);
  for (const std::vector<int64_t>& firsts : {std::vector<int64_t>{0, 1, 2},
                                             std::vector<int64_t>{0, 2}}) {
    Status s = CheckStageOrder(m, p.roles, StagesOfInstructions(p.assignment.layer, firsts, 3));
    EXPECT_TRUE(s.ok()) << s.message();
  }
  const Computation& entry = *m.entry();
  int checked = 0;
  for (int64_t w : step->layout.weight_params) {
    const Instruction* weight = entry.parameters()[w];
    for (const IoAlias& alias : m.input_output_alias()) {
      if (alias.parameter_number != w) continue;
      ++checked;
      const Instruction* update = entry.root()->operand(alias.output_index[0]);
      EXPECT_EQ(p.assignment.layer[update->index()], p.assignment.layer[weight->index()])
          << weight->name();
    }
  }
  for (int64_t sp : step->layout.state_params) {
    const Instruction* state = entry.parameters()[sp];
    const std::string& n = state->name();
    const size_t dot = n.find('.');
    if (dot == std::string::npos) continue;  // the step counter
    for (int64_t w : step->layout.weight_params) {
      if (entry.parameters()[w]->name() != n.substr(dot + 1)) continue;
      ++checked;
      EXPECT_EQ(p.assignment.layer[state->index()],
                p.assignment.layer[entry.parameters()[w]->index()]) << n;
    }
  }
  EXPECT_EQ(checked, 3 + 3 * 2);  // three updates; AdamW's m and v of three weights
}

TEST(StagePrograms, ExtractLayersMakesVerifiedProgramsWithBoundaryParameters) {
  auto m = ParseHloModule(kAttributed, "attributed.hlo");
  ASSERT_TRUE(m.ok());
  Placed p = Place(**m, 4);
  auto stage = ExtractLayers(**m, p.assignment.layer, 1, 1);
  ASSERT_TRUE(stage.ok()) << stage.status().message();
  // Layer 1 holds only t = tanh(h): h comes in as a parameter, t goes out.
  const Computation& e = *(*stage)->entry();
  ASSERT_EQ(e.parameter_count(), 1);
  EXPECT_EQ(e.parameters()[0]->name(), "h");
  ASSERT_EQ(e.root()->operand_count(), 1);
  EXPECT_EQ(e.root()->operand(0)->name(), "t");
  auto whole = ExtractLayers(**m, p.assignment.layer, 0, 3);
  ASSERT_TRUE(whole.ok()) << whole.status().message();
  EXPECT_EQ((*whole)->entry()->parameter_count(), 3);  // x, w0, w1 keep being parameters
  EXPECT_EQ((*whole)->entry()->root()->operand_count(), 3);  // loss, dw0, dw1
}

void ExpectValidPlan(const Module& m, const PipelineResult& r, int64_t devices) {
  const PipelinePlan& plan = r.plan;
  ASSERT_FALSE(plan.stages.empty());
  std::set<int64_t> used;
  std::vector<double> times, fills;
  int64_t next = 0;
  for (const Stage& s : plan.stages) {
    EXPECT_EQ(s.first_layer, next);
    next = s.last_layer + 1;
    for (int64_t d : s.submesh.devices) EXPECT_TRUE(used.insert(d).second) << d;
    EXPECT_EQ(static_cast<int64_t>(s.submesh.devices.size()),
              s.submesh.shape[0] * s.submesh.shape[1]);
    EXPECT_LE(s.peak_bytes, r.memory_limit_bytes);
    times.push_back(s.forward_seconds + s.backward_seconds);
    fills.push_back(2 * s.transfer_seconds);
  }
  EXPECT_EQ(next, r.clustering.num_layers);
  EXPECT_EQ(static_cast<int64_t>(used.size()), devices);
  EXPECT_NEAR(plan.estimated_step_seconds, PipelineLatency(times, plan.microbatches, fills),
              1e-9 * plan.estimated_step_seconds);
  ASSERT_EQ(plan.stage_of_instruction.size(), m.entry()->instructions().size());
  ProgramRoles roles = *ClassifyInstructions(m, 0);
  Status s = CheckStageOrder(m, roles, plan.stage_of_instruction);
  EXPECT_TRUE(s.ok()) << s.message();
}

TEST(PlanPipeline, AnalyticGptOnTwoHostsOfTwo) {
  std::unique_ptr<Module> m = TinyGpt(4);
  PipelineOptions o;
  o.num_hosts = 2;
  o.devices_per_host = 2;
  o.microbatches = 4;
  o.clustering.num_layers = 4;
  Expected<PipelineResult> r = PlanPipeline(*m, TestCluster(), o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  ExpectValidPlan(*m, *r, 4);
  o.num_stages = 2;
  r = PlanPipeline(*m, TestCluster(), o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  EXPECT_EQ(r->plan.stages.size(), 2u);
  ExpectValidPlan(*m, *r, 4);
  EXPECT_EQ(r->plan.stages[0].peak_bytes, r->stages[0].static_bytes + r->stages[0].activation_bytes);
  EXPECT_EQ(r->stages[0].in_flight, 2);  // 1F1B: the first of two stages holds two microbatches
  // A memory limit below any stage's weights: a clear error.
  o.memory_limit_bytes = 1024;
  r = PlanPipeline(*m, TestCluster(), o);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.status().code(), StatusCode::kResourceExhausted);
  EXPECT_NE(r.status().message().find("no pipeline plan fits"), std::string::npos)
      << r.status().message();
}

TEST(PlanPipeline, AutoShardingStageCosts) {
  std::unique_ptr<Module> m = TinyGpt(2);
  PipelineOptions o;
  o.num_hosts = 1;
  o.devices_per_host = 2;
  o.microbatches = 2;
  o.clustering.num_layers = 2;
  o.cost_mode = StageCostMode::kAutoSharding;
  o.auto_sharding.solve.time_limit_s = 0.5;
  Expected<PipelineResult> r = PlanPipeline(*m, TestCluster(), o);
  ASSERT_TRUE(r.ok()) << r.status().message();
  // Layers [0,0], [1,1], [0,1] on 1x1 and 1x2: six stage programs planned.
  EXPECT_EQ(r->solves, 6);
  ExpectValidPlan(*m, *r, 2);
  EXPECT_NE(r->stages[0].intra_op.find("intra-op plan"), std::string::npos);
}

}  // namespace
}  // namespace xpar::pipeline
