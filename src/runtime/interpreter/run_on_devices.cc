// RunOnDevices: one thread per simulated device, each with its own Interpreter, meeting at a
// shared CollectiveHub. A failing device aborts the hub so no other device waits forever; a
// device still computing the collective timeout after a failure (stuck in an endless loop) is
// abandoned (support/worker_threads.h): the error names it, and as its thread still reads the
// module and writes `traces`, the process must end (the CLI exits after reporting it).
#include <algorithm>
#include <chrono>
#include <memory>

#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/op_trace.h"
#include "runtime/interpreter/thread_pool.h"
#include "support/worker_threads.h"

namespace xpar {
namespace {

std::string DeviceList(const std::vector<size_t>& devices) {
  std::string out = devices.size() == 1 ? "device " : "devices ";
  for (size_t i = 0; i < devices.size(); ++i) out += fmt::format("{}{}", i ? "," : "", devices[i]);
  return out;
}

}  // namespace

Expected<std::vector<Literal>> RunOnDevices(const Module& module,
                                            std::vector<std::vector<Literal>> args,
                                            int64_t num_replicas, int64_t num_partitions,
                                            uint64_t rng_seed, std::vector<DeviceTrace>* traces) {
  if (num_replicas < 1 || num_partitions < 1) {
    return InvalidArgument("need at least one replica and one partition, got {} x {}",
                           num_replicas, num_partitions);
  }
  const int64_t n = num_replicas * num_partitions;
  if (static_cast<int64_t>(args.size()) != n) {
    return InvalidArgument("{} devices but arguments for {}", n, args.size());
  }
  if (traces) traces->assign(n, DeviceTrace{});  // one origin for all devices
  // What the device threads use lives as long as the last of them: a device stuck computing is
  // left running (WorkerThreads) once the others have failed and the collective timeout passed.
  struct RunState {
    explicit RunState(int64_t devices) : hub(devices) {}
    CollectiveHub hub;
    std::vector<std::vector<Literal>> args;
    std::vector<Expected<Literal>> results;
  };
  auto state = std::make_shared<RunState>(n);
  state->args = std::move(args);
  state->results.assign(n, Expected<Literal>(Internal("device did not run")));
  // Devices share the cores fairly: each device's kernels (and OpenBLAS, process-wide) get
  // cores / devices threads, at least one.
  const int share = std::max<int>(1, MachineCores() / static_cast<int>(n));
  const int blas_before = BlasThreads();
  SetBlasThreads(share);
  WorkerThreads threads;
  for (int64_t d = 0; d < n; ++d) {
    threads.Start([state, &module, traces, d, share, num_partitions, num_replicas, rng_seed] {
      SetKernelThreads(share);
      DeviceContext dev;
      dev.replica_id = d / num_partitions;
      dev.partition_id = d % num_partitions;
      dev.num_replicas = num_replicas;
      dev.num_partitions = num_partitions;
      dev.hub = &state->hub;
      dev.trace = traces ? &(*traces)[d] : nullptr;
      // Each device draws its own `rng` stream from the common seed.
      dev.rng_seed = rng_seed + static_cast<uint64_t>(d) * 0x9E3779B97F4A7C15ull;
      Interpreter interp(module, dev);
      Expected<Literal> result = interp.Run(state->args[d]);
      if (!result.ok()) {
        state->hub.Abort(result.status().WithContext(fmt::format("device {}: ", d)));
      }
      state->results[d] = std::move(result);
      state->hub.DeviceFinished(d);
    });
  }
  const std::chrono::milliseconds grace = CollectiveTimeout();
  std::vector<size_t> stuck =
      threads.Join([&] { return !state->hub.abort_reason().ok(); }, grace);
  if (!stuck.empty()) {
    SetBlasThreads(blas_before);
    return state->hub.abort_reason().WithContext(fmt::format(
        "{} still computing {:.1f} s after the run failed, abandoned (the process must end): ",
        DeviceList(stuck), std::chrono::duration<double>(grace).count()));
  }
  CollectiveHub& hub = state->hub;
  std::vector<Expected<Literal>>& results = state->results;
  SetBlasThreads(blas_before);
  Status first = hub.abort_reason();
  if (!first.ok()) return first;
  std::vector<Literal> out;
  out.reserve(n);
  for (int64_t d = 0; d < n; ++d) {
    if (!results[d].ok()) return results[d].status().WithContext(fmt::format("device {}: ", d));
    out.push_back(std::move(results[d]).value());
  }
  return out;
}

}  // namespace xpar
