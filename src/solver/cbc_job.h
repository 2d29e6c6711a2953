// One CBC run as plain data: the integer program in column form, a MIP start and limits. The
// exact backend runs it in a process of its own that can be killed at its deadline (CBC does
// not look at the clock during its root LP): the small xpar-cbc-worker program when it is
// found (kept running between jobs), else a fork of this process. A fork of a solver holding
// hundreds of MB (IOPDDL instance A: 400 MB) made every page the parent then wrote fault and be
// copied, about 25,000 faults per sub-solve of the neighbourhood search, a fifth of its time in
// the kernel; a fresh worker per job still faulted ~14,500 pages of its own per sub-solve.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "support/status.h"

namespace xpar::solver {

struct CbcJob {
  // Columns: objective, bounds, integrality; their entries in column-major form: column c's
  // are (index[k], value[k]) for k in [start[c], start[c + 1]).
  std::vector<double> obj, col_lb, col_ub;
  std::vector<char> is_int;
  std::vector<int64_t> start = {0};
  std::vector<int> index;
  std::vector<double> value;
  std::vector<double> row_lb, row_ub;
  std::vector<int> warm_columns;     // a MIP start: these columns at 1, the others at 0
  double seconds = 1;                // CBC's own limit (wall clock)
  double absolute_gap = 0.5;         // stop once the bound is this close ...
  double relative_gap = 0;           // ... or this fraction of the best solution
  bool log = false;                  // CBC's log on standard output

  int num_cols() const { return static_cast<int>(obj.size()); }
  int num_rows() const { return static_cast<int>(row_lb.size()); }
};

struct CbcOutcome {
  bool has_solution = false, optimal = false, infeasible = false, has_bound = false;
  double bound = 0;
  std::vector<int> chosen;  // the integer columns at 1 in the best solution
};

std::string EncodeCbcJob(const CbcJob& job);
Expected<CbcJob> DecodeCbcJob(std::string_view bytes);
std::string EncodeCbcOutcome(const CbcOutcome& outcome);
Expected<CbcOutcome> DecodeCbcOutcome(std::string_view bytes);

// Runs CBC here, in this process.
CbcOutcome RunCbcJob(const CbcJob& job);

// Runs CBC in a process of its own (see above), killed after `seconds`; `killed` tells when it
// was. An error when the process could not be started or failed.
struct IsolatedCbc {
  bool killed = false;
  CbcOutcome outcome;  // when not killed
};
Expected<IsolatedCbc> RunCbcJobIsolated(const CbcJob& job, double seconds);

// The worker program's path ("" when not found): XPAR_CBC_WORKER, else xpar-cbc-worker next to
// this executable, else in the build tree this library was built in.
const std::string& CbcWorkerPath();

}  // namespace xpar::solver
