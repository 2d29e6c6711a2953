// CheckLog: what the check.* custom calls of a test program (StableHLO conformance files,
// JAX-exported tests) record during one run: failures with their source location, the number
// of checks that passed, and interpreter.probe values. Thread-safe (run_parallel devices share it).
#pragma once

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "ir/literal.h"

namespace xpar {

class CheckLog {
 public:
  void Pass() {
    std::lock_guard<std::mutex> lock(mu_);
    ++passed_;
  }
  void Fail(std::string message) {
    std::lock_guard<std::mutex> lock(mu_);
    failures_.push_back(std::move(message));
  }
  void Probe(const std::string& id, Literal value) {
    std::lock_guard<std::mutex> lock(mu_);
    probes_[id].push_back(std::move(value));
  }
  std::optional<Literal> ProbeValue(const std::string& id, int64_t iteration) const {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = probes_.find(id);
    if (it == probes_.end() || iteration < 0 ||
        iteration >= static_cast<int64_t>(it->second.size())) {
      return std::nullopt;
    }
    return it->second[iteration];
  }
  int64_t passed() const {
    std::lock_guard<std::mutex> lock(mu_);
    return passed_;
  }
  std::vector<std::string> failures() const {
    std::lock_guard<std::mutex> lock(mu_);
    return failures_;
  }

 private:
  mutable std::mutex mu_;
  int64_t passed_ = 0;
  std::vector<std::string> failures_;
  std::map<std::string, std::vector<Literal>> probes_;
};

}  // namespace xpar
