// Computation and Module bookkeeping.
#include "ir/module.h"

namespace xpar {

Instruction* Computation::AddInstruction(std::unique_ptr<Instruction> inst) {
  inst->set_index(static_cast<int64_t>(instructions_.size()));
  Instruction* raw = inst.get();
  if (raw->opcode() == Opcode::kParameter) {
    int64_t n = raw->attrs().parameter_number;
    if (n >= 0) {
      if (static_cast<int64_t>(parameters_.size()) <= n) parameters_.resize(n + 1, nullptr);
      parameters_[n] = raw;
    }
  }
  instructions_.push_back(std::move(inst));
  return raw;
}

void Computation::Reindex() {
  parameters_.clear();
  for (size_t i = 0; i < instructions_.size(); ++i) {
    Instruction* inst = instructions_[i].get();
    inst->set_index(static_cast<int64_t>(i));
    if (inst->opcode() == Opcode::kParameter && inst->attrs().parameter_number >= 0) {
      int64_t n = inst->attrs().parameter_number;
      if (static_cast<int64_t>(parameters_.size()) <= n) parameters_.resize(n + 1, nullptr);
      parameters_[n] = inst;
    }
  }
}

Computation* Module::AddComputation(std::unique_ptr<Computation> c) {
  Computation* raw = c.get();
  by_name_[raw->name()] = raw;
  computations_.push_back(std::move(c));
  return raw;
}

Computation* Module::FindComputation(const std::string& name) const {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : it->second;
}

std::string Module::Attribute(const std::string& key) const {
  for (const auto& [k, v] : attributes_) {
    if (k == key) return v;
  }
  return "";
}

Status Module::ErrorAt(const Instruction& inst, const std::string& message) const {
  if (source_ && inst.source_offset() >= 0) return source_->Error(inst.source_offset(), message);
  return InvalidArgument("%{}: {}", inst.name(), message);
}

}  // namespace xpar
