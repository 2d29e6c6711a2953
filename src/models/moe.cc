// GShard MoE (Alpa's MoE suite) as GPT-2 blocks: token + learned position embeddings,
// pre-LayerNorm attention, and an MLP that in layers 0, 2, 4, ... is a top-2 gated mixture of
// experts (moe_layer.h) and in the others a dense GELU MLP; final LayerNorm; LM head tied to the
// token embedding. Forward, then the hand-derived backward in reverse.
#include <fmt/format.h>

#include "models/gpt_block.h"
#include "models/moe_layer.h"
#include "models/training_step.h"

namespace xpar::models {
namespace {

enum MoeSlot { kGate, kExpertIn, kExpertOut };
constexpr int64_t kMoeSlots = kExpertOut + 1;
constexpr int64_t kFirstBlock = 2;  // after wte and wpe

bool IsMoeLayer(int64_t layer) { return layer % 2 == 0; }

// The index of each layer's first weight, and one past the last layer.
std::vector<int64_t> LayerOffsets(const ModelConfig& c) {
  std::vector<int64_t> first = {kFirstBlock};
  for (int64_t l = 0; l < c.layers; ++l) {
    first.push_back(first.back() + kAttnSlots + (IsMoeLayer(l) ? kMoeSlots : kMlpSlots));
  }
  return first;
}

MoeShape ShapeOf(const ModelConfig& c) {
  int64_t group = MoeGroupSize(c);
  return {c.batch * c.seq / group, group, c.experts, MoeCapacity(c)};
}

struct LayerSaved {
  AttentionHalfSaved attn;
  MlpSaved mlp;
  MoeSaved moe;
};

Instruction* LayerForward(GraphBuilder& b, const ModelConfig& c, int64_t l, Instruction* const* w,
                          Instruction* x, LayerSaved* s) {
  GptAttentionForward(b, c, w, x, &s->attn);
  Instruction* const* m = w + kAttnSlots;
  Instruction* y = IsMoeLayer(l)
      ? MoeForward(b, ShapeOf(c), s->attn.h2, m[kGate], m[kExpertIn], m[kExpertOut], &s->moe)
      : GptMlpForward(b, m, s->attn.h2, &s->mlp);
  return b.Add(s->attn.mid, y);
}

Instruction* LayerBackward(GraphBuilder& b, const ModelConfig& c, int64_t l,
                           Instruction* const* w, const LayerSaved& s, Instruction* dy,
                           Instruction** g) {
  Instruction* const* m = w + kAttnSlots;
  Instruction** gm = g + kAttnSlots;
  Instruction* dh2 = nullptr;
  if (IsMoeLayer(l)) {
    MoeGrads moe = MoeBackward(b, s.moe, m[kGate], m[kExpertIn], m[kExpertOut], dy);
    gm[kGate] = moe.dwg;
    gm[kExpertIn] = moe.dwi;
    gm[kExpertOut] = moe.dwo;
    dh2 = moe.dx;
  } else {
    dh2 = GptMlpBackward(b, m, s.attn.h2, s.mlp, dy, gm);
  }
  return GptAttentionBackward(b, c, w, s.attn, dy, dh2, g);
}

}  // namespace

Instruction* MoeForwardBackward(GraphBuilder& b, const ModelConfig& c, const StepValues& in,
                                std::vector<Instruction*>* grads) {
  const std::vector<Instruction*>& w = in.weights;
  const std::vector<int64_t> first = LayerOffsets(c);
  const int64_t head = first.back();  // ln_f.weight, ln_f.bias
  const Dims act = {c.batch, c.seq, c.hidden};
  b.set_scope("embedding");
  Instruction* x = b.Add(EmbeddingForward(b, w[0], in.ids), b.Broadcast(w[1], act, {1, 2}));
  std::vector<LayerSaved> saved(c.layers);
  for (int64_t l = 0; l < c.layers; ++l) {
    b.set_scope(fmt::format("h.{}/forward", l));
    x = LayerForward(b, c, l, &w[first[l]], x, &saved[l]);
  }
  b.set_scope("lm_head");
  NormSaved final_norm;
  Instruction* hf = NormForward(b, x, w[head], w[head + 1], false, c.norm_eps, &final_norm);
  Instruction* logits = LinearForward(b, hf, w[0], nullptr, WeightLayout::kOutIn);
  Instruction* dlogits = nullptr;
  Instruction* loss = CrossEntropy(b, logits, in.labels, &dlogits);
  LinearGrads lm = LinearBackward(b, hf, w[0], dlogits, WeightLayout::kOutIn, false);
  NormGrads lnf = NormBackward(b, final_norm, w[head], lm.dx, false);
  std::vector<Instruction*>& g = *grads;
  g[head] = lnf.dscale;
  g[head + 1] = lnf.dbias;
  Instruction* dx = lnf.dx;
  for (int64_t l = c.layers - 1; l >= 0; --l) {
    b.set_scope(fmt::format("h.{}/backward", l));
    dx = LayerBackward(b, c, l, &w[first[l]], saved[l], dx, &g[first[l]]);
  }
  b.set_scope("embedding");
  // The tied embedding collects the LM head's gradient and the lookup's.
  g[0] = b.Add(EmbeddingBackward(b, w[0]->shape(), in.ids, dx), lm.dw);
  g[1] = b.ReduceSum(dx, {0});
  return loss;
}

}  // namespace xpar::models
