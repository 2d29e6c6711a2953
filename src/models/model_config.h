// The configuration of a generated training step: the architecture (GPT-2 or LLaMA-2 style),
// its sizes, the batch, the element type, and the AdamW hyper-parameters.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/primitive_type.h"
#include "support/status.h"

namespace xpar::models {

enum class Family {
  kGpt,    // GPT-2: learned positions, pre-LayerNorm, GELU (tanh) MLP, untied LM head
  kLlama,  // LLaMA-2: RMSNorm, rotary q/k, grouped-query attention, SwiGLU MLP, untied head
};

struct ModelConfig {
  std::string name;
  Family family = Family::kGpt;
  int64_t batch = 1;
  int64_t seq = 0;
  int64_t hidden = 0;
  int64_t layers = 0;
  int64_t heads = 0;
  int64_t kv_heads = 0;  // GPT: = heads
  int64_t ffn = 0;       // MLP inner width (GPT: 4 * hidden)
  int64_t vocab = 0;
  double norm_eps = 1e-5;  // LayerNorm (GPT-2) or RMSNorm (LLaMA-2 checkpoints) epsilon
  double rope_theta = 10000.0;
  PrimitiveType dtype = PrimitiveType::kF32;
};

// torch.optim.AdamW's defaults.
struct AdamWOptions {
  double lr = 1e-3;
  double beta1 = 0.9;
  double beta2 = 0.999;
  double eps = 1e-8;
  double weight_decay = 1e-2;
};

struct WeightSpec {
  std::string name;  // as the HuggingFace module names it ("h.0.attn.c_attn.weight")
  std::vector<int64_t> dims;
};

// The preset models (Alpa's GPT suite, LLaMA-2) with their published sizes and batch 1.
const std::vector<ModelConfig>& ModelPresets();
// The preset named `name`; the error lists every valid name.
Expected<ModelConfig> FindModel(const std::string& name);
// Positive sizes, heads dividing hidden, kv heads dividing heads, an even head size for rotary.
Status ValidateConfig(const ModelConfig& config);
// The weights in parameter order.
std::vector<WeightSpec> ModelWeights(const ModelConfig& config);
int64_t ParameterCount(const ModelConfig& config);

}  // namespace xpar::models
