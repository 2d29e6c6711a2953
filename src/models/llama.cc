// LLaMA-2 (HF LlamaForCausalLM): token embedding, RMSNorm blocks with rotary q/k, grouped-query
// attention and a SwiGLU MLP (nn.Linear weights [out, in], no biases), a final RMSNorm and an
// untied LM head. Forward, then the hand-derived backward in reverse.
#include "models/layers.h"
#include "models/training_step.h"

#include <fmt/format.h>

namespace xpar::models {
namespace {

enum LlamaSlot { kNorm1, kQ, kK, kV, kO, kNorm2, kGate, kUp, kDown, kLlamaSlots };
constexpr int64_t kFirstBlock = 1;  // after embed_tokens
constexpr WeightLayout kLinear = WeightLayout::kOutIn;

struct BlockSaved {
  NormSaved norm1, norm2;
  Instruction *h1 = nullptr, *ctx = nullptr, *h2 = nullptr, *gate = nullptr, *up = nullptr,
              *act = nullptr;
  AttentionSaved attn;
};

AttentionConfig Attention(const ModelConfig& c) {
  return {c.heads, c.kv_heads, c.hidden / c.heads, true, c.rope_theta};
}

Instruction* BlockForward(GraphBuilder& b, const ModelConfig& c, Instruction* const* w,
                          Instruction* x, BlockSaved* s) {
  s->h1 = NormForward(b, x, w[kNorm1], nullptr, true, c.norm_eps, &s->norm1);
  Instruction* q = LinearForward(b, s->h1, w[kQ], nullptr, kLinear);
  Instruction* k = LinearForward(b, s->h1, w[kK], nullptr, kLinear);
  Instruction* v = LinearForward(b, s->h1, w[kV], nullptr, kLinear);
  s->ctx = AttentionForward(b, Attention(c), q, k, v, &s->attn);
  x = b.Add(x, LinearForward(b, s->ctx, w[kO], nullptr, kLinear));
  s->h2 = NormForward(b, x, w[kNorm2], nullptr, true, c.norm_eps, &s->norm2);
  s->gate = LinearForward(b, s->h2, w[kGate], nullptr, kLinear);
  s->up = LinearForward(b, s->h2, w[kUp], nullptr, kLinear);
  s->act = SwigluForward(b, s->gate, s->up);
  return b.Add(x, LinearForward(b, s->act, w[kDown], nullptr, kLinear));
}

// Takes d(block output), returns d(block input); gradients go to g[slot].
Instruction* BlockBackward(GraphBuilder& b, const ModelConfig& c, Instruction* const* w,
                           const BlockSaved& s, Instruction* dy, Instruction** g) {
  LinearGrads down = LinearBackward(b, s.act, w[kDown], dy, kLinear, false);
  g[kDown] = down.dw;
  auto [dgate, dup] = SwigluBackward(b, s.gate, s.up, down.dx);
  LinearGrads gate = LinearBackward(b, s.h2, w[kGate], dgate, kLinear, false);
  LinearGrads up = LinearBackward(b, s.h2, w[kUp], dup, kLinear, false);
  g[kGate] = gate.dw;
  g[kUp] = up.dw;
  NormGrads norm2 = NormBackward(b, s.norm2, w[kNorm2], b.Add(gate.dx, up.dx), true);
  g[kNorm2] = norm2.dscale;
  Instruction* dmid = b.Add(dy, norm2.dx);
  LinearGrads o = LinearBackward(b, s.ctx, w[kO], dmid, kLinear, false);
  g[kO] = o.dw;
  AttentionGrads att = AttentionBackward(b, Attention(c), s.attn, o.dx);
  LinearGrads q = LinearBackward(b, s.h1, w[kQ], att.dq, kLinear, false);
  LinearGrads k = LinearBackward(b, s.h1, w[kK], att.dk, kLinear, false);
  LinearGrads v = LinearBackward(b, s.h1, w[kV], att.dv, kLinear, false);
  g[kQ] = q.dw;
  g[kK] = k.dw;
  g[kV] = v.dw;
  NormGrads norm1 = NormBackward(b, s.norm1, w[kNorm1], b.Add(b.Add(q.dx, k.dx), v.dx), true);
  g[kNorm1] = norm1.dscale;
  return b.Add(dmid, norm1.dx);
}

}  // namespace

Instruction* LlamaForwardBackward(GraphBuilder& b, const ModelConfig& c, const StepValues& in,
                                  std::vector<Instruction*>* grads) {
  const std::vector<Instruction*>& w = in.weights;
  const int64_t head = kFirstBlock + kLlamaSlots * c.layers;  // norm.weight, lm_head.weight
  b.set_scope("embedding");
  Instruction* x = EmbeddingForward(b, w[0], in.ids);
  std::vector<BlockSaved> saved(c.layers);
  for (int64_t l = 0; l < c.layers; ++l) {
    b.set_scope(fmt::format("layers.{}/forward", l));
    x = BlockForward(b, c, &w[kFirstBlock + kLlamaSlots * l], x, &saved[l]);
  }
  b.set_scope("lm_head");
  NormSaved final_norm;
  Instruction* hf = NormForward(b, x, w[head], nullptr, true, c.norm_eps, &final_norm);
  Instruction* logits = LinearForward(b, hf, w[head + 1], nullptr, kLinear);
  Instruction* dlogits = nullptr;
  Instruction* loss = CrossEntropy(b, logits, in.labels, &dlogits);
  LinearGrads lm = LinearBackward(b, hf, w[head + 1], dlogits, kLinear, false);
  NormGrads norm = NormBackward(b, final_norm, w[head], lm.dx, true);
  std::vector<Instruction*>& g = *grads;
  g[head] = norm.dscale;
  g[head + 1] = lm.dw;
  Instruction* dx = norm.dx;
  for (int64_t l = c.layers - 1; l >= 0; --l) {
    b.set_scope(fmt::format("layers.{}/backward", l));
    int64_t first = kFirstBlock + kLlamaSlots * l;
    dx = BlockBackward(b, c, &w[first], saved[l], dx, &g[first]);
  }
  b.set_scope("embedding");
  g[0] = EmbeddingBackward(b, w[0]->shape(), in.ids, dx);
  return loss;
}

}  // namespace xpar::models
