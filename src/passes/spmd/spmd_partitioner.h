// The SPMD partitioner: turns a module whose entry instructions carry `sharding={...}` into ONE
// per-device program parameterised by partition-id (XLA's SPMD partitioner, num_partitions =
// mesh devices), with local shapes and explicit collectives over mesh-axis device groups.
//
//   before: %d = f32[8,16] dot(f32[8,4] %x, f32[4,16] %w), sharding={devices=[2,1]0,1}
//   after:  %d = f32[4,16] dot(f32[4,4] %x, f32[4,16] %w)       (x split on rows, w replicated)
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ir/module.h"
#include "sharding/mesh.h"
#include "sharding/sharding_spec.h"
#include "support/status.h"

namespace xpar {

struct PartitionOptions {
  // Entry instructions without a sharding: true = take what their operands' shardings give
  // (the handlers' natural output spec, e.g. a dot of a row-split operand stays row-split);
  // false = make them replicated.
  bool propagate_unannotated = true;
  // true: a dimension a sharding splits unevenly (n into k pieces, n % k != 0) is split into
  // pieces of ceil(n/k), the last ones padded, and ops that read across it mask the padding.
  // false: such dimensions are kept whole (replicated over the axes that do not divide them).
  bool uneven = true;
  // Replicas of the program (its own cross-replica collectives, e.g. a data-parallel
  // all-reduce that PyTorch/XLA wrote, name replica ids): the partitioned program runs on
  // num_replicas x mesh devices, device id = replica * mesh devices + partition, and the
  // partitioner's collectives stay within one replica.
  int64_t num_replicas = 1;
};

// The partitioned module: the entry's parameters and root carry the (effective) shardings of
// the per-device values, so callers know how to split arguments and join results. A dimension of
// size n split into k pieces has ceil(n/k) elements per device, the last shards padded (or, with
// `uneven` off, it is kept whole). Padding holds unspecified values.
Expected<std::unique_ptr<Module>> PartitionModule(const Module& annotated, const Mesh& mesh,
                                                  const PartitionOptions& options = {});

// Device `device`'s shard of `full` under `spec` (no partial axes), zero-padded where a dimension
// is split unevenly.
Literal ShardOf(const Literal& full, const ShardingSpec& spec, const Mesh& mesh, int64_t device);

// Joins per-device shards (shards[d] is device d's) of an array of `full_shape` under `spec`,
// dropping their padding. An error when the shards' shapes do not fit or replicated copies
// disagree.
Expected<Literal> Assemble(const std::vector<Literal>& shards, const ShardingSpec& spec,
                           const Mesh& mesh, const Shape& full_shape);

// The per-leaf specs of a partitioned module's parameter `i` / root (tuples flattened in order),
// read back from their sharding annotations.
Expected<std::vector<ShardingSpec>> LeafSpecs(const Instruction& inst, const Mesh& mesh);

}  // namespace xpar
