// Collectives across simulated devices: all-reduce, all-gather, reduce-scatter, all-to-all,
// collective-permute, collective-broadcast, replica-id, partition-id and the -start/-done
// pairs (start does the work, done passes it through). Every device receives all
// contributions of its group and reduces them in group order, so results are deterministic
// and identical on all members.
#include <cstring>
#include <memory>
#include <optional>

#include "runtime/interpreter/collective_groups.h"
#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/combine_util.h"
#include "runtime/interpreter/kernels.h"

namespace xpar {
namespace {

using Contributions = std::shared_ptr<const std::vector<Literal>>;

// The operands as one value: the array itself, or a tuple when there are several.
Literal Pack(Operands ops) {
  if (ops.size() == 1) return *ops[0];
  std::vector<Literal> elems;
  for (const Literal* op : ops) elems.push_back(*op);
  return Literal::Tuple(std::move(elems));
}

// Meets the other members of `group`; alone (no hub) only a group of this device works.
Expected<Contributions> Exchange(const Instruction& inst, EvalContext& ctx,
                                 const std::vector<int64_t>& group, Literal value) {
  const DeviceContext& dev = ctx.device();
  const int64_t me = dev.replica_id * dev.num_partitions + dev.partition_id;
  if (!dev.hub) {
    if (group.size() == 1 && group[0] == me) {
      auto v = std::make_shared<std::vector<Literal>>();
      v->push_back(std::move(value));
      return Contributions(std::move(v));
    }
    return InvalidArgument(
        "{} needs {} devices but runs without a collective hub; "
        "run with --devices {}",
        HloOpcodeName(inst.opcode()), group.size(), group.size());
  }
  return dev.hub->Exchange(&inst, me, group, std::move(value));
}

int64_t RankOf(const EvalContext& ctx, const std::vector<int64_t>& group) {
  const DeviceContext& dev = ctx.device();
  const int64_t me = dev.replica_id * dev.num_partitions + dev.partition_id;
  for (size_t i = 0; i < group.size(); ++i) {
    if (group[i] == me) return static_cast<int64_t>(i);
  }
  return 0;
}

// An array viewed as [outer, size(dim), inner] around `dim`, in bytes for the inner part.
struct DimView {
  int64_t outer = 1, size = 1, inner_bytes = 0;
};
Expected<DimView> ViewAround(const Shape& s, int64_t dim) {
  if (dim < 0 || dim >= s.rank()) {
    return InvalidArgument("dimension {} out of range for {}", dim, s.ToString(false));
  }
  DimView v;
  int64_t inner = 1;
  for (int64_t d = 0; d < s.rank(); ++d) {
    if (d < dim) v.outer *= s.dim(d);
    if (d > dim) inner *= s.dim(d);
  }
  v.size = s.dim(dim);
  v.inner_bytes = inner * ByteWidth(s.type());
  return v;
}

// out = concat(parts[r] chunk `chunk_of(r)` along dim), each chunk `chunk` rows long.
template <typename ChunkOf>
Expected<Literal> Assemble(const std::vector<const Literal*>& parts, int64_t dim, int64_t chunk,
                           ChunkOf&& chunk_of, const Shape& out_shape) {
  Literal out(out_shape);
  ASSIGN_OR_RETURN(DimView in, ViewAround(parts[0]->shape(), dim));
  const int64_t block = chunk * in.inner_bytes, n = static_cast<int64_t>(parts.size());
  for (int64_t o = 0; o < in.outer; ++o) {
    for (int64_t r = 0; r < n; ++r) {
      const uint8_t* src = parts[r]->raw() + (o * in.size + chunk_of(r) * chunk) * in.inner_bytes;
      std::memcpy(out.raw() + (o * n + r) * block, src, static_cast<size_t>(block));
    }
  }
  return out;
}

// Leaf i of every contribution.
std::vector<const Literal*> LeafOf(const std::vector<Literal>& all, size_t i) {
  std::vector<const Literal*> out;
  for (const Literal& c : all) out.push_back(Leaves(c)[i]);
  return out;
}

Expected<Literal> Reduce(const Instruction& inst, EvalContext& ctx,
                         const std::vector<const Literal*>& parts) {
  if (inst.called().empty()) return InvalidArgument("missing to_apply reducer");
  Literal acc = *parts[0];
  PrimitiveType types[] = {acc.type()};
  ElementCombiner combiner(*inst.called()[0], ctx, types);
  for (size_t r = 1; r < parts.size(); ++r) RETURN_IF_ERROR(combiner.CombineArrays(acc, *parts[r]));
  return acc;
}

int64_t Dim(const Instruction& inst) {
  return inst.attrs().dimensions.empty() ? 0 : inst.attrs().dimensions[0];
}

// Offers the collective to the transport (MPI runs some natively); std::nullopt: use Exchange.
Expected<std::optional<Literal>> TryNative(const Instruction& inst, EvalContext& ctx, Opcode kind,
                                           const std::vector<int64_t>& group, Operands ops) {
  const DeviceContext& dev = ctx.device();
  if (!dev.hub) return std::optional<Literal>();
  NativeCollective call{kind, &inst, dev.replica_id * dev.num_partitions + dev.partition_id,
                        group, ops, Dim(inst)};
  return dev.hub->RunNative(call);
}

// One result per operand (leaf), combined into a tuple when there are several.
template <typename PerLeaf>
Expected<Literal> ForEachLeaf(Operands ops, const std::vector<Literal>& all, PerLeaf&& fn) {
  std::vector<Literal> outs;
  for (size_t i = 0; i < ops.size(); ++i) {
    ASSIGN_OR_RETURN(Literal r, fn(i, LeafOf(all, i)));
    outs.push_back(std::move(r));
  }
  if (outs.size() == 1) return std::move(outs[0]);
  return Literal::Tuple(std::move(outs));
}

Shape WithDim(const Shape& s, int64_t dim, int64_t size) {
  Shape out(s.type(), s.dims());
  out.mutable_dims()[dim] = size;
  return out;
}

Expected<Literal> GroupCollective(const Instruction& inst, Operands ops, EvalContext& ctx,
                                  Opcode kind) {
  ASSIGN_OR_RETURN(std::vector<int64_t> group, CollectiveGroup(inst, ctx.device()));
  ASSIGN_OR_RETURN(std::optional<Literal> native, TryNative(inst, ctx, kind, group, ops));
  if (native) return std::move(*native);
  ASSIGN_OR_RETURN(Contributions c, Exchange(inst, ctx, group, Pack(ops)));
  const std::vector<Literal>& all = *c;
  const int64_t n = static_cast<int64_t>(group.size()), rank = RankOf(ctx, group);
  const int64_t dim = Dim(inst);
  switch (kind) {
    case Opcode::kAllReduce:
      return ForEachLeaf(ops, all, [&](size_t, const std::vector<const Literal*>& parts) {
        return Reduce(inst, ctx, parts);
      });
    case Opcode::kAllGather:
      return ForEachLeaf(
          ops, all, [&](size_t, const std::vector<const Literal*>& parts) -> Expected<Literal> {
            // PyTorch/XLA appends a scalar "token" operand to its all-gathers (corpus:
            // wenb__simple_linear_model_pp2_0.hlo); scalars pass through, as shape inference says.
            if (parts[0]->shape().rank() == 0) return *parts[rank];
            ASSIGN_OR_RETURN(DimView v, ViewAround(parts[0]->shape(), dim));
            return Assemble(
                parts, dim, v.size, [](int64_t) { return 0; },
                WithDim(parts[0]->shape(), dim, v.size * n));
          });
    case Opcode::kReduceScatter:
      return ForEachLeaf(
          ops, all, [&](size_t, const std::vector<const Literal*>& parts) -> Expected<Literal> {
            // The scalar token of PyTorch/XLA's reduce-scatter passes through (corpus:
            // kahf__qwb_linear_model__pp_1_zero.hlo).
            if (parts[0]->shape().rank() == 0) return *parts[rank];
            ASSIGN_OR_RETURN(Literal sum, Reduce(inst, ctx, parts));
            ASSIGN_OR_RETURN(DimView v, ViewAround(sum.shape(), dim));
            if (v.size % n != 0)
              return InvalidArgument("dimension {} is not divisible by {}", v.size, n);
            std::vector<const Literal*> one = {&sum};
            return Assemble(
                one, dim, v.size / n, [&](int64_t) { return rank; },
                WithDim(sum.shape(), dim, v.size / n));
          });
    case Opcode::kAllToAll:
      if (inst.attrs().dimensions.empty()) {
        // Tuple form: operand j goes to member j; result j comes from member j.
        if (static_cast<int64_t>(ops.size()) != n) {
          return InvalidArgument(
              "all-to-all without dimensions needs one operand per group "
              "member ({}), got {}",
              n, ops.size());
        }
        std::vector<Literal> outs;
        for (int64_t j = 0; j < n; ++j) outs.push_back(*Leaves(all[j])[rank]);
        if (n == 1) return std::move(outs[0]);
        return Literal::Tuple(std::move(outs));
      }
      return ForEachLeaf(
          ops, all, [&](size_t, const std::vector<const Literal*>& parts) -> Expected<Literal> {
            ASSIGN_OR_RETURN(DimView v, ViewAround(parts[0]->shape(), dim));
            if (v.size % n != 0)
              return InvalidArgument("dimension {} is not divisible by {}", v.size, n);
            return Assemble(
                parts, dim, v.size / n, [&](int64_t) { return rank; }, parts[0]->shape());
          });
    case Opcode::kCollectiveBroadcast:
      return all[0];
    default:
      return Internal("GroupCollective called for {}", HloOpcodeName(kind));
  }
}

Expected<Literal> Permute(const Instruction& inst, Operands ops, EvalContext& ctx) {
  const DeviceContext& dev = ctx.device();
  ASSIGN_OR_RETURN(GroupMode mode, CollectiveGroupMode(inst));
  const bool by_partition = mode == GroupMode::kCrossPartition;
  const int64_t space = by_partition ? dev.num_partitions : dev.num_replicas;
  const int64_t my_id = by_partition ? dev.partition_id : dev.replica_id;
  std::vector<int64_t> domain;
  for (int64_t id = 0; id < space; ++id) {
    domain.push_back(by_partition ? dev.replica_id * dev.num_partitions + id
                                  : id * dev.num_partitions + dev.partition_id);
  }
  int64_t source = -1;
  for (const auto& [s, t] : inst.attrs().source_target_pairs) {
    if (s < 0 || t < 0 || s >= space || t >= space) {
      int64_t needed = std::max(s, t) + 1;
      needed *= by_partition ? dev.num_replicas : dev.num_partitions;
      return InvalidArgument(
          "collective-permute pair {{{},{}}} needs {} devices; run with "
          "--devices {}",
          s, t, needed, needed);
    }
    if (t == my_id) source = s;
  }
  ASSIGN_OR_RETURN(std::optional<Literal> native,
                   TryNative(inst, ctx, Opcode::kCollectivePermute, domain, ops));
  if (native) return std::move(*native);
  ASSIGN_OR_RETURN(Contributions c, Exchange(inst, ctx, domain, Pack(ops)));
  if (source < 0) return Literal(Pack(ops).shape());  // not a target: zeros
  return (*c)[source];
}

// -start returns what the op computes (all-gather-start and collective-permute-start wrap it in
// XLA's (operand, result, ...) tuple); -done unwraps.
Expected<Literal> Start(const Instruction& inst, Operands ops, Literal result) {
  if (inst.shape().IsTuple() && !result.shape().Compatible(inst.shape())) {
    Literal out(inst.shape());
    if (out.elements().size() < 2)
      return InvalidArgument("unexpected {} shape", HloOpcodeName(inst.opcode()));
    out.elements()[0] = Pack(ops);
    out.elements()[1] = std::move(result);
    return out;
  }
  return result;
}

Expected<Literal> Done(const Instruction& inst, const Literal& started) {
  if (started.shape().Compatible(inst.shape())) return started;
  if (started.shape().IsTuple() && started.elements().size() >= 2) return started.elements()[1];
  return InvalidArgument("{} operand {} does not hold the result {}", HloOpcodeName(inst.opcode()),
                         started.shape().ToString(false), inst.shape().ToString(false));
}

}  // namespace

Expected<Literal> EvalCollective(const Instruction& inst, Operands ops, EvalContext& ctx) {
  switch (inst.opcode()) {
    case Opcode::kReplicaId:
      return Literal::Scalar<uint32_t>(static_cast<uint32_t>(ctx.device().replica_id));
    case Opcode::kPartitionId:
      return Literal::Scalar<uint32_t>(static_cast<uint32_t>(ctx.device().partition_id));
    case Opcode::kAllReduce:
    case Opcode::kAllGather:
    case Opcode::kReduceScatter:
    case Opcode::kAllToAll:
      return GroupCollective(inst, ops, ctx, inst.opcode());
    case Opcode::kCollectiveBroadcast: {
      // A device in none of the groups receives zeros (StableHLO collective_broadcast).
      ASSIGN_OR_RETURN(auto group, CollectiveGroupIfMember(inst, ctx.device()));
      if (!group) return Literal(Pack(ops).shape());
      return GroupCollective(inst, ops, ctx, inst.opcode());
    }
    case Opcode::kCollectivePermute:
      return Permute(inst, ops, ctx);
    case Opcode::kAllReduceStart: {
      ASSIGN_OR_RETURN(Literal r, GroupCollective(inst, ops, ctx, Opcode::kAllReduce));
      return Start(inst, ops, std::move(r));
    }
    case Opcode::kAllGatherStart: {
      ASSIGN_OR_RETURN(Literal r, GroupCollective(inst, ops, ctx, Opcode::kAllGather));
      return Start(inst, ops, std::move(r));
    }
    case Opcode::kCollectivePermuteStart: {
      ASSIGN_OR_RETURN(Literal r, Permute(inst, ops, ctx));
      return Start(inst, ops, std::move(r));
    }
    case Opcode::kAllReduceDone:
    case Opcode::kAllGatherDone:
    case Opcode::kCollectivePermuteDone:
      return Done(inst, *ops[0]);
    default:
      return Internal("EvalCollective called for {}", HloOpcodeName(inst.opcode()));
  }
}

}  // namespace xpar
