// Sharding annotations as custom calls: `Sharding` (and JAX's placement/layout markers) pass
// the value through; SPMDFullToShardShape slices this partition's tile out of the full value
// using the operand's tiled sharding; SPMDShardToFullShape gathers every partition's tile (via
// the collective hub) into the full value described by the instruction's sharding.
#include <fmt/format.h>

#include <memory>

#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/combine_util.h"
#include "runtime/interpreter/custom_call_registry.h"
#include "runtime/interpreter/index_util.h"

namespace xpar {
namespace {

Expected<Literal> Identity(const Instruction& inst, Operands ops, EvalContext&) {
  if (ops.size() != 1) {
    return InvalidArgument("{} takes one operand", inst.attrs().custom_call_target);
  }
  return *ops[0];
}

// Tile coordinates of partition `partition` under a tiled sharding of a rank-`rank` array
// (trailing replication/subgroup tile dims are ignored); nullopt when it holds no tile.
std::optional<std::vector<int64_t>> TileOf(const HloSharding& s, int64_t rank, int64_t partition) {
  for (size_t i = 0; i < s.devices.size(); ++i) {
    if (s.devices[i] != partition) continue;
    std::vector<int64_t> all = DelinearizeIndex(static_cast<int64_t>(i), s.tile_dims);
    all.resize(static_cast<size_t>(rank));
    return all;
  }
  return std::nullopt;
}

// Calls copy(full_index, shard_index) for each element of the tile at `coord` (shard dims
// `shard`) that lies inside the full array (tiles past the end are padding).
template <typename Copy>
void ForEachTileElement(const std::vector<int64_t>& coord, const Shape& shard, const Shape& full,
                        Copy&& copy) {
  std::vector<int64_t> fs = RowMajorStrides(full.dims());
  std::vector<int64_t> ps = RowMajorStrides(shard.dims());
  ForEachIndex(shard.dims(), [&](std::span<const int64_t> idx) {
    int64_t f = 0;
    for (size_t d = 0; d < idx.size(); ++d) {
      int64_t at = coord[d] * shard.dim(d) + idx[d];
      if (at >= full.dim(d)) return;
      f += at * fs[d];
    }
    copy(f, LinearIndex(idx, ps));
  });
}

Status CheckTiled(const Instruction& inst, const std::optional<HloSharding>& s, int64_t rank) {
  if (!s || s->kind != HloSharding::Kind::kTiled) {
    return InvalidArgument("{} needs a tiled sharding (devices=[...]) to know the tiles",
                           inst.attrs().custom_call_target);
  }
  if (static_cast<int64_t>(s->tile_dims.size()) < rank) {
    return InvalidArgument("{}: sharding has {} tile dims for rank {}",
                           inst.attrs().custom_call_target, s->tile_dims.size(), rank);
  }
  return Status::Ok();
}

Expected<Literal> FullToShard(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() != 1) return InvalidArgument("SPMDFullToShardShape takes one operand");
  if (ops[0]->shape().Compatible(inst.shape())) return *ops[0];
  const std::optional<HloSharding>& s = inst.operand(0)->sharding();
  RETURN_IF_ERROR(CheckTiled(inst, s, inst.shape().rank()));
  auto coord = TileOf(*s, inst.shape().rank(), ctx.device().partition_id);
  if (!coord) {
    return InvalidArgument("SPMDFullToShardShape: partition {} holds no tile of the sharding",
                           ctx.device().partition_id);
  }
  Literal piece(inst.shape());
  ForEachTileElement(*coord, inst.shape(), ops[0]->shape(),
                     [&](int64_t f, int64_t p) { CopyElement(*ops[0], f, piece, p); });
  return piece;
}

Expected<Literal> ShardToFull(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() != 1) return InvalidArgument("SPMDShardToFullShape takes one operand");
  if (ops[0]->shape().Compatible(inst.shape())) return *ops[0];
  const DeviceContext& dev = ctx.device();
  RETURN_IF_ERROR(CheckTiled(inst, inst.sharding(), inst.shape().rank()));
  if (!dev.hub) {
    return InvalidArgument("SPMDShardToFullShape assembles the tiles of {} partitions; run with "
                           "--partitions", inst.sharding()->devices.size());
  }
  std::vector<int64_t> group;
  for (int64_t p = 0; p < dev.num_partitions; ++p) {
    group.push_back(dev.replica_id * dev.num_partitions + p);
  }
  const int64_t me = dev.replica_id * dev.num_partitions + dev.partition_id;
  ASSIGN_OR_RETURN(auto tiles, dev.hub->Exchange(&inst, me, group, *ops[0]));
  Literal full(inst.shape());
  for (int64_t p = 0; p < dev.num_partitions; ++p) {
    auto coord = TileOf(*inst.sharding(), inst.shape().rank(), p);
    if (!coord) continue;
    const Literal& piece = (*tiles)[p];
    ForEachTileElement(*coord, ops[0]->shape(), inst.shape(),
                       [&](int64_t f, int64_t q) { CopyElement(piece, q, full, f); });
  }
  return full;
}

// Sharding: XLA's sharding annotation (xla_auto_sharding/process_custom_call_shardings.hlo).
// MoveToHost/MoveToDevice/LayoutConstraint: JAX memory-kind and layout markers.
constexpr CustomCallEntry kSharding[] = {
    {"Sharding", Identity},
    {"SPMDFullToShardShape", FullToShard},
    {"SPMDShardToFullShape", ShardToFull},
    {"MoveToHost", Identity},
    {"MoveToDevice", Identity},
    {"LayoutConstraint", Identity},
};

}  // namespace

std::span<const CustomCallEntry> ShardingCustomCalls() { return kSharding; }

}  // namespace xpar
