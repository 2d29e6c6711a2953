// Reduce: each device reduces its shard. Reduced dimensions split over axes A then leave a
// pending partial sum over A (an add reducer with a zero init), or are combined at once by an
// all-reduce with the reducer itself (max, min, and, or; multiply with a one init). Other
// reducers, variadic reduces and inits that are not known identities make the reduced
// dimensions whole first. Padding of uneven splits is masked with the init before reducing.
#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {
namespace {

// The scalar op of a two-parameter reducer computation, or nullopt.
std::optional<Opcode> ReducerOp(const Computation& c) {
  const Instruction* r = c.root();
  if (c.parameter_count() != 2 || r->operand_count() != 2) return std::nullopt;
  if (!IsOneOf(r->opcode(), {Opcode::kAdd, Opcode::kMaximum, Opcode::kMinimum,
                             Opcode::kMultiply, Opcode::kAnd, Opcode::kOr})) {
    return std::nullopt;
  }
  const Instruction* a = r->operand(0);
  const Instruction* b = r->operand(1);
  if (a->opcode() != Opcode::kParameter || b->opcode() != Opcode::kParameter || a == b) {
    return std::nullopt;
  }
  return r->opcode();
}

// True when `init` is a constant whose every element is `value`.
bool ConstantEquals(const Instruction* init, double value) {
  if (init->opcode() != Opcode::kConstant || !init->attrs().literal) return false;
  const Literal& l = *init->attrs().literal;
  for (int64_t i = 0; i < l.ElementCount(); ++i) {
    if (l.GetAsDouble(i) != value) return false;
  }
  return true;
}

}  // namespace

Expected<PValue> HandleReduce(Partitioner& p, const Instruction& inst, const Want& want) {
  if (inst.operand_count() != 2 || !inst.shape().IsArray()) {
    return HandleReplicated(p, inst, want);
  }
  const Instruction* operand = inst.operand(0);
  const Instruction* init = inst.operand(1);
  std::optional<Opcode> op = ReducerOp(*inst.called()[0]);
  const bool sum = op == Opcode::kAdd && ConstantEquals(init, 0);
  const bool combine = op && (IsOneOf(*op, {Opcode::kMaximum, Opcode::kMinimum, Opcode::kAnd,
                                            Opcode::kOr}) ||
                              (*op == Opcode::kMultiply && ConstantEquals(init, 1)));
  PValue v = p.Get(operand);
  if (!sum) {
    ASSIGN_OR_RETURN(v, p.Resolve(v, operand->shape()));
  }
  const auto& dims = inst.attrs().dimensions;
  ShardingSpec in_spec = v.spec;
  ShardingSpec out = ShardingSpec::Replicated(inst.shape().rank());
  out.partial_axes = v.spec.partial_axes;
  std::vector<int64_t> reduced_axes;
  for (int64_t d = 0, o = 0; d < operand->shape().rank(); ++d) {
    bool reduced = std::count(dims.begin(), dims.end(), d) > 0;
    if (!reduced) {
      out.dim_axes[o++] = in_spec.dim_axes[d];
    } else if (sum || combine) {
      reduced_axes.insert(reduced_axes.end(), in_spec.dim_axes[d].begin(),
                          in_spec.dim_axes[d].end());
    } else {
      in_spec.dim_axes[d].clear();
    }
  }
  std::sort(reduced_axes.begin(), reduced_axes.end());
  ASSIGN_OR_RETURN(Instruction * x, p.Reshard(v, in_spec, operand->shape()));
  ASSIGN_OR_RETURN(Instruction * y, p.Replicate(p.Get(init), init->shape()));
  // Padding of unevenly split reduced dims reads as the init: the identity of add (0) and of
  // multiply (1), and harmless for max/min/and/or, which already fold the init in once.
  x = p.b().MaskPadding(x, operand->shape(), in_spec, dims, y);
  Instruction* local = p.b().CloneWith(inst, LocalShape(inst.shape(), out, p.mesh()), {x, y});
  if (reduced_axes.empty()) return PValue{local, out, {}};
  if (sum) {
    out.partial_axes.insert(out.partial_axes.end(), reduced_axes.begin(), reduced_axes.end());
    std::sort(out.partial_axes.begin(), out.partial_axes.end());
    return PValue{local, out, {}};
  }
  local = p.b().AllReduce(local, reduced_axes, local->called()[0]);
  return PValue{local, out, {}};
}

}  // namespace xpar::spmd
