// gather and scatter with XLA's full dimension numbers: operand/input batching dims, implicit
// trailing index vector (index_vector_dim == rank), clamped gather starts, skipped
// out-of-bounds scatter windows, variadic scatter with any update computation.
#include <algorithm>
#include <cstring>

#include "runtime/interpreter/combine_util.h"
#include "runtime/interpreter/index_util.h"
#include "runtime/interpreter/kernels.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

bool Contains(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Reads the index vectors of `indices` (one per batch position, i.e. per index of `indices`
// without index_vector_dim) into a [num_batch, vector_len] table.
struct IndexTable {
  std::vector<int64_t> batch_dims;  // dims of `indices` other than index_vector_dim
  int64_t vector_len = 1;
  std::vector<int64_t> values;  // row-major [batch..., vector_len]
};

IndexTable ReadIndices(const Literal& indices, int64_t index_vector_dim) {
  IndexTable t;
  const auto& dims = indices.shape().dims();
  const int64_t rank = static_cast<int64_t>(dims.size());
  for (int64_t d = 0; d < rank; ++d) {
    if (d != index_vector_dim) t.batch_dims.push_back(dims[d]);
  }
  if (index_vector_dim < rank) t.vector_len = dims[index_vector_dim];
  // Move index_vector_dim last so each vector is contiguous.
  std::vector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d) {
    if (d != index_vector_dim) perm.push_back(d);
  }
  if (index_vector_dim < rank) perm.push_back(index_vector_dim);
  Literal moved = IsIdentityPermutation(perm) ? indices : TransposeLiteral(indices, perm);
  t.values.resize(static_cast<size_t>(moved.ElementCount()));
  for (int64_t i = 0; i < moved.ElementCount(); ++i) t.values[i] = moved.GetAsInt64(i);
  return t;
}

// Position of `indices` dimension d among the batch dims (index_vector_dim removed).
int64_t BatchPos(int64_t d, int64_t index_vector_dim) { return d < index_vector_dim ? d : d - 1; }

// Operand dims that window (offset) dims map to, in increasing order.
std::vector<int64_t> WindowOperandDims(int64_t rank, const std::vector<int64_t>& collapsed,
                                       const std::vector<int64_t>& batching) {
  std::vector<int64_t> out;
  for (int64_t d = 0; d < rank; ++d) {
    if (!Contains(collapsed, d) && !Contains(batching, d)) out.push_back(d);
  }
  return out;
}

// Writes into `start` (one entry per operand dim) the operand start of batch position `b`
// (before clamping / bounds checks). The caller's vector is reused: no allocation per slice.
void StartOf(const IndexTable& t, int64_t b, std::span<const int64_t> batch_index,
             const std::vector<int64_t>& index_map, const std::vector<int64_t>& operand_batching,
             const std::vector<int64_t>& indices_batching, int64_t index_vector_dim,
             std::vector<int64_t>& start) {
  std::fill(start.begin(), start.end(), 0);
  for (size_t k = 0; k < index_map.size(); ++k) {
    start[index_map[k]] = t.values[b * t.vector_len + static_cast<int64_t>(k)];
  }
  for (size_t i = 0; i < operand_batching.size(); ++i) {
    start[operand_batching[i]] = batch_index[BatchPos(indices_batching[i], index_vector_dim)];
  }
}

// Every entry of `dims` is a valid dimension of a rank-`rank` array.
Status CheckDims(const std::vector<int64_t>& dims, int64_t rank, const char* what) {
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return InvalidArgument("{} names dimension {} of a rank-{} array", what, d, rank);
  }
  return Status::Ok();
}

// Batch dims of the indices must match the result's (gather) or updates' (scatter) dims.
Status CheckBatch(const IndexTable& t, const std::vector<int64_t>& dims,
                  const std::vector<int64_t>& positions) {
  for (size_t i = 0; i < positions.size(); ++i) {
    if (dims[positions[i]] != t.batch_dims[i]) {
      return InvalidArgument("dimension {} has size {} but the indices' batch dimension has {}",
                             positions[i], dims[positions[i]], t.batch_dims[i]);
    }
  }
  return Status::Ok();
}

// Paired operand and indices batching dims have equal sizes.
Status CheckBatching(const Shape& op, const std::vector<int64_t>& op_dims, const Shape& idx,
                     const std::vector<int64_t>& idx_dims, int64_t index_vector_dim) {
  if (op_dims.size() != idx_dims.size()) {
    return InvalidArgument("{} operand batching dims but {} indices batching dims", op_dims.size(),
                           idx_dims.size());
  }
  for (size_t i = 0; i < op_dims.size(); ++i) {
    if (idx_dims[i] < 0 || idx_dims[i] >= idx.rank() || idx_dims[i] == index_vector_dim ||
        op_dims[i] < 0 || op_dims[i] >= op.rank() || op.dim(op_dims[i]) != idx.dim(idx_dims[i])) {
      return InvalidArgument("batching dims {} (operand) and {} (indices) do not match", op_dims[i],
                             idx_dims[i]);
    }
  }
  return Status::Ok();
}

Status CheckGather(const GatherDims& g, const Shape& op, const Shape& out,
                   const std::vector<int64_t>& slice_sizes,
                   const std::vector<int64_t>& window_dims) {
  RETURN_IF_ERROR(CheckDims(g.start_index_map, op.rank(), "start_index_map"));
  RETURN_IF_ERROR(CheckDims(g.collapsed_slice_dims, op.rank(), "collapsed_slice_dims"));
  RETURN_IF_ERROR(CheckDims(g.operand_batching_dims, op.rank(), "operand_batching_dims"));
  RETURN_IF_ERROR(CheckDims(g.offset_dims, out.rank(), "offset_dims"));
  for (int64_t d = 0; d < op.rank(); ++d) {
    if (slice_sizes[d] < 0 || slice_sizes[d] > op.dim(d)) {
      return InvalidArgument("slice size {} does not fit operand dimension {} of size {}",
                             slice_sizes[d], d, op.dim(d));
    }
  }
  for (size_t k = 0; k < window_dims.size(); ++k) {
    if (out.dim(g.offset_dims[k]) != slice_sizes[window_dims[k]]) {
      return InvalidArgument("output dimension {} should have the slice size {}", g.offset_dims[k],
                             slice_sizes[window_dims[k]]);
    }
  }
  return Status::Ok();
}

// Whether an array of `sizes` laid out with `strides` (elements) is one contiguous run.
bool Contiguous(const std::vector<int64_t>& sizes, const std::vector<int64_t>& strides) {
  int64_t expect = 1;
  for (int64_t k = static_cast<int64_t>(sizes.size()) - 1; k >= 0; --k) {
    if (sizes[k] == 1) continue;
    if (strides[k] != expect) return false;
    expect *= sizes[k];
  }
  return true;
}

}  // namespace

Expected<Literal> EvalGather(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (!inst.attrs().gather) return InvalidArgument("gather without dimension numbers");
  const GatherDims& g = *inst.attrs().gather;
  const Literal& operand = *ops[0];
  const std::vector<int64_t>& slice_sizes = inst.attrs().gather_slice_sizes;
  const int64_t op_rank = operand.shape().rank();
  if (static_cast<int64_t>(slice_sizes.size()) != op_rank) {
    return InvalidArgument("gather slice_sizes has {} entries for a rank-{} operand",
                           slice_sizes.size(), op_rank);
  }
  IndexTable t = ReadIndices(*ops[1], g.index_vector_dim);
  if (t.vector_len != static_cast<int64_t>(g.start_index_map.size())) {
    return InvalidArgument("gather index vectors have {} elements but start_index_map has {}",
                           t.vector_len, g.start_index_map.size());
  }
  Literal out = Literal::Uninitialized(inst.shape());  // every element is written below
  const auto& out_dims = inst.shape().dims();
  std::vector<int64_t> batch_out_dims, offset_sizes;
  for (int64_t d = 0; d < inst.shape().rank(); ++d) {
    if (!Contains(g.offset_dims, d)) batch_out_dims.push_back(d);
  }
  std::vector<int64_t> window_dims =
      WindowOperandDims(op_rank, g.collapsed_slice_dims, g.operand_batching_dims);
  if (window_dims.size() != g.offset_dims.size() || batch_out_dims.size() != t.batch_dims.size()) {
    return InvalidArgument("gather dimension numbers do not match the output shape {}",
                           inst.shape().ToString(false));
  }
  RETURN_IF_ERROR(CheckGather(g, operand.shape(), inst.shape(), slice_sizes, window_dims));
  RETURN_IF_ERROR(CheckBatch(t, out_dims, batch_out_dims));
  RETURN_IF_ERROR(CheckBatching(operand.shape(), g.operand_batching_dims, ops[1]->shape(),
                                g.start_indices_batching_dims, g.index_vector_dim));
  for (int64_t d : g.offset_dims) offset_sizes.push_back(out_dims[d]);
  std::vector<int64_t> op_strides = RowMajorStrides(operand.shape().dims());
  std::vector<int64_t> out_strides = RowMajorStrides(out_dims);
  const int64_t w = ByteWidth(operand.type());
  std::vector<int64_t> slice_strides, offset_strides;
  for (size_t k = 0; k < window_dims.size(); ++k) {
    slice_strides.push_back(op_strides[window_dims[k]]);
    offset_strides.push_back(out_strides[g.offset_dims[k]]);
  }
  // An embedding lookup's rows: each slice is one run in the operand and in the result, so a
  // row costs its start, clamped, and one memcpy (no per-row StridedCopy setup).
  const bool runs = Contiguous(offset_sizes, slice_strides) &&
                    Contiguous(offset_sizes, offset_strides);
  int64_t run_bytes = w;
  for (int64_t size : offset_sizes) run_bytes *= size;
  // Each slice's source and destination offsets first (cheap), then the copies, which are
  // independent, split over the kernel threads.
  std::vector<int64_t> src_at, dst_at, start(op_rank);
  int64_t slices = 1;
  for (int64_t size : t.batch_dims) slices *= std::max<int64_t>(size, 0);
  src_at.reserve(static_cast<size_t>(slices));
  dst_at.reserve(static_cast<size_t>(slices));
  int64_t b = 0;
  ForEachIndex(t.batch_dims, [&](std::span<const int64_t> bi) {
    StartOf(t, b++, bi, g.start_index_map, g.operand_batching_dims,
            g.start_indices_batching_dims, g.index_vector_dim, start);
    for (int64_t d : g.start_index_map) {
      start[d] = std::clamp<int64_t>(start[d], 0, operand.shape().dim(d) - slice_sizes[d]);
    }
    int64_t out_base = 0;
    for (size_t i = 0; i < bi.size(); ++i) out_base += bi[i] * out_strides[batch_out_dims[i]];
    src_at.push_back(LinearIndex(start, op_strides));
    dst_at.push_back(out_base);
  });
  const uint8_t* src = operand.raw();
  uint8_t* dst = out.raw();
  const int64_t slice_bytes = std::max<int64_t>(1, run_bytes);
  ParallelFor(static_cast<int64_t>(src_at.size()),
              std::max<int64_t>(1, kElementwiseChunk * 4 / slice_bytes), [&](int64_t lo, int64_t hi) {
                for (int64_t s = lo; s < hi; ++s) {
                  if (runs) {
                    if (run_bytes > 0) {
                      std::memcpy(dst + dst_at[s] * w, src + src_at[s] * w, run_bytes);
                    }
                    continue;
                  }
                  // One strided block: StridedCopy turns its contiguous runs into memcpy.
                  StridedCopy(offset_sizes, w, src, src_at[s], slice_strides, dst, dst_at[s],
                              offset_strides);
                }
              });
  return out;
}

Expected<Literal> EvalScatter(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (!inst.attrs().scatter) return InvalidArgument("scatter without dimension numbers");
  if (inst.called().empty()) return InvalidArgument("scatter without to_apply");
  const ScatterDims& s = *inst.attrs().scatter;
  const int64_t n = (static_cast<int64_t>(ops.size()) - 1) / 2;
  if (n < 1 || static_cast<int64_t>(ops.size()) != 2 * n + 1) {
    return InvalidArgument("scatter takes N inputs, indices and N updates; got {} operands",
                           ops.size());
  }
  std::vector<Literal> results;
  std::vector<Literal*> accs;
  std::vector<const Literal*> upds;
  std::vector<PrimitiveType> types;
  results.reserve(n);
  for (int64_t i = 0; i < n; ++i) {
    results.push_back(*ops[i]);
    types.push_back(ops[i]->type());
    upds.push_back(ops[n + 1 + i]);
  }
  for (Literal& r : results) accs.push_back(&r);
  const Shape& op_shape = ops[0]->shape();
  const Shape& upd_shape = upds[0]->shape();
  const int64_t op_rank = op_shape.rank();
  IndexTable t = ReadIndices(*ops[n], s.index_vector_dim);
  if (t.vector_len != static_cast<int64_t>(s.scatter_dims_to_operand_dims.size())) {
    return InvalidArgument(
        "scatter index vectors have {} elements but "
        "scatter_dims_to_operand_dims has {}",
        t.vector_len, s.scatter_dims_to_operand_dims.size());
  }
  std::vector<int64_t> scatter_upd_dims, window_sizes;
  for (int64_t d = 0; d < upd_shape.rank(); ++d) {
    if (!Contains(s.update_window_dims, d)) scatter_upd_dims.push_back(d);
  }
  std::vector<int64_t> window_dims =
      WindowOperandDims(op_rank, s.inserted_window_dims, s.input_batching_dims);
  if (window_dims.size() != s.update_window_dims.size() ||
      scatter_upd_dims.size() != t.batch_dims.size()) {
    return InvalidArgument("scatter dimension numbers do not match the updates shape {}",
                           upd_shape.ToString(false));
  }
  RETURN_IF_ERROR(
      CheckDims(s.scatter_dims_to_operand_dims, op_rank, "scatter_dims_to_operand_dims"));
  RETURN_IF_ERROR(CheckBatching(op_shape, s.input_batching_dims, ops[n]->shape(),
                                s.scatter_indices_batching_dims, s.index_vector_dim));
  RETURN_IF_ERROR(CheckDims(s.update_window_dims, upd_shape.rank(), "update_window_dims"));
  RETURN_IF_ERROR(CheckBatch(t, upd_shape.dims(), scatter_upd_dims));
  for (int64_t i = 1; i < n; ++i) {
    if (!ops[i]->shape().Compatible(op_shape) || !upds[i]->shape().Compatible(upd_shape)) {
      return InvalidArgument("variadic scatter needs inputs and updates of equal shapes");
    }
  }
  // Extent of the update window along each operand dim (1 for inserted and batching dims).
  std::vector<int64_t> extent(op_rank, 1);
  for (size_t k = 0; k < window_dims.size(); ++k) {
    window_sizes.push_back(upd_shape.dim(s.update_window_dims[k]));
    extent[window_dims[k]] = window_sizes.back();
  }
  std::vector<int64_t> op_strides = RowMajorStrides(op_shape.dims());
  std::vector<int64_t> upd_strides = RowMajorStrides(upd_shape.dims());
  ElementCombiner combiner(*inst.called()[0], ctx, types);
  Status status;
  int64_t b = 0;
  std::vector<int64_t> start(op_rank);
  ForEachIndex(t.batch_dims, [&](std::span<const int64_t> bi) {
    if (!status.ok()) return;
    StartOf(t, b++, bi, s.scatter_dims_to_operand_dims, s.input_batching_dims,
            s.scatter_indices_batching_dims, s.index_vector_dim, start);
    // A window that does not fit entirely inside the operand is skipped, as XLA does.
    for (int64_t d = 0; d < op_rank; ++d) {
      if (start[d] < 0 || start[d] + extent[d] > op_shape.dim(d)) return;
    }
    int64_t upd_base = 0;
    for (size_t i = 0; i < bi.size(); ++i) upd_base += bi[i] * upd_strides[scatter_upd_dims[i]];
    int64_t op_base = LinearIndex(start, op_strides);
    ForEachIndex(window_sizes, [&](std::span<const int64_t> wi) {
      if (!status.ok()) return;
      int64_t u = upd_base, o = op_base;
      for (size_t k = 0; k < wi.size(); ++k) {
        u += wi[k] * upd_strides[s.update_window_dims[k]];
        o += wi[k] * op_strides[window_dims[k]];
      }
      status = combiner.Combine(accs, o, upds, u);
    });
  });
  RETURN_IF_ERROR(status);
  if (n == 1) return std::move(results[0]);
  return Literal::Tuple(std::move(results));
}

}  // namespace xpar
