// StableHLO distribution ops whose HLO form differs from a one-to-one op (built in
// stablehlo_ops_distributed.cc): send / recv (HLO send + send-done, recv + recv-done),
// collective_reduce (no HLO op: an all-reduce whose result only the group's first process
// keeps) and collective_broadcast with has_dynamic_root (an all-gather, then each data operand's
// root picked by dynamic-slice). Also mhlo.async_start / _update / _done in the form the
// StableHLO printer writes (the HLO tuple as bundle, `called_computation = @f`).
#pragma once

#include <vector>

#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {

Expected<std::vector<Instruction*>> BuildAsync(Parser& p, Scope* scope, OpInfo* op);
Expected<std::vector<Instruction*>> BuildSendRecv(Parser& p, Scope* scope, OpInfo* op);
Expected<std::vector<Instruction*>> BuildCollectiveReduce(Parser& p, Scope* scope, OpInfo* op);
Expected<std::vector<Instruction*>> BuildDynamicRootBroadcast(Parser& p, Scope* scope, OpInfo* op);

}  // namespace xpar::mlir
