// Memory estimate of a run: liveness peaks over the computations, with saturating byte counts.
#include "analysis/run_memory.h"

#include <fmt/format.h>

#include <algorithm>

#include "analysis/liveness.h"
#include "support/memory_limit.h"
#include "support/units.h"

namespace xpar {
namespace {

// Peaks are sums of live values: each value counts at most this much (1 PiB), so that thousands
// of them cannot overflow; the largest value is reported exactly.
constexpr int64_t kValueCap = int64_t{1} << 50;

int64_t ValueBytes(const Shape& shape) {
  if (shape.IsTuple()) {
    int64_t total = 0;
    for (const Shape& s : shape.tuple_shapes()) total = SaturatingAdd(total, ValueBytes(s));
    return total;
  }
  if (!shape.IsArray()) return 0;
  int64_t count = 1;
  for (int64_t d : shape.dims()) count = SaturatingMul(count, d);
  return SaturatingMul(count, ByteWidth(shape.type()));
}

}  // namespace

RunMemoryEstimate EstimateRunMemory(const Module& module) {
  RunMemoryEstimate estimate;
  auto bytes = [](const Instruction& inst) {
    return std::min(ValueBytes(inst.shape()), kValueCap);
  };
  int64_t entry_peak = 0, other_peak = 0;
  for (const auto& comp : module.computations()) {
    for (const auto& inst : comp->instructions()) {
      int64_t b = ValueBytes(inst->shape());
      if (b > estimate.largest_bytes || estimate.largest == nullptr) {
        estimate.largest = inst.get();
        estimate.largest_bytes = b;
      }
    }
    int64_t peak = PeakLiveBytes(*comp, bytes);
    if (comp.get() == module.entry()) {
      entry_peak = peak;
    } else {
      other_peak = std::max(other_peak, peak);
    }
  }
  estimate.peak_bytes = SaturatingAdd(entry_peak, other_peak);
  // A value bigger than the cap is still at least that big.
  estimate.peak_bytes = std::max(estimate.peak_bytes, estimate.largest_bytes);
  return estimate;
}

Status CheckRunMemory(const Module& module, int64_t devices, int64_t budget_bytes) {
  if (budget_bytes <= 0) return Status::Ok();
  RunMemoryEstimate e = EstimateRunMemory(module);
  int64_t need = SaturatingMul(e.peak_bytes, std::max<int64_t>(devices, 1));
  if (need <= budget_bytes) return Status::Ok();
  std::string devices_note =
      devices > 1 ? fmt::format(" ({} devices x {} each)", devices, HumanBytes(e.peak_bytes)) : "";
  std::string largest;
  if (e.largest != nullptr) {
    largest = fmt::format("; the largest value is %{} ({}, {})", e.largest->name(),
                          e.largest->shape().ToString(false), HumanBytes(e.largest_bytes));
  }
  return ResourceExhausted("running {} needs about {} at its peak of live values{}, more than "
                           "the memory budget of {}{} (--max-memory sets the budget)",
                           module.name(), HumanBytes(need), devices_note,
                           HumanBytes(budget_bytes), largest);
}

}  // namespace xpar
