// Cluster presets (every one loads with every field), cluster-file errors, the mesh-axis to link
// mapping, and the alpha-beta / roofline formulas against hand-computed values.
#include "analysis/cost_model.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace xpar {
namespace {

// A cluster with round numbers: 8 devices per node, intra 1 us / 100 GB/s, inter 10 us / 10 GB/s.
Cluster RoundCluster() {
  Cluster c;
  c.name = "round";
  c.peak_flops = {{"f32", 1e12}, {"bf16", 4e12}};
  c.memory_bandwidth = 1e11;
  c.memory_bytes = int64_t{16} << 30;
  c.devices_per_node = 8;
  c.num_nodes = 0;
  c.intra_node = Link{1e-6, 100e9};
  c.inter_node = Link{10e-6, 10e9};
  return c;
}

CostModel MakeModel(const std::string& mesh_text, const Cluster& cluster) {
  auto mesh = Mesh::Parse(mesh_text);
  EXPECT_TRUE(mesh.ok()) << mesh.status().ToString();
  auto model = CostModel::Create(*mesh, cluster);
  EXPECT_TRUE(model.ok()) << model.status().ToString();
  return std::move(model).value();
}

bool IsIntra(const CostModel& m, int64_t axis) {
  return m.axis_link(axis).beta_bytes_per_s == m.cluster().intra_node.beta_bytes_per_s &&
         m.axis_link(axis).alpha_s == m.cluster().intra_node.alpha_s;
}

TEST(ClusterPresets, NamesAreSortedAndComplete) {
  const std::vector<std::string> expected = {"cpu-local", "dgx-a100", "dgx-h100", "h200",
                                             "p3.16xlarge"};
  EXPECT_EQ(ClusterPresetNames(), expected);
}

TEST(ClusterPresets, EveryGpuPresetHasEveryField) {
  for (std::string name : {"dgx-a100", "dgx-h100", "h200", "p3.16xlarge"}) {
    SCOPED_TRACE(name);
    auto c = LoadClusterPreset(name);
    ASSERT_TRUE(c.ok()) << c.status().ToString();
    EXPECT_EQ(c->name, name);
    EXPECT_FALSE(c->description.empty());
    EXPECT_FALSE(c->source.empty());
    for (const char* type : {"f64", "f32", "bf16", "f16"}) EXPECT_GT(c->peak_flops.count(type), 0u);
    EXPECT_GE(c->PeakFlops(PrimitiveType::kF16), c->PeakFlops(PrimitiveType::kF32));
    EXPECT_GT(c->memory_bandwidth, 0);
    EXPECT_GT(c->memory_bytes, int64_t{15} << 30);
    EXPECT_EQ(c->devices_per_node, 8);
    EXPECT_GT(c->intra_node.beta_bytes_per_s, c->inter_node.beta_bytes_per_s);
    EXPECT_LT(c->intra_node.alpha_s, c->inter_node.alpha_s);
    EXPECT_GT(c->intra_node.alpha_s, 0);
  }
}

TEST(ClusterPresets, DatasheetFigures) {
  auto a100 = LoadCluster("dgx-a100");
  ASSERT_TRUE(a100.ok());
  EXPECT_DOUBLE_EQ(a100->PeakFlops(PrimitiveType::kBF16), 312e12);
  EXPECT_DOUBLE_EQ(a100->PeakFlops(PrimitiveType::kF32), 19.5e12);  // not TF32
  EXPECT_DOUBLE_EQ(a100->PeakFlops(PrimitiveType::kS32), 19.5e12);  // unlisted: f32
  EXPECT_EQ(a100->memory_bytes, int64_t{80} << 30);
  auto h200 = LoadCluster("h200");
  ASSERT_TRUE(h200.ok());
  EXPECT_EQ(h200->memory_bytes, int64_t{141'000'000'000});
  auto p3 = LoadCluster("p3.16xlarge");
  ASSERT_TRUE(p3.ok());
  EXPECT_DOUBLE_EQ(p3->inter_node.beta_bytes_per_s, 25e9 / 8 / 8);  // 25 Gbps shared by 8 GPUs
}

TEST(ClusterPresets, CpuLocalIsMeasuredOnceAndPlausible) {
  auto c = LoadClusterPreset("cpu-local");
  ASSERT_TRUE(c.ok());
  EXPECT_GT(c->PeakFlops(PrimitiveType::kF32), 1e8);
  EXPECT_GT(c->memory_bandwidth, 1e8);
  EXPECT_GT(c->memory_bytes, int64_t{1} << 28);
  EXPECT_GT(c->intra_node.alpha_s, 0);
  EXPECT_GT(c->intra_node.beta_bytes_per_s, 0);
  auto again = LoadClusterPreset("cpu-local");  // cached: identical figures
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again->peak_flops, c->peak_flops);
  EXPECT_EQ(again->intra_node.alpha_s, c->intra_node.alpha_s);
  // Its JSON form reads back.
  auto round_trip = ParseClusterJson(ClusterToJson(*c), "cpu-local.json");
  ASSERT_TRUE(round_trip.ok()) << round_trip.status().ToString();
  EXPECT_DOUBLE_EQ(round_trip->PeakFlops(PrimitiveType::kF32), c->PeakFlops(PrimitiveType::kF32));
  EXPECT_EQ(round_trip->memory_bytes, c->memory_bytes);
  EXPECT_TRUE(round_trip->shared_machine);
  // A thread mesh never crosses "nodes".
  CostModel m = MakeModel("4x4x4", *c);
  for (int64_t axis = 0; axis < 3; ++axis) EXPECT_TRUE(IsIntra(m, axis));
  // 64 threads share the machine: each gets 1/64 of its GEMM rate, bandwidth and RAM (a device
  // of a dgx-a100 mesh keeps its own).
  EXPECT_DOUBLE_EQ(m.cluster().PeakFlops(PrimitiveType::kF32) * 64,
                   c->PeakFlops(PrimitiveType::kF32));
  EXPECT_DOUBLE_EQ(m.cluster().memory_bandwidth * 64, c->memory_bandwidth);
  EXPECT_EQ(m.cluster().memory_bytes, c->memory_bytes / 64);
  auto a100 = LoadClusterPreset("dgx-a100");
  ASSERT_TRUE(a100.ok());
  EXPECT_FALSE(a100->shared_machine);
  EXPECT_EQ(MakeModel("2x4", *a100).cluster().memory_bytes, a100->memory_bytes);
}

TEST(ClusterPresets, UnknownNameListsKnownOnes) {
  auto c = LoadCluster("tpu-v9");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.status().code(), StatusCode::kNotFound);
  EXPECT_EQ(c.status().message(),
            "unknown cluster preset 'tpu-v9' (known: cpu-local, dgx-a100, dgx-h100, h200, "
            "p3.16xlarge; or give a path to a .json file)");
}

// A temporary file per test: ctest -j runs this executable's tests in parallel processes.
std::string ClusterPath() {
  return testing::TempDir() + "/cost_model_test_cluster_" +
         testing::UnitTest::GetInstance()->current_test_info()->name() + ".json";
}

// Writes `text` to a temporary file and loads it through LoadCluster.
Expected<Cluster> LoadText(const std::string& text) {
  const std::string path = ClusterPath();
  std::ofstream(path) << text;
  auto c = LoadCluster(path);
  std::remove(path.c_str());
  return c;
}

std::string ErrorWithoutPath(const Expected<Cluster>& c) {
  if (c.ok()) return "ok";
  const std::string& m = c.status().message();
  const std::string prefix = ClusterPath() + ": ";
  return m.rfind(prefix, 0) == 0 ? m.substr(prefix.size()) : "unexpected: " + m;
}

constexpr const char* kGoodFile = R"({
  "name": "mine", "description": "two boxes", "source": "me",
  "peak_tflops": {"f32": 10, "bf16": 100},
  "memory_bandwidth_gb_per_s": 1000, "memory_gib": 24,
  "devices_per_node": 4, "num_nodes": 2,
  "intra_node": {"alpha_us": 2, "bandwidth_gb_per_s": 50},
  "inter_node": {"alpha_us": 20, "bandwidth_gb_per_s": 5}
})";

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return text.replace(at, from.size(), to);
}

TEST(ClusterFile, DescriptionAndSourceAreOptional) {
  auto c = LoadText(Replace(kGoodFile, R"("description": "two boxes", "source": "me",)", ""));
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  EXPECT_EQ(c->name, "mine");
  EXPECT_TRUE(c->source.empty());
}

TEST(ClusterFile, LoadsUserFile) {
  auto c = LoadText(kGoodFile);
  ASSERT_TRUE(c.ok()) << c.status().ToString();
  EXPECT_EQ(c->name, "mine");
  EXPECT_DOUBLE_EQ(c->PeakFlops(PrimitiveType::kBF16), 100e12);
  EXPECT_DOUBLE_EQ(c->PeakFlops(PrimitiveType::kF64), 10e12);
  EXPECT_EQ(c->memory_bytes, int64_t{24} << 30);
  EXPECT_DOUBLE_EQ(c->inter_node.alpha_s, 20e-6);
  EXPECT_DOUBLE_EQ(c->inter_node.beta_bytes_per_s, 5e9);
  EXPECT_EQ(c->num_nodes, 2);
}

TEST(ClusterFile, ErrorsNameTheFileAndField) {
  EXPECT_EQ(ErrorWithoutPath(LoadText("{ not json")), "not valid JSON");
  EXPECT_EQ(ErrorWithoutPath(LoadText("[1, 2]")), "expected a JSON object");
  EXPECT_EQ(ErrorWithoutPath(LoadText(Replace(kGoodFile, "\"memory_gib\": 24,", ""))),
            "missing field 'memory_gib' or 'memory_gb' (per device)");
  EXPECT_EQ(ErrorWithoutPath(LoadText(Replace(kGoodFile, "\"alpha_us\": 20", "\"alpha\": 20"))),
            "missing field 'inter_node.alpha_us'");
  EXPECT_EQ(ErrorWithoutPath(LoadText(Replace(kGoodFile, "\"f32\": 10", "\"f32\": -1"))),
            "field 'peak_tflops.f32' must be a finite number > 0, got -1");
  EXPECT_EQ(ErrorWithoutPath(LoadText(Replace(kGoodFile, "\"f32\": 10,", ""))),
            "missing field 'peak_tflops.f32' (the fallback for other types)");
  EXPECT_EQ(
      ErrorWithoutPath(LoadText(Replace(kGoodFile, "\"num_nodes\": 2", "\"num_nodes\": 1.5"))),
      "field 'num_nodes' must be an integer >= 0, got 1.5");
  EXPECT_EQ(ErrorWithoutPath(LoadText(Replace(kGoodFile, "\"name\": \"mine\"", "\"name\": 3"))),
            "field 'name' must be a string, got 3");
  EXPECT_EQ(ErrorWithoutPath(LoadText(Replace(kGoodFile,
                                              "\"intra_node\": {\"alpha_us\": 2, "
                                              "\"bandwidth_gb_per_s\": 50}",
                                              "\"intra_node\": 7"))),
            "field 'intra_node' must be an object with alpha_us and bandwidth_gb_per_s");
  auto missing = LoadCluster("/nonexistent/cluster.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.status().message(), "/nonexistent/cluster.json: cannot open cluster file");
}

TEST(CostModelLinks, TwoByFourFitsOneNode) {
  CostModel m = MakeModel("2x4", RoundCluster());
  EXPECT_TRUE(IsIntra(m, 0));
  EXPECT_TRUE(IsIntra(m, 1));
}

TEST(CostModelLinks, TwoByEightSpansTwoNodes) {
  CostModel m = MakeModel("2x8", RoundCluster());
  EXPECT_FALSE(IsIntra(m, 0));
  EXPECT_DOUBLE_EQ(m.axis_link(0).beta_bytes_per_s, 10e9);
  EXPECT_TRUE(IsIntra(m, 1));
}

TEST(CostModelLinks, MinorAxesFillANodeFirst) {
  CostModel m = MakeModel("4x2x4", RoundCluster());  // 2x4 = 8 in a node, the 4 crosses
  EXPECT_FALSE(IsIntra(m, 0));
  EXPECT_TRUE(IsIntra(m, 1));
  EXPECT_TRUE(IsIntra(m, 2));
  CostModel wide = MakeModel("2x16", RoundCluster());  // 16 > 8: both axes cross nodes
  EXPECT_FALSE(IsIntra(wide, 0));
  EXPECT_FALSE(IsIntra(wide, 1));
  CostModel small = MakeModel("3x2", RoundCluster());  // 6 devices fit one node
  EXPECT_TRUE(IsIntra(small, 0));
  EXPECT_TRUE(IsIntra(small, 1));
}

TEST(CostModelLinks, TooManyDevicesForAFixedCluster) {
  Cluster c = RoundCluster();
  c.num_nodes = 2;
  EXPECT_TRUE(CostModel::Create(Mesh({2, 8}), c).ok());
  auto m = CostModel::Create(Mesh({4, 8}), c);
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().message(),
            "mesh 4x8 has 32 devices but cluster 'round' has only 16 (2 nodes x 8 devices)");
}

TEST(CostModelCollectives, RingFormulasOnOneAxis) {
  CostModel m = MakeModel("2x4", RoundCluster());
  const int64_t axis1[] = {1};
  const int64_t mb = 1'000'000;
  // all-reduce over 4: 2*3*1us + 2*(3/4)*1e6/1e11 = 6us + 15us.
  EXPECT_NEAR(m.CollectiveSeconds(CollectiveKind::kAllReduce, mb, axis1), 21e-6, 1e-12);
  // all-gather / reduce-scatter / all-to-all: 3us + 7.5us.
  EXPECT_NEAR(m.CollectiveSeconds(CollectiveKind::kAllGather, mb, axis1), 10.5e-6, 1e-12);
  EXPECT_NEAR(m.CollectiveSeconds(CollectiveKind::kReduceScatter, mb, axis1), 10.5e-6, 1e-12);
  EXPECT_NEAR(m.CollectiveSeconds(CollectiveKind::kAllToAll, mb, axis1), 10.5e-6, 1e-12);
  // collective-permute: 1us + 10us.
  EXPECT_NEAR(m.CollectiveSeconds(CollectiveKind::kCollectivePermute, mb, axis1), 11e-6, 1e-12);
}

TEST(CostModelCollectives, CrossNodeAndMultiAxisGroups) {
  CostModel m = MakeModel("2x8", RoundCluster());
  const int64_t mb = 1'000'000;
  const int64_t axis0[] = {0};
  // all-reduce over 2 across nodes: 2*1*10us + 2*(1/2)*1e6/1e10 = 20us + 100us.
  EXPECT_NEAR(m.CollectiveSeconds(CollectiveKind::kAllReduce, mb, axis0), 120e-6, 1e-12);
  // Both axes: a ring of 16 at the inter-node link: 2*15*10us + 2*(15/16)*100us.
  const int64_t both[] = {0, 1};
  EXPECT_NEAR(m.CollectiveSeconds(CollectiveKind::kAllReduce, mb, both), 300e-6 + 187.5e-6, 1e-12);
  // all-gather over both: 15*10us + (15/16)*100us.
  EXPECT_NEAR(m.CollectiveSeconds(CollectiveKind::kAllGather, mb, both), 150e-6 + 93.75e-6, 1e-12);
}

TEST(CostModelCollectives, PerCollectiveLatencyAsInAlpa) {
  CostModel m = MakeModel("2x4", RoundCluster());
  m.set_latency_model(CostModel::LatencyModel::kPerCollective);
  const int64_t axis1[] = {1};
  // Alpa / XLA: alpha + 2(n-1)/n B/beta = 1us + 15us; alpha + (n-1)/n B/beta = 1us + 7.5us.
  EXPECT_NEAR(m.CollectiveSeconds(CollectiveKind::kAllReduce, 1'000'000, axis1), 16e-6, 1e-12);
  EXPECT_NEAR(m.CollectiveSeconds(CollectiveKind::kAllGather, 1'000'000, axis1), 8.5e-6, 1e-12);
  EXPECT_NEAR(m.CollectiveSeconds(CollectiveKind::kCollectivePermute, 1'000'000, axis1), 11e-6,
              1e-12);
}

TEST(CostModelCollectives, ExplicitAxisLinks) {
  auto m =
      CostModel::CreateWithAxisLinks(Mesh({2, 4}), RoundCluster(), {Link{0, 1e9}, Link{0, 4e9}});
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  const int64_t axis0[] = {0};
  // all-gather over 2 at 1 GB/s: (1/2) * 1e6 / 1e9 = 0.5 ms.
  EXPECT_NEAR(m->CollectiveSeconds(CollectiveKind::kAllGather, 1'000'000, axis0), 0.5e-3, 1e-12);
  EXPECT_FALSE(CostModel::CreateWithAxisLinks(Mesh({2, 4}), RoundCluster(), {Link{0, 1e9}}).ok());
}

TEST(CostModelCollectives, TrivialGroupsCostNothing) {
  CostModel m = MakeModel("1x4", RoundCluster());
  const int64_t axis0[] = {0};
  EXPECT_EQ(m.CollectiveSeconds(CollectiveKind::kAllReduce, 1 << 20, axis0), 0.0);
  EXPECT_EQ(m.CollectiveSeconds(CollectiveKind::kAllReduce, 1 << 20, {}), 0.0);
  EXPECT_STREQ(CollectiveKindName(CollectiveKind::kReduceScatter), "reduce-scatter");
  EXPECT_STREQ(CollectiveKindName(CollectiveKind::kCollectivePermute), "collective-permute");
}

TEST(CostModelCompute, Roofline) {
  CostModel m = MakeModel("2x4", RoundCluster());
  // Compute bound: 2e9 FLOPs at 1 TFLOP/s = 2 ms; 1e6 bytes at 100 GB/s = 10 us.
  EXPECT_DOUBLE_EQ(m.ComputeSeconds(2e9, 1e6, PrimitiveType::kF32), 2e-3);
  EXPECT_DOUBLE_EQ(m.ComputeSeconds(2e9, 1e6, PrimitiveType::kBF16), 0.5e-3);
  // Memory bound: 1e3 FLOPs, 1e9 bytes = 10 ms.
  EXPECT_DOUBLE_EQ(m.ComputeSeconds(1e3, 1e9, PrimitiveType::kF32), 1e-2);
  // f16 is not listed: priced at the f32 peak.
  EXPECT_DOUBLE_EQ(m.ComputeSeconds(2e9, 0, PrimitiveType::kF16), 2e-3);
}

}  // namespace
}  // namespace xpar
