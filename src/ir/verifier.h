// The verifier: structural checks (names, operand order, ROOT, parameter numbering, arity,
// required attributes), each op's shape rule, reducer/body signatures, dimension numbers.
#pragma once

#include "ir/module.h"
#include "support/status.h"

namespace xpar {

// Errors name the computation and instruction ("in %fused.3, %add.5: ..."), and its
// file:line:col when the module came from text.
Status VerifyModule(const Module& module);

}  // namespace xpar
