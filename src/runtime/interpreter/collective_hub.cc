// The in-process collective rendezvous (see collective_hub.h).
#include "runtime/interpreter/collective_hub.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <atomic>

namespace xpar {
namespace {

std::atomic<int64_t> collective_timeout_ms{
    std::chrono::duration_cast<std::chrono::milliseconds>(kDefaultCollectiveTimeout).count()};

// Waits on `cv` until `done` holds or the collective timeout passes; false on timeout.
template <typename Pred>
bool WaitWithTimeout(std::condition_variable& cv, std::unique_lock<std::mutex>& lock,
                     std::chrono::milliseconds timeout, Pred done) {
  if (timeout.count() <= 0) {
    cv.wait(lock, done);
    return true;
  }
  return cv.wait_for(lock, timeout, done);
}

// A wait given up because the run was aborted: the abort's reason (its location kept) as the cause.
Status Abandoned(const char* what, const Status& reason) {
  return reason.WithContext(fmt::format("{} abandoned: ", what))
      .WithCode(StatusCode::kFailedPrecondition);
}

}  // namespace

std::chrono::milliseconds CollectiveTimeout() {
  return std::chrono::milliseconds(collective_timeout_ms.load());
}

void SetCollectiveTimeout(std::chrono::milliseconds timeout) {
  collective_timeout_ms.store(timeout.count());
}

CollectiveHub::CollectiveHub(int64_t num_devices)
    : num_devices_(num_devices), finished_(static_cast<size_t>(num_devices), false) {}

Status CollectiveHub::WaitError(const Slot& slot, std::span<const int64_t> group) const {
  if (aborted_) return Abandoned("collective", abort_reason_);
  for (size_t r = 0; r < group.size(); ++r) {
    if (!slot.arrived[r] && finished_[group[r]]) {
      return FailedPrecondition("device {} stopped without joining this collective", group[r]);
    }
  }
  return Status::Ok();
}

Status CollectiveHub::TimeoutError(const Slot& slot, int64_t device,
                                   std::span<const int64_t> group,
                                   std::chrono::milliseconds waited) const {
  std::vector<int64_t> missing;
  for (size_t r = 0; r < group.size(); ++r) {
    if (!slot.arrived[r]) missing.push_back(group[r]);
  }
  return FailedPrecondition(
      "collective timed out: device {} waited {:.1f} s for device(s) {} of group {{{}}}, which "
      "never joined (stuck or gone; --collective-timeout sets the limit)",
      device, std::chrono::duration<double>(waited).count(), fmt::join(missing, ", "),
      fmt::join(group, ","));
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
  if (aborted_) return Abandoned("collective", abort_reason_);
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
  const std::chrono::milliseconds timeout = CollectiveTimeout();
  bool in_time = WaitWithTimeout(cv_, lock, timeout, [&] {
    if (slot.result) return true;
    error = WaitError(slot, group);
    return !error.ok();
  });
  // The device's runner aborts the hub with this error (and the op's context), which stops
  // every other device.
  if (!in_time) error = TimeoutError(slot, device, group, timeout);
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

Status CollectiveHub::Send(int64_t channel, Literal value) {
  std::lock_guard<std::mutex> lock(mu_);
  if (aborted_) return Abandoned("send", abort_reason_);
  channels_[channel].push_back(std::move(value));
  cv_.notify_all();
  return Status::Ok();
}

Expected<Literal> CollectiveHub::Recv(int64_t channel, int64_t device) {
  std::unique_lock<std::mutex> lock(mu_);
  std::deque<Literal>& queue = channels_[channel];
  auto others_finished = [&] {
    for (int64_t d = 0; d < num_devices_; ++d) {
      if (d != device && !finished_[d]) return false;
    }
    return true;
  };
  const std::chrono::milliseconds timeout = CollectiveTimeout();
  if (!WaitWithTimeout(cv_, lock, timeout,
                       [&] { return !queue.empty() || aborted_ || others_finished(); })) {
    return FailedPrecondition(
        "recv on channel {} by device {} timed out after {:.1f} s: no device sent (stuck or "
        "gone; --collective-timeout sets the limit)",
        channel, device, std::chrono::duration<double>(timeout).count());
  }
  if (queue.empty()) {
    if (aborted_) return Abandoned("recv", abort_reason_);
    return FailedPrecondition("recv on channel {}: every other device finished without sending",
                              channel);
  }
  Literal v = std::move(queue.front());
  queue.pop_front();
  return v;
}

Expected<Literal> CollectiveHub::Infeed() {
  std::lock_guard<std::mutex> lock(mu_);
  if (infeed_.empty()) return FailedPrecondition("infeed: the host queue is empty");
  Literal v = std::move(infeed_.front());
  infeed_.pop_front();
  return v;
}

Status CollectiveHub::Outfeed(Literal value) {
  std::lock_guard<std::mutex> lock(mu_);
  outfeed_.push_back(std::move(value));
  return Status::Ok();
}

void CollectiveHub::SetInfeed(std::vector<Literal> values) {
  std::lock_guard<std::mutex> lock(mu_);
  infeed_.assign(std::make_move_iterator(values.begin()), std::make_move_iterator(values.end()));
}

std::vector<Literal> CollectiveHub::outfeed() const {
  std::lock_guard<std::mutex> lock(mu_);
  return outfeed_;
}

// Collective traffic (CollectiveTraffic, CollectiveBytesSent).

void CollectiveTraffic::Add(Opcode kind, int64_t bytes_sent) {
  Entry& e = by_kind[kind];
  ++e.calls;
  e.bytes_sent += bytes_sent;
}

CollectiveTraffic& CollectiveTraffic::operator+=(const CollectiveTraffic& other) {
  for (const auto& [kind, e] : other.by_kind) {
    by_kind[kind].calls += e.calls;
    by_kind[kind].bytes_sent += e.bytes_sent;
  }
  return *this;
}

int64_t CollectiveTraffic::total_bytes_sent() const {
  int64_t total = 0;
  for (const auto& [kind, e] : by_kind) total += e.bytes_sent;
  return total;
}

namespace {

int64_t LeafBytes(const Literal& v) {
  if (!v.shape().IsTuple()) return v.shape().IsArray() ? v.size_bytes() : 0;
  int64_t total = 0;
  for (const Literal& e : v.elements()) total += LeafBytes(e);
  return total;
}

}  // namespace

int64_t CollectiveBytesSent(const NativeCollective& call) {
  const int64_t n = static_cast<int64_t>(call.group.size());
  if (n <= 1) return 0;
  int64_t b = 0;
  for (const Literal* op : call.operands) b += LeafBytes(*op);
  switch (call.kind) {
    case Opcode::kAllReduce:
      return 2 * (n - 1) * b / n;
    case Opcode::kAllGather:
      return (n - 1) * b;
    case Opcode::kReduceScatter:
    case Opcode::kAllToAll:
      return (n - 1) * b / n;
    case Opcode::kCollectivePermute: {
      auto me = std::find(call.group.begin(), call.group.end(), call.device);
      const int64_t my_id = me - call.group.begin();
      for (const auto& [s, t] : call.inst->attrs().source_target_pairs) {
        if (s == my_id && t != my_id) return b;
      }
      return 0;
    }
    case Opcode::kCollectiveBroadcast:
      return call.group[0] == call.device ? b : 0;
    default:
      return 0;  // not a collective the interpreter offers to RunNative
  }
}

Expected<std::optional<Literal>> CollectiveHub::RunNative(const NativeCollective& call) {
  const int64_t bytes = CollectiveBytesSent(call);
  std::lock_guard<std::mutex> lock(traffic_mu_);
  traffic_[call.device].Add(call.kind, bytes);
  return std::optional<Literal>();
}

CollectiveTraffic CollectiveHub::Traffic(int64_t device) const {
  std::lock_guard<std::mutex> lock(traffic_mu_);
  auto it = traffic_.find(device);
  return it == traffic_.end() ? CollectiveTraffic{} : it->second;
}

void CollectiveHub::ResetTraffic() {
  std::lock_guard<std::mutex> lock(traffic_mu_);
  traffic_.clear();
}

}  // namespace xpar
