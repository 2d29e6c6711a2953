// `xpar run FILE`: executes the entry computation in the reference interpreter, on one or more
// simulated devices, with random or file inputs; prints or saves the outputs. With --mesh the
// module is SPMD-partitioned by its shardings first, arguments are split and outputs joined, and
// --check compares against the single-device run.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <unistd.h>

#include "analysis/op_stats.h"
#include "analysis/run_memory.h"
#include "cli_util.h"
#include "commands.h"
#include "driver/arguments.h"
#include "driver/mesh_run.h"
#include "io/tensor_file.h"
#include "ir/printer.h"
#include "passes/spmd/spmd_partitioner.h"
#include "report/chrome_trace.h"
#include "runtime/interpreter/check_log.h"
#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/onednn.h"
#include "runtime/interpreter/op_trace.h"
#include "runtime/mpi/mpi_runtime.h"
#include "support/memory_limit.h"

namespace xpar {
namespace {

struct RunOptions {
  std::string path;
  std::string inputs = "random:0";
  std::string out;
  int64_t replicas = 0;  // 0: from the module
  int64_t partitions = 0;
  int64_t print_limit = 64;
  std::string mesh;  // non-empty: partition by the module's shardings onto this mesh
  bool check = false;
  double rtol = 1e-5;
  std::vector<std::string> input_shapes;  // a .pt file's, when it records none
  std::string trace;  // --trace: Chrome/Perfetto trace JSON of the run
  std::string max_memory;  // --max-memory; empty: this machine's physical memory
  double collective_timeout = std::chrono::duration<double>(kDefaultCollectiveTimeout).count();
  int64_t repeat = 1;  // --repeat: runs of the program by one interpreter (one device)
};

std::string Summary(const Literal& v) {
  int64_t n = v.ElementCount();
  double lo = INFINITY, hi = -INFINITY, sum = 0;
  int64_t nans = 0, infs = 0;
  for (int64_t i = 0; i < n; ++i) {
    double x = v.GetAsDouble(i);
    if (std::isnan(x)) { ++nans; continue; }
    if (std::isinf(x)) ++infs;
    lo = std::min(lo, x);
    hi = std::max(hi, x);
    sum += x;
  }
  return fmt::format("min={:.6g} max={:.6g} mean={:.6g} nan={} inf={}", lo, hi,
                     n - nans > 0 ? sum / static_cast<double>(n - nans) : 0.0, nans, infs);
}

// Outputs are the root's tuple elements (out0, out1, ...) or the root itself (out0).
std::vector<NamedTensor> NameOutputs(Literal result) {
  std::vector<NamedTensor> outs;
  if (result.shape().IsTuple()) {
    for (size_t i = 0; i < result.elements().size(); ++i) {
      outs.push_back({fmt::format("out{}", i), std::move(result.elements()[i])});
    }
  } else {
    outs.push_back({"out0", std::move(result)});
  }
  return outs;
}

void PrintOutputs(const std::vector<NamedTensor>& outs, int64_t limit, const std::string& indent) {
  for (const NamedTensor& t : outs) {
    const Literal& v = t.value;
    std::string values = v.shape().IsArray() && v.ElementCount() > limit ? Summary(v)
                                                                          : PrintLiteral(v);
    fmt::print("{}{}: {} {}\n", indent, t.name, v.shape().ToString(false), values);
  }
}

// --repeat: runs the entry `repeat` times with one interpreter and prints each run's time and
// the median of the runs after the first (warm: oneDNN primitives created, weights reordered,
// buffers touched), so that a whole model can be timed the way a benchmark times PyTorch.
Expected<Literal> RunRepeated(Interpreter& interp, std::span<const Literal> args, int64_t repeat) {
  if (repeat <= 1) return interp.Run(args);
  std::vector<double> warm;
  Literal last;
  for (int64_t i = 1; i <= repeat; ++i) {
    // The previous result is dropped first: held while the next run allocates its own, it made
    // run 2 take fresh pages (a 3.2 MB bn+ReLU: 10-15 ms in run 2, 0.3 ms from run 3 on).
    last = Literal();
    const auto t0 = std::chrono::steady_clock::now();
    ASSIGN_OR_RETURN(last, interp.Run(args));
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    fmt::print(stderr, "run {} of {}: {:.4f} s\n", i, repeat, s);
    if (i > 1) warm.push_back(s);
  }
  std::sort(warm.begin(), warm.end());
  fmt::print(stderr, "warm median of runs 2..{}: {:.4f} s (min {:.4f}, max {:.4f})\n", repeat,
             warm[warm.size() / 2], warm.front(), warm.back());
  return last;
}

// Runs `m` on replicas x partitions devices: device_args[d] are device d's arguments (used when
// more than one device), single_args the arguments of a lone device. Returns each device's
// result, handed over one device or output at a time (under mpirun only rank 0 returns; the
// other ranks send theirs to it and exit). The one place that executes a program, so another
// backend can take over here. With `traces`, each device's op timings land in (*traces)[d].
Expected<DeviceResults> RunDevices(const Module& m, std::vector<std::vector<Literal>> device_args,
                                   std::vector<Literal> single_args, int64_t replicas,
                                   int64_t partitions, std::vector<DeviceTrace>* traces,
                                   int64_t repeat = 1) {
  if (UnderMpi()) {  // mpirun: each rank runs one device (src/runtime/mpi)
    if (traces) return Unimplemented("--trace records threads in one process, not MPI ranks");
    if (device_args.empty()) device_args.push_back(std::move(single_args));
    ASSIGN_OR_RETURN(std::optional<DeviceResults> root,
                     RunOnMpiRanks(m, std::move(device_args), replicas, partitions));
    if (!root) std::exit(0);  // only rank 0 prints
    return std::move(*root);
  }
  std::vector<Literal> results;
  if (replicas * partitions == 1) {
    CheckLog checks;  // the check.* ops of test programs (StableHLO conformance style)
    DeviceContext dev;
    dev.check_log = &checks;
    if (traces) traces->assign(1, DeviceTrace{});
    dev.trace = traces ? &traces->front() : nullptr;
    Interpreter interp(m, dev);
    ASSIGN_OR_RETURN(Literal r, RunRepeated(interp, single_args, repeat));
    std::vector<std::string> failed = checks.failures();
    for (const std::string& f : failed) fmt::print(stderr, "{}\n", f);
    if (!failed.empty()) {
      return FailedPrecondition("{} of {} check(s) failed", failed.size(),
                                failed.size() + checks.passed());
    }
    if (checks.passed() > 0) fmt::print(stderr, "{} check(s) passed\n", checks.passed());
    results.push_back(std::move(r));
    return DeviceResults::InMemory(std::move(results));
  }
  ASSIGN_OR_RETURN(results,
                   RunOnDevices(m, std::move(device_args), replicas, partitions, 0, traces));
  return DeviceResults::InMemory(std::move(results));
}

// The --out file, opened before the outputs arrive (a bad path fails before the run's results
// are consumed); null without --out.
Expected<std::unique_ptr<TensorFileWriter>> OpenOut(const RunOptions& o) {
  if (o.out.empty()) return std::unique_ptr<TensorFileWriter>();
  return OpenTensorFileWriter(o.out);
}

// --trace: the devices' op timings as Chrome/Perfetto trace JSON.
Status WriteTrace(const RunOptions& o, const std::vector<DeviceTrace>& traces,
                  int64_t partitions) {
  if (o.trace.empty()) return Status::Ok();
  ChromeTraceOptions options;
  options.process_name = fmt::format("xpar run {}", o.path);
  options.num_partitions = partitions;
  RETURN_IF_ERROR(WriteFile(o.trace, ChromeTraceJson(traces, options).dump() + "\n"));
  fmt::print(stderr, "trace written to {}\n", o.trace);
  return Status::Ok();
}

int RunOnMesh(const RunOptions& o, const Module& m, std::vector<Literal> args);

// --max-memory (default: physical memory) against the module's estimated peak, times the devices
// that run it in this process (a --mesh run holds about one unpartitioned copy in shards).
Status CheckMemoryBudget(const RunOptions& o, const Module& m) {
  int64_t budget = PhysicalMemoryBytes();
  if (!o.max_memory.empty()) {
    auto parsed = ParseByteSize(o.max_memory);
    if (!parsed.ok()) return InvalidArgument("--max-memory: {}", parsed.status().message());
    budget = *parsed;
  }
  int64_t devices = 1;
  if (o.mesh.empty()) {
    int64_t partitions = o.partitions > 0 ? o.partitions : 1;
    devices = partitions * (o.replicas > 0 ? o.replicas
                                           : std::max<int64_t>(1, DevicesNamedByCollectives(m) /
                                                                      partitions));
  }
  if (UnderMpi()) devices = 1;  // one device per rank
  return CheckRunMemory(m, devices, budget);
}

int Run(const RunOptions& o) {
  SetCollectiveTimeout(std::chrono::milliseconds(static_cast<int64_t>(o.collective_timeout * 1e3)));
  auto module = LoadModule(o.path, TorchScriptInputs{o.inputs, o.input_shapes});
  if (!module.ok()) return ReportError("run", module.status());
  const Module& m = **module;
  // Before the arguments exist: an absurd shape in a small file is refused, not allocated.
  if (Status s = CheckMemoryBudget(o, m); !s.ok()) return ReportError("run", s);
  auto args = LoadArguments(*m.entry(), o.inputs, StoredArguments(*m.entry()));
  if (!args.ok()) return ReportError("run", args.status());
  if (!o.mesh.empty() && o.repeat > 1) {
    return ReportError("run", InvalidArgument("--repeat times one device: not with --mesh"));
  }
  if (!o.mesh.empty()) return RunOnMesh(o, m, std::move(args).value());
  if (o.check) {
    return ReportError("run", InvalidArgument("--check compares a --mesh run with the "
                                              "single-device run: give --mesh"));
  }
  int64_t partitions = o.partitions > 0 ? o.partitions : 1;
  int64_t replicas = o.replicas > 0 ? o.replicas
                                    : std::max<int64_t>(1, DevicesNamedByCollectives(m) / partitions);
  int64_t devices = replicas * partitions;
  // Each simulated device holds its own arguments and outputs: refuse plainly rather than be
  // killed by the kernel for running out of memory.
  int64_t per_device = ArgumentAndOutputBytes(m);
  int64_t physical = static_cast<int64_t>(sysconf(_SC_PHYS_PAGES)) * sysconf(_SC_PAGESIZE);
  if (devices > 1 && physical > 0 && devices * per_device > physical) {
    return ReportError("run", ResourceExhausted(
                                  "{} simulated devices x {} of arguments and outputs each need "
                                  "more than this machine's {} of memory",
                                  devices, HumanBytes(per_device), HumanBytes(physical)));
  }
  // With --trace the runs follow one another in the trace (a warm run's ops after the first's).
  if (o.repeat > 1 && (devices > 1 || UnderMpi())) {
    return ReportError("run", InvalidArgument("--repeat times one device in this process: not "
                                              "with {} devices or mpirun",
                                              devices));
  }
  // The same arguments every run: their convolution weights' oneDNN reorders are kept too.
  if (o.repeat > 1) onednn::SetCacheParameterWeights(true);
  auto start = std::chrono::steady_clock::now();
  std::vector<std::vector<Literal>> per_device_args;
  if (devices > 1) per_device_args.assign(devices, *args);
  std::vector<DeviceTrace> traces;
  auto r = RunDevices(m, std::move(per_device_args), std::move(*args), replicas, partitions,
                      o.trace.empty() ? nullptr : &traces, o.repeat);
  if (!r.ok()) return ReportError("run", r.status());
  if (Status t = WriteTrace(o, traces, partitions); !t.ok()) return ReportError("run", t);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print(stderr, "ran {} on {} device(s) in {:.3f} s\n", m.name(), devices, seconds);
  auto out = OpenOut(o);
  if (!out.ok()) return ReportError("run", out.status());
  // One device's outputs at a time: printed, and device 0's written as they come.
  Status s = r->ForEachDevice([&](int64_t d, Literal result) -> Status {
    std::vector<NamedTensor> outs = NameOutputs(std::move(result));
    if (devices > 1) fmt::print("device {}:\n", d);
    PrintOutputs(outs, o.print_limit, devices > 1 ? "  " : "");
    if (*out && d == 0) {
      for (const NamedTensor& t : outs) RETURN_IF_ERROR((*out)->Add(t.name, t.value));
      return (*out)->Finish();
    }
    return Status::Ok();
  });
  if (!s.ok()) return ReportError("run", s);
  return 0;
}

// --check's verdict: each output's largest difference over the replicas, against the reference.
int ReportCheck(const RunOptions& o, const std::vector<std::pair<std::string, double>>& worst) {
  bool ok = true;
  for (const auto& [name, diff] : worst) {
    bool good = diff <= o.rtol;
    ok &= good;
    fmt::print("check {}: max relative difference {:.3g} ({})\n", name, diff,
               good ? "ok" : fmt::format("exceeds rtol {:g}", o.rtol));
  }
  return ok ? 0 : 1;
}

// Joins, prints, writes and checks one output at a time as the devices' shards of it arrive, so
// no more than one output's shards and joined values are held at once (besides the reference).
Status ConsumeMeshOutputs(const RunOptions& o, const Module& m, const Mesh& mesh,
                          const std::vector<ShardingSpec>& root_specs,
                          const std::vector<std::vector<NamedTensor>>& reference,
                          DeviceResults& results, TensorFileWriter* out,
                          std::vector<std::pair<std::string, double>>& worst) {
  const Shape& root_shape = m.entry()->root()->shape();
  const int64_t n = mesh.num_devices();
  const int64_t replicas = results.num_devices() / n;
  size_t next_spec = 0;
  RETURN_IF_ERROR(results.ForEachOutput([&](size_t k, std::vector<Literal> per_device) -> Status {
    const Shape& shape = root_shape.IsTuple() ? root_shape.tuple_shape(k) : root_shape;
    const size_t first_spec = next_spec;
    double diff = 0;
    for (int64_t r = 0; r < replicas; ++r) {
      std::vector<const Literal*> parts;
      for (int64_t d = 0; d < n; ++d) parts.push_back(&per_device[r * n + d]);
      next_spec = first_spec;
      std::vector<NamedTensor> joined(1);
      joined[0].name = fmt::format("out{}", k);
      ASSIGN_OR_RETURN(joined[0].value, JoinShards(parts, shape, root_specs, next_spec, mesh));
      if (r == 0) {
        PrintOutputs(joined, o.print_limit, "");
        if (out) RETURN_IF_ERROR(out->Add(joined[0].name, joined[0].value));
      }
      if (o.check) diff = std::max(diff, RelativeDifference(joined[0].value, reference[r][k].value));
    }
    worst.push_back({fmt::format("out{}", k), diff});
    return Status::Ok();
  }));
  return out ? out->Finish() : Status::Ok();
}

int RunOnMesh(const RunOptions& o, const Module& m, std::vector<Literal> args) {
  auto mesh = Mesh::Parse(o.mesh);
  if (!mesh.ok()) return ReportError("run", mesh.status());
  PartitionOptions options;  // a program with its own cross-replica collectives keeps them
  options.num_replicas = o.replicas > 0 ? o.replicas
                                        : std::max<int64_t>(1, DevicesNamedByCollectives(m));
  const int64_t replicas = options.num_replicas;
  auto partitioned = PartitionModule(m, *mesh, options);
  if (!partitioned.ok()) return ReportError("run", partitioned.status());
  const Module& pm = **partitioned;
  const int64_t n = mesh->num_devices();
  auto device_args = ShardArguments(pm, args, *mesh, replicas);
  if (!device_args.ok()) return ReportError("run", device_args.status());
  auto start = std::chrono::steady_clock::now();
  std::vector<Literal> single = replicas * n == 1 ? (*device_args)[0] : std::vector<Literal>{};
  std::vector<DeviceTrace> traces;
  auto results = RunDevices(pm, std::move(*device_args), std::move(single), replicas, n,
                            o.trace.empty() ? nullptr : &traces);
  if (!results.ok()) return ReportError("run", results.status());
  if (Status t = WriteTrace(o, traces, n); !t.ok()) return ReportError("run", t);
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print(stderr, "ran {} partitioned on mesh {} ({} devices{}) in {:.3f} s\n", m.name(),
             mesh->ToString(), replicas * n,
             replicas > 1 ? fmt::format(": {} replicas x {}", replicas, n) : "", seconds);
  auto root_specs = LeafSpecs(*pm.entry()->root(), *mesh);
  if (!root_specs.ok()) return ReportError("run", root_specs.status());
  std::vector<std::vector<NamedTensor>> reference;  // [replica][output], with --check
  if (o.check) {
    auto ref = ReferenceRun(m, args, replicas);
    if (!ref.ok()) return ReportError("run", ref.status());
    for (Literal& r : *ref) reference.push_back(NameOutputs(std::move(r)));
  }
  auto out = OpenOut(o);
  if (!out.ok()) return ReportError("run", out.status());
  if (replicas > 1) fmt::print("replica 0 of {}:\n", replicas);
  std::vector<std::pair<std::string, double>> worst;
  Status s = ConsumeMeshOutputs(o, m, *mesh, *root_specs, reference, *results, out->get(), worst);
  if (!s.ok()) return ReportError("run", s);
  return o.check ? ReportCheck(o, worst) : 0;
}

}  // namespace

void RegisterRunCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "run", "Execute a model's entry computation in the reference interpreter and print "
             "(or save) its outputs");
  auto o = std::make_shared<RunOptions>();
  cmd->add_option("file", o->path, "Model file (.hlo)")->required();
  cmd->add_option("--inputs", o->inputs,
                  "random:SEED, or a .npz/.safetensors file with arrays named arg0, arg1, ... "
                  "(or np.savez's arr_0, arr_1, ...) or by parameter name; for a .pt file that "
                  "records no input shapes, the arrays give them")
      ->capture_default_str();
  AddTorchScriptInputOptions(*cmd, o->input_shapes, nullptr);  // --inputs gives them too
  cmd->add_option("--out", o->out, "Save outputs (out0, out1, ...) to a .npz or .safetensors file "
                                   "(device 0's when several)");
  cmd->add_option("--devices,--replicas", o->replicas,
                  "Simulated devices (replicas); default: as many as the module's collectives "
                  "name. With --mesh: replicas x mesh devices run, each replica partitioned "
                  "over the mesh");
  cmd->add_option("--partitions", o->partitions, "Partitions per replica (default 1)");
  cmd->add_option("--mesh", o->mesh,
                  "Partition the module by its sharding annotations onto this device mesh "
                  "(e.g. 2x2) and run one device per thread");
  cmd->add_option("--trace", o->trace,
                  "Write each device's op and collective timings as Chrome/Perfetto trace JSON "
                  "(open in ui.perfetto.dev or chrome://tracing)");
  cmd->add_option("--max-memory", o->max_memory,
                  "Refuse to run, before allocating, a program whose estimated peak of live "
                  "values (times the simulated devices) exceeds this, e.g. 8GiB (default: this "
                  "machine's physical memory)");
  cmd->add_option("--collective-timeout", o->collective_timeout,
                  "Seconds a device waits at a collective for the others before the whole run "
                  "stops with an error naming the devices that never came (0: wait forever)")
      ->capture_default_str();
  cmd->add_option("--repeat", o->repeat,
                  "Run the program this many times in one interpreter (one device) and print "
                  "each run's time and the median of runs 2..N (warm), for benchmarks")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_flag("--check", o->check,
                "With --mesh: also run on one device and report the largest relative "
                "difference per output; exit 1 when one exceeds --rtol");
  cmd->add_option("--rtol", o->rtol, "Tolerance of --check: max|a-b| / max|b| per output")
      ->capture_default_str();
  cmd->add_option("--print-limit", o->print_limit,
                  "Print all values of outputs with at most this many elements; summary "
                  "statistics otherwise")
      ->capture_default_str();
  cmd->callback([o] { std::exit(Run(*o)); });
}

}  // namespace xpar
