// The TorchScript lowering on hand-built graphs (no libtorch needed): type promotion, folded
// shape arithmetic, numerics through the interpreter, and the unknown-op diagnostic.
#include <gtest/gtest.h>

#include "frontends/torchscript/lowering.h"
#include "frontends/torchscript/torchscript_importer.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

using ts::ConstantValue;
using ts::Graph;
using ts::Node;

// A graph with one f32[2,3] input (value 0); Add() appends nodes whose outputs are new values.
struct GraphMaker {
  Graph g;
  GraphMaker() {
    g.inputs.push_back({"x", "Tensor", Shape(PrimitiveType::kF32, {2, 3})});
    g.input_values.push_back(0);
    g.num_values = 1;
  }
  int64_t Const(ConstantValue c) {
    Node n;
    n.kind = "prim::Constant";
    n.constant = std::move(c);
    n.outputs.push_back(g.num_values++);
    g.nodes.push_back(std::move(n));
    return g.nodes.back().outputs[0];
  }
  int64_t Op(const std::string& kind, std::vector<int64_t> inputs, std::string loc = "") {
    Node n;
    n.kind = kind;
    n.inputs = std::move(inputs);
    n.location = std::move(loc);
    n.outputs.push_back(g.num_values++);
    g.nodes.push_back(std::move(n));
    return g.nodes.back().outputs[0];
  }
  TorchScriptOptions Options() const { return {{Shape(PrimitiveType::kF32, {2, 3})}}; }
};

TEST(TorchScriptLowering, SoftmaxOfScaledInputMatchesFormula) {
  GraphMaker m;
  // size(x, 1) -> NumToTensor -> mul by 0.5 (folded: 1.5) -> x * 1.5 -> softmax(dim=-1)
  int64_t one = m.Const(int64_t{1});
  int64_t size = m.Op("aten::size", {0, one});
  int64_t t = m.Op("prim::NumToTensor", {size});
  int64_t half = m.Const(0.5);
  int64_t scale = m.Op("aten::mul", {t, half});
  int64_t y = m.Op("aten::mul", {0, scale});
  int64_t minus_one = m.Const(int64_t{-1});
  int64_t none = m.Const(ts::NoneValue{});
  m.g.outputs.push_back(m.Op("aten::softmax", {y, minus_one, none}));
  auto imported = LowerTorchScriptGraph(m.g, m.Options());
  ASSERT_TRUE(imported.ok()) << imported.status().message();
  const Module& module = *imported->module;
  EXPECT_EQ(module.entry()->root()->shape().ToString(false), "f32[2,3]");
  Literal x = Literal::FromVector<float>({2, 3}, {0, 1, 2, 0, 0, 0});
  Interpreter interp(module);
  std::vector<Literal> args = {x};
  auto out = interp.Run(args);
  ASSERT_TRUE(out.ok()) << out.status().message();
  double e0 = 1, e1 = std::exp(1.5), e2 = std::exp(3.0), sum = e0 + e1 + e2;
  EXPECT_NEAR(out->GetAsDouble(0), e0 / sum, 1e-6);
  EXPECT_NEAR(out->GetAsDouble(2), e2 / sum, 1e-6);
  EXPECT_NEAR(out->GetAsDouble(4), 1.0 / 3, 1e-6);
}

TEST(TorchScriptLowering, UnknownOpNamesOpAndLocation) {
  GraphMaker m;
  int64_t one = m.Const(int64_t{1});
  m.g.outputs.push_back(m.Op("aten::cumsum", {0, one}, "model.py:42"));
  auto imported = LowerTorchScriptGraph(m.g, m.Options());
  ASSERT_FALSE(imported.ok());
  EXPECT_EQ(imported.status().code(), StatusCode::kUnimplemented);
  EXPECT_NE(imported.status().message().find("model.py:42: unsupported TorchScript op "
                                             "'aten::cumsum'"),
            std::string::npos)
      << imported.status().message();
}

TEST(TorchScriptLowering, MissingInputShapesAreAnError) {
  GraphMaker m;
  m.g.outputs.push_back(0);
  auto imported = LowerTorchScriptGraph(m.g, {});
  ASSERT_FALSE(imported.ok());
  EXPECT_NE(imported.status().message().find("records no input shapes"), std::string::npos);
  EXPECT_NE(imported.status().message().find("forward(x: Tensor)"), std::string::npos);
}

// relu_(x) then x * 1: the later read of x sees the update.
TEST(TorchScriptLowering, InPlaceOpUpdatesLaterReads) {
  GraphMaker m;
  m.Op("aten::relu_", {0});
  int64_t one = m.Const(int64_t{1});
  m.g.outputs.push_back(m.Op("aten::mul", {0, one}));
  auto imported = LowerTorchScriptGraph(m.g, m.Options());
  ASSERT_TRUE(imported.ok()) << imported.status().message();
  Interpreter interp(*imported->module);
  std::vector<Literal> args = {Literal::FromVector<float>({2, 3}, {-1, 2, -3, 4, -5, 6})};
  auto out = interp.Run(args);
  ASSERT_TRUE(out.ok()) << out.status().message();
  EXPECT_EQ(out->GetAsDouble(0), 0);
  EXPECT_EQ(out->GetAsDouble(1), 2);
  EXPECT_EQ(out->GetAsDouble(2), 0);
}

// v = x.view(6); v.add_(1); return x: the update would have to reach x, which is refused.
TEST(TorchScriptLowering, InPlaceUpdateOfAViewReadLaterIsAnError) {
  GraphMaker m;
  int64_t six = m.Const(std::vector<int64_t>{6});
  int64_t v = m.Op("aten::view", {0, six});
  int64_t one = m.Const(int64_t{1});
  m.Op("aten::add_", {v, one, one}, "model.py:7");
  m.g.outputs.push_back(0);
  auto imported = LowerTorchScriptGraph(m.g, m.Options());
  ASSERT_FALSE(imported.ok());
  EXPECT_NE(imported.status().message().find("model.py:7: aten::add_: updates in place a tensor "
                                             "that shares storage"),
            std::string::npos)
      << imported.status().message();
}

TEST(TorchScriptLowering, ResultTypeFollowsPyTorchPromotion) {
  ts::Value long0d = ts::Value::Known(2, PrimitiveType::kS64);
  ts::Value double0d = ts::Value::Known(0.5, PrimitiveType::kF64);
  ts::Value py_float;
  py_float.kind = ts::Value::Kind::kDouble;
  ts::Value py_int = ts::Value::Int(3);
  // 0-d tensors alone promote among themselves.
  EXPECT_EQ(ts::ResultType({&long0d, &double0d}), PrimitiveType::kF64);
  // A Python float raises an integer 0-d tensor to the default dtype (f32), not f64.
  EXPECT_EQ(ts::ResultType({&long0d, &py_float}), PrimitiveType::kF32);
  EXPECT_EQ(ts::ResultType({&long0d, &py_int}), PrimitiveType::kS64);
}

}  // namespace
}  // namespace xpar
