// Gather from a table split along its indexed dimension (an embedding split over the
// vocabulary): each device gathers from its rows with the indices shifted by its offset, zeroes
// the rows it does not hold, and the result is a partial sum over the split axes. Any other
// gather runs on whole operands. Gather clamps an out-of-range index to the first or last row,
// so the indices are clamped to the whole table first (else no device would hold the row):
//   gather(t[2,16] split on dim 0, ids=7) -> row 1 on device 1, zeros on device 0, summed.
#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {
namespace {

// The indexed table dimension when `inst` is a one-index gather of whole rows, else -1.
int64_t IndexedRowDim(const Instruction& inst) {
  const auto& g = inst.attrs().gather;
  if (!g || !g->operand_batching_dims.empty() || g->start_index_map.size() != 1) return -1;
  const int64_t d = g->start_index_map[0];
  const Shape& table = inst.operand(0)->shape();
  if (std::count(g->collapsed_slice_dims.begin(), g->collapsed_slice_dims.end(), d) == 0) {
    return -1;
  }
  for (int64_t k = 0; k < table.rank(); ++k) {
    if (inst.attrs().gather_slice_sizes[k] != (k == d ? 1 : table.dim(k))) return -1;
  }
  return d;
}

// The largest value of integer type `t` that is at most `v` (v >= 0).
int64_t AtMostTypeMax(PrimitiveType t, int64_t v) {
  const int64_t bits = 8 * ByteWidth(t) - (IsSignedInt(t) ? 1 : 0);
  if (bits >= 63) return v;
  return std::min(v, (int64_t{1} << bits) - 1);
}

Instruction* Splat(SpmdBuilder& b, const Shape& shape, int64_t v) {
  Literal c(Shape::Scalar(shape.type()));
  c.SetFromInt64(0, v);
  return b.Add(Opcode::kBroadcast, shape, {b.Constant(std::move(c))}, "broadcast");
}

struct LocalIds {
  Instruction* shifted;  // the index minus this device's first row
  Instruction* held;     // 0 <= shifted < rows: this device holds the row
};

// Whole indices -> this device's, for a table of `table_rows` split `rows` per device on `axes`.
LocalIds ShiftToShard(SpmdBuilder& b, Instruction* ids, int64_t table_rows,
                      const std::vector<int64_t>& axes, int64_t rows) {
  Shape is = ids->shape();
  // clamp(0, ids, table_rows - 1): the row the unpartitioned gather reads.
  const int64_t last = AtMostTypeMax(is.type(), table_rows - 1);
  ids = b.Add(Opcode::kClamp, is, {Splat(b, is, 0), ids, Splat(b, is, last)}, "clamp");
  if (ByteWidth(is.type()) < 4) {  // 8/16-bit indices: shard offsets need not fit; s32 does
    is = Shape(PrimitiveType::kS32, is.dims());
    ids = b.Add(Opcode::kConvert, is, {ids}, "convert");
  }
  Instruction* offset = b.Add(Opcode::kConvert, Shape::Scalar(is.type()),
                              {b.ShardOffset(axes, rows)}, "convert");
  Instruction* shifted = b.Add(Opcode::kSubtract, is,
                               {ids, b.Add(Opcode::kBroadcast, is, {offset}, "broadcast")},
                               "subtract");
  auto compare = [&](int64_t bound, ComparisonDirection dir) {
    Instruction* r = b.Add(Opcode::kCompare, Shape(PrimitiveType::kPred, is.dims()),
                           {shifted, Splat(b, is, bound)}, "compare");
    r->attrs().comparison_direction = dir;
    return r;
  };
  Instruction* held = b.Add(Opcode::kAnd, Shape(PrimitiveType::kPred, is.dims()),
                            {compare(0, ComparisonDirection::kGe),
                             compare(rows, ComparisonDirection::kLt)},
                            "and");
  return {shifted, held};
}

}  // namespace

Expected<PValue> HandleGather(Partitioner& p, const Instruction& inst, const Want& want) {
  const int64_t d = IndexedRowDim(inst);
  const Instruction* table = inst.operand(0);
  const Instruction* indices = inst.operand(1);
  PValue tv = p.Get(table);
  if (d < 0 || tv.spec.dim_axes[d].empty() || !tv.spec.partial_axes.empty() ||
      !IsInteger(indices->shape().type())) {
    return HandleReplicated(p, inst, want);
  }
  SpmdBuilder& b = p.b();
  const std::vector<int64_t> axes = tv.spec.dim_axes[d];
  ShardingSpec ts = ShardingSpec::Replicated(table->shape().rank());
  ts.dim_axes[d] = axes;
  ASSIGN_OR_RETURN(Instruction * local_table, p.Reshard(tv, ts, table->shape()));
  ASSIGN_OR_RETURN(Instruction * ids, p.Replicate(p.Get(indices), indices->shape()));
  const int64_t rows = local_table->shape().dim(d);
  const Shape& is = ids->shape();
  auto [shifted, held] = ShiftToShard(b, ids, table->shape().dim(d), axes, rows);
  Instruction* gathered = b.CloneWith(inst, inst.shape(), {local_table, shifted});
  // The mask over the output: index dims (without the index vector dim) are the output's batch
  // dims, in order.
  const GatherDims& g = *inst.attrs().gather;
  std::vector<int64_t> batch_dims;
  for (int64_t o = 0; o < inst.shape().rank(); ++o) {
    if (std::count(g.offset_dims.begin(), g.offset_dims.end(), o) == 0) batch_dims.push_back(o);
  }
  Instruction* mask_src = held;
  if (g.index_vector_dim < is.rank()) {  // drop the index vector dim (size 1)
    std::vector<int64_t> dims = is.dims();
    dims.erase(dims.begin() + g.index_vector_dim);
    mask_src = b.Add(Opcode::kReshape, Shape(PrimitiveType::kPred, dims), {held}, "reshape");
  }
  Instruction* mask = b.Add(Opcode::kBroadcast, Shape(PrimitiveType::kPred, inst.shape().dims()),
                            {mask_src}, "broadcast");
  mask->attrs().dimensions = batch_dims;
  Instruction* zeros = b.Add(Opcode::kBroadcast, inst.shape(),
                             {b.Constant(Literal(Shape::Scalar(inst.shape().type())))},
                             "broadcast");
  Instruction* out = b.Add(Opcode::kSelect, inst.shape(), {mask, gathered, zeros}, "select");
  ShardingSpec spec = ShardingSpec::Replicated(inst.shape().rank());
  spec.partial_axes = axes;
  std::sort(spec.partial_axes.begin(), spec.partial_axes.end());
  return PValue{out, spec, {}};
}

}  // namespace xpar::spmd
