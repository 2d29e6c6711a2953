// Resharding between any two specs: pending partial sums are reduced (reduce-scatter where the
// target splits a dimension over the same axes, all-reduce otherwise), axes a dimension loses
// are all-gathered (minor axes first, keeping a common major prefix), and axes it gains are
// taken by a local dynamic-slice at this device's offset (no communication).
#include <fmt/format.h>

#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {
namespace {

bool Contains(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

}  // namespace

Expected<Instruction*> Partitioner::Reshard(const PValue& v, const ShardingSpec& target,
                                            const Shape& global) {
  if (!global.IsArray()) return Internal("Reshard of a non-array value {}", global.ToString());
  ShardingSpec cur = v.spec;
  Instruction* x = v.inst;
  if (cur == target) return x;
  if (cur.dim_axes.size() != target.dim_axes.size()) {
    return Internal("reshard {} -> {}: ranks differ", cur.ToString(), target.ToString());
  }
  for (int64_t a : target.partial_axes) {
    if (!Contains(cur.partial_axes, a)) {
      return Internal("reshard {} -> {}: cannot create a partial sum", cur.ToString(),
                      target.ToString());
    }
  }
  std::vector<int64_t> to_reduce;
  for (int64_t a : cur.partial_axes) {
    if (!Contains(target.partial_axes, a)) to_reduce.push_back(a);
  }
  if (!to_reduce.empty()) {
    Computation* add = b_.ScalarReducer(Opcode::kAdd, global.type());
    for (size_t d = 0; d < cur.dim_axes.size(); ++d) {
      const auto& t = target.dim_axes[d];
      bool all_reduced = !t.empty() && std::all_of(t.begin(), t.end(), [&](int64_t a) {
        return Contains(to_reduce, a);
      });
      if (!cur.dim_axes[d].empty() || !all_reduced) continue;
      x = b_.ReduceScatter(x, static_cast<int64_t>(d), t, add);
      cur.dim_axes[d] = t;
      std::erase_if(to_reduce, [&](int64_t a) { return Contains(t, a); });
    }
    if (!to_reduce.empty()) {
      std::sort(to_reduce.begin(), to_reduce.end());
      x = b_.AllReduce(x, to_reduce, add);
    }
    cur.partial_axes = target.partial_axes;
  }
  // Gather the axes each dimension loses (its minor axes beyond the prefix it shares).
  for (size_t d = 0; d < cur.dim_axes.size(); ++d) {
    auto& c = cur.dim_axes[d];
    const auto& t = target.dim_axes[d];
    size_t k = 0;
    while (k < c.size() && k < t.size() && c[k] == t[k]) ++k;
    if (k == c.size()) continue;
    std::vector<int64_t> lost(c.begin() + static_cast<int64_t>(k), c.end());
    x = b_.AllGather(x, static_cast<int64_t>(d), lost);
    c.resize(k);
  }
  // Slice the axes each dimension gains.
  std::vector<Instruction*> offsets(cur.dim_axes.size(), nullptr);
  bool slice = false;
  for (size_t d = 0; d < cur.dim_axes.size(); ++d) {
    const auto& c = cur.dim_axes[d];
    const auto& t = target.dim_axes[d];
    if (c.size() == t.size()) continue;
    std::vector<int64_t> gained(t.begin() + static_cast<int64_t>(c.size()), t.end());
    int64_t unit = global.dim(static_cast<int64_t>(d)) / AxesSize(t, mesh());
    offsets[d] = b_.ShardOffset(gained, unit);
    slice = true;
  }
  if (slice && x->opcode() == Opcode::kBroadcast && x->operand(0)->shape().rank() == 0) {
    // A splat is the same everywhere: build the shard directly.
    x = b_.Add(Opcode::kBroadcast, LocalShape(global, target, mesh()), {x->operand(0)},
               "broadcast");
  } else if (slice) {
    x = b_.DynamicSlice(x, offsets, LocalShape(global, target, mesh()).dims());
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
