// Deterministic random arguments for a computation's parameters (`xpar run --inputs random:SEED`).
#pragma once

#include <cstdint>
#include <vector>

#include "ir/module.h"

namespace xpar {

// Floats uniform in [0, 1); integers uniform in [0, 8) (small, so that labels and indices stay
// in range for typical models); pred uniform. Tuple parameters get tuples of such arrays.
std::vector<Literal> RandomArguments(const Computation& computation, uint64_t seed);
Literal RandomLiteral(const Shape& shape, uint64_t seed);

}  // namespace xpar
