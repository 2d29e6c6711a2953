// The contents of dense<...> literals: nested lists, splats, booleans, decimal and hex floats
// (hex is the bit pattern, as MLIR prints inf and nan), and "0x..." raw little-endian blobs.
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

Status Parser::ParseDenseBody(const Shape& shape, int64_t body_offset, int64_t body_end,
                              Literal* out) {
  // A splat (`dense<0.0> : tensor<1000000x1000000xf32>`) is tiny in text but not in memory.
  const int64_t physical = PhysicalMemoryBytes();
  if (physical > 0 && shape.ByteSize() > physical) {
    return Error(body_offset, fmt::format("constant of {} needs {}, more than this machine's "
                                          "memory ({})", shape.ToString(false),
                                          HumanBytes(shape.ByteSize()), HumanBytes(physical)));
  }
  // A list has a token per element: a type with more elements than the text has characters
  // is refused before the allocation (only a splat or a hex blob may outgrow its text).
  lex_.set_pos(body_offset);
  if (lex_.Peek().Is("[") && shape.ElementCount() > body_end - body_offset) {
    return Error(body_offset, fmt::format("dense literal is too short for {} ({} elements)",
                                          shape.ToString(false), shape.ElementCount()));
  }
  *out = Literal(shape);
  const PrimitiveType type = shape.type();
  const int64_t width = ByteWidth(type);
  const int64_t count = shape.ElementCount();
  const ElementError error = [this](int64_t off, std::string msg, bool unsupported) {
    return unsupported ? Unsupported(off, msg) : Error(off, msg);
  };
  lex_.set_pos(body_offset);
  Token first = lex_.Peek();
  if (first.kind == Tok::kString) {  // "0x..." raw bytes, one element (splat) or all of them
    lex_.Next();
    std::string_view hex = first.text.substr(1, first.text.size() - 2);
    if (!hex.starts_with("0x") || (hex.size() - 2) % 2 != 0) {
      return Error(first.offset, "expected a \"0x...\" hex blob");
    }
    hex.remove_prefix(2);
    std::vector<uint8_t> bytes;
    for (size_t i = 0; i < hex.size(); i += 2) {
      int hi = HexDigit(hex[i]), lo = HexDigit(hex[i + 1]);
      if (hi < 0 || lo < 0) return Error(first.offset, "bad hex digit in dense blob");
      bytes.push_back(static_cast<uint8_t>(hi * 16 + lo));
    }
    int64_t n = static_cast<int64_t>(bytes.size());
    if (IsPackedPredBlob(type, count, bytes)) {
      for (int64_t i = 0; i < count; ++i) out->raw()[i] = (bytes[i / 8] >> (i % 8)) & 1;
    } else if (n == count * width) {
      if (n > 0) std::memcpy(out->raw(), bytes.data(), n);
    } else if (n == width) {
      for (int64_t i = 0; i < count; ++i) std::memcpy(out->raw() + i * width, bytes.data(), width);
    } else {
      return Error(first.offset, fmt::format("hex blob has {} bytes; {} needs {}{}", n,
                                             shape.ToString(false), count * width,
                                             type == PrimitiveType::kPred
                                                 ? fmt::format(" (or {} bit-packed)", (count + 7) / 8)
                                                 : ""));
    }
    if (type == PrimitiveType::kPred) {  // MLIR's splat true is 0xFF; a pred is 0 or 1
      for (int64_t i = 0; i < count; ++i) out->raw()[i] = out->raw()[i] != 0;
    }
  } else if (lex_.NextOffset() >= body_end) {
    if (count != 0) return Error(body_offset, "empty dense<> for a non-empty tensor");
  } else {
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
    int64_t n = static_cast<int64_t>(leaves.size());
    if (n == 1 && count != 1) {  // splat
      if (count > 0) {
        RETURN_IF_ERROR(StoreElement(leaves[0], type, out->raw(), error));
        for (int64_t i = 1; i < count; ++i) std::memcpy(out->raw() + i * width, out->raw(), width);
      }
    } else if (n == count) {
      for (int64_t i = 0; i < n; ++i) {
        RETURN_IF_ERROR(StoreElement(leaves[i], type, out->raw() + i * width, error));
      }
    } else {
      return Error(body_offset, fmt::format("dense literal has {} elements; {} needs {}", n,
                                            shape.ToString(false), count));
    }
  }
  return Status::Ok();
}

}  // namespace xpar::mlir
