// The reference interpreter: executes any module on the CPU, one simulated device per thread.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar {

class CollectiveTransport;
class CheckLog;
struct DeviceTrace;

// Who this device is: replica and partition ids, and the rendezvous for collectives
// (null when running alone, in which case collectives see groups of size one): the threads
// CollectiveHub, or an MPI transport where each process is one device.
struct DeviceContext {
  int64_t replica_id = 0;
  int64_t partition_id = 0;
  int64_t num_replicas = 1;
  int64_t num_partitions = 1;
  CollectiveTransport* hub = nullptr;
  // rng (not rng-bit-generator, which is deterministic from its state operand) draws from this.
  uint64_t rng_seed = 0;
  // Where the check.* custom calls of test programs record failures (check_log.h); null: a
  // failed check is an error that stops the run.
  CheckLog* check_log = nullptr;
  // Where the entry computation's instructions record their run times (op_trace.h); null: off.
  DeviceTrace* trace = nullptr;
  // Round as XLA's CPU backend does where it departs from StableHLO's op-by-op rounding, to
  // reproduce XLA CPU's reference values (JAX's generated StableHLO tests): an f32/f64 multiply
  // read only by an add or subtract is one fused multiply-add (fp_contract.h), and f32/f64
  // convolutions sum each input feature's window as an FMA chain, then the features in order.
  bool xla_cpu_numerics = false;
};

// Bytes of values the evaluator holds (every call's live values and while-loop states; not
// the arguments of Run, which the caller owns, nor kernels' scratch), now and at the peak.
// Values that share one buffer (a zero-copy reshape beside its operand, a tuple's element beside
// the value it came from) count it once: Hold/Let go count holders per buffer.
struct MemoryCounter {
  int64_t held = 0;
  int64_t peak = 0;
  std::unordered_map<const void*, int64_t> holders;  // buffer -> values counting it
  void Add(int64_t bytes) {
    held += bytes;
    if (held > peak) peak = held;
  }
  // A value holds `buffer` of `bytes`: counted when it is the buffer's first holder.
  void Hold(const void* buffer, int64_t bytes) {
    if (buffer == nullptr || holders[buffer]++ == 0) Add(bytes);
  }
  // A value that held `buffer` lets it go: uncounted with the last holder.
  void LetGo(const void* buffer, int64_t bytes) {
    if (buffer == nullptr) return Add(-bytes);
    auto it = holders.find(buffer);
    if (it == holders.end()) return;
    if (--it->second == 0) {
      holders.erase(it);
      Add(-bytes);
    }
  }
};

class Interpreter {
 public:
  explicit Interpreter(const Module& module, DeviceContext device = {});
  ~Interpreter();

  // Runs the entry computation. Arguments must match the entry parameters' shapes.
  Expected<Literal> Run(std::span<const Literal> args);
  // Runs any computation of the module.
  Expected<Literal> Call(const Computation& computation, std::span<const Literal* const> args);

  const DeviceContext& device() const { return device_; }
  const Module& module() const { return module_; }
  // Bytes held by the evaluator now and at the peak since construction (buffer_lifetimes.h).
  const MemoryCounter& memory() const { return memory_; }
  // Whether the error of the last run names the instruction that raised it.
  bool error_located() const { return error_located_; }
  // `error` comes located from another interpreter of this module (a device of run_parallel):
  // the evaluator passes it on instead of locating it again.
  Status PassOnLocated(Status error) {
    error_located_ = true;
    return error;
  }

 private:
  // `error`, raised while evaluating `inst` of `c`, with the instruction's source location and
  // the error's own code; unchanged when a nested computation has located it already.
  Status Locate(const Instruction& inst, const Computation& c, const Status& error);
  // A while loop whose initial state is `state` (moved in when the operand died there).
  Expected<Literal> RunWhile(const Instruction& inst, Literal state);
  // Call, where parameter p whose args[p] is null takes owned[p]: the callee frees it at its
  // last reader and may move it (a while body consumes the loop state so).
  Expected<Literal> CallOwning(const Computation& computation,
                               std::span<const Literal* const> args, std::span<Literal> owned);

  const Module& module_;
  DeviceContext device_;
  uint64_t rng_state_;
  MemoryCounter memory_;
  // Set when an error got its location (Locate, PassOnLocated); each call clears it.
  bool error_located_ = false;
};

// Runs the entry computation on num_replicas * num_partitions simulated devices, one thread
// each, with in-process collectives. args[d] are device d's arguments (d = replica *
// num_partitions + partition). Returns each device's result in the same order. With `traces`,
// (*traces)[d] receives device d's op timings (resized to the device count, one common origin).
Expected<std::vector<Literal>> RunOnDevices(const Module& module,
                                            std::vector<std::vector<Literal>> args,
                                            int64_t num_replicas, int64_t num_partitions,
                                            uint64_t rng_seed = 0,
                                            std::vector<DeviceTrace>* traces = nullptr);

}  // namespace xpar
