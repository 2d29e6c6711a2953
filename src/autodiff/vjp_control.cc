// VJP rules of tuples, batch-norm-training, the custom calls whose meaning xpar knows, and the
// ops whose gradient needs more than one rule (while loops: not yet).
#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <numbers>

#include "autodiff/inline.h"
#include "autodiff/vjp.h"

namespace xpar::autodiff {

// tuple and opt-barrier: element i's adjoint is operand i's (opt-barrier on a tuple: element i
// of the operand's).
Status VjpTuple(VjpContext& ctx) {
  const Instruction& t = *ctx.inst;
  if (t.opcode() == Opcode::kOptimizationBarrier && t.operand(0)->shape().IsArray()) {
    return ctx.AddGrad(0, ctx.grad());
  }
  bool barrier = t.opcode() == Opcode::kOptimizationBarrier;
  int64_t n = static_cast<int64_t>(t.shape().tuple_shapes().size());
  for (int64_t i = 0; i < n; ++i) {
    Instruction* g = ctx.tuple_grad(i);
    if (g == nullptr) continue;
    RETURN_IF_ERROR(barrier ? ctx.AddTupleGrad(0, i, g) : ctx.AddGrad(i, g));
  }
  return Status::Ok();
}

Status VjpGetTupleElement(VjpContext& ctx) {
  if (!ctx.inst->shape().IsArray()) {
    return ctx.Error("no gradient rule for a get-tuple-element of a nested tuple");
  }
  return ctx.AddTupleGrad(0, ctx.inst->attrs().tuple_index, ctx.grad());
}

// batch-norm-training(x, scale, offset) -> (y, mean, var): batch-norm-grad gives all three
// adjoints from y's; adjoints arriving through mean or var are not handled.
Status VjpBatchNormTraining(VjpContext& ctx) {
  if (ctx.tuple_grad(1) != nullptr || ctx.tuple_grad(2) != nullptr) {
    return ctx.Error("no gradient rule for batch-norm-training's mean or variance outputs "
                     "(only its normalized output is differentiated)");
  }
  Instruction* gy = ctx.tuple_grad(0);
  if (gy == nullptr) return Status::Ok();
  AdBuilder& b = ctx.b;
  InstructionAttrs attrs;
  attrs.epsilon = ctx.inst->attrs().epsilon;
  attrs.feature_index = ctx.inst->attrs().feature_index;
  Instruction* grads = b.Op(Opcode::kBatchNormGrad,
                            {ctx.operand(0), ctx.operand(1), b.GetTupleElement(ctx.inst, 1),
                             b.GetTupleElement(ctx.inst, 2), gy},
                            std::move(attrs));
  for (int64_t i = 0; i < 3; ++i) {
    if (ctx.active(i)) RETURN_IF_ERROR(ctx.AddGrad(i, b.GetTupleElement(grads, i)));
  }
  return Status::Ok();
}

// batch-norm-inference(x, scale, offset, mean, var): y = (x - mean) * scale * r + offset with
// r = rsqrt(var + epsilon) per feature, so dx = g scale r, dscale = sum g (x - mean) r,
// doffset = sum g, dmean = -sum g * scale r, dvar = -1/2 sum g (x - mean) * scale r^3.
Status VjpBatchNormInference(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Instruction& bn = *ctx.inst;
  Instruction *x = ctx.operand(0), *g = ctx.grad();
  int64_t f = bn.attrs().feature_index;
  const Dims& dims = x->shape().dims();
  Dims others;
  for (int64_t i = 0; i < x->shape().rank(); ++i) {
    if (i != f) others.push_back(i);
  }
  auto per_element = [&](Instruction* v) { return b.Broadcast(v, dims, {f}); };
  Instruction* eps = b.Full(x->shape().type(), bn.attrs().epsilon, {dims[f]});
  Instruction* r = b.Unary(Opcode::kRsqrt, b.Add(ctx.operand(4), eps));
  Instruction* scale_r = b.Mul(ctx.operand(1), r);
  Instruction* centered = b.Sub(x, per_element(ctx.operand(3)));
  Instruction* g_sum = b.ReduceSum(g, others);
  Instruction* gc_sum = b.ReduceSum(b.Mul(g, centered), others);
  if (ctx.active(0)) RETURN_IF_ERROR(ctx.AddGrad(0, b.Mul(g, per_element(scale_r))));
  if (ctx.active(1)) RETURN_IF_ERROR(ctx.AddGrad(1, b.Mul(gc_sum, r)));
  if (ctx.active(2)) RETURN_IF_ERROR(ctx.AddGrad(2, g_sum));
  if (ctx.active(3)) RETURN_IF_ERROR(ctx.AddGrad(3, b.Neg(b.Mul(g_sum, scale_r))));
  if (ctx.active(4)) {
    Instruction* r2 = b.Mul(r, r);
    RETURN_IF_ERROR(ctx.AddGrad(4, b.MulScalar(b.Mul(gc_sum, b.Mul(scale_r, r2)), -0.5)));
  }
  return Status::Ok();
}

namespace {

// d/dx of the tanh-approximated GELU 0.5 x (1 + tanh(u)), u = k (x + 0.044715 x^3):
// 0.5 (1 + tanh(u)) + 0.5 x (1 - tanh(u)^2) k (1 + 3 * 0.044715 x^2).
Instruction* GeluTanhGrad(AdBuilder& b, Instruction* x) {
  constexpr double kCubic = 0.044715;
  const double k = std::sqrt(2.0 / std::numbers::pi);
  Instruction* x2 = b.Mul(x, x);
  Instruction* u = b.MulScalar(b.Add(x, b.MulScalar(b.Mul(x2, x), kCubic)), k);
  Instruction* th = b.Unary(Opcode::kTanh, u);
  Instruction* one = b.Full(x->shape().type(), 1.0, x->shape().dims());
  Instruction* left = b.MulScalar(b.Add(one, th), 0.5);
  Instruction* du = b.MulScalar(b.AddScalar(b.MulScalar(x2, 3.0 * kCubic), 1.0), k);
  Instruction* right = b.Mul(b.MulScalar(x, 0.5), b.Mul(b.Sub(one, b.Mul(th, th)), du));
  return b.Add(left, right);
}

// The normalized dim of AwsNeuronRmsNorm: its backend_config, else the last.
Expected<int64_t> RmsNormDim(VjpContext& ctx) {
  std::string text = ctx.inst->attrs().backend_config;
  if (text.size() >= 2 && text.front() == '"' && text.back() == '"') {
    text = text.substr(1, text.size() - 2);
  }
  int64_t rank = ctx.operand(0)->shape().rank();
  if (text.empty()) return rank - 1;
  int64_t dim = -1;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), dim);
  if (ec != std::errc() || end != text.data() + text.size() || dim < 0 || dim >= rank) {
    return ctx.Error(fmt::format("AwsNeuronRmsNorm: backend_config \"{}\" is not a dimension "
                                 "of its rank-{} operand", text, rank));
  }
  return dim;
}

// AwsNeuronRmsNorm(x, w, eps): y = x * r * w, r = rsqrt(mean_d(x^2) + eps) along dim d, so
// dw = sum over the other dims of g x r and dx = r (g w) - x r^3 mean_d((g w) x).
Status RmsNormGrad(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Instruction& c = *ctx.inst;
  if (c.operand_count() != 3 || !c.shape().IsArray()) {
    return ctx.Error("AwsNeuronRmsNorm takes (x, weight, eps)");
  }
  if (ctx.active(2)) return ctx.Error("no gradient rule for AwsNeuronRmsNorm's epsilon");
  ASSIGN_OR_RETURN(int64_t d, RmsNormDim(ctx));
  Instruction *x = ctx.operand(0), *w = ctx.operand(1), *g = ctx.grad();
  const Dims& dims = x->shape().dims();
  Dims others, reduced;  // the dims a reduce over d keeps, and their sizes
  for (int64_t i = 0; i < x->shape().rank(); ++i) {
    if (i != d) others.push_back(i), reduced.push_back(dims[i]);
  }
  double len = static_cast<double>(dims[d]);
  Instruction* eps = b.Broadcast(ctx.operand(2), reduced, {});
  Instruction* mean_sq = b.MulScalar(b.ReduceSum(b.Mul(x, x), {d}), 1.0 / len);
  Instruction* r = b.Broadcast(b.Unary(Opcode::kRsqrt, b.Add(mean_sq, eps)), dims, others);
  Instruction* wb = b.Broadcast(b.Reshape(w, {dims[d]}), dims, {d});
  if (ctx.active(1)) {
    Instruction* dw = b.ReduceSum(b.Mul(g, b.Mul(x, r)), others);
    RETURN_IF_ERROR(ctx.AddGrad(1, b.Reshape(dw, w->shape().dims())));
  }
  if (!ctx.active(0)) return Status::Ok();
  Instruction* gw = b.Mul(g, wb);
  Instruction* mean_gwx = b.MulScalar(b.ReduceSum(b.Mul(gw, x), {d}), 1.0 / len);
  Instruction* r3 = b.Mul(r, b.Mul(r, r));
  Instruction* dx = b.Sub(b.Mul(r, gw), b.Mul(x, b.Mul(r3, b.Broadcast(mean_gwx, dims, others))));
  return ctx.AddGrad(0, dx);
}

}  // namespace

// Custom calls known by target: the markers that pass their value through
// (AwsNeuronTransferWithStaticRing, XLA's Sharding, JAX's MoveToHost/MoveToDevice/
// LayoutConstraint); AwsNeuronGelu (erf GELU) with AwsNeuronGeluBackward for its derivative;
// AwsNeuronGeluApprxTanh and AwsNeuronRmsNorm differentiated in closed form.
Status VjpCustomCall(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const std::string& target = ctx.inst->attrs().custom_call_target;
  if (target == "AwsNeuronRmsNorm") return RmsNormGrad(ctx);
  bool one_array = ctx.inst->operand_count() == 1 && ctx.inst->shape().IsArray() &&
                   ctx.operand(0)->shape().Compatible(ctx.inst->shape());
  bool identity = target == "AwsNeuronTransferWithStaticRing" || target == "Sharding" ||
                  target == "MoveToHost" || target == "MoveToDevice" ||
                  target == "LayoutConstraint";
  if (one_array && identity) return ctx.AddGrad(0, ctx.grad());
  if (one_array && target == "AwsNeuronGelu") {
    InstructionAttrs attrs;
    attrs.custom_call_target = "AwsNeuronGeluBackward";
    Shape shape = ctx.inst->shape();
    Instruction* d = b.Op(Opcode::kCustomCall, {ctx.operand(0)}, std::move(attrs), {}, &shape);
    return ctx.AddGrad(0, b.Mul(ctx.grad(), d));
  }
  if (one_array && target == "AwsNeuronGeluApprxTanh") {
    return ctx.AddGrad(0, b.Mul(ctx.grad(), GeluTanhGrad(b, ctx.operand(0))));
  }
  return ctx.Error(fmt::format("no gradient rule for custom-call target '{}'", target));
}

Status VjpWhile(VjpContext& ctx) {
  // Loops with a fixed trip count were unrolled before the reverse pass (inline.h).
  return ctx.Error(fmt::format("no gradient rule for 'while' without a fixed trip count (a "
                               "counter started from a constant, +1 per iteration, compared "
                               "with a constant) or with more than {} iterations",
                               kMaxUnrolledTripCount));
}

}  // namespace xpar::autodiff
