// Per-tensor sharding over a mesh: for each tensor dimension, the mesh axes that split it (major
// to minor), plus the mesh axes over which the value is a pending partial sum. Converts to and
// from HLO's `sharding={devices=[...]...}` annotations.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/hlo_sharding.h"
#include "sharding/mesh.h"
#include "support/status.h"

namespace xpar {

struct ShardingSpec {
  std::vector<std::vector<int64_t>> dim_axes;  // one entry per tensor dimension
  std::vector<int64_t> partial_axes;

  static ShardingSpec Replicated(int64_t rank) {
    return ShardingSpec{std::vector<std::vector<int64_t>>(rank), {}};
  }
  bool IsReplicated() const;
  // "[S(0),R] partial(1)": S(axes) splits a dimension, R leaves it whole.
  std::string ToString() const;
  bool operator==(const ShardingSpec&) const = default;
};

// Checks that every axis is a mesh axis used at most once.
Status ValidateSpec(const ShardingSpec& spec, const Mesh& mesh);

// The HLO annotation of `spec` (a tensor of rank spec.dim_axes.size()). Partial sums have no HLO
// annotation form, so a spec with partial axes is an error.
Expected<HloSharding> ToHloSharding(const ShardingSpec& spec, const Mesh& mesh);

// The spec whose HLO annotation is `sharding`, for a tensor of `rank` dims on `mesh`; an error
// when the device order fits no assignment of mesh axes (or the sharding is maximal/manual).
Expected<ShardingSpec> FromHloSharding(const HloSharding& sharding, const Mesh& mesh,
                                       int64_t rank);

}  // namespace xpar
