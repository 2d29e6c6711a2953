// VJP rules of gather and scatter: gather's adjoint scatter-adds g into zeros at the gathered
// positions; scatter (add) passes g to its operand and gathers it for the updates; scatter
// that overwrites (the combiner returns the update) also zeroes the overwritten positions.
#include <fmt/format.h>

#include <algorithm>

#include "autodiff/vjp.h"

namespace xpar::autodiff {

Status VjpGather(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Instruction& gi = *ctx.inst;
  const GatherDims& gd = *gi.attrs().gather;
  PrimitiveType t = ctx.grad()->shape().type();
  InstructionAttrs attrs;
  attrs.scatter = ScatterDims{gd.offset_dims, gd.collapsed_slice_dims, gd.start_index_map,
                              gd.operand_batching_dims, gd.start_indices_batching_dims,
                              gd.index_vector_dim};
  attrs.indices_are_sorted = gi.attrs().indices_are_sorted;
  Instruction* dx = b.Op(Opcode::kScatter, {b.ZerosLike(ctx.operand(0)), ctx.operand(1),
                                             ctx.grad()},
                         std::move(attrs), {b.Reducer(Opcode::kAdd, t)});
  return ctx.AddGrad(0, dx);
}

namespace {

// gather(g, indices) reading, for each update, the window the scatter wrote.
Instruction* GatherUpdates(AdBuilder& b, const Instruction& si, Instruction* g) {
  const ScatterDims& sd = *si.attrs().scatter;
  const Shape& operand = si.operand(0)->shape();
  const Shape& updates = si.operand(2)->shape();
  InstructionAttrs attrs;
  attrs.gather = GatherDims{sd.update_window_dims, sd.inserted_window_dims,
                            sd.scatter_dims_to_operand_dims, sd.input_batching_dims,
                            sd.scatter_indices_batching_dims, sd.index_vector_dim};
  size_t window = 0;
  for (int64_t d = 0; d < operand.rank(); ++d) {
    auto in = [d](const Dims& v) { return std::find(v.begin(), v.end(), d) != v.end(); };
    if (in(sd.inserted_window_dims) || in(sd.input_batching_dims)) {
      attrs.gather_slice_sizes.push_back(1);
    } else {
      attrs.gather_slice_sizes.push_back(updates.dim(sd.update_window_dims.at(window++)));
    }
  }
  attrs.indices_are_sorted = si.attrs().indices_are_sorted;
  return b.Op(Opcode::kGather, {g, si.operand(1)}, std::move(attrs));
}

}  // namespace

Status VjpScatter(VjpContext& ctx) {
  AdBuilder& b = ctx.b;
  const Instruction& si = *ctx.inst;
  if (si.operand_count() != 3 || !si.shape().IsArray()) {
    return ctx.Error("no gradient rule for a scatter of several operands");
  }
  const Computation& combiner = *si.called()[0];
  std::optional<Opcode> kind = ReducerKind(combiner);
  const Instruction* root = combiner.root();
  bool overwrite = root != nullptr && root->opcode() == Opcode::kParameter &&
                   root->attrs().parameter_number == 1;
  if (kind != Opcode::kAdd && !overwrite) {
    return ctx.Error(fmt::format("no gradient rule for a scatter whose combiner '{}' neither "
                                 "adds nor overwrites", combiner.name()));
  }
  Instruction* g = ctx.grad();
  if (ctx.active(0)) {
    Instruction* dx = g;
    if (overwrite) {
      // Overwritten positions did not reach the result: their adjoint is zero.
      dx = b.Op(Opcode::kScatter, {g, si.operand(1), b.ZerosLike(si.operand(2))}, si.attrs(),
                {si.called()[0]});
    }
    RETURN_IF_ERROR(ctx.AddGrad(0, dx));
  }
  if (ctx.active(2)) RETURN_IF_ERROR(ctx.AddGrad(2, GatherUpdates(b, si, g)));
  return Status::Ok();
}

}  // namespace xpar::autodiff
