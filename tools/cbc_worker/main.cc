// xpar-cbc-worker: runs one CBC job (solver/cbc_job.h) read from standard input and reports its
// outcome on descriptor 3, for the exact backend, which kills it at its deadline.
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "solver/cbc_job.h"
#include "support/child_process.h"
#include <fmt/format.h>

int main() {
  std::string input;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = read(STDIN_FILENO, buf, sizeof(buf));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      fmt::print(stderr, "xpar-cbc-worker: cannot read the job: {}\n", std::strerror(errno));
      return 2;
    }
    if (n == 0) break;
    input.append(buf, static_cast<size_t>(n));
  }
  auto job = xpar::solver::DecodeCbcJob(input);
  if (!job.ok()) {
    fmt::print(stderr, "xpar-cbc-worker: {}\n", job.status().ToString());
    return 2;
  }
  xpar::WriteReport(xpar::solver::EncodeCbcOutcome(xpar::solver::RunCbcJob(*job)));
  return 0;
}
