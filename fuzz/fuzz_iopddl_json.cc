// libFuzzer target: IOPDDL problem JSON (`xpar solve`). A problem that parses passed Validate, so
// evaluating the all-zeros assignment and the minimal peak must work on it without a crash.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_util.h"
#include "solver/problem.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto problem = xpar::solver::ParseProblemJson(text, "fuzz.json");
  if (!problem.ok()) return 0;
  (void)xpar::solver::MinimalPeakUsage(*problem);
  xpar::solver::Assignment zeros(problem->nodes.size(), 0);
  (void)xpar::solver::Evaluate(*problem, zeros);
  return 0;
}
