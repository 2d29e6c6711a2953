// The configuration of a generated training step: the architecture (GPT-2, LLaMA-2, GShard MoE or
// Wide-ResNet), its sizes, the batch, the element type, and the AdamW hyper-parameters.
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
  kMoe,    // GShard MoE: GPT-2 blocks whose every other MLP is top-2 gated experts, tied head
  kWideResnet,  // Wide-ResNet (Alpa's flax model): bottleneck blocks, batch norm, ReLU, pooling
};

// Wide-ResNet sizes (the transformer fields stay 0).
struct ResnetConfig {
  int64_t image = 0;         // square input images [batch, 3, image, image] (NCHW)
  int64_t channels = 0;      // stem width; stage i bottlenecks have channels * 2^i filters
  int64_t width_factor = 0;  // multiplies the width of each bottleneck's 3x3 convolution
  int64_t classes = 0;
  std::vector<int64_t> stage_blocks;  // bottleneck blocks per stage (ResNet-50: 3,4,6,3)
  double bn_eps = 1e-5;
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
  int64_t experts = 0;       // MoE: experts per MoE layer
  int64_t expert_group = 0;  // MoE: tokens per gating group (GShard's S), capped at batch * seq
  ResnetConfig resnet;
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

// The preset models (Alpa's GPT, MoE and Wide-ResNet suites, LLaMA-2) with their published sizes and batch 1.
const std::vector<ModelConfig>& ModelPresets();
// The preset named `name`; the error lists every valid name.
Expected<ModelConfig> FindModel(const std::string& name);
// Positive sizes, heads dividing hidden, kv heads dividing heads, an even head size for rotary;
// MoE: two or more experts, groups dividing the tokens, an even layer count.
Status ValidateConfig(const ModelConfig& config);
// The weights in parameter order.
std::vector<WeightSpec> ModelWeights(const ModelConfig& config);
int64_t ParameterCount(const ModelConfig& config);
// MoE: tokens per gating group and expert capacity (GShard top-2: 2 * group / experts, rounded up).
int64_t MoeGroupSize(const ModelConfig& config);
int64_t MoeCapacity(const ModelConfig& config);
// Wide-ResNet: whether block `block` of stage `stage` has a projection shortcut (1x1 convolution
// and batch norm; when the shape changes) and its stride (2 in the first block of later stages).
bool ResnetHasProjection(const ResnetConfig& r, size_t stage, int64_t block);
int64_t ResnetStride(size_t stage, int64_t block);
// The family's name in listings ("gpt", "llama", "moe", "wresnet").
const char* FamilyName(Family family);

}  // namespace xpar::models
