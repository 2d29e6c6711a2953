// Literals as flat byte buffers for MPI messages: every array leaf's bytes, depth first. Both ends
// know the shape (SPMD programs send what the receiver expects), so only bytes travel.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/literal.h"
#include "support/status.h"

namespace xpar {

// The bytes of all array leaves of `value` (tuples flattened depth first).
int64_t PayloadBytes(const Literal& value);
std::vector<uint8_t> Flatten(const Literal& value);
// Appends `value`'s leaf bytes to `out`.
void AppendBytes(const Literal& value, std::vector<uint8_t>& out);
// A value of `shape` whose leaves are read from `bytes` (PayloadBytes(shape) of them).
Literal Unflatten(const uint8_t* bytes, const Shape& shape);

}  // namespace xpar
