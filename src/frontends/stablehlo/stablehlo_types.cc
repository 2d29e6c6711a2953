// Types (tensor<2x3xf32>, tuple<...>, !stablehlo.token), attribute values and dense<...>
// literals of the StableHLO/MHLO parser. Complex, quantized, sub-byte integer and dynamic
// types are valid MLIR that xpar's IR cannot hold: they get an "unsupported" error.
#include <charconv>
#include <cmath>
#include <cstring>

#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {
namespace {

bool IsDigitChar(char c) { return c >= '0' && c <= '9'; }

std::optional<PrimitiveType> ElementTypeFromName(std::string_view n) {
  static const std::pair<std::string_view, PrimitiveType> kTypes[] = {
      {"i1", PrimitiveType::kPred},   {"i8", PrimitiveType::kS8},     {"i16", PrimitiveType::kS16},
      {"i32", PrimitiveType::kS32},   {"i64", PrimitiveType::kS64},   {"si8", PrimitiveType::kS8},
      {"si16", PrimitiveType::kS16},  {"si32", PrimitiveType::kS32},  {"si64", PrimitiveType::kS64},
      {"ui8", PrimitiveType::kU8},    {"ui16", PrimitiveType::kU16},  {"ui32", PrimitiveType::kU32},
      {"ui64", PrimitiveType::kU64},  {"f16", PrimitiveType::kF16},   {"bf16", PrimitiveType::kBF16},
      {"f32", PrimitiveType::kF32},   {"f64", PrimitiveType::kF64},   {"index", PrimitiveType::kS64},
      {"f8E4M3FN", PrimitiveType::kF8E4M3FN},
      {"f8E5M2", PrimitiveType::kF8E5M2},
      {"f8E4M3FNUZ", PrimitiveType::kF8E4M3FNUZ},
      {"f8E5M2FNUZ", PrimitiveType::kF8E5M2FNUZ},
      {"f8E4M3B11FNUZ", PrimitiveType::kF8E4M3B11FNUZ},
      {"f8E3M4", PrimitiveType::kF8E3M4},
      {"f8E4M3", PrimitiveType::kF8E4M3},
      {"f8E8M0FNU", PrimitiveType::kF8E8M0FNU},
      {"f6E2M3FN", PrimitiveType::kF6E2M3FN},
      {"f6E3M2FN", PrimitiveType::kF6E3M2FN},
      {"f4E2M1FN", PrimitiveType::kF4E2M1FN},
  };
  for (const auto& [name, t] : kTypes) {
    if (name == n) return t;
  }
  return std::nullopt;
}

// Why an element type that MLIR allows has no xpar equivalent, or "" when it is simply unknown.
std::string UnsupportedTypeReason(std::string_view n) {
  if (n == "i2" || n == "i4" || n == "ui2" || n == "ui4" || n == "si2" || n == "si4") {
    return fmt::format("sub-byte integer type '{}' is not supported by xpar", n);
  }
  if (n.starts_with("f8") || n.starts_with("f6") || n.starts_with("f4") || n == "tf32") {
    return fmt::format("floating-point format '{}' is not supported by xpar (it has f16, bf16, "
                       "f32, f64 and the f8/f6/f4 formats of StableHLO)", n);
  }
  if (n.starts_with("complex")) return "complex element types are not supported by xpar";
  if (n.starts_with("!quant") || n.starts_with("quant")) {
    return "quantized element types are not supported by xpar";
  }
  std::string_view digits = n.substr(n.starts_with("ui") || n.starts_with("si") ? 2 : 1);
  if (n.size() > 1 && (n[0] == 'i' || n[0] == 'u' || n[0] == 's') && !digits.empty() &&
      digits.find_first_not_of("0123456789") == std::string_view::npos) {
    return fmt::format("integer type '{}' is not supported by xpar", n);
  }
  return "";
}

bool IsScalarTypeName(std::string_view n) {
  return ElementTypeFromName(n).has_value() || !UnsupportedTypeReason(n).empty();
}

}  // namespace

Attr::Attr() = default;
Attr::Attr(const Attr&) = default;
Attr::Attr(Attr&&) noexcept = default;
Attr& Attr::operator=(const Attr&) = default;
Attr& Attr::operator=(Attr&&) noexcept = default;
Attr::~Attr() = default;

const Attr* Attr::Find(std::string_view name) const {
  for (const auto& [k, v] : dict) {
    if (k == name) return &v;
  }
  return nullptr;
}

const Attr* OpInfo::Find(std::string_view name) const {
  for (const auto& [k, v] : attrs) {
    if (k == name) return &v;
  }
  return nullptr;
}

Expected<std::vector<int64_t>> AttrInts(const Attr& a) {
  std::vector<int64_t> out;
  switch (a.kind) {
    case Attr::Kind::kInt:
      out.push_back(a.i);
      return out;
    case Attr::Kind::kBool:
      out.push_back(a.b ? 1 : 0);
      return out;
    case Attr::Kind::kList:
      for (const Attr& e : a.list) {
        if (e.kind != Attr::Kind::kInt && e.kind != Attr::Kind::kBool) {
          return InvalidArgument("expected a list of integers");
        }
        out.push_back(e.kind == Attr::Kind::kInt ? e.i : (e.b ? 1 : 0));
      }
      return out;
    case Attr::Kind::kDense: {
      ASSIGN_OR_RETURN(Literal l, DenseData(a));
      // A fuzz finding: a dense<...> : tensor<1xf32> of 3e90 read as integers converted +inf
      // to int64 (undefined behaviour).
      if (!IsInteger(l.type()) && l.type() != PrimitiveType::kPred) {
        return InvalidArgument("expected integers, found a dense attribute of {}",
                               PrimitiveTypeName(l.type()));
      }
      for (int64_t i = 0; i < l.ElementCount(); ++i) out.push_back(l.GetAsInt64(i));
      return out;
    }
    default:
      return InvalidArgument("expected integers");
  }
}

Status Parser::Expect(std::string_view s, std::string_view context) {
  if (lex_.TryConsume(s)) return Status::Ok();
  Token t = lex_.Peek();
  if (t.kind == Tok::kEof) {
    return Error(t.offset, fmt::format("unexpected end of input: expected '{}' {}", s, context));
  }
  return Error(t.offset, fmt::format("expected '{}' {}, found '{}'", s, context, t.text));
}

bool Parser::NextIsType() {
  Token t = lex_.Peek();
  if (t.kind == Tok::kBangId) return true;
  if (t.kind != Tok::kBareId) return false;
  return t.text == "tensor" || t.text == "tuple" || t.text == "complex" || IsScalarTypeName(t.text);
}

Status Parser::EnterNested(int64_t offset, std::string_view what) {
  if (++nesting_ > kMaxNesting) {
    --nesting_;
    return Error(offset, fmt::format("{} nested more than {} levels deep", what, kMaxNesting));
  }
  return Status::Ok();
}

Expected<Shape> Parser::ParseType() {
  RETURN_IF_ERROR(EnterNested(lex_.Peek().offset, "type"));
  LeaveNested leave{nesting_};
  Token t = lex_.Next();
  if (t.kind == Tok::kBangId) {
    if (t.text == "!stablehlo.token" || t.text == "!mhlo.token") return Shape::Token();
    if (auto it = type_aliases_.find(std::string(t.text)); it != type_aliases_.end()) {
      return it->second;
    }
    if (t.text.starts_with("!quant")) {
      return Unsupported(t.offset, "quantized element types are not supported by xpar");
    }
    return Unsupported(t.offset, fmt::format("type '{}' is not supported by xpar", t.text));
  }
  if (t.kind != Tok::kBareId) return Error(t.offset, fmt::format("expected a type, found '{}'", t.text));
  if (t.text == "tensor") return ParseTensorType(t.offset);
  if (t.text == "tuple") {
    RETURN_IF_ERROR(Expect("<", "after 'tuple'"));
    std::vector<Shape> elems;
    if (!lex_.TryConsume(">")) {
      do {
        ASSIGN_OR_RETURN(Shape s, ParseType());
        elems.push_back(std::move(s));
      } while (lex_.TryConsume(","));
      RETURN_IF_ERROR(Expect(">", "to close the tuple type"));
    }
    return Shape::Tuple(std::move(elems));
  }
  if (auto pt = ElementTypeFromName(t.text)) return Shape::Scalar(*pt);
  std::string why = UnsupportedTypeReason(t.text);
  if (!why.empty()) return Unsupported(t.offset, why);
  return Error(t.offset, fmt::format("expected a type, found '{}'", t.text));
}

// After `tensor`: `<2x3xf32>`, `<f32>`; `<?x3xf32>` and encodings with bounds are rejected.
Expected<Shape> Parser::ParseTensorType(int64_t offset) {
  RETURN_IF_ERROR(Expect("<", "after 'tensor'"));
  std::string_view text = src_->text();
  int64_t p = lex_.NextOffset();
  auto skip = [&] {
    while (p < static_cast<int64_t>(text.size()) && (text[p] == ' ' || text[p] == '\n')) ++p;
  };
  std::vector<int64_t> dims;
  for (;;) {
    skip();
    if (p < static_cast<int64_t>(text.size()) && (text[p] == '?' || text[p] == '*')) {
      return Unsupported(p, "dynamic dimensions are not supported by xpar (shapes must be "
                            "static)");
    }
    if (p >= static_cast<int64_t>(text.size()) || !IsDigitChar(text[p])) break;
    int64_t start = p, d = 0;
    while (p < static_cast<int64_t>(text.size()) && IsDigitChar(text[p])) ++p;
    if (std::from_chars(text.data() + start, text.data() + p, d).ec != std::errc()) {
      return Error(start, "tensor dimension out of range");
    }
    if (p >= static_cast<int64_t>(text.size()) || text[p] != 'x') {
      return Error(p, "expected 'x' after a tensor dimension");
    }
    ++p;
    dims.push_back(d);
  }
  // As in the HLO parser: at most 2^56 elements, so element and byte counts cannot overflow.
  int64_t count = 1;
  for (int64_t d : dims) {
    if (d != 0 && count > (int64_t{1} << 56) / d) {
      return Error(offset, "tensor type has too many elements");
    }
    count *= d;
  }
  lex_.set_pos(p);
  Token et = lex_.Peek();
  if (et.kind == Tok::kBangId || (et.kind == Tok::kBareId && et.text == "complex")) {
    std::string why = UnsupportedTypeReason(et.text);
    return Unsupported(et.offset, why.empty() ? fmt::format("element type '{}' is not supported",
                                                           et.text)
                                              : why);
  }
  lex_.Next();
  if (et.kind != Tok::kBareId) return Error(et.offset, "expected the tensor element type");
  auto pt = ElementTypeFromName(et.text);
  if (!pt) {
    std::string why = UnsupportedTypeReason(et.text);
    if (!why.empty()) return Unsupported(et.offset, why);
    return Error(et.offset, fmt::format("unknown element type '{}'", et.text));
  }
  if (lex_.TryConsume(",")) {  // an encoding; with static dims it does not change the values
    ASSIGN_OR_RETURN(Attr enc, ParseAttrValue());
    (void)enc;
  }
  RETURN_IF_ERROR(Expect(">", "to close the tensor type"));
  (void)offset;
  return Shape(*pt, std::move(dims));
}

// `type` or `(type, type)` (the latter also `()`).
Expected<std::vector<Shape>> Parser::ParseTypeListMaybeParens(std::vector<AttrList>* attrs) {
  std::vector<Shape> out;
  if (lex_.TryConsume("(")) {
    if (lex_.TryConsume(")")) return out;
    do {
      ASSIGN_OR_RETURN(Shape s, ParseType());
      out.push_back(std::move(s));
      AttrList result_attrs;
      if (lex_.Peek().Is("{")) {  // result attributes in function signatures
        lex_.Next();
        RETURN_IF_ERROR(ParseAttrDict(&result_attrs));
      }
      if (attrs) attrs->push_back(std::move(result_attrs));
    } while (lex_.TryConsume(","));
    RETURN_IF_ERROR(Expect(")", "to close the type list"));
    return out;
  }
  ASSIGN_OR_RETURN(Shape s, ParseType());
  out.push_back(std::move(s));
  return out;
}

// After '{': `name = value, name, ...` up to `close`.
Status Parser::ParseAttrDict(AttrList* out, std::string_view close) {
  if (lex_.TryConsume(close)) return Status::Ok();
  do {
    Token name = lex_.Next();
    std::string key;
    if (name.kind == Tok::kBareId) {
      key = std::string(name.text);
    } else if (name.kind == Tok::kString) {
      key = Unescape(name.text);
    } else {
      return Error(name.offset, fmt::format("expected an attribute name, found '{}'", name.text));
    }
    if (lex_.TryConsume("=")) {
      ASSIGN_OR_RETURN(Attr v, ParseAttrValue());
      out->emplace_back(std::move(key), std::move(v));
    } else {
      Attr unit;
      unit.offset = name.offset;
      out->emplace_back(std::move(key), std::move(unit));
    }
  } while (lex_.TryConsume(","));
  return Expect(close, "to close the attribute dictionary");
}

Expected<Attr> Parser::ParseAttrValue() {
  Attr a;
  Token t = lex_.Peek();
  RETURN_IF_ERROR(EnterNested(t.offset, "attribute"));
  LeaveNested leave{nesting_};
  a.offset = t.offset;
  auto finish = [&]() -> Expected<Attr> {
    a.text = src_->text().substr(a.offset, lex_.pos() - a.offset);
    return a;
  };
  auto scalar_type_suffix = [&]() -> Status {
    Token colon = lex_.Peek();
    Token ty = lex_.PeekSecond();
    if (colon.Is(":") && ty.kind == Tok::kBareId && IsScalarTypeName(ty.text)) {
      lex_.Next();
      ASSIGN_OR_RETURN(Shape s, ParseType());
      a.type = s;
    }
    return Status::Ok();
  };
  if (t.Is("[")) {
    lex_.Next();
    a.kind = Attr::Kind::kList;
    if (!lex_.TryConsume("]")) {
      do {
        ASSIGN_OR_RETURN(Attr e, ParseAttrValue());
        a.list.push_back(std::move(e));
      } while (lex_.TryConsume(","));
      RETURN_IF_ERROR(Expect("]", "to close the list"));
    }
    return finish();
  }
  if (t.Is("{") || t.Is("<")) {  // `<key = value, ...>`: dot_general's algorithm
    lex_.Next();
    a.kind = Attr::Kind::kDict;
    RETURN_IF_ERROR(ParseAttrDict(&a.dict, t.Is("{") ? "}" : ">"));
    return finish();
  }
  if (t.kind == Tok::kInt) {
    lex_.Next();
    a.kind = Attr::Kind::kInt;
    std::string_view s = t.text;
    bool neg = s.starts_with("-");
    if (neg || s.starts_with("+")) s.remove_prefix(1);
    uint64_t u = 0;
    int base = 10;
    if (s.starts_with("0x") || s.starts_with("0X")) {
      s.remove_prefix(2);
      base = 16;
    }
    auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), u, base);
    if (ec != std::errc()) return Error(t.offset, fmt::format("integer '{}' out of range", t.text));
    // Negated as unsigned (2^63 -> INT64_MIN, MLIR's dynamic-size marker): negating the int64
    // would overflow there.
    a.i = static_cast<int64_t>(neg ? 0 - u : u);
    a.f = neg ? -static_cast<double>(u) : static_cast<double>(u);
    RETURN_IF_ERROR(scalar_type_suffix());
    return finish();
  }
  if (t.kind == Tok::kFloat) {
    lex_.Next();
    a.kind = Attr::Kind::kFloat;
    a.f = std::strtod(std::string(t.text).c_str(), nullptr);
    RETURN_IF_ERROR(scalar_type_suffix());
    return finish();
  }
  if (t.kind == Tok::kString) {
    lex_.Next();
    a.kind = Attr::Kind::kString;
    a.s = Unescape(t.text);
    return finish();
  }
  if (t.kind == Tok::kSymbol) {
    lex_.Next();
    a.kind = Attr::Kind::kSymbol;
    a.s = SymbolName(t);
    return finish();
  }
  if (t.kind == Tok::kHashId) {
    lex_.Next();
    RETURN_IF_ERROR(ParseDialectAttr(t, &a));
    return finish();
  }
  if (t.Is("(") || t.kind == Tok::kBangId) {  // a function type or other type attribute
    a.kind = Attr::Kind::kType;
    ASSIGN_OR_RETURN(std::vector<Shape> ins, ParseTypeListMaybeParens());
    if (lex_.TryConsume("->")) {
      ASSIGN_OR_RETURN(std::vector<Shape> outs, ParseTypeListMaybeParens());
      (void)outs;
    } else if (ins.size() == 1) {
      a.type = ins[0];
    }
    return finish();
  }
  if (t.kind == Tok::kBareId) {
    if (t.text == "true" || t.text == "false") {
      lex_.Next();
      a.kind = Attr::Kind::kBool;
      a.b = t.text == "true";
      a.i = a.b;
      RETURN_IF_ERROR(scalar_type_suffix());
      return finish();
    }
    if (t.text == "dense") {
      lex_.Next();
      RETURN_IF_ERROR(ParseDense(&a));
      return finish();
    }
    if (t.text == "dense_resource") {
      lex_.Next();
      RETURN_IF_ERROR(ParseDenseResource(&a));
      return finish();
    }
    if (t.text == "array") {  // array<i64: 1, 2>
      lex_.Next();
      RETURN_IF_ERROR(Expect("<", "after 'array'"));
      ASSIGN_OR_RETURN(Shape et, ParseType());
      a.kind = Attr::Kind::kList;
      if (lex_.TryConsume(":")) {
        do {
          ASSIGN_OR_RETURN(Attr e, ParseAttrValue());
          a.list.push_back(std::move(e));
        } while (lex_.TryConsume(","));
      }
      RETURN_IF_ERROR(Expect(">", "to close the array attribute"));
      return finish();
    }
    if (t.text == "unit") {
      lex_.Next();
      return finish();
    }
    if (t.text == "dense_resource" || t.text == "sparse") {
      return Unsupported(t.offset, fmt::format("'{}' attributes are not supported", t.text));
    }
    if (NextIsType() && (t.text == "tensor" || t.text == "tuple" || ElementTypeFromName(t.text))) {
      a.kind = Attr::Kind::kType;
      ASSIGN_OR_RETURN(Shape s, ParseType());
      a.type = s;
      return finish();
    }
    lex_.Next();
    a.kind = Attr::Kind::kEnum;
    a.s = std::string(t.text);
    return finish();
  }
  return Error(t.offset, fmt::format("expected an attribute value, found '{}'", t.text));
}

// After `#name`: `<...>` with `key = value` items, enum words, or convolution dim labels.
Status Parser::ParseDialectAttr(Token head, Attr* out) {
  out->kind = Attr::Kind::kDialect;
  out->s = std::string(head.text.substr(1));
  if (out->s.starts_with("sdy.")) return SkipSdyAttr(out);  // read by ReadSdyAttr when used
  if (!lex_.TryConsume("<")) {
    return Unsupported(head.offset, fmt::format("attribute alias '{}' is not supported; print the "
                                                "module without aliases", head.text));
  }
  if (lex_.TryConsume(">")) return Status::Ok();
  if (lex_.Peek().Is("[")) {  // #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>
    for (int part = 0; part < 3; ++part) {
      ASSIGN_OR_RETURN(Attr labels, ParseAttrValue());
      out->list.push_back(std::move(labels));
      if (part == 0) RETURN_IF_ERROR(Expect("x", "between convolution dimension labels"));
      if (part == 1) RETURN_IF_ERROR(Expect("->", "before the output dimension labels"));
    }
    return Expect(">", "to close the convolution dimension numbers");
  }
  lex_.TryConsume("raw");
  do {
    Token t = lex_.Peek();
    Token second = lex_.PeekSecond();
    if (t.kind == Tok::kBareId && second.Is("=")) {
      lex_.Next();
      lex_.Next();
      ASSIGN_OR_RETURN(Attr v, ParseAttrValue());
      out->dict.emplace_back(std::string(t.text), std::move(v));
    } else {
      if (t.kind == Tok::kBareId && second.kind == Tok::kBareId) {
        lex_.Next();  // `#stablehlo<comparison_direction LT>`: the category, then the value
        out->s += "." + std::string(t.text);
      }
      ASSIGN_OR_RETURN(Attr v, ParseAttrValue());
      out->list.push_back(std::move(v));
    }
  } while (lex_.TryConsume(","));
  return Expect(">", fmt::format("to close '{}'", head.text));
}

// After `dense`: `<contents> : tensor<...>`. The contents are read once the type is known.
Status Parser::ParseDense(Attr* out) {
  out->kind = Attr::Kind::kDense;
  RETURN_IF_ERROR(Expect("<", "after 'dense'"));
  int64_t body = lex_.NextOffset();
  std::string_view text = src_->text();
  int64_t p = body;
  bool in_string = false;
  while (p < static_cast<int64_t>(text.size()) && (in_string || text[p] != '>')) {
    if (text[p] == '"' ) in_string = !in_string;
    p += (in_string && text[p] == '\\') ? 2 : 1;
  }
  if (p >= static_cast<int64_t>(text.size())) return Error(body, "unterminated dense<...>");
  int64_t body_end = p;
  lex_.set_pos(p + 1);
  RETURN_IF_ERROR(Expect(":", "and the type after dense<...>"));
  ASSIGN_OR_RETURN(Shape shape, ParseType());
  if (!shape.IsArray()) return Error(body, "dense<...> needs a tensor type");
  int64_t after = lex_.pos();
  Literal lit;
  RETURN_IF_ERROR(ParseDenseBody(shape, body, body_end, &lit, &out->splat));
  lex_.set_pos(after);
  out->type = shape;
  out->dense = std::move(lit);
  return Status::Ok();
}

}  // namespace xpar::mlir
