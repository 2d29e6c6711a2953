// Shape rules of gather and (variadic) scatter, including the batching dimensions of their
// dimension numbers, following XLA's ShapeInference::InferGatherShape / InferScatterShape.
#include <algorithm>

#include <fmt/format.h>

#include "ir/shape_inference_internal.h"

namespace xpar::shape_rules {
namespace {

bool Contains(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

Status CheckSortedDims(const std::vector<int64_t>& dims, int64_t rank, const std::string& what) {
  RETURN_IF_ERROR(CheckDims(dims, rank, what));
  if (!std::is_sorted(dims.begin(), dims.end())) {
    return InvalidArgument("{} {} must be sorted", what, DimsStr(dims));
  }
  return Status::Ok();
}

// The indices' dims with the implicit trailing index-vector dimension made explicit.
Expected<std::vector<int64_t>> ExpandedIndices(const Shape& indices, int64_t index_vector_dim,
                                               const std::string& op) {
  if (!IsInteger(indices.type())) {
    return InvalidArgument("{} indices must be integers but have shape {}", op, Str(indices));
  }
  if (index_vector_dim < 0 || index_vector_dim > indices.rank()) {
    return InvalidArgument("{} index_vector_dim={} is out of range for indices {}", op,
                           index_vector_dim, Str(indices));
  }
  std::vector<int64_t> dims = indices.dims();
  if (index_vector_dim == indices.rank()) dims.push_back(1);
  return dims;
}

// Batching dims of the indices must be in range and may not be the index vector dimension.
Status CheckIndexBatchingDims(const std::vector<int64_t>& dims, int64_t rank, int64_t ivd,
                              const std::string& what) {
  RETURN_IF_ERROR(CheckDims(dims, rank, what));
  if (Contains(dims, ivd)) {
    return InvalidArgument("{} {} contains index_vector_dim {}", what, DimsStr(dims), ivd);
  }
  return Status::Ok();
}

Status CheckGatherDims(const GatherDims& g, const Shape& operand, int64_t output_rank,
                       const std::vector<int64_t>& expanded, const std::vector<int64_t>& sizes) {
  RETURN_IF_ERROR(CheckSortedDims(g.offset_dims, output_rank, "gather offset_dims"));
  RETURN_IF_ERROR(CheckSortedDims(g.collapsed_slice_dims, operand.rank(),
                                  "gather collapsed_slice_dims"));
  RETURN_IF_ERROR(CheckSortedDims(g.operand_batching_dims, operand.rank(),
                                  "gather operand_batching_dims"));
  RETURN_IF_ERROR(CheckDims(g.start_index_map, operand.rank(), "gather start_index_map"));
  RETURN_IF_ERROR(CheckIndexBatchingDims(g.start_indices_batching_dims,
                                         static_cast<int64_t>(expanded.size()),
                                         g.index_vector_dim, "gather start_indices_batching_dims"));
  if (static_cast<int64_t>(g.start_index_map.size()) != expanded[g.index_vector_dim]) {
    return InvalidArgument("gather start_index_map {} must have one entry per index vector "
                           "element ({})",
                           DimsStr(g.start_index_map), expanded[g.index_vector_dim]);
  }
  if (g.offset_dims.size() + g.collapsed_slice_dims.size() + g.operand_batching_dims.size() !=
      static_cast<size_t>(operand.rank())) {
    return InvalidArgument("gather offset_dims {}, collapsed_slice_dims {} and "
                           "operand_batching_dims {} must together cover the {} operand dims",
                           DimsStr(g.offset_dims), DimsStr(g.collapsed_slice_dims),
                           DimsStr(g.operand_batching_dims), operand.rank());
  }
  if (static_cast<int64_t>(sizes.size()) != operand.rank()) {
    return InvalidArgument("gather slice_sizes {} must have one entry per operand dimension ({})",
                           DimsStr(sizes), operand.rank());
  }
  for (int64_t i = 0; i < operand.rank(); ++i) {
    if (sizes[i] < 0 || sizes[i] > operand.dim(i)) {
      return InvalidArgument("gather slice size {} of dimension {} is outside [0, {}]", sizes[i],
                             i, operand.dim(i));
    }
    bool collapsed = Contains(g.collapsed_slice_dims, i) || Contains(g.operand_batching_dims, i);
    if (collapsed && sizes[i] > 1) {
      return InvalidArgument("gather collapses dimension {} whose slice size {} is not 0 or 1", i,
                             sizes[i]);
    }
  }
  return Status::Ok();
}

}  // namespace

Expected<Shape> InferGather(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 2));
  ASSIGN_OR_RETURN(Shape operand, ArrayOperand(inst, 0));
  ASSIGN_OR_RETURN(Shape indices, ArrayOperand(inst, 1));
  if (!inst.attrs().gather) return InvalidArgument("gather has no dimension numbers");
  const GatherDims& g = *inst.attrs().gather;
  const auto& sizes = inst.attrs().gather_slice_sizes;
  ASSIGN_OR_RETURN(std::vector<int64_t> expanded,
                   ExpandedIndices(indices, g.index_vector_dim, "gather"));
  int64_t output_rank =
      static_cast<int64_t>(g.offset_dims.size() + expanded.size()) - 1;
  RETURN_IF_ERROR(CheckGatherDims(g, operand, output_rank, expanded, sizes));
  std::vector<int64_t> dims;
  int64_t offset_i = 0, batch_i = 0;
  for (int64_t i = 0; i < output_rank; ++i) {
    if (Contains(g.offset_dims, i)) {
      while (Contains(g.collapsed_slice_dims, offset_i) ||
             Contains(g.operand_batching_dims, offset_i)) {
        ++offset_i;
      }
      dims.push_back(sizes[offset_i++]);
    } else {
      if (batch_i == g.index_vector_dim) ++batch_i;
      dims.push_back(expanded[batch_i++]);
    }
  }
  return Shape(operand.type(), dims);
}

namespace {

Status CheckScatterDims(const ScatterDims& s, const Shape& operand, const Shape& updates,
                        const std::vector<int64_t>& expanded) {
  RETURN_IF_ERROR(CheckSortedDims(s.update_window_dims, updates.rank(),
                                  "scatter update_window_dims"));
  RETURN_IF_ERROR(CheckSortedDims(s.inserted_window_dims, operand.rank(),
                                  "scatter inserted_window_dims"));
  RETURN_IF_ERROR(CheckSortedDims(s.input_batching_dims, operand.rank(),
                                  "scatter input_batching_dims"));
  RETURN_IF_ERROR(CheckDims(s.scatter_dims_to_operand_dims, operand.rank(),
                            "scatter scatter_dims_to_operand_dims"));
  RETURN_IF_ERROR(CheckIndexBatchingDims(s.scatter_indices_batching_dims,
                                         static_cast<int64_t>(expanded.size()),
                                         s.index_vector_dim,
                                         "scatter scatter_indices_batching_dims"));
  if (static_cast<int64_t>(s.scatter_dims_to_operand_dims.size()) !=
      expanded[s.index_vector_dim]) {
    return InvalidArgument("scatter scatter_dims_to_operand_dims {} must have one entry per "
                           "index vector element ({})",
                           DimsStr(s.scatter_dims_to_operand_dims), expanded[s.index_vector_dim]);
  }
  if (s.update_window_dims.size() + s.inserted_window_dims.size() +
          s.input_batching_dims.size() != static_cast<size_t>(operand.rank())) {
    return InvalidArgument("scatter update_window_dims {}, inserted_window_dims {} and "
                           "input_batching_dims {} must together cover the {} operand dims",
                           DimsStr(s.update_window_dims), DimsStr(s.inserted_window_dims),
                           DimsStr(s.input_batching_dims), operand.rank());
  }
  int64_t want_rank = static_cast<int64_t>(s.update_window_dims.size() + expanded.size()) - 1;
  if (updates.rank() != want_rank) {
    return InvalidArgument("scatter updates {} must have rank {}", Str(updates), want_rank);
  }
  int64_t operand_i = 0, index_i = 0;
  for (int64_t i = 0; i < updates.rank(); ++i) {
    if (Contains(s.update_window_dims, i)) {
      while (Contains(s.inserted_window_dims, operand_i) ||
             Contains(s.input_batching_dims, operand_i)) {
        ++operand_i;
      }
      if (updates.dim(i) > operand.dim(operand_i)) {
        return InvalidArgument("scatter update window dimension {} (size {}) is larger than "
                               "operand dimension {} (size {})",
                               i, updates.dim(i), operand_i, operand.dim(operand_i));
      }
      ++operand_i;
    } else {
      if (index_i == s.index_vector_dim) ++index_i;
      if (updates.dim(i) != expanded[index_i]) {
        return InvalidArgument("scatter update dimension {} (size {}) must match indices "
                               "dimension {} (size {})",
                               i, updates.dim(i), index_i, expanded[index_i]);
      }
      ++index_i;
    }
  }
  return Status::Ok();
}

}  // namespace

// scatter(operands..., indices, updates...): the result has the operands' shapes.
Expected<Shape> InferScatter(const Instruction& inst) {
  if (inst.operand_count() < 3 || inst.operand_count() % 2 == 0) {
    return InvalidArgument("scatter expects N operands, indices and N updates but has {} operands",
                           inst.operand_count());
  }
  RETURN_IF_ERROR(ExpectCalled(inst, 1));
  if (!inst.attrs().scatter) return InvalidArgument("scatter has no dimension numbers");
  const ScatterDims& s = *inst.attrs().scatter;
  int64_t n = inst.operand_count() / 2;
  ASSIGN_OR_RETURN(Shape indices, ArrayOperand(inst, n));
  ASSIGN_OR_RETURN(std::vector<int64_t> expanded,
                   ExpandedIndices(indices, s.index_vector_dim, "scatter"));
  std::vector<Shape> results;
  for (int64_t i = 0; i < n; ++i) {
    ASSIGN_OR_RETURN(Shape operand, ArrayOperand(inst, i));
    ASSIGN_OR_RETURN(Shape updates, ArrayOperand(inst, n + 1 + i));
    if (i > 0 && operand.dims() != results[0].dims()) {
      return InvalidArgument("scatter operand {} has shape {} but operand 0 has {}", i,
                             Str(operand), Str(results[0]));
    }
    if (IsFloating(operand.type()) != IsFloating(updates.type()) ||
        (!IsFloating(operand.type()) && operand.type() != updates.type())) {
      return InvalidArgument("scatter updates {} must have the element type of operand {}",
                             Str(updates), Str(operand));
    }
    RETURN_IF_ERROR(CheckScatterDims(s, operand, updates, expanded));
    results.push_back(operand);
  }
  return TupleOrSingle(std::move(results));
}

}  // namespace xpar::shape_rules
