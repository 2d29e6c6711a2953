// Physical memory and saturating size arithmetic for memory budgets.
#include "support/memory_limit.h"

#include <unistd.h>

#include <limits>

namespace xpar {

int64_t PhysicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0) return 0;
  return SaturatingMul(pages, page_size);
}

int64_t SaturatingAdd(int64_t a, int64_t b) {
  int64_t sum;
  if (__builtin_add_overflow(a, b, &sum)) return std::numeric_limits<int64_t>::max();
  return sum;
}

int64_t SaturatingMul(int64_t a, int64_t b) {
  int64_t product;
  if (__builtin_mul_overflow(a, b, &product)) return std::numeric_limits<int64_t>::max();
  return product;
}

}  // namespace xpar
