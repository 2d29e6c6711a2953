// Uneven splits in the SPMD partitioner (dims that do not divide by their shard count are padded
// to ceil(n/k) per device and masked where it matters): every op family on meshes 3, 4 and 2x3
// with odd sizes matches the single-device run within 1e-5; the runtime's split/join trims.
#include <gtest/gtest.h>

#include <map>

#include "passes/spmd/spmd_internal.h"
#include "spmd_test_util.h"

namespace xpar::testing {
namespace {

// All mesh axes, in order (the split that uses every device).
std::vector<int64_t> All(const Mesh& mesh) {
  std::vector<int64_t> all;
  for (int64_t a = 0; a < mesh.rank(); ++a) all.push_back(a);
  return all;
}

std::unique_ptr<Module> ExpectSame(const Module& m, const Mesh& mesh,
                                   const PartitionOptions& options = {}) {
  std::unique_ptr<Module> partitioned;
  auto diff = PartitionedDifference(m, mesh, 11, &partitioned, options);
  EXPECT_TRUE(diff.ok()) << mesh.ToString() << ": " << diff.status().ToString();
  if (!diff.ok()) return nullptr;
  EXPECT_LE(*diff, 1e-5) << mesh.ToString() << "\n" << PrintModule(*partitioned);
  return partitioned;
}

const char* const kMeshes[] = {"3", "4", "2x3"};

constexpr char kReducers[] = R"(
%add (a: f32[], b: f32[]) -> f32[] {
  %a = f32[] parameter(0)
  %b = f32[] parameter(1)
  ROOT %s = f32[] add(%a, %b)
}
%max (c: f32[], d: f32[]) -> f32[] {
  %c = f32[] parameter(0)
  %d = f32[] parameter(1)
  ROOT %m = f32[] maximum(%c, %d)
}
)";

std::string WithReducers(const std::string& entry) {
  return std::string("HloModule uneven\n") + kReducers + entry;
}

TEST(SpmdUneven, ElementwiseKeepsPaddedShards) {
  const std::string text = WithReducers(R"(
ENTRY %main (x: f32[10,7], y: f32[10,7]) -> f32[10,7] {
  %x = f32[10,7] parameter(0)
  %y = f32[10,7] parameter(1)
  %e = f32[10,7] exponential(%x)
  ROOT %r = f32[10,7] multiply(%e, %y)
}
)");
  for (const char* shape : kMeshes) {
    Mesh mesh = *Mesh::Parse(shape);
    auto m = Annotated(text, {{"x", S({All(mesh), {}})}, {"y", S({{}, All(mesh)})},
                              {"r", S({All(mesh), {}})}}, mesh);
    auto p = ExpectSame(*m, mesh);
    ASSERT_TRUE(p);
    // x stays split 10 -> ceil(10/k) rows per device instead of being kept whole.
    const int64_t k = mesh.num_devices();
    EXPECT_EQ(p->entry()->parameters()[0]->shape().dim(0), (10 + k - 1) / k);
  }
}

TEST(SpmdUneven, DotEveryDimKind) {
  const std::string text = WithReducers(R"(
ENTRY %main (a: f32[5,7,9], b: f32[5,9,11]) -> f32[5,7,11] {
  %a = f32[5,7,9] parameter(0)
  %b = f32[5,9,11] parameter(1)
  ROOT %d = f32[5,7,11] dot(%a, %b), lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={0}, rhs_contracting_dims={1}
}
)");
  for (const char* shape : kMeshes) {
    Mesh mesh = *Mesh::Parse(shape);
    const auto all = All(mesh);
    // batch, lhs free, rhs free, contracting (the partial sum over padded rows must stay exact).
    std::vector<Specs> cases = {
        {{"a", S({all, {}, {}})}, {"b", S({all, {}, {}})}, {"d", S({all, {}, {}})}},
        {{"a", S({{}, all, {}})}, {"d", S({{}, all, {}})}},
        {{"b", S({{}, {}, all})}, {"d", S({{}, {}, all})}},
        {{"a", S({{}, {}, all})}, {"b", S({{}, all, {}})}, {"d", S({{}, {}, {}})}},
    };
    if (mesh.rank() == 2) {  // two kinds at once: batch over axis 0, contracting over axis 1
      cases.push_back(
          {{"a", S({{0}, {}, {1}})}, {"b", S({{0}, {1}, {}})}, {"d", S({{0}, {}, {}})}});
      cases.push_back({{"a", S({{}, {1}, {0}})}, {"b", S({{}, {0}, {}})}, {"d", S({{}, {1}, {}})}});
    }
    for (const Specs& specs : cases) {
      auto m = Annotated(text, specs, mesh);
      ExpectSame(*m, mesh);
    }
  }
}

TEST(SpmdUneven, ContractingSplitMasksBothOperands) {
  const std::string text = WithReducers(R"(
ENTRY %main (a: f32[6,10], b: f32[10,4]) -> f32[6,4] {
  %a = f32[6,10] parameter(0)
  %b = f32[10,4] parameter(1)
  %ea = f32[6,10] exponential(%a)
  ROOT %d = f32[6,4] dot(%ea, %b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}
)");
  Mesh mesh = *Mesh::Parse("4");
  auto m = Annotated(text, {{"a", S({{}, {0}})}, {"b", S({{0}, {}})}, {"d", S({{}, {}})}}, mesh);
  auto p = ExpectSame(*m, mesh);
  ASSERT_TRUE(p);
  EXPECT_EQ(CountOpcode(*p, Opcode::kSelect), 2);
  EXPECT_EQ(CountOpcode(*p, Opcode::kAllGather), 0);
  EXPECT_EQ(CountOpcode(*p, Opcode::kAllReduce), 1);
}

TEST(SpmdUneven, ReduceAddAndMaxAndSoftmax) {
  const std::string text = WithReducers(R"(
ENTRY %main (x: f32[7,10]) -> (f32[7], f32[7], f32[7,10]) {
  %x = f32[7,10] parameter(0)
  %zero = f32[] constant(0)
  %ninf = f32[] constant(-inf)
  %neg = f32[7,10] negate(%x)
  %sum = f32[7] reduce(%x, %zero), dimensions={1}, to_apply=%add
  %mx = f32[7] reduce(%neg, %ninf), dimensions={1}, to_apply=%max
  %mb = f32[7,10] broadcast(%mx), dimensions={0}
  %sh = f32[7,10] subtract(%neg, %mb)
  %ex = f32[7,10] exponential(%sh)
  %den = f32[7] reduce(%ex, %zero), dimensions={1}, to_apply=%add
  %db = f32[7,10] broadcast(%den), dimensions={0}
  %sm = f32[7,10] divide(%ex, %db)
  ROOT %t = (f32[7], f32[7], f32[7,10]) tuple(%sum, %mx, %sm)
}
)");
  for (const char* shape : kMeshes) {
    Mesh mesh = *Mesh::Parse(shape);
    auto m = Annotated(text, {{"x", S({{}, All(mesh)})}}, mesh);
    auto p = ExpectSame(*m, mesh);
    ASSERT_TRUE(p);
    EXPECT_GE(CountOpcode(*p, Opcode::kSelect), 3) << "each reduce masks its padding";
    // Both dims split: rows over one axis, the reduced dim over the other.
    if (mesh.rank() == 2) {
      auto m2 = Annotated(text, {{"x", S({{0}, {1}})}}, mesh);
      ExpectSame(*m2, mesh);
    }
  }
}

TEST(SpmdUneven, BroadcastTransposeReshape) {
  const std::string text = WithReducers(R"(
ENTRY %main (v: f32[10], x: f32[10,6]) -> (f32[6,10], f32[10,2,3], f32[60]) {
  %v = f32[10] parameter(0)
  %x = f32[10,6] parameter(1)
  %b = f32[10,6] broadcast(%v), dimensions={0}
  %s = f32[10,6] add(%b, %x)
  %t = f32[6,10] transpose(%s), dimensions={1,0}
  %r = f32[10,2,3] reshape(%s)
  %f = f32[60] reshape(%s)
  ROOT %o = (f32[6,10], f32[10,2,3], f32[60]) tuple(%t, %r, %f)
}
)");
  for (const char* shape : kMeshes) {
    Mesh mesh = *Mesh::Parse(shape);
    auto m = Annotated(text, {{"v", S({All(mesh)})}, {"x", S({All(mesh), {}})},
                              {"b", S({All(mesh), {}})}}, mesh);
    auto p = ExpectSame(*m, mesh);
    ASSERT_TRUE(p);
  }
}

TEST(SpmdUneven, ReshapeOntoSameSizeDimStaysSplitOtherwiseWhole) {
  const std::string text = WithReducers(R"(
ENTRY %main (x: f32[10,6]) -> (f32[10,2,3], f32[60]) {
  %x = f32[10,6] parameter(0)
  %r = f32[10,2,3] reshape(%x)
  %f = f32[60] reshape(%x)
  ROOT %o = (f32[10,2,3], f32[60]) tuple(%r, %f)
}
)");
  Mesh mesh = *Mesh::Parse("4");
  auto m = Annotated(text, {{"x", S({{0}, {}})}}, mesh);
  auto p = ExpectSame(*m, mesh);
  ASSERT_TRUE(p);
  // %r keeps the padded row split (3 rows per device); %f is the documented fallback: x made
  // whole (one all-gather, padding trimmed) before the flattening reshape.
  const Instruction* root = p->entry()->root();
  EXPECT_EQ(root->operand(0)->shape().dims(), (std::vector<int64_t>{3, 2, 3}));
  EXPECT_EQ(root->operand(1)->shape().dims(), (std::vector<int64_t>{60}));
  EXPECT_EQ(CountOpcode(*p, Opcode::kAllGather), 1);  // the fallback only
}

TEST(SpmdUneven, ConcatenateSliceGather) {
  const std::string text = WithReducers(R"(
ENTRY %main (x: f32[10,3], y: f32[10,5], table: f32[10,4], ids: s32[6]) -> (f32[10,8], f32[10,3], f32[4,3], f32[6,4]) {
  %x = f32[10,3] parameter(0)
  %y = f32[10,5] parameter(1)
  %table = f32[10,4] parameter(2)
  %ids = s32[6] parameter(3)
  %c = f32[10,8] concatenate(%x, %y), dimensions={1}
  %s = f32[10,3] slice(%c), slice={[0:10], [2:5]}
  %rows = f32[4,3] slice(%x), slice={[3:7], [0:3]}
  %g = f32[6,4] gather(%table, %ids), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=1, slice_sizes={1,4}
  ROOT %o = (f32[10,8], f32[10,3], f32[4,3], f32[6,4]) tuple(%c, %s, %rows, %g)
}
)");
  for (const char* shape : kMeshes) {
    Mesh mesh = *Mesh::Parse(shape);
    const auto all = All(mesh);
    auto m = Annotated(text, {{"x", S({all, {}})}, {"y", S({all, {}})}, {"table", S({all, {}})},
                              {"ids", S({{}})}, {"c", S({all, {}})}}, mesh);
    // Random s32 ids may fall outside the table: keep them in [0, 10) for a meaningful gather.
    auto p = PartitionModule(*m, mesh);
    ASSERT_TRUE(p.ok()) << p.status().ToString();
    std::vector<Literal> args = RandomArguments(*m->entry(), 3);
    args[3] = Literal::FromVector<int32_t>({6}, {9, 0, 3, 7, 2, 9});
    Interpreter single(*m);
    auto want = single.Run(args);
    ASSERT_TRUE(want.ok()) << want.status().ToString();
    auto got = RunPartitioned(**p, mesh, args, m->entry()->root()->shape());
    ASSERT_TRUE(got.ok()) << got.status().ToString();
    EXPECT_LE(MaxRelativeDifference(*got, *want), 1e-5) << shape << "\n" << PrintModule(**p);
  }
}

TEST(SpmdUneven, ShardOfPadsAndAssembleTrims) {
  Mesh mesh = *Mesh::Parse("4");
  std::vector<float> values(10 * 3);
  for (size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(i + 1);
  Literal full = Literal::FromVector<float>({10, 3}, values);
  ShardingSpec spec = S({{0}, {}});
  std::vector<Literal> shards;
  for (int64_t d = 0; d < 4; ++d) shards.push_back(ShardOf(full, spec, mesh, d));
  EXPECT_EQ(shards[3].shape().dims(), (std::vector<int64_t>{3, 3}));
  EXPECT_EQ(shards[3].GetAsDouble(0), 28);  // row 9
  EXPECT_EQ(shards[3].GetAsDouble(3), 0);   // padding
  EXPECT_EQ(shards[2].GetAsDouble(0), 19);  // row 6
  auto back = Assemble(shards, spec, mesh, full.shape());
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(MaxRelativeDifference(*back, full), 0);
  // Two dims split, one of them with an empty last shard (3 split 4 ways -> 1,1,1,0).
  Mesh mesh2 = *Mesh::Parse("2x4");
  ShardingSpec spec2 = S({{0}, {1}});
  std::vector<Literal> shards2;
  for (int64_t d = 0; d < 8; ++d) shards2.push_back(ShardOf(full, spec2, mesh2, d));
  auto back2 = Assemble(shards2, spec2, mesh2, full.shape());
  ASSERT_TRUE(back2.ok()) << back2.status().ToString();
  EXPECT_EQ(MaxRelativeDifference(*back2, full), 0);
}

TEST(SpmdUneven, OptionOffKeepsUnevenDimsWhole) {
  const std::string text = WithReducers(R"(
ENTRY %main (x: f32[10,6], w: f32[6,5]) -> f32[10,5] {
  %x = f32[10,6] parameter(0)
  %w = f32[6,5] parameter(1)
  ROOT %d = f32[10,5] dot(%x, %w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}
)");
  Mesh mesh = *Mesh::Parse("4");
  auto m = Annotated(text, {{"x", S({{0}, {}})}, {"w", S({{}, {0}})}}, mesh);
  PartitionOptions even_only;
  even_only.uneven = false;
  auto p = ExpectSame(*m, mesh, even_only);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->entry()->parameters()[0]->shape().dims(), (std::vector<int64_t>{10, 6}));
  EXPECT_EQ(CountOpcode(*p, Opcode::kSelect), 0);
  auto q = ExpectSame(*m, mesh);
  ASSERT_TRUE(q);
  EXPECT_EQ(q->entry()->parameters()[0]->shape().dims(), (std::vector<int64_t>{3, 6}));
  EXPECT_EQ(q->entry()->parameters()[1]->shape().dims(), (std::vector<int64_t>{6, 2}));
}

}  // namespace
}  // namespace xpar::testing
