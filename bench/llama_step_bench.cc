// Benchmark: one LLaMA-style step on 4 devices. Per mesh (default 4 and 2x2) the step is planned
// by auto-sharding, partitioned, and timed (median of --steps runs) on one device, on 4 threads
// and on 4 MPI ranks (it starts `mpirun -np 4` on itself); it prints the ratios and, per
// collective kind, the bytes each device sends: measured on both transports vs the plan's estimate.
//   build/bench/llama_step_bench [MODEL.hlo] [--mesh 4,2x2] [--steps 3] [--cluster dgx-a100]
//                                [--mpirun mpirun]      (bench/llama_step.sh runs it)
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "frontends/hlo/hlo_parser.h"
#include "io/random_inputs.h"
#include "ir/printer.h"
#include "passes/auto_sharding/plan_export.h"
#include "passes/spmd/spmd_partitioner.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/mpi/mpi_runtime.h"

namespace xpar {
namespace {

constexpr Opcode kKinds[] = {Opcode::kAllReduce, Opcode::kAllGather, Opcode::kReduceScatter,
                             Opcode::kAllToAll, Opcode::kCollectivePermute};
constexpr CollectiveKind kPlanKinds[] = {
    CollectiveKind::kAllReduce, CollectiveKind::kAllGather, CollectiveKind::kReduceScatter,
    CollectiveKind::kAllToAll, CollectiveKind::kCollectivePermute};

struct Options {
  std::string model = XPAR_SHARED_DIR "/corpus/hlo/transformers_neuronx/kahf__llama__tp_1.hlo";
  std::vector<std::string> meshes = {"4", "2x2"};
  int64_t steps = 3;
  std::string cluster = "dgx-a100";
  std::string mpirun = "mpirun";
  std::string worker_mesh;  // set: this process is one MPI rank of the parent's mpirun
  std::string self;
};

// Per mesh: median seconds per step and the mean bytes per device per step, by kind.
struct Measured {
  double seconds = 0;
  int64_t bytes[5] = {0, 0, 0, 0, 0};
  int64_t calls[5] = {0, 0, 0, 0, 0};
};

double Now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

void Progress(const std::string& line) {
  fmt::print(stderr, "[llama_step_bench] {}\n", line);
  std::fflush(stderr);
}

// Traffic summed over devices and steps, divided into a per-device, per-step mean.
void SetTraffic(Measured& m, const CollectiveTraffic& total, int64_t devices, int64_t steps) {
  for (size_t k = 0; k < 5; ++k) {
    auto it = total.by_kind.find(kKinds[k]);
    if (it == total.by_kind.end()) continue;
    m.bytes[k] = it->second.bytes_sent / (devices * steps);
    m.calls[k] = it->second.calls / (devices * steps);
  }
}

// The partitioned module and this process's device arguments (all devices, or only `only`).
struct Partitioned {
  std::unique_ptr<Module> module;
  std::vector<std::vector<Literal>> device_args;
};

Expected<Partitioned> PartitionWithArgs(const Module& annotated, const Mesh& mesh,
                                        std::vector<Literal> full, int64_t only = -1) {
  Partitioned p;
  ASSIGN_OR_RETURN(p.module, PartitionModule(annotated, mesh));
  const int64_t n = mesh.num_devices();
  p.device_args.resize(static_cast<size_t>(n));
  for (const Instruction* param : p.module->entry()->parameters()) {
    Literal& value = full[param->attrs().parameter_number];
    ASSIGN_OR_RETURN(std::vector<ShardingSpec> specs, LeafSpecs(*param, mesh));
    for (int64_t d = 0; d < n; ++d) {
      if (only >= 0 && d != only) continue;
      p.device_args[d].push_back(param->shape().IsArray() ? ShardOf(value, specs[0], mesh, d)
                                                          : value);
    }
    value = Literal();  // frees the full array once every shard is cut
  }
  return p;
}

// One step on every device, one thread each, meeting at `hub`.
Status RunThreadsOnce(const Module& m, const std::vector<std::vector<Literal>>& args,
                      CollectiveHub& hub) {
  const int64_t n = static_cast<int64_t>(args.size());
  std::vector<std::thread> threads;
  for (int64_t d = 0; d < n; ++d) {
    threads.emplace_back([&, d] {
      DeviceContext dev;
      dev.partition_id = d;
      dev.num_partitions = n;
      dev.hub = &hub;
      auto r = Interpreter(m, dev).Run(args[d]);
      if (!r.ok()) hub.Abort(r.status().WithContext(fmt::format("device {}: ", d)));
      hub.DeviceFinished(d);
    });
  }
  for (std::thread& t : threads) t.join();
  return hub.abort_reason();
}

Expected<Measured> TimeThreads(const Partitioned& p, int64_t steps, const std::string& label) {
  Measured out;
  std::vector<double> times;
  CollectiveTraffic total;
  const int64_t n = static_cast<int64_t>(p.device_args.size());
  for (int64_t s = 0; s < steps; ++s) {
    CollectiveHub hub(n);  // fresh: a hub that saw a device finish cannot be reused
    const double t0 = Now();
    RETURN_IF_ERROR(RunThreadsOnce(*p.module, p.device_args, hub));
    times.push_back(Now() - t0);
    for (int64_t d = 0; d < n; ++d) total += hub.Traffic(d);
    Progress(fmt::format("{} threads: step {}/{} {:.3f} s", label, s + 1, steps, times.back()));
  }
  out.seconds = Median(times);
  SetTraffic(out, total, n, steps);
  return out;
}

Expected<double> TimeSingle(const Module& m, const std::vector<Literal>& args, int64_t steps) {
  std::vector<double> times;
  for (int64_t s = 0; s < steps; ++s) {
    const double t0 = Now();
    ASSIGN_OR_RETURN(Literal r, Interpreter(m).Run(args));
    times.push_back(Now() - t0);
    Progress(fmt::format("single device: step {}/{} {:.3f} s", s + 1, steps, times.back()));
  }
  return Median(times);
}

// The MPI side: every rank loads the annotated module, partitions it, keeps its own shards and
// runs `steps` steps (barrier first; a step lasts as long as its slowest rank). Rank 0 prints one
// "MPI_RESULT" line for the parent.
int Worker(const Options& o) {
  auto world = InitMpi();
  if (!world.ok()) return 1;
  auto fail = [&](const Status& s) {
    fmt::print(stderr, "rank {}: {}\n", world->rank, s.ToString());
    MPI_Abort(MPI_COMM_WORLD, 1);
    return 1;
  };
  auto mesh = Mesh::Parse(o.worker_mesh);
  if (!mesh.ok()) return fail(mesh.status());
  auto annotated = ParseHloFile(o.model);
  if (!annotated.ok()) return fail(annotated.status());
  auto p = PartitionWithArgs(**annotated, *mesh, RandomArguments(*(*annotated)->entry(), 0),
                             world->rank);
  if (!p.ok()) return fail(p.status());
  MpiTransport transport(MPI_COMM_WORLD);
  if (Status s = CheckMpiWorld(transport, 1, mesh->num_devices()); !s.ok()) return fail(s);
  std::vector<double> times;
  for (int64_t s = 0; s < o.steps; ++s) {
    MPI_Barrier(MPI_COMM_WORLD);
    const double t0 = Now();
    auto r = RunThisRank(*p->module, p->device_args[world->rank], 1, mesh->num_devices(),
                         transport);  // MPI_Aborts on failure
    double mine = Now() - t0, slowest = 0;
    MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    times.push_back(slowest);
    if (world->rank == 0) {
      Progress(fmt::format("mesh {} MPI: step {}/{} {:.3f} s", o.worker_mesh, s + 1, o.steps,
                           slowest));
    }
  }
  CollectiveTraffic mine = transport.Traffic(world->rank);
  int64_t local[10] = {}, total[10] = {};
  for (size_t k = 0; k < 5; ++k) {
    local[k] = mine.by_kind[kKinds[k]].bytes_sent;
    local[5 + k] = mine.by_kind[kKinds[k]].calls;
  }
  MPI_Reduce(local, total, 10, MPI_INT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  if (world->rank == 0) {
    std::string line = fmt::format("MPI_RESULT {:.6f}", Median(times));
    for (int64_t v : total) line += fmt::format(" {}", v);
    fmt::print("{}\n", line);
    std::fflush(stdout);
  }
  FinalizeMpi();
  return 0;
}

// Starts `mpirun -np N` on this program for the annotated module; reads rank 0's MPI_RESULT line.
Expected<Measured> TimeMpi(const Options& o, const std::string& annotated, const Mesh& mesh) {
  const int64_t n = mesh.num_devices();
  const std::string cmd = fmt::format(
      "{} --allow-run-as-root --oversubscribe --mca btl self,vader --mca mpi_yield_when_idle 1 "
      "-np {} '{}' '{}' --steps {} --worker {}",
      o.mpirun, n, o.self, annotated, o.steps, mesh.ToString());
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return Internal("cannot start: {}", cmd);
  std::string result;
  char buf[4096];
  while (std::fgets(buf, sizeof(buf), pipe)) {
    std::string line(buf);
    if (line.starts_with("MPI_RESULT ")) result = line.substr(11);
  }
  const int rc = pclose(pipe);
  if (rc != 0 || result.empty()) return Internal("`{}` failed (status {})", cmd, rc);
  std::istringstream in(result);
  Measured m;
  int64_t bytes[5], calls[5];
  in >> m.seconds;
  for (int64_t& b : bytes) in >> b;
  for (int64_t& c : calls) in >> c;
  if (!in) return Internal("unreadable MPI_RESULT line: {}", result);
  for (size_t k = 0; k < 5; ++k) {
    m.bytes[k] = bytes[k] / (n * o.steps);
    m.calls[k] = calls[k] / (n * o.steps);
  }
  return m;
}

std::string Human(int64_t b) {
  if (b >= (1 << 20)) return fmt::format("{:.2f} MiB", b / 1048576.0);
  if (b >= (1 << 10)) return fmt::format("{:.1f} KiB", b / 1024.0);
  return fmt::format("{} B", b);
}

void PrintMesh(const std::string& mesh, double single, const Measured& threads,
               const Measured& mpi, const Plan& plan) {
  fmt::print("\n== mesh {} ({} devices; plan: {} nodes, solver {}{})\n", mesh, 4,
             plan.num_nodes, plan.backend, plan.optimal ? ", optimal" : "");
  fmt::print("  {:<22} {:>10} {:>12}\n", "time per step (median)", "seconds", "vs single");
  fmt::print("  {:<22} {:>10.3f} {:>12}\n", "single device", single, "1.00x");
  fmt::print("  {:<22} {:>10.3f} {:>11.2f}x\n", "threads (4)", threads.seconds,
             single / threads.seconds);
  fmt::print("  {:<22} {:>10.3f} {:>11.2f}x   (MPI / threads {:.2f})\n", "MPI (-np 4)",
             mpi.seconds, single / mpi.seconds, mpi.seconds / threads.seconds);
  fmt::print("  bytes sent per device per step (ring-algorithm count; calls in brackets):\n");
  fmt::print("  {:<20} {:>18} {:>18} {:>18}\n", "collective", "plan estimate", "threads", "MPI");
  for (size_t k = 0; k < 5; ++k) {
    auto it = plan.traffic.find(kPlanKinds[k]);
    const PlannedTraffic est = it == plan.traffic.end() ? PlannedTraffic{} : it->second;
    fmt::print("  {:<20} {:>18} {:>18} {:>18}\n", CollectiveKindName(kPlanKinds[k]),
               fmt::format("{} [{}]", Human(est.bytes_sent), est.calls),
               fmt::format("{} [{}]", Human(threads.bytes[k]), threads.calls[k]),
               fmt::format("{} [{}]", Human(mpi.bytes[k]), mpi.calls[k]));
  }
  std::fflush(stdout);
}

Status BenchMesh(const Options& o, const std::string& mesh_text, double single) {
  ASSIGN_OR_RETURN(Mesh mesh, Mesh::Parse(mesh_text));
  ASSIGN_OR_RETURN(Cluster cluster, LoadCluster(o.cluster));
  ASSIGN_OR_RETURN(CostModel cost, CostModel::Create(mesh, cluster));
  Progress(fmt::format("mesh {}: planning (auto-sharding, cluster {})", mesh_text, o.cluster));
  // Planned and annotated on a fresh copy (AnnotateModule needs the module the plan was made for).
  ASSIGN_OR_RETURN(std::unique_ptr<Module> annotated, ParseHloFile(o.model));
  ASSIGN_OR_RETURN(Plan plan, PlanAutoSharding(*annotated, cost, AutoShardingOptions{}));
  RETURN_IF_ERROR(AnnotateModule(*annotated, plan, mesh));
  const std::string path = fmt::format("/tmp/llama_step_bench_{}_{}.hlo", getpid(), mesh_text);
  std::ofstream(path) << PrintModule(*annotated);
  Measured threads;
  {
    Progress(fmt::format("mesh {}: partitioning", mesh_text));
    ASSIGN_OR_RETURN(Partitioned p,
                     PartitionWithArgs(*annotated, mesh, RandomArguments(*annotated->entry(), 0)));
    ASSIGN_OR_RETURN(threads, TimeThreads(p, o.steps, "mesh " + mesh_text));
  }  // the threads' shards are freed before the MPI ranks allocate theirs
  Progress(fmt::format("mesh {}: {} -np {} (each rank loads and partitions the model)",
                       mesh_text, o.mpirun, mesh.num_devices()));
  auto mpi = TimeMpi(o, path, mesh);
  std::remove(path.c_str());
  if (!mpi.ok()) return mpi.status();
  PrintMesh(mesh_text, single, threads, *mpi, plan);
  return Status::Ok();
}

Expected<Options> ParseOptions(int argc, char** argv) {
  Options o;
  o.self = argv[0];
  std::vector<std::string> args(argv + 1, argv + argc);
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    const bool has_value = i + 1 < args.size();
    if (a == "--steps" && has_value) {
      o.steps = std::atoll(args[++i].c_str());
    } else if (a == "--mesh" && has_value) {
      o.meshes.clear();
      std::stringstream list(args[++i]);
      for (std::string m; std::getline(list, m, ',');) o.meshes.push_back(m);
    } else if (a == "--cluster" && has_value) {
      o.cluster = args[++i];
    } else if (a == "--mpirun" && has_value) {
      o.mpirun = args[++i];
    } else if (a == "--worker" && has_value) {
      o.worker_mesh = args[++i];
    } else if (!a.starts_with("--")) {
      o.model = a;
    } else {
      return InvalidArgument(
          "usage: llama_step_bench [MODEL.hlo] [--mesh 4,2x2] [--steps N] [--cluster NAME] "
          "[--mpirun PATH]");
    }
  }
  if (o.steps < 1) return InvalidArgument("--steps must be at least 1");
  return o;
}

int Main(int argc, char** argv) {
  auto o = ParseOptions(argc, argv);
  if (!o.ok()) {
    fmt::print(stderr, "{}\n", o.status().message());
    return 2;
  }
  if (!o->worker_mesh.empty()) return Worker(*o);
  Progress(fmt::format("loading {}", o->model));
  auto model = ParseHloFile(o->model);
  if (!model.ok()) {
    fmt::print(stderr, "{}\n", model.status().ToString());
    return 1;
  }
  double single = 0;
  {
    std::vector<Literal> args = RandomArguments(*(*model)->entry(), 0);
    auto t = TimeSingle(**model, args, o->steps);
    if (!t.ok()) {
      fmt::print(stderr, "single device: {}\n", t.status().ToString());
      return 1;
    }
    single = *t;
  }
  fmt::print("{}: {} steps each, median time per step\n", o->model, o->steps);
  std::fflush(stdout);
  for (const std::string& mesh : o->meshes) {
    if (Status s = BenchMesh(*o, mesh, single); !s.ok()) {
      fmt::print(stderr, "mesh {}: {}\n", mesh, s.ToString());
      return 1;
    }
  }
  return 0;
}

}  // namespace
}  // namespace xpar

int main(int argc, char** argv) { return xpar::Main(argc, argv); }
