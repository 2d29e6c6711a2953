// A tiny in-memory IR builder for gtest units of shape inference and the verifier: shapes by
// short helpers, computations with parameters and instructions added in order.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/module.h"

namespace xpar::testing {

inline Shape F32(std::vector<int64_t> dims) { return Shape(PrimitiveType::kF32, std::move(dims)); }
inline Shape S32(std::vector<int64_t> dims) { return Shape(PrimitiveType::kS32, std::move(dims)); }
inline Shape Pred(std::vector<int64_t> dims) {
  return Shape(PrimitiveType::kPred, std::move(dims));
}

// Adds instructions to one computation; names default to "<comp>.p<n>" for parameters and
// "<opcode>.<n>" for the others.
class CompBuilder {
 public:
  explicit CompBuilder(Computation* c) : c_(c) {}

  Instruction* Param(const Shape& s, int64_t number = -1, std::string name = "") {
    if (number < 0) number = next_param_++;
    if (name.empty()) name = c_->name() + ".p" + std::to_string(number);
    auto inst = std::make_unique<Instruction>(name, Opcode::kParameter, s);
    inst->attrs().parameter_number = number;
    return c_->AddInstruction(std::move(inst));
  }

  Instruction* Op(Opcode op, const Shape& s, std::vector<Instruction*> operands,
                  std::string name = "") {
    if (name.empty()) {
      name = std::string(HloOpcodeName(op)) + "." + std::to_string(c_->instructions().size());
    }
    auto inst = std::make_unique<Instruction>(name, op, s);
    for (Instruction* o : operands) inst->AddOperand(o);
    return c_->AddInstruction(std::move(inst));
  }

  Instruction* Root(Instruction* r) {
    c_->set_root(r);
    return r;
  }
  Computation* comp() const { return c_; }

 private:
  Computation* c_;
  int64_t next_param_ = 0;
};

// A module whose computations are added in order; the last one added with entry=true is ENTRY.
class ModuleBuilder {
 public:
  explicit ModuleBuilder(std::string name = "m") : m_(std::make_unique<Module>(name)) {}
  CompBuilder Add(const std::string& name, bool entry = false) {
    Computation* c = m_->AddComputation(std::make_unique<Computation>(name));
    if (entry) m_->set_entry(c);
    return CompBuilder(c);
  }
  // A scalar binary reducer `name (a: T[], b: T[]) -> T[]` computing `op`.
  Computation* Reducer(const std::string& name, PrimitiveType t, Opcode op = Opcode::kAdd) {
    CompBuilder b = Add(name);
    Instruction* x = b.Param(Shape::Scalar(t));
    Instruction* y = b.Param(Shape::Scalar(t));
    b.Root(b.Op(op, Shape::Scalar(t), {x, y}, name + ".op"));
    return b.comp();
  }
  Module& module() { return *m_; }

 private:
  std::unique_ptr<Module> m_;
};

}  // namespace xpar::testing
