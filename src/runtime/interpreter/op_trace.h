// Per-device timing of executed instructions (`xpar run --trace`): when DeviceContext::trace is
// set, the evaluator records one interval per instruction of the entry computation it runs
// (parameters are bound, not run; the ops of while bodies and called computations fall inside
// their caller's interval). Formatted as Chrome/Perfetto trace JSON by src/report.
#pragma once

#include <chrono>
#include <cstdint>
#include <vector>

#include "ir/instruction.h"

namespace xpar {

struct OpTraceEvent {
  const Instruction* inst = nullptr;
  int64_t start_ns = 0;  // since DeviceTrace::origin
  int64_t end_ns = 0;
};

struct DeviceTrace {
  // Shared by the devices of one run, so their timelines line up.
  std::chrono::steady_clock::time_point origin = std::chrono::steady_clock::now();
  std::vector<OpTraceEvent> events;  // in execution order
};

// Records [construction, destruction) of running `inst` into `trace`; does nothing when null.
class OpTraceScope {
 public:
  OpTraceScope(DeviceTrace* trace, const Instruction& inst)
      : trace_(trace), inst_(inst), start_ns_(trace ? Since(trace->origin) : 0) {}
  ~OpTraceScope() {
    if (trace_) trace_->events.push_back({&inst_, start_ns_, Since(trace_->origin)});
  }
  OpTraceScope(const OpTraceScope&) = delete;
  OpTraceScope& operator=(const OpTraceScope&) = delete;

 private:
  static int64_t Since(std::chrono::steady_clock::time_point origin) {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::steady_clock::now() - origin)
        .count();
  }
  DeviceTrace* trace_;
  const Instruction& inst_;
  int64_t start_ns_;
};

}  // namespace xpar
