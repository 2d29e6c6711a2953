// Meaning-level comparison of modules for the StableHLO round trip: HLO -> StableHLO -> HLO
// keeps every computation's dataflow but not instruction names, order, dead code or the
// get-tuple-element instructions that MLIR's `%x#i` results stand for.
#pragma once

#include <string>

#include "ir/module.h"

namespace xpar {

// Rewrites `module` in place into a canonical form and returns its HLO text (no layouts or
// constrain_layout, no metadata, no header line): duplicate get-tuple-elements merged, instructions not reachable
// from a root (or a side-effecting op) removed, instructions in operand-first DFS order from the
// root, named v0, v1, ... per computation; computations with the same canonical body share
// one name and are printed once (callees first, the entry last as `main`).
std::string CanonicalHloForComparison(Module& module);

}  // namespace xpar
