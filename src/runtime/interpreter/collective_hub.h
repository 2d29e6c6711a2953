// CollectiveTransport: how the interpreter's collectives reach the other devices (the threads
// CollectiveHub here; MpiTransport in runtime/mpi). CollectiveHub: the in-process rendezvous the
// device threads of RunOnDevices meet at for every collective. It can be aborted: when one
// device fails, the others waiting (or arriving later) get an error instead of waiting forever.
// A device that neither fails nor arrives (stuck, or its rank gone) is caught by the collective
// timeout: the waiting devices stop the run with an error naming it. The hub also carries the point-to-point channels of
// send / recv and the host queues of infeed / outfeed for interpreter.run_parallel.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <tuple>
#include <vector>

#include "ir/instruction.h"
#include "ir/literal.h"
#include "ir/opcode.h"
#include "support/status.h"

namespace xpar {

// How long a device waits at a collective or a recv for the others before the run stops with an
// error ("collective timed out") naming the devices that did not arrive (`--collective-timeout`).
// Process-wide, read when a wait starts; zero or negative: wait forever.
inline constexpr std::chrono::seconds kDefaultCollectiveTimeout{300};
std::chrono::milliseconds CollectiveTimeout();
void SetCollectiveTimeout(std::chrono::milliseconds timeout);

// One collective as the interpreter is about to run it, offered to the transport first.
struct NativeCollective {
  // kAllReduce, kAllGather, kReduceScatter, kAllToAll, kCollectiveBroadcast or
  // kCollectivePermute (the -start forms arrive as their plain kind).
  Opcode kind = Opcode::kAllReduce;
  const Instruction* inst = nullptr;  // reducer: inst->called()[0]; pairs: source_target_pairs
  int64_t device = 0;                 // this device's global id
  // Global ids in rank order; for collective-permute the id domain the pairs index into.
  std::span<const int64_t> group;
  std::span<const Literal* const> operands;
  int64_t dimension = 0;  // all-gather, reduce-scatter and all-to-all
};

// Bytes moved per collective kind, counted alike by every transport so that threads, MPI and
// the auto-sharding plan's estimate compare: per device, what a bandwidth-optimal algorithm
// sends (CollectiveBytesSent), however the transport itself moves the data.
struct CollectiveTraffic {
  struct Entry {
    int64_t calls = 0, bytes_sent = 0;
  };
  // kAllReduce, kAllGather, kReduceScatter, kAllToAll, kCollectivePermute, kCollectiveBroadcast.
  std::map<Opcode, Entry> by_kind;

  void Add(Opcode kind, int64_t bytes_sent);
  CollectiveTraffic& operator+=(const CollectiveTraffic& other);
  int64_t total_bytes_sent() const;
};

// What device `call.device` sends for `call` with n = group size and B = its operands' bytes
// (the cost model's ring algorithms): all-reduce 2(n-1)/n B; all-gather (n-1) B (its shard to
// every other member); reduce-scatter and all-to-all (n-1)/n B; collective-permute B when the
// device is the source of a pair to another device, else 0; collective-broadcast B from the
// group's first member, else 0. A group of one sends nothing.
int64_t CollectiveBytesSent(const NativeCollective& call);

// The transport every collective of the interpreter goes through (DeviceContext::hub).
class CollectiveTransport {
 public:
  virtual ~CollectiveTransport() = default;

  // Device `device` contributes `value` to the execution of collective `op` among `group`
  // (global device ids, in rank order; `device` must be one of them). Blocks until every member
  // has contributed, then returns all contributions in group order (shared, read-only). The
  // k-th call for `op` on a device meets the k-th call on the others, so loops work.
  virtual Expected<std::shared_ptr<const std::vector<Literal>>> Exchange(
      const void* op, int64_t device, std::span<const int64_t> group, Literal value) = 0;

  // Lets a transport run a collective with native calls (e.g. MPI_Allreduce) instead of
  // Exchange plus the interpreter's own combining. Returns the op's result, or std::nullopt to
  // decline, after which the caller uses Exchange. Every member of a group must decide alike.
  virtual Expected<std::optional<Literal>> RunNative(const NativeCollective& call) {
    return std::optional<Literal>();
  }

  // Makes every current and future Exchange fail. The first reason is kept.
  virtual void Abort(const Status& reason) = 0;
  // A device that has stopped (successfully or not) never joins another collective; members
  // waiting for it get an error.
  virtual void DeviceFinished(int64_t device) = 0;
  // The first Abort reason (OK when not aborted).
  virtual Status abort_reason() const = 0;

  // Point-to-point channels (send / recv): one FIFO queue per channel id. Send never blocks;
  // Recv by `device` blocks until a value is there, and fails once every other device has
  // finished (or the transport is aborted) with the queue still empty.
  virtual Status Send(int64_t channel, Literal value) {
    return Unimplemented("this collective transport has no send/recv channels");
  }
  virtual Expected<Literal> Recv(int64_t channel, int64_t device) {
    return Unimplemented("this collective transport has no send/recv channels");
  }
  // Host queues: infeed pops the next queued value; outfeed records its value.
  virtual Expected<Literal> Infeed() {
    return Unimplemented("infeed needs a host queue (interpreter.run_parallel infeed=[...])");
  }
  virtual Status Outfeed(Literal value) {
    return Unimplemented("outfeed needs a host (interpreter.run_parallel)");
  }
  // The collective traffic of `device` (a global id) since the start or ResetTraffic: every
  // collective offered to RunNative, native or not. Empty for a device this transport does not
  // run, or a transport that does not count.
  virtual CollectiveTraffic Traffic(int64_t device) const { return {}; }
  virtual void ResetTraffic() {}
};

// The threads transport: every contribution is shared in memory; it never runs native.
class CollectiveHub final : public CollectiveTransport {
 public:
  explicit CollectiveHub(int64_t num_devices);

  int64_t num_devices() const { return num_devices_; }

  Expected<std::shared_ptr<const std::vector<Literal>>> Exchange(const void* op, int64_t device,
                                                                 std::span<const int64_t> group,
                                                                 Literal value) override;
  void Abort(const Status& reason) override;
  void DeviceFinished(int64_t device) override;
  Status abort_reason() const override;

  Status Send(int64_t channel, Literal value) override;
  Expected<Literal> Recv(int64_t channel, int64_t device) override;
  Expected<Literal> Infeed() override;
  Status Outfeed(Literal value) override;
  // Counts the collective for Traffic, then declines (the threads transport never runs native).
  Expected<std::optional<Literal>> RunNative(const NativeCollective& call) override;
  CollectiveTraffic Traffic(int64_t device) const override;
  void ResetTraffic() override;
  // The infeed queue, in pop order (before the devices start).
  void SetInfeed(std::vector<Literal> values);
  // The values outfed so far, in arrival order.
  std::vector<Literal> outfeed() const;

 private:
  struct Slot {
    std::vector<Literal> values;
    std::vector<bool> arrived;
    int64_t arrivals = 0, departures = 0;
    std::shared_ptr<const std::vector<Literal>> result;
  };
  using Key = std::tuple<const void*, std::vector<int64_t>, int64_t>;

  Status WaitError(const Slot& slot, std::span<const int64_t> group) const;
  Status TimeoutError(const Slot& slot, int64_t device, std::span<const int64_t> group,
                      std::chrono::milliseconds waited) const;

  const int64_t num_devices_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<Key, Slot> slots_;
  std::map<std::pair<int64_t, const void*>, int64_t> sequence_;
  std::vector<bool> finished_;
  Status abort_reason_;
  bool aborted_ = false;
  std::map<int64_t, std::deque<Literal>> channels_;
  std::deque<Literal> infeed_;
  std::vector<Literal> outfeed_;
  mutable std::mutex traffic_mu_;
  std::map<int64_t, CollectiveTraffic> traffic_;  // by device
};

}  // namespace xpar
