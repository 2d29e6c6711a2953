// Buffer lifetimes for the evaluator (see buffer_lifetimes.h).
#include "runtime/interpreter/buffer_lifetimes.h"

#include <utility>

namespace xpar {

namespace {

// The users of each instruction, in schedule order, one entry per operand slot.
std::vector<std::vector<const Instruction*>> Users(const Computation& c) {
  std::vector<std::vector<const Instruction*>> users(c.instructions().size());
  for (const auto& inst : c.instructions()) {
    for (const Instruction* op : inst->operands()) users[op->index()].push_back(inst.get());
  }
  return users;
}

// Get-tuple-element `gte` is the last reader of its element: every reader of the tuple after
// it is a get-tuple-element of another index.
bool LastReaderOfElement(const Instruction& gte, const std::vector<const Instruction*>& users) {
  for (const Instruction* user : users) {
    if (user->index() <= gte.index()) continue;
    if (user->opcode() != Opcode::kGetTupleElement) return false;
    if (user->attrs().tuple_index == gte.attrs().tuple_index) return false;
  }
  return true;
}

}  // namespace

BufferPlan PlanBuffers(const Computation& c) {
  const auto& insts = c.instructions();
  BufferPlan plan;
  plan.last_use.assign(insts.size(), -1);
  plan.takes_element.assign(insts.size(), false);
  for (const auto& inst : insts) {
    for (const Instruction* op : inst->operands()) plan.last_use[op->index()] = inst->index();
  }
  const Instruction* root = c.root();
  if (root) plan.last_use[root->index()] = static_cast<int64_t>(insts.size());
  auto users = Users(c);
  for (const auto& inst : insts) {
    if (inst->opcode() != Opcode::kGetTupleElement || inst->operand_count() != 1) continue;
    const Instruction* tuple = inst->operand(0);
    if (tuple == root) continue;  // the caller receives the whole tuple
    plan.takes_element[inst->index()] = LastReaderOfElement(*inst, users[tuple->index()]);
  }
  return plan;
}

void IndexDeaths(BufferPlan& plan) {
  plan.dying.assign(plan.last_use.size(), {});
  for (size_t i = 0; i < plan.last_use.size(); ++i) {
    int64_t last = plan.last_use[i];
    if (last >= 0 && last < static_cast<int64_t>(plan.dying.size())) plan.dying[last].push_back(i);
  }
}

int64_t LiteralBytes(const Literal& value) {
  int64_t bytes = value.size_bytes();
  for (const Literal& e : value.elements()) bytes += LiteralBytes(e);
  return bytes;
}

namespace {

void CollectBuffers(const Literal& value, CountedBuffers& out) {
  if (value.size_bytes() > 0) out.push_back({value.raw(), value.size_bytes()});
  for (const Literal& e : value.elements()) CollectBuffers(e, out);
}

}  // namespace

CountedBuffers BuffersOf(const Literal& value) {
  CountedBuffers out;
  CollectBuffers(value, out);
  return out;
}

ValueTable::~ValueTable() {
  for (size_t i = 0; i < counted_.size(); ++i) Uncount(static_cast<int64_t>(i));
}

void ValueTable::Uncount(int64_t i) {
  for (const auto& [buffer, bytes] : counted_[i]) counter_.LetGo(buffer, bytes);
  counted_[i].clear();
}

void ValueTable::Set(int64_t i, Literal value) {
  values_[i] = std::move(value);
  bound_[i] = &values_[i];
  Recount(i);
}

void ValueTable::Move(int64_t src, int64_t dst) {
  Uncount(dst);
  values_[dst] = std::move(values_[src]);
  values_[src] = Literal();
  bound_[dst] = &values_[dst];
  bound_[src] = nullptr;
  counted_[dst] = std::move(counted_[src]);
  counted_[src].clear();
}

void ValueTable::Recount(int64_t i) {
  // The new buffers are held before the old ones are let go, so a buffer in both stays counted.
  CountedBuffers now = BuffersOf(values_[i]);
  for (const auto& [buffer, bytes] : now) counter_.Hold(buffer, bytes);
  Uncount(i);
  counted_[i] = std::move(now);
}

void ValueTable::Free(int64_t i) {
  if (!Owns(i)) return;
  values_[i] = Literal();
  Uncount(i);
}

Literal ValueTable::Release(int64_t i) {
  Literal out = std::move(values_[i]);
  values_[i] = Literal();
  bound_[i] = nullptr;
  Uncount(i);
  return out;
}

}  // namespace xpar
