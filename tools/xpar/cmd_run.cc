// `xpar run FILE`: executes the entry computation in the reference interpreter, on one or more
// simulated devices, with random or file inputs; prints or saves the outputs.
#include <fmt/format.h>

#include <charconv>
#include <chrono>
#include <cmath>
#include <unistd.h>

#include "analysis/op_stats.h"
#include "cli_util.h"
#include "commands.h"
#include "io/random_inputs.h"
#include "io/tensor_file.h"
#include "ir/printer.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

struct RunOptions {
  std::string path;
  std::string inputs = "random:0";
  std::string out;
  int64_t replicas = 0;  // 0: from the module
  int64_t partitions = 0;
  int64_t print_limit = 64;
};

Expected<std::vector<Literal>> LoadArguments(const Computation& entry, const std::string& spec) {
  if (spec.starts_with("random")) {
    uint64_t seed = 0;
    if (spec != "random") {
      auto [end, ec] = std::from_chars(spec.data() + 7, spec.data() + spec.size(), seed);
      if (spec[6] != ':' || ec != std::errc() || end != spec.data() + spec.size()) {
        return InvalidArgument("--inputs '{}': expected random:SEED with an integer seed", spec);
      }
    }
    return RandomArguments(entry, seed);
  }
  ASSIGN_OR_RETURN(std::vector<NamedTensor> tensors, ReadTensorFile(spec));
  std::vector<Literal> args;
  for (const Instruction* p : entry.parameters()) {
    int64_t n = p->attrs().parameter_number;
    const NamedTensor* found = nullptr;
    for (const NamedTensor& t : tensors) {
      if (t.name == fmt::format("arg{}", n) || t.name == p->name()) found = &t;
    }
    if (!found) {
      return InvalidArgument("'{}' has no array for parameter {} (name it 'arg{}' or '{}')", spec,
                             n, n, p->name());
    }
    ASSIGN_OR_RETURN(Literal value, ConvertForParameter(*found, p->shape()));
    args.push_back(std::move(value));
  }
  return args;
}

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

int Run(const RunOptions& o) {
  auto module = LoadModule(o.path);
  if (!module.ok()) return ReportError("run", module.status());
  const Module& m = **module;
  auto args = LoadArguments(*m.entry(), o.inputs);
  if (!args.ok()) return ReportError("run", args.status());
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
  auto start = std::chrono::steady_clock::now();
  std::vector<Literal> results;
  if (devices == 1) {
    Interpreter interp(m);
    auto r = interp.Run(*args);
    if (!r.ok()) return ReportError("run", r.status());
    results.push_back(std::move(r).value());
  } else {
    std::vector<std::vector<Literal>> per_device(devices, *args);
    auto r = RunOnDevices(m, std::move(per_device), replicas, partitions);
    if (!r.ok()) return ReportError("run", r.status());
    results = std::move(r).value();
  }
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  fmt::print(stderr, "ran {} on {} device(s) in {:.3f} s\n", m.name(), devices, seconds);
  for (size_t d = 0; d < results.size(); ++d) {
    std::vector<NamedTensor> outs = NameOutputs(std::move(results[d]));
    if (devices > 1) fmt::print("device {}:\n", d);
    PrintOutputs(outs, o.print_limit, devices > 1 ? "  " : "");
    if (!o.out.empty() && d == 0) {
      Status s = WriteTensorFile(o.out, outs);
      if (!s.ok()) return ReportError("run", s);
    }
  }
  return 0;
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
                  "or by parameter name")
      ->capture_default_str();
  cmd->add_option("--out", o->out, "Save outputs (out0, out1, ...) to a .npz or .safetensors file "
                                   "(device 0's when several)");
  cmd->add_option("--devices,--replicas", o->replicas,
                  "Simulated devices (replicas); default: as many as the module's collectives "
                  "name");
  cmd->add_option("--partitions", o->partitions, "Partitions per replica (default 1)");
  cmd->add_option("--print-limit", o->print_limit,
                  "Print all values of outputs with at most this many elements; summary "
                  "statistics otherwise")
      ->capture_default_str();
  cmd->callback([o] { std::exit(Run(*o)); });
}

}  // namespace xpar
