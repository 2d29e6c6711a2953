// Bounds MPI's blocking calls by the collective timeout. A blocking collective (MPI_Allreduce of
// a pipeline stage's ranks, MPI_Send to another stage) cannot be interrupted when a rank of its
// group is stuck: a watchdog thread, told what the rank waits in, prints that with the rank
// and MPI_Aborts the job once the wait outlasts CollectiveTimeout() (--collective-timeout).
// A rank that dies instead ends the job through mpirun, which names it.
#pragma once

#include <chrono>
#include <string>

namespace xpar {

class MpiWatchdog {
 public:
  // Watches from construction to destruction; `what` names the operation, its group and, for a
  // pipeline, the stage ("all-reduce over world ranks {2,3} (pipeline stage 1)"). Nested
  // watches leave the outer one in charge. A zero or negative timeout watches nothing.
  explicit MpiWatchdog(std::string what, std::chrono::milliseconds timeout);
  ~MpiWatchdog();
  MpiWatchdog(const MpiWatchdog&) = delete;
  MpiWatchdog& operator=(const MpiWatchdog&) = delete;

  // The line printed before the abort: "xpar: MPI rank R of N: collective timed out: ...".
  static std::string TimeoutMessage(int rank, int size, const std::string& what,
                                    std::chrono::milliseconds waited);

 private:
  bool armed_ = false;
};

}  // namespace xpar
