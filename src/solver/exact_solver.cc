// The exact backend: Alpa's integer program solved by CBC. One-hot binaries per node, continuous
// edge variables tied to both endpoints' one-hots (sum_j e_ij = x_ui, sum_i e_ij = x_vj), and one
// memory row per maximal time step.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include "solver/cbc_job.h"
#include "solver/solver.h"
#include "solver/time_steps.h"

namespace xpar::solver {
namespace {

struct LpBuilder {
  std::vector<double> obj, col_lb, col_ub, row_lb, row_ub;
  std::vector<char> is_int;
  std::vector<std::vector<std::pair<int, double>>> cols;  // per column: (row, coefficient)

  int AddCol(double cost, bool integer) {
    obj.push_back(cost);
    col_lb.push_back(0);
    col_ub.push_back(1);
    is_int.push_back(integer);
    cols.emplace_back();
    return static_cast<int>(obj.size()) - 1;
  }
  int AddRow(double lb, double ub) {
    row_lb.push_back(lb);
    row_ub.push_back(ub);
    return static_cast<int>(row_lb.size()) - 1;
  }
  void Set(int row, int col, double v) { cols[col].emplace_back(row, v); }
};

// Edges merged per unordered node pair, oriented from the smaller node; -1 marks forbidden.
std::map<std::pair<int, int>, std::vector<int64_t>> MergeEdges(const Problem& p) {
  std::map<std::pair<int, int>, std::vector<int64_t>> merged;
  for (const Edge& e : p.edges) {
    int a = std::min(e.u, e.v), b = std::max(e.u, e.v);
    int na = p.nodes[a].num_strategies(), nb = p.nodes[b].num_strategies();
    auto& m = merged[{a, b}];
    if (m.empty()) m.assign(static_cast<size_t>(na) * nb, 0);
    for (int i = 0; i < na; ++i) {
      for (int j = 0; j < nb; ++j) {
        int64_t c = e.u == a ? e.costs[static_cast<size_t>(i) * nb + j]
                             : e.costs[static_cast<size_t>(j) * na + i];
        int64_t& dst = m[static_cast<size_t>(i) * nb + j];
        if (dst < 0 || c >= kForbiddenCost) {
          dst = -1;
        } else if (__builtin_add_overflow(dst, c, &dst) || dst >= kForbiddenCost) {
          dst = -1;
        }
      }
    }
  }
  return merged;
}

struct Model {
  LpBuilder lp;
  std::vector<std::vector<int>> x;  // x[v][s] column or -1 when the strategy is forbidden
  bool trivially_infeasible = false;
};

void AddMemoryRows(const Problem& p, Model& m) {
  if (!p.usage_limit) return;
  TimeSteps ts = CompressTime(p);
  std::vector<int> steps = MaximalSteps(p, ts);
  std::vector<std::vector<int>> live(steps.size());
  for (int v = 0; v < p.num_nodes(); ++v) {
    auto lo = std::lower_bound(steps.begin(), steps.end(), ts.first[v]);
    for (auto it = lo; it != steps.end() && *it < ts.end[v]; ++it) {
      live[it - steps.begin()].push_back(v);
    }
  }
  for (const auto& nodes : live) {
    double fixed = 0, max_total = 0;
    for (int v : nodes) {
      int64_t lo = INT64_MAX, hi = 0;
      for (int s = 0; s < p.nodes[v].num_strategies(); ++s) {
        if (m.x[v][s] < 0) continue;
        lo = std::min(lo, p.nodes[v].usages[s]);
        hi = std::max(hi, p.nodes[v].usages[s]);
      }
      fixed += static_cast<double>(lo);
      max_total += static_cast<double>(hi);
    }
    if (max_total <= static_cast<double>(*p.usage_limit)) continue;  // can never bind
    int row = m.lp.AddRow(-1e30, static_cast<double>(*p.usage_limit) - fixed);
    for (int v : nodes) {
      int64_t lo = INT64_MAX;
      for (int s = 0; s < p.nodes[v].num_strategies(); ++s) {
        if (m.x[v][s] >= 0) lo = std::min(lo, p.nodes[v].usages[s]);
      }
      for (int s = 0; s < p.nodes[v].num_strategies(); ++s) {
        int64_t extra = m.x[v][s] >= 0 ? p.nodes[v].usages[s] - lo : 0;
        if (extra > 0) m.lp.Set(row, m.x[v][s], static_cast<double>(extra));
      }
    }
  }
}

void AddEdges(const Problem& p, Model& m) {
  for (const auto& [ends, costs] : MergeEdges(p)) {
    auto [a, b] = ends;
    int na = p.nodes[a].num_strategies(), nb = p.nodes[b].num_strategies();
    bool all_zero = std::all_of(costs.begin(), costs.end(), [](int64_t c) { return c == 0; });
    if (all_zero) continue;
    std::vector<int> row_a(na, -1), row_b(nb, -1);
    for (int i = 0; i < na; ++i) {
      if (m.x[a][i] < 0) continue;
      row_a[i] = m.lp.AddRow(0, 0);
      m.lp.Set(row_a[i], m.x[a][i], -1);
    }
    for (int j = 0; j < nb; ++j) {
      if (m.x[b][j] < 0) continue;
      row_b[j] = m.lp.AddRow(0, 0);
      m.lp.Set(row_b[j], m.x[b][j], -1);
    }
    for (int i = 0; i < na; ++i) {
      for (int j = 0; j < nb; ++j) {
        int64_t c = costs[static_cast<size_t>(i) * nb + j];
        if (row_a[i] < 0 || row_b[j] < 0 || c < 0) continue;
        int col = m.lp.AddCol(static_cast<double>(c), false);
        m.lp.Set(row_a[i], col, 1);
        m.lp.Set(row_b[j], col, 1);
      }
    }
  }
}

Model BuildModel(const Problem& p) {
  Model m;
  m.x.resize(p.num_nodes());
  for (int v = 0; v < p.num_nodes(); ++v) {
    const Node& n = p.nodes[v];
    int row = m.lp.AddRow(1, 1);
    m.x[v].assign(n.num_strategies(), -1);
    for (int s = 0; s < n.num_strategies(); ++s) {
      if (n.costs[s] >= kForbiddenCost) continue;
      m.x[v][s] = m.lp.AddCol(static_cast<double>(n.costs[s]), true);
      m.lp.Set(row, m.x[v][s], 1);
    }
    if (std::all_of(m.x[v].begin(), m.x[v].end(), [](int c) { return c < 0; })) {
      m.trivially_infeasible = true;
    }
  }
  if (m.trivially_infeasible) return m;
  AddEdges(p, m);
  AddMemoryRows(p, m);
  return m;
}

int64_t CountExactEdgeVars(const Problem& p) {
  int64_t n = 0;
  for (const Edge& e : p.edges) n += static_cast<int64_t>(e.costs.size());
  return n;
}

// The job for CBC: the model's columns in column-major form, the warm start's one-hots.
CbcJob MakeJob(const Model& m, const SolveOptions& options, double cbc_seconds) {
  CbcJob job;
  job.obj = m.lp.obj;
  job.col_lb = m.lp.col_lb;
  job.col_ub = m.lp.col_ub;
  job.is_int = m.lp.is_int;
  job.row_lb = m.lp.row_lb;
  job.row_ub = m.lp.row_ub;
  for (const auto& col : m.lp.cols) {
    for (auto [r, v] : col) {
      job.index.push_back(r);
      job.value.push_back(v);
    }
    job.start.push_back(static_cast<int64_t>(job.index.size()));
  }
  if (options.warm_start && options.warm_start->size() == m.x.size()) {
    for (size_t v = 0; v < m.x.size(); ++v) {
      int s = (*options.warm_start)[v];
      if (s >= 0 && s < static_cast<int>(m.x[v].size()) && m.x[v][s] >= 0) {
        job.warm_columns.push_back(m.x[v][s]);
      }
    }
  }
  job.seconds = cbc_seconds;
  // Costs are integers, so a gap under 1 proves optimality on small objectives; on real ones
  // (1e12-1e16 ps) only the relative gap can be reached.
  job.absolute_gap = 0.5;
  job.relative_gap = kExactRelativeGap;
  job.log = options.solver_log;
  return job;
}

// The strategy per node from the one-hot columns CBC set.
Status ReadOutcome(const Model& m, const CbcOutcome& o, SolveResult& r) {
  r.has_solution = o.has_solution;
  r.optimal = o.optimal;
  r.infeasible = o.infeasible;
  if (o.has_bound) r.lower_bound = o.bound;
  if (!r.has_solution) return Status::Ok();
  std::vector<std::pair<int, int>> owner(m.lp.obj.size(), {-1, -1});
  for (size_t v = 0; v < m.x.size(); ++v) {
    for (size_t s = 0; s < m.x[v].size(); ++s) {
      if (m.x[v][s] >= 0) owner[m.x[v][s]] = {static_cast<int>(v), static_cast<int>(s)};
    }
  }
  r.assignment.assign(m.x.size(), -1);
  for (int c : o.chosen) {
    if (c < 0 || static_cast<size_t>(c) >= owner.size() || owner[c].first < 0) {
      return Internal("the CBC process reported column {}, not a strategy", c);
    }
    r.assignment[owner[c].first] = owner[c].second;
  }
  for (size_t v = 0; v < m.x.size(); ++v) {
    if (r.assignment[v] < 0) return Internal("the CBC process chose no strategy for node {}", v);
  }
  return Status::Ok();
}

}  // namespace

bool ExactModelFits(const Problem& p) {
  return p.num_nodes() <= kAutoExactMaxNodes && CountExactEdgeVars(p) <= kAutoExactMaxEdgeVars;
}

// CBC runs in a process of its own (cbc_job.h): its own limit is set a little short of ours, and
// the process is killed at ours, since CBC does not look at the clock during its root LP.
Expected<SolveResult> SolveExact(const Problem& p, const SolveOptions& options) {
  auto t0 = std::chrono::steady_clock::now();
  SolveResult r;
  r.backend = "exact";
  if (CountExactEdgeVars(p) > kExactMaxEdgeVars) {
    return ResourceExhausted("the CBC model would have {} edge variables (more than {}): too large",
                             CountExactEdgeVars(p), kExactMaxEdgeVars);
  }
  Model m = BuildModel(p);
  if (m.trivially_infeasible) {
    r.infeasible = true;
    return r;
  }
  auto since = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  // Building a model of millions of coefficients can take the whole limit: then no solve.
  if (since() >= options.time_limit_s) {
    r.seconds = since();
    return r;
  }
  double left = options.time_limit_s - since();
  ASSIGN_OR_RETURN(IsolatedCbc cbc, RunCbcJobIsolated(MakeJob(m, options, 0.9 * left), left));
  if (!cbc.killed) RETURN_IF_ERROR(ReadOutcome(m, cbc.outcome, r));
  r.seconds = since();
  return r;
}

}  // namespace xpar::solver
