// The plan report's curves: memory per device over the program and the estimated timeline.
#include <algorithm>

#include "analysis/liveness.h"
#include "passes/auto_sharding/problem_builder.h"
#include "report/plan_html_internal.h"

namespace xpar::internal {
namespace {

using nlohmann::json;

// Bucket b of n positions split into buckets of `width`: [b * width, min(n, (b + 1) * width)).
size_t BucketWidth(size_t n, size_t max_buckets) {
  return std::max<size_t>(1, (n + std::max<size_t>(1, max_buckets) - 1) /
                                 std::max<size_t>(1, max_buckets));
}

// Bytes per device of each entry instruction: the plan's choice; the whole value for the few it
// does not place (tuples and get-tuple-elements own no memory in the liveness analysis anyway).
std::vector<int64_t> DeviceBytes(const Computation& entry, const Plan& plan) {
  std::vector<int64_t> bytes(entry.instructions().size());
  for (const auto& inst : entry.instructions()) bytes[inst->index()] = inst->shape().ByteSize();
  for (const InstructionPlan& ip : plan.instructions) bytes[ip.inst->index()] = ip.bytes_per_device;
  return bytes;
}

json LiveAt(const Computation& entry, const std::vector<int64_t>& bytes, int64_t position) {
  std::vector<LiveRange> ranges = ComputeLiveRanges(entry);
  std::vector<std::pair<int64_t, int64_t>> live;  // (bytes, index)
  for (size_t i = 0; i < ranges.size(); ++i) {
    if (ranges[i].owns_memory && ranges[i].Contains(position) && bytes[i] > 0) {
      live.emplace_back(bytes[i], static_cast<int64_t>(i));
    }
  }
  std::sort(live.begin(), live.end(), std::greater<>());
  constexpr size_t kShown = 10;
  json out = json::array();
  for (size_t k = 0; k < live.size() && k < kShown; ++k) {
    const Instruction& inst = *entry.instructions()[live[k].second];
    out.push_back({{"name", inst.name()}, {"bytes", live[k].first},
                   {"param", inst.opcode() == Opcode::kParameter}});
  }
  return out;
}

}  // namespace

json MemoryJson(const Computation& entry, const Plan& plan, size_t max_points) {
  const std::vector<int64_t> bytes = DeviceBytes(entry, plan);
  const std::vector<int64_t> profile =
      LiveBytesProfile(entry, [&](const Instruction& inst) { return bytes[inst.index()]; });
  int64_t peak = 0, peak_position = 0;
  for (size_t i = 0; i < profile.size(); ++i) {
    if (profile[i] > peak) peak = profile[i], peak_position = static_cast<int64_t>(i);
  }
  const size_t width = BucketWidth(profile.size(), max_points);
  json points = json::array();
  for (size_t b = 0; b * width < profile.size(); ++b) {
    auto first = profile.begin() + static_cast<std::ptrdiff_t>(b * width);
    auto last = profile.begin() + static_cast<std::ptrdiff_t>(std::min(profile.size(),
                                                                        (b + 1) * width));
    points.push_back(*std::max_element(first, last));
  }
  int64_t params = 0;
  for (const Instruction* p : entry.parameters()) params += bytes[p->index()];
  json peak_name = profile.empty() ? json("") : json(entry.instructions()[peak_position]->name());
  return {{"positions", profile.size()}, {"bucket", width}, {"bytes", std::move(points)},
          {"peak_bytes", peak}, {"peak_position", peak_position}, {"peak_at", peak_name},
          {"parameter_bytes", params}, {"solver_peak_bytes", plan.peak_memory_bytes},
          {"limit_bytes", plan.memory_limit_bytes},
          {"live_at_peak", LiveAt(entry, bytes, peak_position)}};
}

json TimelineJson(const Computation& entry, const Plan& plan, size_t max_bars) {
  const size_t n = entry.instructions().size();
  std::vector<double> compute(n, 0), comm(n, 0);
  for (const InstructionPlan& ip : plan.instructions) {
    compute[ip.inst->index()] += ip.strategy.compute_s;
    comm[ip.inst->index()] += ip.strategy.communication_s;
  }
  for (const PlannedResharding& r : plan.reshardings) {
    comm[(r.consumer ? r.consumer : r.producer)->index()] += r.cost.seconds;
  }
  const size_t width = BucketWidth(n, max_bars);
  json bars = json::array();
  double start = 0;
  for (size_t first = 0; first < n; first += width) {
    const size_t last = std::min(n, first + width);
    double c = 0, m = 0;
    size_t longest = first;
    for (size_t i = first; i < last; ++i) {
      c += compute[i], m += comm[i];
      if (compute[i] + comm[i] > compute[longest] + comm[longest]) longest = i;
    }
    if (c + m <= 0) continue;  // parameters, constants, tuples: nothing to draw
    const Instruction& inst = *entry.instructions()[longest];
    bars.push_back({{"first", first}, {"last", last - 1}, {"name", inst.name()},
                    {"opcode", std::string(HloOpcodeName(inst.opcode()))}, {"start_s", start},
                    {"compute_s", c}, {"communication_s", m}});
    start += c + m;
  }
  return {{"ops", n}, {"ops_per_bar", width}, {"total_s", start}, {"bars", std::move(bars)}};
}

}  // namespace xpar::internal
