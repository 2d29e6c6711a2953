// Pretty forms of the `arith` and `tensor` ops that torch-mlir and ByteIR leave among mhlo.* ops
// on static shapes, read into OpInfo; stablehlo_tensor_arith.cc turns them into instructions.
//   arith.cmpf olt, %a, %b : tensor<4xf32>           arith.extf %a : f16 to f32
//   tensor.extract_slice %t[0, 2] [4, 2] [1, 1] : tensor<4x8xf32> to tensor<4x2xf32>
//   tensor.insert_slice %s into %d[0, 2] [4, 2] [1, 1] : tensor<4x2xf32> into tensor<4x8xf32>
//   tensor.expand_shape %a [[0, 1], [2]] output_shape [2, 3, 4] : tensor<6x4xf32> into ...
#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {
namespace {

// Skips `fastmath<fast>` / `overflow<nsw>`: flags that do not change values xpar computes
// for these static, in-range programs.
bool SkipFlag(Lexer& lex) {
  Token t = lex.Peek();
  if (!(t.Is("fastmath") || t.Is("overflow")) || !lex.PeekSecond().Is("<")) return false;
  lex.Next();
  lex.Next();
  for (Token k = lex.Next(); !k.Is(">") && k.kind != Tok::kEof; k = lex.Next()) {
  }
  return true;
}

}  // namespace

Status Parser::ParsePrettyArith(Scope* scope, OpInfo* op) {
  const std::string& m = op->mnemonic;
  if (m == "constant") {
    ASSIGN_OR_RETURN(Attr v, ParseAttrValue());
    std::optional<Shape> type = v.type;
    if (lex_.TryConsume(":")) {
      ASSIGN_OR_RETURN(type, ParseType());
    }
    if (!type) return ErrorAtNext("expected ':' and the type of 'arith.constant'");
    op->attrs.emplace_back("value", std::move(v));
    op->result_types = {*type};
    return Status::Ok();
  }
  if (m == "cmpf" || m == "cmpi") {
    Token p = lex_.Next();
    if (p.kind != Tok::kBareId) return Error(p.offset, fmt::format("expected the '{}' predicate", op->name));
    Attr a;
    a.kind = Attr::Kind::kEnum;
    a.s = std::string(p.text);
    a.offset = p.offset;
    op->attrs.emplace_back("predicate", std::move(a));
    RETURN_IF_ERROR(Expect(",", "after the predicate"));
  }
  RETURN_IF_ERROR(ParseOperands(scope, op));
  while (SkipFlag(lex_)) {
  }
  if (lex_.TryConsume("{")) RETURN_IF_ERROR(ParseAttrDict(&op->attrs));
  RETURN_IF_ERROR(Expect(":", fmt::format("and the type of '{}'", op->name)));
  std::vector<Shape> types;
  do {
    ASSIGN_OR_RETURN(Shape s, ParseType());
    types.push_back(std::move(s));
  } while (lex_.TryConsume(","));
  if (lex_.TryConsume("to")) {  // casts
    ASSIGN_OR_RETURN(Shape to, ParseType());
    op->operand_types = types;
    op->result_types = {to};
    return Status::Ok();
  }
  op->operand_types = types;
  Shape result = types.back();
  if (m == "cmpf" || m == "cmpi") result = Shape(PrimitiveType::kPred, types.back().dims());
  op->result_types = {result};
  return Status::Ok();
}

// Operands (`into` between source and destination), bracketed index lists (integers or index
// values, kept in order as attributes list0, list1, ...), a reassociation `[[0, 1], [2]]`,
// `output_shape [...]`, then `: T`, `: T to T` or `: T into T`.
Status Parser::ParsePrettyTensor(Scope* scope, OpInfo* op) {
  const std::string& m = op->mnemonic;
  if (m == "empty") {
    RETURN_IF_ERROR(Expect("(", "after 'tensor.empty'"));
    RETURN_IF_ERROR(Expect(")", "after 'tensor.empty('"));
  }
  int lists = 0;
  for (;;) {
    Token t = lex_.Peek();
    if (t.kind == Tok::kValueId) {
      lex_.Next();
      ASSIGN_OR_RETURN(Instruction * value, Lookup(scope, t.text, t.offset));
      op->operands.push_back(value);
      op->operand_offsets.push_back(t.offset);
      lex_.TryConsume(",");
    } else if (t.Is("into")) {
      lex_.Next();
    } else if (t.Is("output_shape")) {
      lex_.Next();
      ASSIGN_OR_RETURN(Attr shape, ParseAttrValue());
      op->attrs.emplace_back("output_shape", std::move(shape));
    } else if (t.Is("[") && lex_.PeekSecond().Is("[")) {
      ASSIGN_OR_RETURN(Attr r, ParseAttrValue());
      op->attrs.emplace_back("reassociation", std::move(r));
    } else if (t.Is("[")) {
      lex_.Next();
      Attr list;
      list.kind = Attr::Kind::kList;
      list.offset = t.offset;
      for (bool first = true; !lex_.TryConsume("]"); first = false) {
        if (!first) RETURN_IF_ERROR(Expect(",", "between indices"));
        Token e = lex_.Peek();
        if (e.kind == Tok::kValueId) {  // a dynamic index: an operand, named in the list
          lex_.Next();
          ASSIGN_OR_RETURN(Instruction * value, Lookup(scope, e.text, e.offset));
          op->operands.push_back(value);
          op->operand_offsets.push_back(e.offset);
          Attr d;
          d.kind = Attr::Kind::kString;
          d.offset = e.offset;
          d.i = static_cast<int64_t>(op->operands.size()) - 1;
          list.list.push_back(std::move(d));
        } else {
          ASSIGN_OR_RETURN(Attr v, ParseAttrValue());
          list.list.push_back(std::move(v));
        }
      }
      op->attrs.emplace_back(fmt::format("list{}", lists++), std::move(list));
    } else if (t.Is("{")) {
      lex_.Next();
      RETURN_IF_ERROR(ParseAttrDict(&op->attrs));
    } else {
      break;
    }
  }
  RETURN_IF_ERROR(Expect(":", fmt::format("and the type of '{}'", op->name)));
  ASSIGN_OR_RETURN(Shape first, ParseType());
  if (lex_.TryConsume("to") || lex_.TryConsume("into")) {
    ASSIGN_OR_RETURN(Shape result, ParseType());
    op->operand_types = {first};
    op->result_types = {result};
    return Status::Ok();
  }
  op->operand_types = {first};
  op->result_types = {m == "extract" ? Shape::Scalar(first.type()) : first};
  return Status::Ok();
}

}  // namespace xpar::mlir
