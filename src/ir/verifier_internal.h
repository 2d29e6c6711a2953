// Pieces of the verifier shared between verifier.cc (structure, shapes, aliasing) and
// verifier_calls.cc (signatures of called computations). Private to src/ir.
#pragma once

#include <string>

#include "ir/module.h"
#include "support/status.h"

namespace xpar::verifier {

// Checks that the computations `inst` calls have the signatures its opcode requires (reducers,
// comparators, while condition/body, conditional branches, call/fusion arguments). The
// message does not name `inst`; the caller adds the location.
Status CheckCalledComputations(const Instruction& inst);

}  // namespace xpar::verifier
