// Builder: instructions with inferred shapes; the scalar reducers and comparators they call.
#include "ir/builder.h"

#include <fmt/format.h>

#include <limits>

#include "ir/shape_inference.h"

namespace xpar {

Status Builder::Fail(Status s) {
  if (status_.ok()) status_ = s;
  return s;
}

Instruction* Builder::Append(std::unique_ptr<Instruction> inst) {
  return target_->AddInstruction(std::move(inst));
}

Instruction* Builder::Finish(std::unique_ptr<Instruction> inst) {
  inst->set_name(InstructionName(inst->opcode()));
  Decorate(*inst);
  return Append(std::move(inst));
}

Instruction* Builder::Op(Opcode op, std::vector<Instruction*> operands, InstructionAttrs attrs,
                         std::vector<Computation*> called, const Shape* preset) {
  PrimitiveType type = operands.empty() ? PrimitiveType::kF32 : operands[0]->shape().type();
  auto inst = std::make_unique<Instruction>(std::string(), op,
                                            preset ? *preset : Shape(type, {}));
  for (Instruction* o : operands) inst->AddOperand(o);
  inst->attrs() = std::move(attrs);
  inst->mutable_called() = std::move(called);
  inst->set_name(InstructionName(op));
  Expected<Shape> shape = InferShape(*inst);
  if (shape.ok()) {
    inst->mutable_shape() = *shape;
  } else {
    static_cast<void>(Fail(ShapeError(*inst, shape.status())));
  }
  Decorate(*inst);
  return Append(std::move(inst));
}

Instruction* Builder::Tuple(std::vector<Instruction*> elements) {
  return Op(Opcode::kTuple, std::move(elements));
}

Instruction* Builder::GetTupleElement(Instruction* x, int64_t index) {
  InstructionAttrs attrs;
  attrs.tuple_index = index;
  return Op(Opcode::kGetTupleElement, {x}, std::move(attrs));
}

Instruction* Builder::Constant(Literal literal) {
  auto inst = std::make_unique<Instruction>(std::string(), Opcode::kConstant, literal.shape());
  inst->attrs().literal = std::move(literal);
  return Finish(std::move(inst));
}

Instruction* Builder::Scalar(PrimitiveType type, double value) {
  Literal literal(Shape::Scalar(type));
  literal.SetFromDouble(0, value);
  return Constant(std::move(literal));
}

Instruction* Builder::Full(PrimitiveType type, double value, const Dims& dims) {
  Instruction* s = Scalar(type, value);
  return dims.empty() ? s : Broadcast(s, dims, {});
}

Instruction* Builder::MulScalar(Instruction* x, double value) {
  return Mul(x, Full(x->shape().type(), value, x->shape().dims()));
}

Instruction* Builder::AddScalar(Instruction* x, double value) {
  return Add(x, Full(x->shape().type(), value, x->shape().dims()));
}

Instruction* Builder::Iota(PrimitiveType type, const Dims& dims, int64_t dimension) {
  Shape shape(type, dims);
  InstructionAttrs attrs;
  attrs.iota_dimension = dimension;
  return Op(Opcode::kIota, {}, std::move(attrs), {}, &shape);
}

Instruction* Builder::Compare(Instruction* a, Instruction* b, ComparisonDirection direction) {
  InstructionAttrs attrs;
  attrs.comparison_direction = direction;
  return Op(Opcode::kCompare, {a, b}, std::move(attrs));
}

Instruction* Builder::Select(Instruction* pred, Instruction* a, Instruction* b) {
  return Op(Opcode::kSelect, {pred, a, b});
}

Instruction* Builder::Clamp(Instruction* lo, Instruction* x, Instruction* hi) {
  return Op(Opcode::kClamp, {lo, x, hi});
}

Instruction* Builder::Convert(Instruction* x, PrimitiveType type) {
  if (x->shape().type() == type) return x;
  Shape shape(type, x->shape().dims());
  return Op(Opcode::kConvert, {x}, {}, {}, &shape);
}

Instruction* Builder::Reshape(Instruction* x, const Dims& dims) {
  if (x->shape().dims() == dims) return x;
  Shape shape(x->shape().type(), dims);
  return Op(Opcode::kReshape, {x}, {}, {}, &shape);
}

Instruction* Builder::Transpose(Instruction* x, const Dims& permutation) {
  bool identity = true;
  for (size_t i = 0; i < permutation.size(); ++i) identity &= permutation[i] == int64_t(i);
  if (identity && permutation.size() == size_t(x->shape().rank())) return x;
  InstructionAttrs attrs;
  attrs.dimensions = permutation;
  return Op(Opcode::kTranspose, {x}, std::move(attrs));
}

Instruction* Builder::Broadcast(Instruction* x, const Dims& dims, const Dims& mapping) {
  Shape shape(x->shape().type(), dims);
  InstructionAttrs attrs;
  attrs.dimensions = mapping;
  return Op(Opcode::kBroadcast, {x}, std::move(attrs), {}, &shape);
}

Instruction* Builder::Slice(Instruction* x, std::vector<SliceDim> slice) {
  InstructionAttrs attrs;
  attrs.slice = std::move(slice);
  return Op(Opcode::kSlice, {x}, std::move(attrs));
}

Instruction* Builder::Slice(Instruction* x, int64_t dim, int64_t start, int64_t limit) {
  std::vector<SliceDim> slice;
  for (int64_t i = 0; i < x->shape().rank(); ++i) {
    slice.push_back(i == dim ? SliceDim{start, limit, 1} : SliceDim{0, x->shape().dim(i), 1});
  }
  return Slice(x, std::move(slice));
}

Instruction* Builder::Pad(Instruction* x, Instruction* value, std::vector<PadDim> padding) {
  InstructionAttrs attrs;
  attrs.padding = std::move(padding);
  return Op(Opcode::kPad, {x, value}, std::move(attrs));
}

Instruction* Builder::Reverse(Instruction* x, const Dims& dims) {
  if (dims.empty()) return x;
  InstructionAttrs attrs;
  attrs.dimensions = dims;
  return Op(Opcode::kReverse, {x}, std::move(attrs));
}

Instruction* Builder::Concat(std::vector<Instruction*> parts, int64_t dim) {
  InstructionAttrs attrs;
  attrs.dimensions = {dim};
  return Op(Opcode::kConcatenate, std::move(parts), std::move(attrs));
}

Instruction* Builder::Dot(Instruction* a, Instruction* b, Dims lhs_batch, Dims lhs_contracting,
                          Dims rhs_batch, Dims rhs_contracting) {
  InstructionAttrs attrs;
  attrs.dot = DotDims{std::move(lhs_batch), std::move(lhs_contracting), std::move(rhs_batch),
                      std::move(rhs_contracting)};
  return Op(Opcode::kDot, {a, b}, std::move(attrs));
}

Instruction* Builder::Reduce(Instruction* x, const Dims& dims, Opcode op, double init) {
  if (dims.empty()) return x;
  PrimitiveType type = x->shape().type();
  InstructionAttrs attrs;
  attrs.dimensions = dims;
  return Op(Opcode::kReduce, {x, Scalar(type, init)}, std::move(attrs), {Reducer(op, type)});
}

Instruction* Builder::ReduceSum(Instruction* x, const Dims& dims) {
  return Reduce(x, dims, Opcode::kAdd, 0.0);
}

Instruction* Builder::ReduceMax(Instruction* x, const Dims& dims) {
  return Reduce(x, dims, Opcode::kMaximum, -std::numeric_limits<double>::infinity());
}

Computation* Builder::ScalarComputation(const std::string& name, Opcode op, PrimitiveType type,
                                        Shape result, InstructionAttrs attrs) {
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
  return AddCallee(std::move(comp));
}

Computation* Builder::Reducer(Opcode op, PrimitiveType type) {
  auto key = std::make_pair(op, type);
  auto it = reducers_.find(key);
  if (it != reducers_.end()) return it->second;
  std::string name = CalleeName(fmt::format("{}_{}", HloOpcodeName(op), PrimitiveTypeName(type)));
  Computation* raw = ScalarComputation(name, op, type, Shape::Scalar(type), {});
  reducers_[key] = raw;
  return raw;
}

Computation* Builder::Comparator(ComparisonDirection direction, PrimitiveType type) {
  auto key = std::make_pair(direction, type);
  auto it = comparators_.find(key);
  if (it != comparators_.end()) return it->second;
  InstructionAttrs attrs;
  attrs.comparison_direction = direction;
  constexpr const char* kNames[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  std::string name = CalleeName(fmt::format("compare_{}_{}", kNames[static_cast<int>(direction)],
                                            PrimitiveTypeName(type)));
  Computation* raw = ScalarComputation(name, Opcode::kCompare, type,
                                       Shape::Scalar(PrimitiveType::kPred), std::move(attrs));
  comparators_[key] = raw;
  return raw;
}

}  // namespace xpar
