// Before differentiating, calls, fusions and while loops with a fixed trip count on the
// differentiated path are replaced by their bodies (a loop by its body repeated trip-count
// times), so that the reverse pass sees straight-line code.
//   %r = while(%init), condition=i<4, body=b   ->   b(b(b(b(%init)))) inlined into the entry
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_set>
#include <string>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar::autodiff {

// The most iterations a loop is unrolled to; longer loops stay loops (and have no gradient).
inline constexpr int64_t kMaxUnrolledTripCount = 1024;

// The trip count of a loop whose state holds a counter started from a constant, incremented by
// one in the body and compared (LT/LE/GT/GE) against a constant in the condition; else none.
std::optional<int64_t> FixedTripCount(const Instruction& loop);

// Inlines every call and fusion, and unrolls every while with a fixed trip count, among the entry's
// instructions that `active` (by index) marks; `names` holds the module's instruction names and
// receives the new ones. Returns whether anything changed.
Expected<bool> InlineActiveControlFlow(Module& module, const std::vector<bool>& active,
                                       std::unordered_set<std::string>& names);

}  // namespace xpar::autodiff
