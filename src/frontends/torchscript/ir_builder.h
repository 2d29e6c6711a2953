// Builds IR instructions with their shapes inferred (ir/shape_inference): the vocabulary the
// TorchScript lowering composes aten ops from (numpy-style broadcasting, reductions, dots, ...).
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar::ts {

enum class ReduceKind { kSum, kMax, kMin };

class Builder {
 public:
  // Instructions go into `entry` (added to `module` by the caller once complete); reducer
  // computations are added to `module` as they are first needed.
  Builder(Module* module, Computation* entry) : module_(module), entry_(entry) {}

  // Metadata stamped on every instruction built from now on (the aten op and its location).
  void set_metadata(OpMetadata m) { metadata_ = std::move(m); }

  // An instruction whose shape is inferred from its operands and attributes.
  Expected<Instruction*> Add(Opcode op, std::vector<Instruction*> operands,
                             InstructionAttrs attrs = {}, std::vector<Computation*> called = {});
  Instruction* Parameter(int64_t number, const Shape& shape, const std::string& name);
  Instruction* Constant(Literal literal);
  Instruction* Scalar(PrimitiveType type, double value);
  Expected<Instruction*> Iota(const Shape& shape, int64_t dimension);

  Expected<Instruction*> Convert(Instruction* x, PrimitiveType type);  // x itself if same type
  Expected<Instruction*> Reshape(Instruction* x, const std::vector<int64_t>& dims);
  Expected<Instruction*> Transpose(Instruction* x, const std::vector<int64_t>& permutation);
  // broadcast with `mapping` (operand dim i -> output dim mapping[i]).
  Expected<Instruction*> BroadcastInDim(Instruction* x, const std::vector<int64_t>& dims,
                                        const std::vector<int64_t>& mapping);
  // Numpy broadcasting of x to `dims` (trailing dimensions aligned; size-1 dims stretched).
  Expected<Instruction*> BroadcastTo(Instruction* x, const std::vector<int64_t>& dims);
  // Elementwise op after broadcasting both operands to their common shape.
  Expected<Instruction*> Binary(Opcode op, Instruction* a, Instruction* b);
  Expected<Instruction*> Compare(Instruction* a, Instruction* b, ComparisonDirection dir);
  Expected<Instruction*> Select(Instruction* pred, Instruction* a, Instruction* b);
  Expected<Instruction*> Unary(Opcode op, Instruction* x) { return Add(op, {x}); }
  // Reduction over `dims`; keep_dims leaves them as size 1.
  Expected<Instruction*> Reduce(Instruction* x, std::vector<int64_t> dims, ReduceKind kind,
                                bool keep_dims);
  // reduce-window of x with one WindowDim per dimension of x, starting from ReduceInit.
  Expected<Instruction*> ReduceWindow(Instruction* x, std::vector<WindowDim> window,
                                      ReduceKind kind);
  Expected<Instruction*> Slice(Instruction* x, const std::vector<SliceDim>& slice);
  Expected<Instruction*> Concat(const std::vector<Instruction*>& parts, int64_t dim);
  Expected<Instruction*> Dot(Instruction* a, Instruction* b, DotDims dims);
  Expected<Instruction*> GetTupleElement(Instruction* t, int64_t index);

  static Expected<std::vector<int64_t>> BroadcastShapes(const std::vector<int64_t>& a,
                                                        const std::vector<int64_t>& b);

 private:
  std::string Name(const std::string& base);
  Instruction* Emplace(std::unique_ptr<Instruction> inst);
  Computation* Reducer(ReduceKind kind, PrimitiveType type);

  Module* module_;
  Computation* entry_;
  OpMetadata metadata_;
  std::unordered_set<std::string> names_;
  std::unordered_map<std::string, int64_t> counters_;
  std::unordered_map<std::string, Computation*> reducers_;
};

// The initial value of a reduction: 0, or the lowest/highest value of `type`.
double ReduceInit(ReduceKind kind, PrimitiveType type);

}  // namespace xpar::ts
