// A run's per-device op timings as Chrome trace event JSON, the format Perfetto and
// chrome://tracing load: {"traceEvents": [...], "displayTimeUnit": "ms"}; one "X" (complete)
// event per executed instruction on the thread of its device, and "M" events naming them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/interpreter/op_trace.h"

namespace xpar {

struct ChromeTraceOptions {
  std::string process_name = "xpar run";
  int64_t num_partitions = 1;  // device d is replica d / num_partitions, partition d % ...
};

// traces[d] is device d's (RunOnDevices' order). Timestamps in microseconds, as the format has.
nlohmann::json ChromeTraceJson(const std::vector<DeviceTrace>& traces,
                               const ChromeTraceOptions& options);

}  // namespace xpar
