// SCAFFOLD: replaced by the real kernels.
#include "runtime/interpreter/kernels.h"
namespace xpar {
Expected<Literal> EvalDot(const Instruction& inst, Operands, EvalContext&) { return Unimplemented("{} is not implemented yet", HloOpcodeName(inst.opcode())); }
}  // namespace xpar
