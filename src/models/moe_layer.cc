// GShard top-2 gating and the expert MLPs (see moe_layer.h). Choices, capacity positions and
// the one-hot routing tensors are computed in f32 (exact counts whatever the model's type) and
// carry no gradient; the gradient reaches the gate through the two chosen gate values.
#include "models/moe_layer.h"

namespace xpar::models {
namespace {

constexpr PrimitiveType kF32 = PrimitiveType::kF32;

Instruction* Zeros(GraphBuilder& b, const Instruction* like) {
  return b.Full(like->shape().type(), 0.0, like->shape().dims());
}

// 1.0 where `pred` holds, else 0.0, in `type`.
Instruction* OneWhere(GraphBuilder& b, Instruction* pred, PrimitiveType type) {
  const Dims& dims = pred->shape().dims();
  return b.Select(pred, b.Full(type, 1.0, dims), b.Full(type, 0.0, dims));
}

// One-hot [G,S,E] of the first largest entry over the last dimension (jnp/torch argmax).
Instruction* ArgmaxOneHot(GraphBuilder& b, Instruction* x) {
  const Dims& dims = x->shape().dims();
  const double experts = static_cast<double>(dims[2]);
  Instruction* is_max =
      b.Compare(x, b.Broadcast(b.ReduceMax(x, {2}), dims, {0, 1}), ComparisonDirection::kEq);
  Instruction* index = b.Iota(kF32, dims, 2);
  // The smallest index holding the maximum, as -max(-index).
  Instruction* candidates = b.Select(is_max, b.Unary(Opcode::kNegate, index),
                                     b.Full(kF32, -experts, dims));
  Instruction* first = b.Broadcast(b.ReduceMax(candidates, {2}), dims, {0, 1});
  return OneWhere(b, b.Compare(b.Unary(Opcode::kNegate, index), first, ComparisonDirection::kEq),
                  kF32);
}

// Exclusive running sum over the tokens (dimension 1) of [G,S,E]: reduce-window, as XLA
// lowers cumsum.
Instruction* ExclusiveCumsum(GraphBuilder& b, Instruction* x) {
  const int64_t tokens = x->shape().dim(1);
  InstructionAttrs attrs;
  attrs.window = {WindowDim{}, WindowDim{tokens, 1, tokens - 1, 0}, WindowDim{}};
  Instruction* inclusive = b.Op(Opcode::kReduceWindow, {x, b.Scalar(kF32, 0.0)},
                                std::move(attrs), {b.Reducer(Opcode::kAdd, kF32)});
  return b.Sub(inclusive, x);
}

struct Choice {
  Instruction* kept = nullptr;  // [G,S,E] f32 one-hot, zero where over capacity
  Instruction* route = nullptr;  // [G,S,E,C] f32
};

// Keeps the choices whose slot `position` [G,S,E] is below the capacity and builds the routing.
Choice Route(GraphBuilder& b, const MoeShape& shape, Instruction* mask, Instruction* position) {
  const Dims& dims = mask->shape().dims();
  Instruction* fits = b.Compare(position, b.Full(kF32, static_cast<double>(shape.capacity), dims),
                                ComparisonDirection::kLt);
  Choice c;
  c.kept = b.Select(fits, mask, b.Full(kF32, 0.0, dims));
  Instruction* slot = b.ReduceSum(b.Mul(position, c.kept), {2});  // [G,S]
  Dims route_dims = {dims[0], dims[1], dims[2], shape.capacity};
  Instruction* slot_hot =
      b.Compare(b.Iota(kF32, {dims[0], dims[1], shape.capacity}, 2),
                b.Broadcast(slot, {dims[0], dims[1], shape.capacity}, {0, 1}),
                ComparisonDirection::kEq);
  c.route = b.Mul(b.Broadcast(c.kept, route_dims, {0, 1, 2}),
                  b.Broadcast(OneWhere(b, slot_hot, kF32), route_dims, {0, 1, 3}));
  return c;
}

Instruction* PerToken(GraphBuilder& b, Instruction* v, const Instruction* like) {
  return b.Broadcast(v, like->shape().dims(), {0, 1});
}

// Gating: fills the routing, gate and dispatch/combine fields of `s` from s->gates.
void Top2Gating(GraphBuilder& b, const MoeShape& shape, MoeSaved* s) {
  const PrimitiveType t = s->gates->shape().type();
  Instruction* mask1 = ArgmaxOneHot(b, s->gates);
  Instruction* not1 = b.Sub(b.Full(t, 1.0, mask1->shape().dims()), b.Convert(mask1, t));
  Instruction* without1 = b.Mul(s->gates, not1);
  Instruction* mask2 = ArgmaxOneHot(b, b.Convert(without1, kF32));
  Choice first = Route(b, shape, mask1, ExclusiveCumsum(b, mask1));
  // Second choices queue behind every kept first choice of their expert.
  Instruction* count1 = b.ReduceSum(first.kept, {1});  // [G,E]
  Instruction* pos2 = b.Add(ExclusiveCumsum(b, mask2),
                            b.Broadcast(count1, mask2->shape().dims(), {0, 2}));
  Choice second = Route(b, shape, mask2, pos2);
  s->mask1 = b.Convert(mask1, t);
  s->mask2 = b.Convert(mask2, t);
  s->flat1 = b.Convert(b.ReduceSum(first.kept, {2}), t);
  s->flat2 = b.Convert(b.ReduceSum(second.kept, {2}), t);
  Instruction* gate1 = b.Mul(b.ReduceSum(b.Mul(s->gates, s->mask1), {2}), s->flat1);
  Instruction* gate2 = b.Mul(b.ReduceSum(b.Mul(without1, s->mask2), {2}), s->flat2);
  Instruction* sum = b.Add(gate1, gate2);
  Instruction* positive = b.Compare(sum, Zeros(b, sum), ComparisonDirection::kGt);
  s->denom = b.Select(positive, sum, b.Full(t, 1.0, sum->shape().dims()));
  s->g1 = b.Div(gate1, s->denom);
  s->g2 = b.Div(gate2, s->denom);
  s->route1 = b.Convert(first.route, t);
  s->route2 = b.Convert(second.route, t);
  s->dispatch = b.Add(s->route1, s->route2);
  const Dims& rd = s->route1->shape().dims();
  s->combine = b.Add(b.Mul(s->route1, b.Broadcast(s->g1, rd, {0, 1})),
                     b.Mul(s->route2, b.Broadcast(s->g2, rd, {0, 1})));
}

Instruction* Softmax(GraphBuilder& b, Instruction* x) {
  Instruction* shifted = b.Sub(x, PerToken(b, b.ReduceMax(x, {2}), x));
  Instruction* exps = b.Unary(Opcode::kExp, shifted);
  return b.Div(exps, PerToken(b, b.ReduceSum(exps, {2}), x));
}

// d(gates) from d(combine): through the normalised gate values of both choices.
Instruction* GatesBackward(GraphBuilder& b, const MoeSaved& s, Instruction* dcombine) {
  Instruction* dg1 = b.ReduceSum(b.Mul(dcombine, s.route1), {2, 3});
  Instruction* dg2 = b.ReduceSum(b.Mul(dcombine, s.route2), {2, 3});
  // g_i = gate_i / (gate1 + gate2): d gate_i = (d g_i - sum_j d g_j g_j) / denom.
  Instruction* shared = b.Add(b.Mul(dg1, s.g1), b.Mul(dg2, s.g2));
  Instruction* dgate1 = b.Mul(b.Div(b.Sub(dg1, shared), s.denom), s.flat1);
  Instruction* dgate2 = b.Mul(b.Div(b.Sub(dg2, shared), s.denom), s.flat2);
  Instruction* not1 = b.Sub(b.Full(s.mask1->shape().type(), 1.0, s.mask1->shape().dims()),
                            s.mask1);
  return b.Add(b.Mul(PerToken(b, dgate1, s.gates), s.mask1),
               b.Mul(PerToken(b, dgate2, s.gates), b.Mul(s.mask2, not1)));
}

}  // namespace

Instruction* MoeForward(GraphBuilder& b, const MoeShape& shape, Instruction* x, Instruction* wg,
                        Instruction* wi, Instruction* wo, MoeSaved* s) {
  const int64_t hidden = x->shape().dims().back();
  s->xg = b.Reshape(x, {shape.groups, shape.group_size, hidden});
  s->gates = Softmax(b, b.Dot(s->xg, wg, {}, {2}, {}, {0}));
  Top2Gating(b, shape, s);
  // GSEC,GSM->EGCM; EGCM,EMF->EGCF; EGCF,EFM->EGCM; GSEC,EGCM->GSM
  s->expert_in = b.Transpose(b.Dot(s->dispatch, s->xg, {0}, {1}, {0}, {1}), {1, 0, 2, 3});
  s->pre = b.Dot(s->expert_in, wi, {0}, {3}, {0}, {1});
  s->act = b.Op(Opcode::kMaximum, {s->pre, Zeros(b, s->pre)});
  s->expert_out = b.Dot(s->act, wo, {0}, {3}, {0}, {1});
  Instruction* y = b.Dot(s->combine, s->expert_out, {0}, {2, 3}, {1}, {0, 2});
  return b.Reshape(y, x->shape().dims());
}

MoeGrads MoeBackward(GraphBuilder& b, const MoeSaved& s, Instruction* wg, Instruction* wi,
                     Instruction* wo, Instruction* dy) {
  const Dims& x_dims = dy->shape().dims();
  Instruction* dyg = b.Reshape(dy, s.xg->shape().dims());
  Instruction* dcombine = b.Dot(dyg, s.expert_out, {0}, {2}, {1}, {3});
  Instruction* dout = b.Transpose(b.Dot(s.combine, dyg, {0}, {1}, {0}, {1}), {1, 0, 2, 3});
  MoeGrads g;
  g.dwo = b.Dot(s.act, dout, {0}, {1, 2}, {0}, {1, 2});
  Instruction* dact = b.Dot(dout, wo, {0}, {3}, {0}, {2});
  Instruction* live = b.Compare(s.pre, Zeros(b, s.pre), ComparisonDirection::kGt);
  Instruction* dpre = b.Select(live, dact, Zeros(b, dact));
  g.dwi = b.Dot(s.expert_in, dpre, {0}, {1, 2}, {0}, {1, 2});
  Instruction* din = b.Dot(dpre, wi, {0}, {3}, {0}, {2});
  Instruction* dxg = b.Dot(s.dispatch, din, {0}, {2, 3}, {1}, {0, 2});
  Instruction* dgates = GatesBackward(b, s, dcombine);
  Instruction* inner = b.ReduceSum(b.Mul(dgates, s.gates), {2});
  Instruction* dlogits = b.Mul(s.gates, b.Sub(dgates, PerToken(b, inner, s.gates)));
  g.dwg = b.Dot(s.xg, dlogits, {}, {0, 1}, {}, {0, 1});
  dxg = b.Add(dxg, b.Dot(dlogits, wg, {}, {2}, {}, {1}));
  g.dx = b.Reshape(dxg, x_dims);
  return g;
}

}  // namespace xpar::models
