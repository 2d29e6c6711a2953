// StableHLO/MHLO ops -> HLO instructions: dispatch by op name, and the ops without regions.
// Attributes are read from both spellings: generic (`broadcast_dimensions = ...`) and pretty
// (`dims = [...]`).
#include "frontends/stablehlo/stablehlo_ops_distributed.h"
#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {
namespace {

// MHLO ops with an HLO equivalent that StableHLO does not have (the op table's StableHLO
// column is empty for them).
std::optional<Opcode> MhloOnlyOpcode(std::string_view m) {
  if (m == "erf") return Opcode::kErf;
  if (m == "copy") return Opcode::kCopy;
  if (m == "bitcast") return Opcode::kBitcast;
  if (m == "add_dependency") return Opcode::kAddDependency;
  if (m == "dot") return Opcode::kDot;
  return std::nullopt;
}

}  // namespace

Shape Parser::ResultShape(const OpInfo& op) const {
  if (op.result_types.size() == 1) return op.result_types[0];
  return Shape::Tuple(op.result_types);
}

std::vector<Instruction*> Parser::Unpack(Computation* comp, Instruction* inst, int64_t n,
                                         int64_t offset) {
  if (n == 1) return {inst};
  std::vector<Instruction*> out;
  for (int64_t i = 0; i < n; ++i) {
    Instruction* g = Add(comp, Opcode::kGetTupleElement, inst->shape().tuple_shape(i), {inst},
                         offset, "get-tuple-element");
    g->attrs().tuple_index = i;
    out.push_back(g);
  }
  return out;
}

Expected<std::vector<Instruction*>> Parser::BuildOp(Scope* scope, OpInfo* op) {
  const std::string& name = op->name;
  std::string dialect = name.substr(0, name.find('.'));
  const std::string& m = op->mnemonic;
  if (dialect == "check" || dialect == "interpreter") return BuildCheck(scope, op);
  if (name == "func.call" || name == "call") {
    Instruction* call = Add(scope->comp, Opcode::kCall, ResultShape(*op), op->operands, op->offset,
                            op->result_name);
    call->mutable_called().push_back(nullptr);
    calls_.push_back({call, 0, op->callee, op->offset});
    if (const Attr* fa = op->Find("mhlo.frontend_attributes")) {  // the 2024 Shardy round trip
      for (const auto& [k, v] : fa->dict) {
        if (v.kind == Attr::Kind::kString) call->mutable_frontend_attributes().emplace_back(k, v.s);
      }
    }
    return Unpack(scope->comp, call, op->num_results, op->offset);
  }
  if (dialect == "ccl") return BuildCcl(scope, op);
  if (dialect == "chlo") return BuildChlo(scope, op);
  if (dialect == "sdy") return BuildSdy(scope, op);
  if (dialect == "arith") return BuildArith(scope, op);
  if (dialect == "tensor") return BuildTensor(scope, op);
  if (dialect != "stablehlo" && dialect != "mhlo") {
    return Unsupported(op->offset, fmt::format("op '{}' is not a StableHLO or MHLO op", name));
  }
  if (m == "while" || m == "if" || m == "case") return BuildControlFlow(scope, op);
  if (m == "custom_call") return BuildCustomCall(scope, op);
  if (m == "composite") {
    const Attr* d = op->Find("decomposition");
    if (!d || d->kind != Attr::Kind::kSymbol) {
      return Error(op->offset, "composite without a decomposition function");
    }
    Instruction* call = Add(scope->comp, Opcode::kCall, ResultShape(*op), op->operands, op->offset,
                            op->result_name);
    call->mutable_called().push_back(nullptr);
    calls_.push_back({call, 0, d->s, op->offset});
    return Unpack(scope->comp, call, op->num_results, op->offset);
  }
  if (IsLowerableDynamicOp(m)) return BuildDynamic(scope, op);
  if (m == "rng" && op->operands.size() == 3) return BuildRng(scope, op);
  if (m == "async_start" || m == "async_update" || m == "async_done") {
    return BuildAsync(*this, scope, op);
  }
  if (m == "send" || m == "recv") return BuildSendRecv(*this, scope, op);
  if (m == "collective_reduce") return BuildCollectiveReduce(*this, scope, op);
  if (m == "collective_broadcast" && op->Find("has_dynamic_root")) {
    return BuildDynamicRootBroadcast(*this, scope, op);
  }
  std::optional<Opcode> opcode = MhloOnlyOpcode(m);
  if (!opcode) opcode = OpcodeFromStableHloName(m);
  if (!opcode) {
    return Unsupported(op->offset, fmt::format("'{}' has no HLO equivalent in xpar", name));
  }
  if (*opcode == Opcode::kFft || *opcode == Opcode::kComplex || *opcode == Opcode::kReal ||
      *opcode == Opcode::kImag) {
    return Unsupported(op->offset, fmt::format("'{}' needs complex numbers, which xpar does not "
                                               "support", name));
  }
  if (op->Find("has_dynamic_root")) {
    return Unsupported(op->offset, fmt::format("'{}' with has_dynamic_root has no HLO equivalent "
                                               "in xpar", name));
  }
  if (!op->regions.empty()) return BuildWithRegions(scope, op, *opcode);
  return BuildSimple(scope, op, *opcode);
}

// StableHLO's broadcast_in_dim may stretch a size-1 operand dimension; HLO's broadcast may not.
// Such dimensions are reshaped away first (and dropped from the dimension list).
Status Parser::DropExpandedUnitDims(Scope* scope, OpInfo* op, std::vector<Instruction*>* operands) {
  const Attr* a = nullptr;
  for (auto& [k, v] : op->attrs) {
    if (k == "broadcast_dimensions" || k == "dims") a = &v;
  }
  if (!a || op->result_types.size() != 1) return Status::Ok();
  ASSIGN_OR_RETURN(std::vector<int64_t> dims, AttrInts(*a));
  const Shape& in = (*operands)[0]->shape();
  const Shape& out = op->result_types[0];
  if (static_cast<int64_t>(dims.size()) != in.rank()) return Status::Ok();
  std::vector<int64_t> kept_dims, kept_sizes;
  for (int64_t i = 0; i < in.rank(); ++i) {
    if (dims[i] < 0 || dims[i] >= out.rank()) return Status::Ok();  // the verifier reports it
    if (in.dim(i) == 1 && out.dim(dims[i]) != 1) continue;
    kept_dims.push_back(dims[i]);
    kept_sizes.push_back(in.dim(i));
  }
  if (static_cast<int64_t>(kept_dims.size()) == in.rank()) return Status::Ok();
  (*operands)[0] = Add(scope->comp, Opcode::kReshape, Shape(in.type(), kept_sizes),
                       {(*operands)[0]}, op->offset, "reshape");
  Attr list;
  list.kind = Attr::Kind::kList;
  list.offset = a->offset;
  for (int64_t d : kept_dims) {
    Attr e;
    e.kind = Attr::Kind::kInt;
    e.i = d;
    list.list.push_back(e);
  }
  for (auto& [k, v] : op->attrs) {
    if (k == "broadcast_dimensions" || k == "dims") v = list;
  }
  return Status::Ok();
}

// all_to_all with split_dimension s != concat_dimension c, as HLO's one-dimension all-to-all:
// split s into [n, size/n], move n to the front, exchange along 0, move n before c, merge.
Expected<std::vector<Instruction*>> Parser::BuildAllToAll(Scope* scope, OpInfo* op) {
  auto one = [&](std::string_view name) -> int64_t {
    const Attr* a = op->Find(name);
    return a && a->kind == Attr::Kind::kInt ? a->i : -1;
  };
  const int64_t s = one("split_dimension"), c = one("concat_dimension"), n = one("split_count");
  Instruction* x = op->operands[0];
  const Shape& in = x->shape();
  const int64_t rank = in.rank();
  if (s == c || s < 0 || c < 0 || s >= rank || c >= rank || n <= 0 || in.dim(s) % n != 0) {
    Instruction* inst = Add(scope->comp, Opcode::kAllToAll, op->result_types[0], {x}, op->offset,
                            op->result_name);
    RETURN_IF_ERROR(SetAttributes(op, Opcode::kAllToAll, inst));
    return std::vector<Instruction*>{inst};
  }
  Computation* comp = scope->comp;
  std::vector<int64_t> split_dims = in.dims();
  split_dims[s] /= n;
  std::vector<int64_t> r = split_dims;  // the per-chunk shape
  split_dims.insert(split_dims.begin() + s, n);
  Instruction* y = Add(comp, Opcode::kReshape, Shape(in.type(), split_dims), {x}, op->offset);
  std::vector<int64_t> perm1 = {s}, front = {n};
  for (int64_t i = 0; i <= rank; ++i) {
    if (i != s) perm1.push_back(i);
  }
  front.insert(front.end(), r.begin(), r.end());
  Instruction* t1 = Add(comp, Opcode::kTranspose, Shape(in.type(), front), {y}, op->offset);
  t1->attrs().dimensions = perm1;
  Instruction* a2a = Add(comp, Opcode::kAllToAll, t1->shape(), {t1}, op->offset, op->result_name);
  RETURN_IF_ERROR(SetAttributes(op, Opcode::kAllToAll, a2a));
  std::vector<int64_t> perm2, moved;
  for (int64_t i = 0; i < c; ++i) perm2.push_back(i + 1);
  perm2.push_back(0);
  for (int64_t i = c; i < rank; ++i) perm2.push_back(i + 1);
  for (int64_t p : perm2) moved.push_back(front[p]);
  Instruction* t2 = Add(comp, Opcode::kTranspose, Shape(in.type(), moved), {a2a}, op->offset);
  t2->attrs().dimensions = perm2;
  return std::vector<Instruction*>{
      Add(comp, Opcode::kReshape, op->result_types[0], {t2}, op->offset)};
}

Expected<std::vector<Instruction*>> Parser::BuildSimple(Scope* scope, OpInfo* op, Opcode opcode) {
  std::vector<Instruction*> operands = op->operands;
  Shape shape = ResultShape(*op);
  if (opcode == Opcode::kAllToAll && operands.size() == op->result_types.size()) {
    // Variadic all_to_all exchanges each operand independently.
    std::vector<Instruction*> out;
    for (size_t i = 0; i < operands.size(); ++i) {
      OpInfo one;
      one.name = op->name;
      one.mnemonic = op->mnemonic;
      one.offset = op->offset;
      one.result_name = op->result_name;
      one.attrs = op->attrs;
      one.operands = {operands[i]};
      one.result_types = {op->result_types[i]};
      one.num_results = 1;
      ASSIGN_OR_RETURN(std::vector<Instruction*> r, BuildAllToAll(scope, &one));
      out.push_back(r[0]);
    }
    return out;
  }
  if (opcode == Opcode::kOptimizationBarrier && operands.size() != 1) {
    // HLO's opt-barrier takes one (tuple) operand; it passes each operand on as one result.
    if (static_cast<int64_t>(operands.size()) != op->num_results) {
      return Error(op->offset, fmt::format("optimization_barrier has {} operands but {} results; "
                                           "they must be as many",
                                           operands.size(), op->num_results));
    }
    Instruction* tuple = MakeTuple(scope->comp, operands, op->offset);
    Instruction* inst = Add(scope->comp, opcode, tuple->shape(), {tuple}, op->offset,
                            op->result_name);
    return Unpack(scope->comp, inst, op->num_results, op->offset);
  }
  if (opcode == Opcode::kConstant) {
    const Attr* v = op->Find("value");
    if (!v || v->kind != Attr::Kind::kDense || op->result_types.size() != 1) {
      return Error(op->offset, "constant without a dense<...> value");
    }
    if (!operands.empty()) {
      return Error(op->offset, fmt::format("'{}' takes no operands or regions", op->name));
    }
    ASSIGN_OR_RETURN(Instruction * c,
                     AddDenseConstant(scope->comp, *v, shape, op->offset, op->result_name));
    return std::vector<Instruction*>{c};
  }
  if (opcode == Opcode::kBroadcast && operands.size() == 1) {
    RETURN_IF_ERROR(DropExpandedUnitDims(scope, op, &operands));
  }
  if (opcode == Opcode::kSelect && operands.size() == 3 && operands[0]->shape().rank() == 0 &&
      shape.IsArray() && shape.rank() > 0) {
    // StableHLO lets a scalar predicate choose whole tensors; HLO wants it broadcast.
    operands[0] = Add(scope->comp, Opcode::kBroadcast, Shape(PrimitiveType::kPred, shape.dims()),
                      {operands[0]}, op->offset, "broadcast");
  }
  Instruction* inst = Add(scope->comp, opcode, shape, operands, op->offset, op->result_name);
  RETURN_IF_ERROR(SetAttributes(op, opcode, inst));
  return Unpack(scope->comp, inst, op->num_results, op->offset);
}

}  // namespace xpar::mlir
