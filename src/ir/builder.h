// Builder: appends instructions to one computation with shapes from ir/shape_inference, the
// vocabulary in which the model generators write training steps and the VJP rules write
// gradients. Like XLA's XlaBuilder it keeps the first error and carries on, so the code that uses
// it reads as straight-line math; status() reports the error.
//
// What differs between users is a policy, given by overriding the hooks: how instructions and
// callee computations are named, what each new instruction carries (a scope in its metadata, the
// forward op it derives from), where callees go in the module, and how an error is worded.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar {

using Dims = std::vector<int64_t>;

class Builder {
 public:
  // Instructions go into `target`; the reducers and comparators the builder makes go into
  // `module` (where: AddCallee).
  Builder(Module* module, Computation* target) : module_(module), target_(target) {}
  virtual ~Builder() = default;
  Builder(const Builder&) = delete;
  Builder& operator=(const Builder&) = delete;

  // The first error met while building (shape rule violations, or one given to Fail), or OK.
  const Status& status() const { return status_; }
  // Records an error (the first one wins) and returns it.
  Status Fail(Status s);
  Module* module() const { return module_; }

  // An instruction whose shape the shape rule infers; `preset` gives the result that ops which
  // declare it need (convert, reshape, broadcast, iota); otherwise rules that read the declared
  // element type (dot's result) get the first operand's type.
  Instruction* Op(Opcode op, std::vector<Instruction*> operands, InstructionAttrs attrs = {},
                  std::vector<Computation*> called = {}, const Shape* preset = nullptr);
  Instruction* Tuple(std::vector<Instruction*> elements);
  Instruction* GetTupleElement(Instruction* x, int64_t index);

  Instruction* Constant(Literal literal);
  Instruction* Scalar(PrimitiveType type, double value);
  // A scalar constant broadcast to `dims` (how PyTorch/XLA lowers a Python number operand).
  Instruction* Full(PrimitiveType type, double value, const Dims& dims);
  Instruction* Zeros(const Shape& shape) { return Full(shape.type(), 0.0, shape.dims()); }
  Instruction* ZerosLike(const Instruction* x) { return Zeros(x->shape()); }
  // x * value, x + value with the scalar broadcast to x's shape.
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
  Instruction* Clamp(Instruction* lo, Instruction* x, Instruction* hi);

  // Convert, Reshape, Transpose, Reverse and ReduceSum return x itself when they would not
  // change it.
  Instruction* Convert(Instruction* x, PrimitiveType type);
  Instruction* Reshape(Instruction* x, const Dims& dims);
  Instruction* Transpose(Instruction* x, const Dims& permutation);
  // broadcast: operand dim i becomes result dim mapping[i].
  Instruction* Broadcast(Instruction* x, const Dims& dims, const Dims& mapping);
  Instruction* Slice(Instruction* x, std::vector<SliceDim> slice);
  // x[start:limit] along `dim`, whole along the others.
  Instruction* Slice(Instruction* x, int64_t dim, int64_t start, int64_t limit);
  Instruction* Pad(Instruction* x, Instruction* value, std::vector<PadDim> padding);
  Instruction* Reverse(Instruction* x, const Dims& dims);
  Instruction* Concat(std::vector<Instruction*> parts, int64_t dim);
  Instruction* Dot(Instruction* a, Instruction* b, Dims lhs_batch, Dims lhs_contracting,
                   Dims rhs_batch, Dims rhs_contracting);
  Instruction* ReduceSum(Instruction* x, const Dims& dims);
  Instruction* ReduceMax(Instruction* x, const Dims& dims);

  // The scalar `add`/`maximum`/... reducer for `type`, added to the module on first use.
  Computation* Reducer(Opcode op, PrimitiveType type);
  // The scalar `compare(a, b), direction=...` computation (select-and-scatter's select, sort's
  // comparator).
  Computation* Comparator(ComparisonDirection direction, PrimitiveType type);

 protected:
  // The policy hooks. The name of a new instruction of opcode `op`.
  virtual std::string InstructionName(Opcode op) = 0;
  // What a new instruction carries besides its operands and attributes (not called for
  // parameters).
  virtual void Decorate(Instruction& inst) = 0;
  // The name of a callee computation from its natural name ("add_f32", "compare_lt_f32").
  virtual std::string CalleeName(const std::string& base) = 0;
  // Puts a callee computation into the module (callees precede their callers in HLO text).
  virtual Computation* AddCallee(std::unique_ptr<Computation> comp) = 0;
  // The error for an instruction its shape rule rejects.
  virtual Status ShapeError(const Instruction& inst, const Status& error) = 0;

  // Adds `inst` to the target computation as it is (named and decorated by the caller).
  Instruction* Append(std::unique_ptr<Instruction> inst);
  Computation* target() const { return target_; }

 private:
  Instruction* Finish(std::unique_ptr<Instruction> inst);
  Instruction* Reduce(Instruction* x, const Dims& dims, Opcode op, double init);
  Computation* ScalarComputation(const std::string& name, Opcode op, PrimitiveType type,
                                 Shape result, InstructionAttrs attrs);

  Module* module_;
  Computation* target_;
  Status status_;
  std::map<std::pair<Opcode, PrimitiveType>, Computation*> reducers_;
  std::map<std::pair<ComparisonDirection, PrimitiveType>, Computation*> comparators_;
};

}  // namespace xpar
