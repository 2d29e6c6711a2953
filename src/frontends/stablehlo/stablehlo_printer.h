// StableHLO printer: writes an ir::Module as StableHLO MLIR text (generic op form), the inverse
// of stablehlo_parser.h, so `xpar convert a.hlo b.mlir` and HLO -> StableHLO -> HLO round-trip.
#pragma once

#include <string>

#include "ir/module.h"
#include "support/status.h"

namespace xpar {

// The entry computation becomes `func.func public @main`; computations reached through `call`
// or custom-call `called_computations` become private funcs; to_apply/condition/body/branch
// computations become regions. A tuple root of the entry is returned as multiple results.
// Ops with no StableHLO form (fusion, copy, async ops, ...) give an Unimplemented error that
// names the op and the instruction.
Expected<std::string> PrintStableHlo(const Module& module);

}  // namespace xpar
