// Forward and hand-derived backward pieces shared by the generators: linear layers, LayerNorm,
// RMSNorm, causal attention (rotary and grouped-query variants), GELU, SwiGLU, embedding and the
// cross-entropy loss. Activations are [batch, seq, features]; backward functions take the values
// their forward saved and return gradients.
#pragma once

#include "models/graph_builder.h"

namespace xpar::models {

// Weight layouts: GPT-2's Conv1D keeps [in, out]; torch.nn.Linear keeps [out, in].
enum class WeightLayout { kInOut, kOutIn };

struct LinearGrads {
  Instruction* dx = nullptr;
  Instruction* dw = nullptr;
  Instruction* db = nullptr;  // null without a bias
};

// y = x W (+ b) over the last dimension of x.
Instruction* LinearForward(GraphBuilder& b, Instruction* x, Instruction* w, Instruction* bias,
                           WeightLayout layout);
LinearGrads LinearBackward(GraphBuilder& b, Instruction* x, Instruction* w, Instruction* dy,
                           WeightLayout layout, bool has_bias);

// Normalisation over the last dimension. LayerNorm: (x - mean) * rstd * g + beta (beta null
// for RMSNorm, which does not subtract the mean).
struct NormSaved {
  Instruction* normalized = nullptr;  // x_hat
  Instruction* rstd = nullptr;        // [batch, seq]
};
struct NormGrads {
  Instruction* dx = nullptr;
  Instruction* dscale = nullptr;
  Instruction* dbias = nullptr;
};
Instruction* NormForward(GraphBuilder& b, Instruction* x, Instruction* scale, Instruction* bias,
                         bool rms, double eps, NormSaved* saved);
NormGrads NormBackward(GraphBuilder& b, const NormSaved& saved, Instruction* scale,
                       Instruction* dy, bool rms);

// GELU, tanh approximation (GPT-2's gelu_new).
Instruction* GeluForward(GraphBuilder& b, Instruction* x);
Instruction* GeluBackward(GraphBuilder& b, Instruction* x, Instruction* dy);
// silu(gate) * up; backward gives d gate and d up.
Instruction* SwigluForward(GraphBuilder& b, Instruction* gate, Instruction* up);
std::pair<Instruction*, Instruction*> SwigluBackward(GraphBuilder& b, Instruction* gate,
                                                     Instruction* up, Instruction* dy);

// Causal multi-head attention on projected q [B,S,heads*D], k and v [B,S,kv_heads*D]; rotary
// embeddings on q and k when `rope` (HF rotate_half convention).
struct AttentionConfig {
  int64_t heads = 0, kv_heads = 0, head_dim = 0;
  bool rope = false;
  double rope_theta = 10000.0;
};
struct AttentionSaved {
  Instruction *q = nullptr, *k = nullptr, *v = nullptr;  // [B,heads,S,D] after rotary/repeat
  Instruction* probs = nullptr;                          // [B,heads,S,S]
  Instruction *cos = nullptr, *sin = nullptr;            // [B,S,*,D] when rope
};
Instruction* AttentionForward(GraphBuilder& b, const AttentionConfig& config, Instruction* q,
                              Instruction* k, Instruction* v, AttentionSaved* saved);
struct AttentionGrads {
  Instruction *dq = nullptr, *dk = nullptr, *dv = nullptr;  // shaped like the inputs
};
AttentionGrads AttentionBackward(GraphBuilder& b, const AttentionConfig& config,
                                 const AttentionSaved& saved, Instruction* dctx);

// Rows of `table` [V,H] picked by `ids` s32[B,S] (already in range): [B,S,H]; the backward
// scatter-adds dy into a zero [V,H].
Instruction* EmbeddingForward(GraphBuilder& b, Instruction* table, Instruction* ids);
Instruction* EmbeddingBackward(GraphBuilder& b, const Shape& table, Instruction* ids,
                               Instruction* dy);

// Mean cross-entropy of logits [B,S,V] against labels s32[B,S] (in range); *dlogits gets the
// gradient of the loss.
Instruction* CrossEntropy(GraphBuilder& b, Instruction* logits, Instruction* labels,
                          Instruction** dlogits);

}  // namespace xpar::models
