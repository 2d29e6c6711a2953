// rng-bit-generator (ThreeFry and Philox, bit for bit as XLA's RngBitGeneratorExpander and
// xla/client/lib/prng.cc), rng (uniform/normal from the device's seed) and
// rng-get-and-update-state.
//
// rng_default: XLA's CPU and GPU compilers run RngBitGeneratorExpander with
// RandomAlgorithm::RNG_PHILOX as the default algorithm, so xpar maps DEFAULT to Philox.
// `rng` is implementation-defined in XLA (each backend draws differently); xpar's values are
// deterministic for a given seed but not XLA's.
#include <cmath>
#include <numbers>

#include "runtime/interpreter/kernels.h"

namespace xpar {
namespace {

using U32x2 = std::array<uint32_t, 2>;
using U32x4 = std::array<uint32_t, 4>;

uint32_t RotL(uint32_t v, int r) { return (v << r) | (v >> (32 - r)); }

// Threefry2x32 with 20 rounds (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3").
U32x2 ThreeFry2x32(U32x2 x, U32x2 key) {
  static constexpr int kRot[8] = {13, 15, 26, 6, 17, 29, 16, 24};
  const uint32_t ks[3] = {key[0], key[1], 0x1BD11BDAu ^ key[0] ^ key[1]};
  x[0] += ks[0];
  x[1] += ks[1];
  for (int block = 0; block < 5; ++block) {
    for (int r = 0; r < 4; ++r) {
      x[0] += x[1];
      x[1] = RotL(x[1], kRot[(block % 2) * 4 + r]);
      x[1] ^= x[0];
    }
    x[0] += ks[(block + 1) % 3];
    x[1] += ks[(block + 2) % 3] + static_cast<uint32_t>(block + 1);
  }
  return x;
}

// Philox4x32 with 10 rounds.
U32x4 Philox4x32(U32x4 x, U32x2 key) {
  for (int round = 0; round < 10; ++round) {
    uint64_t p0 = static_cast<uint64_t>(x[0]) * 0xD2511F53u;
    uint64_t p1 = static_cast<uint64_t>(x[2]) * 0xCD9E8D57u;
    x = {static_cast<uint32_t>(p1 >> 32) ^ x[1] ^ key[0], static_cast<uint32_t>(p1),
         static_cast<uint32_t>(p0 >> 32) ^ x[3] ^ key[1], static_cast<uint32_t>(p0)};
    key[0] += 0x9E3779B9u;
    key[1] += 0xBB67AE85u;
  }
  return x;
}

U32x2 Split(uint64_t v) { return {static_cast<uint32_t>(v), static_cast<uint32_t>(v >> 32)}; }
uint64_t Join(uint32_t lo, uint32_t hi) { return lo | (static_cast<uint64_t>(hi) << 32); }

// ThreeFry as XLA: counters state[1] + i; 32-bit outputs are all first words, then all second
// words (ThreeFryRngBit32 concatenates), 64-bit outputs join (first, second).
std::vector<uint64_t> ThreeFryBits(std::span<uint64_t> state, int64_t n, bool wide) {
  const U32x2 key = Split(state[0]);
  const int64_t blocks = wide ? n : (n + 1) / 2;
  std::vector<uint64_t> out(n);
  for (int64_t i = 0; i < blocks; ++i) {
    U32x2 r = ThreeFry2x32(Split(state[1] + static_cast<uint64_t>(i)), key);
    if (wide) {
      out[i] = Join(r[0], r[1]);
    } else {
      out[i] = r[0];
      if (blocks + i < n) out[blocks + i] = r[1];
    }
  }
  state[1] += static_cast<uint64_t>(blocks);
  return out;
}

// Philox as XLA: a 128-bit counter (state[1], state[2]) + i per block of four words, words
// taken round-robin; 64-bit outputs join words (0,1) and (2,3).
std::vector<uint64_t> PhiloxBits(std::span<uint64_t> state, int64_t n, bool wide) {
  const U32x2 key = Split(state[0]);
  const int64_t words = wide ? 2 * n : n;
  const int64_t blocks = (words + 3) / 4;
  uint64_t lo = state[1], hi = state.size() > 2 ? state[2] : 0;
  std::vector<uint64_t> out(n);
  for (int64_t i = 0; i < blocks; ++i) {
    uint64_t c_lo = lo + static_cast<uint64_t>(i);
    uint64_t c_hi = hi + (c_lo < lo ? 1 : 0);
    U32x2 a = Split(c_lo), b = Split(c_hi);
    U32x4 r = Philox4x32({a[0], a[1], b[0], b[1]}, key);
    for (int j = 0; j < (wide ? 2 : 4); ++j) {
      int64_t k = i * (wide ? 2 : 4) + j;
      if (k < n) out[k] = wide ? Join(r[2 * j], r[2 * j + 1]) : r[j];
    }
  }
  uint64_t new_lo = lo + static_cast<uint64_t>(blocks);
  state[1] = new_lo;
  if (state.size() > 2) state[2] = hi + (new_lo < lo ? 1 : 0);
  return out;
}

Expected<Literal> RngBitGenerator(const Instruction& inst, const Literal& state_in) {
  const Shape& shape = inst.shape();
  if (!shape.IsTuple() || shape.tuple_shapes().size() != 2) {
    return InvalidArgument("rng-bit-generator must return (state, values)");
  }
  if (state_in.type() != PrimitiveType::kU64 || state_in.shape().rank() != 1) {
    return InvalidArgument("rng-bit-generator state must be u64[2] or u64[3], got {}",
                           state_in.shape().ToString(false));
  }
  RngAlgorithm alg = inst.attrs().rng_algorithm;
  if (alg == RngAlgorithm::kDefault) alg = RngAlgorithm::kPhilox;
  const int64_t state_len = state_in.ElementCount();
  if ((alg == RngAlgorithm::kThreeFry && state_len != 2) ||
      (alg == RngAlgorithm::kPhilox && state_len != 2 && state_len != 3)) {
    return InvalidArgument("rng-bit-generator state u64[{}] does not fit the algorithm "
                           "(ThreeFry: u64[2], Philox: u64[2] or u64[3])", state_len);
  }
  Literal state = state_in;
  Literal values(shape.tuple_shape(1));
  const int64_t n = values.ElementCount();
  const int64_t width = ByteWidth(values.type());
  if (!IsInteger(values.type()) && !IsFloating(values.type())) {
    return InvalidArgument("rng-bit-generator cannot produce {}", PrimitiveTypeName(values.type()));
  }
  const bool wide = width == 8;
  std::span<uint64_t> st = state.data<uint64_t>();
  std::vector<uint64_t> bits = alg == RngAlgorithm::kThreeFry ? ThreeFryBits(st, n, wide)
                                                               : PhiloxBits(st, n, wide);
  // Narrow types keep the low bits of 32-bit draws (XLA's *RngBitNarrow).
  for (int64_t i = 0; i < n; ++i) {
    std::memcpy(values.raw() + i * width, &bits[i], static_cast<size_t>(width));
  }
  std::vector<Literal> elems;
  elems.push_back(std::move(state));
  elems.push_back(std::move(values));
  return Literal::Tuple(std::move(elems));
}

// splitmix64: a small, well-mixed generator for the `rng` op.
uint64_t NextRandom(uint64_t& s) {
  uint64_t z = (s += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
double NextUnit(uint64_t& s) { return static_cast<double>(NextRandom(s) >> 11) * 0x1.0p-53; }

Expected<Literal> Rng(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() < 2) return InvalidArgument("rng takes two scalar operands");
  Literal out(inst.shape());
  const double a = ops[0]->GetAsDouble(0), b = ops[1]->GetAsDouble(0);
  uint64_t& s = ctx.rng_state();
  const bool integer = IsInteger(out.type());
  for (int64_t i = 0; i < out.ElementCount(); ++i) {
    if (inst.attrs().rng_distribution == RngDistribution::kNormal) {
      // Box-Muller: mean a, standard deviation b.
      double u1 = 1.0 - NextUnit(s), u2 = NextUnit(s);
      double z = std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
      out.SetFromDouble(i, a + b * z);
    } else if (integer) {
      int64_t lo = ops[0]->GetAsInt64(0), hi = ops[1]->GetAsInt64(0);
      if (hi <= lo) return InvalidArgument("rng uniform needs a < b, got [{}, {})", lo, hi);
      uint64_t span = static_cast<uint64_t>(hi - lo);
      out.SetFromInt64(i, lo + static_cast<int64_t>(NextRandom(s) % span));
    } else {
      double v = a + (b - a) * NextUnit(s);
      out.SetFromDouble(i, v);
      if (out.GetAsDouble(i) >= b && b > a) out.SetFromDouble(i, a);  // keep [a, b) after rounding
    }
  }
  return out;
}

// XLA's RngGetAndUpdateState returns the 128-bit global state as u64[2] and advances it by
// `delta`; xpar's state is the device's 64-bit rng state (high word 0).
Expected<Literal> RngGetAndUpdateState(const Instruction& inst, EvalContext& ctx) {
  int64_t delta = 0;
  for (const auto& [key, value] : inst.attrs().passthrough) {
    if (key == "delta") delta = std::strtoll(value.c_str(), nullptr, 10);
  }
  Literal out(inst.shape());
  if (out.type() != PrimitiveType::kU64 || out.ElementCount() < 1) {
    return InvalidArgument("rng-get-and-update-state must return u64[2]");
  }
  out.data<uint64_t>()[0] = ctx.rng_state();
  ctx.rng_state() += static_cast<uint64_t>(delta);
  return out;
}

}  // namespace

Expected<Literal> EvalRng(const Instruction& inst, Operands ops, EvalContext& ctx) {
  switch (inst.opcode()) {
    case Opcode::kRngBitGenerator:
      if (ops.empty()) return InvalidArgument("rng-bit-generator takes a state operand");
      return RngBitGenerator(inst, *ops[0]);
    case Opcode::kRng:
      return Rng(inst, ops, ctx);
    case Opcode::kRngGetAndUpdateState:
      return RngGetAndUpdateState(inst, ctx);
    default:
      return Internal("EvalRng called for {}", HloOpcodeName(inst.opcode()));
  }
}

}  // namespace xpar
