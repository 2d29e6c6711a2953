// The in-process channels between pipeline stages: a producer puts a value (one program output
// for one microbatch) with the number of programs that will read it; each reader takes it,
// blocking until it arrives; the last reader frees it. An abort wakes every waiting reader with
// the error, so one failing stage stops the others.
#pragma once

#include <compare>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>

#include "ir/literal.h"
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

  Expected<std::shared_ptr<const Literal>> Take(const ChannelKey& key) {
    std::unique_lock<std::mutex> lock(mu_);
    ready_.wait(lock, [&] { return !abort_.ok() || values_.count(key) > 0; });
    if (!abort_.ok()) return abort_;
    auto it = values_.find(key);
    std::shared_ptr<const Literal> value = it->second.value;
    if (--it->second.readers <= 0) values_.erase(it);
    return value;
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
