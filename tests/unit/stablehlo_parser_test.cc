// StableHLO/MHLO frontend: the IR it builds for the main constructs, literal forms, and the
// error kinds of unsupported input (graph shapes are covered by the lit and conformance tests).
#include <gtest/gtest.h>

#include <cmath>

#include "frontends/stablehlo/stablehlo_parser.h"
#include "ir/verifier.h"

namespace xpar {
namespace {

std::unique_ptr<Module> Parse(const std::string& text) {
  auto m = ParseStableHlo(text, "t.mlir");
  EXPECT_TRUE(m.ok()) << m.status().message();
  if (!m.ok()) return nullptr;
  Status v = VerifyModule(**m);
  EXPECT_TRUE(v.ok()) << v.message();
  return std::move(m).value();
}

const Literal& ConstantOf(const Module& m) {
  for (const auto& inst : m.entry()->instructions()) {
    if (inst->opcode() == Opcode::kConstant) return *inst->attrs().literal;
  }
  static const Literal kNone;
  ADD_FAILURE() << "no constant";
  return kNone;
}

TEST(StableHloParser, EntryIsPublicMainAndCalleesComeFirst) {
  auto m = Parse(R"(
    func.func private @f(%x: tensor<2xf32>) -> tensor<2xf32> {
      %0 = stablehlo.negate %x : tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }
    func.func @main(%x: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
      %0 = func.call @f(%x) : (tensor<2xf32>) -> tensor<2xf32>
      func.return %0, %x : tensor<2xf32>, tensor<2xf32>
    })");
  ASSERT_TRUE(m);
  EXPECT_EQ(m->entry()->name(), "main");
  EXPECT_EQ(m->computations().front()->name(), "f");
  EXPECT_EQ(m->entry()->root()->opcode(), Opcode::kTuple);
  EXPECT_EQ(m->entry()->parameter_count(), 1);
}

TEST(StableHloParser, GenericMhloWithMultipleResults) {
  auto m = Parse(R"(
    "builtin.module"() ({
      "func.func"() ({
      ^bb0(%arg0: tensor<4xf32>):
        %0:2 = "mhlo.custom_call"(%arg0) {backend_config = "", byteir_attrs = {axis = [0], epsilon = 1.0E-5 : f64, approximate = "erf"}, call_target_name = "byteir.demo", has_side_effect = false} : (tensor<4xf32>) -> (tensor<4xf32>, tensor<f32>)
        "func.return"(%0#1) : (tensor<f32>) -> ()
      }) {function_type = (tensor<4xf32>) -> tensor<f32>, sym_name = "main"} : () -> ()
    }) : () -> ()
  )");
  ASSERT_TRUE(m);
  const Instruction* root = m->entry()->root();
  ASSERT_EQ(root->opcode(), Opcode::kGetTupleElement);
  EXPECT_EQ(root->attrs().tuple_index, 1);
  const Instruction* cc = root->operand(0);
  EXPECT_EQ(cc->attrs().custom_call_target, "byteir.demo");
  std::vector<std::pair<std::string, std::string>> want = {
      {"axis", "[0]"}, {"epsilon", "1.0000000000000001e-05"}, {"approximate", "erf"}};
  EXPECT_EQ(cc->frontend_attributes(), want);
}

TEST(StableHloParser, IfBranchesReceiveTheOuterValuesTheyUse) {
  auto m = Parse(R"(
    func.func @main(%p: tensor<i1>, %a: tensor<2xi64>) -> tensor<2xi64> {
      %r = "stablehlo.if"(%p) ({
        stablehlo.return %a : tensor<2xi64>
      }, {
        %n = stablehlo.negate %a : tensor<2xi64>
        stablehlo.return %n : tensor<2xi64>
      }) : (tensor<i1>) -> tensor<2xi64>
      func.return %r : tensor<2xi64>
    })");
  ASSERT_TRUE(m);
  const Instruction* cond = m->entry()->root();
  ASSERT_EQ(cond->opcode(), Opcode::kConditional);
  ASSERT_EQ(cond->operand_count(), 3);
  EXPECT_EQ(cond->operand(1)->opcode(), Opcode::kTuple);
  EXPECT_EQ(cond->operand(1)->operand(0)->opcode(), Opcode::kParameter);
}

TEST(StableHloParser, DenseForms) {
  auto splat = Parse("func.func @main() -> tensor<2x2xi8> {\n"
                     "  %0 = stablehlo.constant dense<-3> : tensor<2x2xi8>\n"
                     "  func.return %0 : tensor<2x2xi8>\n}");
  ASSERT_TRUE(splat);
  EXPECT_EQ(ConstantOf(*splat).GetAsInt64(3), -3);
  auto hex = Parse("func.func @main() -> tensor<2xf32> {\n"
                   "  %0 = stablehlo.constant dense<[0x7F800000, 0xFFC00000]> : tensor<2xf32>\n"
                   "  func.return %0 : tensor<2xf32>\n}");
  ASSERT_TRUE(hex);
  EXPECT_TRUE(std::isinf(ConstantOf(*hex).GetAsDouble(0)));
  EXPECT_TRUE(std::isnan(ConstantOf(*hex).GetAsDouble(1)));
  auto blob = Parse("func.func @main() -> tensor<2xui16> {\n"
                    "  %0 = stablehlo.constant dense<\"0x01000200\"> : tensor<2xui16>\n"
                    "  func.return %0 : tensor<2xui16>\n}");
  ASSERT_TRUE(blob);
  EXPECT_EQ(ConstantOf(*blob).GetAsInt64(1), 2);
  auto bools = Parse("func.func @main() -> tensor<3xi1> {\n"
                     "  %0 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>\n"
                     "  func.return %0 : tensor<3xi1>\n}");
  ASSERT_TRUE(bools);
  EXPECT_EQ(ConstantOf(*bools).GetAsInt64(2), 1);
}

TEST(StableHloParser, UnsupportedTypesAreUnimplementedWithALocation) {
  for (const char* type : {"tensor<2xi4>", "tensor<2xcomplex<f32>>", "tensor<?xf32>"}) {
    std::string text = fmt::format("func.func @main(%x: {}) -> {} {{\n  func.return %x : {}\n}}",
                                   type, type, type);
    auto m = ParseStableHlo(text, "t.mlir");
    ASSERT_FALSE(m.ok()) << type;
    EXPECT_EQ(m.status().code(), StatusCode::kUnimplemented) << type;
    EXPECT_NE(m.status().message().find("t.mlir:1:"), std::string::npos) << m.status().message();
  }
}

}  // namespace
}  // namespace xpar
