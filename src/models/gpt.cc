// GPT-2 (Alpa's GPT suite): token + learned position embeddings, pre-LayerNorm blocks with a
// fused qkv projection (Conv1D weights [in, out]) and a GELU MLP, a final LayerNorm and an
// untied LM head. Forward, then the hand-derived backward in reverse.
#include <fmt/format.h>

#include "models/gpt_block.h"
#include "models/training_step.h"

namespace xpar::models {
namespace {

constexpr int64_t kGptSlots = kAttnSlots + kMlpSlots;
constexpr int64_t kFirstBlock = 2;  // after wte and wpe

AttentionConfig Attention(const ModelConfig& c) {
  return {c.heads, c.heads, c.hidden / c.heads, false, c.rope_theta};
}

}  // namespace

void GptAttentionForward(GraphBuilder& b, const ModelConfig& c, Instruction* const* w,
                         Instruction* x, AttentionHalfSaved* s) {
  const int64_t h = c.hidden;
  s->h1 = NormForward(b, x, w[kLn1W], w[kLn1B], false, c.norm_eps, &s->ln1);
  Instruction* qkv = LinearForward(b, s->h1, w[kAttnW], w[kAttnB], WeightLayout::kInOut);
  Instruction* q = b.Slice(qkv, 2, 0, h);
  Instruction* k = b.Slice(qkv, 2, h, 2 * h);
  Instruction* v = b.Slice(qkv, 2, 2 * h, 3 * h);
  s->ctx = AttentionForward(b, Attention(c), q, k, v, &s->attn);
  s->mid = b.Add(x, LinearForward(b, s->ctx, w[kProjW], w[kProjB], WeightLayout::kInOut));
  s->h2 = NormForward(b, s->mid, w[kLn2W], w[kLn2B], false, c.norm_eps, &s->ln2);
}

Instruction* GptAttentionBackward(GraphBuilder& b, const ModelConfig& c, Instruction* const* w,
                                  const AttentionHalfSaved& s, Instruction* dy, Instruction* dh2,
                                  Instruction** g) {
  NormGrads ln2 = NormBackward(b, s.ln2, w[kLn2W], dh2, false);
  g[kLn2W] = ln2.dscale;
  g[kLn2B] = ln2.dbias;
  Instruction* dmid = b.Add(dy, ln2.dx);
  LinearGrads proj = LinearBackward(b, s.ctx, w[kProjW], dmid, WeightLayout::kInOut, true);
  g[kProjW] = proj.dw;
  g[kProjB] = proj.db;
  AttentionGrads att = AttentionBackward(b, Attention(c), s.attn, proj.dx);
  Instruction* dqkv = b.Concat({att.dq, att.dk, att.dv}, 2);
  LinearGrads qkv = LinearBackward(b, s.h1, w[kAttnW], dqkv, WeightLayout::kInOut, true);
  g[kAttnW] = qkv.dw;
  g[kAttnB] = qkv.db;
  NormGrads ln1 = NormBackward(b, s.ln1, w[kLn1W], qkv.dx, false);
  g[kLn1W] = ln1.dscale;
  g[kLn1B] = ln1.dbias;
  return b.Add(dmid, ln1.dx);
}

Instruction* GptMlpForward(GraphBuilder& b, Instruction* const* w, Instruction* h2, MlpSaved* s) {
  s->fc = LinearForward(b, h2, w[kFcW], w[kFcB], WeightLayout::kInOut);
  s->act = GeluForward(b, s->fc);
  return LinearForward(b, s->act, w[kOutW], w[kOutB], WeightLayout::kInOut);
}

Instruction* GptMlpBackward(GraphBuilder& b, Instruction* const* w, Instruction* h2,
                            const MlpSaved& s, Instruction* dy, Instruction** g) {
  LinearGrads out = LinearBackward(b, s.act, w[kOutW], dy, WeightLayout::kInOut, true);
  g[kOutW] = out.dw;
  g[kOutB] = out.db;
  Instruction* dfc = GeluBackward(b, s.fc, out.dx);
  LinearGrads fc = LinearBackward(b, h2, w[kFcW], dfc, WeightLayout::kInOut, true);
  g[kFcW] = fc.dw;
  g[kFcB] = fc.db;
  return fc.dx;
}

Instruction* GptForwardBackward(GraphBuilder& b, const ModelConfig& c, const StepValues& in,
                                std::vector<Instruction*>* grads) {
  const std::vector<Instruction*>& w = in.weights;
  const int64_t head = kFirstBlock + kGptSlots * c.layers;  // ln_f.weight, ln_f.bias, lm_head
  const Dims act = {c.batch, c.seq, c.hidden};
  b.set_scope("embedding");
  Instruction* x = b.Add(EmbeddingForward(b, w[0], in.ids), b.Broadcast(w[1], act, {1, 2}));
  std::vector<AttentionHalfSaved> attn(c.layers);
  std::vector<MlpSaved> mlp(c.layers);
  for (int64_t l = 0; l < c.layers; ++l) {
    b.set_scope(fmt::format("h.{}/forward", l));
    Instruction* const* lw = &w[kFirstBlock + kGptSlots * l];
    GptAttentionForward(b, c, lw, x, &attn[l]);
    x = b.Add(attn[l].mid, GptMlpForward(b, lw + kAttnSlots, attn[l].h2, &mlp[l]));
  }
  b.set_scope("lm_head");
  NormSaved final_norm;
  Instruction* hf = NormForward(b, x, w[head], w[head + 1], false, c.norm_eps, &final_norm);
  Instruction* logits = LinearForward(b, hf, w[head + 2], nullptr, WeightLayout::kOutIn);
  Instruction* dlogits = nullptr;
  Instruction* loss = CrossEntropy(b, logits, in.labels, &dlogits);
  LinearGrads lm = LinearBackward(b, hf, w[head + 2], dlogits, WeightLayout::kOutIn, false);
  NormGrads lnf = NormBackward(b, final_norm, w[head], lm.dx, false);
  std::vector<Instruction*>& g = *grads;
  g[head] = lnf.dscale;
  g[head + 1] = lnf.dbias;
  g[head + 2] = lm.dw;
  Instruction* dx = lnf.dx;
  for (int64_t l = c.layers - 1; l >= 0; --l) {
    b.set_scope(fmt::format("h.{}/backward", l));
    int64_t first = kFirstBlock + kGptSlots * l;
    Instruction* const* lw = &w[first];
    Instruction* dh2 = GptMlpBackward(b, lw + kAttnSlots, attn[l].h2, mlp[l], dx,
                                      &g[first + kAttnSlots]);
    dx = GptAttentionBackward(b, c, lw, attn[l], dx, dh2, &g[first]);
  }
  b.set_scope("embedding");
  g[0] = EmbeddingBackward(b, w[0]->shape(), in.ids, dx);
  g[1] = b.ReduceSum(dx, {0});
  return loss;
}

}  // namespace xpar::models
