// Restricting an instruction's strategies before the solve: shape checks on what enumeration
// produced, shardings the user already gave (`sharding={...}`), forced data parallelism.
#pragma once

#include <vector>

#include "passes/auto_sharding/auto_sharding.h"

namespace xpar {

// Errors name the instruction: a malformed strategy list (an internal error), a user sharding
// that does not fit the mesh or that no strategy produces.
Status FilterStrategies(const Instruction& inst, const Mesh& mesh,
                        const AutoShardingOptions& options, std::vector<Strategy>& strategies);

}  // namespace xpar
