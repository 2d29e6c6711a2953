// Shared by the simplification passes.
#pragma once

#include "ir/instruction.h"

namespace xpar {

// Parameters, ops with side effects, collectives (with or without a channel id) and custom
// calls: never removed by DCE, never merged by CSE.
bool MustKeep(const Instruction& inst);

}  // namespace xpar
