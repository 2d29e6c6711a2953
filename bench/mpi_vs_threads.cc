// Benchmark: time per step of a multi-device module with the threads backend (run plainly) or the
// MPI backend (run under mpirun, one device per rank; fast and deterministic modes), and the
// payload bytes per collective kind. bench/mpi_vs_threads.sh runs both.
//   build/bench/mpi_vs_threads MODEL.hlo [--devices N] [--partitions P] [--steps K]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <string>
#include <vector>

#include "frontends/hlo/hlo_parser.h"
#include "io/random_inputs.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/mpi/mpi_runtime.h"

namespace xpar {
namespace {

struct Options {
  std::string path;
  int64_t devices = 4, partitions = 1, steps = 5;
};

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

double Now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int Threads(const Options& o, const Module& m, const std::vector<Literal>& args) {
  std::vector<double> times;
  for (int64_t s = 0; s < o.steps; ++s) {
    std::vector<std::vector<Literal>> per_device(o.devices, args);
    double t0 = Now();
    auto r = RunOnDevices(m, std::move(per_device), o.devices / o.partitions, o.partitions);
    times.push_back(Now() - t0);
    if (!r.ok()) {
      fmt::print(stderr, "threads: {}\n", r.status().ToString());
      return 1;
    }
  }
  fmt::print("threads  {} devices: median {:.4f} s/step over {} steps\n", o.devices, Median(times),
             o.steps);
  return 0;
}

// One mode of the MPI backend: per step, the slowest rank's time (barrier first).
int Mpi(const Options& o, const Module& m, const std::vector<Literal>& args, bool deterministic) {
  MpiTransport transport(MPI_COMM_WORLD, MpiTransportOptions{deterministic});
  const int64_t replicas = o.devices / o.partitions;
  if (Status s = CheckMpiWorld(transport, replicas, o.partitions); !s.ok()) {
    if (transport.rank() == 0) fmt::print(stderr, "{}\n", s.ToString());
    return 1;
  }
  std::vector<double> times;
  for (int64_t s = 0; s < o.steps; ++s) {
    MPI_Barrier(MPI_COMM_WORLD);
    double t0 = Now();
    auto r = RunThisRank(m, args, replicas, o.partitions,
                         transport);  // aborts on failure
    double mine = Now() - t0, slowest = 0;
    MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    times.push_back(slowest);
  }
  CollectiveStats total = transport.stats().SumOver(MPI_COMM_WORLD);
  if (transport.rank() != 0) return 0;
  fmt::print("mpi-{} {} ranks:   median {:.4f} s/step over {} steps\n",
             deterministic ? "det " : "fast", transport.size(), Median(times), o.steps);
  fmt::print(
      "  payload per step, all ranks (bytes_in: contributed, bytes_out: "
      "received):\n");
  for (auto& [kind, e] : total.by_kind) {
    fmt::print("  {:<20} calls={:<4} native={:<4} bytes_in={:<12} bytes_out={}\n", kind,
               e.calls / o.steps, e.native_calls / o.steps, e.bytes_in / o.steps,
               e.bytes_out / o.steps);
  }
  return 0;
}

int Main(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> int64_t { return i + 1 < argc ? std::atoll(argv[++i]) : 0; };
    if (a == "--devices") {
      o.devices = next();
    } else if (a == "--partitions") {
      o.partitions = next();
    } else if (a == "--steps") {
      o.steps = next();
    } else {
      o.path = a;
    }
  }
  if (o.path.empty() || o.devices < 1 || o.partitions < 1 || o.devices % o.partitions != 0 ||
      o.steps < 1) {
    fmt::print(stderr,
               "usage: mpi_vs_threads MODEL.hlo [--devices N] [--partitions P] "
               "[--steps K]  (under mpirun -np N for the MPI backend)\n");
    return 2;
  }
  auto m = ParseHloFile(o.path);
  if (!m.ok()) {
    fmt::print(stderr, "{}\n", m.status().ToString());
    return 1;
  }
  std::vector<Literal> args = RandomArguments(*(*m)->entry(), 0);
  if (!UnderMpi()) return Threads(o, **m, args);
  auto world = InitMpi();
  if (!world.ok()) return 1;
  if (world->rank == 0) fmt::print("{}\n", (*m)->name());
  int rc = Mpi(o, **m, args, /*deterministic=*/false);
  if (rc == 0) rc = Mpi(o, **m, args, /*deterministic=*/true);
  FinalizeMpi();
  return rc;
}

}  // namespace
}  // namespace xpar

int main(int argc, char** argv) { return xpar::Main(argc, argv); }
