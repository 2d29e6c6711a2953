// Second phase of HLO parsing: resolves operand and computation names (forward references are
// allowed), checks written operand shapes, orders instructions operands-first and computations
// callees-first (keeping text order where it is valid), and picks roots and the entry.
#include <unordered_map>

#include "frontends/hlo/hlo_parser_impl.h"

namespace xpar::hlo {
namespace {

// Post-order DFS over `edges` in index order: a node comes after everything it points to and
// otherwise keeps its index order. Returns the node found on a cycle, or -1.
int64_t TopoOrder(const std::vector<std::vector<int64_t>>& edges, std::vector<int64_t>* order) {
  int64_t n = static_cast<int64_t>(edges.size());
  std::vector<uint8_t> state(n, 0);  // 0 new, 1 on the stack, 2 done
  std::vector<std::pair<int64_t, size_t>> stack;
  order->clear();
  order->reserve(n);
  for (int64_t i = 0; i < n; ++i) {
    if (state[i] != 0) continue;
    state[i] = 1;
    stack.push_back({i, 0});
    while (!stack.empty()) {
      auto& [node, next] = stack.back();
      if (next < edges[node].size()) {
        int64_t child = edges[node][next++];
        if (state[child] == 1) return child;
        if (state[child] == 0) {
          state[child] = 1;
          stack.push_back({child, 0});
        }
        continue;
      }
      state[node] = 2;
      order->push_back(node);
      stack.pop_back();
    }
  }
  return -1;
}

}  // namespace

Status Parser::ResolveComputation(PendingComputation* pc) {
  Computation* comp = pc->comp.get();
  if (pc->insts.empty()) {
    return Error(comp->source_offset(),
                 fmt::format("computation %{} has no instructions", comp->name()));
  }
  std::unordered_map<std::string_view, int64_t> by_name;
  by_name.reserve(pc->insts.size() * 2);
  std::unordered_map<int64_t, int64_t> params;
  int64_t root = -1;
  for (int64_t i = 0; i < static_cast<int64_t>(pc->insts.size()); ++i) {
    PendingInst& pi = pc->insts[i];
    pi.raw = pi.inst.get();
    auto [it, fresh] = by_name.emplace(pi.raw->name(), i);
    if (!fresh) {
      int64_t line = src_->Resolve(pc->insts[it->second].raw->source_offset()).line;
      return Error(pi.raw->source_offset(),
                   fmt::format("duplicate instruction name '%{}' (first defined on line {})",
                               pi.raw->name(), line));
    }
    if (pi.is_root) {
      if (root >= 0) {
        return Error(pi.root_offset,
                     fmt::format("computation %{} has more than one ROOT", comp->name()));
      }
      root = i;
    }
    if (pi.raw->opcode() == Opcode::kParameter) {
      auto [pit, pfresh] = params.emplace(pi.raw->attrs().parameter_number, i);
      if (!pfresh) {
        return Error(pi.raw->source_offset(),
                     fmt::format("duplicate parameter number {} in computation %{}",
                                 pi.raw->attrs().parameter_number, comp->name()));
      }
    }
  }
  // Numbers run 0..n-1: a number past the count would size the parameter list by it.
  for (const auto& [number, i] : params) {
    if (number >= static_cast<int64_t>(params.size())) {
      // The verifier's wording: this check only comes first.
      return Error(pc->insts[i].raw->source_offset(),
                   fmt::format("in %{}, %{}: parameter number {} is out of range: the {} "
                               "parameters must be numbered 0..{}",
                               comp->name(), pc->insts[i].raw->name(), number, params.size(),
                               params.size() - 1));
    }
  }
  std::vector<std::vector<int64_t>> edges(pc->insts.size());
  for (int64_t i = 0; i < static_cast<int64_t>(pc->insts.size()); ++i) {
    PendingInst& pi = pc->insts[i];
    for (size_t k = 0; k < pi.operands.size(); ++k) {
      const PendingOperand& op = pi.operands[k];
      auto it = by_name.find(op.ref.name);
      if (it == by_name.end()) {
        return Error(op.ref.offset, fmt::format("undefined operand '%{}' in computation %{}",
                                                op.ref.name, comp->name()));
      }
      Instruction* target = pc->insts[it->second].raw;
      if (op.has_written_shape && !op.written.Compatible(target->shape())) {
        return Error(op.shape_offset,
                     fmt::format("operand {} of %{} is written as {} but %{} is {}", k,
                                 pi.raw->name(), op.written.ToString(false), target->name(),
                                 target->shape().ToString(false)));
      }
      pi.raw->AddOperand(target);
      edges[i].push_back(it->second);
    }
  }
  std::vector<int64_t> order;
  int64_t cyclic = TopoOrder(edges, &order);
  if (cyclic >= 0) {
    const Instruction* inst = pc->insts[cyclic].raw;
    return Error(inst->source_offset(),
                 fmt::format("%{} depends on itself through its operands", inst->name()));
  }
  if (root < 0) root = static_cast<int64_t>(pc->insts.size()) - 1;  // XLA: the last one
  comp->set_root(pc->insts[root].raw);
  for (int64_t i : order) comp->AddInstruction(std::move(pc->insts[i].inst));
  return Status::Ok();
}

Status Parser::AssembleModule(std::vector<PendingComputation> comps, Module* module) {
  std::unordered_map<std::string_view, int64_t> by_name;
  int64_t entry = -1;
  for (int64_t c = 0; c < static_cast<int64_t>(comps.size()); ++c) {
    Computation* comp = comps[c].comp.get();
    auto [it, fresh] = by_name.emplace(comp->name(), c);
    if (!fresh) {
      int64_t line = src_->Resolve(comps[it->second].comp->source_offset()).line;
      return Error(comp->source_offset(),
                   fmt::format("duplicate computation name '%{}' (first defined on line {})",
                               comp->name(), line));
    }
    if (comps[c].is_entry) {
      if (entry >= 0) return Error(comp->source_offset(), "more than one ENTRY computation");
      entry = c;
    }
    RETURN_IF_ERROR(ResolveComputation(&comps[c]));
  }
  if (entry < 0) entry = static_cast<int64_t>(comps.size()) - 1;  // XLA: the last one
  auto resolve = [&](const NameRef& ref, int64_t* index) -> Status {
    auto it = by_name.find(ref.name);
    if (it == by_name.end()) {
      return Error(ref.offset, fmt::format("unknown computation '%{}'", ref.name));
    }
    *index = it->second;
    return Status::Ok();
  };
  std::vector<std::vector<int64_t>> edges(comps.size());
  for (int64_t c = 0; c < static_cast<int64_t>(comps.size()); ++c) {
    for (PendingInst& pi : comps[c].insts) {
      std::vector<NameRef> refs = pi.calls;
      if (!pi.fixed_calls[0].name.empty() || !pi.fixed_calls[1].name.empty()) {
        refs.assign(pi.fixed_calls.begin(), pi.fixed_calls.end());
      }
      for (const NameRef& ref : refs) {
        int64_t callee = -1;
        RETURN_IF_ERROR(resolve(ref, &callee));
        pi.raw->mutable_called().push_back(comps[callee].comp.get());
        edges[c].push_back(callee);
      }
    }
  }
  std::vector<int64_t> order;
  int64_t cyclic = TopoOrder(edges, &order);
  if (cyclic >= 0) {
    const Computation* comp = comps[cyclic].comp.get();
    return Error(comp->source_offset(),
                 fmt::format("computation %{} calls itself (HLO has no recursion)", comp->name()));
  }
  if (module->name().empty()) module->set_name(comps[entry].comp->name());
  Computation* entry_comp = comps[entry].comp.get();
  for (int64_t c : order) module->AddComputation(std::move(comps[c].comp));
  module->set_entry(entry_comp);
  return Status::Ok();
}

}  // namespace xpar::hlo
