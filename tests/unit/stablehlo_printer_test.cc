// StableHLO printer: attribute spellings of the generic form, errors for ops without a StableHLO
// form, and the round trip HLO -> StableHLO -> HLO for one fixture per op family (compared as
// canonical HLO, see stablehlo_printer_compare.h).
#include <gtest/gtest.h>

#include "frontends/hlo/hlo_parser.h"
#include "frontends/stablehlo/stablehlo_parser.h"
#include "frontends/stablehlo/stablehlo_printer.h"
#include "frontends/stablehlo/stablehlo_printer_compare.h"
#include "ir/verifier.h"

namespace xpar {
namespace {

std::string PrintOrDie(const std::string& hlo) {
  auto m = ParseHloModule(hlo, "test.hlo");
  EXPECT_TRUE(m.ok()) << m.status().ToString();
  if (!m.ok()) return "";
  auto text = PrintStableHlo(**m);
  EXPECT_TRUE(text.ok()) << text.status().ToString();
  return text.ok() ? *text : "";
}

// HLO -> StableHLO -> HLO gives the same canonical module.
void ExpectRoundTrip(const std::string& hlo) {
  auto m = ParseHloModule(hlo, "test.hlo");
  ASSERT_TRUE(m.ok()) << m.status().ToString();
  ASSERT_TRUE(VerifyModule(**m).ok());
  auto text = PrintStableHlo(**m);
  ASSERT_TRUE(text.ok()) << text.status().ToString();
  auto back = ParseStableHlo(*text, "printed.mlir");
  ASSERT_TRUE(back.ok()) << back.status().ToString() << "\n" << *text;
  Status v = VerifyModule(**back);
  ASSERT_TRUE(v.ok()) << v.ToString() << "\n" << *text;
  EXPECT_EQ(CanonicalHloForComparison(**m), CanonicalHloForComparison(**back)) << *text;
}

const char* kReduceDot = R"(HloModule m, num_partitions=2
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  p0 = f32[2,3] parameter(0), sharding={devices=[2,1]0,1}
  p1 = f32[3,4] parameter(1)
  d = f32[2,4] dot(p0, p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  c = f32[] constant(0)
  r = f32[2] reduce(p0, c), dimensions={1}, to_apply=add
  cmp = pred[2,4] compare(d, d), direction=LT
  sel = f32[2,4] select(cmp, d, d)
  ROOT t = (f32[2,4], f32[2]) tuple(sel, r)
})";

TEST(StableHloPrinterTest, SpellsAttributesAsTheSpec) {
  std::string t = PrintOrDie(kReduceDot);
  EXPECT_NE(t.find("module @m attributes {mhlo.num_partitions = 2 : i32}"), std::string::npos);
  EXPECT_NE(t.find("func.func public @main(%p0: tensor<2x3xf32> {mhlo.sharding = "
                   "\"{devices=[2,1]0,1}\"}"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("#stablehlo.dot<lhs_contracting_dimensions = [1], "
                   "rhs_contracting_dimensions = [0]>"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("comparison_direction = #stablehlo<comparison_direction LT>"),
            std::string::npos);
  EXPECT_NE(t.find("dimensions = array<i64: 1>"), std::string::npos);
  EXPECT_NE(t.find("\"func.return\"(%sel, %r)"), std::string::npos) << t;
}

TEST(StableHloPrinterTest, DenseLiterals) {
  std::string t = PrintOrDie(R"(HloModule m
ENTRY e {
  a = f32[2,2] constant({{1, 2.5}, {-3, inf}})
  b = s32[3] constant({7, 7, 7})
  c = pred[2] constant({true, false})
  d = bf16[] constant(0.5)
  ROOT t = (f32[2,2], s32[3], pred[2], bf16[]) tuple(a, b, c, d)
})");
  EXPECT_NE(t.find("dense<[[1.0, 2.5], [-3.0, 0x7F800000]]> : tensor<2x2xf32>"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("dense<7> : tensor<3xi32>"), std::string::npos) << t;
  EXPECT_NE(t.find("dense<[true, false]> : tensor<2xi1>"), std::string::npos) << t;
  EXPECT_NE(t.find("dense<0.5> : tensor<bf16>"), std::string::npos) << t;
}

TEST(StableHloPrinterTest, OpsWithoutStableHloFormAreNamedErrors) {
  auto m = ParseHloModule(R"(HloModule m
ENTRY e {
  x = f32[2] parameter(0)
  y = (f32[2], f32[2], u32[]) copy-start(x)
  ROOT d = f32[2] copy-done(y)
})",
                          "t.hlo");
  ASSERT_TRUE(m.ok());
  auto t = PrintStableHlo(**m);
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(t.status().code(), StatusCode::kUnimplemented);
  EXPECT_NE(t.status().message().find("'y'"), std::string::npos) << t.status().message();
  EXPECT_NE(t.status().message().find("copy-start"), std::string::npos) << t.status().message();
}

// Shardings are left out: the parser does not read mhlo.sharding yet.
TEST(StableHloPrinterRoundTrip, ReduceDotCompareSelect) {
  std::string hlo = kReduceDot;
  hlo.erase(hlo.find(", sharding={devices=[2,1]0,1}"), 29);
  ExpectRoundTrip(hlo);
}

TEST(StableHloPrinterRoundTrip, DataMovement) {
  ExpectRoundTrip(R"(HloModule m
ENTRY e {
  x = f32[2,3] parameter(0)
  i = s32[] parameter(1)
  b = f32[4,2,3] broadcast(x), dimensions={1,2}
  t = f32[3,2] transpose(x), dimensions={1,0}
  r = f32[6] reshape(x)
  s = f32[1,2] slice(x), slice={[0:1], [0:3:2]}
  c = f32[4,3] concatenate(x, x), dimensions={0}
  z = f32[] constant(0)
  p = f32[3,8] pad(x, z), padding=0_1x1_2_1
  ds = f32[1,3] dynamic-slice(x, i, i), dynamic_slice_sizes={1,3}
  dus = f32[2,3] dynamic-update-slice(x, ds, i, i)
  rv = f32[2,3] reverse(x), dimensions={0}
  io = s32[4,5] iota(), iota_dimension=1
  cv = s32[2,3] convert(x)
  ROOT tu = (f32[4,2,3], f32[3,2], f32[6], f32[1,2], f32[4,3], f32[3,8], f32[2,3], f32[2,3],
             s32[4,5], s32[2,3]) tuple(b, t, r, s, c, p, dus, rv, io, cv)
})");
}

TEST(StableHloPrinterRoundTrip, GatherScatter) {
  ExpectRoundTrip(R"(HloModule m
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  x = f32[5,3] parameter(0)
  idx = s32[4,1] parameter(1)
  upd = f32[4,3] parameter(2)
  gt = f32[4,3] gather(x, idx), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0},
      index_vector_dim=1, slice_sizes={1,3}
  sc = f32[5,3] scatter(x, idx, upd), update_window_dims={1}, inserted_window_dims={0},
      scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add
  ROOT t = (f32[4,3], f32[5,3]) tuple(gt, sc)
})");
}

TEST(StableHloPrinterRoundTrip, ConvolutionAndWindows) {
  ExpectRoundTrip(R"(HloModule m
max {
  ma = f32[] parameter(0)
  mb = f32[] parameter(1)
  ROOT ms = f32[] maximum(ma, mb)
}
ge {
  ga = f32[] parameter(0)
  gb = f32[] parameter(1)
  ROOT gs = pred[] compare(ga, gb), direction=GE
}
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  x = f32[1,4,4,2] parameter(0)
  k = f32[3,3,2,5] parameter(1)
  c = f32[1,2,2,5] convolution(x, k), window={size=3x3 stride=2x2 pad=1_1x1_1},
      dim_labels=b01f_01io->b01f
  z = f32[] constant(0)
  rw = f32[1,2,2,2] reduce-window(x, z), window={size=1x2x2x1 stride=1x2x2x1}, to_apply=max
  src = f32[1,2,2,2] parameter(2)
  ss = f32[1,4,4,2] select-and-scatter(x, src, z), window={size=1x2x2x1 stride=1x2x2x1},
      select=ge, scatter=add
  ROOT t = (f32[1,2,2,5], f32[1,2,2,2], f32[1,4,4,2]) tuple(c, rw, ss)
})");
}

TEST(StableHloPrinterRoundTrip, MultiResultOpsAndSort) {
  ExpectRoundTrip(R"(HloModule m
lt {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  c = s32[] parameter(2)
  d = s32[] parameter(3)
  ROOT l = pred[] compare(a, b), direction=LT
}
ENTRY e {
  x = f32[2,3,4,5] parameter(0)
  sc = f32[3] parameter(1)
  of = f32[3] parameter(2)
  bn = (f32[2,3,4,5], f32[3], f32[3]) batch-norm-training(x, sc, of), epsilon=0.001,
      feature_index=1
  y = f32[2,3,4,5] get-tuple-element(bn), index=0
  v = f32[3] get-tuple-element(bn), index=2
  k = f32[4] parameter(3)
  i = s32[4] iota(), iota_dimension=0
  s = (f32[4], s32[4]) sort(k, i), dimensions={0}, is_stable=true, to_apply=lt
  si = s32[4] get-tuple-element(s), index=1
  ROOT t = (f32[2,3,4,5], f32[3], s32[4]) tuple(y, v, si)
})");
}

TEST(StableHloPrinterRoundTrip, WhileAndCall) {
  ExpectRoundTrip(R"(HloModule m
cond {
  p = (s32[], f32[2]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  n = s32[] constant(3)
  ROOT l = pred[] compare(i, n), direction=LT
}
body {
  q = (s32[], f32[2]) parameter(0)
  j = s32[] get-tuple-element(q), index=0
  v = f32[2] get-tuple-element(q), index=1
  one = s32[] constant(1)
  i2 = s32[] add(j, one)
  v2 = f32[2] add(v, v)
  ROOT t = (s32[], f32[2]) tuple(i2, v2)
}
double {
  a = f32[2] parameter(0)
  ROOT d = f32[2] add(a, a)
}
ENTRY e {
  x = f32[2] parameter(0)
  z = s32[] constant(0)
  init = (s32[], f32[2]) tuple(z, x)
  w = (s32[], f32[2]) while(init), condition=cond, body=body
  r = f32[2] get-tuple-element(w), index=1
  ROOT c = f32[2] call(r), to_apply=double
})");
}

TEST(StableHloPrinterRoundTrip, CollectivesAndCustomCall) {
  ExpectRoundTrip(R"(HloModule m, num_partitions=4
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  x = f32[4,8] parameter(0)
  ar = f32[4,8] all-reduce(x), replica_groups={{0,1},{2,3}}, to_apply=add
  ag = f32[8,8] all-gather(x), replica_groups={{0,1},{2,3}}, dimensions={0}
  rs = f32[4,4] reduce-scatter(x), replica_groups={{0,1},{2,3}}, dimensions={1}, to_apply=add
  cp = f32[4,8] collective-permute(x), source_target_pairs={{0,1},{1,0}}
  cc = f32[4,8] custom-call(ar), custom_call_target="AwsNeuronGelu",
      api_version=API_VERSION_UNSPECIFIED
  ROOT t = (f32[4,8], f32[8,8], f32[4,4], f32[4,8]) tuple(cc, ag, rs, cp)
})");
}

}  // namespace
}  // namespace xpar
