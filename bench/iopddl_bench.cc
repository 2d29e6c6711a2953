// Runs every IOPDDL instance in ../shared/iopddl within its contest time limit (times --scale),
// with our fast backend and with CBC side by side, and prints cost vs the best contest cost.
//   iopddl_bench [--scale 0.25] [--only B,G] [--no-cbc] [--seed N] [--dir DIR]
#include <fmt/format.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <set>
#include <sstream>

#include "solver/solver.h"

namespace {

using xpar::solver::Evaluation;
using xpar::solver::Problem;
using xpar::solver::SolveOptions;
using xpar::solver::SolveResult;

struct Instance {
  const char* id;
  double limit_s;
  int64_t best_cost;  // lowest cost among the contest's final results
};

constexpr Instance kInstances[] = {
    {"A", 60, 6548641531},  {"B", 60, 532843},          {"G", 120, 217039},
    {"K", 180, 2274276676}, {"M", 180, 49928460991},    {"S", 240, 1534613444},
    {"U", 300, 2569342178}, {"V", 300, 1632051},
};

struct Args {
  double scale = 1.0;
  std::set<std::string> only;
  bool cbc = true;
  uint64_t seed = 1;
  std::string dir = std::string(XPAR_SHARED_DIR) + "/iopddl";
};

bool ParseArgs(int argc, char** argv, Args& a) {
  for (int i = 1; i < argc; ++i) {
    std::string k = argv[i];
    bool has_value = i + 1 < argc;
    if (k == "--scale" && has_value) {
      a.scale = std::atof(argv[++i]);
    } else if (k == "--only" && has_value) {
      std::stringstream ss(argv[++i]);
      for (std::string id; std::getline(ss, id, ',');) a.only.insert(id);
    } else if (k == "--no-cbc") {
      a.cbc = false;
    } else if (k == "--seed" && has_value) {
      a.seed = std::strtoull(argv[++i], nullptr, 10);
    } else if (k == "--dir" && has_value) {
      a.dir = argv[++i];
    } else {
      fmt::print(stderr, "usage: iopddl_bench [--scale F] [--only B,G] [--no-cbc] [--seed N] "
                         "[--dir DIR]\n");
      return false;
    }
  }
  return a.scale > 0;
}

// "cost ratio mem time" cells of one backend's run.
std::string Cells(const Problem& p, const xpar::Expected<SolveResult>& r, int64_t best) {
  if (!r.ok()) return fmt::format("error: {}", r.status().ToString());
  if (r->infeasible) return fmt::format("{:>16} {:>7} {:>13} {:>7.1f}", "infeasible", "-", "-",
                                        r->seconds);
  if (!r->has_solution) {
    return fmt::format("{:>16} {:>7} {:>13} {:>7.1f}", "no solution", "-", "-", r->seconds);
  }
  auto ev = xpar::solver::Evaluate(p, r->assignment);
  if (!ev.ok()) return "error: " + ev.status().ToString();
  double limit = static_cast<double>(p.usage_limit.value_or(ev->peak_usage));
  std::string mem = fmt::format("{:.3f}{}", ev->peak_usage / std::max(1.0, limit),
                                ev->memory_ok ? " ok" : " OVER");
  return fmt::format("{:>16} {:>7.4f} {:>13} {:>7.1f}", ev->cost,
                     static_cast<double>(ev->cost) / static_cast<double>(best), mem, r->seconds);
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  if (!ParseArgs(argc, argv, a)) return 1;
  fmt::print("IOPDDL benchmark, time limits x{} (machine: see `nproc`; CBC with the same limit)\n",
             a.scale);
  fmt::print("{:<4} {:>6} {:>6} {:>7} {:>14} | {:>16} {:>7} {:>13} {:>7} | {:>16} {:>7} {:>13} "
             "{:>7}\n",
             "inst", "nodes", "edges", "limit", "best contest", "ours: cost", "ratio",
             "peak/limit", "time", "CBC: cost", "ratio", "peak/limit", "time");
  for (const Instance& inst : kInstances) {
    if (!a.only.empty() && !a.only.count(inst.id)) continue;
    std::string path = fmt::format("{}/asplos-2025-iopddl-{}.json.gz", a.dir, inst.id);
    auto p = xpar::solver::ReadProblemFile(path);
    if (!p.ok()) {
      fmt::print("{:<4} cannot read: {}\n", inst.id, p.status().ToString());
      continue;
    }
    SolveOptions o;
    o.time_limit_s = inst.limit_s * a.scale;
    o.seed = a.seed;
    o.backend = xpar::solver::Backend::kFast;
    std::string ours = Cells(*p, xpar::solver::Solve(*p, o), inst.best_cost);
    std::string cbc = "(skipped)";
    if (a.cbc) {
      o.backend = xpar::solver::Backend::kExact;
      cbc = Cells(*p, xpar::solver::Solve(*p, o), inst.best_cost);
    }
    fmt::print("{:<4} {:>6} {:>6} {:>6.0f}s {:>14} | {} | {}\n", inst.id, p->num_nodes(),
               p->num_edges(), o.time_limit_s, inst.best_cost, ours, cbc);
    std::fflush(stdout);
  }
  return 0;
}
