// VJP rules of collectives. all-reduce (sum): every device's result is the sum of every
// device's operand, so the adjoint of each device's operand is the sum of every device's
// result adjoint: the same all-reduce applied to the adjoints (JAX's psum transpose).
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

}  // namespace xpar::autodiff
