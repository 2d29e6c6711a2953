// Static statistics of a module: FLOPs per instruction, bytes of parameters and activations,
// op histogram, custom-call targets, collectives and sharding annotations (for `xpar inspect`
// and, later, the cost model).
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "ir/module.h"

namespace xpar {

// Floating-point operations of one execution of `inst` (multiply-add = 2). Ops that call
// computations count the callee's FLOPs per call where the count is static (reduce: one
// reducer application per reduced element); while loops count one iteration.
int64_t InstructionFlops(const Instruction& inst);

struct ModuleStats {
  int64_t instructions = 0;  // in all computations
  int64_t flops = 0;         // entry computation, callees included
  int64_t parameter_bytes = 0;
  int64_t output_bytes = 0;
  int64_t activation_bytes = 0;  // sum of non-parameter, non-constant entry results
  int64_t constant_bytes = 0;
  std::map<std::string, int64_t> op_histogram;  // all computations
  std::map<std::string, int64_t> custom_call_targets;
  std::map<std::string, int64_t> collectives;
  std::map<std::string, int64_t> shardings;  // printed sharding -> count
};

ModuleStats ComputeModuleStats(const Module& module);

// The number of devices the module's collectives name (largest id in replica groups and
// source-target pairs, plus one); 1 for a module without collectives.
int64_t DevicesNamedByCollectives(const Module& module);

// Bytes one simulated device holds for its own arguments and outputs.
int64_t ArgumentAndOutputBytes(const Module& module);

}  // namespace xpar
