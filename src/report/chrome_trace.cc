// ChromeTraceJson: see chrome_trace.h. Event categories are comma-separated lists in this
// format, so "collective,all-reduce" or "op,dot" filter both by class and by opcode.
#include "report/chrome_trace.h"

#include <fmt/format.h>

#include <algorithm>

namespace xpar {
namespace {

nlohmann::json ShapesOf(const Instruction& inst) {
  nlohmann::json shapes = nlohmann::json::array();
  for (const Instruction* op : inst.operands()) shapes.push_back(op->shape().ToString(false));
  return shapes;
}

nlohmann::json CompleteEvent(const OpTraceEvent& e, int64_t device) {
  const Instruction& inst = *e.inst;
  const std::string opcode(HloOpcodeName(inst.opcode()));
  const bool collective = HasTrait(inst.opcode(), OpTrait::kCollective);
  nlohmann::json args = {{"opcode", opcode},
                         {"shape", inst.shape().ToString(false)},
                         {"bytes", inst.shape().ByteSize()},
                         {"operands", ShapesOf(inst)}};
  return {{"name", inst.name()},
          {"cat", (collective ? "collective," : "op,") + opcode},
          {"ph", "X"},
          {"ts", static_cast<double>(e.start_ns) / 1e3},
          {"dur", static_cast<double>(e.end_ns - e.start_ns) / 1e3},
          {"pid", 0},
          {"tid", device},
          {"args", std::move(args)}};
}

nlohmann::json Metadata(const std::string& name, int64_t tid, nlohmann::json args) {
  return {{"name", name}, {"ph", "M"}, {"pid", 0}, {"tid", tid}, {"args", std::move(args)}};
}

}  // namespace

nlohmann::json ChromeTraceJson(const std::vector<DeviceTrace>& traces,
                               const ChromeTraceOptions& options) {
  nlohmann::json events = nlohmann::json::array();
  events.push_back(Metadata("process_name", 0, {{"name", options.process_name}}));
  const int64_t partitions = std::max<int64_t>(1, options.num_partitions);
  for (size_t d = 0; d < traces.size(); ++d) {
    const int64_t device = static_cast<int64_t>(d);
    std::string name = fmt::format("device {}", device);
    if (traces.size() > 1 && partitions > 1) {
      name += fmt::format(" (replica {}, partition {})", device / partitions, device % partitions);
    }
    events.push_back(Metadata("thread_name", device, {{"name", name}}));
    events.push_back(Metadata("thread_sort_index", device, {{"sort_index", device}}));
  }
  for (size_t d = 0; d < traces.size(); ++d) {
    for (const OpTraceEvent& e : traces[d].events) {
      events.push_back(CompleteEvent(e, static_cast<int64_t>(d)));
    }
  }
  return {{"traceEvents", std::move(events)}, {"displayTimeUnit", "ms"}};
}

}  // namespace xpar
