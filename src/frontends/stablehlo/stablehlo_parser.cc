// StableHLO/MHLO parser: modules, functions, regions, op statements and SSA value scopes.
// Op syntax (pretty forms) is in stablehlo_pretty.cc; the mapping onto HLO instructions in
// stablehlo_ops*.cc.
#include "frontends/hlo/hlo_lexer.h"
#include "frontends/hlo/hlo_parser.h"
#include "frontends/stablehlo/stablehlo_parser.h"

#include <functional>
#include <unordered_set>

#include "frontends/stablehlo/stablehlo_parser_impl.h"
#include "frontends/stablehlo/stablehlo_printer_internal.h"

namespace xpar {
namespace mlir {
namespace {

bool IsReturnOp(std::string_view name) {
  return name == "func.return" || name == "return" || name == "stablehlo.return" ||
         name == "mhlo.return" || name == "sdy.return";
}

std::string Sanitize(std::string_view name) {
  std::string out;
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_';
    out.push_back(ok ? c : '_');
  }
  return out;
}

}  // namespace

Instruction* Parser::Add(Computation* comp, Opcode opcode, Shape shape,
                         const std::vector<Instruction*>& operands, int64_t offset,
                         std::string_view base) {
  std::string stem = base.empty() || (base[0] >= '0' && base[0] <= '9')
                         ? std::string(HloOpcodeName(opcode))
                         : Sanitize(base);
  auto inst = std::make_unique<Instruction>(fmt::format("{}.{}", stem, next_id_++), opcode,
                                            std::move(shape));
  for (Instruction* op : operands) inst->AddOperand(op);
  inst->set_source_offset(offset);
  return comp->AddInstruction(std::move(inst));
}

Instruction* Parser::AddParameter(Computation* comp, Shape shape, int64_t number,
                                  int64_t offset, std::string_view base) {
  auto inst = std::make_unique<Instruction>(fmt::format("{}.{}", Sanitize(base), next_id_++),
                                            Opcode::kParameter, std::move(shape));
  inst->attrs().parameter_number = number;  // before AddInstruction, which files it by number
  inst->set_source_offset(offset);
  return comp->AddInstruction(std::move(inst));
}

Instruction* Parser::MakeTuple(Computation* comp, const std::vector<Instruction*>& elems,
                               int64_t offset) {
  std::vector<Shape> shapes;
  for (Instruction* e : elems) shapes.push_back(e->shape());
  return Add(comp, Opcode::kTuple, Shape::Tuple(std::move(shapes)), elems, offset, "tuple");
}

Computation* Parser::NewComputation(std::string base) {
  // Kept to HLO's name alphabet, as function names are: regions and CHLO lowerings name their
  // computations after the function (`@sc$an` -> `sc_an.region`), and the HLO print must read
  // back (a fuzz finding).
  for (char& c : base) {
    if (!hlo::IsNameChar(c)) c = '_';
  }
  std::string name = base;
  for (int64_t k = 1;; ++k) {
    bool taken = false;
    for (const auto& c : comps_) taken = taken || c->name() == name;
    if (!taken) break;
    name = fmt::format("{}.{}", base, k);
  }
  comps_.push_back(std::make_unique<Computation>(name));
  return comps_.back().get();
}

Status Parser::SkipLocation() {
  if (!lex_.Peek().Is("loc")) return Status::Ok();
  lex_.Next();
  RETURN_IF_ERROR(Expect("(", "after 'loc'"));
  int depth = 1;
  while (depth > 0) {
    Token t = lex_.Next();
    if (t.kind == Tok::kEof) return Error(t.offset, "unterminated loc(...)");
    if (t.Is("(")) ++depth;
    if (t.Is(")")) --depth;
  }
  return Status::Ok();
}

Expected<Instruction*> Parser::Lookup(Scope* scope, std::string_view name, int64_t offset) {
  std::string_view base = name;
  int64_t index = 0;
  if (size_t hash = name.find('#'); hash != std::string_view::npos) {
    base = name.substr(0, hash);
    std::optional<int64_t> i = DecimalInt64(name.substr(hash + 1));
    if (!i) return Error(offset, fmt::format("result index of '{}' is not a 64-bit integer", name));
    index = *i;
  }
  auto it = scope->values.find(std::string(base));
  if (it != scope->values.end()) {
    if (index >= static_cast<int64_t>(it->second.size())) {
      return Error(offset, fmt::format("'{}' has only {} result(s)", base, it->second.size()));
    }
    return it->second[index];
  }
  if (!scope->parent || scope->mode == Scope::Mode::kIsolated) {
    return Error(offset, fmt::format("use of undefined value '{}'", name));
  }
  ASSIGN_OR_RETURN(Instruction * outer, Lookup(scope->parent, name, offset));
  if (auto c = scope->captured.find(outer); c != scope->captured.end()) return c->second;
  Instruction* local = nullptr;
  if (scope->mode == Scope::Mode::kTuple) {
    auto& caps = *scope->captures;
    int64_t k = 0;
    while (k < static_cast<int64_t>(caps.size()) && caps[k] != outer) ++k;
    if (k == static_cast<int64_t>(caps.size())) caps.push_back(outer);
    local = Add(scope->comp, Opcode::kGetTupleElement, outer->shape(), {scope->tuple_param},
                offset, "captured");
    local->attrs().tuple_index = scope->num_args + k;
  } else if (outer->opcode() == Opcode::kConstant) {
    local = Add(scope->comp, Opcode::kConstant, outer->shape(), {}, offset, "constant");
    local->attrs().literal = outer->attrs().literal;
  } else if (IsSplatConstant(*outer)) {  // a large splat (AddSplatConstant): copy both parts
    const Instruction& scalar = *outer->operand(0);
    local = AddSplatConstant(scope->comp, outer->shape(), *scalar.attrs().literal, offset);
  } else {
    return Unsupported(offset, fmt::format("this region uses '{}' from the enclosing scope; "
                                           "xpar supports only constants there",
                                           name));
  }
  scope->captured[outer] = local;
  return local;
}

Status Parser::ParseOperands(Scope* scope, OpInfo* op) {
  do {
    Token t = lex_.Next();
    if (t.kind != Tok::kValueId) {
      return Error(t.offset, fmt::format("expected an operand of '{}', found '{}'", op->name,
                                         t.text));
    }
    ASSIGN_OR_RETURN(Instruction * v, Lookup(scope, t.text, t.offset));
    op->operands.push_back(v);
    op->operand_offsets.push_back(t.offset);
  } while (lex_.TryConsume(","));
  return Status::Ok();
}

Status Parser::ParseOperandList(Scope* scope, OpInfo* op, std::string_view close) {
  if (lex_.TryConsume(close)) return Status::Ok();
  RETURN_IF_ERROR(ParseOperands(scope, op));
  return Expect(close, "to close the operand list");
}

// `: (types) -> types` or `: types`.
Status Parser::ParseTypeSignature(OpInfo* op) {
  RETURN_IF_ERROR(Expect(":", fmt::format("and the type of '{}'", op->name)));
  std::vector<Shape> first;
  if (lex_.Peek().Is("(")) {
    ASSIGN_OR_RETURN(first, ParseTypeListMaybeParens());
  } else {
    do {
      ASSIGN_OR_RETURN(Shape s, ParseType());
      first.push_back(std::move(s));
    } while (lex_.TryConsume(","));
  }
  if (lex_.TryConsume("->")) {
    op->operand_types = std::move(first);
    ASSIGN_OR_RETURN(op->result_types, ParseTypeListMaybeParens());
    return Status::Ok();
  }
  // One list: the result types are its last num_results entries (`select`'s list is
  // `pred, result`); a single type is shared by operands and result. It declares no type per
  // operand (operand_types stays empty): the op's shape rule checks the operands.
  int64_t n = op->num_results;
  if (n > static_cast<int64_t>(first.size())) {
    if (first.size() != 1) return Error(op->offset, "fewer types than results");
    op->result_types.assign(n, first[0]);
  } else {
    op->result_types.assign(first.end() - n, first.end());
  }
  return Status::Ok();
}

Status Parser::CheckDeclaredTypes(std::string_view what, const std::vector<Shape>& declared,
                                  const std::vector<Instruction*>& values, int64_t offset,
                                  const std::vector<int64_t>& offsets) const {
  if (declared.size() != values.size()) {
    return Error(offset, fmt::format("{}: {} declared type(s) for {} value(s)", what,
                                     declared.size(), values.size()));
  }
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i]->shape().Compatible(declared[i])) continue;
    return Error(i < offsets.size() && offsets[i] >= 0 ? offsets[i] : offset,
                 fmt::format("{}: value {} has type {}, but the declared type is {}", what, i,
                             shlo_printer::TypeText(values[i]->shape()),
                             shlo_printer::TypeText(declared[i])));
  }
  return Status::Ok();
}

Status Parser::ParseGenericOp(Scope* scope, OpInfo* op) {
  RETURN_IF_ERROR(Expect("(", fmt::format("to open the operands of '{}'", op->name)));
  RETURN_IF_ERROR(ParseOperandList(scope, op, ")"));
  if (lex_.Peek().Is("<")) {  // properties
    lex_.Next();
    RETURN_IF_ERROR(Expect("{", "to open the properties"));
    RETURN_IF_ERROR(ParseAttrDict(&op->attrs));
    RETURN_IF_ERROR(Expect(">", "to close the properties"));
  }
  if (lex_.Peek().Is("(")) {
    lex_.Next();
    bool is_while = op->mnemonic == "while";
    bool is_branch = op->mnemonic == "if" || op->mnemonic == "case";
    auto shared = std::make_unique<std::vector<Instruction*>>();
    do {
      Region r;
      Scope::Mode mode = is_while || is_branch ? Scope::Mode::kTuple
                                               : Scope::Mode::kCopyConstants;
      std::vector<Instruction*>* caps = nullptr;
      if (is_while) caps = shared.get();
      RETURN_IF_ERROR(ParseRegion(scope, mode, caps, {}, &r));
      op->regions.push_back(std::move(r));
    } while (lex_.TryConsume(","));
    RETURN_IF_ERROR(Expect(")", "to close the regions"));
    if (is_while && !op->regions.empty()) op->regions[0].own_captures = std::move(shared);
  }
  if (lex_.Peek().Is("{")) {
    lex_.Next();
    RETURN_IF_ERROR(ParseAttrDict(&op->attrs));
  }
  return ParseTypeSignature(op);
}

// `{ [^bb0(%a: type, ...):] ops }`. Block arguments become parameters (kCopyConstants) or
// elements of one tuple parameter (kTuple); `args` holds those a pretty form declared before
// the brace.
Status Parser::ParseRegion(Scope* parent, Scope::Mode mode,
                                   std::vector<Instruction*>* shared_captures,
                                   std::vector<std::pair<std::string, Shape>> args, Region* out) {
  int64_t open = lex_.NextOffset();
  RETURN_IF_ERROR(Expect("{", "to open a region"));
  if (lex_.Peek().kind == Tok::kBlockId) {
    lex_.Next();
    if (lex_.TryConsume("(")) {
      if (!lex_.TryConsume(")")) {
        do {
          Token name = lex_.Next();
          if (name.kind != Tok::kValueId) {
            return Error(name.offset, "expected a block argument name");
          }
          RETURN_IF_ERROR(Expect(":", "after a block argument"));
          ASSIGN_OR_RETURN(Shape s, ParseType());
          RETURN_IF_ERROR(SkipLocation());
          args.emplace_back(std::string(name.text), std::move(s));
        } while (lex_.TryConsume(","));
        RETURN_IF_ERROR(Expect(")", "to close the block arguments"));
      }
    }
    RETURN_IF_ERROR(Expect(":", "after the block label"));
  }
  out->comp = NewComputation(fmt::format("{}.region", current_func_));
  out->comp->set_source_offset(open);
  Scope scope;
  scope.comp = out->comp;
  scope.parent = parent;
  scope.mode = mode;
  if (mode == Scope::Mode::kTuple) {
    if (!shared_captures) {
      out->own_captures = std::make_unique<std::vector<Instruction*>>();
      shared_captures = out->own_captures.get();
    }
    scope.captures = shared_captures;
    scope.tuple_param = AddParameter(out->comp, Shape::Tuple({}), 0, open, "param");
    scope.num_args = static_cast<int64_t>(args.size());
    out->tuple_param = scope.tuple_param;
  }
  out->captures = shared_captures;
  for (size_t i = 0; i < args.size(); ++i) {
    Instruction* v;
    if (mode == Scope::Mode::kTuple) {
      v = Add(out->comp, Opcode::kGetTupleElement, args[i].second, {scope.tuple_param}, open,
              args[i].first.substr(1));
      v->attrs().tuple_index = static_cast<int64_t>(i);
    } else {
      v = AddParameter(out->comp, args[i].second, static_cast<int64_t>(i), open,
                       args[i].first.substr(1));
    }
    scope.values[args[i].first] = {v};
    out->arg_types.push_back(args[i].second);
  }
  RETURN_IF_ERROR(ParseBlockBody(&scope, out, "region"));
  return Expect("}", "to close the region");
}

Status Parser::ParseBlockBody(Scope* scope, Region* region, std::string_view context) {
  bool terminated = false;
  while (!lex_.Peek().Is("}")) {
    if (lex_.Peek().kind == Tok::kEof) {
      return Error(lex_.NextOffset(), fmt::format("unexpected end of input in a {}", context));
    }
    if (terminated) return ErrorAtNext(fmt::format("operation after the terminator of the {}", context));
    RETURN_IF_ERROR(ParseStatement(scope, region, &terminated));
  }
  if (!terminated) {
    return ErrorAtNext(fmt::format("the {} does not end with a return", context));
  }
  return Status::Ok();
}

Status Parser::ParseStatement(Scope* scope, Region* region, bool* terminated) {
  std::vector<std::pair<std::string, int64_t>> results;
  int64_t stmt_offset = lex_.NextOffset();
  if (lex_.Peek().kind == Tok::kValueId) {
    do {
      Token r = lex_.Next();
      if (r.kind != Tok::kValueId || r.text.find('#') != std::string_view::npos) {
        return Error(r.offset, "expected a result name");
      }
      int64_t count = 1;
      if (lex_.TryConsume(":")) {
        Token n = lex_.Next();
        if (n.kind != Tok::kInt) return Error(n.offset, "expected the number of results");
        std::optional<int64_t> c = DecimalInt64(n.text);
        // A fuzz finding: `%r:-2` made a negative count (then a type list read from before its
        // start); a huge one would allocate that many result types.
        if (!c || *c < 1 || *c > kMaxResults) {
          return Error(n.offset, fmt::format("the number of results must be 1 to {}, not {}",
                                             kMaxResults, n.text));
        }
        count = *c;
      }
      results.emplace_back(std::string(r.text), count);
    } while (lex_.TryConsume(","));
    RETURN_IF_ERROR(Expect("=", "after the result names"));
  }
  Token name = lex_.Next();
  OpInfo op;
  op.offset = name.offset;
  bool generic = name.kind == Tok::kString;
  if (generic) {
    op.name = Unescape(name.text);
  } else if (name.kind == Tok::kBareId) {
    op.name = std::string(name.text);
  } else {
    return Error(name.offset, fmt::format("expected an operation, found '{}'", name.text));
  }
  size_t dot = op.name.find('.');
  op.mnemonic = dot == std::string::npos ? op.name : op.name.substr(dot + 1);
  for (const auto& [n, c] : results) op.num_results += c;
  if (op.num_results > kMaxResults) {
    return Error(stmt_offset, fmt::format("an operation with {} results (at most {})",
                                          op.num_results, kMaxResults));
  }
  op.result_name = results.empty() ? "" : results[0].first.substr(1);
  if (IsReturnOp(op.name)) {
    if (!results.empty()) return Error(stmt_offset, "a return has no results");
    if (generic) {
      RETURN_IF_ERROR(ParseGenericOp(scope, &op));
      RETURN_IF_ERROR(CheckDeclaredTypes("'" + op.name + "'", op.operand_types, op.operands,
                                         op.offset, op.operand_offsets));
    } else if (lex_.Peek().kind == Tok::kValueId) {
      do {
        Token v = lex_.Next();
        if (v.kind != Tok::kValueId) return Error(v.offset, "expected a returned value");
        ASSIGN_OR_RETURN(Instruction * value, Lookup(scope, v.text, v.offset));
        op.operands.push_back(value);
      } while (lex_.TryConsume(","));
      RETURN_IF_ERROR(Expect(":", "and the types of the returned values"));
      std::vector<Shape> declared;
      do {
        ASSIGN_OR_RETURN(Shape s, ParseType());
        declared.push_back(std::move(s));
      } while (lex_.TryConsume(","));
      RETURN_IF_ERROR(CheckDeclaredTypes("'" + op.name + "'", declared, op.operands, op.offset));
    }
    RETURN_IF_ERROR(SkipLocation());
    region->returned = op.operands;
    region->return_offset = op.offset;
    *terminated = true;
    return Status::Ok();
  }
  if (generic && (op.name == "sdy.manual_computation" || op.name == "sdy.named_computation")) {
    return Unsupported(op.offset, fmt::format("the generic form of '{}' is not supported by "
                                              "xpar; print the module in its pretty form",
                                              op.name));
  }
  if (generic) {
    RETURN_IF_ERROR(ParseGenericOp(scope, &op));
  } else {
    RETURN_IF_ERROR(ParsePrettyOp(scope, &op));
  }
  RETURN_IF_ERROR(SkipLocation());
  if (static_cast<int64_t>(op.result_types.size()) != op.num_results) {
    return Error(op.offset, fmt::format("'{}' declares {} result(s) but its type has {}", op.name,
                                        op.num_results, op.result_types.size()));
  }
  // Declared operand types (`(types) -> types`, a while's loop variables, a cast's source):
  // each is its operand's. Ops whose list also names other operands (a tensor.extract's
  // indices) declare fewer; their shape rules check the rest.
  if (!op.operand_types.empty() && op.operand_types.size() == op.operands.size()) {
    RETURN_IF_ERROR(CheckDeclaredTypes(fmt::format("the operands of '{}'", op.name),
                                       op.operand_types, op.operands, op.offset,
                                       op.operand_offsets));
  }
  Expected<std::vector<Instruction*>> built = BuildOp(scope, &op);
  if (!built.ok() && !built.status().located()) {  // e.g. an attribute helper's error
    return Error(op.offset, fmt::format("'{}': {}", op.name, built.status().message()))
        .WithCode(built.status().code());
  }
  ASSIGN_OR_RETURN(std::vector<Instruction*> values, std::move(built));
  if (static_cast<int64_t>(values.size()) != op.num_results) {
    return Error(op.offset, fmt::format("'{}' produces {} value(s), {} named", op.name,
                                        values.size(), op.num_results));
  }
  const Attr* sharding = op.Find("mhlo.sharding");
  if (!sharding) sharding = op.Find("sdy.sharding");
  if (RoundTripAttr(op.attrs, "xla.sdy.sharding")) {
    std::string target = op.callee;
    if (const Attr* t = op.Find("call_target_name")) target = t->s;
    // xla.sdy.* custom calls read their own; elsewhere the Shardy text is the sharding.
    if (op.mnemonic != "custom_call" || !RoundTripTarget(target).starts_with("xla.sdy.")) {
      sharding = op.Find("mhlo.frontend_attributes");
    }
  }
  if (sharding && !values.empty()) {
    // One result: its instruction; several: the tuple-shaped op their get-tuple-elements read.
    Instruction* target = values[0];
    if (values.size() > 1 && target->opcode() == Opcode::kGetTupleElement) {
      target = target->operand(0);
    }
    RETURN_IF_ERROR(SetSharding(target, *sharding));
  }
  int64_t k = 0;
  for (const auto& [n, c] : results) {
    if (scope->values.count(n)) return Error(stmt_offset, fmt::format("redefinition of '{}'", n));
    scope->values[n] = std::vector<Instruction*>(values.begin() + k, values.begin() + k + c);
    k += c;
  }
  return Status::Ok();
}

}  // namespace mlir
}  // namespace xpar
