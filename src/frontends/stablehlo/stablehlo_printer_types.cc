// Types, dense literals, arrays and strings in MLIR syntax for the StableHLO printer.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>
#include <cmath>
#include <cstring>

#include "frontends/stablehlo/stablehlo_printer_internal.h"

namespace xpar::shlo_printer {
namespace {

// Literals with more elements than this print as a hex blob (`dense<"0x...">`), which is what
// MLIR itself does for large constants and keeps the text small.
constexpr int64_t kHexBlobThreshold = 256;

// The shortest decimal text that reads back to the same value, always with a '.' or exponent
// (MLIR reads `1` as an integer); inf and nan as the bit pattern, as MLIR prints them.
template <typename F>
std::string FloatText(F v, int64_t bits, int width_bytes) {
  // Unsigned: an f64 pattern with the sign bit set (-inf, negative nan) is negative as int64.
  if (!std::isfinite(v)) {
    return fmt::format("0x{:0{}X}", static_cast<uint64_t>(bits), width_bytes * 2);
  }
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof(buf), v);
  std::string s(buf, end);
  if (s.find_first_of(".eEn") == std::string::npos) s += ".0";
  return s;
}

std::string ElementText(const Literal& lit, int64_t i) {
  std::string out;
  VisitArrayType(lit.type(), [&](auto t) {
    using T = decltype(t);
    T v = lit.data<T>()[i];
    if constexpr (std::is_same_v<T, bool>) {
      out = v ? "true" : "false";
    } else if constexpr (kIsNarrowFloat<T>) {
      out = FloatText(static_cast<float>(v), v.bits, static_cast<int>(sizeof(T)));
    } else if constexpr (std::is_same_v<T, float>) {
      uint32_t b;
      std::memcpy(&b, &v, 4);
      out = FloatText(v, b, 4);
    } else if constexpr (std::is_same_v<T, double>) {
      uint64_t b;
      std::memcpy(&b, &v, 8);
      out = FloatText(v, static_cast<int64_t>(b), 8);
    } else if constexpr (sizeof(T) == 1) {
      out = fmt::format("{}", static_cast<int>(v));
    } else {
      out = fmt::format("{}", v);
    }
  });
  return out;
}

void AppendNested(const Literal& lit, int64_t level, int64_t* next, std::string* out) {
  const Shape& s = lit.shape();
  if (level == s.rank()) {
    *out += ElementText(lit, (*next)++);
    return;
  }
  *out += "[";
  for (int64_t i = 0; i < s.dim(level); ++i) {
    if (i > 0) *out += ", ";
    AppendNested(lit, level + 1, next, out);
  }
  *out += "]";
}

bool IsSplat(const Literal& lit) {
  const int64_t n = lit.ElementCount();
  const int64_t w = ByteWidth(lit.type());
  for (int64_t i = 1; i < n; ++i) {
    if (std::memcmp(lit.raw(), lit.raw() + i * w, w) != 0) return false;
  }
  return n > 0;
}

}  // namespace

std::string ElementTypeText(PrimitiveType type) {
  switch (type) {
    case PrimitiveType::kPred: return "i1";
    case PrimitiveType::kS8: return "i8";
    case PrimitiveType::kS16: return "i16";
    case PrimitiveType::kS32: return "i32";
    case PrimitiveType::kS64: return "i64";
    case PrimitiveType::kU8: return "ui8";
    case PrimitiveType::kU16: return "ui16";
    case PrimitiveType::kU32: return "ui32";
    case PrimitiveType::kU64: return "ui64";
    case PrimitiveType::kF16: return "f16";
    case PrimitiveType::kBF16: return "bf16";
    case PrimitiveType::kF32: return "f32";
    case PrimitiveType::kF64: return "f64";
    case PrimitiveType::kF8E4M3FN: return "f8E4M3FN";
    case PrimitiveType::kF8E5M2: return "f8E5M2";
    case PrimitiveType::kF8E4M3FNUZ: return "f8E4M3FNUZ";
    case PrimitiveType::kF8E5M2FNUZ: return "f8E5M2FNUZ";
    case PrimitiveType::kF8E4M3B11FNUZ: return "f8E4M3B11FNUZ";
    case PrimitiveType::kF8E3M4: return "f8E3M4";
    case PrimitiveType::kF8E4M3: return "f8E4M3";
    case PrimitiveType::kF8E8M0FNU: return "f8E8M0FNU";
    case PrimitiveType::kF6E2M3FN: return "f6E2M3FN";
    case PrimitiveType::kF6E3M2FN: return "f6E3M2FN";
    case PrimitiveType::kF4E2M1FN: return "f4E2M1FN";
    case PrimitiveType::kTuple: return "tuple";
    case PrimitiveType::kToken: return "!stablehlo.token";
  }
  return "?";
}

std::string TypeText(const Shape& shape) {
  if (shape.IsToken()) return "!stablehlo.token";
  if (shape.IsTuple()) {
    std::vector<std::string> parts;
    for (const Shape& s : shape.tuple_shapes()) parts.push_back(TypeText(s));
    return fmt::format("tuple<{}>", fmt::join(parts, ", "));
  }
  std::string out = "tensor<";
  for (int64_t d : shape.dims()) out += fmt::format("{}x", d);
  return out + ElementTypeText(shape.type()) + ">";
}

Expected<std::string> DenseText(const Literal& lit) {
  const Shape& s = lit.shape();
  if (!s.IsArray()) {
    return Unimplemented("a {} constant has no StableHLO dense form", s.ToString(false));
  }
  std::string type = TypeText(s);
  const int64_t n = lit.ElementCount();
  if (n > 0 && IsSplat(lit)) return fmt::format("dense<{}> : {}", ElementText(lit, 0), type);
  if (n > kHexBlobThreshold && s.type() != PrimitiveType::kPred) {
    // Raw little-endian element bytes, as MLIR's hex form of DenseElementsAttr.
    std::string hex = "\"0x";
    hex.reserve(4 + 2 * lit.size_bytes());
    static constexpr char kDigits[] = "0123456789ABCDEF";
    for (int64_t i = 0; i < lit.size_bytes(); ++i) {
      hex += kDigits[lit.raw()[i] >> 4];
      hex += kDigits[lit.raw()[i] & 15];
    }
    return fmt::format("dense<{}\"> : {}", hex, type);
  }
  std::string body;
  int64_t next = 0;
  AppendNested(lit, 0, &next, &body);
  return fmt::format("dense<{}> : {}", body, type);
}

std::string I64Array(const std::vector<int64_t>& v) {
  if (v.empty()) return "array<i64>";
  return fmt::format("array<i64: {}>", fmt::join(v, ", "));
}

std::string BracketList(const std::vector<int64_t>& v) {
  return fmt::format("[{}]", fmt::join(v, ", "));
}

std::string Quote(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (u < 0x20 || u >= 0x7f) {
      out += fmt::format("\\{:02X}", u);
    } else {
      out += c;
    }
  }
  return out + "\"";
}

bool IsBareId(std::string_view s) {
  if (s.empty()) return false;
  auto first_ok = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; };
  auto rest_ok = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.' ||
           c == '-';
  };
  if (!first_ok(s[0])) return false;
  for (char c : s) {
    if (!rest_ok(c)) return false;
  }
  return true;
}

std::string SymbolRef(std::string_view name) {
  // Symbol names allow no '-' in bare form.
  bool bare = IsBareId(name) && name.find('-') == std::string_view::npos;
  return bare ? fmt::format("@{}", name) : "@" + Quote(name);
}

}  // namespace xpar::shlo_printer
