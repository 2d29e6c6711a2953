// Resharding cost: the collectives that turn one spec into another, simulated step by step on
// a working spec so every step is priced on the bytes each device holds at that moment.
//   1. pending partial sums are reduced: reduce-scatter onto a dim `to` splits over that axis
//      (when it extends that dim's axes as `to` lists them), else one all-reduce;
//   2. axes a dim holds beyond its common prefix with `to` leave it minor-most first: by
//      all-to-all when `to` puts the axis on another dim right where that dim's axes now end
//      (and all-to-all is allowed), else by all-gather;
//   3. the axes `to` still lacks are added by local slicing: free.
// Partial axes `to` has that the value lacks cost nothing either: every device but one along the
// axis zeroes its copy (a split axis becomes partial by padding the shard with zeros in place).
#include <algorithm>

#include "passes/auto_sharding/spec_enumeration.h"
#include "passes/auto_sharding/strategy.h"

namespace xpar {
namespace {

bool Contains(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// True when `axes + extra` is a prefix of `target`.
bool ExtendsToPrefix(const std::vector<int64_t>& axes, int64_t extra,
                     const std::vector<int64_t>& target) {
  if (axes.size() + 1 > target.size()) return false;
  if (!std::equal(axes.begin(), axes.end(), target.begin())) return false;
  return target[axes.size()] == extra;
}

// The dim `spec` splits over `axis`, or -1.
int64_t DimOf(const ShardingSpec& spec, int64_t axis) {
  for (size_t d = 0; d < spec.dim_axes.size(); ++d) {
    if (Contains(spec.dim_axes[d], axis)) return static_cast<int64_t>(d);
  }
  return -1;
}

class Simulator {
 public:
  Simulator(const Shape& shape, ShardingSpec from, const CostModel& model)
      : shape_(shape), cur_(std::move(from)), model_(model) {}

  void Run(CollectiveKind kind, int64_t bytes, std::vector<int64_t> axes) {
    std::sort(axes.begin(), axes.end());
    result_.seconds += model_.CollectiveSeconds(kind, bytes, axes);
    result_.collectives.push_back(CollectiveUse{kind, bytes, std::move(axes)});
  }
  int64_t Bytes() const { return ShardedBytes(shape_, cur_, model_.mesh()); }

  void ReducePartials(const ShardingSpec& to) {
    std::vector<int64_t> all_reduce;
    for (int64_t a : std::vector<int64_t>(cur_.partial_axes)) {
      if (Contains(to.partial_axes, a)) continue;
      int64_t d = DimOf(to, a);
      if (d >= 0 && ExtendsToPrefix(cur_.dim_axes[d], a, to.dim_axes[d])) {
        Run(CollectiveKind::kReduceScatter, Bytes(), {a});
        cur_.dim_axes[d].push_back(a);
      } else {
        all_reduce.push_back(a);
      }
      std::erase(cur_.partial_axes, a);
    }
    if (!all_reduce.empty()) Run(CollectiveKind::kAllReduce, Bytes(), all_reduce);
  }

  // Axes `to` holds as pending partial sums and the value does not: a local rewrite.
  void IntroducePartials(const ShardingSpec& to) {
    for (int64_t a : to.partial_axes) {
      if (Contains(cur_.partial_axes, a)) continue;
      for (auto& axes : cur_.dim_axes) std::erase(axes, a);
      cur_.partial_axes.push_back(a);
    }
  }

  // Axes dim d must shed: those beyond its common prefix with `to`.
  static size_t CommonPrefix(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
    size_t n = 0;
    while (n < a.size() && n < b.size() && a[n] == b[n]) ++n;
    return n;
  }

  // One all-to-all step if any dim's minor-most surplus axis can move straight to its target.
  bool TryAllToAll(const ShardingSpec& to) {
    for (size_t d = 0; d < cur_.dim_axes.size(); ++d) {
      auto& axes = cur_.dim_axes[d];
      if (CommonPrefix(axes, to.dim_axes[d]) == axes.size()) continue;
      int64_t a = axes.back();
      int64_t target = DimOf(to, a);
      if (target < 0 || target == static_cast<int64_t>(d)) continue;
      if (!ExtendsToPrefix(cur_.dim_axes[target], a, to.dim_axes[target])) continue;
      Run(CollectiveKind::kAllToAll, Bytes(), {a});
      axes.pop_back();
      cur_.dim_axes[target].push_back(a);
      return true;
    }
    return false;
  }

  // Gathers the minor-most surplus axis of the first dim that has one.
  bool GatherOne(const ShardingSpec& to) {
    for (size_t d = 0; d < cur_.dim_axes.size(); ++d) {
      auto& axes = cur_.dim_axes[d];
      if (CommonPrefix(axes, to.dim_axes[d]) == axes.size()) continue;
      int64_t a = axes.back();
      axes.pop_back();
      Run(CollectiveKind::kAllGather, Bytes(), {a});
      return true;
    }
    return false;
  }

  Resharding Finish() { return std::move(result_); }

 private:
  const Shape& shape_;
  ShardingSpec cur_;
  const CostModel& model_;
  Resharding result_;
};

}  // namespace

int64_t ShardedBytes(const Shape& shape, const ShardingSpec& spec, const Mesh& mesh) {
  if (!shape.IsArray()) return shape.ByteSize();
  int64_t elements = 1;
  for (int64_t d = 0; d < shape.rank(); ++d) {
    int64_t parts =
        d < static_cast<int64_t>(spec.dim_axes.size()) ? AxesSize(spec.dim_axes[d], mesh) : 1;
    elements *= (shape.dim(d) + parts - 1) / parts;
  }
  return elements * ByteWidth(shape.type());
}

Resharding ReshardingCost(const Shape& shape, const ShardingSpec& from, const ShardingSpec& to,
                          const CostModel& model) {
  return ReshardingCost(shape, from, to, model, /*allow_all_to_all=*/true);
}

Resharding ReshardingCost(const Shape& shape, const ShardingSpec& from, const ShardingSpec& to,
                          const CostModel& model, bool allow_all_to_all) {
  if (from == to || !shape.IsArray()) return Resharding{};
  Simulator sim(shape, from, model);
  sim.ReducePartials(to);
  sim.IntroducePartials(to);
  while ((allow_all_to_all && sim.TryAllToAll(to)) || sim.GatherOne(to)) {
  }
  return sim.Finish();
}

}  // namespace xpar
