// Canonical HLO text for comparing a module with its StableHLO round trip (see the header).
#include "frontends/stablehlo/stablehlo_printer_compare.h"

#include <fmt/format.h>

#include <map>
#include <unordered_map>
#include <unordered_set>

#include "ir/printer.h"

namespace xpar {
namespace {

// Points every use of a get-tuple-element at the first one with the same operand and index.
void MergeTupleElements(Computation& comp) {
  std::map<std::pair<const Instruction*, int64_t>, Instruction*> first;
  std::unordered_map<const Instruction*, Instruction*> replace;
  for (const auto& inst : comp.instructions()) {
    if (inst->opcode() != Opcode::kGetTupleElement) continue;
    auto key = std::make_pair(inst->operand(0), inst->attrs().tuple_index);
    auto [it, inserted] = first.emplace(key, inst.get());
    if (!inserted) replace[inst.get()] = it->second;
  }
  for (const auto& inst : comp.instructions()) {
    for (int64_t i = 0; i < inst->operand_count(); ++i) {
      auto it = replace.find(inst->operand(i));
      if (it != replace.end()) inst->ReplaceOperand(i, it->second);
    }
  }
  auto it = replace.find(comp.root());
  if (it != replace.end()) comp.set_root(it->second);
}

// Operand-first DFS order from the root and the side-effecting ops; parameters first by number.
void Reorder(Computation& comp) {
  std::vector<Instruction*> order(comp.parameters().begin(), comp.parameters().end());
  std::unordered_set<const Instruction*> seen(order.begin(), order.end());
  auto visit = [&](Instruction* start) {
    std::vector<std::pair<Instruction*, int64_t>> stack = {{start, 0}};
    while (!stack.empty()) {
      auto& [inst, next] = stack.back();
      if (seen.count(inst) && next == 0) {
        stack.pop_back();
        continue;
      }
      if (next < inst->operand_count()) {
        Instruction* op = inst->operand(next++);
        if (!seen.count(op)) stack.push_back({op, 0});
        continue;
      }
      seen.insert(inst);
      order.push_back(inst);
      stack.pop_back();
    }
  };
  if (comp.root()) visit(comp.root());
  for (const auto& inst : comp.instructions()) {
    if (HasTrait(inst->opcode(), kSideEffect)) visit(inst.get());
  }
  std::unordered_map<const Instruction*, size_t> rank;
  for (size_t i = 0; i < order.size(); ++i) rank[order[i]] = i;
  auto& insts = comp.mutable_instructions();
  std::vector<std::unique_ptr<Instruction>> kept(order.size());
  for (auto& inst : insts) {
    auto it = rank.find(inst.get());
    if (it != rank.end()) kept[it->second] = std::move(inst);
  }
  insts = std::move(kept);
  comp.Reindex();
  for (size_t i = 0; i < insts.size(); ++i) insts[i]->set_name(fmt::format("v{}", i));
}

// Names every computation reachable from `comp` (callees first) by its canonical body, so
// identical computations (one reducer shared in HLO, one region per use in MLIR) get one name.
void NameByContent(Computation* comp, std::unordered_set<const Computation*>& done,
                   std::map<std::string, std::string>& names, std::string& out,
                   bool is_entry) {
  if (!done.insert(comp).second) return;
  MergeTupleElements(*comp);
  Reorder(*comp);
  for (const auto& inst : comp->instructions()) {
    // API_VERSION_UNSPECIFIED and no api_version print differently but mean the same.
    inst->attrs().api_version_name.clear();
    // constrain_layout only pins layouts, which the comparison leaves out (StableHLO has none).
    inst->attrs().constrain_layout = false;
    for (Computation* callee : inst->called()) NameByContent(callee, done, names, out, false);
  }
  PrintOptions options;
  options.include_layout = false;
  options.include_metadata = false;
  comp->set_name("body");
  std::string body = PrintComputation(*comp, options);
  if (is_entry) {
    comp->set_name("main");
    out += "ENTRY " + PrintComputation(*comp, options);
    return;
  }
  auto [it, inserted] = names.emplace(body, fmt::format("c{}", names.size()));
  comp->set_name(it->second);
  if (inserted) out += PrintComputation(*comp, options);
}

}  // namespace

std::string CanonicalHloForComparison(Module& module) {
  std::string out;
  if (module.entry() == nullptr) return out;
  std::unordered_set<const Computation*> done;
  std::map<std::string, std::string> names;
  NameByContent(module.entry(), done, names, out, /*is_entry=*/true);
  return out;
}

}  // namespace xpar
