// xpar-cbc-worker: runs CBC jobs (solver/cbc_job.h) for the exact backend, one request at a time
// until its input ends (support/child_process.h, ServeRequests); the backend kills it at a
// job's deadline.
#include <malloc.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "solver/cbc_job.h"
#include "support/child_process.h"

int main() {
  // Memory that CBC frees stays in the process for the next job, instead of going back to the
  // kernel and faulting in again.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  bool ok = xpar::ServeRequests([](std::string_view request) {
    auto job = xpar::solver::DecodeCbcJob(request);
    if (!job.ok()) {
      std::fprintf(stderr, "xpar-cbc-worker: %s\n", job.status().ToString().c_str());
      std::exit(2);
    }
    return xpar::solver::EncodeCbcOutcome(xpar::solver::RunCbcJob(*job));
  });
  return ok ? 0 : 2;
}
