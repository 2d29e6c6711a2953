// Compressed time for the memory constraint: only interval boundaries matter, and of those only
// the steps whose live set is not contained in a neighbouring step's.
#pragma once

#include <cstdint>
#include <vector>

#include "solver/problem.h"

namespace xpar::solver {

struct TimeSteps {
  std::vector<int64_t> times;  // sorted distinct boundaries; step k is [times[k], times[k+1])
  std::vector<int> first;      // node i is live on steps [first[i], end[i]); empty if equal
  std::vector<int> end;
  int num_steps() const { return times.empty() ? 0 : static_cast<int>(times.size()) - 1; }
};

TimeSteps CompressTime(const Problem& problem);

// Steps that can hold the peak: some live node (with a nonzero usage) starts there and some
// ends right after it. Every other step's live set is a subset of a neighbour's.
std::vector<int> MaximalSteps(const Problem& problem, const TimeSteps& steps);

}  // namespace xpar::solver
