// A deep copy of a module (computations, instructions, attributes, the source text for
// diagnostics), so that autodiff can append its backward instructions to the copy.
#pragma once

#include <memory>

#include "ir/module.h"
#include "support/status.h"

namespace xpar::autodiff {

// Instructions keep their names, shapes, attributes and source offsets; operands and called
// computations point into the copy.
Expected<std::unique_ptr<Module>> CloneModule(const Module& module);

}  // namespace xpar::autodiff
