// Name and trait tables generated from op_table.def.
#include "ir/opcode.h"

#include <array>
#include <string>
#include <unordered_map>

namespace xpar {
namespace {

struct OpInfo {
  std::string_view hlo;
  std::string_view shlo;
  int arity;
  uint32_t traits;
};

constexpr std::array<OpInfo, kNumOpcodes> kOpInfo = {{
#define XPAR_OP(name, hlo, shlo, arity, traits) {hlo, shlo, arity, traits},
#include "ir/op_table.def"
#undef XPAR_OP
}};

template <bool kStableHlo>
const std::unordered_map<std::string_view, Opcode>& NameMap() {
  static const auto* map = [] {
    auto* m = new std::unordered_map<std::string_view, Opcode>();
    for (int i = 0; i < kNumOpcodes; ++i) {
      std::string_view n = kStableHlo ? kOpInfo[i].shlo : kOpInfo[i].hlo;
      if (!n.empty()) m->emplace(n, static_cast<Opcode>(i));
    }
    return m;
  }();
  return *map;
}

}  // namespace

std::string_view HloOpcodeName(Opcode op) { return kOpInfo[static_cast<int>(op)].hlo; }
std::string_view StableHloOpcodeName(Opcode op) { return kOpInfo[static_cast<int>(op)].shlo; }
int OpcodeArity(Opcode op) { return kOpInfo[static_cast<int>(op)].arity; }
uint32_t OpcodeTraits(Opcode op) { return kOpInfo[static_cast<int>(op)].traits; }

std::optional<Opcode> OpcodeFromHloName(std::string_view name) {
  const auto& m = NameMap<false>();
  auto it = m.find(name);
  if (it != m.end()) return it->second;
  // XLA accepts this older spelling.
  if (name == "optimization-barrier") return Opcode::kOptimizationBarrier;
  return std::nullopt;
}

std::optional<Opcode> OpcodeFromStableHloName(std::string_view name) {
  const auto& m = NameMap<true>();
  auto it = m.find(name);
  if (it == m.end()) return std::nullopt;
  return it->second;
}

}  // namespace xpar
