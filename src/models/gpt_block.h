// The two halves of a GPT-2 block, shared by the GPT and MoE generators: the attention half
// (x + attn(ln_1(x)), then ln_2 of that, the MLP's input) and the dense GELU MLP.
#pragma once

#include "models/layers.h"
#include "models/model_config.h"

namespace xpar::models {

// Weight slots of the attention half, in ModelWeights order; the MLP's follow.
enum GptAttentionSlot { kLn1W, kLn1B, kAttnW, kAttnB, kProjW, kProjB, kLn2W, kLn2B };
enum GptMlpSlot { kFcW, kFcB, kOutW, kOutB };
constexpr int64_t kAttnSlots = kLn2B + 1;
constexpr int64_t kMlpSlots = kOutB + 1;

struct AttentionHalfSaved {
  NormSaved ln1, ln2;
  Instruction *h1 = nullptr, *ctx = nullptr;
  Instruction* mid = nullptr;  // x + attention: the residual the MLP's output adds to
  Instruction* h2 = nullptr;   // ln_2(mid): the MLP's input
  AttentionSaved attn;
};

// Fills saved (mid and h2 among it); the block's output is saved->mid + MLP(saved->h2).
void GptAttentionForward(GraphBuilder& b, const ModelConfig& c, Instruction* const* w,
                         Instruction* x, AttentionHalfSaved* saved);
// dy: d(block output); dh2: d(MLP input) from the MLP's backward. Returns d(block input) and
// puts the gradients of the attention slots into g[slot].
Instruction* GptAttentionBackward(GraphBuilder& b, const ModelConfig& c, Instruction* const* w,
                                  const AttentionHalfSaved& s, Instruction* dy, Instruction* dh2,
                                  Instruction** g);

struct MlpSaved {
  Instruction *fc = nullptr, *act = nullptr;
};
Instruction* GptMlpForward(GraphBuilder& b, Instruction* const* w, Instruction* h2, MlpSaved* s);
// Returns d(h2); gradients of the MLP slots into g[slot].
Instruction* GptMlpBackward(GraphBuilder& b, Instruction* const* w, Instruction* h2,
                            const MlpSaved& s, Instruction* dy, Instruction** g);

}  // namespace xpar::models
