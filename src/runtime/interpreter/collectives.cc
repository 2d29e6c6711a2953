// SCAFFOLD: replaced by the real kernels.
#include "runtime/interpreter/kernels.h"
namespace xpar {
Expected<Literal> EvalCollective(const Instruction& inst, Operands, EvalContext&) { return Unimplemented("{} is not implemented yet", HloOpcodeName(inst.opcode())); }
}  // namespace xpar
namespace xpar {
Expected<std::vector<Literal>> RunOnDevices(const Module&, std::vector<std::vector<Literal>>, int64_t, int64_t, uint64_t) { return Unimplemented("RunOnDevices scaffold"); }
}  // namespace xpar
