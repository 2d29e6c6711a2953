// Behaviour of the auto-sharding pass in Alpa's spirit, on a two-layer MLP training step (forward,
// backward, SGD update aliased with the weights): data parallel for a large batch, Megatron-style
// for large weights, sharded weights under a tight memory limit, both combined on a 2-D mesh.
#include <gtest/gtest.h>

#include "frontends/hlo/hlo_parser.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "passes/auto_sharding/plan_export.h"
#include "sharding/sharding_spec.h"

namespace xpar {
namespace {

// x: [B,D], w1: [D,H], w2: [H,O]; loss = sum(y^2)/2 so dL/dy = y.
std::string MlpStep(int64_t b, int64_t d, int64_t h, int64_t o) {
  return fmt::format(R"(HloModule mlp_step, input_output_alias={{ {{0}}: (1, {{}}, must-alias), {{1}}: (2, {{}}, must-alias) }}

ENTRY %step (x: f32[{0},{1}], w1: f32[{1},{2}], w2: f32[{2},{3}]) -> (f32[{1},{2}], f32[{2},{3}]) {{
  %x = f32[{0},{1}] parameter(0)
  %w1 = f32[{1},{2}] parameter(1)
  %w2 = f32[{2},{3}] parameter(2)
  %h = f32[{0},{2}] dot(%x, %w1), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  %zero = f32[] constant(0)
  %zeros = f32[{0},{2}] broadcast(%zero), dimensions={{}}
  %r = f32[{0},{2}] maximum(%h, %zeros)
  %y = f32[{0},{3}] dot(%r, %w2), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  %gw2 = f32[{2},{3}] dot(%r, %y), lhs_contracting_dims={{0}}, rhs_contracting_dims={{0}}
  %gr = f32[{0},{2}] dot(%y, %w2), lhs_contracting_dims={{1}}, rhs_contracting_dims={{1}}
  %mask = pred[{0},{2}] compare(%h, %zeros), direction=GT
  %gh = f32[{0},{2}] select(%mask, %gr, %zeros)
  %gw1 = f32[{1},{2}] dot(%x, %gh), lhs_contracting_dims={{0}}, rhs_contracting_dims={{0}}
  %lr = f32[] constant(0.01)
  %lr1 = f32[{1},{2}] broadcast(%lr), dimensions={{}}
  %u1 = f32[{1},{2}] multiply(%gw1, %lr1)
  %nw1 = f32[{1},{2}] subtract(%w1, %u1)
  %lr2 = f32[{2},{3}] broadcast(%lr), dimensions={{}}
  %u2 = f32[{2},{3}] multiply(%gw2, %lr2)
  %nw2 = f32[{2},{3}] subtract(%w2, %u2)
  ROOT %out = (f32[{1},{2}], f32[{2},{3}]) tuple(%nw1, %nw2)
}}
)", b, d, h, o);
}

// One node of 8 devices, equal links: 100 GB/s, 5 us; 100 TFLOP/s, 2 TB/s, 80 GB. With
// `per_node` = 2, a 2x2 mesh's axis 0 crosses nodes (25 GB/s, 10 us).
Cluster TestCluster(int64_t per_node = 8) {
  Cluster c;
  c.name = "test";
  c.peak_flops = {{"f32", 100e12}};
  c.memory_bandwidth = 2e12;
  c.memory_bytes = int64_t{80} << 30;
  c.devices_per_node = per_node;
  c.num_nodes = 8 / per_node;
  c.intra_node = {5e-6, 100e9};
  c.inter_node = {10e-6, 25e9};
  return c;
}

struct Planned {
  std::unique_ptr<Module> module;
  Plan plan;
  const Strategy& Of(const std::string& name) const {
    for (const InstructionPlan& ip : plan.instructions) {
      if (ip.inst->name() == name) return ip.strategy;
    }
    ADD_FAILURE() << "no instruction " << name;
    static Strategy none;
    return none;
  }
  std::string Spec(const std::string& name) const { return Of(name).outputs[0].ToString(); }
  // The whole plan in a few lines, for failure messages.
  std::string Describe() const {
    std::string out;
    for (const InstructionPlan& ip : plan.instructions) {
      out += fmt::format("  %{} {} [{}]", ip.inst->name(), ip.strategy.outputs[0].ToString(),
                         ip.strategy.name);
      for (const CollectiveUse& c : ip.strategy.collectives) {
        out += " " + CollectiveUseToString(c);
      }
      out += "\n";
    }
    for (const PlannedResharding& r : plan.reshardings) {
      out += fmt::format("  reshard %{} -> %{}: {} -> {}", r.producer->name(),
                         r.consumer ? r.consumer->name() : "(alias)", r.from.ToString(),
                         r.to.ToString());
      for (const CollectiveUse& c : r.cost.collectives) out += " " + CollectiveUseToString(c);
      out += "\n";
    }
    return out + fmt::format("  step {} s, compute {} s, backend {} optimal {} solve {} s\n",
                             plan.step_s(), plan.compute_s, plan.backend, plan.optimal,
                             plan.solve_s);
  }
  // Every collective of the plan: the ops' own and the reshardings'.
  std::vector<CollectiveUse> Collectives() const {
    std::vector<CollectiveUse> all;
    for (const InstructionPlan& ip : plan.instructions) {
      all.insert(all.end(), ip.strategy.collectives.begin(), ip.strategy.collectives.end());
    }
    for (const PlannedResharding& r : plan.reshardings) {
      all.insert(all.end(), r.cost.collectives.begin(), r.cost.collectives.end());
    }
    return all;
  }
};

Planned MakePlan(const std::string& hlo, const std::string& mesh_text,
                 AutoShardingOptions options = {}, int64_t per_node = 8,
                 solver::Backend backend = solver::Backend::kExact) {
  Planned p;
  auto module = ParseHloModule(hlo, "mlp_step.hlo");
  EXPECT_TRUE(module.ok()) << module.status().ToString();
  if (!module.ok()) return p;
  p.module = std::move(*module);
  auto mesh = Mesh::Parse(mesh_text);
  auto model = CostModel::Create(*mesh, TestCluster(per_node));
  EXPECT_TRUE(model.ok()) << model.status().ToString();
  model->set_latency_model(CostModel::LatencyModel::kPerCollective);
  options.solve.backend = backend;
  options.solve.time_limit_s = 60;
  auto plan = PlanAutoSharding(*p.module, *model, options);
  EXPECT_TRUE(plan.ok()) << plan.status().ToString();
  if (plan.ok()) p.plan = std::move(*plan);
  return p;
}

TEST(AutoShardingPlan, LargeBatchComesOutDataParallel) {
  const int64_t b = 8192, d = 512, h = 512, o = 512;
  Planned p = MakePlan(MlpStep(b, d, h, o), "4");
  EXPECT_EQ(p.Spec("x"), "[S(0),R]");
  EXPECT_EQ(p.Spec("w1"), "[R,R]");
  EXPECT_EQ(p.Spec("w2"), "[R,R]");
  EXPECT_EQ(p.Spec("h"), "[S(0),R]");
  EXPECT_EQ(p.Spec("y"), "[S(0),R]");
  // The analytic data-parallel communication: one all-reduce of each weight gradient.
  auto model = CostModel::Create(Mesh({4}), TestCluster());
  ASSERT_TRUE(model.ok());
  model->set_latency_model(CostModel::LatencyModel::kPerCollective);
  const int64_t axes[] = {0};
  double expected = model->CollectiveSeconds(CollectiveKind::kAllReduce, d * h * 4, axes) +
                    model->CollectiveSeconds(CollectiveKind::kAllReduce, h * o * 4, axes);
  EXPECT_NEAR(p.plan.communication_s, expected, 1e-9 * expected);
  std::vector<CollectiveUse> all = p.Collectives();
  ASSERT_EQ(all.size(), 2u) << p.Describe();
  for (const CollectiveUse& c : all) EXPECT_EQ(c.kind, CollectiveKind::kAllReduce);
  // Forcing data parallelism gives the same objective: the optimum is the data-parallel plan.
  AutoShardingOptions dp;
  dp.force_data_parallel = true;
  dp.batch_size = b;
  Planned forced = MakePlan(MlpStep(b, d, h, o), "4", dp);
  EXPECT_NEAR(forced.plan.step_s(), p.plan.step_s(), 1e-9 * p.plan.step_s());
}

TEST(AutoShardingPlan, LargeWeightsComeOutMegatron) {
  const int64_t b = 8, d = 4096, h = 4096, o = 4096;
  Planned p = MakePlan(MlpStep(b, d, h, o), "4");
  EXPECT_EQ(p.Spec("w1"), "[R,S(0)]");  // column split
  EXPECT_EQ(p.Spec("w2"), "[S(0),R]");  // row split
  std::vector<CollectiveUse> all = p.Collectives();
  ASSERT_EQ(all.size(), 1u) << "expected only the all-reduce of the second layer's output";
  EXPECT_EQ(all[0].kind, CollectiveKind::kAllReduce);
  EXPECT_EQ(all[0].bytes, b * o * 4);
}

TEST(AutoShardingPlan, TightMemoryShardsTheWeights) {
  const int64_t b = 8192, d = 512, h = 512, o = 512;
  Planned free_plan = MakePlan(MlpStep(b, d, h, o), "4");
  EXPECT_EQ(free_plan.Spec("w1"), "[R,R]");
  // Below what replicated weights (and their updates) need, above the fully sharded minimum.
  AutoShardingOptions tight;
  tight.memory_limit_bytes = free_plan.plan.peak_memory_bytes - d * h * 4;
  Planned p = MakePlan(MlpStep(b, d, h, o), "4", tight);
  EXPECT_TRUE(p.plan.memory_ok);
  EXPECT_LE(p.plan.peak_memory_bytes, *tight.memory_limit_bytes);
  EXPECT_TRUE(p.Spec("w1") != "[R,R]" || p.Spec("w2") != "[R,R]")
      << "w1 " << p.Spec("w1") << ", w2 " << p.Spec("w2");
  EXPECT_GE(p.plan.step_s(), free_plan.plan.step_s());
}

TEST(AutoShardingPlan, ShardParametersStoresEveryWeightSplitOverTheMesh) {
  const int64_t b = 8192, d = 512, h = 512, o = 512;
  AutoShardingOptions zero;
  zero.shard_parameters = true;
  Planned p = MakePlan(MlpStep(b, d, h, o), "2x2", zero);
  for (const char* w : {"x", "w1", "w2"}) {
    ShardingSpec spec = p.Of(w).outputs[0];
    size_t axes = 0;
    for (const auto& a : spec.dim_axes) axes += a.size();
    EXPECT_EQ(axes, 2u) << w << " " << spec.ToString() << "\n" << p.Describe();
  }
  // The weights are gathered for use: the plan has all-gathers, and keeps less per device.
  bool gathers = false;
  for (const CollectiveUse& c : p.Collectives()) gathers |= c.kind == CollectiveKind::kAllGather;
  EXPECT_TRUE(gathers) << p.Describe();
  Planned free_plan = MakePlan(MlpStep(b, d, h, o), "2x2");
  EXPECT_LT(p.plan.peak_memory_bytes, free_plan.plan.peak_memory_bytes);
}

TEST(AutoShardingPlan, ImpossibleMemoryLimitIsAClearError) {
  auto module = ParseHloModule(MlpStep(64, 256, 256, 256), "mlp_step.hlo");
  ASSERT_TRUE(module.ok());
  auto model = CostModel::Create(Mesh({4}), TestCluster());
  AutoShardingOptions o;
  o.memory_limit_bytes = 1024;
  auto plan = PlanAutoSharding(**module, *model, o);
  ASSERT_FALSE(plan.ok());
  const std::string& m = plan.status().message();
  EXPECT_NE(m.find("no sharding fits the memory limit"), std::string::npos) << m;
  // It names what fills the peak (the largest tensors, parameters marked) and what would fit.
  EXPECT_NE(m.find("(parameter)"), std::string::npos) << m;
  EXPECT_NE(m.find("%w"), std::string::npos) << m;
  EXPECT_NE(m.find("What would fit"), std::string::npos) << m;
}

// 2x2 mesh over two nodes of two devices: axis 1 is fast (in a node), axis 0 slow. The plan
// must beat pure data parallelism over all four devices (measured: by 3.5%) and use both axes.
TEST(AutoShardingPlan, TwoDimensionalMeshBeatsDataParallelismUsingBothAxes) {
  const int64_t b = 8192, d = 2048, h = 2048, o = 2048;
  Planned p = MakePlan(MlpStep(b, d, h, o), "2x2", {}, 2);
  AutoShardingOptions dp;
  dp.force_data_parallel = true;
  dp.batch_size = b;
  Planned forced = MakePlan(MlpStep(b, d, h, o), "2x2", dp, 2);
  EXPECT_EQ(forced.Spec("x"), "[S(0,1),R]");
  EXPECT_LT(p.plan.step_s(), forced.plan.step_s()) << p.Describe() << forced.Describe();
  bool axis_used[2] = {false, false};
  for (const InstructionPlan& ip : p.plan.instructions) {
    if (ip.inst->opcode() != Opcode::kDot) continue;
    for (const auto& axes : ip.strategy.outputs[0].dim_axes) {
      for (int64_t a : axes) axis_used[a] = true;
    }
    for (int64_t a : ip.strategy.outputs[0].partial_axes) axis_used[a] = true;
  }
  EXPECT_TRUE(axis_used[0] && axis_used[1]) << p.Describe();
}

TEST(AutoShardingPlan, AnnotatedModuleCarriesTheChosenShardings) {
  Planned p = MakePlan(MlpStep(8192, 512, 512, 512), "4");
  ASSERT_TRUE(AnnotateModule(*p.module, p.plan, Mesh({4})).ok());
  const Computation& entry = *p.module->entry();
  for (const auto& inst : entry.instructions()) {
    ASSERT_TRUE(inst->sharding().has_value()) << inst->name();
  }
  EXPECT_EQ(entry.parameters()[0]->sharding()->tile_dims, (std::vector<int64_t>{4, 1}));
  EXPECT_EQ(entry.root()->sharding()->kind, HloSharding::Kind::kTuple);
}

// Four chained 65536^2 f32 matmuls: about 11 s per step on two devices of the test cluster.
// Plans of 10 s and more used to be taken for "forbidden" by the fast backend (a fixed penalty
// of 1e16 fs) and came back as "no sharding"; every backend must plan them.
TEST(AutoShardingPlan, StepsOverTenSecondsArePlannedByEveryBackend) {
  constexpr int64_t n = 65536;
  std::string hlo = fmt::format(R"(HloModule chain

ENTRY %chain (x: f32[{0},{0}], w1: f32[{0},{0}], w2: f32[{0},{0}], w3: f32[{0},{0}], w4: f32[{0},{0}]) -> f32[{0},{0}] {{
  %x = f32[{0},{0}] parameter(0)
  %w1 = f32[{0},{0}] parameter(1)
  %w2 = f32[{0},{0}] parameter(2)
  %w3 = f32[{0},{0}] parameter(3)
  %w4 = f32[{0},{0}] parameter(4)
  %h1 = f32[{0},{0}] dot(%x, %w1), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  %h2 = f32[{0},{0}] dot(%h1, %w2), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  %h3 = f32[{0},{0}] dot(%h2, %w3), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  ROOT %h4 = f32[{0},{0}] dot(%h3, %w4), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
}}
)", n);
  for (solver::Backend b : {solver::Backend::kFast, solver::Backend::kExact,
                            solver::Backend::kAuto}) {
    SCOPED_TRACE(solver::BackendName(b));
    Planned p = MakePlan(hlo, "2", {}, 8, b);
    ASSERT_FALSE(p.plan.instructions.empty());
    EXPECT_TRUE(p.plan.memory_ok) << p.Describe();
    EXPECT_GT(p.plan.step_s(), 10) << p.Describe();
    // Replicated, the five 16 GiB matrices and four products would not fit 80 GB.
    EXPECT_LE(p.plan.peak_memory_bytes, p.plan.memory_limit_bytes) << p.Describe();
  }
}

}  // namespace
}  // namespace xpar
