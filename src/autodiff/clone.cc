// CloneModule: computations in order, each instruction copied with its operands and callees
// mapped onto the copy.
#include "autodiff/clone.h"

#include <unordered_map>

namespace xpar::autodiff {
namespace {

Expected<std::unique_ptr<Computation>> CloneComputation(
    const Computation& comp, const Module& target,
    std::unordered_map<const Instruction*, Instruction*>& map) {
  auto copy = std::make_unique<Computation>(comp.name());
  copy->set_source_offset(comp.source_offset());
  for (const auto& inst : comp.instructions()) {
    auto c = std::make_unique<Instruction>(inst->name(), inst->opcode(), inst->shape());
    for (const Instruction* op : inst->operands()) {
      auto it = map.find(op);
      if (it == map.end()) {
        return Internal("autodiff: %{} uses %{} before its definition in '{}'", inst->name(),
                        op->name(), comp.name());
      }
      c->AddOperand(it->second);
    }
    for (const Computation* callee : inst->called()) {
      Computation* found = target.FindComputation(callee->name());
      if (found == nullptr) {
        return Internal("autodiff: %{} calls '{}', which does not precede '{}'", inst->name(),
                        callee->name(), comp.name());
      }
      c->mutable_called().push_back(found);
    }
    c->attrs() = inst->attrs();
    c->mutable_metadata() = inst->metadata();
    c->set_sharding(inst->sharding());
    c->mutable_frontend_attributes() = inst->frontend_attributes();
    c->set_source_offset(inst->source_offset());
    map[inst.get()] = copy->AddInstruction(std::move(c));
  }
  if (comp.root() != nullptr) copy->set_root(map.at(comp.root()));
  return copy;
}

}  // namespace

Expected<std::unique_ptr<Module>> CloneModule(const Module& module) {
  auto copy = std::make_unique<Module>(module.name());
  std::unordered_map<const Instruction*, Instruction*> map;
  for (const auto& comp : module.computations()) {
    ASSIGN_OR_RETURN(std::unique_ptr<Computation> c, CloneComputation(*comp, *copy, map));
    Computation* raw = copy->AddComputation(std::move(c));
    if (comp.get() == module.entry()) copy->set_entry(raw);
  }
  copy->input_output_alias() = module.input_output_alias();
  copy->attributes() = module.attributes();
  copy->set_source(module.source());
  return copy;
}

}  // namespace xpar::autodiff
