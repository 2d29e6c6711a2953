// CHLO ops the StableHLO parser lowers itself besides chlo.mulhi (stablehlo_chlo.cc): chlo.scan
// (stablehlo_chlo_scan.cc) and chlo.ragged_dot (stablehlo_chlo_ragged.cc), into plain HLO ops.
#pragma once

#include <vector>

#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {

// `chlo.scan(%in, ...) inits(%c, ...) dimension=D [attributes {...}] {region} : (...) -> (...)`
// (the cursor is after `chlo.scan`). Records the number of inputs as attribute "num_inputs".
Status ParsePrettyChloScan(Parser& p, Scope* scope, OpInfo* op);
// chlo.scan as a while loop over dimension D (dynamic-slice in, dynamic-update-slice out).
Expected<std::vector<Instruction*>> BuildChloScan(Parser& p, Scope* scope, OpInfo* op);
// chlo.ragged_dot as one dot_general per group, each masked to its group's rows (ragged
// non-contracting dimension) or contracting range (ragged contracting dimension).
Expected<std::vector<Instruction*>> BuildChloRaggedDot(Parser& p, Scope* scope, OpInfo* op);
// chlo.top_k as HLO topk (stablehlo_chlo.cc).
Expected<std::vector<Instruction*>> BuildChloTopK(Parser& p, Scope* scope, OpInfo* op);

}  // namespace xpar::mlir
