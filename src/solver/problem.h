// The strategy-selection integer program in IOPDDL form (one strategy per node, resharding costs
// on edges, a memory limit over live intervals), its reader and the evaluation of a solution.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "support/status.h"

namespace xpar::solver {

// Costs at or above this are the contest's "forbidden" marker (1e18); a solution that picks one
// is reported as using a forbidden choice.
inline constexpr int64_t kForbiddenCost = 1'000'000'000'000'000'000;

struct Node {
  int64_t start = 0;  // live interval [start, end); empty when start >= end
  int64_t end = 0;
  std::vector<int64_t> costs;   // per strategy
  std::vector<int64_t> usages;  // per strategy, same length as costs
  int num_strategies() const { return static_cast<int>(costs.size()); }
};

struct Edge {
  int u = 0;
  int v = 0;
  // |S_u| x |S_v|, row-major in u's strategy: costs[i * |S_v| + j].
  std::vector<int64_t> costs;
};

struct Problem {
  std::string name;
  std::vector<Node> nodes;
  std::vector<Edge> edges;
  std::optional<int64_t> usage_limit;  // absent = unlimited

  int num_nodes() const { return static_cast<int>(nodes.size()); }
  int num_edges() const { return static_cast<int>(edges.size()); }
  // Checks sizes and indices; the reader calls it, so do programmatic builders (tests).
  Status Validate() const;
};

// One strategy index per node.
using Assignment = std::vector<int>;

struct Evaluation {
  int64_t cost = 0;            // saturates at INT64_MAX
  bool uses_forbidden = false;  // some chosen node or edge cost is >= kForbiddenCost
  int64_t peak_usage = 0;
  int64_t peak_time = 0;        // a time where peak_usage is reached
  bool memory_ok = true;        // peak_usage <= usage_limit (or no limit)
  std::optional<int64_t> first_violation_time;  // first time the limit is exceeded
  bool feasible() const { return memory_ok && !uses_forbidden; }
};

// Fails with InvalidArgument when the assignment has the wrong length or an index out of range.
Expected<Evaluation> Evaluate(const Problem& problem, const Assignment& assignment);

// The lowest possible peak over time of the sum of the minimal usages of live nodes; picking each
// node's lowest-usage strategy reaches it at every time at once, so the problem is feasible on
// memory iff this is <= usage_limit.
int64_t MinimalPeakUsage(const Problem& problem);

// Reads the contest JSON ({"problem": {...}} or the bare problem object), gzip'd or plain.
Expected<Problem> ReadProblemFile(const std::string& path);
Expected<Problem> ParseProblemJson(const std::string& text, const std::string& origin);

// A solution file is a JSON array of strategy indices, one per node.
Expected<Assignment> ReadAssignmentFile(const std::string& path);
Status WriteAssignmentFile(const std::string& path, const Assignment& assignment);

}  // namespace xpar::solver
