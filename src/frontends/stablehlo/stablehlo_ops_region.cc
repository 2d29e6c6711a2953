// Ops with regions (reduce, sort, scatter, while, if, case, ...), custom calls, and the check /
// interpreter test ops of the StableHLO conformance suite.
#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {
namespace {

std::string PlainAttrText(const Attr& a) {
  switch (a.kind) {
    case Attr::Kind::kInt: return std::to_string(a.i);
    case Attr::Kind::kFloat: return fmt::format("{:.17g}", a.f);
    case Attr::Kind::kBool: return a.b ? "true" : "false";
    case Attr::Kind::kString:
    case Attr::Kind::kSymbol:
    case Attr::Kind::kEnum: return a.s;
    case Attr::Kind::kList: {
      std::string out = "[";
      for (size_t i = 0; i < a.list.size(); ++i) {
        out += (i ? "," : "") + PlainAttrText(a.list[i]);
      }
      return out + "]";
    }
    default: return std::string(a.text);
  }
}

std::string Quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  return out + "\"";
}

}  // namespace

Status Parser::FinishRegionRoot(Region* r, bool tuple_always, bool pass_captures) {
  std::vector<Instruction*> elems = r->returned;
  if (pass_captures && r->captures) {
    int64_t n = static_cast<int64_t>(r->arg_types.size());
    for (size_t k = 0; k < r->captures->size(); ++k) {
      Instruction* g = Add(r->comp, Opcode::kGetTupleElement, (*r->captures)[k]->shape(),
                           {r->tuple_param}, r->return_offset, "captured");
      g->attrs().tuple_index = n + static_cast<int64_t>(k);
      elems.push_back(g);
    }
  }
  if (elems.size() == 1 && !tuple_always) {
    r->comp->set_root(elems[0]);
  } else {
    r->comp->set_root(MakeTuple(r->comp, elems, r->return_offset));
  }
  return Status::Ok();
}

Expected<std::vector<Instruction*>> Parser::BuildWithRegions(Scope* scope, OpInfo* op,
                                                             Opcode opcode) {
  size_t want = opcode == Opcode::kSelectAndScatter ? 2 : 1;
  if (op->regions.size() != want) {
    return Error(op->offset, fmt::format("'{}' needs {} region(s), has {}", op->name, want,
                                         op->regions.size()));
  }
  Instruction* inst = Add(scope->comp, opcode, ResultShape(*op), op->operands, op->offset,
                          op->result_name);
  for (Region& r : op->regions) {
    RETURN_IF_ERROR(FinishRegionRoot(&r, false, false));
    inst->mutable_called().push_back(r.comp);
  }
  RETURN_IF_ERROR(SetAttributes(op, opcode, inst));
  return Unpack(scope->comp, inst, op->num_results, op->offset);
}

Expected<std::vector<Instruction*>> Parser::BuildControlFlow(Scope* scope, OpInfo* op) {
  Computation* comp = scope->comp;
  auto fix_param = [](Region& r) {
    std::vector<Shape> elems = r.arg_types;
    for (Instruction* c : *r.captures) elems.push_back(c->shape());
    r.tuple_param->mutable_shape() = Shape::Tuple(std::move(elems));
  };
  if (op->mnemonic == "while") {
    if (op->regions.size() != 2) return Error(op->offset, "while needs a cond and a body region");
    Region& cond = op->regions[0];
    Region& body = op->regions[1];
    std::vector<Instruction*> state = op->operands;
    state.insert(state.end(), cond.captures->begin(), cond.captures->end());
    fix_param(cond);
    fix_param(body);
    if (cond.returned.size() != 1) return Error(cond.return_offset, "while cond must return one value");
    RETURN_IF_ERROR(FinishRegionRoot(&cond, false, false));
    RETURN_IF_ERROR(FinishRegionRoot(&body, true, true));
    Instruction* init = MakeTuple(comp, state, op->offset);
    Instruction* w = Add(comp, Opcode::kWhile, init->shape(), {init}, op->offset, op->result_name);
    w->mutable_called() = {cond.comp, body.comp};
    std::vector<Instruction*> out;
    for (int64_t i = 0; i < op->num_results; ++i) {
      Instruction* g = Add(comp, Opcode::kGetTupleElement, w->shape().tuple_shape(i), {w},
                           op->offset, "get-tuple-element");
      g->attrs().tuple_index = i;
      out.push_back(g);
    }
    return out;
  }
  // if / case: each branch takes a tuple of the outer values it uses.
  if (op->operands.size() != 1) return Error(op->offset, fmt::format("'{}' takes one operand", op->name));
  if (op->mnemonic == "if" && op->regions.size() != 2) {
    return Error(op->offset, "if needs two regions");
  }
  std::vector<Instruction*> operands = {op->operands[0]};
  std::vector<Computation*> branches;
  for (Region& r : op->regions) {
    fix_param(r);
    operands.push_back(MakeTuple(comp, *r.captures, op->offset));
    RETURN_IF_ERROR(FinishRegionRoot(&r, op->num_results != 1, false));
    branches.push_back(r.comp);
  }
  Instruction* c = Add(comp, Opcode::kConditional, ResultShape(*op), operands, op->offset,
                       op->result_name);
  c->mutable_called() = branches;
  return Unpack(comp, c, op->num_results, op->offset);
}

Expected<std::vector<Instruction*>> Parser::BuildCustomCall(Scope* scope, OpInfo* op) {
  std::string target = op->callee;
  if (const Attr* t = op->Find("call_target_name")) target = t->s;
  if (target.empty()) return Error(op->offset, "custom_call without a target");
  if (std::string_view rt = RoundTripTarget(target); rt.starts_with("xla.sdy.")) {
    if (rt != "xla.sdy.GlobalToLocalShape" && rt != "xla.sdy.LocalToGlobalShape") {
      return BuildRoundTripCall(scope, op, rt);
    }
    target = std::string(rt);  // read with its call once every function is (Assemble)
  }
  Shape shape = ResultShape(*op);
  if (target == "check.eq" && op->num_results == 0) shape = Shape::Scalar(PrimitiveType::kPred);
  Instruction* inst = Add(scope->comp, Opcode::kCustomCall, shape, op->operands, op->offset,
                          op->result_name.empty() ? "custom-call" : op->result_name);
  InstructionAttrs& at = inst->attrs();
  at.custom_call_target = target;
  for (const auto& [key, a] : op->attrs) {
    if (key == "call_target_name") continue;
    if (key == "backend_config") {
      if (a.kind == Attr::Kind::kString) {
        at.backend_config = a.s;  // stored unquoted, as the HLO parser stores it
      } else {
        at.backend_config = std::string(a.text);
      }
    } else if (key == "has_side_effect") {
      at.has_side_effect = a.kind == Attr::Kind::kUnit || a.b;
    } else if (key == "api_version") {
      static const char* kNames[] = {"API_VERSION_UNSPECIFIED", "API_VERSION_ORIGINAL",
                                     "API_VERSION_STATUS_RETURNING",
                                     "API_VERSION_STATUS_RETURNING_UNIFIED",
                                     "API_VERSION_TYPED_FFI"};
      int64_t v = a.kind == Attr::Kind::kDialect && !a.list.empty() ? -1 : a.i;
      if (v >= 0 && v <= 4) {
        at.api_version = v;
        at.api_version_name = kNames[v];
      }
    } else if (key == "called_computations") {
      for (const Attr& s : a.list) {
        if (s.kind != Attr::Kind::kSymbol) continue;
        inst->mutable_called().push_back(nullptr);
        calls_.push_back({inst, static_cast<int64_t>(inst->called().size()) - 1, s.s, s.offset});
      }
    } else if (a.kind == Attr::Kind::kDict) {  // byteir_attrs, mhlo.frontend_attributes, ...
      for (const auto& [k, v] : a.dict) {
        if (k == "xla.sdy.sharding") continue;  // the instruction's sharding (ParseStatement)
        inst->mutable_frontend_attributes().emplace_back(k, PlainAttrText(v));
      }
    }
  }
  if (target.starts_with("check.")) at.has_side_effect = true;
  if (target == "xla.sdy.LocalToGlobalShape") round_trip_outs_.emplace_back(inst, scope->comp);
  int64_t n = op->num_results;
  if (n == 0) return std::vector<Instruction*>{};
  return Unpack(scope->comp, inst, n, op->offset);
}

// ByteIR's ccl dialect: `ccl.all_gather %x {axis = 0, replica_groups = [[0, 1]]}` and
// `ccl.all_reduce %x {reduction = "sum", ...}` become all-gather / all-reduce.
Expected<std::vector<Instruction*>> Parser::BuildCcl(Scope* scope, OpInfo* op) {
  const bool gather = op->mnemonic == "all_gather";
  if ((!gather && op->mnemonic != "all_reduce") || op->operands.size() != 1 ||
      op->num_results != 1) {
    return Unsupported(op->offset, fmt::format("'{}' is not supported", op->name));
  }
  Instruction* inst = Add(scope->comp, gather ? Opcode::kAllGather : Opcode::kAllReduce,
                          op->result_types[0], op->operands, op->offset, op->result_name);
  InstructionAttrs& at = inst->attrs();
  if (const Attr* rg = op->Find("replica_groups")) {
    ReplicaGroups groups;
    for (const Attr& g : rg->list) {
      ASSIGN_OR_RETURN(std::vector<int64_t> ids, AttrInts(g));
      groups.groups.push_back(std::move(ids));
    }
    at.replica_groups = std::move(groups);
  }
  if (gather) {
    const Attr* axis = op->Find("axis");
    at.dimensions = {axis ? axis->i : 0};
    return std::vector<Instruction*>{inst};
  }
  const Attr* red = op->Find("reduction");
  std::string kind = red ? red->s : "sum";
  Opcode combine = kind == "sum"    ? Opcode::kAdd
                   : kind == "max"  ? Opcode::kMaximum
                   : kind == "min"  ? Opcode::kMinimum
                   : kind == "prod" ? Opcode::kMultiply
                                    : Opcode::kParameter;
  if (combine == Opcode::kParameter) {
    return Unsupported(op->offset, fmt::format("ccl.all_reduce reduction '{}' is not supported",
                                               kind));
  }
  Shape scalar = Shape::Scalar(op->result_types[0].type());
  Computation* r = NewComputation(fmt::format("{}.{}", current_func_, kind));
  Instruction* a = AddParameter(r, scalar, 0, op->offset, "lhs");
  Instruction* b = AddParameter(r, scalar, 1, op->offset, "rhs");
  r->set_root(Add(r, combine, scalar, {a, b}, op->offset));
  inst->mutable_called().push_back(r);
  return std::vector<Instruction*>{inst};
}

// check.expect_* (and _const forms), interpreter.probe / print / run_parallel.
Expected<std::vector<Instruction*>> Parser::BuildCheck(Scope* scope, OpInfo* op) {
  Computation* comp = scope->comp;
  const std::string& name = op->name;
  std::string target = name;
  std::vector<Instruction*> operands = op->operands;
  std::string config;
  auto add_config = [&](std::string_view key, const Attr* a) {
    if (!a) return;
    config += fmt::format("{}{}={}", config.empty() ? "" : " ", key, PlainAttrText(*a));
  };
  Shape shape = Shape::Tuple({});
  if (name == "interpreter.run_parallel") {
    const Attr* programs = op->Find("programs");
    if (!programs || programs->kind != Attr::Kind::kList || programs->list.empty()) {
      return Error(op->offset, "run_parallel needs programs=[[@f, ...], ...]");
    }
    Instruction* inst = Add(comp, Opcode::kCustomCall, Shape::Tuple(op->result_types), operands,
                            op->offset, "run_parallel");
    int64_t parts = static_cast<int64_t>(programs->list[0].list.size());
    for (const Attr& row : programs->list) {
      if (static_cast<int64_t>(row.list.size()) != parts) {
        return Error(row.offset, "run_parallel: every replica needs the same number of programs");
      }
      for (const Attr& p : row.list) {
        inst->mutable_called().push_back(nullptr);
        calls_.push_back({inst, static_cast<int64_t>(inst->called().size()) - 1, p.s, p.offset});
      }
    }
    // infeed=[@f, ...]: the host queue, one value per function result, called after the
    // programs (the runtime pops them in this order).
    int64_t infeeds = 0;
    if (const Attr* infeed = op->Find("infeed")) {
      if (infeed->kind != Attr::Kind::kList) {
        return Error(infeed->offset, "infeed=[@f, ...] expected");
      }
      for (const Attr& f : infeed->list) {
        if (f.kind != Attr::Kind::kSymbol) return Error(f.offset, "infeed=[@f, ...] expected");
        inst->mutable_called().push_back(nullptr);
        calls_.push_back({inst, static_cast<int64_t>(inst->called().size()) - 1, f.s, f.offset});
        ++infeeds;
      }
    }
    inst->attrs().custom_call_target = target;
    inst->attrs().has_side_effect = true;
    inst->attrs().backend_config =
        infeeds == 0 ? fmt::format("\"replicas={} partitions={}\"", programs->list.size(), parts)
                     : fmt::format("\"replicas={} partitions={} infeed={}\"",
                                   programs->list.size(), parts, infeeds);
    if (op->num_results == 0) return std::vector<Instruction*>{};
    std::vector<Instruction*> out;
    for (int64_t i = 0; i < op->num_results; ++i) {
      Instruction* g = Add(comp, Opcode::kGetTupleElement, op->result_types[i], {inst}, op->offset,
                           "get-tuple-element");
      g->attrs().tuple_index = i;
      out.push_back(g);
    }
    return out;
  }
  if (name == "interpreter.probe") {
    shape = ResultShape(*op);
    add_config("probe_id", op->Find("probe_id"));
  } else if (name == "interpreter.print") {
  } else if (name.starts_with("check.expect_")) {
    if (name.ends_with("_const")) {
      target = name.substr(0, name.size() - 6);
      const Attr* v = op->Find("value");
      if (!v || v->kind != Attr::Kind::kDense) return Error(op->offset, "expected a dense<...> value");
      ASSIGN_OR_RETURN(Instruction * c, AddDenseConstant(comp, *v, *v->type, v->offset, "expected"));
      operands.push_back(c);
    }
    add_config("tolerance", op->Find("tolerance"));
    add_config("max_ulp_difference", op->Find("max_ulp_difference"));
    add_config("min_ulp_difference", op->Find("min_ulp_difference"));
    add_config("probe_id", op->Find("probe_id"));
    add_config("iter", op->Find("iter"));
  } else {
    return Unsupported(op->offset, fmt::format("op '{}' is not supported", name));
  }
  Instruction* inst = Add(comp, Opcode::kCustomCall, shape, operands, op->offset,
                          op->mnemonic);
  inst->attrs().custom_call_target = target;
  inst->attrs().has_side_effect = true;
  if (!config.empty()) inst->attrs().backend_config = Quote(config);
  if (op->num_results == 0) return std::vector<Instruction*>{};
  return std::vector<Instruction*>{inst};
}

}  // namespace xpar::mlir
