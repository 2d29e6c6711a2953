// ExtractLayers: a stage's instructions as a module the intra-op planner can plan alone.
//
//   ENTRY { %x = parameter(0); %a = dot(%x, %w) [layer 0]; %b = tanh(%a) [layer 1]; ROOT ... }
//   layers [1, 1] -> ENTRY { %a = parameter(0); %b = tanh(%a); ROOT %outputs = tuple(%b) }
#include <map>

#include "ir/verifier.h"
#include "passes/pipeline/stage_costs.h"

namespace xpar::pipeline {
namespace {

std::unique_ptr<Instruction> CopyInstruction(const Instruction& inst) {
  auto copy = std::make_unique<Instruction>(inst.name(), inst.opcode(), inst.shape());
  copy->attrs() = inst.attrs();
  copy->mutable_metadata() = inst.metadata();
  copy->set_sharding(inst.sharding());
  copy->mutable_frontend_attributes() = inst.frontend_attributes();
  return copy;
}

// Copies `c` (and what it calls, once each) into `out`.
Computation* CopyComputation(const Computation& c, Module& out,
                             std::map<const Computation*, Computation*>& copied) {
  if (auto it = copied.find(&c); it != copied.end()) return it->second;
  std::map<const Instruction*, Instruction*> map;
  auto fresh = std::make_unique<Computation>(c.name());
  for (const auto& inst : c.instructions()) {
    std::unique_ptr<Instruction> copy = CopyInstruction(*inst);
    for (const Instruction* op : inst->operands()) copy->AddOperand(map.at(op));
    for (const Computation* callee : inst->called()) {
      copy->mutable_called().push_back(CopyComputation(*callee, out, copied));
    }
    map[inst.get()] = fresh->AddInstruction(std::move(copy));
  }
  fresh->set_root(c.root() ? map.at(c.root()) : nullptr);
  Computation* raw = out.AddComputation(std::move(fresh));
  copied[&c] = raw;
  return raw;
}

}  // namespace

Expected<std::unique_ptr<Module>> ExtractLayers(const Module& module,
                                                const std::vector<int32_t>& layer, int64_t first,
                                                int64_t last) {
  const Computation& entry = *module.entry();
  auto out = std::make_unique<Module>(fmt::format("{}_layers_{}_{}", module.name(), first, last));
  std::map<const Computation*, Computation*> copied;
  auto body = std::make_unique<Computation>(fmt::format("stage_{}_{}", first, last));
  std::map<const Instruction*, Instruction*> map;
  int64_t next_parameter = 0;
  auto inside = [&](const Instruction* i) {
    return i != entry.root() && layer[i->index()] >= first && layer[i->index()] <= last;
  };
  auto value = [&](const Instruction* op) -> Instruction* {
    if (auto it = map.find(op); it != map.end()) return it->second;
    auto p = std::make_unique<Instruction>(op->name(), Opcode::kParameter, op->shape());
    p->attrs().parameter_number = next_parameter++;
    return map[op] = body->AddInstruction(std::move(p));
  };
  std::vector<Instruction*> outputs;
  std::vector<bool> exported(entry.instructions().size(), false);
  for (const auto& inst : entry.instructions()) {
    if (!inside(inst.get())) {
      for (const Instruction* op : inst->operands()) {
        if (inside(op) && !exported[op->index()]) exported[op->index()] = true;
      }
      continue;
    }
    std::unique_ptr<Instruction> copy = CopyInstruction(*inst);
    if (inst->opcode() == Opcode::kParameter) copy->attrs().parameter_number = next_parameter++;
    for (const Instruction* op : inst->operands()) copy->AddOperand(value(op));
    for (const Computation* callee : inst->called()) {
      copy->mutable_called().push_back(CopyComputation(*callee, *out, copied));
    }
    map[inst.get()] = body->AddInstruction(std::move(copy));
  }
  std::vector<Shape> shapes;
  for (const auto& inst : entry.instructions()) {
    if (!exported[inst->index()]) continue;
    outputs.push_back(map.at(inst.get()));
    shapes.push_back(inst->shape());
  }
  if (map.empty()) return InvalidArgument("layers {}..{} hold no instruction", first, last);
  auto root = std::make_unique<Instruction>("stage_outputs", Opcode::kTuple,
                                            Shape::Tuple(std::move(shapes)));
  for (Instruction* o : outputs) root->AddOperand(o);
  body->set_root(body->AddInstruction(std::move(root)));
  Computation* raw = out->AddComputation(std::move(body));
  out->set_entry(raw);
  if (Status s = VerifyModule(*out); !s.ok()) {
    return Internal("the program of layers {}..{} does not verify (a bug): {}", first, last,
                    s.message());
  }
  return out;
}

}  // namespace xpar::pipeline
