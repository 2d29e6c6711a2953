// `xpar solve INSTANCE.json[.gz]`: solves a strategy-selection problem in IOPDDL form (exact CBC
// or the fast backend), prints cost and memory, writes the solution; `--check` re-evaluates one.
#include <fmt/format.h>

#include <memory>

#include "cli_util.h"
#include "commands.h"
#include "solver/solver.h"

namespace xpar {
namespace {

struct SolveArgs {
  std::string instance;
  double time_limit = 60;
  std::string backend = "auto";
  uint64_t seed = 1;
  int threads = 0;
  std::string out;
  std::string check;
  bool quiet = false;
  bool cbc_log = false;
};

std::string Limit(const solver::Problem& p) {
  return p.usage_limit ? fmt::format("{}", *p.usage_limit) : "none";
}

void PrintEvaluation(const solver::Problem& p, const solver::Evaluation& ev) {
  fmt::print("cost: {}{}\n", ev.cost, ev.uses_forbidden ? " (uses a forbidden cost)" : "");
  fmt::print("memory: peak {} at time {}, limit {} -> {}\n", ev.peak_usage, ev.peak_time, Limit(p),
             ev.memory_ok ? "holds" : "EXCEEDED");
  if (ev.first_violation_time) fmt::print("memory: first exceeded at time {}\n",
                                          *ev.first_violation_time);
  fmt::print("feasible: {}\n", ev.feasible() ? "yes" : "no");
}

int Check(const solver::Problem& p, const SolveArgs& a) {
  auto sol = solver::ReadAssignmentFile(a.check);
  if (!sol.ok()) return ReportError("solve", sol.status());
  auto ev = solver::Evaluate(p, *sol);
  if (!ev.ok()) return ReportError("solve", ev.status().WithContext(a.check + ": "));
  PrintEvaluation(p, *ev);
  return ev->feasible() ? 0 : 2;
}

int Run(const SolveArgs& a) {
  auto problem = solver::ReadProblemFile(a.instance);
  if (!problem.ok()) return ReportError("solve", problem.status());
  const solver::Problem& p = *problem;
  fmt::print("problem: {} ({} nodes, {} edges, usage limit {})\n",
             p.name.empty() ? a.instance : p.name, p.num_nodes(), p.num_edges(), Limit(p));
  if (!a.check.empty()) return Check(p, a);
  solver::SolveOptions o;
  o.time_limit_s = a.time_limit;
  o.seed = a.seed;
  o.fast_threads = a.threads;
  o.solver_log = a.cbc_log;
  o.backend = a.backend == "exact" ? solver::Backend::kExact
              : a.backend == "fast" ? solver::Backend::kFast
                                    : solver::Backend::kAuto;
  if (!a.quiet) o.progress = [](const std::string& line) { fmt::print(stderr, "{}\n", line); };
  auto r = solver::Solve(p, o);
  if (!r.ok()) return ReportError("solve", r.status());
  fmt::print("backend: {}, time {:.2f} s\n", r->backend, r->seconds);
  if (r->infeasible) {
    fmt::print("result: infeasible (no assignment meets the memory limit)\n");
    return 2;
  }
  if (!r->has_solution) {
    fmt::print("result: no solution found within {} s\n", a.time_limit);
    return 2;
  }
  auto ev = solver::Evaluate(p, r->assignment);
  if (!ev.ok()) return ReportError("solve", ev.status());
  PrintEvaluation(p, *ev);
  if (r->optimal) fmt::print("optimal: yes (proven)\n");
  if (r->lower_bound && !r->optimal) {
    double gap = ev->cost > 0 ? (ev->cost - *r->lower_bound) / ev->cost : 0;
    fmt::print("lower bound: {:.0f} (gap {:.2f}%)\n", *r->lower_bound, 100 * gap);
  }
  if (!a.out.empty()) {
    Status s = solver::WriteAssignmentFile(a.out, r->assignment);
    if (!s.ok()) return ReportError("solve", s);
    fmt::print("solution written to {}\n", a.out);
  }
  return ev->feasible() ? 0 : 2;
}

}  // namespace

void RegisterSolveCommand(CLI::App& app) {
  auto a = std::make_shared<SolveArgs>();
  CLI::App* cmd = app.add_subcommand(
      "solve",
      "Solve a sharding-strategy selection problem in IOPDDL form: pick one strategy per node to\n"
      "minimise node plus edge (resharding) costs while the usage of live nodes stays within\n"
      "usage_limit at every time. Prints the cost and memory peak and writes the solution as a\n"
      "JSON array of strategy indices. Exit status: 0 feasible, 2 infeasible or none found.");
  cmd->add_option("instance", a->instance, "problem file (.json or .json.gz)")->required();
  cmd->add_option("--time-limit", a->time_limit, "seconds to spend solving (default 60)");
  cmd->add_option("--backend", a->backend,
                  "exact: CBC integer program; fast: graph reductions + Lagrangian local "
                  "search; auto (default): exact, seeded by a short fast run, for small "
                  "problems (<= 2000 nodes, <= 300k edge-cost entries) given >= 30 s; fast "
                  "otherwise")
      ->check(CLI::IsMember({"exact", "fast", "auto"}));
  cmd->add_option("--seed", a->seed, "seed of the fast backend (results repeat for a seed)");
  cmd->add_option("--threads", a->threads,
                  "fast backend: searches side by side, one per thread (0, the default: one per "
                  "core, at most two: memory priced per time step and per node; 1: per step only)")
      ->check(CLI::Range(0, 64));
  cmd->add_option("--out", a->out, "write the solution (JSON array, one index per node)");
  cmd->add_option("--check", a->check,
                  "do not solve: evaluate this solution file (cost, peak memory, feasibility)");
  cmd->add_flag("--quiet", a->quiet, "no progress lines on stderr");
  cmd->add_flag("--cbc-log", a->cbc_log, "show CBC's own log (exact backend)");
  cmd->callback([a] { std::exit(Run(*a)); });
}

}  // namespace xpar
