// CollectiveTransport: how the interpreter's collectives reach the other devices (the threads
// CollectiveHub here; MpiTransport in runtime/mpi). CollectiveHub: the in-process rendezvous the
// device threads of RunOnDevices meet at for every collective. It can be aborted: when one
// device fails, the others waiting (or arriving later) get an error instead of waiting forever,
// so no timeout is needed for correctness.
#pragma once

#include <condition_variable>
#include <cstdint>
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

 private:
  struct Slot {
    std::vector<Literal> values;
    std::vector<bool> arrived;
    int64_t arrivals = 0, departures = 0;
    std::shared_ptr<const std::vector<Literal>> result;
  };
  using Key = std::tuple<const void*, std::vector<int64_t>, int64_t>;

  Status WaitError(const Slot& slot, std::span<const int64_t> group) const;

  const int64_t num_devices_;
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::map<Key, Slot> slots_;
  std::map<std::pair<int64_t, const void*>, int64_t> sequence_;
  std::vector<bool> finished_;
  Status abort_reason_;
  bool aborted_ = false;
};

}  // namespace xpar
