// Element types (HLO's PrimitiveType subset that xpar supports), the 16-bit float formats and the
// 4/6/8-bit ones (ir/minifloat.h). Those are computed in f32 and rounded to nearest even on store,
// as XLA does on CPU.
#pragma once

#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <type_traits>

#include "ir/minifloat.h"

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
  // The 4/6/8-bit floats of ir/minifloat.h, one per byte.
  kF8E4M3FN,
  kF8E5M2,
  kF8E4M3FNUZ,
  kF8E5M2FNUZ,
  kF8E4M3B11FNUZ,
  kF8E3M4,
  kF8E4M3,
  kF8E8M0FNU,
  kF6E2M3FN,
  kF6E3M2FN,
  kF4E2M1FN,
  kTuple,
  kToken,
};

std::string_view PrimitiveTypeName(PrimitiveType t);  // "f32", "pred", "token", "(tuple)"
// Parses "f32", "bf16", "f8e4m3fn", ...; nullopt for unknown names (complex included: the parser
// gives those their own "unsupported element type" error).
std::optional<PrimitiveType> PrimitiveTypeFromName(std::string_view name);
int64_t ByteWidth(PrimitiveType t);  // 1 for pred; 0 for tuple and token
// Bits an element's encoding uses: 8 * ByteWidth, except 4 for f4e2m1fn and 6 for f6 (whose byte
// keeps the upper bits zero).
int64_t EncodingBits(PrimitiveType t);
bool IsFloating(PrimitiveType t);  // f16, bf16, f32, f64 and the minifloats
bool IsMinifloat(PrimitiveType t);  // the 4/6/8-bit floats (f8e4m3fn, ..., f4e2m1fn)
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

// Storage types whose arithmetic is done in f32 and rounded to nearest even on store: bf16, f16
// and the minifloats.
template <typename T>
inline constexpr bool kIsNarrowFloat =
    std::is_same_v<T, bf16> || std::is_same_v<T, f16> || kIsMinifloat<T>;

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
    case PrimitiveType::kF8E4M3FN: fn(f8e4m3fn{}); return true;
    case PrimitiveType::kF8E5M2: fn(f8e5m2{}); return true;
    case PrimitiveType::kF8E4M3FNUZ: fn(f8e4m3fnuz{}); return true;
    case PrimitiveType::kF8E5M2FNUZ: fn(f8e5m2fnuz{}); return true;
    case PrimitiveType::kF8E4M3B11FNUZ: fn(f8e4m3b11fnuz{}); return true;
    case PrimitiveType::kF8E3M4: fn(f8e3m4{}); return true;
    case PrimitiveType::kF8E4M3: fn(f8e4m3{}); return true;
    case PrimitiveType::kF8E8M0FNU: fn(f8e8m0fnu{}); return true;
    case PrimitiveType::kF6E2M3FN: fn(f6e2m3fn{}); return true;
    case PrimitiveType::kF6E3M2FN: fn(f6e3m2fn{}); return true;
    case PrimitiveType::kF4E2M1FN: fn(f4e2m1fn{}); return true;
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
XPAR_NATIVE_TYPE(f8e4m3fn, kF8E4M3FN)
XPAR_NATIVE_TYPE(f8e5m2, kF8E5M2)
XPAR_NATIVE_TYPE(f8e4m3fnuz, kF8E4M3FNUZ)
XPAR_NATIVE_TYPE(f8e5m2fnuz, kF8E5M2FNUZ)
XPAR_NATIVE_TYPE(f8e4m3b11fnuz, kF8E4M3B11FNUZ)
XPAR_NATIVE_TYPE(f8e3m4, kF8E3M4)
XPAR_NATIVE_TYPE(f8e4m3, kF8E4M3)
XPAR_NATIVE_TYPE(f8e8m0fnu, kF8E8M0FNU)
XPAR_NATIVE_TYPE(f6e2m3fn, kF6E2M3FN)
XPAR_NATIVE_TYPE(f6e3m2fn, kF6E3M2FN)
XPAR_NATIVE_TYPE(f4e2m1fn, kF4E2M1FN)
#undef XPAR_NATIVE_TYPE

}  // namespace xpar
