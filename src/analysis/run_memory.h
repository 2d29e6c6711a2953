// What running a module needs in memory, estimated from its shapes before anything is allocated,
// so `xpar run` refuses an absurd program (a 10^12-element iota or broadcast in a small file)
// with a clear error instead of being killed by the kernel.
#pragma once

#include <cstdint>

#include "ir/module.h"
#include "support/status.h"

namespace xpar {

struct RunMemoryEstimate {
  // The entry's peak of live bytes (analysis/liveness.h) plus the largest such peak of any other
  // computation: a while body or a called computation runs while the entry's values are live.
  int64_t peak_bytes = 0;
  const Instruction* largest = nullptr;  // the instruction with the biggest value
  int64_t largest_bytes = 0;
};

// Byte counts saturate at INT64_MAX (shapes up to 2^56 elements, tuples of them).
RunMemoryEstimate EstimateRunMemory(const Module& module);

// ResourceExhausted when `devices` copies of the estimate exceed `budget_bytes` (<= 0: no
// limit); the message gives both sizes and names the largest value and its shape.
Status CheckRunMemory(const Module& module, int64_t devices, int64_t budget_bytes);

}  // namespace xpar
