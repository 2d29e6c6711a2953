// RunOnDevices: one thread per simulated device, each with its own Interpreter, meeting at a
// shared CollectiveHub. A failing device aborts the hub so no other device waits forever.
#include <algorithm>
#include <thread>

#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/op_trace.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {

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
  CollectiveHub hub(n);
  // Devices share the cores fairly: each device's kernels (and OpenBLAS, process-wide) get
  // cores / devices threads, at least one.
  const int share = std::max<int>(1, MachineCores() / static_cast<int>(n));
  const int blas_before = BlasThreads();
  SetBlasThreads(share);
  std::vector<Expected<Literal>> results(n, Expected<Literal>(Internal("device did not run")));
  std::vector<std::thread> threads;
  threads.reserve(n);
  for (int64_t d = 0; d < n; ++d) {
    threads.emplace_back([&, d] {
      SetKernelThreads(share);
      DeviceContext dev;
      dev.replica_id = d / num_partitions;
      dev.partition_id = d % num_partitions;
      dev.num_replicas = num_replicas;
      dev.num_partitions = num_partitions;
      dev.hub = &hub;
      dev.trace = traces ? &(*traces)[d] : nullptr;
      // Each device draws its own `rng` stream from the common seed.
      dev.rng_seed = rng_seed + static_cast<uint64_t>(d) * 0x9E3779B97F4A7C15ull;
      Interpreter interp(module, dev);
      results[d] = interp.Run(args[d]);
      if (!results[d].ok()) {
        hub.Abort(results[d].status().WithContext(fmt::format("device {}: ", d)));
      }
      hub.DeviceFinished(d);
    });
  }
  for (std::thread& t : threads) t.join();
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
