// Assembles a generated training step: parameters in the order weights, m, v, step, then ids
// and labels (or images and labels);
// the model's loss and gradients; torch.optim.AdamW (decoupled weight decay, bias correction
// with t = step + 1); the output tuple and its input_output_alias.
#include "models/training_step.h"

#include <cctype>

#include "ir/verifier.h"

namespace xpar::models {
namespace {

struct AdamWScalars {
  Instruction* step_size = nullptr;       // lr / (1 - beta1^t)
  Instruction* bias2_sqrt = nullptr;      // sqrt(1 - beta2^t)
};

// The per-step scalars, computed in f32 from the s32 step count as torch does in Python floats.
AdamWScalars BiasCorrection(GraphBuilder& b, const AdamWOptions& o, Instruction* step,
                            PrimitiveType type) {
  const PrimitiveType f32 = PrimitiveType::kF32;
  Instruction* t = b.Convert(b.Add(step, b.Scalar(PrimitiveType::kS32, 1)), f32);
  Instruction* bias1 = b.Sub(b.Scalar(f32, 1), b.Op(Opcode::kPower, {b.Scalar(f32, o.beta1), t}));
  Instruction* bias2 = b.Sub(b.Scalar(f32, 1), b.Op(Opcode::kPower, {b.Scalar(f32, o.beta2), t}));
  return {b.Convert(b.Div(b.Scalar(f32, o.lr), bias1), type),
          b.Convert(b.Unary(Opcode::kSqrt, bias2), type)};
}

struct AdamWResult {
  Instruction *w = nullptr, *m = nullptr, *v = nullptr;
};

// torch.optim.AdamW's single-tensor update of one weight.
AdamWResult AdamWUpdate(GraphBuilder& b, const AdamWOptions& o, const AdamWScalars& s,
                        Instruction* w, Instruction* m, Instruction* v, Instruction* g) {
  const Dims& dims = w->shape().dims();
  AdamWResult r;
  Instruction* decayed = b.MulScalar(w, 1.0 - o.lr * o.weight_decay);
  r.m = b.Add(b.MulScalar(m, o.beta1), b.MulScalar(g, 1.0 - o.beta1));
  r.v = b.Add(b.MulScalar(v, o.beta2), b.MulScalar(b.Mul(g, g), 1.0 - o.beta2));
  Instruction* denom =
      b.AddScalar(b.Div(b.Unary(Opcode::kSqrt, r.v), b.Broadcast(s.bias2_sqrt, dims, {})), o.eps);
  r.w = b.Sub(decayed, b.Mul(b.Broadcast(s.step_size, dims, {}), b.Div(r.m, denom)));
  return r;
}

// Token ids clamped into [0, vocab): out-of-range ids (random inputs, padding) stay defined.
Instruction* ClampIds(GraphBuilder& b, Instruction* ids, int64_t vocab) {
  const Dims& dims = ids->shape().dims();
  return b.Clamp(b.Full(PrimitiveType::kS32, 0, dims), ids,
                 b.Full(PrimitiveType::kS32, static_cast<double>(vocab - 1), dims));
}

// The data parameters after the step count: token ids and labels, or images and class labels.
void AddInputs(GraphBuilder& b, const ModelConfig& c, int64_t first, StepValues* in) {
  if (c.family == Family::kWideResnet) {
    const ResnetConfig& r = c.resnet;
    in->images = b.Param(first, "images", Shape(c.dtype, {c.batch, 3, r.image, r.image}));
    Shape labels(PrimitiveType::kS32, {c.batch});
    in->labels = ClampIds(b, b.Param(first + 1, "labels", labels), r.classes);
    return;
  }
  Shape tokens(PrimitiveType::kS32, {c.batch, c.seq});
  in->ids = ClampIds(b, b.Param(first, "input_ids", tokens), c.vocab);
  in->labels = ClampIds(b, b.Param(first + 1, "labels", tokens), c.vocab);
}

Instruction* ForwardBackward(GraphBuilder& b, const ModelConfig& c, const StepValues& in,
                             std::vector<Instruction*>* grads) {
  switch (c.family) {
    case Family::kGpt: return GptForwardBackward(b, c, in, grads);
    case Family::kLlama: return LlamaForwardBackward(b, c, in, grads);
    case Family::kMoe: return MoeForwardBackward(b, c, in, grads);
    case Family::kWideResnet: return WideResnetForwardBackward(b, c, in, grads);
  }
  return nullptr;
}

std::string ModuleName(const std::string& model) {
  std::string name;
  for (char c : model) name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return name + "_train_step";
}

}  // namespace

Expected<std::unique_ptr<Module>> GenerateTrainingStep(const ModelConfig& config,
                                                       const AdamWOptions& adamw) {
  RETURN_IF_ERROR(ValidateConfig(config));
  auto module = std::make_unique<Module>(ModuleName(config.name));
  auto entry = std::make_unique<Computation>("train_step");
  GraphBuilder b(module.get(), entry.get());
  const std::vector<WeightSpec> specs = ModelWeights(config);
  const int64_t n = static_cast<int64_t>(specs.size());
  const PrimitiveType t = config.dtype;
  std::vector<Instruction*> m(n), v(n);
  StepValues in;
  for (int64_t i = 0; i < n; ++i) in.weights.push_back(b.Param(i, specs[i].name, {t, specs[i].dims}));
  for (int64_t i = 0; i < n; ++i) m[i] = b.Param(n + i, "m." + specs[i].name, {t, specs[i].dims});
  for (int64_t i = 0; i < n; ++i) v[i] = b.Param(2 * n + i, "v." + specs[i].name, {t, specs[i].dims});
  Instruction* step = b.Param(3 * n, "step", Shape::Scalar(PrimitiveType::kS32));
  AddInputs(b, config, 3 * n + 1, &in);

  std::vector<Instruction*> grads(n, nullptr);
  Instruction* loss = ForwardBackward(b, config, in, &grads);
  b.set_scope("adamw");
  AdamWScalars scalars = BiasCorrection(b, adamw, step, t);
  std::vector<Instruction*> outputs(1 + 3 * n, nullptr);
  outputs[0] = loss;
  for (int64_t i = 0; i < n; ++i) {
    if (grads[i] == nullptr) return Internal("{}: no gradient for {}", config.name, specs[i].name);
    AdamWResult r = AdamWUpdate(b, adamw, scalars, in.weights[i], m[i], v[i], grads[i]);
    outputs[1 + i] = r.w;
    outputs[1 + n + i] = r.m;
    outputs[1 + 2 * n + i] = r.v;
  }
  entry->set_root(b.Tuple(outputs));
  RETURN_IF_ERROR(b.status());
  for (int64_t i = 0; i < 3 * n; ++i) {
    module->input_output_alias().push_back(IoAlias{{1 + i}, i, {}, "may-alias"});
  }
  module->set_entry(module->AddComputation(std::move(entry)));
  RETURN_IF_ERROR(VerifyModule(*module));
  return module;
}

}  // namespace xpar::models
