// Resharding cost: the steps of the one resharding plan (sharding/reshard_plan.h) that the SPMD
// partitioner executes, each collective priced by the cost model on the bytes each device holds
// when it runs: reduce-scatter and all-reduce on the partial buffer, all-to-all and
// collective-permute on the shard they move, all-gather on the gathered result; the final local
// split is free. Partial axes `to` has that the value lacks cost nothing either: every device but
// one along the axis zeroes its copy (a split axis becomes partial by padding with zeros).
#include <algorithm>

#include "passes/auto_sharding/strategy.h"
#include "sharding/reshard_plan.h"

namespace xpar {
namespace {

bool Contains(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// `from` with `to`'s extra partial axes taken locally (off the dims that held them).
ShardingSpec WithTargetPartials(ShardingSpec from, const ShardingSpec& to) {
  for (int64_t a : to.partial_axes) {
    if (Contains(from.partial_axes, a)) continue;
    for (auto& axes : from.dim_axes) std::erase(axes, a);
    from.partial_axes.push_back(a);
  }
  return from;
}

CollectiveKind KindOf(ReshardStep::Kind kind) {
  switch (kind) {
    case ReshardStep::Kind::kAllReduce:
      return CollectiveKind::kAllReduce;
    case ReshardStep::Kind::kReduceScatter:
      return CollectiveKind::kReduceScatter;
    case ReshardStep::Kind::kPermute:
      return CollectiveKind::kCollectivePermute;
    case ReshardStep::Kind::kAllToAll:
      return CollectiveKind::kAllToAll;
    case ReshardStep::Kind::kAllGather:
    case ReshardStep::Kind::kSplit:
      break;
  }
  return CollectiveKind::kAllGather;
}

}  // namespace

int64_t ShardedBytes(const Shape& shape, const ShardingSpec& spec, const Mesh& mesh) {
  if (!shape.IsArray()) return shape.ByteSize();
  return LocalShape(shape, spec, mesh).ByteSize();
}

Resharding ReshardingCost(const Shape& shape, const ShardingSpec& from, const ShardingSpec& to,
                          const CostModel& model) {
  Resharding result;
  if (from == to || !shape.IsArray()) return result;
  const Mesh& mesh = model.mesh();
  auto steps = PlanReshard(WithTargetPartials(from, to), to, shape, mesh);
  if (!steps.ok()) {
    // Specs the partitioner cannot reshard between are never chosen.
    result.seconds = 1e9;
    return result;
  }
  for (const ReshardStep& s : *steps) {
    if (s.kind == ReshardStep::Kind::kSplit) continue;
    const ShardingSpec& held = s.kind == ReshardStep::Kind::kAllGather ? s.after : s.before;
    int64_t bytes = LocalShape(shape, held, mesh).ByteSize();
    std::vector<int64_t> axes = s.axes;
    if (s.kind == ReshardStep::Kind::kPermute) {
      for (const auto& d : s.before.dim_axes) axes.insert(axes.end(), d.begin(), d.end());
    }
    std::sort(axes.begin(), axes.end());
    axes.erase(std::unique(axes.begin(), axes.end()), axes.end());
    CollectiveKind kind = KindOf(s.kind);
    result.seconds += model.CollectiveSeconds(kind, bytes, axes);
    result.collectives.push_back(CollectiveUse{kind, bytes, std::move(axes)});
  }
  return result;
}

}  // namespace xpar
