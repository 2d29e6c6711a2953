// VJP rules of reductions. reduce add: g broadcast back over the reduced dims; reduce max/min:
// g to the elements equal to the result (ties share it); reduce-window add: the window sum of
// g padded and dilated by the strides; max/min pooling: select-and-scatter of g onto the
// element each window chose.
#include <fmt/format.h>

#include <algorithm>
#include <numeric>

#include "autodiff/vjp.h"

namespace xpar::autodiff {
namespace {

Dims AllDims(const Instruction* x) {
  Dims d(x->shape().rank());
  std::iota(d.begin(), d.end(), 0);
  return d;
}

// g (of the reduce result's shape) broadcast to the operand's shape.
Instruction* BroadcastBack(AdBuilder& b, Instruction* g, const Instruction* operand,
                           const Dims& reduced) {
  Dims mapping;
  for (int64_t d = 0; d < operand->shape().rank(); ++d) {
    if (std::find(reduced.begin(), reduced.end(), d) == reduced.end()) mapping.push_back(d);
  }
  return b.Broadcast(g, operand->shape().dims(), mapping);
}

std::string ReducerName(const Instruction& inst) {
  return inst.called().empty() ? std::string("?") : inst.called()[0]->name();
}

// Whether `v` is select(p, parameter k, parameter n+k) (either order): the reducer keeps one of
// the two values of operand k, so the result is one of its elements (max/argmax, min/argmin).
bool IsSelection(const Instruction* v, int64_t k, int64_t n) {
  if (v->opcode() != Opcode::kSelect) return false;
  const Instruction *a = v->operand(1), *c = v->operand(2);
  if (a->opcode() != Opcode::kParameter || c->opcode() != Opcode::kParameter) return false;
  int64_t pa = a->attrs().parameter_number, pc = c->attrs().parameter_number;
  return (pa == k && pc == n + k) || (pa == n + k && pc == k);
}

// A reduce of several operands (values and positions, e.g. max with argmax): the adjoint of a
// value result that selects one element goes to the element chosen: the one at the position
// the reduce returns when an operand is an iota along the (single) reduced dim, else every
// element equal to the result, sharing it.
Status VariadicReduceGrad(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Instruction& r = *ctx.inst;
  int64_t n = r.operand_count() / 2;
  const Instruction* root = r.called()[0]->root();
  const Dims& dims = r.attrs().dimensions;
  int64_t position = -1;
  for (int64_t j = 0; j < n && dims.size() == 1; ++j) {
    const Instruction* op = r.operand(j);
    if (op->opcode() == Opcode::kIota && op->attrs().iota_dimension == dims[0]) position = j;
  }
  for (int64_t k = 0; k < n; ++k) {
    if (ctx.active(n + k)) return ctx.Error("no gradient rule for the init values of a reduce");
    Instruction* g = ctx.tuple_grad(k);
    if (g == nullptr || !ctx.active(k)) continue;
    if (root->opcode() != Opcode::kTuple || !IsSelection(root->operand(k), k, n)) {
      return ctx.Error(fmt::format("no gradient rule for a variadic reduce whose result {} is "
                                   "not a selection of operand {}", k, k));
    }
    Instruction* x = ctx.operand(k);
    PrimitiveType t = g->shape().type();
    Instruction* chosen = nullptr;
    Instruction* share = g;
    if (position >= 0) {
      Instruction* at = BroadcastBack(b, b.GetTupleElement(ctx.inst, position), x, dims);
      chosen = b.Mask(b.Compare(ctx.operand(position), at, ComparisonDirection::kEq), t);
    } else {
      Instruction* value = BroadcastBack(b, b.GetTupleElement(ctx.inst, k), x, dims);
      chosen = b.Mask(b.Compare(x, value, ComparisonDirection::kEq), t);
      share = b.Div(g, b.ReduceSum(chosen, dims));
    }
    RETURN_IF_ERROR(ctx.AddGrad(k, b.Mul(chosen, BroadcastBack(b, share, x, dims))));
  }
  return Status::Ok();
}

}  // namespace

Status VjpReduce(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Instruction& r = *ctx.inst;
  if (r.operand_count() != 2 || !r.shape().IsArray()) return VariadicReduceGrad(ctx);
  std::optional<Opcode> kind = ReducerKind(*r.called()[0]);
  Instruction *x = ctx.operand(0), *g = ctx.grad();
  const Dims& dims = r.attrs().dimensions;
  if (kind == Opcode::kAdd) {
    RETURN_IF_ERROR(ctx.AddGrad(0, BroadcastBack(b, g, x, dims)));
    return ctx.active(1) ? ctx.AddGrad(1, b.ReduceSum(g, AllDims(g))) : Status::Ok();
  }
  if (kind == Opcode::kMaximum || kind == Opcode::kMinimum) {
    if (ctx.active(1)) {
      return ctx.Error("no gradient rule for the init value of a max/min reduce");
    }
    PrimitiveType t = g->shape().type();
    Instruction* chosen =
        b.Mask(b.Compare(x, BroadcastBack(b, ctx.inst, x, dims), ComparisonDirection::kEq), t);
    Instruction* count = b.ReduceSum(chosen, dims);
    Instruction* share = BroadcastBack(b, b.Div(g, count), x, dims);
    return ctx.AddGrad(0, b.Mul(chosen, share));
  }
  return ctx.Error(fmt::format("no gradient rule for a reduce whose reducer '{}' is not add, "
                               "maximum or minimum", ReducerName(r)));
}

namespace {

int64_t Dilate(int64_t size, int64_t dilation) {
  return size == 0 ? 0 : 1 + dilation * (size - 1);
}

// The windows that covered each operand element, summed: g dilated by the strides and padded
// so that a stride-1 window sum lines up with the operand (JAX's reduce_window_sum transpose).
Instruction* WindowSumGrad(AdBuilder& b, const Instruction& rw, Instruction* g) {
  const Instruction* x = rw.operand(0);
  std::vector<PadDim> pads;
  std::vector<WindowDim> window;
  for (int64_t d = 0; d < x->shape().rank(); ++d) {
    const WindowDim& w = rw.attrs().window[d];
    int64_t in_d = Dilate(x->shape().dim(d), w.lhs_dilation);
    int64_t k_d = Dilate(w.size, w.rhs_dilation);
    int64_t out_d = Dilate(rw.shape().dim(d), w.stride);
    int64_t before = k_d - w.pad_low - 1;
    int64_t after = in_d + k_d - 1 - out_d - before;
    pads.push_back(PadDim{before, after, w.stride - 1});
    window.push_back(WindowDim{w.size, w.lhs_dilation, 0, 0, 1, w.rhs_dilation, false});
  }
  PrimitiveType t = g->shape().type();
  Instruction* padded = b.Pad(g, b.Scalar(t, 0.0), std::move(pads));
  InstructionAttrs attrs;
  attrs.window = std::move(window);
  return b.Op(Opcode::kReduceWindow, {padded, b.Scalar(t, 0.0)}, std::move(attrs),
              {b.Reducer(Opcode::kAdd, t)});
}

}  // namespace

Status VjpReduceWindow(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Instruction& rw = *ctx.inst;
  if (rw.operand_count() != 2 || !rw.shape().IsArray()) {
    return ctx.Error("no gradient rule for a variadic reduce-window");
  }
  std::optional<Opcode> kind = ReducerKind(*rw.called()[0]);
  if (ctx.active(1)) return ctx.Error("no gradient rule for the init value of a reduce-window");
  if (kind == Opcode::kAdd) return ctx.AddGrad(0, WindowSumGrad(b, rw, ctx.grad()));
  if (kind != Opcode::kMaximum && kind != Opcode::kMinimum) {
    return ctx.Error(fmt::format("no gradient rule for a reduce-window whose reducer '{}' is not "
                                 "add, maximum or minimum", ReducerName(rw)));
  }
  for (const WindowDim& w : rw.attrs().window) {
    if (w.lhs_dilation != 1 || w.rhs_dilation != 1) {
      return ctx.Error("no gradient rule for max/min pooling with base or window dilation");
    }
  }
  // Each window's adjoint goes to the element it chose (the first of equal ones, as
  // select-and-scatter's select keeps the current choice while it is >= (<=) the next).
  PrimitiveType t = ctx.grad()->shape().type();
  ComparisonDirection keep =
      kind == Opcode::kMaximum ? ComparisonDirection::kGe : ComparisonDirection::kLe;
  InstructionAttrs attrs;
  attrs.window = rw.attrs().window;
  Instruction* dx = b.Op(Opcode::kSelectAndScatter,
                         {ctx.operand(0), ctx.grad(), b.Scalar(t, 0.0)}, std::move(attrs),
                         {b.Comparator(keep, t), b.Reducer(Opcode::kAdd, t)});
  return ctx.AddGrad(0, dx);
}

}  // namespace xpar::autodiff
