// Alpa's intra-operator pass: choose one sharding strategy per instruction of the entry
// computation so that the estimated step time (compute + the ops' own collectives + resharding
// between producers and consumers) is minimal while each device's peak memory stays within the
// limit. The choice is an integer program in IOPDDL form, solved by src/solver.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/cost_model.h"
#include "ir/module.h"
#include "passes/auto_sharding/strategy.h"
#include "passes/simplify/simplify.h"
#include "solver/solver.h"
#include "support/status.h"

namespace xpar {

struct AutoShardingOptions {
  StrategyOptions strategy;
  // Per-device memory limit; absent: the cluster's device memory.
  std::optional<int64_t> memory_limit_bytes;
  // Instructions that already carry `sharding={...}` keep it (their strategies are restricted
  // to the ones producing that sharding).
  bool keep_user_shardings = true;
  // Every array parameter is either split on dimension 0 over all mesh axes (when that
  // dimension is the batch: its size equals batch_size) or replicated: plain data parallelism.
  bool force_data_parallel = false;
  int64_t batch_size = 0;  // required with force_data_parallel
  // ZeRO-3 style: every array parameter is stored split over as many devices as its dimensions
  // allow evenly (all of them for weights; on whichever dimensions the solver picks); the ops
  // that read it all-gather what they need. Parameters include optimizer state in a step.
  bool shard_parameters = false;
  // Exact follower merging (src/passes/simplify/follower_merge.h): followers of degree <= 2 leave
  // the integer program when the memory limit cannot bind; their strategies are read back.
  bool merge_followers = true;
  solver::SolveOptions solve;
};

// A resharding the plan inserts between a producer and one of its consumers.
struct PlannedResharding {
  const Instruction* producer = nullptr;
  // Null for a program output: operand -1 = the reduction of a pending partial sum before the
  // value leaves; operand 0 = the update of an aliased parameter going back to its sharding.
  const Instruction* consumer = nullptr;
  int64_t operand = 0;  // operand index at the consumer
  ShardingSpec from, to;
  Resharding cost;
};

struct InstructionPlan {
  const Instruction* inst = nullptr;
  Strategy strategy;             // the chosen one
  int64_t num_strategies = 0;    // how many it was chosen from
  int64_t bytes_per_device = 0;  // of its result
};

// Collectives of one kind in a plan: how many it issues and the bytes each device sends for them,
// counted as the runtime's CollectiveTraffic counts a run (ring algorithms, n = group size,
// B = CollectiveUse::bytes): all-reduce 2(n-1)/n B, all-gather, reduce-scatter and all-to-all
// (n-1)/n B, collective-permute B.
struct PlannedTraffic {
  int64_t calls = 0;
  int64_t bytes_sent = 0;
};

struct Plan {
  std::string mesh;     // "2x4"
  std::string cluster;  // preset name
  std::vector<InstructionPlan> instructions;  // entry instructions that got a strategy, in order
  std::vector<PlannedResharding> reshardings;
  double compute_s = 0;
  double communication_s = 0;  // ops' own collectives + reshardings
  int64_t peak_memory_bytes = 0;
  int64_t memory_limit_bytes = 0;
  bool memory_ok = true;
  // The solve.
  int64_t num_instructions = 0;  // of the entry computation (tuples and their elements included)
  int64_t num_nodes = 0, num_edges = 0, num_strategies = 0;  // what the solver saw
  // Before follower merging: one node per instruction (tuples looked through), and how many
  // follower nodes were merged away (num_nodes = num_program_nodes - num_merged_followers).
  int64_t num_program_nodes = 0, num_program_edges = 0, num_merged_followers = 0;
  std::string backend;
  bool optimal = false;
  double solve_s = 0, build_s = 0;

  // What DCE/CSE did before planning (set by the caller that ran SimplifyForPlanning): the plan
  // JSON carries it so that the plan also applies to the unsimplified module.
  SimplifyLog simplified;

  // Per kind, the ops' own collectives and the reshardings (EstimateTraffic).
  std::map<CollectiveKind, PlannedTraffic> traffic;

  double step_s() const { return compute_s + communication_s; }
};

// Plan::traffic from the plan's chosen strategies and reshardings on `mesh`.
std::map<CollectiveKind, PlannedTraffic> EstimateTraffic(const Plan& plan, const Mesh& mesh);

Expected<Plan> PlanAutoSharding(const Module& module, const CostModel& model,
                                const AutoShardingOptions& options);

}  // namespace xpar
