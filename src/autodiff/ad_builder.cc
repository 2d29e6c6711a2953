// AdBuilder: backward instructions with inferred shapes, unique names and the derived_from
// attribute; the scalar reducers and comparators they call.
#include "autodiff/ad_builder.h"

#include <fmt/format.h>

#include <algorithm>

#include "autodiff/autodiff.h"
#include "ir/shape_inference.h"

namespace xpar::autodiff {

AdBuilder::AdBuilder(Module* module, Computation* comp, std::unordered_set<std::string> names)
    : module_(module), comp_(comp), names_(std::move(names)) {}

Status AdBuilder::Fail(Status s) {
  if (status_.ok()) status_ = s;
  return s;
}

std::string AdBuilder::UniqueName(const std::string& base) {
  std::string name;
  do {
    name = fmt::format("{}.{}", base, next_id_++);
  } while (names_.count(name) || module_->FindComputation(name) != nullptr);
  names_.insert(name);
  return name;
}

Instruction* AdBuilder::Emplace(std::unique_ptr<Instruction> inst) {
  inst->set_name(UniqueName(fmt::format("d.{}", HloOpcodeName(inst->opcode()))));
  inst->mutable_frontend_attributes().emplace_back(kDerivedFromAttr, derived_from_);
  return comp_->AddInstruction(std::move(inst));
}

Instruction* AdBuilder::Op(Opcode op, std::vector<Instruction*> operands, InstructionAttrs attrs,
                           std::vector<Computation*> called, const Shape* preset) {
  PrimitiveType type = operands.empty() ? PrimitiveType::kF32 : operands[0]->shape().type();
  auto inst = std::make_unique<Instruction>(std::string(), op,
                                            preset ? *preset : Shape(type, {}));
  for (Instruction* o : operands) inst->AddOperand(o);
  inst->attrs() = std::move(attrs);
  inst->mutable_called() = std::move(called);
  Expected<Shape> shape = InferShape(*inst);
  if (shape.ok()) {
    inst->mutable_shape() = *shape;
  } else {
    Status error = Internal("autodiff: building the gradient of %{}: {} {}", derived_from_,
                            HloOpcodeName(op), shape.status().message());
    static_cast<void>(Fail(error));
  }
  return Emplace(std::move(inst));
}

Instruction* AdBuilder::Constant(Literal literal) {
  auto inst = std::make_unique<Instruction>(std::string(), Opcode::kConstant, literal.shape());
  inst->attrs().literal = std::move(literal);
  return Emplace(std::move(inst));
}

Instruction* AdBuilder::Scalar(PrimitiveType type, double value) {
  Literal literal(Shape::Scalar(type));
  literal.SetFromDouble(0, value);
  return Constant(std::move(literal));
}

Instruction* AdBuilder::Full(PrimitiveType type, double value, const Dims& dims) {
  Instruction* s = Scalar(type, value);
  return dims.empty() ? s : Broadcast(s, dims, {});
}

Instruction* AdBuilder::MulScalar(Instruction* x, double value) {
  return Mul(x, Full(x->shape().type(), value, x->shape().dims()));
}

Instruction* AdBuilder::AddScalar(Instruction* x, double value) {
  return Add(x, Full(x->shape().type(), value, x->shape().dims()));
}

Instruction* AdBuilder::Iota(PrimitiveType type, const Dims& dims, int64_t dimension) {
  Shape shape(type, dims);
  InstructionAttrs attrs;
  attrs.iota_dimension = dimension;
  return Op(Opcode::kIota, {}, std::move(attrs), {}, &shape);
}

Instruction* AdBuilder::Compare(Instruction* a, Instruction* b, ComparisonDirection direction) {
  InstructionAttrs attrs;
  attrs.comparison_direction = direction;
  return Op(Opcode::kCompare, {a, b}, std::move(attrs));
}

Instruction* AdBuilder::Select(Instruction* pred, Instruction* a, Instruction* b) {
  return Op(Opcode::kSelect, {pred, a, b});
}

Instruction* AdBuilder::Mask(Instruction* pred, PrimitiveType type) {
  return Convert(pred, type);
}

Instruction* AdBuilder::Convert(Instruction* x, PrimitiveType type) {
  if (x->shape().type() == type) return x;
  Shape shape(type, x->shape().dims());
  return Op(Opcode::kConvert, {x}, {}, {}, &shape);
}

Instruction* AdBuilder::Reshape(Instruction* x, const Dims& dims) {
  if (x->shape().dims() == dims) return x;
  Shape shape(x->shape().type(), dims);
  return Op(Opcode::kReshape, {x}, {}, {}, &shape);
}

Instruction* AdBuilder::Transpose(Instruction* x, const Dims& permutation) {
  bool identity = true;
  for (size_t i = 0; i < permutation.size(); ++i) identity &= permutation[i] == int64_t(i);
  if (identity) return x;
  InstructionAttrs attrs;
  attrs.dimensions = permutation;
  return Op(Opcode::kTranspose, {x}, std::move(attrs));
}

Instruction* AdBuilder::Broadcast(Instruction* x, const Dims& dims, const Dims& mapping) {
  Shape shape(x->shape().type(), dims);
  InstructionAttrs attrs;
  attrs.dimensions = mapping;
  return Op(Opcode::kBroadcast, {x}, std::move(attrs), {}, &shape);
}

Instruction* AdBuilder::Slice(Instruction* x, std::vector<SliceDim> slice) {
  InstructionAttrs attrs;
  attrs.slice = std::move(slice);
  return Op(Opcode::kSlice, {x}, std::move(attrs));
}

Instruction* AdBuilder::Pad(Instruction* x, Instruction* value, std::vector<PadDim> padding) {
  InstructionAttrs attrs;
  attrs.padding = std::move(padding);
  return Op(Opcode::kPad, {x, value}, std::move(attrs));
}

Instruction* AdBuilder::Reverse(Instruction* x, const Dims& dims) {
  if (dims.empty()) return x;
  InstructionAttrs attrs;
  attrs.dimensions = dims;
  return Op(Opcode::kReverse, {x}, std::move(attrs));
}

Instruction* AdBuilder::ReduceSum(Instruction* x, const Dims& dims) {
  if (dims.empty()) return x;
  PrimitiveType type = x->shape().type();
  InstructionAttrs attrs;
  attrs.dimensions = dims;
  return Op(Opcode::kReduce, {x, Scalar(type, 0.0)}, std::move(attrs),
            {Reducer(Opcode::kAdd, type)});
}

Instruction* AdBuilder::GetTupleElement(Instruction* x, int64_t index) {
  InstructionAttrs attrs;
  attrs.tuple_index = index;
  return Op(Opcode::kGetTupleElement, {x}, std::move(attrs));
}

Instruction* AdBuilder::Tuple(std::vector<Instruction*> elements) {
  return Op(Opcode::kTuple, std::move(elements));
}

Computation* AdBuilder::ScalarComputation(const std::string& name, Opcode op,
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
  return AddComputation(std::move(comp));
}

Computation* AdBuilder::AddComputation(std::unique_ptr<Computation> comp) {
  // Callees precede callers: the computation goes just before the one being built.
  auto& comps = module_->mutable_computations();
  Computation* raw = module_->AddComputation(std::move(comp));
  for (size_t i = 0; i + 1 < comps.size(); ++i) {
    if (comps[i].get() == comp_) {
      std::rotate(comps.begin() + i, comps.end() - 1, comps.end());
      break;
    }
  }
  return raw;
}

Computation* AdBuilder::Reducer(Opcode op, PrimitiveType type) {
  auto key = std::make_pair(op, type);
  auto it = reducers_.find(key);
  if (it != reducers_.end()) return it->second;
  std::string name =
      UniqueName(fmt::format("d.{}_{}", HloOpcodeName(op), PrimitiveTypeName(type)));
  Computation* raw = ScalarComputation(name, op, type, Shape::Scalar(type), {});
  reducers_[key] = raw;
  return raw;
}

Computation* AdBuilder::Comparator(ComparisonDirection direction, PrimitiveType type) {
  auto key = std::make_pair(direction, type);
  auto it = comparators_.find(key);
  if (it != comparators_.end()) return it->second;
  InstructionAttrs attrs;
  attrs.comparison_direction = direction;
  constexpr const char* kNames[] = {"eq", "ne", "lt", "le", "gt", "ge"};
  std::string name = UniqueName(fmt::format("d.compare_{}_{}",
                                            kNames[static_cast<int>(direction)],
                                            PrimitiveTypeName(type)));
  Computation* raw = ScalarComputation(name, Opcode::kCompare, type,
                                       Shape::Scalar(PrimitiveType::kPred), std::move(attrs));
  comparators_[key] = raw;
  return raw;
}

}  // namespace xpar::autodiff
