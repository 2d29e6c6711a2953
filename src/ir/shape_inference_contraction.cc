// Shape rules of contractions and linear algebra: dot (general dimension numbers), convolution
// (dimension labels, window, feature and batch groups), cholesky and triangular-solve.
// dot and convolution may produce any element type (XLA's preferred_element_type), so the
// result takes the declared element type and only the dims are inferred.
#include <fmt/format.h>

#include <set>

#include "ir/shape_inference_internal.h"

namespace xpar::shape_rules {
namespace {

Expected<PrimitiveType> ResultType(const Instruction& inst) {
  if (!inst.shape().IsArray()) {
    return InvalidArgument("{} must produce an array but declares {}", Name(inst),
                           Str(inst.shape()));
  }
  return inst.shape().type();
}

Status CheckDotSide(const std::vector<int64_t>& batch, const std::vector<int64_t>& contracting,
                    const Shape& s, const std::string& side) {
  std::vector<int64_t> all = batch;
  all.insert(all.end(), contracting.begin(), contracting.end());
  return CheckDims(all, s.rank(), fmt::format("dot {} batch and contracting dims", side));
}

std::vector<int64_t> FreeDims(const Shape& s, const std::vector<int64_t>& batch,
                              const std::vector<int64_t>& contracting) {
  std::set<int64_t> used(batch.begin(), batch.end());
  used.insert(contracting.begin(), contracting.end());
  std::vector<int64_t> out;
  for (int64_t i = 0; i < s.rank(); ++i) {
    if (!used.count(i)) out.push_back(s.dim(i));
  }
  return out;
}

}  // namespace

// dot: result dims are the batch dims, then the lhs free dims, then the rhs free dims.
Expected<Shape> InferDot(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 2));
  ASSIGN_OR_RETURN(Shape lhs, ArrayOperand(inst, 0));
  ASSIGN_OR_RETURN(Shape rhs, ArrayOperand(inst, 1));
  ASSIGN_OR_RETURN(PrimitiveType type, ResultType(inst));
  DotDims d = inst.attrs().dot.value_or(DotDims{});
  if (d.lhs_batch.size() != d.rhs_batch.size() ||
      d.lhs_contracting.size() != d.rhs_contracting.size()) {
    return InvalidArgument("dot lhs and rhs must have as many batch dims ({} vs {}) and "
                           "contracting dims ({} vs {})",
                           DimsStr(d.lhs_batch), DimsStr(d.rhs_batch),
                           DimsStr(d.lhs_contracting), DimsStr(d.rhs_contracting));
  }
  RETURN_IF_ERROR(CheckDotSide(d.lhs_batch, d.lhs_contracting, lhs, "lhs"));
  RETURN_IF_ERROR(CheckDotSide(d.rhs_batch, d.rhs_contracting, rhs, "rhs"));
  for (size_t i = 0; i < d.lhs_contracting.size(); ++i) {
    int64_t l = lhs.dim(d.lhs_contracting[i]), r = rhs.dim(d.rhs_contracting[i]);
    if (l != r) {
      return InvalidArgument("dot contracts lhs dimension {} (size {}) with rhs dimension {} "
                             "(size {}) of {} and {}",
                             d.lhs_contracting[i], l, d.rhs_contracting[i], r, Str(lhs), Str(rhs));
    }
  }
  std::vector<int64_t> dims;
  for (size_t i = 0; i < d.lhs_batch.size(); ++i) {
    int64_t l = lhs.dim(d.lhs_batch[i]), r = rhs.dim(d.rhs_batch[i]);
    if (l != r) {
      return InvalidArgument("dot batch dimension lhs {} (size {}) differs from rhs {} (size {})",
                             d.lhs_batch[i], l, d.rhs_batch[i], r);
    }
    dims.push_back(l);
  }
  for (int64_t s : FreeDims(lhs, d.lhs_batch, d.lhs_contracting)) dims.push_back(s);
  for (int64_t s : FreeDims(rhs, d.rhs_batch, d.rhs_contracting)) dims.push_back(s);
  return Shape(type, dims);
}

namespace {

Status CheckConvLabels(const ConvDims& c, int64_t rank) {
  size_t spatial = static_cast<size_t>(rank - 2);
  if (c.input_spatial.size() != spatial || c.kernel_spatial.size() != spatial ||
      c.output_spatial.size() != spatial) {
    return InvalidArgument("convolution dim_labels must name {} spatial dimensions", spatial);
  }
  std::vector<int64_t> in = {c.input_batch, c.input_feature};
  in.insert(in.end(), c.input_spatial.begin(), c.input_spatial.end());
  std::vector<int64_t> k = {c.kernel_input_feature, c.kernel_output_feature};
  k.insert(k.end(), c.kernel_spatial.begin(), c.kernel_spatial.end());
  std::vector<int64_t> out = {c.output_batch, c.output_feature};
  out.insert(out.end(), c.output_spatial.begin(), c.output_spatial.end());
  RETURN_IF_ERROR(CheckDims(in, rank, "convolution input dim_labels"));
  RETURN_IF_ERROR(CheckDims(k, rank, "convolution kernel dim_labels"));
  return CheckDims(out, rank, "convolution output dim_labels");
}

Status CheckConvGroups(const Instruction& inst, int64_t in_features, int64_t in_batch,
                       int64_t kernel_in, int64_t kernel_out) {
  int64_t fgc = inst.attrs().feature_group_count, bgc = inst.attrs().batch_group_count;
  if (fgc < 1 || bgc < 1 || (fgc > 1 && bgc > 1)) {
    return InvalidArgument("convolution feature_group_count={} and batch_group_count={} must be "
                           ">= 1 and not both > 1",
                           fgc, bgc);
  }
  if (in_features % fgc != 0 || in_features / fgc != kernel_in) {
    return InvalidArgument("convolution input features ({}) / feature_group_count ({}) must "
                           "equal the kernel input features ({})",
                           in_features, fgc, kernel_in);
  }
  if (kernel_out % fgc != 0 || kernel_out % bgc != 0) {
    return InvalidArgument("convolution kernel output features ({}) must be divisible by "
                           "feature_group_count ({}) and batch_group_count ({})",
                           kernel_out, fgc, bgc);
  }
  if (in_batch % bgc != 0) {
    return InvalidArgument("convolution input batch ({}) must be divisible by "
                           "batch_group_count ({})",
                           in_batch, bgc);
  }
  return Status::Ok();
}

}  // namespace

Expected<Shape> InferConvolution(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 2));
  ASSIGN_OR_RETURN(Shape lhs, ArrayOperand(inst, 0));
  ASSIGN_OR_RETURN(Shape rhs, ArrayOperand(inst, 1));
  ASSIGN_OR_RETURN(PrimitiveType type, ResultType(inst));
  if (!inst.attrs().conv) return InvalidArgument("convolution has no dim_labels");
  const ConvDims& c = *inst.attrs().conv;
  if (lhs.rank() != rhs.rank() || lhs.rank() < 2) {
    return InvalidArgument("convolution input {} and kernel {} must have the same rank >= 2",
                           Str(lhs), Str(rhs));
  }
  RETURN_IF_ERROR(CheckConvLabels(c, lhs.rank()));
  const auto& window = inst.attrs().window;
  if (window.size() != c.input_spatial.size()) {
    return InvalidArgument("convolution window has {} dimensions but there are {} spatial dims",
                           window.size(), c.input_spatial.size());
  }
  int64_t kernel_out = rhs.dim(c.kernel_output_feature);
  RETURN_IF_ERROR(CheckConvGroups(inst, lhs.dim(c.input_feature), lhs.dim(c.input_batch),
                                  rhs.dim(c.kernel_input_feature), kernel_out));
  std::vector<int64_t> dims(lhs.rank());
  dims[c.output_batch] = lhs.dim(c.input_batch) / inst.attrs().batch_group_count;
  dims[c.output_feature] = kernel_out;
  for (size_t i = 0; i < window.size(); ++i) {
    if (window[i].size != rhs.dim(c.kernel_spatial[i])) {
      return InvalidArgument("convolution window size {} of spatial dimension {} differs from "
                             "the kernel's size {}",
                             window[i].size, i, rhs.dim(c.kernel_spatial[i]));
    }
    ASSIGN_OR_RETURN(dims[c.output_spatial[i]],
                     WindowedSize(lhs.dim(c.input_spatial[i]), window[i], "convolution"));
  }
  return Shape(type, dims);
}

Expected<Shape> InferCholesky(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 1));
  ASSIGN_OR_RETURN(Shape a, ArrayOperand(inst, 0));
  if (a.rank() < 2 || a.dim(a.rank() - 1) != a.dim(a.rank() - 2) || !IsFloating(a.type())) {
    return InvalidArgument("cholesky needs floating-point square matrices [..., n, n] but has {}",
                           Str(a));
  }
  return a;
}

// triangular-solve(a, b): a is [..., m, m]; b is [..., m, n] (left_side) or [..., n, m].
Expected<Shape> InferTriangularSolve(const Instruction& inst) {
  RETURN_IF_ERROR(ExpectOperands(inst, 2));
  ASSIGN_OR_RETURN(Shape a, ArrayOperand(inst, 0));
  ASSIGN_OR_RETURN(Shape b, ArrayOperand(inst, 1));
  int64_t r = a.rank();
  bool ok = r >= 2 && b.rank() == r && a.type() == b.type() && IsFloating(a.type()) &&
            a.dim(r - 1) == a.dim(r - 2);
  for (int64_t i = 0; ok && i < r - 2; ++i) ok = a.dim(i) == b.dim(i);
  if (ok) ok = b.dim(inst.attrs().left_side ? r - 2 : r - 1) == a.dim(r - 1);
  if (!ok) {
    return InvalidArgument("triangular-solve a {} (square, floating) and b {} (same batch dims, "
                           "matching {} dimension) are inconsistent",
                           Str(a), Str(b), inst.attrs().left_side ? "row" : "column");
  }
  return b;
}

}  // namespace xpar::shape_rules
