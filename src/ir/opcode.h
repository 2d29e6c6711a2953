// Opcodes generated from op_table.def: the enum, names in both text formats, arity and traits.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace xpar {

inline constexpr int kVariadic = -1;

enum OpTrait : uint32_t {
  kElementwise = 1u << 0,       // output[i] depends only on operands[i] (same shapes)
  kCollective = 1u << 1,        // communicates between devices
  kSideEffect = 1u << 2,        // must not be removed or reordered freely
  kCallsComputation = 1u << 3,  // may reference other computations
};

enum class Opcode : uint16_t {
#define XPAR_OP(name, hlo, shlo, arity, traits) name,
#include "ir/op_table.def"
#undef XPAR_OP
};

inline constexpr int kNumOpcodes = 0
#define XPAR_OP(name, hlo, shlo, arity, traits) +1
#include "ir/op_table.def"
#undef XPAR_OP
    ;

std::string_view HloOpcodeName(Opcode op);
// "" when StableHLO has no one-to-one op.
std::string_view StableHloOpcodeName(Opcode op);
int OpcodeArity(Opcode op);  // kVariadic for variadic ops
uint32_t OpcodeTraits(Opcode op);
inline bool HasTrait(Opcode op, OpTrait t) { return (OpcodeTraits(op) & t) != 0; }

// True when `op` is one of `ops`.
inline bool IsOneOf(Opcode op, std::initializer_list<Opcode> ops) {
  for (Opcode o : ops) {
    if (o == op) return true;
  }
  return false;
}

std::optional<Opcode> OpcodeFromHloName(std::string_view name);
std::optional<Opcode> OpcodeFromStableHloName(std::string_view name);

}  // namespace xpar
