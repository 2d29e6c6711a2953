// Shapes (`f32[2,3]{1,0:T(8,128)}`, tuples, token) and constant literals (scalars, nested
// `{ {1, 2}, {3, 4} }` arrays, tuples) of the HLO text parser.
#include <charconv>
#include <cmath>
#include <type_traits>

#include "frontends/hlo/hlo_parser_impl.h"

namespace xpar::hlo {
namespace {

// Element types XLA has and xpar does not: they get their own clear error.
bool IsUnsupportedTypeName(std::string_view n) {
  return n == "c64" || n == "c128" || n == "s1" || n == "s2" || n == "s4" || n == "u1" ||
         n == "u2" || n == "u4" || n == "tf32" || n == "opaque" || n.starts_with("f8") ||
         n.starts_with("f4") || n.starts_with("f6");
}

template <typename T>
bool ParseElement(std::string_view tok, T* out) {
  if (tok.starts_with('+')) tok.remove_prefix(1);
  const char* end = tok.data() + tok.size();
  if constexpr (std::is_same_v<T, bool>) {
    if (tok == "true" || tok == "1") {
      *out = true;
    } else if (tok == "false" || tok == "0") {
      *out = false;
    } else {
      return false;
    }
    return true;
  } else if constexpr (kIsNarrowFloat<T>) {
    float f;
    auto [p, ec] = std::from_chars(tok.data(), end, f);
    if (ec != std::errc() || p != end) return false;
    *out = T(f);
    return true;
  } else if constexpr (std::is_floating_point_v<T>) {
    auto [p, ec] = std::from_chars(tok.data(), end, *out);
    return ec == std::errc() && p == end && !tok.empty();
  } else if constexpr (std::is_signed_v<T>) {
    int64_t v;
    auto [p, ec] = std::from_chars(tok.data(), end, v);
    if (ec != std::errc() || p != end) return false;
    if (v < std::numeric_limits<T>::min() || v > std::numeric_limits<T>::max()) return false;
    *out = static_cast<T>(v);
    return true;
  } else {
    uint64_t v;
    auto [p, ec] = std::from_chars(tok.data(), end, v);
    if (ec != std::errc() || p != end) return false;
    if (v > std::numeric_limits<T>::max()) return false;
    *out = static_cast<T>(v);
    return true;
  }
}

// Reads array elements in row-major order into one literal.
class ArrayReader {
 public:
  ArrayReader(Parser* p, Literal* lit) : p_(p), lit_(lit) {}

  Status ReadLevel(int64_t level) {
    const Shape& shape = lit_->shape();
    if (level == shape.rank()) return ReadElement();
    Lexer& lex = p_->lex_;
    int64_t open = (lex.SkipSpace(), lex.pos());
    if (!lex.TryConsume('{')) {
      return p_->Error(open, fmt::format("expected '{{' for dimension {} of the {} constant", level,
                                         shape.ToString(false)));
    }
    if (lex.TryConsume("...")) {
      return p_->Error(open,
                       "the constant's value was elided ('{...}') when this HLO was "
                       "dumped; xpar needs the full literal");
    }
    int64_t n = shape.dim(level);
    for (int64_t i = 0; i < n; ++i) {
      if (i > 0) {
        if (lex.Peek() == '}') return CountError(open, level, i);
        RETURN_IF_ERROR(p_->Expect(',', "between constant elements"));
      }
      if (lex.Peek() == '}') return CountError(open, level, i);
      RETURN_IF_ERROR(ReadLevel(level + 1));
    }
    if (lex.Peek() == ',') return CountError(open, level, n + 1);
    return p_->Expect('}', "to close a constant dimension");
  }

 private:
  Status CountError(int64_t open, int64_t level, int64_t got) {
    return p_->Error(open, fmt::format("constant has {}{} elements in dimension {} but its shape "
                                       "{} has {}",
                                       got > lit_->shape().dim(level) ? "more than " : "",
                                       std::min(got, lit_->shape().dim(level)), level,
                                       lit_->shape().ToString(false), lit_->shape().dim(level)));
  }

  Status ReadElement() {
    Lexer& lex = p_->lex_;
    lex.SkipSpace();
    int64_t off = lex.pos();
    std::string_view tok = lex.ReadNumberToken();
    bool ok = false;
    int64_t i = next_++;
    VisitArrayType(lit_->type(), [&](auto t) {
      using T = decltype(t);
      T v{};
      ok = ParseElement<T>(tok, &v);
      if (ok) lit_->data<T>()[i] = v;
    });
    if (ok) return Status::Ok();
    if (tok.empty()) return p_->Error(off, "expected a constant element");
    return p_->Error(off, fmt::format("invalid {} value '{}' in constant",
                                      PrimitiveTypeName(lit_->type()), tok));
  }

  Parser* p_;
  Literal* lit_;
  int64_t next_ = 0;
};

}  // namespace

bool Parser::LooksLikeShape() {
  char c = lex_.Peek();
  if (c == '(') return true;
  int64_t p = 0;
  while (IsNameChar(lex_.RawAt(p)) && lex_.RawAt(p) != '.' && lex_.RawAt(p) != '-') ++p;
  return p > 0 && lex_.RawAt(p) == '[';
}

// Tuple shapes nest by recursion: a file of '(((((...' must get an error, not overflow the stack.
constexpr int kMaxTupleShapeDepth = 64;
static thread_local int tuple_shape_depth = 0;

Expected<Shape> Parser::ParseShape() {
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  if (lex_.TryConsume('(')) {
    if (tuple_shape_depth >= kMaxTupleShapeDepth) {
      return Error(off, fmt::format("tuple shapes nested deeper than {}", kMaxTupleShapeDepth));
    }
    struct Nest {
      Nest() { ++tuple_shape_depth; }
      ~Nest() { --tuple_shape_depth; }
    } nest;
    std::vector<Shape> elems;
    if (!lex_.TryConsume(')')) {
      while (true) {
        ASSIGN_OR_RETURN(Shape s, ParseShape());
        elems.push_back(std::move(s));
        if (lex_.TryConsume(',')) continue;
        RETURN_IF_ERROR(Expect(')', "to close the tuple shape"));
        break;
      }
    }
    return Shape::Tuple(std::move(elems));
  }
  std::string_view name = lex_.ReadName();
  if (name.empty()) return Error(off, "expected a shape such as f32[2,3]");
  std::optional<PrimitiveType> type = PrimitiveTypeFromName(name);
  if (!type) {
    if (IsUnsupportedTypeName(name)) {
      return Error(off, fmt::format("unsupported element type '{}' (xpar supports pred, s8-s64, "
                                    "u8-u64, f16, bf16, f32, f64)",
                                    name));
    }
    return Error(off, fmt::format("bad shape: unknown element type '{}'", name));
  }
  if (lex_.RawAt(0) != '[') {
    return Error(lex_.pos(), fmt::format("bad shape: expected '[' after element type '{}'", name));
  }
  lex_.set_pos(lex_.pos() + 1);
  std::vector<int64_t> dims;
  if (!lex_.TryConsume(']')) {
    while (true) {
      lex_.SkipSpace();
      int64_t doff = lex_.pos();
      char c = lex_.RawAt(0);
      if (c == '<' || c == '?') {
        return Error(doff,
                     "unsupported shape: dynamic dimensions ('<=N', '?') are not "
                     "supported by xpar");
      }
      int64_t d;
      if (!lex_.ReadInt(&d) || d < 0) {
        return Error(doff, "bad shape: expected a non-negative dimension size");
      }
      dims.push_back(d);
      if (lex_.TryConsume(',')) continue;
      if (!lex_.TryConsume(']')) return ErrorHere("bad shape: expected ',' or ']' in dimensions");
      break;
    }
  }
  int64_t count = 1;
  for (int64_t d : dims) {
    if (d != 0 && count > (int64_t{1} << 56) / d) return Error(off, "bad shape: too many elements");
    count *= d;
  }
  if (*type == PrimitiveType::kToken) {
    if (!dims.empty()) return Error(off, "bad shape: token[] has no dimensions");
    return Shape::Token();
  }
  Shape shape(*type, std::move(dims));
  if (lex_.RawAt(0) != '{') return shape;
  // Layout: minor_to_major, then an optional ':' suffix (tiling, memory space) kept verbatim.
  int64_t loff = lex_.pos();
  lex_.set_pos(loff + 1);
  Layout layout;
  if (lex_.Peek() != ':' && lex_.Peek() != '}') {
    while (true) {
      int64_t v;
      if (!lex_.ReadInt(&v)) return ErrorHere("bad layout: expected a dimension number");
      layout.minor_to_major.push_back(v);
      if (!lex_.TryConsume(',')) break;
    }
  }
  if (lex_.TryConsume(':')) {
    int64_t start = lex_.pos(), depth = 0;
    while (lex_.pos() < lex_.size()) {
      char c = lex_.RawAt(0);
      if (c == '(') ++depth;
      if (c == ')') --depth;
      if (c == '}' && depth <= 0) break;
      lex_.set_pos(lex_.pos() + 1);
    }
    layout.suffix = std::string(lex_.text().substr(start, lex_.pos() - start));
  }
  RETURN_IF_ERROR(Expect('}', "to close the layout"));
  if (static_cast<int64_t>(layout.minor_to_major.size()) != shape.rank() &&
      !(layout.minor_to_major.empty() && !layout.suffix.empty())) {
    return Error(loff, fmt::format("bad layout: {} entries for a shape of rank {}",
                                   layout.minor_to_major.size(), shape.rank()));
  }
  shape.set_layout(std::move(layout));
  return shape;
}

Expected<Shape> Parser::ParseWholeShape() {
  ASSIGN_OR_RETURN(Shape s, ParseShape());
  if (!lex_.AtEnd()) return ErrorHere("unexpected text after the shape");
  return s;
}

Expected<HloSharding> Parser::ParseWholeSharding() {
  HloSharding s;
  RETURN_IF_ERROR(ParseSharding(&s));
  if (!lex_.AtEnd()) return ErrorHere("unexpected text after the sharding");
  return s;
}

Status Parser::ParseLiteral(const Shape& shape, Literal* out) {
  if (shape.IsTuple()) {
    RETURN_IF_ERROR(Expect('(', "to open a tuple constant"));
    std::vector<Literal> elems;
    for (size_t i = 0; i < shape.tuple_shapes().size(); ++i) {
      if (i > 0) RETURN_IF_ERROR(Expect(',', "between tuple constant elements"));
      Literal e;
      RETURN_IF_ERROR(ParseLiteral(shape.tuple_shape(static_cast<int64_t>(i)), &e));
      elems.push_back(std::move(e));
    }
    RETURN_IF_ERROR(Expect(')', "to close the tuple constant"));
    *out = Literal::Tuple(std::move(elems));
    return Status::Ok();
  }
  if (shape.IsToken()) return ErrorHere("token constants are not supported");
  lex_.SkipSpace();
  int64_t start = lex_.pos();
  if (lex_.TryConsume('{') && lex_.TryConsume("...")) {
    return Error(start,
                 "the constant's value was elided ('{...}') when this HLO was dumped; "
                 "xpar needs the full literal");
  }
  lex_.set_pos(start);
  // Each element takes at least one character, so this bounds the allocation by the input size.
  if (shape.ElementCount() > lex_.size() - lex_.pos()) {
    return ErrorHere(fmt::format("constant of shape {} has more elements than the text could hold",
                                 shape.ToString(false)));
  }
  Literal lit(shape);
  ArrayReader reader(this, &lit);
  RETURN_IF_ERROR(reader.ReadLevel(0));
  *out = std::move(lit);
  return Status::Ok();
}

}  // namespace xpar::hlo
