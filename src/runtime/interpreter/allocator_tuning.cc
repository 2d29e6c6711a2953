// glibc mallopt settings; see the header for the measurement behind them.
#include "runtime/interpreter/allocator_tuning.h"

#include <malloc.h>

namespace xpar {

void TuneAllocatorForInterpreter() {
  mallopt(M_MMAP_MAX, 0);                // every buffer from the heap, so freed pages are reused
  mallopt(M_TRIM_THRESHOLD, 1 << 30);    // keep freed memory instead of returning it at once
  mallopt(M_TOP_PAD, 64 << 20);          // grow the heap in large steps
}

}  // namespace xpar
