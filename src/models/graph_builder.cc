// GraphBuilder: names `<opcode>.<n>`, scope metadata, reducers appended to the module.
#include "models/graph_builder.h"

#include <fmt/format.h>

namespace xpar::models {

Instruction* GraphBuilder::Param(int64_t number, const std::string& name, const Shape& shape) {
  auto inst = std::make_unique<Instruction>(name, Opcode::kParameter, shape);
  inst->attrs().parameter_number = number;
  return Append(std::move(inst));
}

std::string GraphBuilder::InstructionName(Opcode op) {
  return fmt::format("{}.{}", HloOpcodeName(op), next_id_++);
}

void GraphBuilder::Decorate(Instruction& inst) {
  if (!scope_.empty()) inst.mutable_metadata().op_name = scope_;
}

Computation* GraphBuilder::AddCallee(std::unique_ptr<Computation> comp) {
  return module()->AddComputation(std::move(comp));
}

Status GraphBuilder::ShapeError(const Instruction& inst, const Status& error) {
  return Internal("building %{} in scope '{}': {}", inst.name(), scope_, error.message());
}

}  // namespace xpar::models
