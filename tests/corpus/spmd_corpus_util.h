// Shared by the SPMD differential corpus tests: random valid shardings, the memory-tight
// auto-sharding plan, and partitioned-vs-reference runs of programs with their own replicas.
#pragma once

#include <gtest/gtest.h>

#include <random>

#include "../unit/spmd_test_util.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "passes/auto_sharding/plan_export.h"

namespace xpar::testing {

// A random spec for `shape`: each mesh axis splits a random dimension or none.
inline ShardingSpec RandomSpec(const Shape& shape, const Mesh& mesh, std::mt19937_64& rng) {
  ShardingSpec spec = ShardingSpec::Replicated(shape.rank());
  if (shape.rank() == 0) return spec;
  for (int64_t a = 0; a < mesh.rank(); ++a) {
    int64_t d = static_cast<int64_t>(rng() % (shape.rank() + 1));
    if (d < shape.rank()) spec.dim_axes[d].push_back(a);
  }
  return spec;
}

// Drops every sharding the file carries, then gives the parameters and dots random ones.
inline Status AnnotateRandomly(Module& m, const Mesh& mesh, uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (const auto& inst : m.entry()->instructions()) {
    inst->set_sharding(std::nullopt);
    if (!inst->shape().IsArray()) continue;
    if (inst->opcode() != Opcode::kParameter && inst->opcode() != Opcode::kDot) continue;
    ASSIGN_OR_RETURN(HloSharding s, ToHloSharding(RandomSpec(inst->shape(), mesh, rng), mesh));
    inst->set_sharding(s);
  }
  return Status::Ok();
}

// The auto-sharding plan under a memory limit at half the unconstrained plan's peak (so that it
// really shards; 3/4 or the free plan when that is infeasible), uneven splits allowed (the
// partitioner pads them), the file's own shardings kept or not.
inline Expected<Plan> TightPlan(const Module& m, const CostModel& model, bool keep_user) {
  AutoShardingOptions o;
  o.keep_user_shardings = keep_user;
  o.strategy.allow_uneven = true;
  o.solve.time_limit_s = 10;
  o.solve.fast_stall_rounds = 50;
  ASSIGN_OR_RETURN(Plan free_plan, PlanAutoSharding(m, model, o));
  for (double fraction : {0.5, 0.75, 1.0}) {
    o.memory_limit_bytes = static_cast<int64_t>(free_plan.peak_memory_bytes * fraction);
    auto plan = PlanAutoSharding(m, model, o);
    if (plan.ok() || plan.status().code() != StatusCode::kResourceExhausted) return plan;
  }
  return free_plan;
}

inline int64_t ShardedValues(const Plan& plan) {
  int64_t sharded = 0;
  for (const InstructionPlan& ip : plan.instructions) {
    for (const ShardingSpec& spec : ip.strategy.outputs) sharded += !spec.IsReplicated();
  }
  return sharded;
}

// The unpartitioned results (`want`, one per replica) and the partitioned program's joined
// results (`got`) on the same random arguments (`args`), for a program that runs on `replicas`
// replicas of its own (its cross-replica collectives): the reference runs on `replicas` devices,
// the partitioned program on replicas x mesh devices.
struct PartitionedRuns {
  std::vector<Literal> args, want, got;
};

inline Expected<PartitionedRuns> ReplicatedPartitionedRuns(const Module& module, const Mesh& mesh,
                                                           int64_t replicas, uint64_t seed) {
  PartitionOptions options;
  options.num_replicas = replicas;
  ASSIGN_OR_RETURN(std::unique_ptr<Module> pm, PartitionModule(module, mesh, options));
  PartitionedRuns runs;
  runs.args = RandomArguments(*module.entry(), seed);
  ASSIGN_OR_RETURN(runs.want,
                   RunOnDevices(module, std::vector<std::vector<Literal>>(replicas, runs.args),
                                replicas, 1));
  const int64_t n = mesh.num_devices();
  std::vector<std::vector<Literal>> device_args(replicas * n);
  for (const Instruction* p : pm->entry()->parameters()) {
    ASSIGN_OR_RETURN(std::vector<ShardingSpec> specs, LeafSpecs(*p, mesh));
    const Literal& full = runs.args[p->attrs().parameter_number];
    for (int64_t d = 0; d < replicas * n; ++d) {
      device_args[d].push_back(p->shape().IsArray() ? ShardOf(full, specs[0], mesh, d % n)
                                                    : full);
    }
  }
  ASSIGN_OR_RETURN(std::vector<Literal> results,
                   RunOnDevices(*pm, std::move(device_args), replicas, n));
  ASSIGN_OR_RETURN(std::vector<ShardingSpec> root_specs, LeafSpecs(*pm->entry()->root(), mesh));
  for (int64_t r = 0; r < replicas; ++r) {
    std::vector<Literal> mine(std::make_move_iterator(results.begin() + r * n),
                              std::make_move_iterator(results.begin() + (r + 1) * n));
    ASSIGN_OR_RETURN(Literal got,
                     JoinResults(mine, module.entry()->root()->shape(), root_specs, mesh));
    runs.got.push_back(std::move(got));
  }
  return runs;
}

// Like PartitionedDifference for a program with replicas of its own (ReplicatedPartitionedRuns):
// the largest difference over all replicas' results.
inline Expected<double> ReplicatedPartitionedDifference(const Module& module, const Mesh& mesh,
                                                        int64_t replicas, uint64_t seed) {
  if (replicas == 1) return PartitionedDifference(module, mesh, seed);
  ASSIGN_OR_RETURN(PartitionedRuns runs, ReplicatedPartitionedRuns(module, mesh, replicas, seed));
  double worst = 0;
  for (int64_t r = 0; r < replicas; ++r) {
    worst = std::max(worst, MaxRelativeDifference(runs.got[r], runs.want[r]));
  }
  return worst;
}

}  // namespace xpar::testing
