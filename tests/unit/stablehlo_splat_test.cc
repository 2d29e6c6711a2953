// Splat constants in the StableHLO frontend: above StableHloParseOptions::max_expanded_splat
// elements they are a scalar constant and a broadcast; the outputs are bit-identical to the
// expanded constants' (every form of splat and every place the frontend makes one).
#include <gtest/gtest.h>

#include <cstring>
#include <limits>

#include "frontends/stablehlo/stablehlo_parser.h"
#include "ir/verifier.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

std::unique_ptr<Module> Parse(const std::string& text, int64_t max_expanded_splat) {
  auto m = ParseStableHlo(text, "t.mlir", StableHloParseOptions{max_expanded_splat});
  EXPECT_TRUE(m.ok()) << m.status().message();
  if (!m.ok()) return nullptr;
  Status v = VerifyModule(**m);
  EXPECT_TRUE(v.ok()) << v.message();
  return std::move(m).value();
}

int64_t Count(const Module& m, Opcode opcode) {
  int64_t n = 0;
  for (const auto& c : m.computations()) {
    for (const auto& inst : c->instructions()) n += inst->opcode() == opcode;
  }
  return n;
}

int64_t ConstantBytes(const Module& m) {
  int64_t n = 0;
  for (const auto& c : m.computations()) {
    for (const auto& inst : c->instructions()) {
      if (inst->opcode() == Opcode::kConstant) n += inst->attrs().literal->size_bytes();
    }
  }
  return n;
}

// Every splat form: decimal, hex bit pattern (-inf), "0x..." blob, bool, negative and unsigned
// integers, bf16/f16/f64; the generic mhlo form, arith.constant, chlo.constant_like, the
// constants of a CHLO decomposition (sinh), and a splat read as a dynamic op's shape operand.
constexpr const char* kSplats = R"(
func.func @main(%x: tensor<2x4xf32>, %v: tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>,
    tensor<2x4xbf16>, tensor<2x4xf16>, tensor<2x4xf64>, tensor<2x4xi1>, tensor<2x4xi32>,
    tensor<2x4xui8>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x4xf32>) {
  %c0 = stablehlo.constant dense<2.5> : tensor<2x4xf32>
  %c1 = "mhlo.constant"() {value = dense<0xFF800000> : tensor<2x4xf32>} : () -> tensor<2x4xf32>
  %c2 = stablehlo.constant dense<-1.2e+01> : tensor<2x4xbf16>
  %c3 = stablehlo.constant dense<"0x003C"> : tensor<2x4xf16>
  %c4 = stablehlo.constant dense<0.1> : tensor<2x4xf64>
  %c5 = stablehlo.constant dense<true> : tensor<2x4xi1>
  %c6 = stablehlo.constant dense<-7> : tensor<2x4xi32>
  %c7 = stablehlo.constant dense<250> : tensor<2x4xui8>
  %c8 = arith.constant dense<3.0> : tensor<2x4xf32>
  %c9 = "chlo.constant_like"(%x) {value = 4.0 : f32} : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %s = "chlo.sinh"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %shape = stablehlo.constant dense<4> : tensor<2xi64>
  %d = "stablehlo.dynamic_broadcast_in_dim"(%v, %shape) {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2xi64>) -> tensor<4x4xf32>
  %a = stablehlo.add %x, %c0 : tensor<2x4xf32>
  %m = stablehlo.maximum %a, %c1 : tensor<2x4xf32>
  return %a, %m, %c2, %c3, %c4, %c5, %c6, %c7, %c8, %c9, %s, %d : tensor<2x4xf32>,
      tensor<2x4xf32>, tensor<2x4xbf16>, tensor<2x4xf16>, tensor<2x4xf64>, tensor<2x4xi1>,
      tensor<2x4xi32>, tensor<2x4xui8>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>,
      tensor<4x4xf32>
})";

Literal RunOnce(const Module& m) {
  Literal x(Shape(PrimitiveType::kF32, {2, 4}));
  Literal v(Shape(PrimitiveType::kF32, {4}));
  for (int64_t i = 0; i < 8; ++i) x.data<float>()[i] = 0.25f * static_cast<float>(i) - 1.0f;
  for (int64_t i = 0; i < 4; ++i) v.data<float>()[i] = static_cast<float>(i) + 0.5f;
  Interpreter interp(m);
  auto r = interp.Run(std::vector<Literal>{x, v});
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? std::move(r).value() : Literal();
}

TEST(StableHloSplat, BroadcastsGiveTheExpandedConstantsOutputsBitForBit) {
  auto expanded = Parse(kSplats, std::numeric_limits<int64_t>::max());
  auto kept = Parse(kSplats, 0);
  ASSERT_TRUE(expanded && kept);
  EXPECT_EQ(Count(*expanded, Opcode::kBroadcast), 1);  // the dynamic_broadcast_in_dim only
  EXPECT_GE(Count(*kept, Opcode::kBroadcast), 12);
  EXPECT_LT(ConstantBytes(*kept), ConstantBytes(*expanded));
  Literal a = RunOnce(*expanded), b = RunOnce(*kept);
  ASSERT_EQ(a.elements().size(), 12u);
  ASSERT_EQ(b.elements().size(), 12u);
  for (size_t i = 0; i < a.elements().size(); ++i) {
    const Literal& u = a.elements()[i];
    const Literal& w = b.elements()[i];
    ASSERT_EQ(u.shape(), w.shape()) << "output " << i;
    ASSERT_EQ(u.size_bytes(), w.size_bytes()) << "output " << i;
    EXPECT_EQ(std::memcmp(u.raw(), w.raw(), u.size_bytes()), 0) << "output " << i;
  }
  EXPECT_EQ(a.elements()[1].data<float>()[0], -1.0f + 2.5f);
  EXPECT_EQ(b.elements()[6].data<int32_t>()[7], -7);
  EXPECT_EQ(b.elements()[7].data<uint8_t>()[3], 250);
}

TEST(StableHloSplat, DefaultKeepsSmallSplatsAndBroadcastsLargeOnes) {
  auto m = Parse(R"(
    func.func @main() -> (tensor<4x256xf32>, tensor<1000000x1000000xf32>) {
      %small = stablehlo.constant dense<1.0> : tensor<4x256xf32>
      %huge = stablehlo.constant dense<0.5> : tensor<1000000x1000000xf32>
      return %small, %huge : tensor<4x256xf32>, tensor<1000000x1000000xf32>
    })", StableHloParseOptions{}.max_expanded_splat);
  ASSERT_TRUE(m);
  const Instruction* root = m->entry()->root();
  EXPECT_EQ(root->operand(0)->opcode(), Opcode::kConstant);
  EXPECT_EQ(root->operand(0)->attrs().literal->ElementCount(), 1024);
  const Instruction* huge = root->operand(1);
  ASSERT_EQ(huge->opcode(), Opcode::kBroadcast);
  EXPECT_EQ(huge->shape().ElementCount(), int64_t{1000000} * 1000000);
  ASSERT_EQ(huge->operand(0)->opcode(), Opcode::kConstant);
  EXPECT_EQ(huge->operand(0)->attrs().literal->data<float>()[0], 0.5f);
  EXPECT_EQ(ConstantBytes(*m), 1024 * 4 + 4);
}

TEST(StableHloSplat, AHugeSplatWhereIntegersAreExpectedIsAnError) {
  auto m = ParseStableHlo(R"(
    func.func @main(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
      %0 = "stablehlo.transpose"(%x) {permutation = dense<0> : tensor<100000000xi64>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
      return %0 : tensor<3x2xf32>
    })", "t.mlir");
  ASSERT_FALSE(m.ok());
  EXPECT_NE(m.status().message().find("a splat of 100000000 elements where a list of values is "
                                      "expected"),
            std::string::npos)
      << m.status().message();
}

TEST(StableHloSplat, ConstantWithOperandsOrRegionsIsALocatedError) {
  for (const char* text : {
           R"(func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.constant"(%x) {value = dense<1.0> : tensor<2xf32>} : (tensor<2xf32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
})",
           R"(func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "stablehlo.constant"() ({
    "stablehlo.return"() : () -> ()
  }) {value = dense<1.0> : tensor<2xf32>} : () -> tensor<2xf32>
  return %0 : tensor<2xf32>
})"}) {
    auto m = ParseStableHlo(text, "t.mlir");
    ASSERT_FALSE(m.ok());
    EXPECT_NE(m.status().message().find(
                  "t.mlir:2:8: error: 'stablehlo.constant' takes no operands or regions"),
              std::string::npos)
        << m.status().message();
  }
}

}  // namespace
}  // namespace xpar
