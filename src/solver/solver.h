// Solving the strategy-selection problem: the exact CBC backend, the fast large-scale backend,
// and `auto`, which picks between them by size.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "solver/problem.h"

namespace xpar::solver {

enum class Backend { kExact, kFast, kAuto };

struct SolveOptions {
  double time_limit_s = 60;
  Backend backend = Backend::kAuto;
  uint64_t seed = 1;  // the fast backend is deterministic for a given seed (time only stops it)
  // Receives a progress line about every progress_interval_s seconds of a long solve.
  std::function<void(const std::string&)> progress;
  double progress_interval_s = 5;
  int fast_max_rounds = 0;  // fast backend: stop after this many Lagrangian rounds (0: time only)
  // Fast backend: stop after this many rounds in a row that improve the best cost by less than
  // 1e-5 of it (0: never).
  int fast_stall_rounds = 0;
  // Fast backend: searches side by side, one per core (0: one per core of this machine). Two:
  // memory priced per step and per node; one: per step only.
  int fast_threads = 0;
  bool solver_log = false;                // let CBC print its own log
  std::optional<Assignment> warm_start;  // exact backend: a MIP start
  // Plans the caller knows (e.g. every tensor replicated, plain data parallelism): the fast
  // backend starts from the best of these and of its own starts (least memory, greedy by
  // edges); the exact backend takes the best feasible one as its MIP start.
  std::vector<Assignment> starts;
};

struct SolveResult {
  std::string backend;  // "exact" or "fast"
  bool has_solution = false;
  Assignment assignment;   // valid when has_solution; feasible unless `infeasible`
  // Proven optimal: within kExactRelativeGap (exact backend), or settled exactly by elimination
  // with the memory limit holding (fast backend).
  bool optimal = false;
  bool infeasible = false;  // proven: every assignment breaks the limit or uses a forbidden cost
  std::optional<double> lower_bound;  // exact backend: best bound on the optimum
  double seconds = 0;
};

// `auto` sends problems up to this many nodes and edge-cost entries to CBC (seeded by a short
// fast run) when the time limit allows CBC's root LP: on our 2-core machine CBC proved instance B
// (236k entries) optimal in 18 s from such a seed, while V (1.6M entries) overran 75 s.
inline constexpr int kAutoExactMaxNodes = 2000;
inline constexpr int64_t kAutoExactMaxEdgeVars = 300'000;
inline constexpr double kAutoExactMinSeconds = 30;
bool ExactModelFits(const Problem& problem);
// The exact backend stops once its bound is within this fraction of its best solution.
inline constexpr double kExactRelativeGap = 1e-6;
// Above this many edge variables the exact backend refuses (memory and LP time blow up).
inline constexpr int64_t kExactMaxEdgeVars = 2'500'000;

Expected<SolveResult> SolveExact(const Problem& problem, const SolveOptions& options);
Expected<SolveResult> SolveFast(const Problem& problem, const SolveOptions& options);
Expected<SolveResult> Solve(const Problem& problem, const SolveOptions& options);

const char* BackendName(Backend b);

}  // namespace xpar::solver
