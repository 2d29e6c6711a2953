// Enumerating shardings: assignments of mesh axes to the dimensions of an array (or to the loops
// of an op's iteration space), the building block of every strategy list.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/shape.h"
#include "sharding/mesh.h"
#include "sharding/sharding_spec.h"

namespace xpar {

// At most this many mesh axes split one dimension. It bounds the enumeration: with k usable mesh
// axes and r dims there are (r + 1)^k assignments plus the other orders of axes sharing a dim,
// fewer than (r + 1)^k * k! (a rank-3 array: 19 specs on a 2x2 mesh, 88 on 2x2x2).
inline constexpr int kMaxAxesPerDim = 2;

// Mesh axes of size > 1, ascending: the only ones worth splitting over.
std::vector<int64_t> UsableAxes(const Mesh& mesh);

// One slot an axis can be assigned to: a dimension of size `size`; `splittable` false forbids
// any axis on it. With `even_only` a slot's axes must divide its size; otherwise the size must
// be at least the product (the partitioner pads the last shard).
struct AxisSlot {
  int64_t size = 1;
  bool splittable = true;
  bool even_only = true;
};

// Every assignment of the usable mesh axes to `slots` (or to none): result[i][s] lists the axes
// on slot s, major to minor. Each axis is used at most once; several axes on one slot come in
// every order; at most kMaxAxesPerDim per slot. The all-unassigned assignment comes first, and
// axes sharing a slot in ascending order (S(0,1)) come before their other orders (S(1,0)), so a
// solver that breaks ties by index prefers XLA's usual device order.
std::vector<std::vector<std::vector<int64_t>>> EnumerateAxisAssignments(
    const std::vector<AxisSlot>& slots, const Mesh& mesh);

// All specs of an array of `dims` on `mesh` (no partial axes), replicated first. `splittable`
// (empty = all dims) masks the dims that may be split.
std::vector<ShardingSpec> EnumerateSpecs(const std::vector<int64_t>& dims, const Mesh& mesh,
                                         bool allow_uneven,
                                         const std::vector<bool>& splittable = {});

// The array leaves of `shape` in depth-first order (a non-tuple array is its own single leaf;
// tokens are no leaves).
std::vector<Shape> ArrayLeafShapes(const Shape& shape);

}  // namespace xpar
