// GraphBuilder: instructions with inferred shapes, names `<opcode>.<n>`, scope metadata, and the
// scalar reducers reductions call.
#include "models/graph_builder.h"

#include <fmt/format.h>

#include <limits>

#include "ir/shape_inference.h"

namespace xpar::models {

Instruction* GraphBuilder::Emplace(std::unique_ptr<Instruction> inst) {
  if (!scope_.empty() && inst->opcode() != Opcode::kParameter) {
    inst->mutable_metadata().op_name = scope_;
  }
  return entry_->AddInstruction(std::move(inst));
}

Instruction* GraphBuilder::Check(std::unique_ptr<Instruction> inst) {
  inst->set_name(fmt::format("{}.{}", HloOpcodeName(inst->opcode()), next_id_++));
  Expected<Shape> shape = InferShape(*inst);
  if (shape.ok()) {
    inst->mutable_shape() = *shape;
  } else if (status_.ok()) {
    status_ = Internal("building %{} in scope '{}': {}", inst->name(), scope_,
                       shape.status().message());
  }
  return Emplace(std::move(inst));
}

Instruction* GraphBuilder::Param(int64_t number, const std::string& name, const Shape& shape) {
  auto inst = std::make_unique<Instruction>(name, Opcode::kParameter, shape);
  inst->attrs().parameter_number = number;
  return Emplace(std::move(inst));
}

Instruction* GraphBuilder::Op(Opcode op, std::vector<Instruction*> operands,
                              InstructionAttrs attrs, std::vector<Computation*> called) {
  // Shape rules that read the declared element type (dot's result) get the operands' type.
  PrimitiveType type = operands.empty() ? PrimitiveType::kF32 : operands[0]->shape().type();
  auto inst = std::make_unique<Instruction>(std::string(), op, Shape(type, {}));
  for (Instruction* o : operands) inst->AddOperand(o);
  inst->attrs() = std::move(attrs);
  inst->mutable_called() = std::move(called);
  return Check(std::move(inst));
}

Instruction* GraphBuilder::Tuple(std::vector<Instruction*> elements) {
  return Op(Opcode::kTuple, std::move(elements));
}

Instruction* GraphBuilder::Scalar(PrimitiveType type, double value) {
  Literal literal(Shape::Scalar(type));
  literal.SetFromDouble(0, value);
  return Constant(std::move(literal));
}

Instruction* GraphBuilder::Constant(Literal literal) {
  auto inst = std::make_unique<Instruction>(std::string(), Opcode::kConstant, literal.shape());
  inst->attrs().literal = std::move(literal);
  inst->set_name(fmt::format("constant.{}", next_id_++));
  return Emplace(std::move(inst));
}

Instruction* GraphBuilder::Full(PrimitiveType type, double value, const Dims& dims) {
  Instruction* s = Scalar(type, value);
  return dims.empty() ? s : Broadcast(s, dims, {});
}

Instruction* GraphBuilder::MulScalar(Instruction* x, double value) {
  return Mul(x, Full(x->shape().type(), value, x->shape().dims()));
}

Instruction* GraphBuilder::AddScalar(Instruction* x, double value) {
  return Add(x, Full(x->shape().type(), value, x->shape().dims()));
}

Instruction* GraphBuilder::Iota(PrimitiveType type, const Dims& dims, int64_t dimension) {
  auto inst = std::make_unique<Instruction>(std::string(), Opcode::kIota, Shape(type, dims));
  inst->attrs().iota_dimension = dimension;
  return Check(std::move(inst));
}

Instruction* GraphBuilder::Convert(Instruction* x, PrimitiveType type) {
  if (x->shape().type() == type) return x;
  auto inst = std::make_unique<Instruction>(std::string(), Opcode::kConvert,
                                            Shape(type, x->shape().dims()));
  inst->AddOperand(x);
  return Check(std::move(inst));
}

Instruction* GraphBuilder::Reshape(Instruction* x, const Dims& dims) {
  if (x->shape().dims() == dims) return x;
  auto inst = std::make_unique<Instruction>(std::string(), Opcode::kReshape,
                                            Shape(x->shape().type(), dims));
  inst->AddOperand(x);
  return Check(std::move(inst));
}

Instruction* GraphBuilder::Transpose(Instruction* x, const Dims& permutation) {
  InstructionAttrs attrs;
  attrs.dimensions = permutation;
  return Op(Opcode::kTranspose, {x}, std::move(attrs));
}

Instruction* GraphBuilder::Broadcast(Instruction* x, const Dims& dims, const Dims& mapping) {
  auto inst = std::make_unique<Instruction>(std::string(), Opcode::kBroadcast,
                                            Shape(x->shape().type(), dims));
  inst->AddOperand(x);
  inst->attrs().dimensions = mapping;
  return Check(std::move(inst));
}

Instruction* GraphBuilder::Slice(Instruction* x, int64_t dim, int64_t start, int64_t limit) {
  InstructionAttrs attrs;
  for (int64_t i = 0; i < x->shape().rank(); ++i) {
    attrs.slice.push_back(i == dim ? SliceDim{start, limit, 1} : SliceDim{0, x->shape().dim(i), 1});
  }
  return Op(Opcode::kSlice, {x}, std::move(attrs));
}

Instruction* GraphBuilder::Concat(std::vector<Instruction*> parts, int64_t dim) {
  InstructionAttrs attrs;
  attrs.dimensions = {dim};
  return Op(Opcode::kConcatenate, std::move(parts), std::move(attrs));
}

Instruction* GraphBuilder::Dot(Instruction* a, Instruction* b, Dims lhs_batch,
                               Dims lhs_contracting, Dims rhs_batch, Dims rhs_contracting) {
  InstructionAttrs attrs;
  attrs.dot = DotDims{std::move(lhs_batch), std::move(lhs_contracting), std::move(rhs_batch),
                      std::move(rhs_contracting)};
  return Op(Opcode::kDot, {a, b}, std::move(attrs));
}

Computation* GraphBuilder::ScalarComputation(const std::string& name, Opcode op,
                                             PrimitiveType type, Shape result,
                                             InstructionAttrs attrs) {
  auto comp = std::make_unique<Computation>(name);
  Shape s = Shape::Scalar(type);
  std::vector<Instruction*> params;
  for (int64_t i = 0; i < 2; ++i) {
    auto p = std::make_unique<Instruction>(fmt::format("{}.p{}", name, i), Opcode::kParameter, s);
    p->attrs().parameter_number = i;
    params.push_back(comp->AddInstruction(std::move(p)));
  }
  auto root = std::make_unique<Instruction>(name + ".root", op, std::move(result));
  root->AddOperand(params[0]);
  root->AddOperand(params[1]);
  root->attrs() = std::move(attrs);
  comp->set_root(comp->AddInstruction(std::move(root)));
  return module_->AddComputation(std::move(comp));
}

Computation* GraphBuilder::Reducer(Opcode op, PrimitiveType type) {
  auto key = std::make_pair(op, type);
  auto it = reducers_.find(key);
  if (it != reducers_.end()) return it->second;
  std::string name = fmt::format("{}_{}", HloOpcodeName(op), PrimitiveTypeName(type));
  Computation* raw = ScalarComputation(name, op, type, Shape::Scalar(type), {});
  reducers_[key] = raw;
  return raw;
}

Computation* GraphBuilder::Comparator(ComparisonDirection direction, PrimitiveType type) {
  auto key = std::make_pair(direction, type);
  auto it = comparators_.find(key);
  if (it != comparators_.end()) return it->second;
  InstructionAttrs attrs;
  attrs.comparison_direction = direction;
  constexpr const char* kNames[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  std::string name = fmt::format("compare_{}_{}", kNames[static_cast<int>(direction)],
                                 PrimitiveTypeName(type));
  Computation* raw = ScalarComputation(name, Opcode::kCompare, type,
                                       Shape::Scalar(PrimitiveType::kPred), std::move(attrs));
  comparators_[key] = raw;
  return raw;
}

Instruction* GraphBuilder::Reduce(Instruction* x, Dims dims, Opcode op, double init) {
  PrimitiveType type = x->shape().type();
  InstructionAttrs attrs;
  attrs.dimensions = std::move(dims);
  return Op(Opcode::kReduce, {x, Scalar(type, init)}, std::move(attrs), {Reducer(op, type)});
}

Instruction* GraphBuilder::ReduceSum(Instruction* x, Dims dims) {
  return Reduce(x, std::move(dims), Opcode::kAdd, 0.0);
}

Instruction* GraphBuilder::ReduceMax(Instruction* x, Dims dims) {
  return Reduce(x, std::move(dims), Opcode::kMaximum, -std::numeric_limits<double>::infinity());
}

Instruction* GraphBuilder::Compare(Instruction* a, Instruction* b, ComparisonDirection dir) {
  InstructionAttrs attrs;
  attrs.comparison_direction = dir;
  return Op(Opcode::kCompare, {a, b}, std::move(attrs));
}

Instruction* GraphBuilder::Select(Instruction* pred, Instruction* a, Instruction* b) {
  return Op(Opcode::kSelect, {pred, a, b});
}

Instruction* GraphBuilder::Clamp(Instruction* lo, Instruction* x, Instruction* hi) {
  return Op(Opcode::kClamp, {lo, x, hi});
}

}  // namespace xpar::models
