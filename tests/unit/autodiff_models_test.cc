// Autodiff against the hand-written backward of the model generators (src/models): the same
// forward differentiated by autodiff::Differentiate gives the gradients the generators write by
// hand for GPT-2, LLaMA-2, GShard MoE and Wide-ResNet blocks (tiny sizes, f32: the generators
// take f32 or bf16).
#include <gtest/gtest.h>

#include <random>

#include "autodiff/autodiff.h"
#include "models/graph_builder.h"
#include "models/model_config.h"
#include "models/training_step.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

using models::Family;
using models::ModelConfig;

using ForwardBackward = Instruction* (*)(models::GraphBuilder&, const ModelConfig&,
                                         const models::StepValues&, std::vector<Instruction*>*);

ForwardBackward Generator(Family family) {
  switch (family) {
    case Family::kGpt: return models::GptForwardBackward;
    case Family::kLlama: return models::LlamaForwardBackward;
    case Family::kMoe: return models::MoeForwardBackward;
    case Family::kWideResnet: return models::WideResnetForwardBackward;
  }
  return nullptr;
}

// The entry (weights..., data...) -> (loss, hand-written gradients...).
std::unique_ptr<Module> HandWritten(const ModelConfig& c) {
  auto module = std::make_unique<Module>("step");
  auto entry = std::make_unique<Computation>("main");
  models::GraphBuilder b(module.get(), entry.get());
  std::vector<models::WeightSpec> specs = models::ModelWeights(c);
  models::StepValues in;
  int64_t n = static_cast<int64_t>(specs.size());
  for (int64_t i = 0; i < n; ++i) {
    in.weights.push_back(b.Param(i, specs[i].name, {c.dtype, specs[i].dims}));
  }
  if (c.family == Family::kWideResnet) {
    in.images = b.Param(n, "images", Shape(c.dtype, {c.batch, 3, c.resnet.image, c.resnet.image}));
    in.labels = b.Param(n + 1, "labels", Shape(PrimitiveType::kS32, {c.batch}));
  } else {
    in.ids = b.Param(n, "input_ids", Shape(PrimitiveType::kS32, {c.batch, c.seq}));
    in.labels = b.Param(n + 1, "labels", Shape(PrimitiveType::kS32, {c.batch, c.seq}));
  }
  std::vector<Instruction*> grads(n, nullptr);
  Instruction* loss = Generator(c.family)(b, c, in, &grads);
  std::vector<Instruction*> outs = {loss};
  outs.insert(outs.end(), grads.begin(), grads.end());
  entry->set_root(b.Tuple(outs));
  EXPECT_TRUE(b.status().ok()) << b.status().ToString();
  module->set_entry(module->AddComputation(std::move(entry)));
  return module;
}

std::vector<Literal> Arguments(const Computation& entry, int64_t classes) {
  std::mt19937_64 gen(7);
  std::normal_distribution<double> normal(0.0, 0.3);
  std::vector<Literal> args;
  for (const Instruction* p : entry.parameters()) {
    Literal l(p->shape());
    for (int64_t i = 0; i < l.ElementCount(); ++i) {
      bool integer = p->shape().type() == PrimitiveType::kS32;
      l.SetFromDouble(i, integer ? static_cast<double>(gen() % classes) : normal(gen));
    }
    args.push_back(std::move(l));
  }
  return args;
}

void ExpectSameGradients(const ModelConfig& c, int64_t classes) {
  ASSERT_TRUE(models::ValidateConfig(c).ok()) << models::ValidateConfig(c).ToString();
  std::unique_ptr<Module> hand = HandWritten(c);
  autodiff::GradientRequest request;
  request.loss_index = 0;
  for (size_t i = 0; i < models::ModelWeights(c).size(); ++i) request.wrt.push_back(i);
  auto grad = autodiff::Differentiate(*hand, request);
  ASSERT_TRUE(grad.ok()) << grad.status().ToString();
  std::vector<Literal> args = Arguments(*hand->entry(), classes);
  auto want = Interpreter(*hand).Run(args);
  auto got = Interpreter(**grad).Run(args);
  ASSERT_TRUE(want.ok() && got.ok()) << want.status().ToString() << got.status().ToString();
  ASSERT_EQ(want->elements().size(), got->elements().size());
  std::vector<models::WeightSpec> specs = models::ModelWeights(c);
  auto max_abs = [](const Literal& l) {
    double m = 0;
    for (int64_t i = 0; i < l.ElementCount(); ++i) m = std::max(m, std::abs(l.GetAsDouble(i)));
    return m;
  };
  // Gradients that are zero in exact arithmetic (a bias feeding a batch norm) are rounding noise
  // in both programs: they are judged against a thousandth of the largest gradient.
  double floor = 0;
  for (size_t k = 1; k < want->elements().size(); ++k) {
    floor = std::max(floor, 1e-3 * max_abs(want->elements()[k]));
  }
  for (size_t k = 0; k < want->elements().size(); ++k) {
    const Literal &w = want->elements()[k], &g = got->elements()[k];
    double err = 0;
    for (int64_t i = 0; i < w.ElementCount(); ++i) {
      err = std::max(err, std::abs(w.GetAsDouble(i) - g.GetAsDouble(i)));
    }
    EXPECT_LE(err, 1e-4 * std::max(max_abs(w), floor))
        << (k == 0 ? std::string("loss") : specs[k - 1].name) << ": max |hand - autodiff| "
        << err << ", max |hand| " << max_abs(w);
  }
}

ModelConfig Transformer(Family family) {
  ModelConfig c;
  c.family = family;
  c.batch = 2, c.seq = 4, c.hidden = 8, c.layers = 2, c.heads = 2, c.kv_heads = 2;
  c.ffn = 16, c.vocab = 11;
  c.dtype = PrimitiveType::kF32;
  if (family == Family::kLlama) c.kv_heads = 1;
  if (family == Family::kMoe) c.experts = 4, c.expert_group = 4;
  return c;
}

TEST(AutodiffModels, GptMatchesHandWrittenBackward) {
  ExpectSameGradients(Transformer(Family::kGpt), 11);
}

TEST(AutodiffModels, LlamaMatchesHandWrittenBackward) {
  ExpectSameGradients(Transformer(Family::kLlama), 11);
}

TEST(AutodiffModels, MoeMatchesHandWrittenBackward) {
  ExpectSameGradients(Transformer(Family::kMoe), 11);
}

TEST(AutodiffModels, WideResnetMatchesHandWrittenBackward) {
  ModelConfig c;
  c.family = Family::kWideResnet;
  c.batch = 2;
  c.resnet = {8, 4, 1, 5, {1, 1}, 1e-5};
  c.dtype = PrimitiveType::kF32;
  ExpectSameGradients(c, 5);
}

}  // namespace
}  // namespace xpar
