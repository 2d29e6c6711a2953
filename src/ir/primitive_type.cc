// Element type names and the IEEE binary16 conversions.
#include "ir/primitive_type.h"

#include <cmath>

namespace xpar {

std::string_view PrimitiveTypeName(PrimitiveType t) {
  switch (t) {
    case PrimitiveType::kPred: return "pred";
    case PrimitiveType::kS8: return "s8";
    case PrimitiveType::kS16: return "s16";
    case PrimitiveType::kS32: return "s32";
    case PrimitiveType::kS64: return "s64";
    case PrimitiveType::kU8: return "u8";
    case PrimitiveType::kU16: return "u16";
    case PrimitiveType::kU32: return "u32";
    case PrimitiveType::kU64: return "u64";
    case PrimitiveType::kF16: return "f16";
    case PrimitiveType::kBF16: return "bf16";
    case PrimitiveType::kF32: return "f32";
    case PrimitiveType::kF64: return "f64";
    case PrimitiveType::kF8E4M3FN: return "f8e4m3fn";
    case PrimitiveType::kF8E5M2: return "f8e5m2";
    case PrimitiveType::kF8E4M3FNUZ: return "f8e4m3fnuz";
    case PrimitiveType::kF8E5M2FNUZ: return "f8e5m2fnuz";
    case PrimitiveType::kF8E4M3B11FNUZ: return "f8e4m3b11fnuz";
    case PrimitiveType::kF8E3M4: return "f8e3m4";
    case PrimitiveType::kF8E4M3: return "f8e4m3";
    case PrimitiveType::kF8E8M0FNU: return "f8e8m0fnu";
    case PrimitiveType::kF6E2M3FN: return "f6e2m3fn";
    case PrimitiveType::kF6E3M2FN: return "f6e3m2fn";
    case PrimitiveType::kF4E2M1FN: return "f4e2m1fn";
    case PrimitiveType::kTuple: return "(tuple)";
    case PrimitiveType::kToken: return "token";
  }
  return "?";
}

std::optional<PrimitiveType> PrimitiveTypeFromName(std::string_view n) {
  for (int i = 0; i <= static_cast<int>(PrimitiveType::kToken); ++i) {
    auto t = static_cast<PrimitiveType>(i);
    if (t != PrimitiveType::kTuple && PrimitiveTypeName(t) == n) return t;
  }
  return std::nullopt;
}

int64_t ByteWidth(PrimitiveType t) {
  switch (t) {
    case PrimitiveType::kPred:
    case PrimitiveType::kS8:
    case PrimitiveType::kU8:
    case PrimitiveType::kF8E4M3FN:
    case PrimitiveType::kF8E5M2:
    case PrimitiveType::kF8E4M3FNUZ:
    case PrimitiveType::kF8E5M2FNUZ:
    case PrimitiveType::kF8E4M3B11FNUZ:
    case PrimitiveType::kF8E3M4:
    case PrimitiveType::kF8E4M3:
    case PrimitiveType::kF8E8M0FNU:
    case PrimitiveType::kF6E2M3FN:
    case PrimitiveType::kF6E3M2FN:
    case PrimitiveType::kF4E2M1FN:
      return 1;  // the 4/6/8-bit floats too: one per byte
    case PrimitiveType::kS16:
    case PrimitiveType::kU16:
    case PrimitiveType::kF16:
    case PrimitiveType::kBF16: return 2;
    case PrimitiveType::kS32:
    case PrimitiveType::kU32:
    case PrimitiveType::kF32: return 4;
    case PrimitiveType::kS64:
    case PrimitiveType::kU64:
    case PrimitiveType::kF64: return 8;
    case PrimitiveType::kTuple:
    case PrimitiveType::kToken: return 0;
  }
  return 0;
}

int64_t EncodingBits(PrimitiveType t) {
  if (t == PrimitiveType::kF4E2M1FN) return kF4E2M1FN.Width();
  if (t == PrimitiveType::kF6E2M3FN) return kF6E2M3FN.Width();
  if (t == PrimitiveType::kF6E3M2FN) return kF6E3M2FN.Width();
  return 8 * ByteWidth(t);
}

bool IsMinifloat(PrimitiveType t) {
  return t >= PrimitiveType::kF8E4M3FN && t <= PrimitiveType::kF4E2M1FN;
}
bool IsFloating(PrimitiveType t) {
  return t == PrimitiveType::kF16 || t == PrimitiveType::kBF16 || t == PrimitiveType::kF32 ||
         t == PrimitiveType::kF64 || IsMinifloat(t);
}
bool IsSignedInt(PrimitiveType t) {
  return t == PrimitiveType::kS8 || t == PrimitiveType::kS16 || t == PrimitiveType::kS32 ||
         t == PrimitiveType::kS64;
}
bool IsUnsignedInt(PrimitiveType t) {
  return t == PrimitiveType::kU8 || t == PrimitiveType::kU16 || t == PrimitiveType::kU32 ||
         t == PrimitiveType::kU64;
}

uint16_t FloatToF16Bits(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t abs = x & 0x7fffffffu;
  if (abs > 0x7f800000u) return static_cast<uint16_t>(sign | 0x7e00u);  // NaN
  if (abs >= 0x477ff000u) return static_cast<uint16_t>(sign | 0x7c00u);  // overflow -> inf
  if (abs < 0x38800000u) {
    // Subnormal or zero in f16: scale into the subnormal range and round to nearest even.
    float af;
    std::memcpy(&af, &abs, 4);
    float scaled = af * 16777216.0f;  // 2^24: one f16 subnormal ulp becomes 1.0
    return static_cast<uint16_t>(sign | static_cast<uint32_t>(std::nearbyint(scaled)));
  }
  uint32_t mant_odd = (abs >> 13) & 1u;
  abs += 0xc8000fffu + mant_odd;  // rebias exponent (-112 << 23) and round to nearest even
  return static_cast<uint16_t>(sign | (abs >> 13));
}

float F16BitsToFloat(uint16_t h) {
  uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1fu;
  uint32_t mant = h & 0x3ffu;
  float out;
  if (exp == 0) {
    out = std::ldexp(static_cast<float>(mant), -24);
    uint32_t bits;
    std::memcpy(&bits, &out, 4);
    bits |= sign;
    std::memcpy(&out, &bits, 4);
    return out;
  }
  uint32_t bits;
  if (exp == 31) {
    bits = sign | 0x7f800000u | (mant << 13);
  } else {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  }
  std::memcpy(&out, &bits, 4);
  return out;
}

}  // namespace xpar
