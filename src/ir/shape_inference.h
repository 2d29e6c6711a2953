// Shape rules for every op: the result shape an instruction must have given its operands,
// attributes and called computations.
#pragma once

#include "ir/instruction.h"
#include "support/status.h"

namespace xpar {

// The expected result shape of `inst` (layout not set). An error explains what is inconsistent
// (operand shapes, attributes or called computations).
Expected<Shape> InferShape(const Instruction& inst);

}  // namespace xpar
