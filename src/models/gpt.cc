// GPT-2 (Alpa's GPT suite): token + learned position embeddings, pre-LayerNorm blocks with a
// fused qkv projection (Conv1D weights [in, out]) and a GELU MLP, a final LayerNorm and an
// untied LM head. Forward, then the hand-derived backward in reverse.
#include "models/layers.h"
#include "models/training_step.h"

#include <fmt/format.h>

namespace xpar::models {
namespace {

// Weight slots of one block, in ModelWeights order.
enum GptSlot { kLn1W, kLn1B, kAttnW, kAttnB, kProjW, kProjB, kLn2W, kLn2B, kFcW, kFcB, kOutW,
               kOutB, kGptSlots };
constexpr int64_t kFirstBlock = 2;  // after wte and wpe

struct BlockSaved {
  NormSaved ln1, ln2;
  Instruction *h1 = nullptr, *ctx = nullptr, *h2 = nullptr, *fc = nullptr, *act = nullptr;
  AttentionSaved attn;
};

AttentionConfig Attention(const ModelConfig& c) {
  return {c.heads, c.heads, c.hidden / c.heads, false, c.rope_theta};
}

Instruction* BlockForward(GraphBuilder& b, const ModelConfig& c, Instruction* const* w,
                          Instruction* x, BlockSaved* s) {
  const int64_t h = c.hidden;
  s->h1 = NormForward(b, x, w[kLn1W], w[kLn1B], false, c.norm_eps, &s->ln1);
  Instruction* qkv = LinearForward(b, s->h1, w[kAttnW], w[kAttnB], WeightLayout::kInOut);
  Instruction* q = b.Slice(qkv, 2, 0, h);
  Instruction* k = b.Slice(qkv, 2, h, 2 * h);
  Instruction* v = b.Slice(qkv, 2, 2 * h, 3 * h);
  s->ctx = AttentionForward(b, Attention(c), q, k, v, &s->attn);
  x = b.Add(x, LinearForward(b, s->ctx, w[kProjW], w[kProjB], WeightLayout::kInOut));
  s->h2 = NormForward(b, x, w[kLn2W], w[kLn2B], false, c.norm_eps, &s->ln2);
  s->fc = LinearForward(b, s->h2, w[kFcW], w[kFcB], WeightLayout::kInOut);
  s->act = GeluForward(b, s->fc);
  return b.Add(x, LinearForward(b, s->act, w[kOutW], w[kOutB], WeightLayout::kInOut));
}

// Takes d(block output), returns d(block input); gradients go to g[slot].
Instruction* BlockBackward(GraphBuilder& b, const ModelConfig& c, Instruction* const* w,
                           const BlockSaved& s, Instruction* dy, Instruction** g) {
  LinearGrads out = LinearBackward(b, s.act, w[kOutW], dy, WeightLayout::kInOut, true);
  g[kOutW] = out.dw;
  g[kOutB] = out.db;
  Instruction* dfc = GeluBackward(b, s.fc, out.dx);
  LinearGrads fc = LinearBackward(b, s.h2, w[kFcW], dfc, WeightLayout::kInOut, true);
  g[kFcW] = fc.dw;
  g[kFcB] = fc.db;
  NormGrads ln2 = NormBackward(b, s.ln2, w[kLn2W], fc.dx, false);
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

}  // namespace

Instruction* GptForwardBackward(GraphBuilder& b, const ModelConfig& c, const StepValues& in,
                                std::vector<Instruction*>* grads) {
  const std::vector<Instruction*>& w = in.weights;
  const int64_t head = kFirstBlock + kGptSlots * c.layers;  // ln_f.weight, ln_f.bias, lm_head
  const Dims act = {c.batch, c.seq, c.hidden};
  b.set_scope("embedding");
  Instruction* x = b.Add(EmbeddingForward(b, w[0], in.ids), b.Broadcast(w[1], act, {1, 2}));
  std::vector<BlockSaved> saved(c.layers);
  for (int64_t l = 0; l < c.layers; ++l) {
    b.set_scope(fmt::format("h.{}/forward", l));
    x = BlockForward(b, c, &w[kFirstBlock + kGptSlots * l], x, &saved[l]);
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
    dx = BlockBackward(b, c, &w[first], saved[l], dx, &g[first]);
  }
  b.set_scope("embedding");
  g[0] = EmbeddingBackward(b, w[0]->shape(), in.ids, dx);
  g[1] = b.ReduceSum(dx, {0});
  return loss;
}

}  // namespace xpar::models
