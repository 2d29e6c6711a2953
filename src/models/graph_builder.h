// GraphBuilder: appends HLO instructions to one computation with shapes from ir/shape_inference,
// the vocabulary the model generators write training steps in. Like XLA's XlaBuilder it keeps the
// first error and carries on, so model code reads as straight-line math; status() reports it.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar::models {

using Dims = std::vector<int64_t>;

class GraphBuilder {
 public:
  // Instructions go into `entry`, which the caller adds to `module` after the reducers this
  // builder adds (callees precede callers in HLO text).
  GraphBuilder(Module* module, Computation* entry) : module_(module), entry_(entry) {}

  // The first error met while building (shape rule violations), or OK.
  const Status& status() const { return status_; }
  // op_name stamped into the metadata of instructions built from now on ("layers.3/attention").
  void set_scope(std::string scope) { scope_ = std::move(scope); }

  Instruction* Param(int64_t number, const std::string& name, const Shape& shape);
  // An instruction whose shape the shape rule infers from operands and attributes.
  Instruction* Op(Opcode op, std::vector<Instruction*> operands, InstructionAttrs attrs = {},
                  std::vector<Computation*> called = {});
  Instruction* Tuple(std::vector<Instruction*> elements);

  Instruction* Constant(Literal literal);
  Instruction* Scalar(PrimitiveType type, double value);
  // A scalar constant broadcast to `dims` (how PyTorch/XLA lowers a Python number operand).
  Instruction* Full(PrimitiveType type, double value, const Dims& dims);
  // x * value, x + value, ... with the scalar broadcast to x's shape.
  Instruction* MulScalar(Instruction* x, double value);
  Instruction* AddScalar(Instruction* x, double value);
  Instruction* Iota(PrimitiveType type, const Dims& dims, int64_t dimension);
  Instruction* Convert(Instruction* x, PrimitiveType type);
  Instruction* Reshape(Instruction* x, const Dims& dims);
  Instruction* Transpose(Instruction* x, const Dims& permutation);
  // broadcast: operand dim i becomes result dim mapping[i].
  Instruction* Broadcast(Instruction* x, const Dims& dims, const Dims& mapping);
  Instruction* Slice(Instruction* x, int64_t dim, int64_t start, int64_t limit);
  Instruction* Concat(std::vector<Instruction*> parts, int64_t dim);
  Instruction* Dot(Instruction* a, Instruction* b, Dims lhs_batch, Dims lhs_contracting,
                   Dims rhs_batch, Dims rhs_contracting);
  Instruction* ReduceSum(Instruction* x, Dims dims);
  Instruction* ReduceMax(Instruction* x, Dims dims);
  Instruction* Compare(Instruction* a, Instruction* b, ComparisonDirection direction);
  Instruction* Select(Instruction* pred, Instruction* a, Instruction* b);
  Instruction* Clamp(Instruction* lo, Instruction* x, Instruction* hi);

  Instruction* Unary(Opcode op, Instruction* x) { return Op(op, {x}); }
  Instruction* Add(Instruction* a, Instruction* b) { return Op(Opcode::kAdd, {a, b}); }
  Instruction* Sub(Instruction* a, Instruction* b) { return Op(Opcode::kSubtract, {a, b}); }
  Instruction* Mul(Instruction* a, Instruction* b) { return Op(Opcode::kMultiply, {a, b}); }
  Instruction* Div(Instruction* a, Instruction* b) { return Op(Opcode::kDivide, {a, b}); }

  // The scalar `add`/`maximum` reducer computation for `type`, added to the module on first use.
  Computation* Reducer(Opcode op, PrimitiveType type);
  // The scalar `compare(a, b), direction=...` computation (select-and-scatter's select).
  Computation* Comparator(ComparisonDirection direction, PrimitiveType type);

 private:
  Instruction* Emplace(std::unique_ptr<Instruction> inst);
  // Runs the shape rule on `inst` (whose shape may be preset for ops that declare it).
  Instruction* Check(std::unique_ptr<Instruction> inst);
  Instruction* Reduce(Instruction* x, Dims dims, Opcode op, double init);

  Module* module_;
  Computation* entry_;
  Status status_;
  std::string scope_;
  int64_t next_id_ = 0;
  // The scalar computation (a op b) named `name`; its root's attributes come from `attrs`.
  Computation* ScalarComputation(const std::string& name, Opcode op, PrimitiveType type,
                                 Shape result, InstructionAttrs attrs);
  std::map<std::pair<Opcode, PrimitiveType>, Computation*> reducers_;
  std::map<std::pair<ComparisonDirection, PrimitiveType>, Computation*> comparators_;
};

}  // namespace xpar::models
