// Shape rules of data-movement ops: broadcast, reshape, transpose, slice, dynamic-slice,
// dynamic-update-slice, concatenate, pad, reverse and iota.
#include <fmt/format.h>

#include "ir/shape_inference_internal.h"

namespace xpar::shape_rules {

// HLO broadcast: operand dimension i becomes result dimension dimensions[i], of equal size.
Expected<Shape> InferBroadcast(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  const Shape& out = inst.shape();
  const auto& dims = inst.attrs().dimensions;
  if (!out.IsArray()) {
    return InvalidArgument("broadcast must produce an array but declares {}", Str(out));
  }
  if (static_cast<int64_t>(dims.size()) != in.rank()) {
    return InvalidArgument("broadcast dimensions={} must list one result dimension for each of "
                           "the {} dimensions of operand {}",
                           DimsStr(dims), in.rank(), Str(in));
  }
  RETURN_IF_ERROR(CheckDims(dims, out.rank(), "broadcast dimensions"));
  for (int64_t i = 0; i < in.rank(); ++i) {
    if (out.dim(dims[i]) != in.dim(i)) {
      return InvalidArgument(
          "broadcast maps operand dimension {} (size {}) to result dimension {} of size {}", i,
          in.dim(i), dims[i], out.dim(dims[i]));
    }
  }
  return Shape(in.type(), out.dims());
}

Expected<Shape> InferReshape(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  const Shape& out = inst.shape();
  if (!out.IsArray() || out.ElementCount() != in.ElementCount()) {
    return InvalidArgument("reshape from {} to {} changes the number of elements", Str(in),
                           Str(out));
  }
  return Shape(in.type(), out.dims());
}

Expected<Shape> InferTranspose(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  const auto& perm = inst.attrs().dimensions;
  if (static_cast<int64_t>(perm.size()) != in.rank()) {
    return InvalidArgument(
        "transpose dimensions={} is not a permutation of the {} dimensions of {}", DimsStr(perm),
        in.rank(), Str(in));
  }
  RETURN_IF_ERROR(CheckDims(perm, in.rank(), "transpose dimensions"));
  std::vector<int64_t> dims;
  for (int64_t p : perm) dims.push_back(in.dim(p));
  return Shape(in.type(), dims);
}

Expected<Shape> InferSlice(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  const auto& slice = inst.attrs().slice;
  if (static_cast<int64_t>(slice.size()) != in.rank()) {
    return InvalidArgument("slice has {} ranges but operand {} has rank {}", slice.size(), Str(in),
                           in.rank());
  }
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < in.rank(); ++i) {
    const SliceDim& s = slice[i];
    if (s.start < 0 || s.start > s.limit || s.limit > in.dim(i) || s.stride < 1) {
      return InvalidArgument("slice range [{}:{}:{}] is invalid for dimension {} of size {}",
                             s.start, s.limit, s.stride, i, in.dim(i));
    }
    // ceil(n / stride) without n + stride - 1, which overflows for a stride near INT64_MAX.
    const int64_t n = s.limit - s.start;
    dims.push_back(n == 0 ? 0 : (n - 1) / s.stride + 1);
  }
  return Shape(in.type(), dims);
}

namespace {

// dynamic-slice / dynamic-update-slice start indices: `rank` integer scalars from operand
// `first` on (XLA's current form), or one integer vector of length rank (the old form).
Status CheckStartIndices(const Instruction& inst, int64_t first, int64_t rank) {
  int64_t n = inst.operand_count() - first;
  if (n == 1 && rank != 1 && inst.operand(first)->shape().IsArray() &&
      inst.operand(first)->shape().rank() == 1) {
    const Shape& v = inst.operand(first)->shape();
    if (v.dim(0) != rank || !IsInteger(v.type())) {
      return InvalidArgument("{} start index vector {} must be an integer vector of length {}",
                             Name(inst), Str(v), rank);
    }
    return Status::Ok();
  }
  if (n != rank) {
    return InvalidArgument("{} needs {} start indices (one per dimension) but has {}",
                           Name(inst), rank, n);
  }
  PrimitiveType type = PrimitiveType::kS32;
  for (int64_t i = first; i < inst.operand_count(); ++i) {
    ASSIGN_OR_RETURN(Shape s, ScalarOperand(inst, i));
    if (!IsInteger(s.type())) {
      return InvalidArgument("{} start index (operand {}) must be an integer but is {}",
                             Name(inst), i, Str(s));
    }
    if (i == first) type = s.type();
    if (s.type() != type) {
      return InvalidArgument("{} start indices must all have the same type; operand {} is {}",
                             Name(inst), i, Str(s));
    }
  }
  return Status::Ok();
}

}  // namespace

Expected<Shape> InferDynamicSlice(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectAtLeastOperands(inst, 1));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  RETURN_IF_ERROR(CheckStartIndices(inst, 1, in.rank()));
  const auto& sizes = inst.attrs().dynamic_slice_sizes;
  if (static_cast<int64_t>(sizes.size()) != in.rank()) {
    return InvalidArgument("dynamic-slice has {} slice sizes but operand {} has rank {}",
                           sizes.size(), Str(in), in.rank());
  }
  for (int64_t i = 0; i < in.rank(); ++i) {
    if (sizes[i] < 0 || sizes[i] > in.dim(i)) {
      return InvalidArgument("dynamic-slice size {} of dimension {} is outside [0, {}]",
                             sizes[i], i, in.dim(i));
    }
  }
  return Shape(in.type(), sizes);
}

Expected<Shape> InferDynamicUpdateSlice(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectAtLeastOperands(inst, 2));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  ASSIGN_OR_RETURN(Shape update, ArrayOperand(inst, 1));
  RETURN_IF_ERROR(CheckStartIndices(inst, 2, in.rank()));
  if (update.type() != in.type() || update.rank() != in.rank()) {
    return InvalidArgument("dynamic-update-slice update {} must have the type and rank of {}",
                           Str(update), Str(in));
  }
  for (int64_t i = 0; i < in.rank(); ++i) {
    if (update.dim(i) > in.dim(i)) {
      return InvalidArgument("dynamic-update-slice update {} is larger than operand {} in "
                             "dimension {}",
                             Str(update), Str(in), i);
    }
  }
  return in;
}

Expected<Shape> InferConcatenate(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectAtLeastOperands(inst, 1));
  ASSIGN_OR_RETURN(Shape out, ArrayOperand(inst, 0));
  const auto& dims = inst.attrs().dimensions;
  if (dims.size() != 1) {
    return InvalidArgument("concatenate needs exactly one dimension but has {}", DimsStr(dims));
  }
  RETURN_IF_ERROR(CheckDims(dims, out.rank(), "concatenate dimensions"));
  int64_t d = dims[0];
  for (int64_t i = 1; i < inst.operand_count(); ++i) {
    ASSIGN_OR_RETURN(Shape s, ArrayOperand(inst, i));
    bool ok = s.type() == out.type() && s.rank() == out.rank();
    for (int64_t j = 0; ok && j < s.rank(); ++j) ok = j == d || s.dim(j) == out.dim(j);
    if (!ok) {
      return InvalidArgument("concatenate operand {} has shape {}, which does not match operand "
                             "0 ({}) outside dimension {}",
                             i, Str(s), Str(inst.operand(0)->shape()), d);
    }
    out.mutable_dims()[d] += s.dim(d);
  }
  return out;
}

// pad: each dimension grows by low + high (either may be negative) and by interior between
// elements.
Expected<Shape> InferPad(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 2));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  ASSIGN_OR_RETURN(Shape value, ScalarOperand(inst, 1));
  if (value.type() != in.type()) {
    return InvalidArgument("pad value {} must have the element type of operand {}", Str(value),
                           Str(in));
  }
  const auto& pad = inst.attrs().padding;
  if (static_cast<int64_t>(pad.size()) != in.rank()) {
    return InvalidArgument("pad has {} padding entries but operand {} has rank {}", pad.size(),
                           Str(in), in.rank());
  }
  std::vector<int64_t> dims;
  for (int64_t i = 0; i < in.rank(); ++i) {
    const PadDim& p = pad[i];
    if (p.interior < 0) {
      return InvalidArgument("pad interior padding {} of dimension {} is negative", p.interior,
                             i);
    }
    int64_t size = in.dim(i) + p.low + p.high + std::max<int64_t>(in.dim(i) - 1, 0) * p.interior;
    if (size < 0) {
      return InvalidArgument("pad {}_{}_{} makes dimension {} (size {}) negative", p.low, p.high,
                             p.interior, i, in.dim(i));
    }
    dims.push_back(size);
  }
  return Shape(in.type(), dims);
}

Expected<Shape> InferReverse(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  ASSIGN_OR_RETURN(Shape in, ArrayOperand(inst, 0));
  RETURN_IF_ERROR(CheckDims(inst.attrs().dimensions, in.rank(), "reverse dimensions"));
  return in;
}

Expected<Shape> InferIota(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 0));
  const Shape& out = inst.shape();
  if (!out.IsArray() || out.rank() == 0) {
    return InvalidArgument("iota must produce an array of rank >= 1 but declares {}", Str(out));
  }
  int64_t d = inst.attrs().iota_dimension;
  if (d < 0 || d >= out.rank()) {
    return InvalidArgument("iota_dimension={} is out of range for {}", d, Str(out));
  }
  return StripLayout(out);
}

}  // namespace xpar::shape_rules
