// GraphBuilder: the ir/builder.h vocabulary the model generators write training steps in.
// Instructions are named `<opcode>.<n>` and carry the current scope as their metadata op_name;
// reducers are named by what they compute (`add_f32`) and appended to the module, before the
// entry that the caller adds last (callees precede callers in HLO text).
#pragma once

#include <cstdint>
#include <string>

#include "ir/builder.h"

namespace xpar::models {

using xpar::Dims;

class GraphBuilder : public Builder {
 public:
  GraphBuilder(Module* module, Computation* entry) : Builder(module, entry) {}

  // op_name stamped into the metadata of instructions built from now on ("layers.3/attention").
  void set_scope(std::string scope) { scope_ = std::move(scope); }

  Instruction* Param(int64_t number, const std::string& name, const Shape& shape);

 protected:
  std::string InstructionName(Opcode op) override;
  void Decorate(Instruction& inst) override;
  std::string CalleeName(const std::string& base) override { return base; }
  Computation* AddCallee(std::unique_ptr<Computation> comp) override;
  Status ShapeError(const Instruction& inst, const Status& error) override;

 private:
  std::string scope_;
  int64_t next_id_ = 0;
};

}  // namespace xpar::models
