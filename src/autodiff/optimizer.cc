// The optimizer updates as IR, formula for formula as torch.optim writes them (single-tensor,
// non-capturable paths): SGD with L2 weight decay, SGD with momentum (dampening 0, no Nesterov),
// AdamW with bias correction and decoupled weight decay; global gradient-norm clipping as
// torch.nn.utils.clip_grad_norm_; static loss scaling undone before any of them.
//
//   AdamW, per weight w with gradient g at step t = step + 1:
//     w' = w (1 - lr wd);  m' = b1 m + (1 - b1) g;  v' = b2 v + (1 - b2) g^2
//     w'' = w' - lr / (1 - b1^t) * m' / (sqrt(v') / sqrt(1 - b2^t) + eps)
#include "autodiff/optimizer_internal.h"

namespace xpar::autodiff {

using models::Dims;
using models::GraphBuilder;

std::vector<std::string> PerWeightStateNames(const OptimizerOptions& options) {
  switch (options.kind) {
    case OptimizerKind::kSgd: return {};
    case OptimizerKind::kMomentum: return {"momentum_buffer"};
    case OptimizerKind::kAdamW: return {"exp_avg", "exp_avg_sq"};
  }
  return {};
}

bool HasStepCounter(const OptimizerOptions& options) {
  return options.kind == OptimizerKind::kAdamW;
}

Status ValidateOptimizerOptions(const OptimizerOptions& o) {
  auto bad = [](const char* what, double v) {
    return InvalidArgument("optimizer: {} = {} is out of range", what, v);
  };
  if (!(o.lr >= 0) || !std::isfinite(o.lr)) return bad("lr", o.lr);
  if (!(o.weight_decay >= 0)) return bad("weight_decay", o.weight_decay);
  if (!(o.clip_norm >= 0)) return bad("clip_norm", o.clip_norm);
  if (!(o.loss_scale > 0) || !std::isfinite(o.loss_scale)) return bad("loss_scale", o.loss_scale);
  if (o.kind == OptimizerKind::kMomentum && !(o.momentum >= 0)) return bad("momentum", o.momentum);
  if (o.kind == OptimizerKind::kAdamW) {
    if (!(o.beta1 >= 0 && o.beta1 < 1)) return bad("beta1", o.beta1);
    if (!(o.beta2 >= 0 && o.beta2 < 1)) return bad("beta2", o.beta2);
    if (!(o.eps >= 0)) return bad("eps", o.eps);
  }
  return Status::Ok();
}

namespace {

// A scalar of type f64 broadcast to x's shape in x's type.
Instruction* Like(GraphBuilder& b, Instruction* scalar_f64, Instruction* x) {
  Instruction* s = b.Convert(scalar_f64, x->shape().type());
  return x->shape().rank() == 0 ? s : b.Broadcast(s, x->shape().dims(), {});
}

// clip_grad_norm_: total = sqrt(sum of every gradient's squared entries), each gradient times
// min(1, max_norm / (total + 1e-6)); the norm is accumulated in f32 (f64 for f64 gradients).
void ClipGradients(GraphBuilder& b, double max_norm, std::vector<Instruction*>& grads) {
  constexpr double kTorchClipEps = 1e-6;  // torch.nn.utils.clip_grad_norm_'s epsilon
  PrimitiveType acc = PrimitiveType::kF32;
  for (Instruction* g : grads) {
    if (g->shape().type() == PrimitiveType::kF64) acc = PrimitiveType::kF64;
  }
  Instruction* total = b.Scalar(acc, 0);
  for (Instruction* g : grads) {
    Instruction* x = b.Convert(g, acc);
    Dims all(static_cast<size_t>(x->shape().rank()));
    for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int64_t>(i);
    total = b.Add(total, b.ReduceSum(b.Mul(x, x), all));
  }
  Instruction* norm = b.Convert(b.Unary(Opcode::kSqrt, total), PrimitiveType::kF64);
  Instruction* coef = b.Div(b.Scalar(PrimitiveType::kF64, max_norm),
                            b.AddScalar(norm, kTorchClipEps));
  coef = b.Op(Opcode::kMinimum, {coef, b.Scalar(PrimitiveType::kF64, 1.0)});
  for (Instruction*& g : grads) g = b.Mul(g, Like(b, coef, g));
}

// SGD and momentum: d = g + wd w; buf' = momentum buf + d; w' = w - lr buf' (or lr d).
void SgdUpdate(GraphBuilder& b, const OptimizerOptions& o, OptimizerValues& v) {
  const bool momentum = o.kind == OptimizerKind::kMomentum;
  for (size_t i = 0; i < v.weights.size(); ++i) {
    Instruction* w = v.weights[i];
    Instruction* d = v.grads[i];
    if (o.weight_decay != 0) d = b.Add(d, b.MulScalar(w, o.weight_decay));
    if (momentum) {
      Instruction* buf = b.Add(b.MulScalar(v.state[i], o.momentum), d);
      v.new_state[i] = buf;
      d = buf;
    }
    v.new_weights[i] = b.Sub(w, b.MulScalar(d, o.lr));
  }
}

void AdamWUpdate(GraphBuilder& b, const OptimizerOptions& o, OptimizerValues& v) {
  const size_t n = v.weights.size();
  const PrimitiveType f64 = PrimitiveType::kF64;
  Instruction* step = v.state[2 * n];
  Instruction* next = b.Add(step, b.Scalar(step->shape().type(), 1));
  Instruction* t = b.Convert(next, f64);
  auto bias = [&](double beta) {
    return b.Sub(b.Scalar(f64, 1), b.Op(Opcode::kPower, {b.Scalar(f64, beta), t}));
  };
  Instruction* step_size = b.Div(b.Scalar(f64, o.lr), bias(o.beta1));
  Instruction* bias2_sqrt = b.Unary(Opcode::kSqrt, bias(o.beta2));
  for (size_t i = 0; i < n; ++i) {
    Instruction* w = v.weights[i];
    Instruction* g = v.grads[i];
    Instruction* decayed = o.weight_decay != 0 ? b.MulScalar(w, 1.0 - o.lr * o.weight_decay) : w;
    Instruction* m = b.Add(b.MulScalar(v.state[i], o.beta1), b.MulScalar(g, 1.0 - o.beta1));
    Instruction* sq = b.Add(b.MulScalar(v.state[n + i], o.beta2),
                            b.MulScalar(b.Mul(g, g), 1.0 - o.beta2));
    Instruction* denom =
        b.AddScalar(b.Div(b.Unary(Opcode::kSqrt, sq), Like(b, bias2_sqrt, sq)), o.eps);
    v.new_weights[i] = b.Sub(decayed, b.Mul(Like(b, step_size, w), b.Div(m, denom)));
    v.new_state[i] = m;
    v.new_state[n + i] = sq;
  }
  v.new_state[2 * n] = next;
}

}  // namespace

void BuildOptimizerUpdate(GraphBuilder& b, const OptimizerOptions& o, OptimizerValues& v) {
  v.new_weights.assign(v.weights.size(), nullptr);
  v.new_state.assign(v.state.size(), nullptr);
  if (o.loss_scale != 1.0) {
    v.loss = b.MulScalar(v.loss, 1.0 / o.loss_scale);
    for (Instruction*& g : v.grads) g = b.MulScalar(g, 1.0 / o.loss_scale);
  }
  if (o.clip_norm > 0) ClipGradients(b, o.clip_norm, v.grads);
  switch (o.kind) {
    case OptimizerKind::kSgd:
    case OptimizerKind::kMomentum: SgdUpdate(b, o, v); return;
    case OptimizerKind::kAdamW: AdamWUpdate(b, o, v); return;
  }
}

}  // namespace xpar::autodiff
