// arith and tensor ops (torch-mlir / ByteIR output on static shapes) as HLO instructions:
// arith's elementwise ops and casts map one to one; cmpf's unordered predicates are the negated
// ordered compare; tensor slices, reshapes and element access become slice, dynamic-update-slice,
// reshape, dynamic-slice and concatenate.
#include <limits>

#include "frontends/stablehlo/stablehlo_chlo_builder.h"

namespace xpar::mlir {
namespace {

std::optional<Opcode> ArithElementwise(std::string_view m) {
  static const std::pair<std::string_view, Opcode> kOps[] = {
      {"addf", Opcode::kAdd},          {"addi", Opcode::kAdd},         {"subf", Opcode::kSubtract},
      {"subi", Opcode::kSubtract},     {"mulf", Opcode::kMultiply},    {"muli", Opcode::kMultiply},
      {"divf", Opcode::kDivide},       {"divsi", Opcode::kDivide},     {"remf", Opcode::kRemainder},
      {"remsi", Opcode::kRemainder},   {"maxf", Opcode::kMaximum},     {"maximumf", Opcode::kMaximum},
      {"maxsi", Opcode::kMaximum},     {"minf", Opcode::kMinimum},     {"minimumf", Opcode::kMinimum},
      {"minsi", Opcode::kMinimum},     {"andi", Opcode::kAnd},         {"ori", Opcode::kOr},
      {"xori", Opcode::kXor},          {"negf", Opcode::kNegate},      {"select", Opcode::kSelect},
      {"extf", Opcode::kConvert},      {"truncf", Opcode::kConvert},   {"sitofp", Opcode::kConvert},
      {"fptosi", Opcode::kConvert},    {"extsi", Opcode::kConvert},    {"trunci", Opcode::kConvert},
      {"index_cast", Opcode::kConvert},
  };
  for (const auto& [name, opcode] : kOps) {
    if (name == m) return opcode;
  }
  return std::nullopt;
}

// Predicate names in the order of their integer values (the generic form's `predicate = 4`).
constexpr std::string_view kCmpfPredicates[] = {"false", "oeq", "ogt", "oge", "olt", "ole",
                                                "one",   "ord", "ueq", "ugt", "uge", "ult",
                                                "ule",   "une", "uno", "true"};
constexpr std::string_view kCmpiPredicates[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                                "sge", "ult", "ule", "ugt", "uge"};

std::optional<ComparisonDirection> Direction(std::string_view p) {
  if (p == "eq") return ComparisonDirection::kEq;
  if (p == "ne") return ComparisonDirection::kNe;
  if (p == "lt") return ComparisonDirection::kLt;
  if (p == "le") return ComparisonDirection::kLe;
  if (p == "gt") return ComparisonDirection::kGt;
  if (p == "ge") return ComparisonDirection::kGe;
  return std::nullopt;
}

// cmpf: ordered predicates are HLO's float compares (false on NaN); an unordered one is the
// negation of the ordered opposite (ult = !oge), `une` is HLO's NE.
Instruction* Cmpf(ChloBuilder& b, std::string_view p, Instruction* x, Instruction* y) {
  Shape pred(PrimitiveType::kPred, x->shape().dims());
  if (p == "false" || p == "true") return b.IntConst(pred, p == "true" ? 1 : 0);
  if (p == "une") return b.Cmp(x, ComparisonDirection::kNe, y);
  if (p == "ord" || p == "uno") {
    Instruction* ord = b.Bin(Opcode::kAnd, b.Cmp(x, ComparisonDirection::kEq, x),
                             b.Cmp(y, ComparisonDirection::kEq, y));
    return p == "ord" ? ord : b.Un(Opcode::kNot, ord);
  }
  if (p == "one" || p == "ueq") {
    Instruction* one = b.Bin(Opcode::kOr, b.Cmp(x, ComparisonDirection::kLt, y),
                             b.Cmp(x, ComparisonDirection::kGt, y));
    return p == "one" ? one : b.Un(Opcode::kNot, one);
  }
  if (p.size() == 3 && p[0] == 'o') {
    std::optional<ComparisonDirection> d = Direction(p.substr(1));
    return d ? b.Cmp(x, *d, y) : nullptr;
  }
  static const std::pair<std::string_view, ComparisonDirection> kOpposite[] = {
      {"ugt", ComparisonDirection::kLe}, {"uge", ComparisonDirection::kLt},
      {"ult", ComparisonDirection::kGe}, {"ule", ComparisonDirection::kGt}};
  for (const auto& [name, d] : kOpposite) {
    if (name == p) return b.Un(Opcode::kNot, b.Cmp(x, d, y));
  }
  return nullptr;
}

// cmpi: signed predicates compare directly; unsigned ones (ult, ...) as the unsigned type.
Instruction* Cmpi(ChloBuilder& b, std::string_view p, Instruction* x, Instruction* y) {
  if (p == "eq" || p == "ne") return b.Cmp(x, *Direction(p), y);
  std::optional<ComparisonDirection> d;
  if (p.size() == 3 && (p[0] == 's' || p[0] == 'u')) d = Direction(p.substr(1));
  if (!d || *d == ComparisonDirection::kEq || *d == ComparisonDirection::kNe) return nullptr;
  Instruction* c = b.Cmp(x, *d, y);
  if (p[0] == 'u') c->attrs().comparison_type = ComparisonType::kUnsigned;
  return c;
}

}  // namespace

Expected<std::vector<Instruction*>> Parser::BuildArith(Scope* scope, OpInfo* op) {
  const std::string& m = op->mnemonic;
  if (op->result_types.size() != 1) {
    return Error(op->offset, fmt::format("'{}' must have exactly one result, has {}", op->name,
                                         op->result_types.size()));
  }
  const Shape& result = op->result_types[0];
  ChloBuilder b(*this, scope->comp, result, op->offset);
  if (m == "constant") {
    const Attr* v = op->Find("value");
    if (!v) return Error(op->offset, "arith.constant without a value");
    if (v->kind == Attr::Kind::kDense) {
      ASSIGN_OR_RETURN(Instruction * c,
                       AddDenseConstant(scope->comp, *v, *v->type, op->offset, op->result_name));
      return std::vector<Instruction*>{c};
    }
    if (v->kind == Attr::Kind::kFloat) return std::vector<Instruction*>{b.Const(v->f)};
    if (v->kind == Attr::Kind::kInt || v->kind == Attr::Kind::kBool) {
      return std::vector<Instruction*>{b.IntConst(result, v->i)};
    }
    return Error(v->offset, "arith.constant needs a number, a boolean or dense<...>");
  }
  if (m == "cmpf" || m == "cmpi") {
    const Attr* p = op->Find("predicate");
    if (!p || op->operands.size() != 2) return Error(op->offset, fmt::format("bad '{}'", op->name));
    std::string name = p->s;
    if (p->kind == Attr::Kind::kInt) {  // the generic form's enum value
      std::span<const std::string_view> names = kCmpiPredicates;
      if (m == "cmpf") names = kCmpfPredicates;
      if (p->i < 0 || p->i >= static_cast<int64_t>(names.size())) {
        return Error(p->offset, fmt::format("bad '{}' predicate {}", op->name, p->i));
      }
      name = std::string(names[p->i]);
    }
    ChloBuilder ob(*this, scope->comp, op->operands[0]->shape(), op->offset);
    Instruction* c = m == "cmpf" ? Cmpf(ob, name, op->operands[0], op->operands[1])
                                 : Cmpi(ob, name, op->operands[0], op->operands[1]);
    if (!c) return Error(p->offset, fmt::format("unknown '{}' predicate '{}'", op->name, name));
    return std::vector<Instruction*>{c};
  }
  std::optional<Opcode> opcode = ArithElementwise(m);
  if (!opcode) return Unsupported(op->offset, fmt::format("'{}' is not supported by xpar", op->name));
  if (OpcodeArity(*opcode) >= 0 && static_cast<int64_t>(op->operands.size()) != OpcodeArity(*opcode)) {
    return Error(op->offset, fmt::format("'{}' takes {} operand(s)", op->name, OpcodeArity(*opcode)));
  }
  return BuildSimple(scope, op, *opcode);
}

namespace {

// MLIR's ShapedType::kDynamic: the generic form's placeholder for an entry given by an operand.
constexpr int64_t kDynamicEntry = std::numeric_limits<int64_t>::min();

// A list of static integers: the pretty form's bracketed list (list0, list1, ...) or the generic
// form's `static_offsets = array<i64: ...>` (static_sizes, static_strides); dynamic entries
// (an index value, or kDynamic in the generic form) are refused.
Expected<std::vector<int64_t>> StaticList(Parser& p, const OpInfo& op, std::string_view key,
                                          std::string_view generic_key) {
  const Attr* a = op.Find(key);
  if (!a) a = op.Find(generic_key);
  if (!a || a->kind != Attr::Kind::kList) {
    return p.Error(op.offset, fmt::format("'{}' is missing its {} list ({})", op.name, key,
                                          generic_key));
  }
  std::vector<int64_t> out;
  for (const Attr& e : a->list) {
    if (e.kind == Attr::Kind::kString || (e.kind == Attr::Kind::kInt && e.i == kDynamicEntry)) {
      return p.Unsupported(e.offset, fmt::format("'{}' with dynamic offsets, sizes or strides is "
                                                 "not supported by xpar", op.name));
    }
    if (e.kind != Attr::Kind::kInt) return p.Error(e.offset, "expected an integer");
    out.push_back(e.i);
  }
  return out;
}

}  // namespace

Expected<std::vector<Instruction*>> Parser::BuildTensor(Scope* scope, OpInfo* op) {
  const std::string& m = op->mnemonic;
  if (op->result_types.size() != 1) {  // a fuzz finding: .at(0) threw on a result-less op
    return Error(op->offset, fmt::format("'{}' must have exactly one result, has {}", op->name,
                                         op->result_types.size()));
  }
  const Shape& result = op->result_types[0];
  Computation* comp = scope->comp;
  ChloBuilder b(*this, comp, result, op->offset);
  auto one = [](Instruction* i) { return std::vector<Instruction*>{i}; };
  auto reshape = [&](Instruction* x, const Shape& to) {
    if (x->shape() == to) return x;
    return Add(comp, Opcode::kReshape, to, {x}, op->offset, "reshape");
  };
  auto operand_count = [&](size_t n) -> Status {
    if (op->operands.size() >= n) return Status::Ok();
    return Error(op->offset, fmt::format("'{}' needs {} operand(s)", op->name, n));
  };
  if (m == "empty") {  // contents are undefined; zeros are one valid choice
    Instruction* zero = b.ConstOf(Shape::Scalar(result.type()), 0);
    Instruction* bc = Add(comp, Opcode::kBroadcast, result, {zero}, op->offset, op->result_name);
    return one(bc);
  }
  if (m == "cast" || m == "expand_shape" || m == "collapse_shape") {
    RETURN_IF_ERROR(operand_count(1));
    Instruction* x = op->operands[0];
    if (x->shape().ElementCount() != result.ElementCount() || x->shape().type() != result.type()) {
      return Error(op->offset, fmt::format("'{}' cannot turn {} into {}", op->name,
                                           x->shape().ToString(false), result.ToString(false)));
    }
    if (m == "cast" && !(x->shape() == result)) {
      return Error(op->offset, "tensor.cast between different static shapes");
    }
    return one(reshape(x, result));
  }
  if (m == "extract_slice" || m == "insert_slice") return BuildTensorSlice(scope, op);
  if (m == "extract") {
    RETURN_IF_ERROR(operand_count(1));
    Instruction* t = op->operands[0];
    if (static_cast<int64_t>(op->operands.size()) != t->shape().rank() + 1) {
      return Error(op->offset, "tensor.extract needs one index per dimension");
    }
    if (t->shape().rank() == 0) return one(t);
    std::vector<Instruction*> operands = op->operands;
    Shape ones(t->shape().type(), std::vector<int64_t>(t->shape().rank(), 1));
    Instruction* ds = Add(comp, Opcode::kDynamicSlice, ones, operands, op->offset, "extract");
    ds->attrs().dynamic_slice_sizes = ones.dims();
    return one(reshape(ds, result));
  }
  if (m == "from_elements") {
    if (static_cast<int64_t>(op->operands.size()) != result.ElementCount()) {
      return Error(op->offset, fmt::format("tensor.from_elements needs {} elements",
                                           result.ElementCount()));
    }
    std::vector<Instruction*> parts;
    for (Instruction* e : op->operands) parts.push_back(reshape(e, Shape(result.type(), {1})));
    Instruction* flat = parts[0];
    if (parts.size() > 1) {
      Shape s(result.type(), {static_cast<int64_t>(parts.size())});
      flat = Add(comp, Opcode::kConcatenate, s, parts, op->offset, "from_elements");
      flat->attrs().dimensions = {0};
    }
    return one(reshape(flat, result));
  }
  return Unsupported(op->offset, fmt::format("'{}' is not supported by xpar", op->name));
}

// extract_slice: a strided slice, reshaped when the result drops unit dimensions.
// insert_slice (unit strides): the source, reshaped to the sizes, written by
// dynamic-update-slice at constant offsets.
Expected<std::vector<Instruction*>> Parser::BuildTensorSlice(Scope* scope, OpInfo* op) {
  const bool extract = op->mnemonic == "extract_slice";
  const size_t want = extract ? 1 : 2;
  ASSIGN_OR_RETURN(std::vector<int64_t> offsets,
                   StaticList(*this, *op, "list0", "static_offsets"));
  ASSIGN_OR_RETURN(std::vector<int64_t> sizes, StaticList(*this, *op, "list1", "static_sizes"));
  ASSIGN_OR_RETURN(std::vector<int64_t> strides,
                   StaticList(*this, *op, "list2", "static_strides"));
  if (op->operands.size() != want) {
    return Error(op->offset, fmt::format("'{}' takes {} operand(s)", op->name, want));
  }
  Instruction* base = op->operands[want - 1];
  const Shape& shape = base->shape();
  const int64_t rank = shape.rank();
  if (static_cast<int64_t>(offsets.size()) != rank || static_cast<int64_t>(sizes.size()) != rank ||
      static_cast<int64_t>(strides.size()) != rank) {
    return Error(op->offset, fmt::format("'{}' needs {} offsets, sizes and strides", op->name, rank));
  }
  std::vector<SliceDim> slice;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t limit = offsets[d] + (sizes[d] - 1) * strides[d] + 1;
    if (offsets[d] < 0 || sizes[d] < 1 || strides[d] < 1 || limit > shape.dim(d)) {
      return Error(op->offset, fmt::format("'{}' reads outside dimension {} (size {})", op->name,
                                           d, shape.dim(d)));
    }
    if (!extract && strides[d] != 1) {
      return Unsupported(op->offset, "tensor.insert_slice with strides other than 1 is not "
                                     "supported by xpar");
    }
    slice.push_back({offsets[d], limit, strides[d]});
  }
  Computation* comp = scope->comp;
  Shape sized(shape.type(), sizes);
  if (extract) {
    Instruction* s = Add(comp, Opcode::kSlice, sized, {base}, op->offset, op->result_name);
    s->attrs().slice = slice;
    if (sized == op->result_types[0]) return std::vector<Instruction*>{s};
    return std::vector<Instruction*>{
        Add(comp, Opcode::kReshape, op->result_types[0], {s}, op->offset, "reshape")};
  }
  Instruction* src = op->operands[0];
  if (src->shape().ElementCount() != sized.ElementCount()) {
    return Error(op->offset, "tensor.insert_slice: the source does not have the slice's size");
  }
  if (!(src->shape() == sized)) src = Add(comp, Opcode::kReshape, sized, {src}, op->offset, "reshape");
  std::vector<Instruction*> operands = {base, src};
  ChloBuilder b(*this, comp, shape, op->offset);
  for (int64_t o : offsets) operands.push_back(b.IntConst(Shape::Scalar(PrimitiveType::kS64), o));
  return std::vector<Instruction*>{Add(comp, Opcode::kDynamicUpdateSlice, shape, operands,
                                       op->offset, op->result_name)};
}

}  // namespace xpar::mlir
