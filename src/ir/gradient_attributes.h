// Frontend attributes that carry gradient semantics through the IR (which, like HLO, has no
// stop-gradient op): frontends write them, autodiff reads them; every other pass sees a plain op.
#pragma once

#include "ir/instruction.h"

namespace xpar {

// On a `copy`: the value passes unchanged but no gradient flows back through it (PyTorch's
// `detach`, JAX's `stop_gradient`). Printed as `frontend_attributes={xpar.stop_gradient="true"}`.
inline constexpr const char* kStopGradientAttr = "xpar.stop_gradient";

inline bool StopsGradient(const Instruction& inst) {
  for (const auto& [key, value] : inst.frontend_attributes()) {
    if (key == kStopGradientAttr && value == "true") return true;
  }
  return false;
}

}  // namespace xpar
