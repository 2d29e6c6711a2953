// Inlining of calls and unrolling of fixed-trip-count while loops in the entry computation.
#include "autodiff/inline.h"

#include <fmt/format.h>

#include <unordered_map>

namespace xpar::autodiff {
namespace {

std::optional<int64_t> IntConstant(const Instruction* i) {
  if (i->opcode() != Opcode::kConstant || !i->attrs().literal || i->shape().rank() != 0 ||
      !IsInteger(i->shape().type())) {
    return std::nullopt;
  }
  return i->attrs().literal->GetAsInt64(0);
}

// The tuple index `i` when `x` is get-tuple-element(parameter 0), index=i.
std::optional<int64_t> StateIndex(const Instruction* x) {
  if (x->opcode() != Opcode::kGetTupleElement || x->operand(0)->opcode() != Opcode::kParameter) {
    return std::nullopt;
  }
  return x->attrs().tuple_index;
}

// Whether the body's result element `index` is that element plus one.
bool IncrementsByOne(const Computation& body, int64_t index) {
  const Instruction* root = body.root();
  if (root->opcode() != Opcode::kTuple || index >= root->operand_count()) return false;
  const Instruction* next = root->operand(index);
  if (next->opcode() != Opcode::kAdd) return false;
  for (int k = 0; k < 2; ++k) {
    if (StateIndex(next->operand(k)) == index && IntConstant(next->operand(1 - k)) == 1) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::optional<int64_t> FixedTripCount(const Instruction& loop) {
  if (loop.opcode() != Opcode::kWhile || loop.called().size() != 2) return std::nullopt;
  const Instruction* cmp = loop.called()[0]->root();
  const Instruction* init = loop.operand(0);
  if (cmp->opcode() != Opcode::kCompare || init->opcode() != Opcode::kTuple) return std::nullopt;
  ComparisonDirection dir = cmp->attrs().comparison_direction;
  std::optional<int64_t> index = StateIndex(cmp->operand(0));
  std::optional<int64_t> limit = IntConstant(cmp->operand(1));
  if (!index || !limit) {  // constant on the left: N > i is i < N
    index = StateIndex(cmp->operand(1));
    limit = IntConstant(cmp->operand(0));
    if (dir == ComparisonDirection::kGt) dir = ComparisonDirection::kLt;
    else if (dir == ComparisonDirection::kGe) dir = ComparisonDirection::kLe;
    else return std::nullopt;
  }
  if (!index || !limit || *index >= init->operand_count()) return std::nullopt;
  std::optional<int64_t> start = IntConstant(init->operand(*index));
  if (!start || !IncrementsByOne(*loop.called()[1], *index)) return std::nullopt;
  int64_t count = 0;
  if (dir == ComparisonDirection::kLt) count = *limit - *start;
  else if (dir == ComparisonDirection::kLe) count = *limit - *start + 1;
  else return std::nullopt;
  return std::max<int64_t>(count, 0);
}

namespace {

struct Inliner {
  Computation& entry;
  std::unordered_set<std::string>& names;
  std::vector<std::unique_ptr<Instruction>> out;  // the new instructions, in order

  std::string Fresh(const std::string& base) {
    std::string name = base;
    for (int64_t n = 1; names.count(name); ++n) name = fmt::format("{}.i{}", base, n);
    names.insert(name);
    return name;
  }

  // Copies `callee` with its parameters bound to `args`; returns the copy of its root.
  Instruction* Inline(const Computation& callee, const std::vector<Instruction*>& args) {
    std::unordered_map<const Instruction*, Instruction*> map;
    for (const auto& inst : callee.instructions()) {
      if (inst->opcode() == Opcode::kParameter) {
        map[inst.get()] = args.at(inst->attrs().parameter_number);
        continue;
      }
      auto c = std::make_unique<Instruction>(Fresh(inst->name()), inst->opcode(), inst->shape());
      for (const Instruction* op : inst->operands()) c->AddOperand(map.at(op));
      c->mutable_called() = inst->called();
      c->attrs() = inst->attrs();
      c->mutable_metadata() = inst->metadata();
      c->mutable_frontend_attributes() = inst->frontend_attributes();
      c->set_source_offset(inst->source_offset());
      map[inst.get()] = c.get();
      out.push_back(std::move(c));
    }
    return map.at(callee.root());
  }
};

// Replaces `old` (at position `at`) by the instructions `fresh`, whose value `value` takes over
// old's uses.
void Splice(Computation& entry, int64_t at, std::vector<std::unique_ptr<Instruction>> fresh,
            Instruction* value) {
  Instruction* old = entry.instructions()[at].get();
  for (const auto& inst : entry.instructions()) {
    for (int64_t k = 0; k < inst->operand_count(); ++k) {
      if (inst->operand(k) == old) inst->ReplaceOperand(k, value);
    }
  }
  if (entry.root() == old) entry.set_root(value);
  auto& insts = entry.mutable_instructions();
  insts.erase(insts.begin() + at);
  insts.insert(insts.begin() + at, std::make_move_iterator(fresh.begin()),
               std::make_move_iterator(fresh.end()));
  entry.Reindex();
}

}  // namespace

Expected<bool> InlineActiveControlFlow(Module& module, const std::vector<bool>& active,
                                       std::unordered_set<std::string>& names) {
  Computation& entry = *module.entry();
  // Walk back to front so that the indices of the instructions not yet visited stay valid.
  bool changed = false;
  for (int64_t i = static_cast<int64_t>(active.size()) - 1; i >= 0; --i) {
    Instruction* inst = entry.instructions()[i].get();
    if (!active[i]) continue;
    Inliner inliner{entry, names, {}};
    Instruction* value = nullptr;
    bool call = inst->opcode() == Opcode::kCall || inst->opcode() == Opcode::kFusion;
    if (call && inst->called().size() == 1) {
      value = inliner.Inline(*inst->called()[0], inst->operands());
    } else if (inst->opcode() == Opcode::kWhile) {
      std::optional<int64_t> trips = FixedTripCount(*inst);
      if (!trips || *trips > kMaxUnrolledTripCount) continue;
      value = inst->operand(0);
      for (int64_t t = 0; t < *trips; ++t) value = inliner.Inline(*inst->called()[1], {value});
    } else {
      continue;
    }
    Splice(entry, i, std::move(inliner.out), value);
    changed = true;
  }
  return changed;
}

}  // namespace xpar::autodiff
