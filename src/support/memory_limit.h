// Memory budgets: the machine's physical memory, and the refusal of a size that cannot fit a
// budget, made before anything is allocated (a clear error instead of the kernel's OOM killer).
#pragma once

#include <cstdint>

namespace xpar {

// Physical memory of this machine in bytes; 0 when the system does not say.
int64_t PhysicalMemoryBytes();

// a + b and a * b clamped to INT64_MAX (sizes are non-negative; a size that large never fits).
int64_t SaturatingAdd(int64_t a, int64_t b);
int64_t SaturatingMul(int64_t a, int64_t b);

}  // namespace xpar
