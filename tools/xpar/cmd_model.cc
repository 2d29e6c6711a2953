// `xpar model NAME -o FILE.hlo`: writes one whole training step (forward, cross-entropy loss,
// backward, AdamW) of a preset model (Alpa's GPT suite, LLaMA-2) as HLO text, weight-free.
// `xpar model --list` prints the presets with their parameter counts.
#include <fmt/format.h>

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
  double lr = models::AdamWOptions().lr;
};

void ListModels() {
  fmt::print("{:<12} {:<6} {:>7} {:>6} {:>6} {:>5} {:>8} {:>6} {:>6} {:>10}\n", "model", "family",
             "hidden", "layers", "heads", "kv", "ffn", "vocab", "seq", "parameters");
  for (const models::ModelConfig& c : models::ModelPresets()) {
    fmt::print("{:<12} {:<6} {:>7} {:>6} {:>6} {:>5} {:>8} {:>6} {:>6} {:>10}\n", c.name,
               c.family == models::Family::kGpt ? "gpt" : "llama", c.hidden, c.layers, c.heads,
               c.kv_heads, c.ffn, c.vocab, c.seq, HumanCount(models::ParameterCount(c)));
  }
  fmt::print("GPT: learned positions, pre-LayerNorm, GELU (tanh) MLP, untied LM head. LLaMA-2: "
             "RMSNorm (eps 1e-5), rotary q/k, grouped-query attention, SwiGLU, untied head.\n");
}

// LLaMA's MLP width for a hidden size: 2/3 of 4 * hidden, rounded up to a multiple of 256.
int64_t LlamaFfn(int64_t hidden) {
  constexpr int64_t kMultipleOf = 256;
  int64_t ffn = 2 * (4 * hidden) / 3;
  return (ffn + kMultipleOf - 1) / kMultipleOf * kMultipleOf;
}

Expected<models::ModelConfig> Configure(const ModelCliOptions& o) {
  ASSIGN_OR_RETURN(models::ModelConfig c, models::FindModel(o.name));
  const bool gqa = c.kv_heads != c.heads;
  c.batch = o.batch;
  if (o.seq) c.seq = o.seq;
  if (o.layers) c.layers = o.layers;
  if (o.vocab) c.vocab = o.vocab;
  if (o.hidden) {
    c.hidden = o.hidden;
    c.ffn = c.family == models::Family::kGpt ? 4 * o.hidden : LlamaFfn(o.hidden);
  }
  if (o.ffn) c.ffn = o.ffn;
  if (o.heads) {
    c.heads = o.heads;
    if (!gqa) c.kv_heads = o.heads;
  }
  if (o.kv_heads) c.kv_heads = o.kv_heads;
  c.dtype = o.dtype == "bf16" ? PrimitiveType::kBF16 : PrimitiveType::kF32;
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
  fmt::print(stderr,
             "wrote {}: {} training step (batch {}, seq {}, {} layers, {} {}), {} instructions, "
             "{} parameters, {} in {:.2f} s\n",
             o.out, c.name, c.batch, c.seq, c.layers, o.dtype, "AdamW",
             (*module)->entry()->instructions().size(),
             HumanCount(models::ParameterCount(c)), HumanBytes(text.size()), seconds);
  return 0;
}

}  // namespace

void RegisterModelCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "model", "Write the HLO of one training step (forward, loss, backward, AdamW) of a preset "
               "model: gpt-125m ... gpt-76b (Alpa's suite), llama2-7b/13b/70b");
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
  cmd->add_option("--dtype", o->dtype, "element type of weights, optimizer state and activations")
      ->check(CLI::IsMember({"f32", "bf16"}));
  cmd->add_option("--lr", o->lr, "AdamW learning rate (default 1e-3, torch's)");
  cmd->callback([o] { std::exit(RunModel(*o)); });
}

}  // namespace xpar
