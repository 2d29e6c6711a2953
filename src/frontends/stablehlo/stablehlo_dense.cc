// The contents of dense<...> literals: nested lists, splats, booleans, decimal and hex floats
// (hex is the bit pattern, as MLIR prints inf and nan), and "0x..." raw little-endian blobs.
// A splat larger than StableHloParseOptions::max_expanded_splat stays one element (Attr::splat).
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>

#include "frontends/stablehlo/stablehlo_parser_impl.h"
#include "support/memory_limit.h"
#include "support/units.h"

namespace xpar::mlir {
namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// MLIR stores an i1 blob bit-packed: element i is bit i % 8 (least significant first) of byte
// i / 8, in ceil(n / 8) bytes; one byte 0x00 or 0xFF is a splat (BuiltinAttributes.cpp,
// DenseElementsAttr::get and isValidRawBuffer). JAX's bool testdata blobs are written so.
bool IsPackedPredBlob(PrimitiveType type, int64_t count, const std::vector<uint8_t>& bytes) {
  if (type != PrimitiveType::kPred || count < 2) return false;
  if (static_cast<int64_t>(bytes.size()) != (count + 7) / 8) return false;
  return !(bytes.size() == 1 && (bytes[0] == 0x00 || bytes[0] == 0xFF));
}

// How StoreElement reports a bad element: at `offset`, as malformed input or (unsupported) as
// valid input xpar does not handle.
using ElementError = std::function<Status(int64_t offset, std::string message, bool unsupported)>;

// Writes one element from its token into `dst` (ByteWidth(type) bytes).
Status StoreElement(const Token& t, PrimitiveType type, uint8_t* dst, const ElementError& error) {
  std::string_view s = t.text;
  const int64_t width = ByteWidth(type);
  bool is_bool = t.kind == Tok::kBareId && (s == "true" || s == "false");
  if (t.kind != Tok::kInt && t.kind != Tok::kFloat && !is_bool) {
    if (t.Is("(")) return error(t.offset, "complex literals are not supported by xpar", true);
    return error(t.offset, fmt::format("expected a number, found '{}'", s), false);
  }
  bool neg = s.starts_with("-");
  std::string_view mag = (neg || s.starts_with("+")) ? s.substr(1) : s;
  bool hex = mag.starts_with("0x") || mag.starts_with("0X");
  if (is_bool) {
    if (!IsInteger(type) && type != PrimitiveType::kPred) {
      return error(t.offset, "a boolean literal needs an i1 or integer type", false);
    }
    uint64_t v = s == "true" ? 1 : 0;
    std::memcpy(dst, &v, width);
    return Status::Ok();
  }
  if (hex || (t.kind == Tok::kInt && !IsFloating(type))) {
    uint64_t u = 0;
    std::string_view digits = hex ? mag.substr(2) : mag;
    auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), u, hex ? 16 : 10);
    if (ec != std::errc() || end != digits.data() + digits.size()) {
      return error(t.offset, fmt::format("integer '{}' out of range", s), false);
    }
    if (neg) u = 0 - u;  // two's complement in unsigned arithmetic: -2^63 is no overflow
    if (type == PrimitiveType::kPred) u = u != 0;
    const int64_t bits = EncodingBits(type);
    if (hex && IsFloating(type) && bits < 64 && (u >> bits) != 0) {
      return error(t.offset,
                   fmt::format("hexadecimal float constant '{}' does not fit the {} bits of {}", s,
                               bits, PrimitiveTypeName(type)),
                   false);
    }
    std::memcpy(dst, &u, width);  // little-endian: the low bytes
    return Status::Ok();
  }
  if (!IsFloating(type)) {
    return error(t.offset, fmt::format("float literal '{}' for an integer type", s), false);
  }
  double v = std::strtod(std::string(s).c_str(), nullptr);
  VisitArrayType(type, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, double>) {
      std::memcpy(dst, &v, 8);
    } else if constexpr (std::is_same_v<T, float>) {
      float f = static_cast<float>(v);
      std::memcpy(dst, &f, 4);
    } else if constexpr (kIsNarrowFloat<T>) {  // bf16, f16, f8/f6/f4: round to nearest even
      T x(static_cast<float>(v));
      std::memcpy(dst, &x.bits, sizeof(x.bits));
    }
  });
  return Status::Ok();
}

}  // namespace

// The splat of `element` (ByteWidth bytes) over `shape`: expanded, or kept as one element.
Status Parser::FillSplat(const Shape& shape, const uint8_t* element, int64_t body_offset,
                         Literal* out, bool* splat) {
  const int64_t width = ByteWidth(shape.type());
  const int64_t count = shape.ElementCount();
  if (count > options_.max_expanded_splat) {
    *out = Literal(Shape::Scalar(shape.type()));
    std::memcpy(out->raw(), element, width);
    *splat = true;
    return Status::Ok();
  }
  const int64_t physical = PhysicalMemoryBytes();
  if (physical > 0 && shape.ByteSize() > physical) {
    return Error(body_offset, fmt::format("constant of {} needs {}, more than this machine's "
                                          "memory ({})", shape.ToString(false),
                                          HumanBytes(shape.ByteSize()), HumanBytes(physical)));
  }
  *out = Literal(shape);
  for (int64_t i = 0; i < count; ++i) std::memcpy(out->raw() + i * width, element, width);
  return Status::Ok();
}

// A "0x..." blob: all the elements' bytes (little-endian), or one element's (a splat).
Status Parser::ParseDenseHex(const Shape& shape, const Token& blob, Literal* out, bool* splat) {
  std::string_view hex = blob.text.substr(1, blob.text.size() - 2);
  if (!hex.starts_with("0x") || (hex.size() - 2) % 2 != 0) {
    return Error(blob.offset, "expected a \"0x...\" hex blob");
  }
  hex.remove_prefix(2);
  std::vector<uint8_t> bytes;
  for (size_t i = 0; i < hex.size(); i += 2) {
    int hi = HexDigit(hex[i]), lo = HexDigit(hex[i + 1]);
    if (hi < 0 || lo < 0) return Error(blob.offset, "bad hex digit in dense blob");
    bytes.push_back(static_cast<uint8_t>(hi * 16 + lo));
  }
  const int64_t width = ByteWidth(shape.type());
  const int64_t count = shape.ElementCount();
  const int64_t n = static_cast<int64_t>(bytes.size());
  if (IsPackedPredBlob(shape.type(), count, bytes)) {  // ceil(count / 8) bytes: not above the file
    *out = Literal(shape);
    for (int64_t i = 0; i < count; ++i) out->raw()[i] = (bytes[i / 8] >> (i % 8)) & 1;
    return Status::Ok();
  }
  if (shape.type() == PrimitiveType::kPred) {  // MLIR's splat true is 0xFF; a pred is 0 or 1
    for (uint8_t& b : bytes) b = b != 0;
  }
  if (n == count * width) {  // the text holds every byte: no larger than the file
    *out = Literal(shape);
    if (n > 0) std::memcpy(out->raw(), bytes.data(), n);
    return Status::Ok();
  }
  if (n == width) return FillSplat(shape, bytes.data(), blob.offset, out, splat);
  return Error(blob.offset, fmt::format("hex blob has {} bytes; {} needs {}{}", n,
                                        shape.ToString(false), count * width,
                                        shape.type() == PrimitiveType::kPred
                                            ? fmt::format(" (or {} bit-packed)", (count + 7) / 8)
                                            : ""));
}

Status Parser::ParseDenseBody(const Shape& shape, int64_t body_offset, int64_t body_end,
                              Literal* out, bool* splat) {
  *splat = false;
  // A list has a token per element: a type with more elements than the text has characters
  // is refused before the allocation (only a splat or a hex blob may outgrow its text).
  lex_.set_pos(body_offset);
  if (lex_.Peek().Is("[") && shape.ElementCount() > body_end - body_offset) {
    return Error(body_offset, fmt::format("dense literal is too short for {} ({} elements)",
                                          shape.ToString(false), shape.ElementCount()));
  }
  const PrimitiveType type = shape.type();
  const int64_t width = ByteWidth(type);
  const int64_t count = shape.ElementCount();
  const ElementError error = [this](int64_t off, std::string msg, bool unsupported) {
    return unsupported ? Unsupported(off, msg) : Error(off, msg);
  };
  Token first = lex_.Peek();
  if (first.kind == Tok::kString) {  // "0x..." raw bytes, one element (splat) or all of them
    lex_.Next();
    return ParseDenseHex(shape, first, out, splat);
  }
  if (lex_.NextOffset() >= body_end) {
    if (count != 0) return Error(body_offset, "empty dense<> for a non-empty tensor");
    *out = Literal(shape);
    return Status::Ok();
  }
  std::vector<Token> leaves;
  int depth = 0;
  while (lex_.NextOffset() < body_end) {
    Token t = lex_.Next();
    if (t.Is("[")) {
      ++depth;
    } else if (t.Is("]")) {
      if (--depth < 0) return Error(t.offset, "unbalanced ']' in dense literal");
    } else if (!t.Is(",")) {
      if (t.Is("(")) return Unsupported(t.offset, "complex literals are not supported by xpar");
      leaves.push_back(t);
    }
  }
  if (depth != 0) return Error(body_offset, "unbalanced '[' in dense literal");
  const int64_t n = static_cast<int64_t>(leaves.size());
  if (n == 1 && count != 1) {  // splat
    std::vector<uint8_t> element(width);
    RETURN_IF_ERROR(StoreElement(leaves[0], type, element.data(), error));
    return FillSplat(shape, element.data(), body_offset, out, splat);
  }
  if (n != count) {
    return Error(body_offset, fmt::format("dense literal has {} elements; {} needs {}", n,
                                          shape.ToString(false), count));
  }
  *out = Literal(shape);
  for (int64_t i = 0; i < n; ++i) {
    RETURN_IF_ERROR(StoreElement(leaves[i], type, out->raw() + i * width, error));
  }
  return Status::Ok();
}

}  // namespace xpar::mlir
