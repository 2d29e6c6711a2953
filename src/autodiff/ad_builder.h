// AdBuilder: the ir/builder.h vocabulary the VJP rules write backward instructions in, appended
// to the entry computation of the module being differentiated. Every instruction is named
// `d.<op>.<n>` (unique in the module) and carries xpar.derived_from="<forward op>"; callee
// computations get unique `d.` names and go just before the computation being built.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_set>

#include "ir/builder.h"

namespace xpar::autodiff {

using xpar::Dims;

class AdBuilder : public Builder {
 public:
  // `names` holds every instruction name already in `module` (new names avoid them).
  AdBuilder(Module* module, Computation* comp, std::unordered_set<std::string> names)
      : Builder(module, comp), names_(std::move(names)) {}

  // The forward instruction the next instructions are derived from.
  void set_derived_from(std::string name) { derived_from_ = std::move(name); }

  // 1 where pred holds, else 0, in `type`.
  Instruction* Mask(Instruction* pred, PrimitiveType type) { return Convert(pred, type); }

  // Adds a computation the new instructions call (for rules that build their own).
  Computation* AddComputation(std::unique_ptr<Computation> comp) {
    return AddCallee(std::move(comp));
  }
  // A fresh instruction or computation name: `<base>.<n>`, not yet used in the module.
  std::string UniqueName(const std::string& base);

 protected:
  std::string InstructionName(Opcode op) override;
  void Decorate(Instruction& inst) override;
  std::string CalleeName(const std::string& base) override { return UniqueName("d." + base); }
  Computation* AddCallee(std::unique_ptr<Computation> comp) override;
  Status ShapeError(const Instruction& inst, const Status& error) override;

 private:
  std::unordered_set<std::string> names_;
  std::string derived_from_;
  int64_t next_id_ = 0;
};

}  // namespace xpar::autodiff
