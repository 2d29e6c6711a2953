// Wide-ResNet (Alpa's flax ResNetV1 with bottleneck blocks): a 7x7 stride-2 stem convolution,
// batch norm, ReLU and a 3x3 stride-2 max pool; stages of bottleneck blocks (1x1, 3x3 with the
// stage's stride and `width_factor` times the width, 1x1 to 4x the width, each followed by batch
// norm; a projection shortcut where the shape changes); global average pool; a linear
// classifier; mean cross-entropy. Convolutions pad SAME, as flax does. Forward, then backward.
#include <fmt/format.h>

#include "models/conv_layers.h"
#include "models/layers.h"
#include "models/training_step.h"

namespace xpar::models {
namespace {

enum ConvBnSlot { kConvW, kBnScale, kBnOffset, kConvBnSlots };
enum BlockPart { kReduce, kSpatial, kExpand, kProjection, kParts };
constexpr int64_t kStemStride = 2;
constexpr Pad kStemPad = {3, 3};

struct BlockSaved {
  ConvBnSaved part[kParts];
  Instruction *a1 = nullptr, *a2 = nullptr, *out = nullptr;
  bool projection = false;
};

// Weights of conv-bn part `p`.
Instruction* const* Part(Instruction* const* w, int64_t p) { return w + kConvBnSlots * p; }

Instruction* ConvBn(GraphBuilder& b, const ResnetConfig& r, Instruction* const* w,
                    Instruction* x, int64_t stride, ConvBnSaved* s) {
  int64_t k = w[kConvW]->shape().dim(2);
  Pad pad = SamePadding(x->shape().dim(2), k, stride);
  return ConvBnForward(b, x, w[kConvW], w[kBnScale], w[kBnOffset], stride, pad, r.bn_eps, s);
}

Instruction* BlockForward(GraphBuilder& b, const ResnetConfig& r, Instruction* const* w,
                          Instruction* x, int64_t stride, BlockSaved* s) {
  s->a1 = Relu(b, ConvBn(b, r, Part(w, kReduce), x, 1, &s->part[kReduce]));
  s->a2 = Relu(b, ConvBn(b, r, Part(w, kSpatial), s->a1, stride, &s->part[kSpatial]));
  Instruction* y = ConvBn(b, r, Part(w, kExpand), s->a2, 1, &s->part[kExpand]);
  Instruction* shortcut =
      s->projection ? ConvBn(b, r, Part(w, kProjection), x, stride, &s->part[kProjection]) : x;
  s->out = Relu(b, b.Add(y, shortcut));
  return s->out;
}

// Gradients of part p into g[kConvBnSlots * p + slot]; returns d(part input).
Instruction* ConvBnGrad(GraphBuilder& b, const ResnetConfig& r, Instruction* const* w,
                        const ConvBnSaved& s, Instruction* dy, int64_t p, Instruction** g) {
  Instruction* const* pw = Part(w, p);
  ConvBnGrads cg = ConvBnBackward(b, s, pw[kConvW], pw[kBnScale], dy, r.bn_eps, true);
  g[kConvBnSlots * p + kConvW] = cg.dw;
  g[kConvBnSlots * p + kBnScale] = cg.dscale;
  g[kConvBnSlots * p + kBnOffset] = cg.doffset;
  return cg.dx;
}

Instruction* BlockBackward(GraphBuilder& b, const ResnetConfig& r, Instruction* const* w,
                           const BlockSaved& s, Instruction* dy, Instruction** g) {
  Instruction* dsum = ReluBackward(b, s.out, dy);
  Instruction* d = ConvBnGrad(b, r, w, s.part[kExpand], dsum, kExpand, g);
  d = ConvBnGrad(b, r, w, s.part[kSpatial], ReluBackward(b, s.a2, d), kSpatial, g);
  d = ConvBnGrad(b, r, w, s.part[kReduce], ReluBackward(b, s.a1, d), kReduce, g);
  Instruction* dshortcut =
      s.projection ? ConvBnGrad(b, r, w, s.part[kProjection], dsum, kProjection, g) : dsum;
  return b.Add(d, dshortcut);
}

struct Stem {
  ConvBnSaved conv;
  Instruction* act = nullptr;
  PoolSaved pool;
};

// The classifier on pooled features [N,F] as a sequence of one token, so the linear and
// cross-entropy pieces of the transformers apply; returns the loss and d(features).
Instruction* Classifier(GraphBuilder& b, Instruction* features, Instruction* labels,
                        Instruction* w, Instruction* bias, Instruction** dfeatures,
                        Instruction** dw, Instruction** db) {
  const Dims& f = features->shape().dims();
  Instruction* x = b.Reshape(features, {f[0], 1, f[1]});
  Instruction* logits = LinearForward(b, x, w, bias, WeightLayout::kOutIn);
  Instruction* dlogits = nullptr;
  Instruction* loss = CrossEntropy(b, logits, b.Reshape(labels, {f[0], 1}), &dlogits);
  LinearGrads g = LinearBackward(b, x, w, dlogits, WeightLayout::kOutIn, true);
  *dfeatures = b.Reshape(g.dx, f);
  *dw = g.dw;
  *db = g.db;
  return loss;
}

}  // namespace

Instruction* WideResnetForwardBackward(GraphBuilder& b, const ModelConfig& c,
                                       const StepValues& in, std::vector<Instruction*>* grads) {
  const ResnetConfig& r = c.resnet;
  const std::vector<Instruction*>& w = in.weights;
  std::vector<Instruction*>& g = *grads;
  b.set_scope("stem/forward");
  Stem stem;
  stem.act = Relu(b, ConvBnForward(b, in.images, w[kConvW], w[kBnScale], w[kBnOffset],
                                   kStemStride, kStemPad, r.bn_eps, &stem.conv));
  Instruction* x = MaxPoolForward(b, stem.act, &stem.pool);
  std::vector<BlockSaved> saved;
  std::vector<int64_t> first;  // each block's first weight
  std::vector<std::string> names;
  int64_t next = kConvBnSlots;
  for (size_t i = 0; i < r.stage_blocks.size(); ++i) {
    for (int64_t j = 0; j < r.stage_blocks[i]; ++j) {
      names.push_back(fmt::format("layer{}.{}", i + 1, j));
      b.set_scope(names.back() + "/forward");
      saved.emplace_back();
      saved.back().projection = ResnetHasProjection(r, i, j);
      first.push_back(next);
      x = BlockForward(b, r, &w[next], x, ResnetStride(i, j), &saved.back());
      next += kConvBnSlots * (saved.back().projection ? kParts : kParts - 1);
    }
  }
  b.set_scope("fc");
  Instruction* dfeatures = nullptr;
  Instruction* loss = Classifier(b, GlobalAvgPool(b, x), in.labels, w[next], w[next + 1],
                                 &dfeatures, &g[next], &g[next + 1]);
  Instruction* dx = GlobalAvgPoolBackward(b, x->shape(), dfeatures);
  for (int64_t k = static_cast<int64_t>(saved.size()) - 1; k >= 0; --k) {
    b.set_scope(names[k] + "/backward");
    dx = BlockBackward(b, r, &w[first[k]], saved[k], dx, &g[first[k]]);
  }
  b.set_scope("stem/backward");
  dx = ReluBackward(b, stem.act, MaxPoolBackward(b, stem.pool, dx));
  ConvBnGrads sg = ConvBnBackward(b, stem.conv, w[kConvW], w[kBnScale], dx, r.bn_eps, false);
  g[kConvW] = sg.dw;
  g[kBnScale] = sg.dscale;
  g[kBnOffset] = sg.doffset;
  return loss;
}

}  // namespace xpar::models
