// `xpar model NAME -o FILE.hlo`: writes one whole training step (forward, cross-entropy loss,
// backward, AdamW) of a preset model (Alpa's GPT, MoE and Wide-ResNet suites, LLaMA-2) as HLO
// text, weight-free.
// `xpar model --list` prints the presets with their parameter counts.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <fstream>

#include "analysis/op_stats.h"
#include "cli_util.h"
#include "commands.h"
#include "ir/printer.h"
#include "models/training_step.h"

namespace xpar {
namespace {

// Sizes left at 0 keep the preset's value.
struct ModelCliOptions {
  std::string name;
  std::string out;
  std::string dtype = "f32";
  bool list = false;
  int64_t batch = 1, seq = 0, layers = 0, hidden = 0, heads = 0, kv_heads = 0, ffn = 0, vocab = 0;
  int64_t experts = 0, expert_group = 0;                        // MoE
  int64_t image = 0, channels = 0, width_factor = 0, classes = 0;  // Wide-ResNet
  std::vector<int64_t> blocks;                                  // Wide-ResNet blocks per stage
  double lr = models::AdamWOptions().lr;
};

void ListModels() {
  fmt::print("{:<12} {:<7} {:>6} {:>6} {:>5} {:>5} {:>6} {:>6} {:>5} {:>7} {:>10}\n", "model",
             "family", "hidden", "layers", "heads", "kv", "ffn", "vocab", "seq", "experts",
             "parameters");
  for (const models::ModelConfig& c : models::ModelPresets()) {
    if (c.family == models::Family::kWideResnet) continue;
    fmt::print("{:<12} {:<7} {:>6} {:>6} {:>5} {:>5} {:>6} {:>6} {:>5} {:>7} {:>10}\n", c.name,
               models::FamilyName(c.family), c.hidden, c.layers, c.heads, c.kv_heads, c.ffn,
               c.vocab, c.seq, c.experts, HumanCount(models::ParameterCount(c)));
  }
  fmt::print("\n{:<12} {:<7} {:>6} {:>12} {:>8} {:>5} {:>7} {:>10}\n", "model", "family", "image",
             "blocks", "channels", "width", "classes", "parameters");
  for (const models::ModelConfig& c : models::ModelPresets()) {
    if (c.family != models::Family::kWideResnet) continue;
    const models::ResnetConfig& r = c.resnet;
    fmt::print("{:<12} {:<7} {:>6} {:>12} {:>8} {:>5} {:>7} {:>10}\n", c.name, "wresnet",
               r.image, fmt::format("{}", fmt::join(r.stage_blocks, ",")), r.channels,
               r.width_factor, r.classes, HumanCount(models::ParameterCount(c)));
  }
  fmt::print("GPT: learned positions, pre-LayerNorm, GELU (tanh) MLP, untied LM head. LLaMA-2: "
             "RMSNorm (eps 1e-5), rotary q/k, grouped-query attention, SwiGLU, untied head. MoE: "
             "GPT blocks, top-2 gated experts in every other layer, tied head. Wide-ResNet: "
             "bottleneck blocks, batch norm; AdamW for all.\n");
}

// LLaMA's MLP width for a hidden size: 2/3 of 4 * hidden, rounded up to a multiple of 256.
int64_t LlamaFfn(int64_t hidden) {
  constexpr int64_t kMultipleOf = 256;
  int64_t ffn = 2 * (4 * hidden) / 3;
  return (ffn + kMultipleOf - 1) / kMultipleOf * kMultipleOf;
}

// Wide-ResNet sizes; the transformer options do not apply.
Expected<models::ModelConfig> ConfigureResnet(const ModelCliOptions& o, models::ModelConfig c) {
  if (o.seq || o.layers || o.hidden || o.heads || o.kv_heads || o.ffn || o.vocab || o.experts ||
      o.expert_group) {
    return InvalidArgument("{} is a Wide-ResNet: use --image, --channels, --width-factor, "
                           "--classes and --blocks",
                           c.name);
  }
  models::ResnetConfig& r = c.resnet;
  if (o.image) r.image = o.image;
  if (o.channels) r.channels = o.channels;
  if (o.width_factor) r.width_factor = o.width_factor;
  if (o.classes) r.classes = o.classes;
  if (!o.blocks.empty()) r.stage_blocks = o.blocks;
  return c;
}

Expected<models::ModelConfig> Configure(const ModelCliOptions& o) {
  ASSIGN_OR_RETURN(models::ModelConfig c, models::FindModel(o.name));
  c.batch = o.batch;
  c.dtype = o.dtype == "bf16" ? PrimitiveType::kBF16 : PrimitiveType::kF32;
  if (c.family == models::Family::kWideResnet) return ConfigureResnet(o, c);
  if (o.image || o.channels || o.width_factor || o.classes || !o.blocks.empty()) {
    return InvalidArgument("--image, --channels, --width-factor, --classes and --blocks are "
                           "Wide-ResNet options; {} is a transformer",
                           c.name);
  }
  if ((o.experts || o.expert_group) && c.family != models::Family::kMoe) {
    return InvalidArgument("--experts and --expert-group are MoE options");
  }
  const bool gqa = c.kv_heads != c.heads;
  if (o.seq) c.seq = o.seq;
  if (o.layers) c.layers = o.layers;
  if (o.vocab) c.vocab = o.vocab;
  if (o.hidden) {
    // GPT keeps 4 x hidden, MoE 8 x hidden; LLaMA rounds 8/3 x hidden.
    c.ffn = c.family == models::Family::kLlama ? LlamaFfn(o.hidden) : c.ffn / c.hidden * o.hidden;
    c.hidden = o.hidden;
  }
  if (o.ffn) c.ffn = o.ffn;
  if (o.heads) {
    c.heads = o.heads;
    if (!gqa) c.kv_heads = o.heads;
  }
  if (o.kv_heads) c.kv_heads = o.kv_heads;
  if (o.experts) c.experts = o.experts;
  if (o.expert_group) c.expert_group = o.expert_group;
  return c;
}

int RunModel(const ModelCliOptions& o) {
  if (o.list) {
    ListModels();
    return 0;
  }
  if (o.name.empty() || o.out.empty()) {
    return ReportError("model", InvalidArgument("give a model NAME and -o FILE (or --list)"));
  }
  auto start = std::chrono::steady_clock::now();
  Expected<models::ModelConfig> config = Configure(o);
  if (!config.ok()) return ReportError("model", config.status());
  models::AdamWOptions adamw;
  adamw.lr = o.lr;
  auto module = models::GenerateTrainingStep(*config, adamw);
  if (!module.ok()) return ReportError("model", module.status());
  std::string text = PrintModule(**module);
  std::ofstream f(o.out);
  f << text;
  f.close();
  if (!f) return ReportError("model", InvalidArgument("cannot write '{}'", o.out));
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const models::ModelConfig& c = *config;
  std::string shape = c.family == models::Family::kWideResnet
                          ? fmt::format("batch {}, image {}, {} blocks", c.batch, c.resnet.image,
                                        fmt::join(c.resnet.stage_blocks, "+"))
                          : fmt::format("batch {}, seq {}, {} layers", c.batch, c.seq, c.layers);
  fmt::print(stderr,
             "wrote {}: {} training step ({}, {} {}), {} instructions, {} parameters ({}), {} "
             "in {:.2f} s\n",
             o.out, c.name, shape, o.dtype, "AdamW",
             (*module)->entry()->instructions().size(),
             models::ParameterCount(c), HumanCount(models::ParameterCount(c)),
             HumanBytes(text.size()), seconds);
  return 0;
}

}  // namespace

void RegisterModelCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "model", "Write the HLO of one training step (forward, loss, backward, AdamW) of a preset "
               "model: gpt-125m ... gpt-76b, gpt-175b (GPT-3), moe-380m ... moe-70b, wresnet-250m ... wresnet-13b (Alpa's "
               "suites), llama2-7b/13b/70b");
  auto o = std::make_shared<ModelCliOptions>();
  cmd->add_option("name", o->name, "model name (see --list)");
  cmd->add_option("-o,--out", o->out, "output HLO text file");
  cmd->add_flag("--list", o->list, "print the models and their parameter counts");
  cmd->add_option("--batch", o->batch, "batch size (default 1)")->check(CLI::PositiveNumber);
  cmd->add_option("--seq", o->seq, "sequence length (GPT 1024, LLaMA 4096)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--layers", o->layers, "number of layers")->check(CLI::PositiveNumber);
  cmd->add_option("--hidden", o->hidden, "hidden size")->check(CLI::PositiveNumber);
  cmd->add_option("--heads", o->heads, "attention heads")->check(CLI::PositiveNumber);
  cmd->add_option("--kv-heads", o->kv_heads, "key/value heads (LLaMA grouped-query attention)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--ffn", o->ffn, "MLP inner width")->check(CLI::PositiveNumber);
  cmd->add_option("--vocab", o->vocab, "vocabulary size")->check(CLI::PositiveNumber);
  cmd->add_option("--experts", o->experts, "MoE: experts per MoE layer")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--expert-group", o->expert_group,
                  "MoE: tokens per gating group (default 2048, capped at batch x seq)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--image", o->image, "Wide-ResNet: image side (default 224)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--channels", o->channels, "Wide-ResNet: stem width (base channels)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--width-factor", o->width_factor,
                  "Wide-ResNet: width multiplier of the 3x3 convolutions")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--classes", o->classes, "Wide-ResNet: classes (default 1024)")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--blocks", o->blocks, "Wide-ResNet: blocks per stage, e.g. 3,4,6,3")
      ->delimiter(',')
      ->check(CLI::PositiveNumber);
  cmd->add_option("--dtype", o->dtype, "element type of weights, optimizer state and activations")
      ->check(CLI::IsMember({"f32", "bf16"}));
  cmd->add_option("--lr", o->lr, "AdamW learning rate (default 1e-3, torch's)");
  cmd->callback([o] { std::exit(RunModel(*o)); });
}

}  // namespace xpar
