// The preset table (Alpa's GPT suite, LLaMA-2 7b/13b/70b), validation and the weight list that
// fixes parameter order and parameter counts.
#include "models/model_config.h"

#include <fmt/format.h>

namespace xpar::models {
namespace {

constexpr int64_t kGptSeq = 1024;
constexpr int64_t kGptVocab = 51200;
constexpr int64_t kLlamaSeq = 4096;
constexpr int64_t kLlamaVocab = 32000;
// LlamaConfig.rms_norm_eps in the Llama-2 checkpoints (HF's class default is 1e-6).
constexpr double kLlamaRmsEps = 1e-5;
constexpr double kGptLayerNormEps = 1e-5;

ModelConfig Gpt(const char* name, int64_t hidden, int64_t layers, int64_t heads) {
  return ModelConfig{name,   Family::kGpt, 1,          kGptSeq,  hidden, layers, heads,
                     heads,  4 * hidden,   kGptVocab,  kGptLayerNormEps};
}

ModelConfig Llama(const char* name, int64_t hidden, int64_t layers, int64_t heads,
                  int64_t kv_heads, int64_t ffn) {
  return ModelConfig{name,     Family::kLlama, 1,   kLlamaSeq,   hidden, layers, heads,
                     kv_heads, ffn,            kLlamaVocab, kLlamaRmsEps};
}

void AddGptWeights(const ModelConfig& c, std::vector<WeightSpec>* w) {
  int64_t h = c.hidden;
  w->push_back({"wte.weight", {c.vocab, h}});
  w->push_back({"wpe.weight", {c.seq, h}});
  for (int64_t l = 0; l < c.layers; ++l) {
    std::string p = fmt::format("h.{}.", l);
    w->push_back({p + "ln_1.weight", {h}});
    w->push_back({p + "ln_1.bias", {h}});
    w->push_back({p + "attn.c_attn.weight", {h, 3 * h}});
    w->push_back({p + "attn.c_attn.bias", {3 * h}});
    w->push_back({p + "attn.c_proj.weight", {h, h}});
    w->push_back({p + "attn.c_proj.bias", {h}});
    w->push_back({p + "ln_2.weight", {h}});
    w->push_back({p + "ln_2.bias", {h}});
    w->push_back({p + "mlp.c_fc.weight", {h, c.ffn}});
    w->push_back({p + "mlp.c_fc.bias", {c.ffn}});
    w->push_back({p + "mlp.c_proj.weight", {c.ffn, h}});
    w->push_back({p + "mlp.c_proj.bias", {h}});
  }
  w->push_back({"ln_f.weight", {h}});
  w->push_back({"ln_f.bias", {h}});
  w->push_back({"lm_head.weight", {c.vocab, h}});
}

void AddLlamaWeights(const ModelConfig& c, std::vector<WeightSpec>* w) {
  int64_t h = c.hidden;
  int64_t d = c.hidden / c.heads;
  w->push_back({"embed_tokens.weight", {c.vocab, h}});
  for (int64_t l = 0; l < c.layers; ++l) {
    std::string p = fmt::format("layers.{}.", l);
    w->push_back({p + "input_layernorm.weight", {h}});
    w->push_back({p + "self_attn.q_proj.weight", {c.heads * d, h}});
    w->push_back({p + "self_attn.k_proj.weight", {c.kv_heads * d, h}});
    w->push_back({p + "self_attn.v_proj.weight", {c.kv_heads * d, h}});
    w->push_back({p + "self_attn.o_proj.weight", {h, c.heads * d}});
    w->push_back({p + "post_attention_layernorm.weight", {h}});
    w->push_back({p + "mlp.gate_proj.weight", {c.ffn, h}});
    w->push_back({p + "mlp.up_proj.weight", {c.ffn, h}});
    w->push_back({p + "mlp.down_proj.weight", {h, c.ffn}});
  }
  w->push_back({"norm.weight", {h}});
  w->push_back({"lm_head.weight", {c.vocab, h}});
}

}  // namespace

const std::vector<ModelConfig>& ModelPresets() {
  static const std::vector<ModelConfig> presets = {
      Gpt("gpt-125m", 768, 12, 12),
      Gpt("gpt-350m", 1024, 24, 16),
      Gpt("gpt-760m", 1536, 24, 16),
      Gpt("gpt-1.3b", 2048, 24, 32),
      Gpt("gpt-2.6b", 2560, 32, 32),
      Gpt("gpt-6.7b", 4096, 32, 32),
      Gpt("gpt-15b", 5120, 48, 40),
      Gpt("gpt-39b", 8192, 48, 64),
      Gpt("gpt-76b", 10240, 60, 80),
      Llama("llama2-7b", 4096, 32, 32, 32, 11008),
      Llama("llama2-13b", 5120, 40, 40, 40, 13824),
      Llama("llama2-70b", 8192, 80, 64, 8, 28672),
  };
  return presets;
}

Expected<ModelConfig> FindModel(const std::string& name) {
  std::string names;
  for (const ModelConfig& c : ModelPresets()) {
    if (c.name == name) return c;
    names += names.empty() ? c.name : ", " + c.name;
  }
  return InvalidArgument("unknown model '{}'; the models are: {}", name, names);
}

Status ValidateConfig(const ModelConfig& c) {
  const std::pair<const char*, int64_t> sizes[] = {
      {"batch", c.batch}, {"seq", c.seq},     {"hidden", c.hidden}, {"layers", c.layers},
      {"heads", c.heads}, {"kv heads", c.kv_heads}, {"ffn", c.ffn}, {"vocab", c.vocab}};
  for (const auto& [what, value] : sizes) {
    if (value <= 0) return InvalidArgument("{}: {} must be positive, got {}", c.name, what, value);
  }
  if (c.hidden % c.heads != 0) {
    return InvalidArgument("{}: hidden size {} is not a multiple of the {} heads", c.name,
                           c.hidden, c.heads);
  }
  if (c.heads % c.kv_heads != 0) {
    return InvalidArgument("{}: {} heads are not a multiple of the {} kv heads", c.name, c.heads,
                           c.kv_heads);
  }
  if (c.family == Family::kGpt && c.kv_heads != c.heads) {
    return InvalidArgument("{}: GPT models have as many kv heads as heads", c.name);
  }
  if (c.family == Family::kLlama && (c.hidden / c.heads) % 2 != 0) {
    return InvalidArgument("{}: rotary embeddings need an even head size, got {}", c.name,
                           c.hidden / c.heads);
  }
  if (c.dtype != PrimitiveType::kF32 && c.dtype != PrimitiveType::kBF16) {
    return InvalidArgument("{}: the element type must be f32 or bf16", c.name);
  }
  return Status::Ok();
}

std::vector<WeightSpec> ModelWeights(const ModelConfig& config) {
  std::vector<WeightSpec> weights;
  if (config.family == Family::kGpt) {
    AddGptWeights(config, &weights);
  } else {
    AddLlamaWeights(config, &weights);
  }
  return weights;
}

int64_t ParameterCount(const ModelConfig& config) {
  int64_t total = 0;
  for (const WeightSpec& w : ModelWeights(config)) {
    int64_t n = 1;
    for (int64_t d : w.dims) n *= d;
    total += n;
  }
  return total;
}

}  // namespace xpar::models
