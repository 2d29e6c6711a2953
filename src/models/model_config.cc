// The preset table (Alpa's GPT, MoE and Wide-ResNet suites, LLaMA-2 7b/13b/70b), validation and
// the weight lists that fix parameter order and parameter counts.
#include "models/model_config.h"

#include <fmt/format.h>

#include <algorithm>

namespace xpar::models {
namespace {

constexpr int64_t kGptSeq = 1024;
constexpr int64_t kGptVocab = 51200;
// GPT-3 (Brown et al. 2020, table 2.1): context 2048; Megatron-LM pads its 50257-token
// vocabulary to 51200 as Alpa's suite does.
constexpr int64_t kGpt3Seq = 2048;
constexpr int64_t kLlamaSeq = 4096;
constexpr int64_t kLlamaVocab = 32000;
// LlamaConfig.rms_norm_eps in the Llama-2 checkpoints (HF's class default is 1e-6).
constexpr double kLlamaRmsEps = 1e-5;
constexpr double kGptLayerNormEps = 1e-5;
// Alpa's MoE suite: seq 1024, vocab 32000, MLP width 8 x hidden ("specific to gspmd"), expert
// groups of 2048 tokens (capped at the tokens of the batch, as Alpa's benchmark does).
constexpr int64_t kMoeVocab = 32000;
constexpr int64_t kMoeMlpFactor = 8;
constexpr int64_t kMoeGroup = 2048;
// Alpa's Wide-ResNet suite: 224 x 224 images, 1024 classes.
constexpr int64_t kResnetImage = 224;
constexpr int64_t kResnetClasses = 1024;
constexpr int64_t kBottleneckExpansion = 4;

// A transformer preset with batch 1 and kv heads = heads.
ModelConfig Transformer(const char* name, Family family, int64_t seq, int64_t vocab,
                        int64_t hidden, int64_t layers, int64_t heads, int64_t ffn) {
  ModelConfig c;
  c.name = name;
  c.family = family;
  c.seq = seq;
  c.hidden = hidden;
  c.layers = layers;
  c.heads = heads;
  c.kv_heads = heads;
  c.ffn = ffn;
  c.vocab = vocab;
  c.norm_eps = family == Family::kLlama ? kLlamaRmsEps : kGptLayerNormEps;
  return c;
}

ModelConfig Gpt(const char* name, int64_t hidden, int64_t layers, int64_t heads) {
  return Transformer(name, Family::kGpt, kGptSeq, kGptVocab, hidden, layers, heads, 4 * hidden);
}

ModelConfig Gpt3(const char* name, int64_t hidden, int64_t layers, int64_t heads) {
  return Transformer(name, Family::kGpt, kGpt3Seq, kGptVocab, hidden, layers, heads, 4 * hidden);
}

ModelConfig Llama(const char* name, int64_t hidden, int64_t layers, int64_t heads,
                  int64_t kv_heads, int64_t ffn) {
  ModelConfig c =
      Transformer(name, Family::kLlama, kLlamaSeq, kLlamaVocab, hidden, layers, heads, ffn);
  c.kv_heads = kv_heads;
  return c;
}

ModelConfig Moe(const char* name, int64_t hidden, int64_t layers, int64_t heads,
                int64_t experts) {
  ModelConfig c = Transformer(name, Family::kMoe, kGptSeq, kMoeVocab, hidden, layers, heads,
                              kMoeMlpFactor * hidden);
  c.experts = experts;
  c.expert_group = kMoeGroup;
  return c;
}

ModelConfig WideResnet(const char* name, int64_t depth, int64_t channels, int64_t width) {
  ModelConfig c;
  c.name = name;
  c.family = Family::kWideResnet;
  c.resnet.image = kResnetImage;
  c.resnet.channels = channels;
  c.resnet.width_factor = width;
  c.resnet.classes = kResnetClasses;
  c.resnet.stage_blocks = depth == 101 ? std::vector<int64_t>{3, 4, 23, 3}
                                       : std::vector<int64_t>{3, 4, 6, 3};
  return c;
}

// Attention half of a GPT-2 block (the same in dense and MoE layers).
void AddAttentionWeights(const std::string& p, int64_t h, std::vector<WeightSpec>* w) {
  w->push_back({p + "ln_1.weight", {h}});
  w->push_back({p + "ln_1.bias", {h}});
  w->push_back({p + "attn.c_attn.weight", {h, 3 * h}});
  w->push_back({p + "attn.c_attn.bias", {3 * h}});
  w->push_back({p + "attn.c_proj.weight", {h, h}});
  w->push_back({p + "attn.c_proj.bias", {h}});
  w->push_back({p + "ln_2.weight", {h}});
  w->push_back({p + "ln_2.bias", {h}});
}

void AddMlpWeights(const std::string& p, int64_t h, int64_t ffn, std::vector<WeightSpec>* w) {
  w->push_back({p + "mlp.c_fc.weight", {h, ffn}});
  w->push_back({p + "mlp.c_fc.bias", {ffn}});
  w->push_back({p + "mlp.c_proj.weight", {ffn, h}});
  w->push_back({p + "mlp.c_proj.bias", {h}});
}

void AddConvBn(const std::string& conv, const std::string& bn, int64_t out, int64_t in,
               int64_t k, std::vector<WeightSpec>* w) {
  w->push_back({conv + ".weight", {out, in, k, k}});
  w->push_back({bn + ".weight", {out}});
  w->push_back({bn + ".bias", {out}});
}

// torchvision's names and layouts (convolutions OIHW without bias, fc [out, in]).
void AddResnetWeights(const ResnetConfig& r, std::vector<WeightSpec>* w) {
  AddConvBn("conv1", "bn1", r.channels, 3, 7, w);
  int64_t in = r.channels;
  for (size_t i = 0; i < r.stage_blocks.size(); ++i) {
    int64_t f = r.channels << i;
    int64_t out = kBottleneckExpansion * f;
    for (int64_t j = 0; j < r.stage_blocks[i]; ++j) {
      std::string p = fmt::format("layer{}.{}.", i + 1, j);
      AddConvBn(p + "conv1", p + "bn1", f, in, 1, w);
      AddConvBn(p + "conv2", p + "bn2", f * r.width_factor, f, 3, w);
      AddConvBn(p + "conv3", p + "bn3", out, f * r.width_factor, 1, w);
      if (ResnetHasProjection(r, i, j)) {
        AddConvBn(p + "downsample.0", p + "downsample.1", out, in, 1, w);
      }
      in = out;
    }
  }
  w->push_back({"fc.weight", {r.classes, in}});
  w->push_back({"fc.bias", {r.classes}});
}

// GPT-2 layout. With `moe`, layers 0, 2, 4, ... are MoE layers, as in Alpa's
// FlaxMoELayerCollection, and the LM head is tied to wte (Alpa's published parameter counts
// assume a tied embedding); GPT's head is untied.
void AddGptWeights(const ModelConfig& c, bool moe, std::vector<WeightSpec>* w) {
  int64_t h = c.hidden;
  w->push_back({"wte.weight", {c.vocab, h}});
  w->push_back({"wpe.weight", {c.seq, h}});
  for (int64_t l = 0; l < c.layers; ++l) {
    std::string p = fmt::format("h.{}.", l);
    AddAttentionWeights(p, h, w);
    if (moe && l % 2 == 0) {
      w->push_back({p + "moe.gate.weight", {h, c.experts}});
      w->push_back({p + "moe.wi", {c.experts, h, c.ffn}});
      w->push_back({p + "moe.wo", {c.experts, c.ffn, h}});
    } else {
      AddMlpWeights(p, h, c.ffn, w);
    }
  }
  w->push_back({"ln_f.weight", {h}});
  w->push_back({"ln_f.bias", {h}});
  if (!moe) w->push_back({"lm_head.weight", {c.vocab, h}});
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
      Gpt3("gpt-175b", 12288, 96, 96),
      Llama("llama2-7b", 4096, 32, 32, 32, 11008),
      Llama("llama2-13b", 5120, 40, 40, 40, 13824),
      Llama("llama2-70b", 8192, 80, 64, 8, 28672),
      Moe("moe-380m", 768, 8, 16, 8),
      Moe("moe-1.3b", 768, 16, 16, 16),
      Moe("moe-2.4b", 1024, 16, 16, 16),
      Moe("moe-10b", 1536, 16, 16, 32),
      Moe("moe-27b", 2048, 16, 16, 48),
      Moe("moe-70b", 2048, 32, 16, 64),
      WideResnet("wresnet-250m", 50, 160, 2),
      WideResnet("wresnet-1b", 50, 320, 2),
      WideResnet("wresnet-2b", 50, 448, 2),
      WideResnet("wresnet-4b", 50, 640, 2),
      WideResnet("wresnet-7b", 50, 320, 16),
      WideResnet("wresnet-13b", 101, 320, 16),
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

namespace {

Status ValidateResnet(const ModelConfig& c) {
  const ResnetConfig& r = c.resnet;
  const std::pair<const char*, int64_t> sizes[] = {{"batch", c.batch},
                                                   {"image size", r.image},
                                                   {"channels", r.channels},
                                                   {"width factor", r.width_factor},
                                                   {"classes", r.classes}};
  for (const auto& [what, value] : sizes) {
    if (value <= 0) return InvalidArgument("{}: {} must be positive, got {}", c.name, what, value);
  }
  if (r.stage_blocks.empty()) return InvalidArgument("{}: no stages", c.name);
  for (int64_t blocks : r.stage_blocks) {
    if (blocks <= 0) return InvalidArgument("{}: every stage needs a block, got {}", c.name, blocks);
  }
  return Status::Ok();
}

Status ValidateMoe(const ModelConfig& c) {
  if (c.experts < 2) return InvalidArgument("{}: top-2 gating needs 2 or more experts", c.name);
  if (c.layers % 2 != 0) {
    return InvalidArgument("{}: MoE models alternate MoE and dense layers; {} layers is odd",
                           c.name, c.layers);
  }
  int64_t tokens = c.batch * c.seq;
  if (c.expert_group <= 0 || tokens % MoeGroupSize(c) != 0) {
    return InvalidArgument("{}: expert groups of {} tokens do not divide the {} tokens", c.name,
                           MoeGroupSize(c), tokens);
  }
  return Status::Ok();
}

}  // namespace

Status ValidateConfig(const ModelConfig& c) {
  if (c.dtype != PrimitiveType::kF32 && c.dtype != PrimitiveType::kBF16) {
    return InvalidArgument("{}: the element type must be f32 or bf16", c.name);
  }
  if (c.family == Family::kWideResnet) return ValidateResnet(c);
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
  if (c.family != Family::kLlama && c.kv_heads != c.heads) {
    return InvalidArgument("{}: GPT models have as many kv heads as heads", c.name);
  }
  if (c.family == Family::kLlama && (c.hidden / c.heads) % 2 != 0) {
    return InvalidArgument("{}: rotary embeddings need an even head size, got {}", c.name,
                           c.hidden / c.heads);
  }
  if (c.family == Family::kMoe) return ValidateMoe(c);
  return Status::Ok();
}

int64_t MoeGroupSize(const ModelConfig& c) { return std::min(c.expert_group, c.batch * c.seq); }

int64_t MoeCapacity(const ModelConfig& c) {
  return (2 * MoeGroupSize(c) + c.experts - 1) / c.experts;
}

bool ResnetHasProjection(const ResnetConfig& r, size_t stage, int64_t block) {
  int64_t in = r.channels;  // the stem's width, into the first block
  if (block > 0) {
    in = kBottleneckExpansion * (r.channels << stage);
  } else if (stage > 0) {
    in = kBottleneckExpansion * (r.channels << (stage - 1));
  }
  return ResnetStride(stage, block) != 1 || in != kBottleneckExpansion * (r.channels << stage);
}

int64_t ResnetStride(size_t stage, int64_t block) { return stage > 0 && block == 0 ? 2 : 1; }

const char* FamilyName(Family family) {
  switch (family) {
    case Family::kGpt: return "gpt";
    case Family::kLlama: return "llama";
    case Family::kMoe: return "moe";
    case Family::kWideResnet: return "wresnet";
  }
  return "?";
}

std::vector<WeightSpec> ModelWeights(const ModelConfig& config) {
  std::vector<WeightSpec> weights;
  switch (config.family) {
    case Family::kGpt: AddGptWeights(config, false, &weights); break;
    case Family::kLlama: AddLlamaWeights(config, &weights); break;
    case Family::kMoe: AddGptWeights(config, true, &weights); break;
    case Family::kWideResnet: AddResnetWeights(config.resnet, &weights); break;
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
