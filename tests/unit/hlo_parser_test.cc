// The HLO text parser fills InstructionAttrs' typed fields for each attribute kind, accepts old
// and new syntax, reports located errors, and the printer writes literals that read back exactly.
#include "frontends/hlo/hlo_parser.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ir/printer.h"

namespace xpar {
namespace {

// Parses `body` as the ENTRY computation's instructions and returns the module.
std::unique_ptr<Module> Parse(const std::string& text) {
  auto m = ParseHloModule(text, "test.hlo");
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  return m.ok() ? std::move(m).value() : nullptr;
}

const Instruction* Find(const Module& m, const std::string& name) {
  for (const auto& c : m.computations()) {
    for (const auto& i : c->instructions()) {
      if (i->name() == name) return i.get();
    }
  }
  return nullptr;
}

std::string ErrorOf(const std::string& text) {
  auto m = ParseHloModule(text, "bad.hlo");
  EXPECT_FALSE(m.ok());
  return m.ok() ? "" : m.status().message();
}

TEST(HloParser, OldSyntaxWithTypedOperandsAndLayouts) {
  auto m = Parse(
      R"(HloModule m, input_output_alias={ {0}: (1, {}, must-alias) }, entry_computation_layout={(f32[2]{0})->f32[2]{0}}

%add (a: f32[], b: f32[]) -> f32[] {
  %a = f32[] parameter(0)
  %b = f32[] parameter(1)
  ROOT %s = f32[] add(f32[] %a, f32[] %b)
}

ENTRY %main (p0: f32[2,3], p1: f32[2]) -> f32[2] {
  %p0 = f32[2,3]{1,0:T(8,128)} parameter(0)
  %p1 = f32[2]{0} parameter(1)
  %c = f32[] constant(0)
  ROOT %r = f32[2]{0} reduce(f32[2,3]{1,0} %p0, f32[] %c), dimensions={1}, to_apply=%add
})");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->name(), "m");
  ASSERT_EQ(m->input_output_alias().size(), 1u);
  EXPECT_EQ(m->input_output_alias()[0].parameter_number, 1);
  EXPECT_EQ(m->input_output_alias()[0].output_index, std::vector<int64_t>{0});
  EXPECT_EQ(m->input_output_alias()[0].kind, "must-alias");
  EXPECT_EQ(m->Attribute("entry_computation_layout"), "{(f32[2]{0})->f32[2]{0}}");
  ASSERT_EQ(m->computations().size(), 2u);
  EXPECT_EQ(m->computations()[0]->name(), "add");  // callees first
  EXPECT_EQ(m->entry()->name(), "main");
  const Instruction* r = Find(*m, "r");
  ASSERT_TRUE(r);
  EXPECT_EQ(m->entry()->root(), r);
  EXPECT_EQ(r->attrs().dimensions, std::vector<int64_t>{1});
  ASSERT_EQ(r->called().size(), 1u);
  EXPECT_EQ(r->called()[0]->name(), "add");
  EXPECT_EQ(Find(*m, "p0")->shape().layout()->suffix, "T(8,128)");
  EXPECT_EQ(m->entry()->parameter_count(), 2);
  EXPECT_GE(r->source_offset(), 0);
  ASSERT_TRUE(m->source());
}

TEST(HloParser, NewSyntaxForwardReferencesAndNoHeader) {
  auto m = Parse(R"(
region_0 {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT m = f32[] maximum(x, y)
}
ENTRY main.3 {
  ROOT out = f32[] reduce(p, c), dimensions={0}, to_apply=region_0  // uses come first
  c = f32[] constant(-inf)
  p = f32[4] parameter(0)
})");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->name(), "main.3");  // no HloModule line: named after the entry
  const Computation* e = m->entry();
  ASSERT_EQ(e->instructions().size(), 3u);
  EXPECT_EQ(e->instructions()[2]->name(), "out");  // topologically reordered
  EXPECT_EQ(e->root()->name(), "out");
  EXPECT_TRUE(std::isinf(Find(*m, "c")->attrs().literal->data<float>()[0]));
}

TEST(HloParser, NoRootMeansLastInstruction) {
  auto m = Parse("ENTRY e {\n  a = f32[] parameter(0)\n  b = f32[] negate(a)\n}\n");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->entry()->root()->name(), "b");
}

TEST(HloParser, DotConvolutionWindow) {
  auto m = Parse(R"(ENTRY e {
  a = f32[2,3,4] parameter(0)
  b = f32[2,4,5] parameter(1)
  d = f32[2,3,5] dot(a, b), lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={0}, rhs_contracting_dims={1}, operand_precision={default,default}
  x = f32[1,8,8,3] parameter(2)
  k = f32[3,3,3,16] parameter(3)
  ROOT c = f32[1,4,4,16] convolution(x, k), window={size=3x3 stride=2x2 pad=1_1x0_1 rhs_dilate=1x2 rhs_reversal=0x1}, dim_labels=b01f_01io->b01f, feature_group_count=1
})");
  ASSERT_TRUE(m);
  const InstructionAttrs& d = Find(*m, "d")->attrs();
  ASSERT_TRUE(d.dot);
  EXPECT_EQ(d.dot->lhs_batch, std::vector<int64_t>{0});
  EXPECT_EQ(d.dot->lhs_contracting, std::vector<int64_t>{2});
  EXPECT_EQ(d.dot->rhs_contracting, std::vector<int64_t>{1});
  ASSERT_EQ(d.passthrough.size(), 1u);
  EXPECT_EQ(d.passthrough[0].first, "operand_precision");
  EXPECT_EQ(d.passthrough[0].second, "{default,default}");
  const InstructionAttrs& c = Find(*m, "c")->attrs();
  ASSERT_TRUE(c.conv);
  EXPECT_EQ(c.conv->input_batch, 0);
  EXPECT_EQ(c.conv->input_feature, 3);
  EXPECT_EQ(c.conv->input_spatial, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(c.conv->kernel_input_feature, 2);
  EXPECT_EQ(c.conv->kernel_output_feature, 3);
  EXPECT_EQ(c.conv->kernel_spatial, (std::vector<int64_t>{0, 1}));
  ASSERT_EQ(c.window.size(), 2u);
  EXPECT_EQ(c.window[0].stride, 2);
  EXPECT_EQ(c.window[1].pad_high, 1);
  EXPECT_EQ(c.window[1].rhs_dilation, 2);
  EXPECT_FALSE(c.window[0].reversal);
  EXPECT_TRUE(c.window[1].reversal);
  std::string printed = PrintInstruction(*Find(*m, "c"));
  EXPECT_NE(
      printed.find("window={size=3x3 stride=2x2 pad=1_1x0_1 rhs_dilate=1x2 rhs_reversal=0x1}"),
      std::string::npos)
      << printed;
  EXPECT_NE(printed.find("dim_labels=b01f_01io->b01f"), std::string::npos) << printed;
}

TEST(HloParser, GatherScatterSlicePad) {
  auto m = Parse(R"(%add { a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b) }
ENTRY e {
  t = f32[10,4] parameter(0)
  i = s32[3,1] parameter(1)
  g = f32[3,4] gather(t, i), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, operand_batching_dims={}, index_vector_dim=1, slice_sizes={1,4}, indices_are_sorted=true
  sc = f32[10,4] scatter(t, i, g), update_window_dims={1}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, unique_indices=true, to_apply=%add
  sl = f32[5,2] slice(t), slice={[0:10:2], [1:3]}
  z = f32[] constant(0)
  ROOT p = f32[13,9] pad(t, z), padding=1_2x0_0_1
})");
  ASSERT_TRUE(m);
  const InstructionAttrs& g = Find(*m, "g")->attrs();
  ASSERT_TRUE(g.gather);
  EXPECT_EQ(g.gather->offset_dims, std::vector<int64_t>{1});
  EXPECT_EQ(g.gather->start_index_map, std::vector<int64_t>{0});
  EXPECT_EQ(g.gather->index_vector_dim, 1);
  EXPECT_EQ(g.gather_slice_sizes, (std::vector<int64_t>{1, 4}));
  EXPECT_TRUE(g.indices_are_sorted);
  const InstructionAttrs& s = Find(*m, "sc")->attrs();
  ASSERT_TRUE(s.scatter);
  EXPECT_EQ(s.scatter->update_window_dims, std::vector<int64_t>{1});
  EXPECT_EQ(s.scatter->scatter_dims_to_operand_dims, std::vector<int64_t>{0});
  EXPECT_TRUE(s.unique_indices);
  const InstructionAttrs& sl = Find(*m, "sl")->attrs();
  ASSERT_EQ(sl.slice.size(), 2u);
  EXPECT_EQ(sl.slice[0], (SliceDim{0, 10, 2}));
  EXPECT_EQ(sl.slice[1], (SliceDim{1, 3, 1}));
  const InstructionAttrs& p = Find(*m, "p")->attrs();
  ASSERT_EQ(p.padding.size(), 2u);
  EXPECT_EQ(p.padding[0], (PadDim{1, 2, 0}));
  EXPECT_EQ(p.padding[1], (PadDim{0, 0, 1}));
  EXPECT_NE(PrintInstruction(*Find(*m, "p")).find("padding=1_2_0x0_0_1"), std::string::npos);
}

TEST(HloParser, ShardingForms) {
  auto m = Parse(R"(ENTRY e {
  a = f32[8,8] parameter(0), sharding={replicated}
  b = f32[8,8] parameter(1), sharding={maximal device=3}
  c = f32[8,8] parameter(2), sharding={devices=[2,1,2]0,2,1,3 last_tile_dim_replicate}
  d = f32[8,8] parameter(3), sharding={devices=[4,2]<=[2,4]T(1,0)}
  t = (f32[8,8], f32[8,8]) tuple(a, b), sharding={{manual}, {devices=[2,2,2]<=[8] last_tile_dims={manual}}}
})");
  ASSERT_TRUE(m);
  EXPECT_EQ(Find(*m, "a")->sharding()->kind, HloSharding::Kind::kReplicated);
  EXPECT_EQ(Find(*m, "b")->sharding()->kind, HloSharding::Kind::kMaximal);
  EXPECT_EQ(Find(*m, "b")->sharding()->device, 3);
  const HloSharding& c = *Find(*m, "c")->sharding();
  EXPECT_EQ(c.kind, HloSharding::Kind::kTiled);
  EXPECT_EQ(c.tile_dims, (std::vector<int64_t>{2, 1, 2}));
  EXPECT_EQ(c.devices, (std::vector<int64_t>{0, 2, 1, 3}));
  EXPECT_TRUE(c.last_tile_dim_replicate);
  const HloSharding& d = *Find(*m, "d")->sharding();
  EXPECT_EQ(d.devices, (std::vector<int64_t>{0, 4, 1, 5, 2, 6, 3, 7}));
  EXPECT_EQ(d.iota_reshape, (std::vector<int64_t>{2, 4}));
  EXPECT_EQ(d.iota_transpose, (std::vector<int64_t>{1, 0}));
  EXPECT_EQ(PrintSharding(d), "{devices=[4,2]<=[2,4]T(1,0)}");
  const HloSharding& t = *Find(*m, "t")->sharding();
  ASSERT_EQ(t.kind, HloSharding::Kind::kTuple);
  ASSERT_EQ(t.tuple.size(), 2u);
  EXPECT_EQ(t.tuple[0].kind, HloSharding::Kind::kManual);
  EXPECT_EQ(t.tuple[1].last_tile_dims, std::vector<std::string>{"manual"});
  EXPECT_EQ(PrintSharding(t), "{{manual}, {devices=[2,2,2]<=[8] last_tile_dims={manual}}}");
  // A sharding whose iota fields no longer match its devices prints the explicit list.
  HloSharding stale = d;
  std::swap(stale.devices[0], stale.devices[1]);
  EXPECT_EQ(PrintSharding(stale), "{devices=[4,2]4,0,1,5,2,6,3,7}");
}

TEST(HloParser, CollectivesAndReplicaGroups) {
  auto m = Parse(R"(%sum { a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b) }
ENTRY e {
  x = f32[8] parameter(0)
  r1 = f32[8] all-reduce(x), channel_id=3, replica_groups={{0,1},{2,3}}, use_global_device_ids=true, to_apply=%sum
  r2 = f32[8] all-reduce(x), replica_groups=[2,2]<=[2,2]T(1,0), to_apply=%sum
  g = f32[16] all-gather(x), replica_groups=[1,4]<=[4], dimensions={0}, constrain_layout=true
  ROOT p = f32[8] collective-permute(x), channel_id=1, source_target_pairs={{0,1},{1,0}}
})");
  ASSERT_TRUE(m);
  const InstructionAttrs& r1 = Find(*m, "r1")->attrs();
  EXPECT_EQ(r1.channel_id, 3);
  EXPECT_TRUE(r1.use_global_device_ids);
  ASSERT_TRUE(r1.replica_groups);
  EXPECT_EQ(r1.replica_groups->groups, (std::vector<std::vector<int64_t>>{{0, 1}, {2, 3}}));
  const InstructionAttrs& r2 = Find(*m, "r2")->attrs();
  EXPECT_EQ(r2.replica_groups->groups, (std::vector<std::vector<int64_t>>{{0, 2}, {1, 3}}));
  EXPECT_EQ(r2.replica_groups->iota_group_dims, (std::vector<int64_t>{2, 2}));
  EXPECT_NE(PrintInstruction(*Find(*m, "r2")).find("replica_groups=[2,2]<=[2,2]T(1,0)"),
            std::string::npos);
  const InstructionAttrs& g = Find(*m, "g")->attrs();
  EXPECT_EQ(g.replica_groups->groups, (std::vector<std::vector<int64_t>>{{0, 1, 2, 3}}));
  EXPECT_EQ(g.dimensions, std::vector<int64_t>{0});
  EXPECT_TRUE(g.constrain_layout);
  const InstructionAttrs& p = Find(*m, "p")->attrs();
  EXPECT_EQ(p.source_target_pairs, (std::vector<std::pair<int64_t, int64_t>>{{0, 1}, {1, 0}}));
}

TEST(HloParser, MiscAttributes) {
  auto m = Parse(R"(%cmp { a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT lt = pred[] compare(a, b), direction=LT, type=TOTALORDER }
%c { a = s32[] parameter(0)
  ROOT t = pred[] constant(true) }
%b { ROOT a = s32[] parameter(0) }
ENTRY e {
  x = f32[4] parameter(0), metadata={op_type="aten__add" op_name="add.1" source_file="m.py" source_line=7 stack_frame_id=2}, frontend_attributes={k="v"}
  s = f32[4] sort(x), dimensions={0}, is_stable=true, to_apply=%cmp
  i = s32[] constant(0)
  w = s32[] while(i), condition=%c, body=%b, backend_config={"known_trip_count":{"n":"2"}}
  cc = f32[4] custom-call(x), custom_call_target="Foo", api_version=API_VERSION_STATUS_RETURNING, custom_call_has_side_effect=true, backend_config="a\"b"
  seed = u64[2] constant({1, 2})
  k = (u64[2], u32[4]) rng-bit-generator(seed), algorithm=rng_philox
  ROOT io = s32[4] iota(), iota_dimension=0
})");
  ASSERT_TRUE(m);
  const Instruction* lt = Find(*m, "lt");
  EXPECT_EQ(lt->attrs().comparison_direction, ComparisonDirection::kLt);
  EXPECT_EQ(lt->attrs().comparison_type, ComparisonType::kTotalOrder);
  const Instruction* x = Find(*m, "x");
  EXPECT_EQ(x->metadata().op_type, "aten__add");
  EXPECT_EQ(x->metadata().source_line, 7);
  ASSERT_EQ(x->metadata().other.size(), 1u);
  EXPECT_EQ(x->metadata().other[0].second, "2");
  EXPECT_EQ(x->frontend_attributes()[0], (std::pair<std::string, std::string>{"k", "v"}));
  EXPECT_TRUE(Find(*m, "s")->attrs().is_stable);
  const Instruction* w = Find(*m, "w");
  ASSERT_EQ(w->called().size(), 2u);
  EXPECT_EQ(w->called()[0]->name(), "c");
  EXPECT_EQ(w->called()[1]->name(), "b");
  EXPECT_EQ(w->attrs().backend_config, R"({"known_trip_count":{"n":"2"}})");
  const InstructionAttrs& cc = Find(*m, "cc")->attrs();
  EXPECT_EQ(cc.custom_call_target, "Foo");
  EXPECT_EQ(cc.api_version, 2);
  EXPECT_EQ(cc.api_version_name, "API_VERSION_STATUS_RETURNING");
  EXPECT_TRUE(cc.has_side_effect);
  EXPECT_EQ(cc.backend_config, "a\"b");
  EXPECT_EQ(Find(*m, "k")->attrs().rng_algorithm, RngAlgorithm::kPhilox);
  EXPECT_EQ(Find(*m, "io")->attrs().iota_dimension, 0);
  // Round trip of all of the above.
  std::string p1 = PrintModule(*m);
  auto m2 = ParseHloModule(p1, "printed");
  ASSERT_TRUE(m2.ok()) << m2.status().ToString() << "\n" << p1;
  EXPECT_EQ(PrintModule(**m2), p1);
}

TEST(HloParser, ConditionalTrueFalseAndBranches) {
  auto m = Parse(R"(%t { ROOT a = f32[] parameter(0) }
%f { a = f32[] parameter(0)
  ROOT n = f32[] negate(a) }
ENTRY e {
  p = pred[] parameter(0)
  x = f32[] parameter(1)
  c1 = f32[] conditional(p, x, x), true_computation=%t, false_computation=%f
  i = s32[] parameter(2)
  ROOT c2 = f32[] conditional(i, x, x), branch_computations={%f, %t}
})");
  ASSERT_TRUE(m);
  const Instruction* c1 = Find(*m, "c1");
  ASSERT_EQ(c1->called().size(), 2u);
  EXPECT_EQ(c1->called()[0]->name(), "t");
  EXPECT_EQ(c1->called()[1]->name(), "f");
  EXPECT_NE(PrintInstruction(*c1).find("true_computation=%t, false_computation=%f"),
            std::string::npos);
  EXPECT_EQ(Find(*m, "c2")->called()[0]->name(), "f");
  EXPECT_NE(PrintInstruction(*Find(*m, "c2")).find("branch_computations={%f, %t}"),
            std::string::npos);
}

TEST(HloParser, Literals) {
  auto m = Parse(R"(ENTRY e {
  a = f32[2,2] constant({ {1, 2.5}, {-inf, nan} })
  b = bf16[3] constant({0.1, 1e-05, -3})
  c = pred[2] constant({true, false})
  d = s64[2] constant({-9223372036854775808, 9223372036854775807})
  u = u64[1] constant({18446744073709551615})
  t = (f32[], s8[2]) constant((1.5, {-128, 127}))
  ROOT z = f32[0] constant({})
})");
  ASSERT_TRUE(m);
  const Literal& a = *Find(*m, "a")->attrs().literal;
  EXPECT_EQ(a.data<float>()[1], 2.5f);
  EXPECT_TRUE(std::isinf(a.data<float>()[2]));
  EXPECT_TRUE(std::isnan(a.data<float>()[3]));
  EXPECT_EQ(PrintLiteral(a), "{ {1, 2.5}, {-inf, nan} }");
  const Literal& b = *Find(*m, "b")->attrs().literal;
  EXPECT_EQ(b.data<bf16>()[0].bits, bf16(0.1f).bits);
  EXPECT_EQ(PrintLiteral(*Find(*m, "c")->attrs().literal), "{true, false}");
  EXPECT_EQ(Find(*m, "d")->attrs().literal->data<int64_t>()[0],
            std::numeric_limits<int64_t>::min());
  EXPECT_EQ(PrintLiteral(*Find(*m, "u")->attrs().literal), "{18446744073709551615}");
  EXPECT_EQ(PrintLiteral(*Find(*m, "t")->attrs().literal), "(1.5, {-128, 127})");
  EXPECT_EQ(PrintLiteral(*Find(*m, "z")->attrs().literal), "{}");
}

TEST(HloParser, FloatLiteralsRoundTripExactly) {
  const float values[] = {0.1f, 1.1920929e-07f, 3.4028235e+38f, 1e-45f, -0.0f, 123456.79f};
  for (float v : values) {
    Literal l = Literal::Scalar(v);
    std::string text = PrintLiteral(l);
    auto m = ParseHloModule("ENTRY e {\n  ROOT c = f32[] constant(" + text + ")\n}\n");
    ASSERT_TRUE(m.ok()) << text;
    float back = (*m)->entry()->root()->attrs().literal->data<float>()[0];
    EXPECT_EQ(std::memcmp(&back, &v, 4), 0) << text;
  }
  Literal d = Literal::Scalar(0.1);
  EXPECT_EQ(PrintLiteral(d), "0.1");
  Literal h = Literal::Scalar(f16(65504.0f));
  EXPECT_EQ(PrintLiteral(h), "65504");
  Literal n = Literal::Scalar(-std::numeric_limits<float>::infinity());
  EXPECT_EQ(PrintLiteral(n), "-inf");
}

TEST(HloParser, ShapeApi) {
  auto s = ParseShape("(f32[2,3]{1,0}, s32[])");
  ASSERT_TRUE(s.ok()) << s.status().ToString();
  EXPECT_TRUE(s->IsTuple());
  EXPECT_EQ(s->ToString(), "(f32[2,3]{1,0}, s32[])");
  EXPECT_FALSE(ParseShape("f32[2").ok());
  EXPECT_FALSE(ParseShape("f32[2] junk").ok());
}

TEST(HloParser, Diagnostics) {
  EXPECT_NE(ErrorOf("ENTRY e {\n  a = f32[] parameter(0)\n  ROOT b = f32[] ad(a, a)\n}\n")
                .find("bad.hlo:3:18: error: unknown opcode 'ad'"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  ROOT b = f32[] negate(q)\n}\n").find("undefined operand '%q'"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT b = f32[2] negate(f32[3] a)\n}\n")
                .find("operand 0 of %b is written as f32[3] but %a is f32[2]"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  a = f32[] parameter(0)\n  a = f32[] parameter(1)\n}\n")
                .find("duplicate instruction name '%a' (first defined on line 2)"),
            std::string::npos);
  EXPECT_NE(
      ErrorOf("ENTRY e {\n  a = f32[] parameter(0), foo=1\n}\n").find("unknown attribute 'foo'"),
      std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  a = f32[] parameter(0), dimensions={0}\n}\n")
                .find("attribute 'dimensions' does not apply to parameter"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  a = f32[] parameter(0)\n  ROOT c = pred[] compare(a, a)\n}\n")
                .find("compare requires attribute 'direction'"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  a = c64[] parameter(0)\n}\n")
                .find("bad.hlo:2:7: error: unsupported element type 'c64'"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  a = f32[<=8] parameter(0)\n}\n").find("dynamic dimensions"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  ROOT a = f32[4] constant({...})\n}\n").find("elided"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  ROOT a = f32[2] constant({1, 2, 3})\n}\n")
                .find("constant has more than 2 elements"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  a = f32[] parameter(0)\n").find("unterminated computation %e"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  ROOT a = f32[] call(), to_apply=%nope\n}\n")
                .find("unknown computation '%nope'"),
            std::string::npos);
  EXPECT_NE(
      ErrorOf("%f {\n  ROOT a = f32[] parameter(0)\n}\n%f {\n  ROOT a = f32[] parameter(0)\n}\n")
          .find("duplicate computation name '%f'"),
      std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  ROOT a = f32[] parameter(0)\n}\n}\n").find("bad.hlo:4:1"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  ROOT a = f32[] negate(b)\n  ROOT b = f32[] negate(a)\n}\n")
                .find("more than one ROOT"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n  a = f32[] negate(b)\n  ROOT b = f32[] negate(a)\n}\n")
                .find("depends on itself"),
            std::string::npos);
  EXPECT_NE(ErrorOf("ENTRY e {\n}\n").find("has no instructions"), std::string::npos);
}

TEST(HloParser, TruncatedInputNeverCrashes) {
  const std::string text = R"(HloModule m, input_output_alias={ {0}: (0, {}, must-alias) }
%add (a: f32[], b: f32[]) -> f32[] {
  %a = f32[] parameter(0)
  %b = f32[] parameter(1)
  ROOT %s = f32[] add(f32[] %a, f32[] %b), metadata={op_type="x" op_name="y"}
}
ENTRY %e (p: f32[2,2]) -> f32[2] {
  %p = f32[2,2]{1,0} parameter(0), sharding={devices=[2,1]<=[2]}
  %c = f32[2,2] constant({ {1, 2}, {3, 4} })
  %m = f32[2,2] multiply(%p, %c), frontend_attributes={a="b"}
  %z = f32[] constant(0)
  ROOT %r = f32[2]{0} reduce(f32[2,2]{1,0} %m, f32[] %z), dimensions={1}, to_apply=%add
}
)";
  ASSERT_TRUE(ParseHloModule(text).ok());
  // A prefix that ends right after %add is a complete module (its only computation is the entry).
  size_t add_end = text.find("}\nENTRY") + 1;
  for (size_t cut = 0; cut < text.size() - 2; ++cut) {
    if (cut == add_end || cut == add_end + 1) continue;
    auto m = ParseHloModule(text.substr(0, cut), "t.hlo");
    EXPECT_FALSE(m.ok()) << "prefix of " << cut << " bytes parsed";
    if (!m.ok()) {
      EXPECT_NE(m.status().message().find("t.hlo:"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace xpar
