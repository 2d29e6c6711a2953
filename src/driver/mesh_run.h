// Running a sharded program on a mesh of simulated devices and checking it against one device:
// the pieces `xpar run --mesh --check` and the Python module's xpar.run share.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/module.h"
#include "sharding/mesh.h"
#include "sharding/sharding_spec.h"
#include "support/status.h"

namespace xpar {

// Each device's arguments for the partitioned module `pm`: device d (of replicas x mesh) gets the
// shard of every full argument (args[parameter number]) its parameter's sharding gives it.
Expected<std::vector<std::vector<Literal>>> ShardArguments(const Module& pm,
                                                           const std::vector<Literal>& args,
                                                           const Mesh& mesh, int64_t replicas);

// Joins the per-device values of a result of `shape` whose array leaves have `specs`, from
// specs[next] on (advanced past the leaves used): the full value.
Expected<Literal> JoinShards(const std::vector<const Literal*>& per_device, const Shape& shape,
                             const std::vector<ShardingSpec>& specs, size_t& next,
                             const Mesh& mesh);

// max|a-b| / max|b| over the array leaves (0 when equal; infinite when NaN/inf positions or
// shapes differ, or b is all zeros and a is not).
double RelativeDifference(const Literal& a, const Literal& b);

// The unpartitioned module on one device per replica: each replica's result.
Expected<std::vector<Literal>> ReferenceRun(const Module& m, const std::vector<Literal>& args,
                                            int64_t replicas);

struct MeshRunOptions {
  // Replicas of the module's own cross-replica collectives, each partitioned over the mesh;
  // 0: as many as its collectives name.
  int64_t replicas = 0;
  bool check = false;  // also run ReferenceRun and compare
};

struct MeshRunResult {
  // Replica 0's outputs, joined: the root's tuple elements in order, or the root alone.
  std::vector<Literal> outputs;
  // With check: per output, the largest RelativeDifference over the replicas.
  std::vector<double> differences;
  int64_t replicas = 1;
  int64_t devices = 1;  // replicas x mesh devices
  double run_s = 0;     // the partitioned run alone
};

// Partitions `m` by its sharding annotations onto `mesh` (passes/spmd), runs every device on its
// own thread in this process, and joins the outputs (all in memory).
Expected<MeshRunResult> RunPartitioned(const Module& m, const Mesh& mesh,
                                       const std::vector<Literal>& args,
                                       const MeshRunOptions& options);

}  // namespace xpar
