// PlanAutoSharding: build the integer program, check the memory limit can hold at all, solve it,
// and read the chosen strategies and reshardings back as a Plan.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>

#include "passes/auto_sharding/auto_sharding.h"
#include "passes/auto_sharding/problem_builder.h"
#include "passes/simplify/follower_merge.h"

namespace xpar {
namespace {

double SecondsSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

std::string Bytes(int64_t b) {
  if (b >= (int64_t{1} << 30)) return fmt::format("{:.2f} GiB", b / 1073741824.0);
  return b >= (1 << 20) ? fmt::format("{:.1f} MiB", b / 1048576.0) : fmt::format("{} B", b);
}

// The time at which the least-memory assignment peaks, and the nodes live then, largest first.
std::vector<std::pair<int64_t, int>> LiveAtMinimalPeak(const solver::Problem& p) {
  std::map<int64_t, int64_t> delta;  // time -> change of the minimal usage
  auto min_usage = [&](int n) {
    const auto& u = p.nodes[n].usages;
    return u.empty() ? int64_t{0} : *std::min_element(u.begin(), u.end());
  };
  for (int n = 0; n < p.num_nodes(); ++n) {
    if (p.nodes[n].start >= p.nodes[n].end) continue;
    delta[p.nodes[n].start] += min_usage(n);
    delta[p.nodes[n].end] -= min_usage(n);
  }
  int64_t running = 0, best = -1, peak_time = 0;
  for (auto [t, d] : delta) {
    running += d;
    if (running > best) best = running, peak_time = t;
  }
  std::vector<std::pair<int64_t, int>> live;
  for (int n = 0; n < p.num_nodes(); ++n) {
    const solver::Node& node = p.nodes[n];
    if (node.start <= peak_time && peak_time < node.end && min_usage(n) > 0) {
      live.emplace_back(min_usage(n), n);
    }
  }
  std::sort(live.begin(), live.end(), std::greater<>());
  return live;
}

// Names what fills the peak and what would make the program fit.
Status MemoryInfeasible(const ShardingProblem& sp, int64_t limit, const CostModel& model) {
  std::vector<std::pair<int64_t, int>> live = LiveAtMinimalPeak(sp.problem);
  int64_t minimal = 0, params = 0;
  for (auto [bytes, n] : live) {
    minimal += bytes;
    if (sp.node_inst[n]->opcode() == Opcode::kParameter) params += bytes;
  }
  std::string top;
  for (size_t i = 0; i < live.size() && i < 5; ++i) {
    const Instruction* inst = sp.node_inst[live[i].second];
    top += fmt::format("\n  {:>12}  %{} {}{}", Bytes(live[i].first), inst->name(),
                       inst->shape().ToString(false),
                       inst->opcode() == Opcode::kParameter ? " (parameter)" : "");
  }
  double factor = static_cast<double>(minimal) / static_cast<double>(std::max<int64_t>(1, limit));
  return ResourceExhausted(
      "no sharding fits the memory limit: even the most memory-saving strategy of every tensor "
      "needs {} per device at the peak, over the limit of {}. At that point {} tensors are live, "
      "{} of it parameters (weights and optimizer state, split as far as their dims allow); the "
      "largest per device:{}\nWhat would fit: about {:.1f}x the memory per device, or a mesh "
      "about {:.0f}x larger than {} (if these tensors split further), or a smaller batch "
      "(activations), or pipeline stages, which rematerialise layers where memory is short "
      "(`xpar plan --pipeline`)",
      Bytes(minimal), Bytes(limit), live.size(), Bytes(params), top, factor, std::ceil(factor),
      model.mesh().ToString());
}

void ReadBack(const ShardingProblem& sp, const solver::Assignment& chosen, const CostModel& model,
              Plan& plan) {
  for (int n = 0; n < sp.problem.num_nodes(); ++n) {
    const Strategy& s = sp.strategies[n][chosen[n]];
    plan.instructions.push_back({sp.node_inst[n], s,
                                 static_cast<int64_t>(sp.strategies[n].size()),
                                 StrategyBytes(*sp.node_inst[n], s, model.mesh())});
    plan.compute_s += s.compute_s;
    plan.communication_s += s.communication_s;
  }
  for (auto [node, leaf] : sp.outputs) {
    const ShardingSpec& spec = sp.strategies[node][chosen[node]].outputs[leaf];
    if (spec.partial_axes.empty()) continue;
    ShardingSpec reduced = spec;
    reduced.partial_axes.clear();
    const Instruction* producer = sp.node_inst[node];
    Resharding r = ReshardingCost(*ArrayLeaves(producer->shape())[leaf], spec, reduced, model);
    plan.communication_s += r.seconds;
    plan.reshardings.push_back({producer, nullptr, -1, spec, reduced, std::move(r)});
  }
  for (const EdgeUse& use : sp.uses) {
    const Strategy& from = sp.strategies[use.from_node][chosen[use.from_node]];
    const Strategy& to = sp.strategies[use.to_node][chosen[use.to_node]];
    const ShardingSpec& a = from.outputs[use.producer_leaf];
    const ShardingSpec& b = use.alias ? to.outputs[0] : to.operands[use.operand][use.operand_leaf];
    if (a == b) continue;
    const Instruction* producer = sp.node_inst[use.from_node];
    const Shape* shape = ArrayLeaves(producer->shape())[use.producer_leaf];
    Resharding r = ReshardingCost(*shape, a, b, model);
    if (r.collectives.empty() && r.seconds == 0) continue;
    plan.communication_s += r.seconds;
    plan.reshardings.push_back({producer, use.alias ? nullptr : sp.node_inst[use.to_node],
                                use.operand, a, b, std::move(r)});
  }
}

// Every tensor replicated (each node's replicated strategy; a node without one, e.g. a user
// sharding, takes its cheapest): the plan a single device runs, always a valid start.
solver::Assignment ReplicatedAssignment(const ShardingProblem& sp) {
  solver::Assignment x(sp.problem.num_nodes(), 0);
  for (int n = 0; n < sp.problem.num_nodes(); ++n) {
    const auto& strategies = sp.strategies[n];
    const auto& costs = sp.problem.nodes[n].costs;
    int cheapest = 0, replicated = -1;
    for (int s = 0; s < static_cast<int>(strategies.size()); ++s) {
      if (costs[s] < costs[cheapest]) cheapest = s;
      bool all = true;
      for (const ShardingSpec& o : strategies[s].outputs) all = all && o.IsReplicated();
      for (const auto& operand : strategies[s].operands) {
        for (const ShardingSpec& o : operand) all = all && o.IsReplicated();
      }
      if (all && (replicated < 0 || costs[s] < costs[replicated])) replicated = s;
    }
    x[n] = replicated >= 0 ? replicated : cheapest;
  }
  return x;
}

// Whether CBC sees `problem`. The fast backend eliminates degree <= 2 nodes itself, in its own
// order and with its own work bounds; merged beforehand, the same LLaMA step from the corpus
// lost its proof of optimality there (27 ms proven -> 3.5 s to stall), so followers are merged
// only for CBC, whose model shrinks with every merged node.
bool ForCbc(const solver::Problem& problem, const AutoShardingOptions& options, double spent_s) {
  switch (options.solve.backend) {
    case solver::Backend::kExact:
      return true;
    case solver::Backend::kFast:
      return false;
    case solver::Backend::kAuto:
      return solver::ExactModelFits(problem) &&
             options.solve.time_limit_s - spent_s >= solver::kAutoExactMinSeconds;
  }
  return false;
}

// Merges followers (when asked and exact), solves what is left within `time_limit_s`, and
// returns an assignment of every node of `sp`.
Expected<solver::Assignment> SolveMerged(const ShardingProblem& sp,
                                         const AutoShardingOptions& options,
                                         std::chrono::steady_clock::time_point t0, Plan& plan) {
  std::vector<bool> mergeable(sp.problem.num_nodes(), false);
  for (int n = 0; n < sp.problem.num_nodes() && options.merge_followers; ++n) {
    mergeable[n] = IsFollowerOp(*sp.node_inst[n]);
  }
  ASSIGN_OR_RETURN(FollowerMerge merged, MergeFollowers(sp.problem, mergeable));
  plan.build_s = SecondsSince(t0);
  if (!ForCbc(merged.reduced, options, plan.build_s)) {
    ASSIGN_OR_RETURN(merged, MergeFollowers(sp.problem, std::vector<bool>(mergeable.size())));
  }
  plan.num_merged_followers = static_cast<int64_t>(merged.eliminations.size());
  plan.num_nodes = merged.reduced.num_nodes();
  plan.num_edges = merged.reduced.num_edges();
  for (const solver::Node& n : merged.reduced.nodes) plan.num_strategies += n.num_strategies();
  solver::SolveOptions solve = options.solve;
  // Building the problem counts against the time limit; the solver gets what is left (at
  // least enough to settle its starting plans).
  solve.time_limit_s = std::max(0.05, options.solve.time_limit_s - plan.build_s);
  for (solver::Assignment& start : solve.starts) start = merged.Project(start);
  if (solve.warm_start) solve.warm_start = merged.Project(*solve.warm_start);
  solve.starts.push_back(merged.Project(ReplicatedAssignment(sp)));
  ASSIGN_OR_RETURN(solver::SolveResult result, solver::Solve(merged.reduced, solve));
  plan.backend = result.backend;
  plan.optimal = result.optimal;
  plan.solve_s = result.seconds;
  if (!result.has_solution) {
    return Internal("the {} solver returned no sharding although a plan within the memory limit "
                    "exists (a bug: please report it with the input)", result.backend);
  }
  return merged.Expand(result.assignment);
}

}  // namespace

Expected<Plan> PlanAutoSharding(const Module& module, const CostModel& model,
                                const AutoShardingOptions& options) {
  auto t0 = std::chrono::steady_clock::now();
  if (options.force_data_parallel && options.batch_size <= 0) {
    return InvalidArgument("data parallelism needs the batch size (the leading dimension of the "
                           "inputs that hold examples)");
  }
  ASSIGN_OR_RETURN(ShardingProblem sp, BuildShardingProblem(module, model, options));
  Plan plan;
  plan.mesh = model.mesh().ToString();
  plan.cluster = model.cluster().name;
  plan.build_s = SecondsSince(t0);
  plan.num_instructions = static_cast<int64_t>(module.entry()->instructions().size());
  plan.num_program_nodes = sp.problem.num_nodes();
  plan.num_program_edges = sp.problem.num_edges();
  plan.memory_limit_bytes = sp.problem.usage_limit.value_or(0);
  if (sp.problem.usage_limit && solver::MinimalPeakUsage(sp.problem) > *sp.problem.usage_limit) {
    return MemoryInfeasible(sp, *sp.problem.usage_limit, model);
  }
  ASSIGN_OR_RETURN(solver::Assignment assignment, SolveMerged(sp, options, t0, plan));
  ASSIGN_OR_RETURN(solver::Evaluation ev, solver::Evaluate(sp.problem, assignment));
  plan.peak_memory_bytes = ev.peak_usage;
  plan.memory_ok = ev.memory_ok;
  ReadBack(sp, assignment, model, plan);
  plan.traffic = EstimateTraffic(plan, model.mesh());
  return plan;
}

}  // namespace xpar
