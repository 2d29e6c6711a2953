// AdBuilder: appends backward instructions to the entry computation of the module being
// differentiated. Shapes come from ir/shape_inference; every instruction is named `d.<op>.<n>`
// (unique in the module) and carries xpar.derived_from="<forward op>". Like XLA's XlaBuilder it
// keeps the first error and carries on, so a VJP rule reads as straight-line math.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar::autodiff {

using Dims = std::vector<int64_t>;

class AdBuilder {
 public:
  // `names` holds every instruction name already in `module` (new names avoid them).
  AdBuilder(Module* module, Computation* comp, std::unordered_set<std::string> names);

  const Status& status() const { return status_; }
  // Records an error (the first one wins) and returns it.
  Status Fail(Status s);
  // The forward instruction the next instructions are derived from.
  void set_derived_from(std::string name) { derived_from_ = std::move(name); }

  // An instruction whose shape the shape rule infers; `preset` gives what ops that declare their
  // result (convert, reshape, broadcast, iota) need.
  Instruction* Op(Opcode op, std::vector<Instruction*> operands, InstructionAttrs attrs = {},
                  std::vector<Computation*> called = {}, const Shape* preset = nullptr);

  Instruction* Constant(Literal literal);
  Instruction* Scalar(PrimitiveType type, double value);
  Instruction* Full(PrimitiveType type, double value, const Dims& dims);
  Instruction* Zeros(const Shape& shape) { return Full(shape.type(), 0.0, shape.dims()); }
  Instruction* ZerosLike(const Instruction* x) { return Zeros(x->shape()); }
  // x * value with the scalar broadcast to x's shape.
  Instruction* MulScalar(Instruction* x, double value);
  Instruction* AddScalar(Instruction* x, double value);
  Instruction* Iota(PrimitiveType type, const Dims& dims, int64_t dimension);

  Instruction* Unary(Opcode op, Instruction* x) { return Op(op, {x}); }
  Instruction* Add(Instruction* a, Instruction* b) { return Op(Opcode::kAdd, {a, b}); }
  Instruction* Sub(Instruction* a, Instruction* b) { return Op(Opcode::kSubtract, {a, b}); }
  Instruction* Mul(Instruction* a, Instruction* b) { return Op(Opcode::kMultiply, {a, b}); }
  Instruction* Div(Instruction* a, Instruction* b) { return Op(Opcode::kDivide, {a, b}); }
  Instruction* Neg(Instruction* x) { return Op(Opcode::kNegate, {x}); }
  Instruction* Compare(Instruction* a, Instruction* b, ComparisonDirection direction);
  Instruction* Select(Instruction* pred, Instruction* a, Instruction* b);
  // 1 where pred holds, else 0, in `type`.
  Instruction* Mask(Instruction* pred, PrimitiveType type);

  Instruction* Convert(Instruction* x, PrimitiveType type);
  Instruction* Reshape(Instruction* x, const Dims& dims);
  Instruction* Transpose(Instruction* x, const Dims& permutation);
  // broadcast: operand dim i becomes result dim mapping[i].
  Instruction* Broadcast(Instruction* x, const Dims& dims, const Dims& mapping);
  Instruction* Slice(Instruction* x, std::vector<SliceDim> slice);
  Instruction* Pad(Instruction* x, Instruction* value, std::vector<PadDim> padding);
  Instruction* Reverse(Instruction* x, const Dims& dims);
  Instruction* ReduceSum(Instruction* x, const Dims& dims);
  Instruction* GetTupleElement(Instruction* x, int64_t index);
  Instruction* Tuple(std::vector<Instruction*> elements);

  // The scalar `add`/`maximum`/... reducer for `type`, added to the module on first use.
  Computation* Reducer(Opcode op, PrimitiveType type);
  // The scalar `compare(a, b), direction=...` computation (select-and-scatter's select, sort's
  // comparator).
  Computation* Comparator(ComparisonDirection direction, PrimitiveType type);
  // Adds a computation the new instructions call, before the computation being built.
  Computation* AddComputation(std::unique_ptr<Computation> comp);
  // A fresh computation name (for rules that build their own computations).
  std::string UniqueName(const std::string& base);

  Module* module() const { return module_; }

 private:
  Instruction* Emplace(std::unique_ptr<Instruction> inst);
  Computation* ScalarComputation(const std::string& name, Opcode op, PrimitiveType type,
                                 Shape result, InstructionAttrs attrs);

  Module* module_;
  Computation* comp_;
  std::unordered_set<std::string> names_;
  std::string derived_from_;
  Status status_;
  int64_t next_id_ = 0;
  std::map<std::pair<Opcode, PrimitiveType>, Computation*> reducers_;
  std::map<std::pair<ComparisonDirection, PrimitiveType>, Computation*> comparators_;
};

}  // namespace xpar::autodiff
