// chlo.scan, parsed from its pretty form and lowered as stablehlo-opt --chlo-legalize-to-stablehlo
// would: a while loop over the scanned dimension whose body dynamic-slices one element of every
// input, calls the scan region on (elements..., carries...), and dynamic-update-slices the
// region's outputs into the results; `is_reverse` walks the dimension from its end.
#include "frontends/stablehlo/stablehlo_chlo.h"

namespace xpar::mlir {
namespace {

Shape DropDim(const Shape& s, int64_t d) {
  std::vector<int64_t> dims = s.dims();
  dims.erase(dims.begin() + d);
  return Shape(s.type(), dims);
}

Attr IntAttr(int64_t v, int64_t offset) {
  Attr a;
  a.kind = Attr::Kind::kInt;
  a.i = v;
  a.offset = offset;
  return a;
}

// The loop state: [s64 counter, inputs..., carries..., outputs...].
struct ScanLoop {
  int64_t n = 0, k = 0, m = 0;  // inputs, carries, outputs
  int64_t dim = 0, length = 0;
  bool reverse = false;
  std::vector<Shape> state;  // element shapes of the loop tuple
  Computation* region = nullptr;
};

Computation* BuildCondition(Parser& p, const ScanLoop& s, int64_t at) {
  Computation* c = p.NewComputation(fmt::format("{}.scan_cond", p.current_func_));
  Instruction* param = p.AddParameter(c, Shape::Tuple(s.state), 0, at, "state");
  Instruction* i = p.Add(c, Opcode::kGetTupleElement, s.state[0], {param}, at, "i");
  i->attrs().tuple_index = 0;
  Instruction* len = p.Add(c, Opcode::kConstant, s.state[0], {}, at, "length");
  len->attrs().literal = Literal::Scalar<int64_t>(s.length);
  Instruction* lt = p.Add(c, Opcode::kCompare, Shape::Scalar(PrimitiveType::kPred), {i, len}, at);
  lt->attrs().comparison_direction = ComparisonDirection::kLt;
  c->set_root(lt);
  return c;
}

Computation* BuildBody(Parser& p, const ScanLoop& s, int64_t at) {
  Computation* c = p.NewComputation(fmt::format("{}.scan_body", p.current_func_));
  Instruction* param = p.AddParameter(c, Shape::Tuple(s.state), 0, at, "state");
  std::vector<Instruction*> v;
  for (size_t e = 0; e < s.state.size(); ++e) {
    Instruction* g =
        p.Add(c, Opcode::kGetTupleElement, s.state[e], {param}, at, "get-tuple-element");
    g->attrs().tuple_index = static_cast<int64_t>(e);
    v.push_back(g);
  }
  const Shape index = s.state[0];
  auto konst = [&](int64_t x) {
    Instruction* k = p.Add(c, Opcode::kConstant, index, {}, at);
    k->attrs().literal = Literal::Scalar<int64_t>(x);
    return k;
  };
  Instruction* idx = v[0];
  if (s.reverse) idx = p.Add(c, Opcode::kSubtract, index, {konst(s.length - 1), v[0]}, at);
  Instruction* zero = konst(0);
  auto starts = [&](int64_t rank) {
    std::vector<Instruction*> out(rank, zero);
    out[s.dim] = idx;
    return out;
  };
  std::vector<Instruction*> args;
  for (int64_t j = 0; j < s.n; ++j) {
    Instruction* in = v[1 + j];
    std::vector<int64_t> sizes = in->shape().dims();
    sizes[s.dim] = 1;
    std::vector<Instruction*> ops = {in};
    for (Instruction* x : starts(in->shape().rank())) ops.push_back(x);
    Instruction* ds = p.Add(c, Opcode::kDynamicSlice, Shape(in->shape().type(), sizes), ops, at);
    ds->attrs().dynamic_slice_sizes = sizes;
    args.push_back(p.Add(c, Opcode::kReshape, DropDim(in->shape(), s.dim), {ds}, at));
  }
  for (int64_t j = 0; j < s.k; ++j) args.push_back(v[1 + s.n + j]);
  Instruction* call = p.Add(c, Opcode::kCall, s.region->root()->shape(), args, at, "scan_step");
  call->mutable_called().push_back(s.region);
  std::vector<Instruction*> next = {p.Add(c, Opcode::kAdd, index, {v[0], konst(1)}, at)};
  for (int64_t j = 0; j < s.n; ++j) next.push_back(v[1 + j]);
  std::vector<Instruction*> results;  // the region's root is always a tuple
  for (int64_t j = 0; j < s.m + s.k; ++j) {
    Instruction* g = p.Add(c, Opcode::kGetTupleElement, s.region->root()->shape().tuple_shape(j),
                           {call}, at, "get-tuple-element");
    g->attrs().tuple_index = j;
    results.push_back(g);
  }
  for (int64_t j = 0; j < s.k; ++j) next.push_back(results[s.m + j]);
  for (int64_t j = 0; j < s.m; ++j) {
    Instruction* out = v[1 + s.n + s.k + j];
    std::vector<int64_t> sizes = out->shape().dims();
    sizes[s.dim] = 1;
    Instruction* upd =
        p.Add(c, Opcode::kReshape, Shape(out->shape().type(), sizes), {results[j]}, at);
    std::vector<Instruction*> ops = {out, upd};
    for (Instruction* x : starts(out->shape().rank())) ops.push_back(x);
    next.push_back(p.Add(c, Opcode::kDynamicUpdateSlice, out->shape(), ops, at));
  }
  c->set_root(p.MakeTuple(c, next, at));
  return c;
}

// Checks operand/result/region types against each other; fills the loop's shapes.
Status CheckScan(Parser& p, const OpInfo& op, const Region& r, ScanLoop* s) {
  const int64_t at = op.offset;
  if (s->n < 0 || s->k < 0 || s->m < 0 || (s->n == 0 && s->m == 0)) {
    return p.Error(at, "chlo.scan: bad input / init / result counts");
  }
  const Shape& scanned = s->n > 0 ? op.operands[0]->shape() : op.result_types[0];
  if (!scanned.IsArray() || s->dim < 0 || s->dim >= scanned.rank()) {
    return p.Error(at, fmt::format("chlo.scan: dimension {} is out of range", s->dim));
  }
  s->length = scanned.dim(s->dim);
  s->state = {Shape::Scalar(PrimitiveType::kS64)};
  std::vector<Shape> want_args;
  for (int64_t j = 0; j < s->n + s->k; ++j) {
    const Shape& sh = op.operands[j]->shape();
    bool is_input = j < s->n;
    if (is_input && (!sh.IsArray() || sh.rank() <= s->dim || sh.dim(s->dim) != s->length)) {
      return p.Error(op.operand_offsets[j], "chlo.scan: inputs must share the scanned dimension");
    }
    want_args.push_back(is_input ? DropDim(sh, s->dim) : sh);
    s->state.push_back(sh);
  }
  for (int64_t j = 0; j < s->k; ++j) {
    if (!op.result_types[s->m + j].Compatible(op.operands[s->n + j]->shape())) {
      return p.Error(at, fmt::format("chlo.scan: carry result {} differs from its init", j));
    }
  }
  for (int64_t j = 0; j < s->m; ++j) {
    const Shape& sh = op.result_types[j];
    if (!sh.IsArray() || sh.rank() <= s->dim || sh.dim(s->dim) != s->length) {
      return p.Error(at, "chlo.scan: outputs must have the scanned dimension");
    }
    s->state.push_back(sh);
  }
  if (r.arg_types.size() != want_args.size()) {
    return p.Error(at, fmt::format("chlo.scan: the region takes {} arguments, expected {}",
                                   r.arg_types.size(), want_args.size()));
  }
  for (size_t j = 0; j < want_args.size(); ++j) {
    if (!r.arg_types[j].Compatible(want_args[j])) {
      return p.Error(at, fmt::format("chlo.scan: region argument {} is {}, expected {}", j,
                                     r.arg_types[j].ToString(), want_args[j].ToString()));
    }
  }
  if (static_cast<int64_t>(r.returned.size()) != s->m + s->k) {
    return p.Error(r.return_offset, fmt::format("chlo.scan: the region returns {} values, "
                                                "expected {}",
                                                r.returned.size(), s->m + s->k));
  }
  return Status::Ok();
}

}  // namespace

Status ParsePrettyChloScan(Parser& p, Scope* scope, OpInfo* op) {
  RETURN_IF_ERROR(p.Expect("(", "to open the scan inputs"));
  RETURN_IF_ERROR(p.ParseOperandList(scope, op, ")"));
  const int64_t num_inputs = static_cast<int64_t>(op->operands.size());
  if (p.lex_.TryConsume("inits")) {
    RETURN_IF_ERROR(p.Expect("(", "to open the scan inits"));
    RETURN_IF_ERROR(p.ParseOperandList(scope, op, ")"));
  }
  op->attrs.emplace_back("num_inputs", IntAttr(num_inputs, op->offset));
  RETURN_IF_ERROR(p.Expect("dimension", "in chlo.scan"));
  RETURN_IF_ERROR(p.Expect("=", "after 'dimension'"));
  ASSIGN_OR_RETURN(Attr dim, p.ParseAttrValue());
  op->attrs.emplace_back("dimension", std::move(dim));
  if (p.lex_.TryConsume("attributes")) {
    RETURN_IF_ERROR(p.Expect("{", "to open the attributes"));
    RETURN_IF_ERROR(p.ParseAttrDict(&op->attrs));
  }
  Region r;
  RETURN_IF_ERROR(p.ParseRegion(scope, Scope::Mode::kCopyConstants, nullptr, {}, &r));
  op->regions.push_back(std::move(r));
  return p.ParseTypeSignature(op);
}

Expected<std::vector<Instruction*>> BuildChloScan(Parser& p, Scope* scope, OpInfo* op) {
  const int64_t at = op->offset;
  const Attr* num_inputs = op->Find("num_inputs");
  if (!num_inputs) num_inputs = op->Find("xpar.num_inputs");
  if (const Attr* seg = op->Find("operandSegmentSizes"); seg && !num_inputs) {
    ASSIGN_OR_RETURN(std::vector<int64_t> sizes, AttrInts(*seg));
    if (sizes.size() == 2) op->attrs.emplace_back("num_inputs", IntAttr(sizes[0], at));
    num_inputs = op->Find("num_inputs");
  }
  // Looked up after the emplace_back above, which may move the attributes (a pointer taken
  // before it dangled: heap-use-after-free under ASan, lit stablehlo/chlo_scan.test).
  const Attr* dim = op->Find("dimension");
  if (!dim || dim->kind != Attr::Kind::kInt || !num_inputs || op->regions.size() != 1) {
    return p.Error(at, "chlo.scan needs a dimension, its inputs and inits, and one region");
  }
  ScanLoop s;
  s.dim = dim->i;
  s.n = num_inputs->i;
  s.k = static_cast<int64_t>(op->operands.size()) - s.n;
  s.m = static_cast<int64_t>(op->result_types.size()) - s.k;
  if (const Attr* rev = op->Find("is_reverse"))
    s.reverse = rev->kind != Attr::Kind::kBool || rev->b;
  Region& r = op->regions[0];
  RETURN_IF_ERROR(CheckScan(p, *op, r, &s));
  RETURN_IF_ERROR(p.FinishRegionRoot(&r, true, false));
  s.region = r.comp;
  Computation* comp = scope->comp;
  Instruction* zero = p.Add(comp, Opcode::kConstant, s.state[0], {}, at, "i");
  zero->attrs().literal = Literal::Scalar<int64_t>(0);
  std::vector<Instruction*> init = {zero};
  for (Instruction* x : op->operands) init.push_back(x);
  for (int64_t j = 0; j < s.m; ++j) {
    const Shape& sh = s.state[1 + s.n + s.k + j];
    Instruction* z = p.Add(comp, Opcode::kConstant, Shape::Scalar(sh.type()), {}, at, "zero");
    z->attrs().literal = Literal(Shape::Scalar(sh.type()));
    Instruction* b = p.Add(comp, Opcode::kBroadcast, sh, {z}, at);
    init.push_back(b);
  }
  Instruction* loop =
      p.Add(comp, Opcode::kWhile, Shape::Tuple(s.state), {p.MakeTuple(comp, init, at)}, at, "scan");
  loop->mutable_called().push_back(BuildCondition(p, s, at));
  loop->mutable_called().push_back(BuildBody(p, s, at));
  std::vector<Instruction*> out;
  auto take = [&](int64_t e) {
    Instruction* g =
        p.Add(comp, Opcode::kGetTupleElement, s.state[e], {loop}, at, "get-tuple-element");
    g->attrs().tuple_index = e;
    out.push_back(g);
  };
  for (int64_t j = 0; j < s.m; ++j) take(1 + s.n + s.k + j);
  for (int64_t j = 0; j < s.k; ++j) take(1 + s.n + j);
  return out;
}

}  // namespace xpar::mlir
