// The plan of a reshard, on specs only, so that the partitioner executes it and the planner and
// the handlers price it alike. Cheapest first: a collective-permute when every dimension keeps its shard count; an
// all-to-all when an axis moves from one dimension to another (S(0) -> S(1) moves 1/k of what
// all-gather + slice moves); all-gathers for axes no one takes; one local slice for the gains.
//   {devices=[4,1]} -> {devices=[1,4]}:  all-to-all (no all-gather)
//   {devices=[2,2]} -> {devices=[2,2] with the axes swapped}:  collective-permute
#include <algorithm>
#include <cstdint>

#include "sharding/reshard_plan.h"

namespace xpar {
namespace {

using Axes = std::vector<int64_t>;
using Kind = ReshardStep::Kind;

bool Contains(const Axes& v, int64_t x) { return std::find(v.begin(), v.end(), x) != v.end(); }

bool IsPrefix(const Axes& p, const Axes& v) {
  return p.size() <= v.size() && std::equal(p.begin(), p.end(), v.begin());
}

Axes Part(const Axes& v, size_t from, size_t to) {
  return Axes(v.begin() + static_cast<int64_t>(from), v.begin() + static_cast<int64_t>(to));
}

class Planner {
 public:
  Planner(const ShardingSpec& from, const ShardingSpec& to, const Shape& global, const Mesh& mesh)
      : cur_(from), to_(to), global_(global), mesh_(mesh) {}

  Expected<std::vector<ReshardStep>> Run();

 private:
  int64_t Rank() const { return static_cast<int64_t>(cur_.dim_axes.size()); }
  int64_t N(int64_t d) const { return global_.dim(d); }
  void Emit(Kind kind, int64_t dim, int64_t to_dim, Axes axes, const ShardingSpec& after) {
    steps_.push_back({kind, dim, to_dim, std::move(axes), cur_, after});
    cur_ = after;
  }
  void PlanPartials();
  bool PermuteSuffices() const;
  size_t Keep(int64_t d) const;
  bool FindAllToAll();
  bool FindGather(bool strict);
  bool WantedElsewhere(int64_t axis, int64_t d) const {
    for (int64_t j = 0; j < Rank(); ++j) {
      if (j != d && Contains(to_.dim_axes[j], axis)) return true;
    }
    return false;
  }

  ShardingSpec cur_;
  const ShardingSpec& to_;
  const Shape& global_;
  const Mesh& mesh_;
  std::vector<ReshardStep> steps_;
};

// Partial sums: reduce-scatter onto a whole dimension the target splits over reduced axes only,
// all-reduce the rest.
void Planner::PlanPartials() {
  Axes to_reduce;
  for (int64_t a : cur_.partial_axes) {
    if (!Contains(to_.partial_axes, a)) to_reduce.push_back(a);
  }
  for (int64_t d = 0; d < Rank() && !to_reduce.empty(); ++d) {
    const Axes& t = to_.dim_axes[d];
    bool all_reduced = !t.empty() && std::all_of(t.begin(), t.end(), [&](int64_t a) {
      return Contains(to_reduce, a);
    });
    if (!cur_.dim_axes[d].empty() || !all_reduced) continue;
    ShardingSpec after = cur_;
    after.dim_axes[d] = t;
    std::erase_if(after.partial_axes, [&](int64_t a) { return Contains(t, a); });
    std::erase_if(to_reduce, [&](int64_t a) { return Contains(t, a); });
    Emit(Kind::kReduceScatter, d, -1, t, after);
  }
  if (to_reduce.empty()) return;
  std::sort(to_reduce.begin(), to_reduce.end());
  ShardingSpec after = cur_;
  after.partial_axes = to_.partial_axes;
  Emit(Kind::kAllReduce, -1, -1, to_reduce, after);
}

bool Planner::PermuteSuffices() const {
  if (!cur_.partial_axes.empty() || !to_.partial_axes.empty()) return false;
  for (int64_t d = 0; d < Rank(); ++d) {
    if (AxesSize(cur_.dim_axes[d], mesh_) != AxesSize(to_.dim_axes[d], mesh_)) return false;
  }
  return true;
}

// How many of dim d's current axes can stay: the prefix it shares with the target, shortened
// until gathering the rest and splitting the gains both keep the shard layout.
size_t Planner::Keep(int64_t d) const {
  const Axes& c = cur_.dim_axes[d];
  const Axes& t = to_.dim_axes[d];
  size_t k = 0;
  while (k < c.size() && k < t.size() && c[k] == t[k]) ++k;
  for (; k > 0; --k) {
    Axes p = Part(c, 0, k);
    if (KeepsLayout(N(d), p, Part(c, k, c.size()), mesh_) &&
        KeepsLayout(N(d), p, Part(t, k, t.size()), mesh_)) {
      break;
    }
  }
  return k;
}

// An all-to-all moving the minor end of some dim i's surplus axes to the next place they take in
// another dim j's target (j holding only a prefix of its target).
bool Planner::FindAllToAll() {
  for (int64_t i = 0; i < Rank(); ++i) {
    const Axes& c = cur_.dim_axes[i];
    const size_t keep = Keep(i);
    if (c.size() <= keep) continue;
    for (int64_t j = 0; j < Rank(); ++j) {
      const Axes& cj = cur_.dim_axes[j];
      const Axes& tj = to_.dim_axes[j];
      if (j == i || !IsPrefix(cj, tj) || cj.size() == tj.size() || Keep(j) < cj.size()) continue;
      for (size_t m = std::min(c.size() - keep, tj.size() - cj.size()); m > 0; --m) {
        Axes moved = Part(tj, cj.size(), cj.size() + m);
        Axes rest = Part(c, 0, c.size() - m);
        if (Part(c, c.size() - m, c.size()) != moved) continue;
        Axes grown = cj;
        grown.insert(grown.end(), moved.begin(), moved.end());
        if (!KeepsLayout(N(i), rest, moved, mesh_) || !KeepsLayout(N(j), cj, moved, mesh_) ||
            !KeepsLayout(N(j), grown, Part(tj, grown.size(), tj.size()), mesh_)) {
          continue;
        }
        ShardingSpec after = cur_;
        after.dim_axes[i] = rest;
        after.dim_axes[j] = grown;
        Emit(Kind::kAllToAll, i, j, moved, after);
        return true;
      }
    }
  }
  return false;
}

// An all-gather of surplus axes: `strict` takes only a minor run no other dim wants (leaving the
// wanted ones for an all-to-all); otherwise all of a dim's surplus.
bool Planner::FindGather(bool strict) {
  for (int64_t i = 0; i < Rank(); ++i) {
    const Axes& c = cur_.dim_axes[i];
    const size_t keep = Keep(i);
    if (c.size() <= keep) continue;
    size_t from = keep;
    if (strict) {
      from = c.size();
      while (from > keep && !WantedElsewhere(c[from - 1], i)) --from;
      if (from == c.size()) continue;
      if (!KeepsLayout(N(i), Part(c, 0, from), Part(c, from, c.size()), mesh_)) from = keep;
    }
    ShardingSpec after = cur_;
    after.dim_axes[i] = Part(c, 0, from);
    Emit(Kind::kAllGather, i, -1, Part(c, from, c.size()), after);
    return true;
  }
  return false;
}

Expected<std::vector<ReshardStep>> Planner::Run() {
  if (Rank() != static_cast<int64_t>(to_.dim_axes.size()) || Rank() != global_.rank()) {
    return Internal("reshard {} -> {} of {}: ranks differ", cur_.ToString(), to_.ToString(),
                    global_.ToString(false));
  }
  for (int64_t a : to_.partial_axes) {
    if (!Contains(cur_.partial_axes, a)) {
      return Internal("reshard {} -> {}: cannot create a partial sum", cur_.ToString(),
                      to_.ToString());
    }
  }
  const ShardingSpec from = cur_;
  PlanPartials();
  if (cur_.dim_axes == to_.dim_axes) return steps_;
  if (PermuteSuffices()) {
    Emit(Kind::kPermute, -1, -1, {}, to_);
    return steps_;
  }
  // Each step removes an axis from a dim or settles one for good: bounded by rank x mesh rank.
  const int64_t limit = 2 * (Rank() + 1) * (mesh_.rank() + 1);
  for (int64_t iter = 0;; ++iter) {
    bool ready = true;
    for (int64_t d = 0; d < Rank(); ++d) ready &= Keep(d) == cur_.dim_axes[d].size();
    if (ready) break;
    if (iter > limit) {
      return Internal("reshard {} -> {}: no plan", from.ToString(),
                      to_.ToString());
    }
    if (!FindAllToAll() && !FindGather(true)) FindGather(false);
  }
  if (cur_.dim_axes != to_.dim_axes) {
    ShardingSpec after = cur_;
    after.dim_axes = to_.dim_axes;
    Emit(Kind::kSplit, -1, -1, {}, after);
  }
  return steps_;
}

}  // namespace

int64_t ShardSize(int64_t n, int64_t k) { return k <= 1 ? n : (n + k - 1) / k; }

Shape LocalShape(const Shape& global, const ShardingSpec& spec, const Mesh& mesh) {
  Shape local = global;
  for (int64_t d = 0; d < global.rank() && d < static_cast<int64_t>(spec.dim_axes.size()); ++d) {
    local.mutable_dims()[d] = ShardSize(global.dim(d), AxesSize(spec.dim_axes[d], mesh));
  }
  return local;
}

bool KeepsLayout(int64_t n, const std::vector<int64_t>& prefix, const std::vector<int64_t>& extra,
                 const Mesh& mesh) {
  if (prefix.empty() || extra.empty()) return true;
  const int64_t kp = AxesSize(prefix, mesh), ke = AxesSize(extra, mesh);
  return ShardSize(n, kp) == ke * ShardSize(n, kp * ke);
}

Expected<std::vector<ReshardStep>> PlanReshard(const ShardingSpec& from, const ShardingSpec& to,
                                               const Shape& global, const Mesh& mesh) {
  return Planner(from, to, global, mesh).Run();
}

std::vector<std::pair<int64_t, int64_t>> PermutePairs(const ShardingSpec& from,
                                                      const ShardingSpec& to, const Mesh& mesh) {
  const int64_t n = mesh.num_devices();
  auto blocks = [&](const ShardingSpec& s, int64_t device) {
    std::vector<int64_t> coords = MeshCoords(mesh, device), b;
    for (const Axes& axes : s.dim_axes) b.push_back(IndexOver(axes, coords, mesh));
    return b;
  };
  // Target t needs a source holding the block t holds under `to`; devices holding a block form
  // classes of equal size under both specs, so any matching within a class works. A device that
  // already holds its block keeps it.
  std::vector<int64_t> source(n, -1);
  std::vector<bool> used(n, false);
  for (int64_t t = 0; t < n; ++t) {
    if (blocks(from, t) == blocks(to, t)) source[t] = t, used[t] = true;
  }
  for (int64_t t = 0; t < n; ++t) {
    if (source[t] >= 0) continue;
    const std::vector<int64_t> want = blocks(to, t);
    for (int64_t s = 0; s < n; ++s) {
      if (!used[s] && blocks(from, s) == want) {
        source[t] = s, used[s] = true;
        break;
      }
    }
  }
  std::vector<std::pair<int64_t, int64_t>> pairs;
  for (int64_t t = 0; t < n; ++t) pairs.emplace_back(source[t], t);
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

int64_t ReshardBytes(const ShardingSpec& from, const ShardingSpec& to, const Shape& global,
                     const Mesh& mesh) {
  auto plan = PlanReshard(from, to, global, mesh);
  if (!plan.ok()) return INT64_MAX / 4;
  int64_t moved = 0;
  bool reduced = false;
  for (const ReshardStep& s : *plan) {
    const int64_t bytes = LocalShape(global, s.before, mesh).ByteSize();
    switch (s.kind) {
      case Kind::kAllReduce:
      case Kind::kReduceScatter:
        if (!reduced) moved += 2 * bytes;  // one reduction, however many steps it takes
        reduced = true;
        break;
      case Kind::kPermute:
      case Kind::kAllToAll:
        moved += bytes;
        break;
      case Kind::kAllGather:
        moved += LocalShape(global, s.after, mesh).ByteSize();
        break;
      case Kind::kSplit:
        break;
    }
  }
  return moved;
}

}  // namespace xpar
