// Causal self-attention forward and backward: scores = q k^T / sqrt(D), causal mask, softmax,
// probs v; optional rotary embeddings (HF rotate_half) and grouped-query heads (HF repeat_kv).
#include <cmath>
#include <limits>

#include "models/layers.h"

namespace xpar::models {
namespace {

struct Heads {
  int64_t batch, seq;
};

Heads HeadsOf(const Instruction* x) { return {x->shape().dim(0), x->shape().dim(1)}; }

// [B,S,n*D] -> [B,S,n,D]
Instruction* Split(GraphBuilder& b, Instruction* x, int64_t n, int64_t d) {
  Heads h = HeadsOf(x);
  return b.Reshape(x, {h.batch, h.seq, n, d});
}

// cat(-x[..., D/2:], x[..., :D/2]) over the last dimension of [B,S,n,D].
Instruction* RotateHalf(GraphBuilder& b, Instruction* x) {
  int64_t d = x->shape().dim(3);
  Instruction* lo = b.Slice(x, 3, 0, d / 2);
  Instruction* hi = b.Slice(x, 3, d / 2, d);
  return b.Concat({b.Unary(Opcode::kNegate, hi), lo}, 3);
}

// cos and sin of position * inv_freq, [S,D] in the model's type (HF LlamaRotaryEmbedding).
void RotaryTables(GraphBuilder& b, const AttentionConfig& config, int64_t seq,
                  PrimitiveType type, AttentionSaved* saved) {
  int64_t half = config.head_dim / 2;
  std::vector<float> inv_freq(half);
  for (int64_t i = 0; i < half; ++i) {
    double exponent = static_cast<double>(2 * i) / static_cast<double>(config.head_dim);
    inv_freq[i] = static_cast<float>(1.0 / std::pow(config.rope_theta, exponent));
  }
  Instruction* inv = b.Constant(Literal::FromVector<float>({half}, inv_freq));
  Instruction* pos = b.Iota(PrimitiveType::kF32, {seq, half}, 0);
  Instruction* freqs = b.Mul(pos, b.Broadcast(inv, {seq, half}, {1}));
  Instruction* emb = b.Concat({freqs, freqs}, 1);
  saved->cos = b.Convert(b.Unary(Opcode::kCosine, emb), type);
  saved->sin = b.Convert(b.Unary(Opcode::kSine, emb), type);
}

// x * cos + rotate_half(x) * sin on [B,S,n,D]; `transposed` applies the transpose (backward).
Instruction* ApplyRotary(GraphBuilder& b, const AttentionSaved& saved, Instruction* x,
                         bool transposed) {
  const Dims& dims = x->shape().dims();
  Instruction* cos = b.Broadcast(saved.cos, dims, {1, 3});
  Instruction* sin = b.Broadcast(saved.sin, dims, {1, 3});
  if (!transposed) return b.Add(b.Mul(x, cos), b.Mul(RotateHalf(b, x), sin));
  // rotate_half^T = -rotate_half
  return b.Sub(b.Mul(x, cos), RotateHalf(b, b.Mul(x, sin)));
}

// [B,S,kv,D] -> [B,S,kv*groups,D], each kv head repeated for its group of query heads.
Instruction* RepeatKv(GraphBuilder& b, Instruction* x, int64_t groups) {
  if (groups == 1) return x;
  const Dims& d = x->shape().dims();
  Instruction* wide = b.Broadcast(x, {d[0], d[1], d[2], groups, d[3]}, {0, 1, 2, 4});
  return b.Reshape(wide, {d[0], d[1], d[2] * groups, d[3]});
}

Instruction* SumKvGroups(GraphBuilder& b, Instruction* x, int64_t kv_heads) {
  const Dims& d = x->shape().dims();
  if (d[2] == kv_heads) return x;
  return b.ReduceSum(b.Reshape(x, {d[0], d[1], kv_heads, d[2] / kv_heads, d[3]}), {3});
}

Instruction* ToHeadMajor(GraphBuilder& b, Instruction* x) {
  return b.Transpose(x, {0, 2, 1, 3});
}

Instruction* Softmax(GraphBuilder& b, Instruction* x) {
  const Dims& dims = x->shape().dims();
  Instruction* shifted = b.Sub(x, b.Broadcast(b.ReduceMax(x, {3}), dims, {0, 1, 2}));
  Instruction* exps = b.Unary(Opcode::kExp, shifted);
  return b.Div(exps, b.Broadcast(b.ReduceSum(exps, {3}), dims, {0, 1, 2}));
}

Instruction* CausalMask(GraphBuilder& b, Instruction* scores) {
  const Dims& dims = scores->shape().dims();
  int64_t seq = dims[2];
  PrimitiveType t = scores->shape().type();
  Instruction* allowed =
      b.Compare(b.Iota(PrimitiveType::kS32, {seq, seq}, 0),
                b.Iota(PrimitiveType::kS32, {seq, seq}, 1), ComparisonDirection::kGe);
  Instruction* lowest = b.Full(t, std::numeric_limits<float>::lowest(), dims);
  return b.Select(b.Broadcast(allowed, dims, {2, 3}), scores, lowest);
}

}  // namespace

Instruction* AttentionForward(GraphBuilder& b, const AttentionConfig& config, Instruction* q,
                              Instruction* k, Instruction* v, AttentionSaved* saved) {
  Heads h = HeadsOf(q);
  PrimitiveType t = q->shape().type();
  Instruction* q4 = Split(b, q, config.heads, config.head_dim);
  Instruction* k4 = Split(b, k, config.kv_heads, config.head_dim);
  if (config.rope) {
    RotaryTables(b, config, h.seq, t, saved);
    q4 = ApplyRotary(b, *saved, q4, false);
    k4 = ApplyRotary(b, *saved, k4, false);
  }
  int64_t groups = config.heads / config.kv_heads;
  saved->q = ToHeadMajor(b, q4);
  saved->k = ToHeadMajor(b, RepeatKv(b, k4, groups));
  saved->v = ToHeadMajor(b, RepeatKv(b, Split(b, v, config.kv_heads, config.head_dim), groups));
  Instruction* scores = b.Dot(saved->q, saved->k, {0, 1}, {3}, {0, 1}, {3});
  double scale = std::sqrt(static_cast<double>(config.head_dim));
  scores = b.Div(scores, b.Full(t, scale, scores->shape().dims()));
  saved->probs = Softmax(b, CausalMask(b, scores));
  Instruction* ctx = b.Dot(saved->probs, saved->v, {0, 1}, {3}, {0, 1}, {2});
  return b.Reshape(ToHeadMajor(b, ctx), {h.batch, h.seq, config.heads * config.head_dim});
}

AttentionGrads AttentionBackward(GraphBuilder& b, const AttentionConfig& config,
                                 const AttentionSaved& saved, Instruction* dctx) {
  Heads h = HeadsOf(dctx);
  PrimitiveType t = dctx->shape().type();
  Instruction* dctx4 = ToHeadMajor(b, Split(b, dctx, config.heads, config.head_dim));
  Instruction* dprobs = b.Dot(dctx4, saved.v, {0, 1}, {3}, {0, 1}, {3});
  Instruction* dv = b.Dot(saved.probs, dctx4, {0, 1}, {2}, {0, 1}, {2});
  const Dims& sdims = dprobs->shape().dims();
  Instruction* inner = b.ReduceSum(b.Mul(dprobs, saved.probs), {3});
  Instruction* dscores =
      b.Mul(saved.probs, b.Sub(dprobs, b.Broadcast(inner, sdims, {0, 1, 2})));
  double scale = std::sqrt(static_cast<double>(config.head_dim));
  dscores = b.Div(dscores, b.Full(t, scale, sdims));
  Instruction* dq = ToHeadMajor(b, b.Dot(dscores, saved.k, {0, 1}, {3}, {0, 1}, {2}));
  Instruction* dk = ToHeadMajor(b, b.Dot(dscores, saved.q, {0, 1}, {2}, {0, 1}, {2}));
  dk = SumKvGroups(b, dk, config.kv_heads);
  dv = SumKvGroups(b, ToHeadMajor(b, dv), config.kv_heads);
  if (config.rope) {
    dq = ApplyRotary(b, saved, dq, true);
    dk = ApplyRotary(b, saved, dk, true);
  }
  int64_t kv_width = config.kv_heads * config.head_dim;
  return {b.Reshape(dq, {h.batch, h.seq, config.heads * config.head_dim}),
          b.Reshape(dk, {h.batch, h.seq, kv_width}), b.Reshape(dv, {h.batch, h.seq, kv_width})};
}

}  // namespace xpar::models
