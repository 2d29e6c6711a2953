// VJP rules of collectives. all-reduce (sum): every device's result is the sum of every
// device's operand, so the adjoint of each device's operand is the sum of every device's
// result adjoint: the same all-reduce applied to the adjoints (JAX's psum transpose).
// all-gather: each device's operand appears in every device's result, so its adjoint is the sum
// over devices of the matching slice of their adjoints: a reduce-scatter (add) of the adjoint;
// reduce-scatter (add), conversely, an all-gather of the adjoint.
#include <fmt/format.h>

#include <algorithm>

#include "autodiff/vjp.h"

namespace xpar::autodiff {
namespace {

// One more than the largest channel id in the module, so the new all-reduce pairs only with
// its own copies on the other devices.
int64_t FreshChannelId(const Module& module) {
  int64_t id = 0;
  for (const auto& comp : module.computations()) {
    for (const auto& inst : comp->instructions()) {
      if (inst->attrs().channel_id) id = std::max(id, *inst->attrs().channel_id);
    }
  }
  return id + 1;
}

}  // namespace

Status VjpAllReduce(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Instruction& ar = *ctx.inst;
  if (ReducerKind(*ar.called()[0]) != Opcode::kAdd) {
    return ctx.Error(fmt::format("no gradient rule for an all-reduce whose reducer '{}' is not "
                                 "add", ar.called()[0]->name()));
  }
  std::vector<Instruction*> grads;
  for (int64_t i = 0; i < ar.operand_count(); ++i) {
    Instruction* g = ar.shape().IsTuple() ? ctx.tuple_grad(i) : ctx.grad();
    grads.push_back(g != nullptr ? g : b.ZerosLike(ar.operand(i)));
  }
  InstructionAttrs attrs;
  attrs.replica_groups = ar.attrs().replica_groups;
  attrs.use_global_device_ids = ar.attrs().use_global_device_ids;
  if (ar.attrs().channel_id) attrs.channel_id = FreshChannelId(ctx.module);
  Instruction* summed = b.Op(Opcode::kAllReduce, grads, std::move(attrs), {ar.called()[0]});
  for (int64_t i = 0; i < ar.operand_count(); ++i) {
    if (!ctx.active(i)) continue;
    RETURN_IF_ERROR(ctx.AddGrad(i, ar.shape().IsTuple() ? b.GetTupleElement(summed, i) : summed));
  }
  return Status::Ok();
}

namespace {

// all-gather <-> reduce-scatter: the adjoint of each array operand is the other collective of
// its result's adjoint over the same groups and dimension. Rank-0 operands of a tuple form are
// torch_xla's scalar tokens, which pass through (as the interpreter runs them).
Status GatherScatterGrad(VjpContext& ctx, Opcode transpose) {
  AdBuilder& b = ctx.b;
  const Instruction& c = *ctx.inst;
  if (transpose == Opcode::kAllGather && ReducerKind(*c.called()[0]) != Opcode::kAdd) {
    return ctx.Error(fmt::format("no gradient rule for a reduce-scatter whose reducer '{}' is "
                                 "not add", c.called()[0]->name()));
  }
  for (int64_t i = 0; i < c.operand_count(); ++i) {
    Instruction* g = c.shape().IsTuple() ? ctx.tuple_grad(i) : ctx.grad();
    const Shape& in = c.operand(i)->shape();
    if (g == nullptr || !ctx.active(i)) continue;
    if (in.rank() == 0 && c.shape().IsTuple()) {
      RETURN_IF_ERROR(ctx.AddGrad(i, g));
      continue;
    }
    InstructionAttrs attrs;
    attrs.dimensions = c.attrs().dimensions;
    attrs.replica_groups = c.attrs().replica_groups;
    attrs.use_global_device_ids = c.attrs().use_global_device_ids;
    if (c.attrs().channel_id) attrs.channel_id = FreshChannelId(ctx.module);
    std::vector<Computation*> called;
    if (transpose == Opcode::kReduceScatter) called = {b.Reducer(Opcode::kAdd, g->shape().type())};
    Shape shape(g->shape().type(), in.dims());  // the collectives' shape rules check it
    RETURN_IF_ERROR(ctx.AddGrad(i, b.Op(transpose, {g}, std::move(attrs), called, &shape)));
  }
  return Status::Ok();
}

}  // namespace

Status VjpAllGather(VjpContext& ctx) { return GatherScatterGrad(ctx, Opcode::kReduceScatter); }

Status VjpReduceScatter(VjpContext& ctx) { return GatherScatterGrad(ctx, Opcode::kAllGather); }

}  // namespace xpar::autodiff
