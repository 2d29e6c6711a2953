// The model generators' API: preset sizes and parameter counts (against the published counts),
// name lookup, validation, the structure of a generated step, and the builder's sticky error.
#include <gtest/gtest.h>

#include "models/graph_builder.h"
#include "models/training_step.h"

namespace xpar::models {
namespace {

ModelConfig Tiny(const std::string& name) {
  ModelConfig c = *FindModel(name);
  c.batch = 2;
  c.seq = 8;
  c.hidden = 32;
  c.layers = 2;
  c.heads = 4;
  c.kv_heads = c.family == Family::kGpt ? 4 : 2;
  c.ffn = 64;
  c.vocab = 64;
  return c;
}

TEST(ModelConfig, Llama2CountsMatchHuggingFace) {
  // LlamaForCausalLM(...).num_parameters() for the Llama-2 checkpoints.
  EXPECT_EQ(ParameterCount(*FindModel("llama2-7b")), 6738415616);
  EXPECT_EQ(ParameterCount(*FindModel("llama2-70b")), 68976648192);
}

TEST(ModelConfig, GptCountsIncludeTheUntiedHead) {
  // GPT-2 small: 124,439,808 with the head tied to wte; untied adds 51200 x 768, and the
  // 51200-token vocabulary of Alpa's suite (GPT-2 has 50257) is what both counts use.
  const ModelConfig c = *FindModel("gpt-125m");
  int64_t per_layer = 12 * 768 * 768 + 13 * 768;
  EXPECT_EQ(ParameterCount(c), 2 * 51200 * 768 + 1024 * 768 + 12 * per_layer + 2 * 768);
}

TEST(ModelConfig, Gpt3Is175BillionAtContext2048) {
  // GPT-3 175B (Brown et al. 2020, table 2.1): 96 layers, d_model 12288, 96 heads of 128,
  // context 2048; vocabulary padded to 51200 and the head untied, as in the GPT suite.
  const ModelConfig c = *FindModel("gpt-175b");
  EXPECT_EQ(c.seq, 2048);
  EXPECT_EQ(c.hidden / c.heads, 128);
  EXPECT_EQ(c.ffn, 4 * 12288);
  const int64_t h = 12288;
  const int64_t per_layer = 12 * h * h + 13 * h;
  EXPECT_EQ(ParameterCount(c), 96 * per_layer + 2 * 51200 * h + 2048 * h + 2 * h);
  EXPECT_NEAR(static_cast<double>(ParameterCount(c)) / 1e9, 175.0, 0.5);
}

TEST(ModelConfig, UnknownNameListsTheModels) {
  Expected<ModelConfig> c = FindModel("gpt-3");
  ASSERT_FALSE(c.ok());
  EXPECT_NE(c.status().message().find("unknown model 'gpt-3'"), std::string::npos);
  EXPECT_NE(c.status().message().find("gpt-125m, gpt-350m"), std::string::npos);
  EXPECT_NE(c.status().message().find("llama2-70b"), std::string::npos);
}

TEST(ModelConfig, ValidationNamesTheProblem) {
  ModelConfig c = Tiny("llama2-7b");
  c.kv_heads = 3;
  EXPECT_NE(ValidateConfig(c).message().find("not a multiple of the 3 kv heads"),
            std::string::npos);
  c = Tiny("gpt-125m");
  c.heads = 5;
  c.kv_heads = 5;
  EXPECT_NE(ValidateConfig(c).message().find("not a multiple of the 5 heads"), std::string::npos);
  c = Tiny("llama2-7b");
  c.heads = 16;  // head size 2 is even; 32 / 16 heads fine, kv 2 divides 16
  EXPECT_TRUE(ValidateConfig(c).ok());
  c.batch = 0;
  EXPECT_NE(ValidateConfig(c).message().find("batch must be positive"), std::string::npos);
}

TEST(TrainingStep, ParametersOutputsAndAliases) {
  for (const char* name : {"gpt-125m", "llama2-70b"}) {
    ModelConfig c = Tiny(name);
    const int64_t n = static_cast<int64_t>(ModelWeights(c).size());
    auto module = GenerateTrainingStep(c, AdamWOptions());
    ASSERT_TRUE(module.ok()) << module.status().message();
    const Computation& entry = *(*module)->entry();
    ASSERT_EQ(entry.parameter_count(), 3 * n + 3);
    EXPECT_EQ(entry.parameters()[3 * n]->name(), "step");
    EXPECT_EQ(entry.parameters()[n]->name(), "m." + entry.parameters()[0]->name());
    ASSERT_EQ(entry.root()->shape().tuple_shapes().size(), static_cast<size_t>(1 + 3 * n));
    EXPECT_TRUE(entry.root()->shape().tuple_shape(0).dims().empty());  // the loss
    const std::vector<IoAlias>& alias = (*module)->input_output_alias();
    ASSERT_EQ(alias.size(), static_cast<size_t>(3 * n));
    for (int64_t i = 0; i < 3 * n; ++i) {
      EXPECT_EQ(alias[i].output_index, std::vector<int64_t>{1 + i});
      EXPECT_EQ(alias[i].parameter_number, i);
      EXPECT_TRUE(entry.root()->shape().tuple_shape(1 + i) == entry.parameters()[i]->shape());
    }
  }
}

TEST(TrainingStep, Bf16KeepsEveryWeightInBf16) {
  ModelConfig c = Tiny("llama2-7b");
  c.dtype = PrimitiveType::kBF16;
  auto module = GenerateTrainingStep(c, AdamWOptions());
  ASSERT_TRUE(module.ok()) << module.status().message();
  EXPECT_EQ((*module)->entry()->parameters()[0]->shape().type(), PrimitiveType::kBF16);
  EXPECT_EQ((*module)->entry()->root()->shape().tuple_shape(0).type(), PrimitiveType::kBF16);
}

TEST(GraphBuilder, KeepsTheFirstShapeError) {
  Module module("m");
  Computation entry("e");
  GraphBuilder b(&module, &entry);
  Instruction* x = b.Param(0, "x", Shape(PrimitiveType::kF32, {2, 3}));
  Instruction* y = b.Param(1, "y", Shape(PrimitiveType::kF32, {3, 2}));
  EXPECT_TRUE(b.status().ok());
  Instruction* bad = b.Add(x, y);
  b.Mul(bad, x);
  ASSERT_FALSE(b.status().ok());
  EXPECT_NE(b.status().message().find("%add.0"), std::string::npos) << b.status().message();
  Instruction* ok = b.Dot(x, y, {}, {1}, {}, {0});
  EXPECT_EQ(ok->shape().dims(), (std::vector<int64_t>{2, 2}));
}

}  // namespace
}  // namespace xpar::models
