// StableHLO / MHLO text frontend: MLIR as torch_xla, JAX, torch.export tools and ByteIR print it
// (pretty and generic op forms), read into the same ir::Module the HLO frontend produces.
// Errors are "file:line:col: error: ..." with the line and a caret.
//
// How MLIR constructs land in the IR:
// - func.func: one computation each; the public `main` (else the only public function) is the
//   entry. Several results become a tuple root; no result becomes an empty tuple.
// - Ops with several results (while, if, case, sort, reduce of several inputs, custom_call,
//   batch_norm_*, all_reduce of several operands, ...) produce a tuple-shaped instruction and
//   one get-tuple-element per result. Values that if/case/while regions use from the enclosing
//   scope are threaded through the (tuple) operands, as HLO requires.
// - check.* ops and `check.*` custom calls become custom-calls whose target is the op name
//   (check.expect_eq, check.expect_almost_eq, check.expect_close, check.expect_serialized_eq,
//   check.eq), operands (value, expected) and an empty-tuple result (pred[] for check.eq); the
//   `_const` forms get a constant for the expected value. Tolerances go to backend_config as
//   `tolerance=0.1` / `max_ulp_difference=3` / `probe_id=x`. The instruction's source_offset is
//   the op's position, so failures can name the MLIR line:col.
// - "interpreter.run_parallel" becomes custom-call target "interpreter.run_parallel" whose called
//   computations are the programs (replica-major), backend_config
//   `replicas=R partitions=P results=n0,n1,...`; "interpreter.probe" / "interpreter.print"
//   become custom-calls of those names.
// - custom_call keeps call_target_name, has_side_effect, api_version and backend_config (a string
//   verbatim; a dictionary as its MLIR text). Any other attribute whose value is a dictionary
//   (ByteIR's `byteir_attrs = {axis = [2], epsilon = 1e-12 : f64}`) is flattened into frontend
//   attributes, one per entry, key = entry name ("axis", "epsilon"), value = the entry printed
//   plainly: integers "3", floats with 17 significant digits, strings unquoted ("erf"), booleans
//   "true"/"false", arrays "[2]" / "[0,1]" (comma-separated, no spaces).
// - loc(...) annotations are accepted and ignored; module attributes mhlo.num_partitions and
//   mhlo.num_replicas become the module attributes num_partitions / replica_count.
#pragma once

#include <memory>
#include <string>

#include "ir/module.h"
#include "support/status.h"

namespace xpar {

struct StableHloParseOptions {
  // A splat (`dense<0.0> : tensor<64x6x256x256xf32>`, 100 MB from 40 characters) of more elements
  // than this becomes a scalar constant and a broadcast (XLA's own form of a splat), so parsing,
  // planning, partitioning and running never hold it whole; smaller ones stay array constants.
  int64_t max_expanded_splat = 1024;
};

// `filename` is used in diagnostics only.
Expected<std::unique_ptr<Module>> ParseStableHlo(std::string text, std::string filename = "<input>");
Expected<std::unique_ptr<Module>> ParseStableHlo(std::string text, std::string filename,
                                                 const StableHloParseOptions& options);
Expected<std::unique_ptr<Module>> ParseStableHloFile(const std::string& path,
                                                     const StableHloParseOptions& options = {});

}  // namespace xpar
