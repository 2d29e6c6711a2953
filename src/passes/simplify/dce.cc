// Dead-code elimination: an instruction stays when a root, a side effect, a collective or a
// custom call reaches it through operands (or it is a parameter); everything else goes.
#include <string>
#include <unordered_set>
#include <vector>

#include "ir/verifier.h"
#include "passes/simplify/simplify.h"
#include "passes/simplify/simplify_internal.h"

namespace xpar {

bool MustKeep(const Instruction& inst) {
  Opcode op = inst.opcode();
  return op == Opcode::kParameter || op == Opcode::kCustomCall || HasTrait(op, kSideEffect) ||
         HasTrait(op, kCollective) || inst.attrs().channel_id.has_value() ||
         inst.attrs().has_side_effect;
}

namespace {

// Removes the dead instructions of one computation; true when any went. Their names go to
// `removed` when it is given.
bool RemoveDead(Computation& comp, std::vector<std::string>* removed) {
  std::unordered_set<const Instruction*> live;
  std::vector<const Instruction*> stack;
  auto mark = [&](const Instruction* inst) {
    if (inst != nullptr && live.insert(inst).second) stack.push_back(inst);
  };
  mark(comp.root());
  for (const auto& owned : comp.instructions()) {
    if (MustKeep(*owned)) mark(owned.get());
  }
  while (!stack.empty()) {
    const Instruction* inst = stack.back();
    stack.pop_back();
    for (const Instruction* op : inst->operands()) mark(op);
  }
  auto& insts = comp.mutable_instructions();
  size_t before = insts.size();
  for (const auto& i : insts) {
    if (removed != nullptr && !live.count(i.get())) removed->push_back(i->name());
  }
  std::erase_if(insts, [&](const std::unique_ptr<Instruction>& i) { return !live.count(i.get()); });
  if (insts.size() == before) return false;
  comp.Reindex();
  return true;
}

}  // namespace

Expected<bool> DeadCodeElimination::Run(Module& module) {
  bool changed = false;
  for (auto& comp : module.mutable_computations()) {
    changed = RemoveDead(*comp, comp.get() == module.entry() ? &removed_ : nullptr) || changed;
  }
  return changed;
}

Expected<SimplifyLog> SimplifyForPlanning(Module& module) {
  auto count = [&] {
    int64_t n = 0;
    for (const auto& comp : module.computations()) {
      n += static_cast<int64_t>(comp->instructions().size());
    }
    return n;
  };
  int64_t before = count();
  DeadCodeElimination dce;
  CommonSubexpressionElimination cse;
  RETURN_IF_ERROR(dce.Run(module).status());
  ASSIGN_OR_RETURN(bool merged, cse.Run(module));
  if (merged) RETURN_IF_ERROR(dce.Run(module).status());
  Status verified = VerifyModule(module);
  if (!verified.ok()) {
    return Internal("the module no longer verifies after DCE/CSE (a bug: please report it with "
                    "the input): {}", verified.message());
  }
  SimplifyLog log;
  log.merged = cse.merged();
  std::unordered_set<std::string> duplicates;
  for (const auto& [dup, kept] : log.merged) duplicates.insert(dup);
  for (const std::string& name : dce.removed()) {
    if (!duplicates.count(name)) log.removed.push_back(name);
  }
  log.instructions_removed = before - count();
  return log;
}

}  // namespace xpar
