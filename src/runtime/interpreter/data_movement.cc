// Data movement kernels: broadcast, reshape/bitcast/copy, transpose, slice, concatenate, pad,
// reverse, iota, dynamic-slice, dynamic-update-slice, dynamic-reshape. All copies go through
// StridedCopy (index_util.h), which turns contiguous runs into memcpy and tiles transposes.
#include <algorithm>
#include <cstring>

#include "runtime/interpreter/elementwise_types.h"
#include "runtime/interpreter/index_util.h"
#include "runtime/interpreter/elementwise_internal.h"
#include "runtime/interpreter/kernels.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

using Dims = std::vector<int64_t>;

Status CheckArray(const Literal& l, const char* what) {
  if (!l.shape().IsArray()) return InvalidArgument("{} must be an array", what);
  return Status::Ok();
}

// n copies of the `w`-byte element at x into y.
void FillElement(const uint8_t* x, int64_t w, uint8_t* y, int64_t n) {
  uint64_t bits = 0;
  std::memcpy(&bits, x, std::min<int64_t>(w, 8));
  if (w == 1) {
    std::memset(y, static_cast<int>(bits), n);
  } else if (w == 2) {
    std::fill_n(reinterpret_cast<uint16_t*>(y), n, static_cast<uint16_t>(bits));
  } else if (w == 4) {
    std::fill_n(reinterpret_cast<uint32_t*>(y), n, static_cast<uint32_t>(bits));
  } else if (w == 8) {
    std::fill_n(reinterpret_cast<uint64_t*>(y), n, bits);
  } else {
    for (int64_t i = 0; i < n; ++i) std::memcpy(y + i * w, x, w);
  }
}

Expected<Literal> EvalBroadcast(const Instruction& inst, const Literal& x) {
  const Dims& out_dims = inst.shape().dims();
  const Dims& map = inst.attrs().dimensions;
  if (static_cast<int64_t>(map.size()) != x.shape().rank() || x.type() != inst.shape().type()) {
    return InvalidArgument("broadcast of {} to {} needs dimensions={{}} with {} entries",
                           x.shape().ToString(false), inst.shape().ToString(false),
                           x.shape().rank());
  }
  Dims in_strides = RowMajorStrides(x.shape().dims());
  Dims src_strides(out_dims.size(), 0);
  for (size_t i = 0; i < map.size(); ++i) {
    int64_t d = map[i];
    if (d < 0 || d >= static_cast<int64_t>(out_dims.size()) || out_dims[d] != x.shape().dim(i)) {
      return InvalidArgument("broadcast: operand dimension {} cannot map to result dimension {}", i,
                             d);
    }
    src_strides[d] = in_strides[i];
  }
  Literal out = Literal::Uninitialized(inst.shape());
  const int64_t w = ByteWidth(out.type());
  if (x.ElementCount() == 1) {  // a splat (how the frontends keep large splat constants): a fill
    uint8_t* y = out.raw();
    ParallelFor(out.ElementCount(), kElementwiseChunk, [&](int64_t lo, int64_t hi) {
      FillElement(x.raw(), w, y + lo * w, hi - lo);
    });
    return out;
  }
  StridedCopy(out_dims, w, x.raw(), 0, src_strides, out.raw(), 0, RowMajorStrides(out_dims));
  return out;
}

// Major-to-minor dimension order of a shape's layout (identity when it has none).
Dims MajorToMinor(const Shape& s) {
  Dims perm;
  if (s.layout() && static_cast<int64_t>(s.layout()->minor_to_major.size()) == s.rank()) {
    perm.assign(s.layout()->minor_to_major.rbegin(), s.layout()->minor_to_major.rend());
  } else {
    for (int64_t i = 0; i < s.rank(); ++i) perm.push_back(i);
  }
  return perm;
}

// reshape and copy are logical identities on row-major data: the result shares the operand's
// buffer (copy-on-write). bitcast reinterprets the physical buffer, so when layouts are not
// row-major it is a transpose to physical order, a reshape and a transpose back to the
// result's logical order.
Expected<Literal> EvalReshapeLike(const Instruction& inst, const Literal& x) {
  if (inst.shape().ByteSize() != x.shape().ByteSize() ||
      ByteWidth(inst.shape().type()) != ByteWidth(x.type())) {
    return InvalidArgument("{} of {} cannot give {}", HloOpcodeName(inst.opcode()),
                           x.shape().ToString(false), inst.shape().ToString(false));
  }
  if (inst.opcode() == Opcode::kBitcast) {
    Dims src_perm = MajorToMinor(x.shape());
    Dims dst_perm = MajorToMinor(inst.shape());
    if (!IsIdentityPermutation(src_perm) || !IsIdentityPermutation(dst_perm)) {
      Literal out = Literal::Uninitialized(inst.shape());
      Literal physical = TransposeLiteral(x, src_perm);
      Dims dst_physical_dims;
      for (int64_t d : dst_perm) dst_physical_dims.push_back(inst.shape().dim(d));
      Literal reshaped(Shape(inst.shape().type(), dst_physical_dims));
      std::memcpy(reshaped.raw(), physical.raw(), physical.size_bytes());
      Dims inverse(dst_perm.size());
      for (size_t p = 0; p < dst_perm.size(); ++p) inverse[dst_perm[p]] = static_cast<int64_t>(p);
      Literal logical = TransposeLiteral(reshaped, inverse);
      std::memcpy(out.raw(), logical.raw(), logical.size_bytes());
      return out;
    }
  }
  return x.Relabeled(inst.shape());  // the same bytes: shared, not copied
}

Expected<Literal> EvalTranspose(const Instruction& inst, const Literal& x) {
  const Dims& perm = inst.attrs().dimensions;
  std::vector<bool> seen(perm.size(), false);
  bool ok = static_cast<int64_t>(perm.size()) == x.shape().rank();
  for (int64_t p : perm) {
    ok = ok && p >= 0 && p < static_cast<int64_t>(perm.size()) && !seen[p];
    if (ok) seen[p] = true;
  }
  if (!ok) return InvalidArgument("transpose dimensions are not a permutation of the operand's");
  Literal out = TransposeLiteral(x, perm);
  if (!out.shape().Compatible(Shape(inst.shape().type(), inst.shape().dims()))) {
    return InvalidArgument("transpose of {} gives {}, not {}", x.shape().ToString(false),
                           out.shape().ToString(false), inst.shape().ToString(false));
  }
  return out;
}

Expected<Literal> EvalSlice(const Instruction& inst, const Literal& x) {
  const auto& slice = inst.attrs().slice;
  const int64_t rank = x.shape().rank();
  if (static_cast<int64_t>(slice.size()) != rank) {
    return InvalidArgument("slice needs {} ranges", rank);
  }
  Dims in_strides = RowMajorStrides(x.shape().dims());
  Dims out_dims(rank), src_strides(rank);
  int64_t offset = 0;
  for (int64_t i = 0; i < rank; ++i) {
    const SliceDim& s = slice[i];
    if (s.stride < 1 || s.start < 0 || s.limit > x.shape().dim(i) || s.start > s.limit) {
      return InvalidArgument("slice range [{}:{}:{}] is invalid for dimension {} of size {}",
                             s.start, s.limit, s.stride, i, x.shape().dim(i));
    }
    // ceil(n / stride) without n + stride - 1, which overflows for a stride near INT64_MAX; a
    // range of one element never steps (its stride times the input's may overflow too).
    const int64_t n = s.limit - s.start;
    out_dims[i] = n == 0 ? 0 : (n - 1) / s.stride + 1;
    offset += s.start * in_strides[i];
    src_strides[i] = out_dims[i] > 1 ? in_strides[i] * s.stride : 0;
  }
  if (out_dims != inst.shape().dims()) {
    return InvalidArgument("slice result {} does not match the ranges",
                           inst.shape().ToString(false));
  }
  Literal out = Literal::Uninitialized(inst.shape());
  StridedCopy(out_dims, ByteWidth(x.type()), x.raw(), offset, src_strides, out.raw(), 0,
              RowMajorStrides(out_dims));
  return out;
}

Expected<Literal> EvalConcatenate(const Instruction& inst, Operands ops) {
  if (inst.attrs().dimensions.size() != 1)
    return InvalidArgument("concatenate needs one dimension");
  const int64_t dim = inst.attrs().dimensions[0];
  const Dims& out_dims = inst.shape().dims();
  if (dim < 0 || dim >= static_cast<int64_t>(out_dims.size())) {
    return InvalidArgument("concatenate dimension {} out of range", dim);
  }
  Dims out_strides = RowMajorStrides(out_dims);
  Literal out = Literal::Uninitialized(inst.shape());
  int64_t at = 0;
  for (const Literal* op : ops) {
    Dims expect = out_dims;
    expect[dim] =
        op->shape().rank() == static_cast<int64_t>(out_dims.size()) ? op->shape().dim(dim) : -1;
    if (op->type() != out.type() || op->shape().dims() != expect ||
        at + expect[dim] > out_dims[dim]) {
      return InvalidArgument("concatenate operand {} does not fit result {}",
                             op->shape().ToString(false), inst.shape().ToString(false));
    }
    StridedCopy(op->shape().dims(), ByteWidth(out.type()), op->raw(), 0,
                RowMajorStrides(op->shape().dims()), out.raw(), at * out_strides[dim], out_strides);
    at += expect[dim];
  }
  if (at != out_dims[dim]) return InvalidArgument("concatenate operands do not fill the result");
  return out;
}

// Pad: fill with the pad value, then copy the operand elements that land inside the result
// (negative low/high crop; interior padding spreads them out).
Expected<Literal> EvalPad(const Instruction& inst, const Literal& x, const Literal& value) {
  const auto& pad = inst.attrs().padding;
  const int64_t rank = x.shape().rank();
  if (static_cast<int64_t>(pad.size()) != rank || value.shape().rank() != 0 ||
      value.type() != x.type() || inst.shape().rank() != rank) {
    return InvalidArgument("pad needs a scalar pad value and {} padding entries", rank);
  }
  Literal out = Literal::Uninitialized(inst.shape());
  FillWithScalar(out, value);
  Dims in_strides = RowMajorStrides(x.shape().dims());
  Dims out_strides = RowMajorStrides(inst.shape().dims());
  Dims count(rank), dst_strides(rank);
  int64_t src_off = 0, dst_off = 0;
  for (int64_t i = 0; i < rank; ++i) {
    const PadDim& p = pad[i];
    const int64_t n = x.shape().dim(i), out_n = inst.shape().dim(i), step = p.interior + 1;
    if (p.interior < 0 ||
        out_n != std::max<int64_t>(0, p.low + p.high + n + (n > 0 ? (n - 1) * p.interior : 0))) {
      return InvalidArgument("pad result dimension {} ({}) does not match the padding", i, out_n);
    }
    // Operand indices k with 0 <= low + k * step < out_n.
    int64_t first = p.low >= 0 ? 0 : (-p.low + step - 1) / step;
    int64_t last = out_n - 1 - p.low < 0 ? -1 : std::min(n - 1, (out_n - 1 - p.low) / step);
    count[i] = std::max<int64_t>(0, last - first + 1);
    src_off += first * in_strides[i];
    dst_off += (p.low + first * step) * out_strides[i];
    dst_strides[i] = out_strides[i] * step;
  }
  StridedCopy(count, ByteWidth(x.type()), x.raw(), src_off, in_strides, out.raw(), dst_off,
              dst_strides);
  return out;
}

Expected<Literal> EvalReverse(const Instruction& inst, const Literal& x) {
  Dims strides = RowMajorStrides(x.shape().dims());
  int64_t offset = 0;
  for (int64_t d : inst.attrs().dimensions) {
    if (d < 0 || d >= x.shape().rank())
      return InvalidArgument("reverse dimension {} out of range", d);
    if (strides[d] > 0) {
      offset += (x.shape().dim(d) - 1) * strides[d];
      strides[d] = -strides[d];
    }
  }
  Literal out = Literal::Uninitialized(x.shape());
  StridedCopy(x.shape().dims(), ByteWidth(x.type()), x.raw(), offset, strides, out.raw(), 0,
              RowMajorStrides(x.shape().dims()));
  return out;
}

Expected<Literal> EvalIota(const Instruction& inst) {
  const int64_t dim = inst.attrs().iota_dimension;
  const Shape& s = inst.shape();
  if (dim < 0 || dim >= s.rank()) return InvalidArgument("iota_dimension {} out of range", dim);
  Literal out = Literal::Uninitialized(s);
  uint8_t* y = out.raw();
  const int64_t w = ByteWidth(s.type());
  ParallelFor(s.ElementCount(), kElementwiseChunk, [&](int64_t lo, int64_t hi) {
    IotaBlock(inst, y + lo * w, lo, hi - lo);
  });
  return out;
}

// Start indices: one scalar operand per dimension, or (old form) one rank-1 operand.
Expected<Dims> StartIndices(Operands ops, size_t first, int64_t rank) {
  Dims starts;
  if (ops.size() == first + 1 && ops[first]->shape().rank() == 1) {
    for (int64_t i = 0; i < ops[first]->ElementCount(); ++i) {
      starts.push_back(ops[first]->GetAsInt64(i));
    }
  } else {
    for (size_t i = first; i < ops.size(); ++i) {
      if (ops[i]->shape().rank() != 0) return InvalidArgument("start indices must be scalars");
      starts.push_back(ops[i]->GetAsInt64(0));
    }
  }
  if (static_cast<int64_t>(starts.size()) != rank) {
    return InvalidArgument("expected {} start indices, got {}", rank, starts.size());
  }
  return starts;
}

// dynamic-slice / dynamic-update-slice: starts clamped so the window stays in bounds, as XLA.
Expected<Literal> EvalDynamicSlice(const Instruction& inst, Operands ops) {
  const Literal& x = *ops[0];
  const int64_t rank = x.shape().rank();
  ASSIGN_OR_RETURN(Dims starts, StartIndices(ops, 1, rank));
  const Dims& sizes = inst.shape().dims();
  if (static_cast<int64_t>(sizes.size()) != rank) return InvalidArgument("rank mismatch");
  Dims strides = RowMajorStrides(x.shape().dims());
  int64_t offset = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] > x.shape().dim(i)) return InvalidArgument("slice size exceeds dimension {}", i);
    offset += std::clamp<int64_t>(starts[i], 0, x.shape().dim(i) - sizes[i]) * strides[i];
  }
  Literal out = Literal::Uninitialized(inst.shape());
  StridedCopy(sizes, ByteWidth(x.type()), x.raw(), offset, strides, out.raw(), 0,
              RowMajorStrides(sizes));
  return out;
}

Expected<Literal> EvalDynamicUpdateSlice(const Instruction& inst, Operands ops) {
  if (ops.size() < 2) return InvalidArgument("dynamic-update-slice needs an operand and update");
  return EvalDynamicUpdateSliceInto(inst, *ops[0], ops);  // a shared copy: written on copy
}

Expected<Literal> EvalDynamicReshape(const Instruction& inst, Operands ops) {
  const Shape& s = inst.shape();
  if (static_cast<int64_t>(ops.size()) != s.rank() + 1) {
    return InvalidArgument("dynamic-reshape needs one size operand per result dimension");
  }
  for (int64_t i = 0; i < s.rank(); ++i) {
    int64_t size = ops[i + 1]->GetAsInt64(0);
    if (size != s.dim(i)) {
      return Unimplemented(
          "dynamic-reshape to size {} in dimension {} (static size {}): "
          "dynamic shapes are not supported",
          size, i, s.dim(i));
    }
  }
  return EvalReshapeLike(inst, *ops[0]);
}

}  // namespace

Expected<Literal> EvalDynamicUpdateSliceInto(const Instruction& inst, Literal x, Operands ops) {
  if (ops.size() < 2) return InvalidArgument("dynamic-update-slice needs an operand and update");
  if (!x.shape().IsArray() || !ops[1]->shape().IsArray()) {
    return InvalidArgument("dynamic-update-slice takes arrays");
  }
  const Literal& update = *ops[1];
  const int64_t rank = x.shape().rank();
  if (update.shape().rank() != rank || update.type() != x.type()) {
    return InvalidArgument("update {} does not match operand {}", update.shape().ToString(false),
                           x.shape().ToString(false));
  }
  ASSIGN_OR_RETURN(Dims starts, StartIndices(ops, 2, rank));
  Dims strides = RowMajorStrides(x.shape().dims());
  int64_t offset = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (update.shape().dim(i) > x.shape().dim(i)) {
      return InvalidArgument("update exceeds dimension {}", i);
    }
    offset +=
        std::clamp<int64_t>(starts[i], 0, x.shape().dim(i) - update.shape().dim(i)) * strides[i];
  }
  StridedCopy(update.shape().dims(), ByteWidth(x.type()), update.raw(), 0,
              RowMajorStrides(update.shape().dims()), x.raw(), offset, strides);
  return x;
}

// Runs of equal values (inner > 1) or of counting values (inner == 1, the iota dimension
// last): no division per element.
void IotaBlock(const Instruction& inst, void* y, int64_t lo, int64_t n) {
  const Shape& s = inst.shape();
  const int64_t dim = inst.attrs().iota_dimension;
  int64_t inner = 1;
  for (int64_t d = dim + 1; d < s.rank(); ++d) inner *= s.dim(d);
  const int64_t size = s.dim(dim);
  VisitArrayType(s.type(), [&](auto tag) {
    using T = decltype(tag);
    T* out = static_cast<T*>(y);
    int64_t j = 0;
    while (j < n) {
      const int64_t i = lo + j, v = i / inner % size;
      if (inner == 1) {
        const int64_t run = std::min(n - j, size - v);
        for (int64_t r = 0; r < run; ++r) out[j + r] = ConvertElement<T>(v + r);
        j += run;
      } else {
        const int64_t run = std::min(n - j, inner - i % inner);
        std::fill_n(out + j, run, ConvertElement<T>(v));
        j += run;
      }
    }
  });
}

Expected<Literal> EvalDataMovement(const Instruction& inst, Operands ops, EvalContext& ctx) {
  // copy also applies to tuples (a deep copy is the value itself).
  if (inst.opcode() == Opcode::kCopy && !ops.empty() && ops[0]->shape().IsTuple()) return *ops[0];
  if (!inst.shape().IsArray()) return InvalidArgument("result must be an array");
  for (const Literal* op : ops) RETURN_IF_ERROR(CheckArray(*op, "operand"));
  const size_t want = inst.opcode() == Opcode::kIota ? 0 : 1;
  if (ops.size() < want) return InvalidArgument("missing operand");
  switch (inst.opcode()) {
    case Opcode::kBroadcast: return EvalBroadcast(inst, *ops[0]);
    case Opcode::kReshape:
    case Opcode::kBitcast:
    case Opcode::kCopy: return EvalReshapeLike(inst, *ops[0]);
    case Opcode::kTranspose: return EvalTranspose(inst, *ops[0]);
    case Opcode::kSlice: return EvalSlice(inst, *ops[0]);
    case Opcode::kConcatenate: return EvalConcatenate(inst, ops);
    case Opcode::kPad:
      if (ops.size() != 2) return InvalidArgument("pad takes 2 operands");
      return EvalPad(inst, *ops[0], *ops[1]);
    case Opcode::kReverse: return EvalReverse(inst, *ops[0]);
    case Opcode::kIota: return EvalIota(inst);
    case Opcode::kDynamicSlice: return EvalDynamicSlice(inst, ops);
    case Opcode::kDynamicUpdateSlice: return EvalDynamicUpdateSlice(inst, ops);
    case Opcode::kDynamicReshape: return EvalDynamicReshape(inst, ops);
    default: return Internal("EvalDataMovement called for {}", HloOpcodeName(inst.opcode()));
  }
}

}  // namespace xpar
