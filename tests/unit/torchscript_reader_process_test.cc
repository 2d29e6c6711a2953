// The TorchScript reader in its own process (ts_plugin.cc) and the bytes it sends back
// (ts_graph_wire.h): every field survives the trip, a cut stream is an error, and a reader that
// crashes is a located error, not the end of xpar.
#include <gtest/gtest.h>

#include <cstdlib>

#include "frontends/torchscript/ts_graph.h"
#include "frontends/torchscript/ts_graph_wire.h"

namespace xpar::ts {
namespace {

Graph EveryKindOfField() {
  Graph g;
  g.module_name = "Mlp";
  g.inputs_json = R"({"x": "f32[2,4]"})";
  g.inputs = {{"x", "Tensor", Shape(PrimitiveType::kF32, {2, 4})}, {"n", "int", std::nullopt}};
  g.input_values = {1, 2};
  std::vector<ConstantValue> constants = {NoneValue{}, true, int64_t{-7}, 2.5, std::string("cpu"),
                                          std::vector<int64_t>{1, -2, 3},
                                          std::vector<double>{0.5, -1.5},
                                          Literal::FromVector<float>({2}, {1.f, -3.f})};
  int64_t id = 3;
  for (ConstantValue& c : constants) {
    Node n;
    n.kind = "prim::Constant";
    n.outputs = {id++};
    n.location = "model.py:12";
    n.scope = "fc1";
    n.constant = std::move(c);
    g.nodes.push_back(std::move(n));
  }
  Node attr;
  attr.kind = "prim::GetAttr";
  attr.inputs = {0};
  attr.outputs = {id++};
  attr.attr_name = "fc1.weight";
  attr.is_parameter = true;
  g.nodes.push_back(attr);
  g.outputs = {id - 1};
  g.num_values = id;
  g.parameters = {{"fc1.weight", Literal::FromVector<int64_t>({3}, {4, 5, 6})}};
  g.buffers = {{"scale", Literal::FromVector<double>({}, {0.25})}, {"unset", Literal()}};
  return g;
}

std::string Text(const Literal& l) {
  if (l.raw() == nullptr) return "none";
  return fmt::format("{}[{}] {}", static_cast<int>(l.type()), fmt::join(l.shape().dims(), ","),
                     std::string(reinterpret_cast<const char*>(l.raw()), l.size_bytes()));
}

TEST(TorchScriptWire, EveryFieldSurvivesTheTrip) {
  const Graph g = EveryKindOfField();
  Expected<Graph> back = DecodeGraph(EncodeGraph(g));
  ASSERT_TRUE(back.ok()) << back.status().ToString();
  EXPECT_EQ(back->module_name, g.module_name);
  EXPECT_EQ(back->inputs_json, g.inputs_json);
  ASSERT_EQ(back->inputs.size(), 2u);
  EXPECT_EQ(back->inputs[0].name, "x");
  EXPECT_EQ(back->inputs[0].type, "Tensor");
  EXPECT_EQ(back->inputs[0].shape->ToString(), g.inputs[0].shape->ToString());
  EXPECT_FALSE(back->inputs[1].shape.has_value());
  EXPECT_EQ(back->input_values, g.input_values);
  ASSERT_EQ(back->nodes.size(), g.nodes.size());
  for (size_t i = 0; i < g.nodes.size(); ++i) {
    const Node &a = g.nodes[i], &b = back->nodes[i];
    EXPECT_EQ(b.kind, a.kind);
    EXPECT_EQ(b.inputs, a.inputs);
    EXPECT_EQ(b.outputs, a.outputs);
    EXPECT_EQ(b.location, a.location);
    EXPECT_EQ(b.scope, a.scope);
    EXPECT_EQ(b.attr_name, a.attr_name);
    EXPECT_EQ(b.is_parameter, a.is_parameter);
    ASSERT_EQ(b.constant.has_value(), a.constant.has_value());
    if (!a.constant) continue;
    ASSERT_EQ(b.constant->index(), a.constant->index()) << i;
    if (const auto* lit = std::get_if<Literal>(&*a.constant)) {
      EXPECT_EQ(Text(std::get<Literal>(*b.constant)), Text(*lit));
    } else {
      EXPECT_TRUE(*b.constant == *a.constant) << i;
    }
  }
  EXPECT_EQ(back->outputs, g.outputs);
  EXPECT_EQ(back->num_values, g.num_values);
  ASSERT_EQ(back->parameters.size(), 1u);
  EXPECT_EQ(back->parameters[0].name, "fc1.weight");
  EXPECT_EQ(Text(back->parameters[0].value), Text(g.parameters[0].value));
  ASSERT_EQ(back->buffers.size(), 2u);
  EXPECT_EQ(Text(back->buffers[0].value), Text(g.buffers[0].value));
  EXPECT_EQ(Text(back->buffers[1].value), "none");
}

TEST(TorchScriptWire, AnErrorSurvivesTheTrip) {
  Expected<Graph> back = DecodeGraph(EncodeGraph(InvalidArgument("'m.pt': damaged")));
  ASSERT_FALSE(back.ok());
  EXPECT_EQ(back.status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(back.status().message(), "'m.pt': damaged");
}

TEST(TorchScriptWire, ACutOrGarbledStreamIsAnError) {
  const std::string bytes = EncodeGraph(EveryKindOfField());
  for (size_t cut : {size_t{0}, size_t{3}, bytes.size() / 2, bytes.size() - 1}) {
    Expected<Graph> back = DecodeGraph(std::string_view(bytes).substr(0, cut));
    ASSERT_FALSE(back.ok()) << cut;
    EXPECT_NE(back.status().message().find("unreadable result"), std::string::npos);
  }
  EXPECT_FALSE(DecodeGraph(bytes + "x").ok());
}

TEST(TorchScriptReaderProcess, ACrashingReaderIsAnErrorNamingTheFile) {
  setenv("XPAR_TORCH_PLUGIN", XPAR_CRASHING_TORCH_PLUGIN, 1);
  Expected<Graph> g = LoadGraph("/some/model.pt");
  unsetenv("XPAR_TORCH_PLUGIN");
  ASSERT_FALSE(g.ok());
  EXPECT_EQ(g.status().code(), StatusCode::kInvalidArgument);
  EXPECT_NE(g.status().message().find("'/some/model.pt': libtorch crashed reading the "
                                      "TorchScript file (the child process died by signal 11"),
            std::string::npos)
      << g.status().message();
}

}  // namespace
}  // namespace xpar::ts
