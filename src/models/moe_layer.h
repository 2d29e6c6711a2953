// GShard's mixture-of-experts MLP with top-2 gating, forward and hand-derived backward, as Alpa's
// FlaxPositionWiseMoELayer computes it: tokens in groups [G, S, M]; softmax gate; first and
// second choice experts by argmax; capacity C per expert and group (later tokens dropped);
// dispatch and combine tensors [G, S, E, C] applied as dot ops; expert MLPs (ReLU) batched over
// the experts with weights wi [E, M, F] and wo [E, F, M]. No auxiliary load-balancing loss.
#pragma once

#include "models/graph_builder.h"

namespace xpar::models {

struct MoeShape {
  int64_t groups = 0, group_size = 0, experts = 0, capacity = 0;
};

struct MoeSaved {
  Instruction* xg = nullptr;                       // [G,S,M] input tokens
  Instruction* gates = nullptr;                    // [G,S,E] softmax
  Instruction *mask1 = nullptr, *mask2 = nullptr;  // [G,S,E] one-hot choices before capacity
  Instruction *flat1 = nullptr, *flat2 = nullptr;  // [G,S] 1 where the choice kept its slot
  Instruction *route1 = nullptr, *route2 = nullptr;  // [G,S,E,C] one-hot expert and slot
  Instruction *g1 = nullptr, *g2 = nullptr;          // [G,S] normalised gate weights
  Instruction* denom = nullptr;                      // [G,S] their normaliser (1 if both dropped)
  Instruction *dispatch = nullptr, *combine = nullptr;  // [G,S,E,C]
  Instruction *expert_in = nullptr, *pre = nullptr, *act = nullptr, *expert_out = nullptr;
};

struct MoeGrads {
  Instruction *dx = nullptr, *dwg = nullptr, *dwi = nullptr, *dwo = nullptr;
};

// x [B,T,M] -> [B,T,M] with gate wg [M,E] and experts wi, wo.
Instruction* MoeForward(GraphBuilder& b, const MoeShape& shape, Instruction* x, Instruction* wg,
                        Instruction* wi, Instruction* wo, MoeSaved* saved);
MoeGrads MoeBackward(GraphBuilder& b, const MoeSaved& s, Instruction* wg, Instruction* wi,
                     Instruction* wo, Instruction* dy);

}  // namespace xpar::models
