// Element types (HLO's PrimitiveType subset that xpar supports) and the 16-bit float formats.
// bf16/f16 values are computed in f32 and rounded to nearest even on store, as XLA does on CPU.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

namespace xpar {

enum class PrimitiveType : uint8_t {
  kPred,
  kS8,
  kS16,
  kS32,
  kS64,
  kU8,
  kU16,
  kU32,
  kU64,
  kF16,
  kBF16,
  kF32,
  kF64,
  kTuple,
  kToken,
};

std::string_view PrimitiveTypeName(PrimitiveType t);  // "f32", "pred", "token", "(tuple)"
// Parses "f32", "bf16", ...; nullopt for unknown names (complex and fp8 included: the parser
// gives those their own "unsupported element type" error).
std::optional<PrimitiveType> PrimitiveTypeFromName(std::string_view name);
int64_t ByteWidth(PrimitiveType t);  // 1 for pred; 0 for tuple and token
bool IsFloating(PrimitiveType t);
bool IsSignedInt(PrimitiveType t);
bool IsUnsignedInt(PrimitiveType t);
inline bool IsInteger(PrimitiveType t) { return IsSignedInt(t) || IsUnsignedInt(t); }
inline bool IsArrayType(PrimitiveType t) {
  return t != PrimitiveType::kTuple && t != PrimitiveType::kToken;
}

// Rounds an f32 to bf16 (round to nearest even; NaN stays NaN).
inline uint16_t FloatToBf16Bits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, 4);
  if ((bits & 0x7fffffffu) > 0x7f800000u) return static_cast<uint16_t>((bits >> 16) | 0x40);
  uint32_t lsb = (bits >> 16) & 1u;
  bits += 0x7fffu + lsb;
  return static_cast<uint16_t>(bits >> 16);
}
inline float Bf16BitsToFloat(uint16_t h) {
  uint32_t bits = static_cast<uint32_t>(h) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}
uint16_t FloatToF16Bits(float f);  // IEEE binary16, round to nearest even
float F16BitsToFloat(uint16_t h);

struct bf16 {
  uint16_t bits = 0;
  bf16() = default;
  explicit bf16(float f) : bits(FloatToBf16Bits(f)) {}
  explicit operator float() const { return Bf16BitsToFloat(bits); }
};
struct f16 {
  uint16_t bits = 0;
  f16() = default;
  explicit f16(float f) : bits(FloatToF16Bits(f)) {}
  explicit operator float() const { return F16BitsToFloat(bits); }
};

// Calls fn(T{}) with the C++ type that stores elements of `t` (bool for pred, bf16, f16, ...).
// Returns false for tuple/token.
template <typename Fn>
bool VisitArrayType(PrimitiveType t, Fn&& fn) {
  switch (t) {
    case PrimitiveType::kPred: fn(bool{}); return true;
    case PrimitiveType::kS8: fn(int8_t{}); return true;
    case PrimitiveType::kS16: fn(int16_t{}); return true;
    case PrimitiveType::kS32: fn(int32_t{}); return true;
    case PrimitiveType::kS64: fn(int64_t{}); return true;
    case PrimitiveType::kU8: fn(uint8_t{}); return true;
    case PrimitiveType::kU16: fn(uint16_t{}); return true;
    case PrimitiveType::kU32: fn(uint32_t{}); return true;
    case PrimitiveType::kU64: fn(uint64_t{}); return true;
    case PrimitiveType::kF16: fn(f16{}); return true;
    case PrimitiveType::kBF16: fn(bf16{}); return true;
    case PrimitiveType::kF32: fn(float{}); return true;
    case PrimitiveType::kF64: fn(double{}); return true;
    case PrimitiveType::kTuple:
    case PrimitiveType::kToken: return false;
  }
  return false;
}

template <typename T>
constexpr PrimitiveType NativeToPrimitiveType();
#define XPAR_NATIVE_TYPE(T, P) \
  template <>                  \
  constexpr PrimitiveType NativeToPrimitiveType<T>() { return PrimitiveType::P; }
XPAR_NATIVE_TYPE(bool, kPred)
XPAR_NATIVE_TYPE(int8_t, kS8)
XPAR_NATIVE_TYPE(int16_t, kS16)
XPAR_NATIVE_TYPE(int32_t, kS32)
XPAR_NATIVE_TYPE(int64_t, kS64)
XPAR_NATIVE_TYPE(uint8_t, kU8)
XPAR_NATIVE_TYPE(uint16_t, kU16)
XPAR_NATIVE_TYPE(uint32_t, kU32)
XPAR_NATIVE_TYPE(uint64_t, kU64)
XPAR_NATIVE_TYPE(f16, kF16)
XPAR_NATIVE_TYPE(bf16, kBF16)
XPAR_NATIVE_TYPE(float, kF32)
XPAR_NATIVE_TYPE(double, kF64)
#undef XPAR_NATIVE_TYPE

}  // namespace xpar
