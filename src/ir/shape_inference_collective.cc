// Shape rules of collectives: all-reduce, all-gather (the gathered dim grows by the group
// size), reduce-scatter (divided by it), all-to-all, collective-permute/broadcast and the
// async start/done pairs. Scalar operands pass through unchanged: PyTorch/XLA adds a scalar
// token-like operand to variadic all-gather/reduce-scatter (see the torch_xla corpus).
#include <fmt/format.h>

#include "ir/shape_inference_internal.h"

namespace xpar::shape_rules {
namespace {

Expected<std::vector<Shape>> ArrayOperands(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectAtLeastOperands(inst, 1));
  std::vector<Shape> out;
  for (int64_t i = 0; i < inst.operand_count(); ++i) {
    ASSIGN_OR_RETURN(Shape s, ArrayOperand(inst, i));
    out.push_back(std::move(s));
  }
  return out;
}

// The declared result for operand i of a variadic collective whose result is `results`.
const Shape* DeclaredPart(const Shape& results, int64_t i, int64_t n) {
  if (n == 1) return &results;
  if (!results.IsTuple() || static_cast<int64_t>(results.tuple_shapes().size()) != n) {
    return nullptr;
  }
  return &results.tuple_shape(i);
}

// One operand of all-gather (grow=true) or reduce-scatter along `d` with `group` devices;
// when the groups are not written (group == -1) the factor is read off the declared shape and
// must be a multiple of `unit`.
Expected<Shape> ScaleDim(const Instruction& inst, Shape in, int64_t d, int64_t group, bool grow,
                         const Shape* declared, int64_t unit) {
  if (in.rank() == 0) return in;
  if (d < 0 || d >= in.rank()) {
    return InvalidArgument("{} dimension {} is out of range for operand {}", Name(inst), d,
                           Str(in));
  }
  int64_t size = in.dim(d);
  if (group < 0) {
    bool ok = declared && declared->IsArray() && declared->rank() == in.rank();
    int64_t other = ok ? declared->dim(d) : 0;
    ok = ok && (grow ? size > 0 && other % (size * unit) == 0
                     : other > 0 && size % (other * unit) == 0);
    if (!ok && unit > 1) {
      return InvalidArgument("{} across replicas and partitions: the result's dimension {} "
                             "must {} operand {}'s times the group size {}",
                             Name(inst), d, grow ? "be a multiple of" : "divide", Str(in), unit);
    }
    if (!ok) {
      return InvalidArgument("{} without replica_groups: the result's dimension {} must {} "
                             "operand {}'s",
                             Name(inst), d, grow ? "be a multiple of" : "divide", Str(in));
    }
    in.mutable_dims()[d] = other;
    return in;
  }
  if (!grow && size % group != 0) {
    return InvalidArgument("reduce-scatter dimension {} of {} is not divisible by the group "
                           "size {}",
                           d, Str(in), group);
  }
  in.mutable_dims()[d] = grow ? size * group : size / group;
  return in;
}

Expected<Shape> ScatterOrGather(const Instruction& inst, bool grow, const Shape& declared) {
  ASSIGN_OR_RETURN(std::vector<Shape> ins, ArrayOperands(inst));
  const auto& dims = inst.attrs().dimensions;
  if (dims.size() != 1) {
    return InvalidArgument("{} needs exactly one dimension but has {}", Name(inst),
                           DimsStr(dims));
  }
  int64_t n = static_cast<int64_t>(ins.size());
  // channel_id without use_global_device_ids (cross_replica_and_partition): every partition of
  // the group's replicas takes part, and the partition count is not known here.
  int64_t group = GroupSize(inst), unit = 1;
  if (inst.attrs().channel_id && !inst.attrs().use_global_device_ids && group > 0) {
    unit = group;
    group = -1;
  }
  std::vector<Shape> outs;
  for (int64_t i = 0; i < n; ++i) {
    ASSIGN_OR_RETURN(Shape s, ScaleDim(inst, ins[i], dims[0], group, grow,
                                       DeclaredPart(declared, i, n), unit));
    outs.push_back(std::move(s));
  }
  return TupleOrSingle(std::move(outs));
}

}  // namespace

Expected<Shape> InferAllReduce(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectCalled(inst, 1));
  ASSIGN_OR_RETURN(std::vector<Shape> ins, ArrayOperands(inst));
  return TupleOrSingle(std::move(ins));
}

// all-gather -> gathered; all-gather-start -> (operand, gathered), or ((operands), (gathered)).
Expected<Shape> InferAllGather(const Instruction& inst) {
  bool start = inst.opcode() == Opcode::kAllGatherStart;
  const Shape& declared = inst.shape();
  if (!start) return ScatterOrGather(inst, /*grow=*/true, declared);
  if (!declared.IsTuple() || declared.tuple_shapes().size() != 2) {
    return InvalidArgument("all-gather-start must produce (operands, results) but declares {}",
                           Str(declared));
  }
  ASSIGN_OR_RETURN(Shape out, ScatterOrGather(inst, /*grow=*/true, declared.tuple_shape(1)));
  std::vector<Shape> ins;
  for (const Instruction* op : inst.operands()) ins.push_back(StripLayout(op->shape()));
  return Shape::Tuple({TupleOrSingle(std::move(ins)), std::move(out)});
}

Expected<Shape> InferReduceScatter(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectCalled(inst, 1));
  return ScatterOrGather(inst, /*grow=*/false, inst.shape());
}

// all-to-all with dimensions={d} splits and concatenates along d (shape unchanged); without,
// each operand goes to one device and the result is the tuple of the operands' shapes (a
// 1-tuple for one operand, as XLA prints it).
Expected<Shape> InferAllToAll(const Instruction& inst) {
  ASSIGN_OR_RETURN(std::vector<Shape> ins, ArrayOperands(inst));
  const auto& dims = inst.attrs().dimensions;
  if (dims.empty()) return Shape::Tuple(std::move(ins));
  if (dims.size() != 1 || ins.size() != 1) {
    return InvalidArgument("array all-to-all needs one operand and one split dimension but has "
                           "{} operands and dimensions={}",
                           ins.size(), DimsStr(dims));
  }
  RETURN_IF_ERROR(CheckDims(dims, ins[0].rank(), "all-to-all dimensions"));
  int64_t group = GroupSize(inst);
  if (group > 0 && ins[0].dim(dims[0]) % group != 0) {
    return InvalidArgument("all-to-all dimension {} of {} is not divisible by the group size {}",
                           dims[0], Str(ins[0]), group);
  }
  return ins[0];
}

// collective-permute / collective-broadcast keep the operand shapes. The in-place form
// collective-permute(input, output, input_offsets, output_offsets) produces `output`'s shape.
// collective-permute-start -> (operands, results, declared u32[] contexts...).
Expected<Shape> InferCollectivePermute(const Instruction& inst) {
  Shape result;
  bool in_place = inst.opcode() != Opcode::kCollectiveBroadcast && inst.operand_count() == 4 &&
                  !inst.operand(2)->shape().IsArray();
  if (in_place) {
    result = StripLayout(inst.operand(1)->shape());
  } else {
    ASSIGN_OR_RETURN(std::vector<Shape> ins, ArrayOperands(inst));
    result = TupleOrSingle(std::move(ins));
  }
  if (inst.opcode() != Opcode::kCollectivePermuteStart) return result;
  std::vector<Shape> parts = {in_place ? StripLayout(inst.operand(0)->shape()) : result, result};
  const Shape& declared = inst.shape();
  if (declared.IsTuple()) {
    for (size_t i = 2; i < declared.tuple_shapes().size(); ++i) {
      const Shape& extra = declared.tuple_shape(i);
      if (!extra.IsArray() || extra.rank() != 0 || !IsInteger(extra.type())) {
        return InvalidArgument("collective-permute-start context {} must be an integer scalar",
                               Str(extra));
      }
      parts.push_back(StripLayout(extra));
    }
  }
  return Shape::Tuple(std::move(parts));
}

// all-gather-done, collective-permute-done, async-done: element 1 of the start's tuple.
Expected<Shape> InferAsyncDone(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  const Shape& s = inst.operand(0)->shape();
  if (!s.IsTuple() || s.tuple_shapes().size() < 2) {
    return InvalidArgument("{} expects the tuple produced by its start op but has {}",
                           Name(inst), Str(s));
  }
  return StripLayout(s.tuple_shape(1));
}

}  // namespace xpar::shape_rules
