// Linear, normalisation, activation, embedding and loss pieces of the generated training steps,
// forward and hand-derived backward. Formulas follow PyTorch (torch.nn.functional) so the steps
// match torch autograd; tests/lit/models compares them.
#include "models/layers.h"

#include <cmath>

namespace xpar::models {
namespace {

// sqrt(2 / pi) and the cubic coefficient of GELU's tanh approximation.
constexpr double kGeluScale = 0.7978845608028654;
constexpr double kGeluCubic = 0.044715;

Dims Leading(const Instruction* x) {
  const Dims& d = x->shape().dims();
  return Dims(d.begin(), d.end() - 1);
}

int64_t Rows(const Instruction* x) {
  int64_t n = 1;
  for (int64_t d : Leading(x)) n *= d;
  return n;
}

// x reshaped to [rows, last dimension].
Instruction* Flatten(GraphBuilder& b, Instruction* x) {
  return b.Reshape(x, {Rows(x), x->shape().dims().back()});
}

// A [B,S] statistic broadcast back over the features of `like` [B,S,H].
Instruction* PerRow(GraphBuilder& b, Instruction* stat, const Instruction* like) {
  return b.Broadcast(stat, like->shape().dims(), {0, 1});
}

// A [H] weight broadcast over the rows of `like` [B,S,H].
Instruction* PerFeature(GraphBuilder& b, Instruction* w, const Instruction* like) {
  return b.Broadcast(w, like->shape().dims(), {2});
}

Instruction* DivScalar(GraphBuilder& b, Instruction* x, double value) {
  return b.Div(x, b.Full(x->shape().type(), value, x->shape().dims()));
}

}  // namespace

Instruction* LinearForward(GraphBuilder& b, Instruction* x, Instruction* w, Instruction* bias,
                           WeightLayout layout) {
  int64_t in_dim = layout == WeightLayout::kInOut ? 0 : 1;
  Instruction* y2 = b.Dot(Flatten(b, x), w, {}, {1}, {}, {in_dim});
  Dims out = Leading(x);
  out.push_back(y2->shape().dim(1));
  Instruction* y = b.Reshape(y2, out);
  return bias ? b.Add(y, PerFeature(b, bias, y)) : y;
}

LinearGrads LinearBackward(GraphBuilder& b, Instruction* x, Instruction* w, Instruction* dy,
                           WeightLayout layout, bool has_bias) {
  bool in_out = layout == WeightLayout::kInOut;
  Instruction* dy2 = Flatten(b, dy);
  Instruction* x2 = Flatten(b, x);
  LinearGrads g;
  g.dx = b.Reshape(b.Dot(dy2, w, {}, {1}, {}, {in_out ? 1 : 0}), x->shape().dims());
  g.dw = in_out ? b.Dot(x2, dy2, {}, {0}, {}, {0}) : b.Dot(dy2, x2, {}, {0}, {}, {0});
  if (has_bias) g.db = b.ReduceSum(dy, {0, 1});
  return g;
}

Instruction* NormForward(GraphBuilder& b, Instruction* x, Instruction* scale, Instruction* bias,
                         bool rms, double eps, NormSaved* saved) {
  double width = static_cast<double>(x->shape().dims().back());
  Instruction* centered = x;
  if (!rms) {
    Instruction* mean = DivScalar(b, b.ReduceSum(x, {2}), width);
    centered = b.Sub(x, PerRow(b, mean, x));
  }
  Instruction* var = DivScalar(b, b.ReduceSum(b.Mul(centered, centered), {2}), width);
  saved->rstd = b.Unary(Opcode::kRsqrt, b.AddScalar(var, eps));
  saved->normalized = b.Mul(centered, PerRow(b, saved->rstd, x));
  Instruction* y = b.Mul(saved->normalized, PerFeature(b, scale, x));
  return bias ? b.Add(y, PerFeature(b, bias, x)) : y;
}

NormGrads NormBackward(GraphBuilder& b, const NormSaved& saved, Instruction* scale,
                       Instruction* dy, bool rms) {
  Instruction* xh = saved.normalized;
  double width = static_cast<double>(xh->shape().dims().back());
  NormGrads g;
  g.dscale = b.ReduceSum(b.Mul(dy, xh), {0, 1});
  if (!rms) g.dbias = b.ReduceSum(dy, {0, 1});
  Instruction* dxh = b.Mul(dy, PerFeature(b, scale, dy));
  Instruction* proj = DivScalar(b, b.ReduceSum(b.Mul(dxh, xh), {2}), width);
  Instruction* t = b.Sub(dxh, b.Mul(xh, PerRow(b, proj, xh)));
  if (!rms) t = b.Sub(t, PerRow(b, DivScalar(b, b.ReduceSum(dxh, {2}), width), xh));
  g.dx = b.Mul(t, PerRow(b, saved.rstd, xh));
  return g;
}

Instruction* GeluForward(GraphBuilder& b, Instruction* x) {
  Instruction* cube = b.Mul(b.Mul(x, x), x);
  Instruction* inner = b.MulScalar(b.Add(x, b.MulScalar(cube, kGeluCubic)), kGeluScale);
  Instruction* t = b.Unary(Opcode::kTanh, inner);
  return b.Mul(b.MulScalar(x, 0.5), b.AddScalar(t, 1.0));
}

Instruction* GeluBackward(GraphBuilder& b, Instruction* x, Instruction* dy) {
  Instruction* x2 = b.Mul(x, x);
  Instruction* inner = b.MulScalar(b.Add(x, b.MulScalar(b.Mul(x2, x), kGeluCubic)), kGeluScale);
  Instruction* t = b.Unary(Opcode::kTanh, inner);
  Instruction* sech2 = b.Sub(b.Full(x->shape().type(), 1.0, x->shape().dims()), b.Mul(t, t));
  Instruction* dinner = b.MulScalar(b.AddScalar(b.MulScalar(x2, 3 * kGeluCubic), 1.0), kGeluScale);
  Instruction* grad = b.Add(b.MulScalar(b.AddScalar(t, 1.0), 0.5),
                            b.Mul(b.MulScalar(x, 0.5), b.Mul(sech2, dinner)));
  return b.Mul(dy, grad);
}

Instruction* SwigluForward(GraphBuilder& b, Instruction* gate, Instruction* up) {
  return b.Mul(b.Mul(gate, b.Unary(Opcode::kLogistic, gate)), up);
}

std::pair<Instruction*, Instruction*> SwigluBackward(GraphBuilder& b, Instruction* gate,
                                                     Instruction* up, Instruction* dy) {
  Instruction* s = b.Unary(Opcode::kLogistic, gate);
  Instruction* silu = b.Mul(gate, s);
  Instruction* dup = b.Mul(dy, silu);
  Instruction* one = b.Full(gate->shape().type(), 1.0, gate->shape().dims());
  // d silu / d gate = s * (1 + gate * (1 - s))
  Instruction* dsilu = b.Mul(s, b.Add(one, b.Mul(gate, b.Sub(one, s))));
  return {b.Mul(b.Mul(dy, up), dsilu), dup};
}

Instruction* EmbeddingForward(GraphBuilder& b, Instruction* table, Instruction* ids) {
  Dims index_dims = ids->shape().dims();
  index_dims.push_back(1);
  InstructionAttrs attrs;
  attrs.gather = GatherDims{{2}, {0}, {0}, {}, {}, 2};
  attrs.gather_slice_sizes = {1, table->shape().dim(1)};
  return b.Op(Opcode::kGather, {table, b.Reshape(ids, index_dims)}, std::move(attrs));
}

Instruction* EmbeddingBackward(GraphBuilder& b, const Shape& table, Instruction* ids,
                               Instruction* dy) {
  Dims index_dims = ids->shape().dims();
  index_dims.push_back(1);
  InstructionAttrs attrs;
  attrs.scatter = ScatterDims{{2}, {0}, {0}, {}, {}, 2};
  PrimitiveType t = table.type();
  Instruction* zeros = b.Full(t, 0.0, table.dims());
  return b.Op(Opcode::kScatter, {zeros, b.Reshape(ids, index_dims), dy}, std::move(attrs),
              {b.Reducer(Opcode::kAdd, t)});
}

Instruction* CrossEntropy(GraphBuilder& b, Instruction* logits, Instruction* labels,
                          Instruction** dlogits) {
  const Dims& dims = logits->shape().dims();
  PrimitiveType t = logits->shape().type();
  double tokens = static_cast<double>(Rows(logits));
  Instruction* shifted = b.Sub(logits, PerRow(b, b.ReduceMax(logits, {2}), logits));
  Instruction* exps = b.Unary(Opcode::kExp, shifted);
  Instruction* sums = b.ReduceSum(exps, {2});
  Instruction* lse = b.Unary(Opcode::kLog, sums);
  Instruction* onehot = b.Compare(b.Iota(PrimitiveType::kS32, dims, 2),
                                  b.Broadcast(labels, dims, {0, 1}), ComparisonDirection::kEq);
  Instruction* zeros = b.Full(t, 0.0, dims);
  Instruction* picked = b.ReduceSum(b.Select(onehot, shifted, zeros), {2});
  Instruction* loss = b.Div(b.ReduceSum(b.Sub(lse, picked), {0, 1}), b.Scalar(t, tokens));
  Instruction* probs = b.Div(exps, PerRow(b, sums, logits));
  Instruction* target = b.Select(onehot, b.Full(t, 1.0, dims), zeros);
  *dlogits = DivScalar(b, b.Sub(probs, target), tokens);
  return loss;
}

}  // namespace xpar::models
