// The watchdog thread of MpiWatchdog (mpi_watchdog.h): one per process, started by the first
// watch, checking the current watch every 50 ms.
#include "runtime/mpi/mpi_watchdog.h"

#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#include <fmt/format.h>
#include <mpi.h>
#include <unistd.h>

#include <condition_variable>
#include <cstdio>
#include <mutex>
#include <thread>

namespace xpar {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kCheckEvery = std::chrono::milliseconds(50);

struct Watch {
  std::mutex mu;
  std::condition_variable changed;
  bool active = false;
  std::string what;
  Clock::time_point start;
  std::chrono::milliseconds timeout{0};
};

[[noreturn]] void Fire(const std::string& what, std::chrono::milliseconds waited) {
  int rank = -1, size = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  fmt::print(stderr, "{}\n", MpiWatchdog::TimeoutMessage(rank, size, what, waited));
  std::fflush(stderr);
  // From this thread while the main one blocks in MPI: OpenMPI's abort kills the job through
  // mpirun; should it return, the rank still must not wait on.
  MPI_Abort(MPI_COMM_WORLD, 1);
  _exit(1);
}

void Loop(Watch& w) {
  std::unique_lock<std::mutex> lock(w.mu);
  for (;;) {
    w.changed.wait_for(lock, kCheckEvery);
    if (!w.active) continue;
    auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - w.start);
    if (waited > w.timeout) Fire(w.what, waited);
  }
}

// Never destroyed: the thread may still wait on it while the process exits.
Watch& TheWatch() {
  static Watch* w = [] {
    auto* watch = new Watch;
    std::thread([watch] { Loop(*watch); }).detach();
    return watch;
  }();
  return *w;
}

}  // namespace

MpiWatchdog::MpiWatchdog(std::string what, std::chrono::milliseconds timeout) {
  if (timeout.count() <= 0) return;
  Watch& w = TheWatch();
  std::lock_guard<std::mutex> lock(w.mu);
  if (w.active) return;
  w.active = armed_ = true;
  w.what = std::move(what);
  w.start = Clock::now();
  w.timeout = timeout;
}

MpiWatchdog::~MpiWatchdog() {
  if (!armed_) return;
  Watch& w = TheWatch();
  std::lock_guard<std::mutex> lock(w.mu);
  w.active = false;
}

std::string MpiWatchdog::TimeoutMessage(int rank, int size, const std::string& what,
                                        std::chrono::milliseconds waited) {
  return fmt::format(
      "xpar: MPI rank {} of {}: collective timed out: {} did not complete in {:.1f} s (a rank of "
      "its group is stuck or gone; --collective-timeout sets the limit); aborting the job",
      rank, size, what, std::chrono::duration<double>(waited).count());
}

}  // namespace xpar
