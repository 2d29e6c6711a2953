// The in-process channels between pipeline stages: a producer puts a value (one program output
// for one microbatch) with the number of programs that will read it; each reader takes it,
// blocking until it arrives; the last reader frees it. An abort wakes every waiting reader with
// the error, so one failing stage stops the others; a reader that waits longer than the
// collective timeout (a producing stage stuck or gone) fails, naming the value and its stage.
#pragma once

#include <fmt/format.h>

#include <chrono>
#include <compare>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "ir/literal.h"
#include "runtime/interpreter/collective_hub.h"
#include "support/status.h"

namespace xpar::pipeline {

struct ChannelKey {
  int32_t program = 0;
  int64_t output = 0;
  int64_t microbatch = 0;
  auto operator<=>(const ChannelKey&) const = default;
};

class Channels {
 public:
  void Put(const ChannelKey& key, std::shared_ptr<const Literal> value, int64_t readers) {
    std::lock_guard<std::mutex> lock(mu_);
    values_[key] = Entry{std::move(value), readers};
    ready_.notify_all();
  }

  // Waits at most `timeout` (0: forever) for the value; `reader` (e.g. "pipeline stage 1
  // forward of microbatch 0") names the waiting side in the timeout's error. After an abort,
  // the abort's reason as it is (the first failure, not this wait).
  Expected<std::shared_ptr<const Literal>> Take(
      const ChannelKey& key, const std::string& reader,
      std::chrono::milliseconds timeout = CollectiveTimeout()) {
    std::unique_lock<std::mutex> lock(mu_);
    auto arrived = [&] { return !abort_.ok() || values_.count(key) > 0; };
    if (timeout.count() <= 0) {
      ready_.wait(lock, arrived);
    } else if (!ready_.wait_for(lock, timeout, arrived)) {
      // Stage s runs programs 2 s (forward) and 2 s + 1 (backward), stage_split.h.
      return FailedPrecondition(
          "{}: timed out after {:.1f} s receiving output {} of stage {}'s {} program for "
          "microbatch {}, which never came (that stage is stuck or gone; "
          "--collective-timeout sets the limit)",
          reader, std::chrono::duration<double>(timeout).count(), key.output, key.program / 2,
          key.program % 2 == 0 ? "forward" : "backward", key.microbatch);
    }
    if (!abort_.ok()) return abort_;
    auto it = values_.find(key);
    std::shared_ptr<const Literal> value = it->second.value;
    if (--it->second.readers <= 0) values_.erase(it);
    return value;
  }

  // The first Abort's reason; OK while none.
  Status aborted() {
    std::lock_guard<std::mutex> lock(mu_);
    return abort_;
  }

  void Abort(const Status& reason) {
    std::lock_guard<std::mutex> lock(mu_);
    if (abort_.ok()) abort_ = reason;
    ready_.notify_all();
  }

 private:
  struct Entry {
    std::shared_ptr<const Literal> value;
    int64_t readers = 0;
  };
  std::mutex mu_;
  std::condition_variable ready_;
  std::map<ChannelKey, Entry> values_;
  Status abort_;
};

}  // namespace xpar::pipeline
