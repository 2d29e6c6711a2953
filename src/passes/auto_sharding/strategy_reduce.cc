// Reduce: a split reduced dim leaves a partial sum, or an all-reduce with the reducer's op.
// (Reduce-window, sort, top-k and batch norm run replicated until the partitioner has handlers
// for them: sharding/op_sharding.h.)
#include <algorithm>

#include "analysis/op_stats.h"
#include "ir/module.h"
#include "passes/auto_sharding/spec_einsum.h"
#include "passes/auto_sharding/spec_families.h"

namespace xpar {
namespace {

StrategyList Replicated(const Instruction& inst, const CostModel& model) {
  return std::vector<Strategy>{ReplicatedStrategy(inst, model)};
}

EinsumLeaf Unsplit(const Shape& shape) {
  return EinsumLeaf{shape, std::vector<int64_t>(shape.rank(), -1)};
}

// The single binary op a reducer applies to its two parameters, if it is that simple.
std::optional<Opcode> ReducerOp(const Instruction& inst) {
  if (inst.called().empty() || inst.called()[0] == nullptr) return std::nullopt;
  const Instruction* root = inst.called()[0]->root();
  if (root == nullptr || root->operand_count() != 2) return std::nullopt;
  for (const Instruction* op : root->operands()) {
    if (op->opcode() != Opcode::kParameter) return std::nullopt;
  }
  return root->opcode();
}

// A constant whose every element is zero (the identity a split sum needs as its init value).
bool IsZeroConstant(const Instruction& inst) {
  if (inst.opcode() != Opcode::kConstant || !inst.attrs().literal) return false;
  const Literal& lit = *inst.attrs().literal;
  if (!lit.shape().IsArray()) return false;
  for (int64_t i = 0; i < lit.ElementCount(); ++i) {
    if (lit.GetAsDouble(i) != 0) return false;
  }
  return true;
}

}  // namespace

StrategyList ReduceStrategies(const Instruction& inst, const CostModel& model,
                              const StrategyOptions& options) {
  const int64_t n = inst.operand_count() / 2;
  const std::vector<Shape> outs = ArrayLeafShapes(inst.shape());
  if (n < 1 || inst.operand_count() != 2 * n || static_cast<int64_t>(outs.size()) != n) {
    return Replicated(inst, model);
  }
  const Shape& in = inst.operand(0)->shape();
  const std::vector<int64_t>& reduced = inst.attrs().dimensions;
  auto is_reduced = [&](int64_t d) {
    return std::find(reduced.begin(), reduced.end(), d) != reduced.end();
  };
  Einsum e;
  e.loops = LoopsOf(in.dims(), options.allow_uneven);
  for (int64_t k = 0; k < n; ++k) {
    if (!inst.operand(k)->shape().IsArray() || inst.operand(k)->shape().dims() != in.dims()) {
      return Replicated(inst, model);
    }
    e.operands.push_back({IdentityLeaf(inst.operand(k)->shape())});
  }
  for (int64_t k = n; k < 2 * n; ++k) e.operands.push_back({Unsplit(inst.operand(k)->shape())});
  EinsumLeaf out_leaf = Unsplit(outs[0]);
  int64_t next = 0;
  for (int64_t d = 0; d < in.rank(); ++d) {
    if (is_reduced(d)) continue;
    if (next >= outs[0].rank()) return Replicated(inst, model);
    out_leaf.loop_of[next++] = d;
  }
  for (int64_t k = 0; k < n; ++k) {
    EinsumLeaf leaf = out_leaf;
    leaf.shape = outs[k];
    e.outputs.push_back(leaf);
  }
  // A split reduced dim: each device reduces its block, then the blocks combine with the
  // reducer's op, which must therefore be one associative op (variadic argmax-style reducers
  // keep reduced dims whole). A sum needs a zero init (else every device adds it once).
  const std::optional<Opcode> op = n == 1 ? ReducerOp(inst) : std::nullopt;
  const bool sum = op == Opcode::kAdd && IsZeroConstant(*inst.operand(1));
  const bool combinable =
      sum || (op && IsOneOf(*op, {Opcode::kMaximum, Opcode::kMinimum, Opcode::kMultiply,
                                  Opcode::kAnd, Opcode::kOr}));
  for (int64_t d : reduced) {
    if (d >= 0 && d < in.rank()) e.loops[d].splittable = combinable;
  }
  e.reduction = sum ? EinsumReduction::kSum : EinsumReduction::kOther;
  if (sum) e.partial_operand_sets = {{0}};
  e.flops = static_cast<double>(InstructionFlops(inst));
  return BuildEinsumStrategies(e, model, options);
}

}  // namespace xpar
