// IR building helpers for the TorchScript lowering: every instruction gets its shape from
// InferShape, so a lowering that composes ops wrongly fails here with the shape rule's message.
#include "frontends/torchscript/ir_builder.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "ir/shape_inference.h"

namespace xpar::ts {

std::string Builder::Name(const std::string& base) {
  std::string name;
  do {
    name = fmt::format("{}.{}", base, counters_[base]++);
  } while (names_.count(name));
  names_.insert(name);
  return name;
}

Instruction* Builder::Emplace(std::unique_ptr<Instruction> inst) {
  if (inst->opcode() != Opcode::kParameter) inst->mutable_metadata() = metadata_;
  return entry_->AddInstruction(std::move(inst));
}

Expected<Instruction*> Builder::Add(Opcode op, std::vector<Instruction*> operands,
                                    InstructionAttrs attrs, std::vector<Computation*> called) {
  auto inst = std::make_unique<Instruction>(std::string(), op, Shape());
  for (Instruction* o : operands) inst->AddOperand(o);
  inst->attrs() = std::move(attrs);
  inst->mutable_called() = std::move(called);
  Expected<Shape> shape = InferShape(*inst);
  if (!shape.ok()) {
    return InvalidArgument("building {}: {}", HloOpcodeName(op), shape.status().message());
  }
  inst->mutable_shape() = *shape;
  inst->set_name(Name(std::string(HloOpcodeName(op))));
  return Emplace(std::move(inst));
}

Instruction* Builder::Parameter(int64_t number, const Shape& shape, const std::string& name) {
  auto inst = std::make_unique<Instruction>(name, Opcode::kParameter, shape);
  names_.insert(name);
  inst->attrs().parameter_number = number;
  return Emplace(std::move(inst));
}

Instruction* Builder::Constant(Literal literal) {
  auto inst = std::make_unique<Instruction>(Name("constant"), Opcode::kConstant, literal.shape());
  inst->attrs().literal = std::move(literal);
  return Emplace(std::move(inst));
}

Instruction* Builder::Scalar(PrimitiveType type, double value) {
  Literal lit(Shape::Scalar(type));
  lit.SetFromDouble(0, value);
  return Constant(std::move(lit));
}

Expected<Instruction*> Builder::Iota(const Shape& shape, int64_t dimension) {
  auto inst = std::make_unique<Instruction>(Name("iota"), Opcode::kIota, shape);
  inst->attrs().iota_dimension = dimension;
  Expected<Shape> checked = InferShape(*inst);
  if (!checked.ok()) return checked.status();
  return Emplace(std::move(inst));
}

Expected<Instruction*> Builder::Convert(Instruction* x, PrimitiveType type) {
  if (x->shape().type() == type) return x;
  auto inst = std::make_unique<Instruction>(Name("convert"), Opcode::kConvert,
                                            Shape(type, x->shape().dims()));
  inst->AddOperand(x);
  return Emplace(std::move(inst));
}

Expected<Instruction*> Builder::Reshape(Instruction* x, const std::vector<int64_t>& dims) {
  if (x->shape().dims() == dims) return x;
  auto inst = std::make_unique<Instruction>(Name("reshape"), Opcode::kReshape,
                                            Shape(x->shape().type(), dims));
  if (inst->shape().ElementCount() != x->shape().ElementCount()) {
    return InvalidArgument("cannot reshape {} to [{}]", x->shape().ToString(false),
                           fmt::join(dims, ","));
  }
  inst->AddOperand(x);
  return Emplace(std::move(inst));
}

Expected<Instruction*> Builder::Transpose(Instruction* x, const std::vector<int64_t>& perm) {
  bool identity = true;
  for (size_t i = 0; i < perm.size(); ++i) identity = identity && perm[i] == int64_t(i);
  if (identity) return x;
  InstructionAttrs attrs;
  attrs.dimensions = perm;
  return Add(Opcode::kTranspose, {x}, std::move(attrs));
}

Expected<Instruction*> Builder::BroadcastInDim(Instruction* x, const std::vector<int64_t>& dims,
                                               const std::vector<int64_t>& mapping) {
  auto inst = std::make_unique<Instruction>(Name("broadcast"), Opcode::kBroadcast,
                                            Shape(x->shape().type(), dims));
  inst->AddOperand(x);
  inst->attrs().dimensions = mapping;
  Expected<Shape> checked = InferShape(*inst);
  if (!checked.ok()) return checked.status();
  return Emplace(std::move(inst));
}

Expected<std::vector<int64_t>> Builder::BroadcastShapes(const std::vector<int64_t>& a,
                                                        const std::vector<int64_t>& b) {
  size_t rank = std::max(a.size(), b.size());
  std::vector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1) {
      return InvalidArgument("shapes [{}] and [{}] do not broadcast", fmt::join(a, ","),
                             fmt::join(b, ","));
    }
    out[i] = da == 1 ? db : da;
  }
  return out;
}

Expected<Instruction*> Builder::BroadcastTo(Instruction* x, const std::vector<int64_t>& dims) {
  const std::vector<int64_t>& in = x->shape().dims();
  if (in == dims) return x;
  if (in.size() > dims.size()) {
    return InvalidArgument("cannot broadcast {} to [{}]", x->shape().ToString(false),
                           fmt::join(dims, ","));
  }
  // Drop stretched size-1 dims with a reshape, then broadcast the rest in place.
  size_t offset = dims.size() - in.size();
  std::vector<int64_t> kept, mapping;
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == dims[offset + i]) {
      kept.push_back(in[i]);
      mapping.push_back(static_cast<int64_t>(offset + i));
    } else if (in[i] != 1) {
      return InvalidArgument("cannot broadcast {} to [{}]", x->shape().ToString(false),
                             fmt::join(dims, ","));
    }
  }
  ASSIGN_OR_RETURN(Instruction * r, Reshape(x, kept));
  return BroadcastInDim(r, dims, mapping);
}

Expected<Instruction*> Builder::Binary(Opcode op, Instruction* a, Instruction* b) {
  ASSIGN_OR_RETURN(std::vector<int64_t> dims,
                   BroadcastShapes(a->shape().dims(), b->shape().dims()));
  ASSIGN_OR_RETURN(a, BroadcastTo(a, dims));
  ASSIGN_OR_RETURN(b, BroadcastTo(b, dims));
  return Add(op, {a, b});
}

Expected<Instruction*> Builder::Compare(Instruction* a, Instruction* b, ComparisonDirection dir) {
  ASSIGN_OR_RETURN(std::vector<int64_t> dims,
                   BroadcastShapes(a->shape().dims(), b->shape().dims()));
  ASSIGN_OR_RETURN(a, BroadcastTo(a, dims));
  ASSIGN_OR_RETURN(b, BroadcastTo(b, dims));
  InstructionAttrs attrs;
  attrs.comparison_direction = dir;
  return Add(Opcode::kCompare, {a, b}, std::move(attrs));
}

Expected<Instruction*> Builder::Select(Instruction* pred, Instruction* a, Instruction* b) {
  ASSIGN_OR_RETURN(std::vector<int64_t> dims,
                   BroadcastShapes(a->shape().dims(), b->shape().dims()));
  ASSIGN_OR_RETURN(dims, BroadcastShapes(dims, pred->shape().dims()));
  ASSIGN_OR_RETURN(pred, BroadcastTo(pred, dims));
  ASSIGN_OR_RETURN(a, BroadcastTo(a, dims));
  ASSIGN_OR_RETURN(b, BroadcastTo(b, dims));
  return Add(Opcode::kSelect, {pred, a, b});
}

double ReduceInit(ReduceKind kind, PrimitiveType type) {
  bool floating = IsFloating(type);
  switch (kind) {
    case ReduceKind::kSum:
      return 0;
    case ReduceKind::kMax:
      return floating ? -std::numeric_limits<double>::infinity()
                      : static_cast<double>(std::numeric_limits<int64_t>::min());
    case ReduceKind::kMin:
      return floating ? std::numeric_limits<double>::infinity()
                      : static_cast<double>(std::numeric_limits<int64_t>::max());
  }
  return 0;
}

Computation* Builder::Reducer(ReduceKind kind, PrimitiveType type) {
  const char* op_name = kind == ReduceKind::kSum ? "add" : kind == ReduceKind::kMax ? "max" : "min";
  std::string name = fmt::format("{}_{}", op_name, PrimitiveTypeName(type));
  auto it = reducers_.find(name);
  if (it != reducers_.end()) return it->second;
  auto comp = std::make_unique<Computation>(name);
  Shape s = Shape::Scalar(type);
  Instruction* params[2];
  for (int64_t i = 0; i < 2; ++i) {
    auto p = std::make_unique<Instruction>(name + (i == 0 ? ".lhs" : ".rhs"),
                                           Opcode::kParameter, s);
    p->attrs().parameter_number = i;
    params[i] = comp->AddInstruction(std::move(p));
  }
  Instruction* lhs = params[0];
  Instruction* rhs = params[1];
  Opcode op = kind == ReduceKind::kSum   ? Opcode::kAdd
              : kind == ReduceKind::kMax ? Opcode::kMaximum
                                         : Opcode::kMinimum;
  auto root = std::make_unique<Instruction>(name + ".root", op, s);
  root->AddOperand(lhs);
  root->AddOperand(rhs);
  comp->set_root(comp->AddInstruction(std::move(root)));
  Computation* raw = module_->AddComputation(std::move(comp));
  reducers_[name] = raw;
  return raw;
}

Expected<Instruction*> Builder::Reduce(Instruction* x, std::vector<int64_t> dims, ReduceKind kind,
                                       bool keep_dims) {
  PrimitiveType type = x->shape().type();
  // Small integer and boolean sums accumulate in the type itself, as PyTorch's would after
  // its own promotion; callers convert first where PyTorch widens.
  Instruction* init = Scalar(type, ReduceInit(kind, type));
  std::sort(dims.begin(), dims.end());
  InstructionAttrs attrs;
  attrs.dimensions = dims;
  ASSIGN_OR_RETURN(Instruction * r,
                   Add(Opcode::kReduce, {x, init}, std::move(attrs), {Reducer(kind, type)}));
  if (!keep_dims) return r;
  std::vector<int64_t> kept = x->shape().dims();
  for (int64_t d : dims) kept[d] = 1;
  return Reshape(r, kept);
}

Expected<Instruction*> Builder::ReduceWindow(Instruction* x, std::vector<WindowDim> window,
                                             ReduceKind kind) {
  PrimitiveType type = x->shape().type();
  InstructionAttrs attrs;
  attrs.window = std::move(window);
  return Add(Opcode::kReduceWindow, {x, Scalar(type, ReduceInit(kind, type))}, std::move(attrs),
             {Reducer(kind, type)});
}

Expected<Instruction*> Builder::Slice(Instruction* x, const std::vector<SliceDim>& slice) {
  bool identity = true;
  for (size_t i = 0; i < slice.size(); ++i) {
    identity = identity && slice[i].start == 0 && slice[i].limit == x->shape().dim(i) &&
               slice[i].stride == 1;
  }
  if (identity) return x;
  InstructionAttrs attrs;
  attrs.slice = slice;
  return Add(Opcode::kSlice, {x}, std::move(attrs));
}

Expected<Instruction*> Builder::Concat(const std::vector<Instruction*>& parts, int64_t dim) {
  if (parts.size() == 1) return parts[0];
  InstructionAttrs attrs;
  attrs.dimensions = {dim};
  return Add(Opcode::kConcatenate, parts, std::move(attrs));
}

Expected<Instruction*> Builder::Dot(Instruction* a, Instruction* b, DotDims dims) {
  InstructionAttrs attrs;
  attrs.dot = std::move(dims);
  return Add(Opcode::kDot, {a, b}, std::move(attrs));
}

Expected<Instruction*> Builder::GetTupleElement(Instruction* t, int64_t index) {
  InstructionAttrs attrs;
  attrs.tuple_index = index;
  return Add(Opcode::kGetTupleElement, {t}, std::move(attrs));
}

}  // namespace xpar::ts
