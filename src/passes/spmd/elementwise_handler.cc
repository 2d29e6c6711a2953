// Elementwise ops (and the replicated fallback for everything without a handler). An
// elementwise op runs on the shards as they are once its operands agree on one spec: the
// annotated one, else the most split operand's. Linear ops keep pending partial sums (a
// partial gradient times the learning rate stays partial until a user needs it whole).
#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {
namespace {

// The partial axes the result may keep: negate/copy of a partial value, multiply of one partial
// operand by non-partial ones, add/subtract of operands partial over the same axes.
std::vector<int64_t> KeptPartial(Partitioner& p, const Instruction& inst) {
  std::vector<std::vector<int64_t>> partials;
  int64_t partial_count = 0;
  for (const Instruction* o : inst.operands()) {
    partials.push_back(p.Get(o).spec.partial_axes);
    partial_count += !partials.back().empty();
  }
  if (partial_count == 0) return {};
  switch (inst.opcode()) {
    case Opcode::kNegate:
    case Opcode::kCopy:
      return partials[0];
    case Opcode::kMultiply:
      if (partial_count != 1) return {};
      return partials[0].empty() ? partials[1] : partials[0];
    case Opcode::kAdd:
    case Opcode::kSubtract:
      return partials[0] == partials[1] ? partials[0] : std::vector<int64_t>{};
    default:
      return {};
  }
}

}  // namespace

Expected<PValue> HandleElementwise(Partitioner& p, const Instruction& inst, const Want& want) {
  const Shape& shape = inst.shape();
  if (!shape.IsArray()) return HandleReplicated(p, inst, want);
  ShardingSpec target = ShardingSpec::Replicated(shape.rank());
  if (want) {
    target = *want;
  } else {
    int64_t best = 1;
    for (const Instruction* o : inst.operands()) {
      const PValue& v = p.Get(o);
      if (o->shape().rank() != shape.rank() || !o->shape().IsArray()) continue;
      ShardingSpec s = v.spec;
      s.partial_axes.clear();
      int64_t shards = 1;
      for (const auto& axes : s.dim_axes) shards *= AxesSize(axes, p.mesh());
      if (shards > best) best = shards, target = s;
    }
  }
  if (!want) {
    target.partial_axes = KeptPartial(p, inst);
    // A mesh axis splits a dimension or holds pending partial sums, never both: a partial
    // operand of a multiply by an operand split over the same axis is summed first (it made
    // partial axes {0, 0} downstream, and an all-reduce over them crashed the partitioner).
    std::erase_if(target.partial_axes, [&](int64_t axis) {
      for (const auto& axes : target.dim_axes) {
        if (std::find(axes.begin(), axes.end(), axis) != axes.end()) return true;
      }
      return false;
    });
  }
  ShardingSpec whole = target;
  whole.partial_axes.clear();
  std::vector<Instruction*> operands;
  for (const Instruction* o : inst.operands()) {
    PValue& v = p.Get(o);
    if (o->shape().IsArray() && o->shape().rank() == shape.rank()) {
      const ShardingSpec& t = v.spec.partial_axes.empty() ? whole : target;
      ASSIGN_OR_RETURN(Instruction * x, p.Reshard(v, t, o->shape()));
      operands.push_back(x);
    } else {  // scalar bounds of clamp, tokens
      ASSIGN_OR_RETURN(Instruction * x, p.Replicate(v, o->shape()));
      operands.push_back(x);
    }
  }
  Instruction* local = p.b().CloneWith(inst, LocalShape(shape, target, p.mesh()), operands);
  return PValue{local, target, {}};
}

Expected<PValue> HandleReplicated(Partitioner& p, const Instruction& inst, const Want& want) {
  std::vector<Instruction*> operands;
  for (const Instruction* o : inst.operands()) {
    ASSIGN_OR_RETURN(Instruction * x, p.Replicate(p.Get(o), o->shape()));
    operands.push_back(x);
  }
  Instruction* local = p.b().CloneWith(inst, inst.shape(), operands);
  if (inst.opcode() == Opcode::kRng) {
    // Each device draws its own stream: make device 0's draw everyone's, so the replicated value
    // is one value (select device 0's, sum over all devices).
    SpmdBuilder& b = p.b();
    Instruction* zero_pid = b.Add(Opcode::kCompare, Shape(PrimitiveType::kPred, {}),
                                  {b.PartitionIdS32(), b.ScalarS32(0)}, "is-device-0");
    zero_pid->attrs().comparison_direction = ComparisonDirection::kEq;
    Shape mask_shape(PrimitiveType::kPred, inst.shape().dims());
    Instruction* mask = b.Add(Opcode::kBroadcast, mask_shape, {zero_pid}, "broadcast");
    Instruction* zeros = b.Add(Opcode::kBroadcast, inst.shape(),
                               {b.Constant(Literal(Shape::Scalar(inst.shape().type())))},
                               "broadcast");
    Instruction* mine = b.Add(Opcode::kSelect, inst.shape(), {mask, local, zeros}, "select");
    std::vector<int64_t> all(p.mesh().rank());
    for (int64_t a = 0; a < p.mesh().rank(); ++a) all[a] = a;
    local = b.AllReduce(mine, all, b.ScalarReducer(Opcode::kAdd, inst.shape().type()));
  }
  return ReplicatedValue(local, inst.shape());
}

}  // namespace xpar::spmd
