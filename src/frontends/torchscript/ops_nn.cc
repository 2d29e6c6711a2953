// Reductions and the neural-network aten ops of the zoo: mean/sum, vector norms,
// softmax/log_softmax, layer_norm, embedding, cross_entropy_loss (with ignore_index), topk.
#include <fmt/format.h>

#include <cmath>

#include "frontends/torchscript/lowering.h"

namespace xpar::ts {
namespace {

// The dims of argument i (a list, an int, or None = all), normalised.
Expected<std::vector<int64_t>> ReduceDims(Lowering& L, const Node& n, size_t i, int64_t rank) {
  std::vector<int64_t> dims;
  if (L.IsNone(n, i)) {
    for (int64_t d = 0; d < rank; ++d) dims.push_back(d);
    return dims;
  }
  ASSIGN_OR_RETURN(dims, L.Ints(n, i));
  if (dims.empty()) {
    for (int64_t d = 0; d < rank; ++d) dims.push_back(d);
  }
  for (int64_t& d : dims) {
    if (d < -rank || d >= std::max<int64_t>(rank, 1)) return L.Error(n, "dimension out of range");
    if (d < 0) d += rank;
  }
  return dims;
}

// sum/mean(x, dims, keepdim, dtype) or sum/mean(x, dtype).
Status LowerSumMean(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  bool full = n.inputs.size() <= 2;
  std::vector<int64_t> dims;
  bool keep = false;
  std::optional<PrimitiveType> dtype;
  if (full) {
    for (int64_t d = 0; d < x->shape().rank(); ++d) dims.push_back(d);
    ASSIGN_OR_RETURN(dtype, L.DType(n, 1));
  } else {
    ASSIGN_OR_RETURN(dims, ReduceDims(L, n, 1, x->shape().rank()));
    ASSIGN_OR_RETURN(keep, L.Bool(n, 2));
    ASSIGN_OR_RETURN(dtype, L.DType(n, 3));
  }
  PrimitiveType type = dtype.value_or(x->shape().type());
  // sum of integers or booleans accumulates in int64, as PyTorch does.
  if (!dtype && !IsFloating(type)) type = PrimitiveType::kS64;
  ASSIGN_OR_RETURN(x, L.b().Convert(x, type));
  ASSIGN_OR_RETURN(Instruction * r, L.b().Reduce(x, dims, ReduceKind::kSum, keep));
  if (n.kind == "aten::mean") {
    int64_t count = 1;
    for (int64_t d : dims) count *= x->shape().dim(d);
    ASSIGN_OR_RETURN(r, L.b().Binary(Opcode::kDivide, r, L.b().Scalar(type, double(count))));
  }
  L.SetTensor(n, 0, r);
  return Status();
}

// The p-norm of x over dims: (sum |x|^p)^(1/p); p = +-inf: max/min |x|; p = 2 as sqrt(sum x*x).
Expected<Instruction*> VectorNorm(Lowering& L, const Node& n, Instruction* x, double p,
                                  const std::vector<int64_t>& dims, bool keep) {
  Builder& b = L.b();
  const PrimitiveType type = x->shape().type();
  if (!IsFloating(type)) return L.Error(n, "a norm needs a floating-point tensor");
  if (p == 2) {
    ASSIGN_OR_RETURN(Instruction * sq, b.Binary(Opcode::kMultiply, x, x));
    ASSIGN_OR_RETURN(Instruction * s, b.Reduce(sq, dims, ReduceKind::kSum, keep));
    return b.Unary(Opcode::kSqrt, s);
  }
  ASSIGN_OR_RETURN(Instruction * a, b.Unary(Opcode::kAbs, x));
  if (std::isinf(p)) return b.Reduce(a, dims, p > 0 ? ReduceKind::kMax : ReduceKind::kMin, keep);
  if (p == 1) return b.Reduce(a, dims, ReduceKind::kSum, keep);
  if (!(p > 0)) return L.Error(n, fmt::format("norm of order {} is not supported", p));
  ASSIGN_OR_RETURN(Instruction * ap, b.Binary(Opcode::kPower, a, b.Scalar(type, p)));
  ASSIGN_OR_RETURN(Instruction * s, b.Reduce(ap, dims, ReduceKind::kSum, keep));
  return b.Binary(Opcode::kPower, s, b.Scalar(type, 1.0 / p));
}

// frobenius_norm(x[, dim, keepdim]); linalg_vector_norm(x, ord, dim?, keepdim, dtype?);
// norm(x, p?) / norm(x, p?, dtype) / norm(x, p?, dim, keepdim[, dtype]).
Status LowerNorm(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  const int64_t rank = x->shape().rank();
  const size_t args = n.inputs.size();
  double p = 2;
  std::vector<int64_t> dims;
  bool keep = false;
  std::optional<PrimitiveType> dtype;
  if (n.kind != "aten::frobenius_norm" && !L.IsNone(n, 1)) {
    ASSIGN_OR_RETURN(p, L.Number(n, 1));
  }
  const size_t dim_arg = n.kind == "aten::frobenius_norm" ? 1 : 2;
  if (args > dim_arg + 1) {  // a dim list and keepdim
    ASSIGN_OR_RETURN(dims, ReduceDims(L, n, dim_arg, rank));
    ASSIGN_OR_RETURN(keep, L.Bool(n, dim_arg + 1));
    if (args > dim_arg + 2) {
      ASSIGN_OR_RETURN(dtype, L.DType(n, dim_arg + 2));
    }
  } else {
    for (int64_t d = 0; d < rank; ++d) dims.push_back(d);
    if (args == 3 && n.kind == "aten::norm") {
      ASSIGN_OR_RETURN(dtype, L.DType(n, 2));
    }
  }
  if (dtype) {
    ASSIGN_OR_RETURN(x, L.b().Convert(x, *dtype));
  }
  ASSIGN_OR_RETURN(Instruction * r, VectorNorm(L, n, x, p, dims, keep));
  L.SetTensor(n, 0, r);
  return Status();
}

struct Normalised {
  Instruction* shifted;  // x - max(x)
  Instruction* sum;      // sum(exp(shifted)), kept dims
  Instruction* exp;      // exp(shifted)
};

Expected<Normalised> SoftmaxParts(Builder& b, Instruction* x, int64_t dim) {
  ASSIGN_OR_RETURN(Instruction * m, b.Reduce(x, {dim}, ReduceKind::kMax, true));
  ASSIGN_OR_RETURN(Instruction * shifted, b.Binary(Opcode::kSubtract, x, m));
  ASSIGN_OR_RETURN(Instruction * e, b.Unary(Opcode::kExp, shifted));
  ASSIGN_OR_RETURN(Instruction * s, b.Reduce(e, {dim}, ReduceKind::kSum, true));
  return Normalised{shifted, s, e};
}

Expected<Instruction*> LogSoftmax(Builder& b, Instruction* x, int64_t dim) {
  ASSIGN_OR_RETURN(Normalised p, SoftmaxParts(b, x, dim));
  ASSIGN_OR_RETURN(Instruction * log_sum, b.Unary(Opcode::kLog, p.sum));
  return b.Binary(Opcode::kSubtract, p.shifted, log_sum);
}

// softmax/log_softmax(x, dim, dtype).
Status LowerSoftmax(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(int64_t dim, L.Dim(n, 1, x->shape().rank()));
  ASSIGN_OR_RETURN(std::optional<PrimitiveType> dtype, L.DType(n, 2));
  if (dtype) {
    ASSIGN_OR_RETURN(x, L.b().Convert(x, *dtype));
  }
  Instruction* r;
  if (n.kind == "aten::log_softmax") {
    ASSIGN_OR_RETURN(r, LogSoftmax(L.b(), x, dim));
  } else {
    ASSIGN_OR_RETURN(Normalised p, SoftmaxParts(L.b(), x, dim));
    ASSIGN_OR_RETURN(r, L.b().Binary(Opcode::kDivide, p.exp, p.sum));
  }
  L.SetTensor(n, 0, r);
  return Status();
}

// layer_norm(x, normalized_shape, weight, bias, eps, cudnn_enable): biased variance.
Status LowerLayerNorm(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(std::vector<int64_t> normalized, L.Ints(n, 1));
  ASSIGN_OR_RETURN(double eps, L.Number(n, 4));
  Builder& b = L.b();
  int64_t rank = x->shape().rank();
  int64_t k = static_cast<int64_t>(normalized.size());
  if (k > rank) return L.Error(n, "normalized_shape has more dimensions than the input");
  std::vector<int64_t> dims;
  int64_t count = 1;
  for (int64_t d = rank - k; d < rank; ++d) {
    dims.push_back(d);
    count *= x->shape().dim(d);
  }
  PrimitiveType t = x->shape().type();
  ASSIGN_OR_RETURN(Instruction * mean, b.Reduce(x, dims, ReduceKind::kSum, true));
  ASSIGN_OR_RETURN(mean, b.Binary(Opcode::kDivide, mean, b.Scalar(t, double(count))));
  ASSIGN_OR_RETURN(Instruction * xc, b.Binary(Opcode::kSubtract, x, mean));
  ASSIGN_OR_RETURN(Instruction * sq, b.Binary(Opcode::kMultiply, xc, xc));
  ASSIGN_OR_RETURN(Instruction * var, b.Reduce(sq, dims, ReduceKind::kSum, true));
  ASSIGN_OR_RETURN(var, b.Binary(Opcode::kDivide, var, b.Scalar(t, double(count))));
  ASSIGN_OR_RETURN(var, b.Binary(Opcode::kAdd, var, b.Scalar(t, eps)));
  ASSIGN_OR_RETURN(Instruction * inv, b.Unary(Opcode::kRsqrt, var));
  ASSIGN_OR_RETURN(Instruction * y, b.Binary(Opcode::kMultiply, xc, inv));
  if (!L.IsNone(n, 2)) {
    ASSIGN_OR_RETURN(Instruction * w, L.Tensor(n, 2));
    ASSIGN_OR_RETURN(y, b.Binary(Opcode::kMultiply, y, w));
  }
  if (!L.IsNone(n, 3)) {
    ASSIGN_OR_RETURN(Instruction * bias, L.Tensor(n, 3));
    ASSIGN_OR_RETURN(y, b.Binary(Opcode::kAdd, y, bias));
  }
  L.SetTensor(n, 0, y);
  return Status();
}

// embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse): a row gather.
Status LowerEmbedding(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * w, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Instruction * ids, L.Tensor(n, 1));
  if (w->shape().rank() != 2) return L.Error(n, "the weight must be a matrix");
  int64_t r = ids->shape().rank();
  GatherDims g;
  g.offset_dims = {r};
  g.collapsed_slice_dims = {0};
  g.start_index_map = {0};
  g.index_vector_dim = r;
  InstructionAttrs attrs;
  attrs.gather = g;
  attrs.gather_slice_sizes = {1, w->shape().dim(1)};
  ASSIGN_OR_RETURN(Instruction * out, L.b().Add(Opcode::kGather, {w, ids}, std::move(attrs)));
  L.SetTensor(n, 0, out);
  return Status();
}

// cross_entropy_loss(input [N, C], target [N], weight, reduction, ignore_index, smoothing):
// the mean of -log_softmax(input)[target] over targets != ignore_index (reduction 1).
Status LowerCrossEntropy(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(Instruction * target, L.Tensor(n, 1));
  ASSIGN_OR_RETURN(int64_t reduction, L.Int(n, 3));
  ASSIGN_OR_RETURN(int64_t ignore, L.Int(n, 4));
  ASSIGN_OR_RETURN(double smoothing, L.Number(n, 5));
  if (!L.IsNone(n, 2)) return L.Error(n, "class weights are not supported");
  if (smoothing != 0) return L.Error(n, "label_smoothing is not supported");
  if (x->shape().rank() != 2 || target->shape().rank() != 1 || !IsInteger(target->shape().type())) {
    return L.Error(n, fmt::format("expects input [N, C] and integer target [N] but has {} and {}",
                                  x->shape().ToString(false), target->shape().ToString(false)));
  }
  Builder& b = L.b();
  PrimitiveType t = x->shape().type();
  ASSIGN_OR_RETURN(Instruction * logp, LogSoftmax(b, x, 1));
  ASSIGN_OR_RETURN(Instruction * iota, b.Iota(Shape(target->shape().type(), x->shape().dims()), 1));
  ASSIGN_OR_RETURN(Instruction * tb, b.BroadcastInDim(target, x->shape().dims(), {0}));
  ASSIGN_OR_RETURN(Instruction * hit, b.Compare(iota, tb, ComparisonDirection::kEq));
  ASSIGN_OR_RETURN(Instruction * zeros, b.BroadcastTo(b.Scalar(t, 0), x->shape().dims()));
  ASSIGN_OR_RETURN(Instruction * picked, b.Select(hit, logp, zeros));
  ASSIGN_OR_RETURN(picked, b.Reduce(picked, {1}, ReduceKind::kSum, false));
  ASSIGN_OR_RETURN(Instruction * valid,
                   b.Compare(target, b.Scalar(target->shape().type(), double(ignore)),
                             ComparisonDirection::kNe));
  ASSIGN_OR_RETURN(Instruction * nll, b.Unary(Opcode::kNegate, picked));
  ASSIGN_OR_RETURN(nll, b.Select(valid, nll, b.Scalar(t, 0)));
  if (reduction == 0) {
    L.SetTensor(n, 0, nll);
    return Status();
  }
  ASSIGN_OR_RETURN(Instruction * total, b.Reduce(nll, {0}, ReduceKind::kSum, false));
  if (reduction == 1) {
    ASSIGN_OR_RETURN(Instruction * count, b.Convert(valid, t));
    ASSIGN_OR_RETURN(count, b.Reduce(count, {0}, ReduceKind::kSum, false));
    ASSIGN_OR_RETURN(total, b.Binary(Opcode::kDivide, total, count));
  }
  L.SetTensor(n, 0, total);
  return Status();
}

// topk(x, k, dim, largest, sorted) -> (values, indices); dim must be the last one.
Status LowerTopK(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(int64_t k, L.Int(n, 1));
  ASSIGN_OR_RETURN(int64_t dim, L.Dim(n, 2, x->shape().rank()));
  ASSIGN_OR_RETURN(bool largest, L.Bool(n, 3));
  if (dim != x->shape().rank() - 1) return L.Error(n, "topk over a dimension other than the last");
  InstructionAttrs attrs;
  attrs.topk_k = k;
  attrs.topk_largest = largest;
  ASSIGN_OR_RETURN(Instruction * t, L.b().Add(Opcode::kTopK, {x}, std::move(attrs)));
  ASSIGN_OR_RETURN(Instruction * values, L.b().GetTupleElement(t, 0));
  ASSIGN_OR_RETURN(Instruction * indices, L.b().GetTupleElement(t, 1));
  ASSIGN_OR_RETURN(indices, L.b().Convert(indices, PrimitiveType::kS64));
  L.SetTensor(n, 0, values);
  L.SetTensor(n, 1, indices);
  return Status();
}

}  // namespace

void AddNnHandlers(HandlerTable& t) {
  t["aten::sum"] = LowerSumMean;
  t["aten::mean"] = LowerSumMean;
  t["aten::frobenius_norm"] = LowerNorm;
  t["aten::linalg_vector_norm"] = LowerNorm;
  t["aten::norm"] = LowerNorm;
  t["aten::softmax"] = LowerSoftmax;
  t["aten::log_softmax"] = LowerSoftmax;
  t["aten::layer_norm"] = LowerLayerNorm;
  t["aten::embedding"] = LowerEmbedding;
  t["aten::cross_entropy_loss"] = LowerCrossEntropy;
  t["aten::topk"] = LowerTopK;
}

}  // namespace xpar::ts
