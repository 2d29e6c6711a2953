// The collectives of an sdy.manual_computation body as data movement between its copies
// (see stablehlo_shardy_manual.h): replica groups name device ids, each of which runs one copy.
//   all_reduce / reduce_scatter: the group's values combined by the reduction, in group order
//   (reduce_scatter then keeps the member's block); all_gather: concatenated in group order;
//   all_to_all: member i gets block i of every member's value; collective_permute: the source's
//   value, zeros where no source sends.
#include <algorithm>
#include <map>

#include "frontends/stablehlo/stablehlo_shardy_manual.h"

namespace xpar::mlir {
namespace {

using Groups = std::vector<std::vector<int64_t>>;

Instruction* SliceAlong(Parser& p, Computation* comp, Instruction* x, int64_t dim, int64_t start,
                        int64_t limit, int64_t at) {
  std::vector<int64_t> dims = x->shape().dims();
  std::vector<SliceDim> slice;
  for (int64_t d : dims) slice.push_back(SliceDim{0, d, 1});
  slice[dim] = SliceDim{start, limit, 1};
  dims[dim] = limit - start;
  Instruction* s = p.Add(comp, Opcode::kSlice, Shape(x->shape().type(), dims), {x}, at, "slice");
  s->attrs().slice = std::move(slice);
  return s;
}

Instruction* ConcatAlong(Parser& p, Computation* comp, const std::vector<Instruction*>& parts,
                         int64_t dim, int64_t at) {
  if (parts.size() == 1) return parts[0];
  std::vector<int64_t> dims = parts[0]->shape().dims();
  dims[dim] = 0;
  for (Instruction* x : parts) dims[dim] += x->shape().dim(dim);
  Instruction* c = p.Add(comp, Opcode::kConcatenate, Shape(parts[0]->shape().type(), dims), parts,
                         at, "concatenate");
  c->attrs().dimensions = {dim};
  return c;
}

// The copies each group of `inst` combines, in group order; every copy in exactly one group.
Expected<Groups> CopyGroups(const Parser& p, const Instruction& inst, const ManualCopies& copies) {
  const int64_t at = inst.source_offset();
  const std::string op(HloOpcodeName(inst.opcode()));
  if (!inst.attrs().channel_id && !inst.attrs().use_global_device_ids) {
    return p.Unsupported(at, fmt::format("{} without a channel_handle (across replicas) inside "
                                         "sdy.manual_computation is not supported",
                                         op));
  }
  Groups ids;
  if (inst.attrs().replica_groups && !inst.attrs().replica_groups->groups.empty()) {
    ids = inst.attrs().replica_groups->groups;
  } else {
    ids.push_back(copies.AllDevices());  // one group of every device
  }
  std::vector<int64_t> group_of(copies.count(), -1);
  Groups out;
  for (const auto& g : ids) {
    std::vector<int64_t> cg;
    for (int64_t id : g) {
      std::optional<int64_t> c = copies.CopyOfDevice(id);
      if (!c) return p.Error(at, fmt::format("{}: device {} is not in the mesh", op, id));
      if (std::find(cg.begin(), cg.end(), *c) != cg.end()) {
        return p.Unsupported(at, fmt::format("{}: a replica group spans a free (non-manual) mesh "
                                             "axis; inside sdy.manual_computation xpar supports "
                                             "collectives over manual axes only",
                                             op));
      }
      cg.push_back(*c);
    }
    if (cg.empty()) continue;
    if (group_of[cg[0]] >= 0 && out[group_of[cg[0]]] == cg) continue;  // the same copies again
    for (int64_t c : cg) {
      if (group_of[c] >= 0) {
        return p.Error(at, fmt::format("{}: the replica groups put one copy of the manual "
                                       "computation into two different groups",
                                       op));
      }
      group_of[c] = static_cast<int64_t>(out.size());
    }
    out.push_back(std::move(cg));
  }
  for (int64_t c = 0; c < copies.count(); ++c) {
    if (group_of[c] < 0) {
      return p.Error(at, fmt::format("{}: the replica groups leave out a device of the manual "
                                     "axes",
                                     op));
    }
  }
  return out;
}

// reducer(a, b) applied elementwise to arrays: the reduction's own ops at the arrays' shape.
Expected<Instruction*> Combine(Parser& p, Computation* comp, const Instruction& inst,
                               Instruction* a, Instruction* b) {
  const int64_t at = inst.source_offset();
  if (inst.called().size() != 1 || inst.called()[0]->parameter_count() != 2) {
    return p.Error(at, "the collective's reduction must take two scalars");
  }
  const Computation& r = *inst.called()[0];
  std::unordered_map<const Instruction*, Instruction*> map = {{r.parameters()[0], a},
                                                              {r.parameters()[1], b}};
  const std::vector<int64_t>& dims = a->shape().dims();
  for (const auto& ptr : r.instructions()) {
    const Instruction* i = ptr.get();
    if (i->opcode() == Opcode::kParameter) continue;
    Shape shape(i->shape().type(), dims);
    if (i->opcode() == Opcode::kConstant && i->shape().IsArray() && i->shape().rank() == 0) {
      Instruction* c = p.Add(comp, Opcode::kConstant, i->shape(), {}, at, "constant");
      c->attrs().literal = i->attrs().literal;
      map[i] = p.Add(comp, Opcode::kBroadcast, shape, {c}, at, "broadcast");
      continue;
    }
    if (!HasTrait(i->opcode(), kElementwise) || !i->shape().IsArray()) {
      return p.Unsupported(at, fmt::format("the reduction of this collective uses '{}'; inside "
                                           "sdy.manual_computation xpar supports elementwise "
                                           "reductions",
                                           HloOpcodeName(i->opcode())));
    }
    std::vector<Instruction*> ops;
    for (const Instruction* o : i->operands()) ops.push_back(map.at(o));
    Instruction* n = p.Add(comp, i->opcode(), shape, ops, at);
    n->attrs() = i->attrs();
    map[i] = n;
  }
  return map.at(r.root());
}

Expected<Instruction*> Reduce(Parser& p, Computation* comp, const Instruction& inst,
                              const CopyValues& x, const std::vector<int64_t>& group) {
  Instruction* acc = x.at(group[0]);
  for (size_t k = 1; k < group.size(); ++k) {
    ASSIGN_OR_RETURN(acc, Combine(p, comp, inst, acc, x.at(group[k])));
  }
  return acc;
}

Expected<CopyValues> Permute(Parser& p, Computation* comp, const Instruction& inst,
                             const CopyValues& x, const ManualCopies& copies) {
  const int64_t at = inst.source_offset();
  std::vector<int64_t> source(copies.count(), -1);
  for (const auto& [s, t] : inst.attrs().source_target_pairs) {
    std::optional<int64_t> cs = copies.CopyOfDevice(s), ct = copies.CopyOfDevice(t);
    if (!cs || !ct) return p.Error(at, "collective-permute: a device is not in the mesh");
    if (source[*ct] >= 0 && source[*ct] != *cs) {
      return p.Unsupported(at,
                           "collective-permute: the pairs move data along a free "
                           "(non-manual) mesh axis, which xpar does not support inside "
                           "sdy.manual_computation");
    }
    source[*ct] = *cs;
  }
  CopyValues out;
  Instruction* zeros = nullptr;
  for (int64_t c = 0; c < copies.count(); ++c) {
    if (source[c] >= 0) {
      out.v.push_back(x.at(source[c]));
      continue;
    }
    if (!zeros) {
      Instruction* z = p.Add(comp, Opcode::kConstant, Shape::Scalar(inst.shape().type()), {}, at);
      z->attrs().literal = Literal(z->shape());
      zeros = p.Add(comp, Opcode::kBroadcast, inst.shape(), {z}, at, "broadcast");
    }
    out.v.push_back(zeros);
  }
  return out;
}

// Groups whose members hold the same instructions share one combined value.
using Combined = std::map<std::vector<Instruction*>, Instruction*>;

// One group's results, member by member.
Expected<std::vector<Instruction*>> LowerGroup(Parser& p, Computation* comp,
                                               const Instruction& inst, const CopyValues& x,
                                               const std::vector<int64_t>& group, Combined* seen) {
  const int64_t at = inst.source_offset();
  const int64_t k = static_cast<int64_t>(group.size());
  const int64_t dim = inst.attrs().dimensions.empty() ? 0 : inst.attrs().dimensions[0];
  std::vector<Instruction*> members;
  for (int64_t c : group) members.push_back(x.at(c));
  if (inst.opcode() == Opcode::kAllReduce || inst.opcode() == Opcode::kAllGather) {
    Instruction*& value = (*seen)[members];
    if (!value && inst.opcode() == Opcode::kAllReduce) {
      ASSIGN_OR_RETURN(value, Reduce(p, comp, inst, x, group));
    } else if (!value) {
      value = ConcatAlong(p, comp, members, dim, at);
    }
    return std::vector<Instruction*>(k, value);
  }
  std::vector<Instruction*> out;
  if (inst.opcode() == Opcode::kReduceScatter) {
    ASSIGN_OR_RETURN(Instruction * sum, Reduce(p, comp, inst, x, group));
    const int64_t len = inst.shape().dim(dim);
    for (int64_t i = 0; i < k; ++i) {
      out.push_back(SliceAlong(p, comp, sum, dim, i * len, (i + 1) * len, at));
    }
    return out;
  }
  if (inst.opcode() == Opcode::kAllToAll) {
    const int64_t len = members[0]->shape().dim(dim) / k;
    for (int64_t i = 0; i < k; ++i) {
      std::vector<Instruction*> parts;
      for (Instruction* m : members) {
        parts.push_back(SliceAlong(p, comp, m, dim, i * len, (i + 1) * len, at));
      }
      out.push_back(ConcatAlong(p, comp, parts, dim, at));
    }
    return out;
  }
  return p.Unsupported(at, fmt::format("'{}' inside sdy.manual_computation is not supported by "
                                       "xpar",
                                       HloOpcodeName(inst.opcode())));
}

}  // namespace

Expected<CopyValues> LowerManualCollective(Parser& p, Computation* comp, const Instruction& inst,
                                           const std::vector<CopyValues>& operands,
                                           const ManualCopies& copies) {
  const int64_t at = inst.source_offset();
  if (operands.size() != 1 || !inst.shape().IsArray()) {
    return p.Unsupported(at, fmt::format("a {} of several operands inside sdy.manual_computation "
                                         "is not supported by xpar",
                                         HloOpcodeName(inst.opcode())));
  }
  if (inst.opcode() == Opcode::kCollectivePermute) {
    return Permute(p, comp, inst, operands[0], copies);
  }
  if (inst.opcode() == Opcode::kAllToAll || inst.opcode() == Opcode::kAllGather ||
      inst.opcode() == Opcode::kReduceScatter) {
    if (inst.attrs().dimensions.size() != 1) {
      return p.Error(at, fmt::format("{} needs one dimension", HloOpcodeName(inst.opcode())));
    }
  }
  ASSIGN_OR_RETURN(Groups groups, CopyGroups(p, inst, copies));
  CopyValues out;
  out.v.assign(copies.count(), nullptr);
  Combined seen;
  for (const auto& g : groups) {
    ASSIGN_OR_RETURN(std::vector<Instruction*> r, LowerGroup(p, comp, inst, operands[0], g, &seen));
    for (size_t i = 0; i < g.size(); ++i) out.v[g[i]] = r[i];
  }
  return out;
}

Status CheckCopyIndependent(const Parser& p, const Computation& comp, int64_t at) {
  for (const auto& i : comp.instructions()) {
    if (HasTrait(i->opcode(), kCollective) || i->opcode() == Opcode::kPartitionId ||
        i->opcode() == Opcode::kReplicaId) {
      return p.Unsupported(at, fmt::format("inside sdy.manual_computation, a region of this op "
                                           "uses '{}'; xpar supports collectives and device ids "
                                           "only at the top level of the body",
                                           HloOpcodeName(i->opcode())));
    }
    for (const Computation* c : i->called()) {
      if (c) RETURN_IF_ERROR(CheckCopyIndependent(p, *c, at));
    }
  }
  return Status::Ok();
}

}  // namespace xpar::mlir
