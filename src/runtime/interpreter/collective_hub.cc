// The in-process collective rendezvous (see collective_hub.h).
#include "runtime/interpreter/collective_hub.h"

#include <algorithm>

namespace xpar {

CollectiveHub::CollectiveHub(int64_t num_devices)
    : num_devices_(num_devices), finished_(static_cast<size_t>(num_devices), false) {}

Status CollectiveHub::WaitError(const Slot& slot, std::span<const int64_t> group) const {
  if (aborted_) return FailedPrecondition("collective abandoned: {}", abort_reason_.message());
  for (size_t r = 0; r < group.size(); ++r) {
    if (!slot.arrived[r] && finished_[group[r]]) {
      return FailedPrecondition("device {} stopped without joining this collective", group[r]);
    }
  }
  return Status::Ok();
}

Expected<std::shared_ptr<const std::vector<Literal>>> CollectiveHub::Exchange(
    const void* op, int64_t device, std::span<const int64_t> group, Literal value) {
  auto it = std::find(group.begin(), group.end(), device);
  if (it == group.end()) return Internal("device {} is not in its collective group", device);
  for (int64_t d : group) {
    if (d < 0 || d >= num_devices_) {
      return InvalidArgument("collective group names device {}, but only {} devices run", d,
                             num_devices_);
    }
  }
  const size_t rank = static_cast<size_t>(it - group.begin());
  std::unique_lock<std::mutex> lock(mu_);
  if (aborted_) return FailedPrecondition("collective abandoned: {}", abort_reason_.message());
  int64_t seq = sequence_[{device, op}]++;
  Key key{op, std::vector<int64_t>(group.begin(), group.end()), seq};
  Slot& slot = slots_[key];
  if (slot.values.empty()) {
    slot.values.resize(group.size());
    slot.arrived.assign(group.size(), false);
  }
  slot.values[rank] = std::move(value);
  slot.arrived[rank] = true;
  if (++slot.arrivals == static_cast<int64_t>(group.size())) {
    slot.result = std::make_shared<const std::vector<Literal>>(std::move(slot.values));
    cv_.notify_all();
  }
  Status error;
  cv_.wait(lock, [&] {
    if (slot.result) return true;
    error = WaitError(slot, group);
    return !error.ok();
  });
  if (!slot.result) return error;
  std::shared_ptr<const std::vector<Literal>> result = slot.result;
  if (++slot.departures == static_cast<int64_t>(group.size())) slots_.erase(key);
  return result;
}

void CollectiveHub::Abort(const Status& reason) {
  std::lock_guard<std::mutex> lock(mu_);
  if (!aborted_) {
    aborted_ = true;
    abort_reason_ = reason;
  }
  cv_.notify_all();
}

void CollectiveHub::DeviceFinished(int64_t device) {
  std::lock_guard<std::mutex> lock(mu_);
  if (device >= 0 && device < num_devices_) finished_[device] = true;
  cv_.notify_all();
}

Status CollectiveHub::abort_reason() const {
  std::lock_guard<std::mutex> lock(mu_);
  return abort_reason_;
}

}  // namespace xpar
