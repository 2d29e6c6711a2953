// The pretty (custom assembly) forms of StableHLO/MHLO ops. Most share one grammar: operands,
// `key = value` items, bare enum words (compare's LT, SIGNED), an optional attribute dictionary,
// then `: type-signature`. while, reduce and convolution have their own shapes.
#include "frontends/stablehlo/stablehlo_chlo.h"

namespace xpar::mlir {
namespace {

bool IsEnumWord(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) return false;
  }
  return true;
}

}  // namespace

Status Parser::ParsePrettyOp(Scope* scope, OpInfo* op) {
  const std::string& m = op->mnemonic;
  if (op->name == "chlo.scan") return ParsePrettyChloScan(*this, scope, op);
  if (op->name.starts_with("sdy.")) return ParsePrettySdy(scope, op);
  if (op->name.starts_with("arith.")) return ParsePrettyArith(scope, op);
  if (op->name.starts_with("tensor.")) return ParsePrettyTensor(scope, op);
  if (op->name == "chlo.top_k" && lex_.Peek().Is("(")) {  // chlo.top_k(%x, k = 2) : sig
    lex_.Next();
    Token x = lex_.Next();
    if (x.kind != Tok::kValueId) return Error(x.offset, "expected the chlo.top_k operand");
    ASSIGN_OR_RETURN(Instruction * xv, Lookup(scope, x.text, x.offset));
    op->operands.push_back(xv);
    op->operand_offsets.push_back(x.offset);
    RETURN_IF_ERROR(Expect(",", "after the chlo.top_k operand"));
    RETURN_IF_ERROR(Expect("k", "in chlo.top_k"));
    RETURN_IF_ERROR(Expect("=", "after 'k'"));
    ASSIGN_OR_RETURN(Attr k, ParseAttrValue());
    op->attrs.emplace_back("k", std::move(k));
    RETURN_IF_ERROR(Expect(")", "to close chlo.top_k"));
    return ParseTypeSignature(op);
  }
  if (m == "while" && lex_.Peek().Is("(")) return ParsePrettyWhile(scope, op);
  if (m == "reduce" && lex_.Peek().Is("(")) return ParsePrettyReduce(scope, op);
  if (lex_.Peek().kind == Tok::kSymbol) {  // func.call @f(...), custom_call @target(...)
    Token sym = lex_.Next();
    op->callee = SymbolName(sym);
    RETURN_IF_ERROR(Expect("(", fmt::format("after '{}'", sym.text)));
    RETURN_IF_ERROR(ParseOperandList(scope, op, ")"));
  } else if (lex_.Peek().Is("(")) {  // convolution(%lhs, %rhs)
    lex_.Next();
    RETURN_IF_ERROR(ParseOperandList(scope, op, ")"));
  }
  if (lex_.Peek().kind == Tok::kString) {  // composite "name"
    Attr a;
    Token t = lex_.Next();
    a.kind = Attr::Kind::kString;
    a.s = Unescape(t.text);
    a.offset = t.offset;
    op->attrs.emplace_back("name", std::move(a));
  }
  for (bool first = true;; first = false) {
    Token t = lex_.Peek();
    // Items are comma-separated; without a comma only an attribute dictionary or a slice may
    // follow (anything else starts the type or the next statement).
    if (!first && !lex_.TryConsume(",") && !t.Is("{") && !t.Is("[")) break;
    t = lex_.Peek();
    if (t.kind == Tok::kValueId) {
      lex_.Next();
      ASSIGN_OR_RETURN(Instruction * v, Lookup(scope, t.text, t.offset));
      op->operands.push_back(v);
      op->operand_offsets.push_back(t.offset);
      if (m != "slice" && lex_.Peek().Is("[")) {  // get_tuple_element %t[0]
        lex_.Next();
        ASSIGN_OR_RETURN(Attr index, ParseAttrValue());
        op->attrs.emplace_back("index", std::move(index));
        RETURN_IF_ERROR(Expect("]", "after the tuple index"));
      }
    } else if (t.Is("[") && m == "slice") {  // [start:limit:stride, ...]
      lex_.Next();
      Attr starts, limits, strides;
      starts.kind = limits.kind = strides.kind = Attr::Kind::kList;
      if (!lex_.TryConsume("]")) {
        do {
          Attr parts[3];
          parts[2].kind = Attr::Kind::kInt;
          parts[2].i = 1;
          for (int k = 0; k < 3; ++k) {
            if (k > 0 && !lex_.TryConsume(":")) break;
            ASSIGN_OR_RETURN(parts[k], ParseAttrValue());
          }
          starts.list.push_back(parts[0]);
          limits.list.push_back(parts[1]);
          strides.list.push_back(parts[2]);
        } while (lex_.TryConsume(","));
        RETURN_IF_ERROR(Expect("]", "to close the slice"));
      }
      op->attrs.emplace_back("start_indices", std::move(starts));
      op->attrs.emplace_back("limit_indices", std::move(limits));
      op->attrs.emplace_back("strides", std::move(strides));
    } else if (t.kind == Tok::kBareId && lex_.PeekSecond().Is("=")) {
      lex_.Next();
      lex_.Next();
      std::string key(t.text);
      if (key == "dim_numbers") {  // [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]
        Attr labels;
        labels.kind = Attr::Kind::kDialect;
        labels.offset = lex_.NextOffset();
        for (int part = 0; part < 3; ++part) {
          ASSIGN_OR_RETURN(Attr l, ParseAttrValue());
          labels.list.push_back(std::move(l));
          if (part == 0) RETURN_IF_ERROR(Expect("x", "between convolution dimension labels"));
          if (part == 1) RETURN_IF_ERROR(Expect("->", "before the output dimension labels"));
        }
        op->attrs.emplace_back(key, std::move(labels));
      } else {
        ASSIGN_OR_RETURN(Attr v, ParseAttrValue());
        if (lex_.Peek().Is("x")) {  // batching_dims = [0] x [0]
          lex_.Next();
          ASSIGN_OR_RETURN(Attr rhs, ParseAttrValue());
          Attr pair;
          pair.kind = Attr::Kind::kList;
          pair.offset = v.offset;
          pair.list = {std::move(v), std::move(rhs)};
          v = std::move(pair);
        }
        op->attrs.emplace_back(key, std::move(v));
      }
    } else if (t.kind == Tok::kBareId && IsEnumWord(t.text)) {
      lex_.Next();
      Attr a;
      a.kind = Attr::Kind::kEnum;
      a.s = std::string(t.text);
      a.offset = t.offset;
      op->positional.push_back(std::move(a));
    } else if (t.Is("dense") || t.Is("dense_resource") || t.kind == Tok::kInt ||
               t.kind == Tok::kFloat || t.kind == Tok::kHashId || t.Is("true") ||
               t.Is("false")) {
      ASSIGN_OR_RETURN(Attr v, ParseAttrValue());
      op->attrs.emplace_back("value", std::move(v));
    } else if (t.Is("{")) {
      lex_.Next();
      RETURN_IF_ERROR(ParseAttrDict(&op->attrs));
    } else {
      break;
    }
  }
  if (lex_.Peek().Is(":")) {
    RETURN_IF_ERROR(ParseTypeSignature(op));
  } else if (const Attr* v = op->Find("value"); v && v->type && op->num_results == 1) {
    op->result_types = {*v->type};  // constant dense<...> : type
  } else if (op->num_results > 0) {
    return ErrorAtNext(fmt::format("expected ':' and the type of '{}'", op->name));
  }
  if (lex_.Peek().Is("{")) {  // check.expect_almost_eq_const ... : type {tolerance = ...}
    lex_.Next();
    RETURN_IF_ERROR(ParseAttrDict(&op->attrs));
  }
  return Status::Ok();
}

// stablehlo.while(%a = %init, ...) : types [attributes {...}] cond { ... } do { ... }
Status Parser::ParsePrettyWhile(Scope* scope, OpInfo* op) {
  lex_.Next();
  std::vector<std::string> names;
  if (!lex_.TryConsume(")")) {
    do {
      Token n = lex_.Next();
      if (n.kind != Tok::kValueId) return Error(n.offset, "expected a loop variable name");
      RETURN_IF_ERROR(Expect("=", "after the loop variable"));
      Token v = lex_.Next();
      if (v.kind != Tok::kValueId) return Error(v.offset, "expected the initial value");
      ASSIGN_OR_RETURN(Instruction * init, Lookup(scope, v.text, v.offset));
      op->operands.push_back(init);
      op->operand_offsets.push_back(v.offset);
      names.emplace_back(n.text);
    } while (lex_.TryConsume(","));
    RETURN_IF_ERROR(Expect(")", "to close the loop variables"));
  }
  if (!names.empty()) {
    RETURN_IF_ERROR(Expect(":", "and the loop variable types"));
    do {
      ASSIGN_OR_RETURN(Shape s, ParseType());
      op->result_types.push_back(std::move(s));
    } while (lex_.TryConsume(","));
  }
  if (op->result_types.size() != names.size()) {
    return Error(op->offset, "while: the number of types differs from the number of variables");
  }
  op->operand_types = op->result_types;
  if (lex_.TryConsume("attributes")) {
    RETURN_IF_ERROR(Expect("{", "to open the attributes"));
    RETURN_IF_ERROR(ParseAttrDict(&op->attrs));
  }
  std::vector<std::pair<std::string, Shape>> args;
  for (size_t i = 0; i < names.size(); ++i) args.emplace_back(names[i], op->result_types[i]);
  auto shared = std::make_unique<std::vector<Instruction*>>();
  RETURN_IF_ERROR(Expect("cond", "before the while condition"));
  Region cond, body;
  RETURN_IF_ERROR(ParseRegion(scope, Scope::Mode::kTuple, shared.get(), args, &cond));
  RETURN_IF_ERROR(Expect("do", "before the while body"));
  RETURN_IF_ERROR(ParseRegion(scope, Scope::Mode::kTuple, shared.get(), args, &body));
  cond.own_captures = std::move(shared);
  op->regions.push_back(std::move(cond));
  op->regions.push_back(std::move(body));
  return Status::Ok();
}

// stablehlo.reduce(%x init: %i, ...) applies stablehlo.add across dimensions = [1] : sig
// stablehlo.reduce(%x init: %i), (%y init: %j) across dimensions = [1] : sig
//     reducer(%a: T, %b: T) (%c: T, %d: T) { ... }
Status Parser::ParsePrettyReduce(Scope* scope, OpInfo* op) {
  lex_.Next();
  std::vector<Instruction*> inputs, inits;
  do {
    Token x = lex_.Next();
    if (x.kind != Tok::kValueId) return Error(x.offset, "expected a reduce input");
    ASSIGN_OR_RETURN(Instruction * xv, Lookup(scope, x.text, x.offset));
    RETURN_IF_ERROR(Expect("init", "after the reduce input"));
    RETURN_IF_ERROR(Expect(":", "after 'init'"));
    Token i = lex_.Next();
    if (i.kind != Tok::kValueId) return Error(i.offset, "expected an initial value");
    ASSIGN_OR_RETURN(Instruction * iv, Lookup(scope, i.text, i.offset));
    inputs.push_back(xv);
    inits.push_back(iv);
    if (lex_.TryConsume(",")) continue;  // (%x init: %i, %y init: %j)
    RETURN_IF_ERROR(Expect(")", "to close the reduce operands"));
    // (%x init: %i), (%y init: %j): the form StableHLO prints for a variadic reduce.
    if (!lex_.Peek().Is(",") || !lex_.PeekSecond().Is("(")) break;
    lex_.Next();
    lex_.Next();
  } while (true);
  op->operands = inputs;
  op->operands.insert(op->operands.end(), inits.begin(), inits.end());
  op->operand_offsets.assign(op->operands.size(), op->offset);
  std::string applies;
  int64_t applies_offset = -1;
  if (lex_.TryConsume("applies")) {
    Token fn = lex_.Next();
    applies = std::string(fn.text);
    applies_offset = fn.offset;
  }
  RETURN_IF_ERROR(Expect("across", "in the reduce"));
  RETURN_IF_ERROR(Expect("dimensions", "in the reduce"));
  RETURN_IF_ERROR(Expect("=", "after 'dimensions'"));
  ASSIGN_OR_RETURN(Attr dims, ParseAttrValue());
  op->attrs.emplace_back("dimensions", std::move(dims));
  if (lex_.Peek().Is("{")) {
    lex_.Next();
    RETURN_IF_ERROR(ParseAttrDict(&op->attrs));
  }
  RETURN_IF_ERROR(ParseTypeSignature(op));
  const size_t n = inputs.size();
  Region r;
  if (!applies.empty()) {
    size_t dot = applies.find('.');
    auto opcode = OpcodeFromStableHloName(dot == std::string::npos ? applies
                                                                   : applies.substr(dot + 1));
    if (!opcode || OpcodeArity(*opcode) != 2 || n != 1) {
      return Error(applies_offset, fmt::format("reduce cannot apply '{}'", applies));
    }
    Shape scalar = Shape::Scalar(inits[0]->shape().type());
    r.comp = NewComputation(fmt::format("{}.region", current_func_));
    Instruction* a = AddParameter(r.comp, scalar, 0, applies_offset, "lhs");
    Instruction* b = AddParameter(r.comp, scalar, 1, applies_offset, "rhs");
    r.returned = {Add(r.comp, *opcode, scalar, {a, b}, applies_offset)};
    r.arg_types = {scalar, scalar};
  } else {
    RETURN_IF_ERROR(Expect("reducer", "before the reduce body"));
    std::vector<std::pair<std::string, Shape>> acc, elem;
    for (size_t k = 0; k < n; ++k) {
      RETURN_IF_ERROR(Expect("(", "to open the reducer arguments"));
      for (int j = 0; j < 2; ++j) {
        if (j == 1) RETURN_IF_ERROR(Expect(",", "between reducer arguments"));
        Token a = lex_.Next();
        if (a.kind != Tok::kValueId) return Error(a.offset, "expected a reducer argument");
        RETURN_IF_ERROR(Expect(":", "after the reducer argument"));
        ASSIGN_OR_RETURN(Shape s, ParseType());
        (j == 0 ? acc : elem).emplace_back(std::string(a.text), std::move(s));
      }
      RETURN_IF_ERROR(Expect(")", "to close the reducer arguments"));
    }
    acc.insert(acc.end(), elem.begin(), elem.end());
    RETURN_IF_ERROR(ParseRegion(scope, Scope::Mode::kCopyConstants, nullptr, acc, &r));
  }
  op->regions.push_back(std::move(r));
  return Status::Ok();
}

}  // namespace xpar::mlir
