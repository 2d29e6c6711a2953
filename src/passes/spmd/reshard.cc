// Resharding between any two specs, executing PlanReshard's steps: pending partial sums are
// reduced (reduce-scatter or all-reduce), shards are permuted, axes move between dimensions by
// all-to-all, are all-gathered (trimming the padding of uneven splits when a dimension becomes
// whole), and gains are taken by a local dynamic-slice (padding a whole dimension first).
#include <fmt/format.h>

#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {
namespace {

// One all-to-all step: the moved axes leave the minor end of `dim` and join the minor end of
// `to_dim`. Each device cuts `to_dim` into one piece per group member (padded first when it is
// whole), exchanges the pieces, and joins what it receives along `dim` in member order.
Instruction* MoveAxes(SpmdBuilder& b, Instruction* x, const ReshardStep& s, const Shape& global) {
  const int64_t i = s.dim, j = s.to_dim;
  const int64_t k = AxesSize(s.axes, b.mesh());
  const int64_t piece = ShardSize(global.dim(j), AxesSize(s.after.dim_axes[j], b.mesh()));
  x = b.PadDim(x, j, k * piece);
  std::vector<int64_t> split = x->shape().dims();  // to_dim as [k, piece]
  split[j] = piece;
  split.insert(split.begin() + j, k);
  x = b.Reshape(x, split);
  std::vector<int64_t> to_front = {j};  // the member index first: all-to-all along dim 0
  for (int64_t d = 0; d <= global.rank(); ++d) {
    if (d != j) to_front.push_back(d);
  }
  x = b.AllToAll(b.Transpose(x, to_front), 0, s.axes);
  std::vector<int64_t> before_dim;  // the sender index just before `dim`, then merged into it
  for (int64_t d = 0; d < global.rank(); ++d) {
    if (d == i) before_dim.push_back(0);
    before_dim.push_back(d + 1);
  }
  x = b.Transpose(x, before_dim);
  std::vector<int64_t> merged = x->shape().dims();
  merged[i] *= merged[i + 1];
  merged.erase(merged.begin() + i + 1);
  x = b.Reshape(x, merged);
  return s.after.dim_axes[i].empty() ? b.SliceDim(x, i, global.dim(i)) : x;
}

// The split step: each dim takes this device's piece of what it holds (whole dims padded first).
Instruction* Split(SpmdBuilder& b, Instruction* x, const ReshardStep& s, const Shape& global) {
  const Shape local = LocalShape(global, s.after, b.mesh());
  if (x->opcode() == Opcode::kBroadcast && x->operand(0)->shape().rank() == 0) {
    // A splat is the same everywhere: build the shard directly.
    return b.Add(Opcode::kBroadcast, local, {x->operand(0)}, "broadcast");
  }
  std::vector<Instruction*> offsets(global.rank(), nullptr);
  for (int64_t d = 0; d < global.rank(); ++d) {
    const auto& c = s.before.dim_axes[d];
    const auto& t = s.after.dim_axes[d];
    if (c.size() == t.size()) continue;
    std::vector<int64_t> gained(t.begin() + static_cast<int64_t>(c.size()), t.end());
    if (c.empty()) x = b.PadDim(x, d, local.dim(d) * AxesSize(gained, b.mesh()));
    offsets[d] = b.ShardOffset(gained, local.dim(d));
  }
  return b.DynamicSlice(x, offsets, local.dims());
}

}  // namespace

Expected<Instruction*> Partitioner::Reshard(const PValue& v, const ShardingSpec& target,
                                            const Shape& global) {
  if (!global.IsArray()) return Internal("Reshard of a non-array value {}", global.ToString());
  if (v.spec == target) return v.inst;
  ASSIGN_OR_RETURN(std::vector<ReshardStep> steps, PlanReshard(v.spec, target, global, mesh()));
  Instruction* x = v.inst;
  using Kind = ReshardStep::Kind;
  for (const ReshardStep& s : steps) {
    switch (s.kind) {
      case Kind::kAllReduce:
        x = b_.AllReduce(x, s.axes, b_.ScalarReducer(Opcode::kAdd, global.type()));
        break;
      case Kind::kReduceScatter: {
        const int64_t k = AxesSize(s.axes, mesh());
        x = b_.PadDim(x, s.dim, k * ShardSize(global.dim(s.dim), k));
        x = b_.ReduceScatter(x, s.dim, s.axes, b_.ScalarReducer(Opcode::kAdd, global.type()));
        break;
      }
      case Kind::kPermute:
        x = b_.CollectivePermute(x, PermutePairs(s.before, s.after, mesh()));
        break;
      case Kind::kAllToAll:
        x = MoveAxes(b_, x, s, global);
        break;
      case Kind::kAllGather:
        x = b_.AllGather(x, s.dim, s.axes);
        if (s.after.dim_axes[s.dim].empty()) x = b_.SliceDim(x, s.dim, global.dim(s.dim));
        break;
      case Kind::kSplit:
        x = Split(b_, x, s, global);
        break;
    }
  }
  return x;
}

Expected<PValue> Partitioner::Resolve(const PValue& v, const Shape& global) {
  if (v.spec.partial_axes.empty()) return v;
  ShardingSpec target = v.spec;
  target.partial_axes.clear();
  ASSIGN_OR_RETURN(Instruction * x, Reshard(v, target, global));
  return PValue{x, target, {}};
}

PValue& Partitioner::Element(PValue& tuple, int64_t i, const Shape& tuple_shape) {
  PValue& e = tuple.elements[i];
  if (!e.inst) {
    e.inst = b_.Add(Opcode::kGetTupleElement,
                    LocalValueShape(e, tuple_shape.tuple_shape(i), mesh()), {tuple.inst},
                    "get-tuple-element");
    e.inst->attrs().tuple_index = i;
  }
  return e;
}

Expected<Instruction*> Partitioner::Replicate(PValue& v, const Shape& global) {
  if (global.IsArray()) return Reshard(v, ShardingSpec::Replicated(global.rank()), global);
  if (!global.IsTuple()) return v.inst;  // tokens
  if (IsFullyReplicated(v) && v.inst) return v.inst;
  std::vector<Instruction*> elements;
  std::vector<Shape> shapes;
  for (int64_t i = 0; i < static_cast<int64_t>(v.elements.size()); ++i) {
    PValue& e = Element(v, i, global);
    ASSIGN_OR_RETURN(Instruction * r, Replicate(e, global.tuple_shape(i)));
    elements.push_back(r);
    shapes.push_back(r->shape());
  }
  return b_.Add(Opcode::kTuple, Shape::Tuple(shapes), elements, "tuple");
}

Shape LocalValueShape(const PValue& v, const Shape& global, const Mesh& mesh) {
  if (!global.IsTuple()) return LocalShape(global, v.spec, mesh);
  std::vector<Shape> shapes;
  for (size_t i = 0; i < v.elements.size(); ++i) {
    shapes.push_back(LocalValueShape(v.elements[i], global.tuple_shape(i), mesh));
  }
  return Shape::Tuple(shapes);
}

bool IsFullyReplicated(const PValue& v) {
  if (v.elements.empty()) return v.spec.IsReplicated();
  return std::all_of(v.elements.begin(), v.elements.end(), IsFullyReplicated);
}

PValue ReplicatedValue(Instruction* inst, const Shape& global) {
  PValue v;
  v.inst = inst;
  if (global.IsTuple()) {
    for (const Shape& s : global.tuple_shapes()) v.elements.push_back(ReplicatedValue(nullptr, s));
  } else {
    v.spec = ShardingSpec::Replicated(global.IsArray() ? global.rank() : 0);
  }
  return v;
}

}  // namespace xpar::spmd
