// Resharding between two specs of one array, on specs only: the steps (collectives and a final
// local split) that the SPMD partitioner executes and the auto-sharding planner prices, so that
// every resharding priced is the one emitted. Also the shard geometry both sides share.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "ir/shape.h"
#include "sharding/mesh.h"
#include "sharding/sharding_spec.h"
#include "support/status.h"

namespace xpar {

// Elements per shard of a dimension of size n split into k pieces: ceil(n/k).
int64_t ShardSize(int64_t n, int64_t k);
// The per-device shape of `global` under `spec` (dims split into ceil-sized shards).
Shape LocalShape(const Shape& global, const ShardingSpec& spec, const Mesh& mesh);
// True when a dimension of size n split over `prefix` can be split further over `extra` by
// cutting each shard into pieces (and joined back by concatenating them): the shard size under
// `prefix` is exactly |extra| times the one under prefix + extra. Always true for an empty prefix
// (the whole dimension is padded first or trimmed after).
bool KeepsLayout(int64_t n, const std::vector<int64_t>& prefix, const std::vector<int64_t>& extra,
                 const Mesh& mesh);

// One step of a reshard, on specs.
struct ReshardStep {
  enum class Kind {
    kAllReduce,      // resolve partial `axes`
    kReduceScatter,  // resolve partial `axes`, leaving `dim` split over them
    kPermute,        // same shard sizes, different devices: collective-permute
    kAllToAll,       // `axes` (the minor end of `dim`'s) move to the minor end of `to_dim`
    kAllGather,      // `dim` loses `axes` (its minor end)
    kSplit,          // dims gain axes by a local dynamic-slice (no communication)
  };
  Kind kind;
  int64_t dim = -1, to_dim = -1;
  std::vector<int64_t> axes;
  ShardingSpec before, after;
};
// The steps that take `from` to `to` (`to`'s partial axes must be among `from`'s): partial sums
// first, a permute when shard sizes already match, then all-to-all where an axis moves between
// dims, all-gathers for the rest, and one local split at the end.
Expected<std::vector<ReshardStep>> PlanReshard(const ShardingSpec& from, const ShardingSpec& to,
                                               const Shape& global, const Mesh& mesh);
// The (source, target) device pairs of a permute step.
std::vector<std::pair<int64_t, int64_t>> PermutePairs(const ShardingSpec& from,
                                                      const ShardingSpec& to, const Mesh& mesh);

// Bytes one device sends or receives to reshard `from` -> `to` (what PlanReshard's steps move).
int64_t ReshardBytes(const ShardingSpec& from, const ShardingSpec& to, const Shape& global,
                     const Mesh& mesh);

}  // namespace xpar
