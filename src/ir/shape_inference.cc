// SCAFFOLD: replaced by the real shape rules.
#include "ir/shape_inference.h"
namespace xpar {
Expected<Shape> InferShape(const Instruction& inst) { return inst.shape(); }
}  // namespace xpar
