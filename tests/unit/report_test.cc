// The plan report's data (what the HTML page draws) and the run trace: the memory curve keeps its
// peak when downsampled, the timeline adds up to the plan's step time, caps keep totals, the page
// embeds its data safely; traced runs record one interval per executed instruction per device.
#include <gtest/gtest.h>

#include "analysis/liveness.h"
#include "frontends/hlo/hlo_parser.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "report/chrome_trace.h"
#include "report/pipeline_html.h"
#include "report/plan_html.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/op_trace.h"

namespace xpar {
namespace {

// A two-layer MLP step, large enough for a 2x2 mesh to split both batch and weights.
constexpr char kMlp[] = R"(HloModule mlp
ENTRY %step (x: f32[512,256], w1: f32[256,1024], w2: f32[1024,256]) -> (f32[256,1024], f32[1024,256]) {
  %x = f32[512,256] parameter(0)
  %w1 = f32[256,1024] parameter(1)
  %w2 = f32[1024,256] parameter(2)
  %h = f32[512,1024] dot(%x, %w1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %y = f32[512,256] dot(%h, %w2), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  %gw2 = f32[1024,256] dot(%h, %y), lhs_contracting_dims={0}, rhs_contracting_dims={0}
  %gh = f32[512,1024] dot(%y, %w2), lhs_contracting_dims={1}, rhs_contracting_dims={1}
  %gw1 = f32[256,1024] dot(%x, %gh), lhs_contracting_dims={0}, rhs_contracting_dims={0}
  %nw1 = f32[256,1024] subtract(%w1, %gw1)
  %nw2 = f32[1024,256] subtract(%w2, %gw2)
  ROOT %out = (f32[256,1024], f32[1024,256]) tuple(%nw1, %nw2)
}
)";

Cluster TestCluster() {
  Cluster c;
  c.name = "test";
  c.peak_flops = {{"f32", 100e12}};
  c.memory_bandwidth = 2e12;
  c.memory_bytes = int64_t{80} << 30;
  c.devices_per_node = 8;
  c.intra_node = {5e-6, 100e9};
  c.inter_node = {10e-6, 25e9};
  return c;
}

struct Fixture {
  std::unique_ptr<Module> module;
  std::optional<CostModel> model;
  Plan plan;
};

Fixture MakePlan(const std::string& mesh_text = "2x2") {
  Fixture f;
  auto module = ParseHloModule(kMlp, "mlp.hlo");
  EXPECT_TRUE(module.ok()) << module.status().ToString();
  f.module = std::move(*module);
  auto model = CostModel::Create(*Mesh::Parse(mesh_text), TestCluster());
  EXPECT_TRUE(model.ok()) << model.status().ToString();
  f.model = std::move(*model);
  AutoShardingOptions options;
  options.solve.backend = solver::Backend::kExact;
  options.memory_limit_bytes = int64_t{3} << 20;  // replicated needs more: the plan must split
  auto plan = PlanAutoSharding(*f.module, *f.model, options);
  EXPECT_TRUE(plan.ok()) << plan.status().ToString();
  f.plan = std::move(*plan);
  return f;
}

TEST(PlanReport, TensorsParametersFirstLargestFirstAndCapped) {
  Fixture f = MakePlan();
  PlanHtmlOptions options;
  auto data = PlanReportData(*f.module, f.plan, *f.model, options);
  ASSERT_TRUE(data.ok()) << data.status().ToString();
  const auto& tensors = (*data)["tensors"];
  ASSERT_EQ(tensors.size(), (*data)["tensors_total"].get<size_t>());
  EXPECT_TRUE(tensors[0]["param"].get<bool>());
  bool in_params = true;
  for (size_t i = 1; i < tensors.size(); ++i) {
    bool param = tensors[i]["param"].get<bool>();
    EXPECT_FALSE(param && !in_params) << "a parameter after the other tensors at " << i;
    if (param == tensors[i - 1]["param"].get<bool>()) {
      EXPECT_LE(tensors[i]["bytes"].get<int64_t>(), tensors[i - 1]["bytes"].get<int64_t>());
    }
    in_params = param;
  }
  for (const auto& t : tensors) {  // a split divides the bytes each device holds
    int64_t shards = 1;
    for (const auto& axes : t["spec"]["dims"]) {
      for (int64_t a : axes) shards *= f.model->mesh().axis_size(a);
    }
    EXPECT_EQ(t["device_bytes"].get<int64_t>() * shards, t["bytes"].get<int64_t>()) << t.dump();
  }
  options.max_tensors = 2;
  auto capped = PlanReportData(*f.module, f.plan, *f.model, options);
  ASSERT_TRUE(capped.ok());
  EXPECT_EQ((*capped)["tensors"].size(), 2u);
  EXPECT_EQ((*capped)["tensors_total"], (*data)["tensors_total"]);
}

TEST(PlanReport, MemoryCurveKeepsItsPeakWhenDownsampled) {
  Fixture f = MakePlan();
  PlanHtmlOptions options;
  auto full = PlanReportData(*f.module, f.plan, *f.model, options);
  options.max_memory_points = 3;
  auto small = PlanReportData(*f.module, f.plan, *f.model, options);
  ASSERT_TRUE(full.ok() && small.ok());
  const auto& m = (*full)["memory"];
  const auto& s = (*small)["memory"];
  const size_t n = f.module->entry()->instructions().size();
  EXPECT_EQ(m["positions"].get<size_t>(), n);
  EXPECT_EQ(m["bytes"].size(), n);
  EXPECT_LE(s["bytes"].size(), 3u);
  int64_t peak = m["peak_bytes"];
  std::vector<int64_t> points = s["bytes"];
  EXPECT_EQ(*std::max_element(points.begin(), points.end()), peak);
  EXPECT_EQ(m["bytes"][m["peak_position"].get<size_t>()].get<int64_t>(), peak);
  for (int64_t b : m["bytes"]) EXPECT_GE(b, m["parameter_bytes"].get<int64_t>());
  EXPECT_FALSE(m["live_at_peak"].empty());
}

TEST(PlanReport, TimelineAddsUpToTheStepTime) {
  Fixture f = MakePlan();
  PlanHtmlOptions options;
  options.max_timeline_bars = 2;
  auto data = PlanReportData(*f.module, f.plan, *f.model, options);
  ASSERT_TRUE(data.ok());
  const auto& t = (*data)["timeline"];
  EXPECT_NEAR(t["total_s"].get<double>(), f.plan.step_s(), 1e-9 * f.plan.step_s());
  EXPECT_LE(t["bars"].size(), 2u);
  double compute = 0;
  for (const auto& b : t["bars"]) compute += b["compute_s"].get<double>();
  EXPECT_NEAR(compute, f.plan.compute_s, 1e-9 * f.plan.step_s());
}

TEST(PlanReport, CollectivesLongestFirstPricedByTheModel) {
  Fixture f = MakePlan();
  auto data = PlanReportData(*f.module, f.plan, *f.model, {});
  ASSERT_TRUE(data.ok());
  std::vector<double> expected;  // every collective of the plan, priced by the cost model
  auto price = [&](const CollectiveUse& u) {
    expected.push_back(f.model->CollectiveSeconds(u.kind, u.bytes, u.axes));
  };
  for (const InstructionPlan& ip : f.plan.instructions) {
    for (const CollectiveUse& u : ip.strategy.collectives) price(u);
  }
  for (const PlannedResharding& r : f.plan.reshardings) {
    for (const CollectiveUse& u : r.cost.collectives) price(u);
  }
  std::sort(expected.rbegin(), expected.rend());
  const auto& c = (*data)["collectives"];
  ASSERT_GT(expected.size(), 0u) << "a 2x2 plan of this step under 3 MiB needs collectives";
  ASSERT_EQ(c.size(), expected.size());
  for (size_t i = 0; i < c.size(); ++i) EXPECT_EQ(c[i]["seconds"].get<double>(), expected[i]);
  PlanHtmlOptions options;
  options.max_collectives = 1;
  auto capped = PlanReportData(*f.module, f.plan, *f.model, options);
  ASSERT_TRUE(capped.ok());
  EXPECT_EQ((*capped)["collectives"].size(), 1u);
  EXPECT_EQ((*capped)["collectives"][0]["seconds"].get<double>(), expected[0]);
  EXPECT_EQ((*capped)["collectives_total"].get<size_t>(), expected.size());
}

TEST(PlanReport, RefusesAPlanOfAnotherModule) {
  Fixture f = MakePlan();
  auto other = ParseHloModule(kMlp, "other.hlo");
  ASSERT_TRUE(other.ok());
  auto data = PlanReportData(**other, f.plan, *f.model, {});
  ASSERT_FALSE(data.ok());
  EXPECT_NE(data.status().message().find("does not belong"), std::string::npos);
  auto mesh4 = CostModel::Create(*Mesh::Parse("4"), TestCluster());
  auto wrong_mesh = PlanReportData(*f.module, f.plan, *mesh4, {});
  ASSERT_FALSE(wrong_mesh.ok());
  EXPECT_NE(wrong_mesh.status().message().find("mesh 2x2"), std::string::npos);
}

TEST(PlanReport, PageEmbedsItsDataAndEscapesTheTitle) {
  Fixture f = MakePlan();
  PlanHtmlOptions options;
  options.title = "a</script><b>&\"";
  auto html = PlanToHtml(*f.module, f.plan, *f.model, options);
  ASSERT_TRUE(html.ok());
  EXPECT_NE(html->find("<title>xpar plan: a&lt;/script&gt;&lt;b&gt;&amp;&quot;</title>"),
            std::string::npos);
  const std::string open = "<script type=\"application/json\" id=\"plan-data\">";
  size_t begin = html->find(open);
  ASSERT_NE(begin, std::string::npos);
  begin += open.size();
  size_t end = html->find("</script>", begin);
  ASSERT_NE(end, std::string::npos);
  auto embedded = nlohmann::json::parse(html->substr(begin, end - begin));
  auto data = PlanReportData(*f.module, f.plan, *f.model, options);
  EXPECT_EQ(embedded, *data);
  EXPECT_EQ(html->find("src=\"http"), std::string::npos);
}

// Two devices all-reduce a sum, then scale it.
constexpr char kAllReduce[] = R"(HloModule ar
sum {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY main {
  x = f32[4] parameter(0)
  r = f32[4] all-reduce(x), replica_groups={{0,1}}, to_apply=sum
  c = f32[] constant(2)
  cb = f32[4] broadcast(c), dimensions={}
  ROOT m = f32[4] multiply(r, cb)
}
)";

TEST(RunTrace, OneEventPerExecutedInstructionPerDevice) {
  auto module = ParseHloModule(kAllReduce, "ar.hlo");
  ASSERT_TRUE(module.ok()) << module.status().ToString();
  std::vector<std::vector<Literal>> args(2);
  for (auto& a : args) a.push_back(Literal::FromVector<float>({4}, {1, 2, 3, 4}));
  std::vector<DeviceTrace> traces;
  auto results = RunOnDevices(**module, std::move(args), 2, 1, 0, &traces);
  ASSERT_TRUE(results.ok()) << results.status().ToString();
  ASSERT_EQ(traces.size(), 2u);
  EXPECT_EQ(traces[0].origin, traces[1].origin);
  for (const DeviceTrace& t : traces) {
    std::vector<std::string> names;
    for (const OpTraceEvent& e : t.events) {
      names.push_back(e.inst->name());
      EXPECT_LE(e.start_ns, e.end_ns);
    }
    EXPECT_EQ(names, (std::vector<std::string>{"r", "c", "cb", "m"}));
    for (size_t i = 1; i < t.events.size(); ++i) {
      EXPECT_GE(t.events[i].start_ns, t.events[i - 1].end_ns);
    }
  }
  nlohmann::json json = ChromeTraceJson(traces, {"test", 1});
  EXPECT_EQ(json["displayTimeUnit"], "ms");
  int complete = 0, threads = 0;
  for (const auto& e : json["traceEvents"]) {
    if (e["ph"] == "M" && e["name"] == "thread_name") ++threads;
    if (e["ph"] != "X") continue;
    ++complete;
    if (e["name"] == "r") {
      EXPECT_EQ(e["cat"], "collective,all-reduce");
      EXPECT_EQ(e["args"]["bytes"], 16);
      EXPECT_EQ(e["args"]["operands"], nlohmann::json::array({"f32[4]"}));
    }
  }
  EXPECT_EQ(complete, 8);
  EXPECT_EQ(threads, 2);
}

// Two stages of a 2x4 cluster: hosts 0 and 1.
pipeline::PipelineResult TwoStages() {
  pipeline::PipelineResult r;
  r.plan.microbatches = 4;
  r.plan.estimated_step_seconds = 0.5;
  for (int64_t s = 0; s < 2; ++s) {
    pipeline::Stage st;
    st.first_layer = 8 * s;
    st.last_layer = 8 * s + 7;
    st.submesh.shape = {1, 4};
    for (int64_t d = 0; d < 4; ++d) st.submesh.devices.push_back(4 * s + d);
    st.forward_seconds = 0.01;
    st.backward_seconds = 0.02;
    r.plan.stages.push_back(st);
    r.stages.push_back({"data parallel", 2 - s, 100, 200, 50});
  }
  return r;
}

TEST(PipelineReport, StagesOnTheClusterAndOutOfRangeDevices) {
  const Mesh mesh = *Mesh::Parse("2x4");
  pipeline::PipelineResult r = TwoStages();
  nlohmann::json data = PipelineReportData(r, mesh, TestCluster(), "m.hlo");
  EXPECT_EQ(data["mesh"]["shape"], nlohmann::json::array({2, 4}));
  const auto& stages = data["pipeline"]["stages"];
  ASSERT_EQ(stages.size(), 2u);
  EXPECT_EQ(stages[1]["devices"], nlohmann::json::array({4, 5, 6, 7}));
  EXPECT_EQ(stages[0]["in_flight"], 2);
  EXPECT_EQ(data["pipeline"]["schedule"], "1f1b");
  auto html = PipelineToHtml(r, mesh, TestCluster(), "m.hlo");
  ASSERT_TRUE(html.ok()) << html.status().ToString();
  EXPECT_NE(html->find("<title>xpar pipeline plan: m.hlo</title>"), std::string::npos);
  r.plan.stages[1].submesh.devices.back() = 8;
  auto bad = PipelineToHtml(r, mesh, TestCluster(), "m.hlo");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.status().message().find("stage 1 is on device 8, outside the 2x4 mesh"),
            std::string::npos)
      << bad.status().ToString();
}

}  // namespace
}  // namespace xpar
