// CollectiveHub: the in-process rendezvous the device threads of RunOnDevices meet at for every
// collective. It can be aborted: when one device fails, the others waiting (or arriving later)
// get an error instead of waiting forever, so no timeout is needed for correctness.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <tuple>
#include <vector>

#include "ir/literal.h"
#include "support/status.h"

namespace xpar {

class CollectiveHub {
 public:
  explicit CollectiveHub(int64_t num_devices);

  int64_t num_devices() const { return num_devices_; }

  // Device `device` contributes `value` to the execution of collective `op` among `group`
  // (global device ids, in rank order; `device` must be one of them). Blocks until every member
  // has contributed, then returns all contributions in group order (shared, read-only). The
  // k-th call for `op` on a device meets the k-th call on the others, so loops work.
  Expected<std::shared_ptr<const std::vector<Literal>>> Exchange(const void* op, int64_t device,
                                                                 std::span<const int64_t> group,
                                                                 Literal value);

  // Makes every current and future Exchange fail. The first reason is kept.
  void Abort(const Status& reason);
  // A device that has stopped (successfully or not) never joins another collective; members
  // waiting for it get an error.
  void DeviceFinished(int64_t device);
  // The first Abort reason (OK when not aborted).
  Status abort_reason() const;

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
