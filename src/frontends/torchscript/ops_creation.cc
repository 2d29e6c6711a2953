// Tensor-creating aten ops: arange, full/zeros/ones (and their _like forms), triu/tril masks,
// one_hot. Sizes are static, so arange becomes a constant computed as PyTorch does.
#include <fmt/format.h>

#include <cmath>

#include "frontends/torchscript/lowering.h"

namespace xpar::ts {
namespace {

// arange(end, dtype, ...), arange(start, end, dtype, ...), arange(start, end, step, dtype, ...).
Status LowerArange(Lowering& L, const Node& n) {
  size_t numbers = n.inputs.size() == 5 ? 1 : n.inputs.size() == 6 ? 2 : 3;
  double start = 0, end = 0, step = 1;
  bool floating = false;
  std::vector<double*> slots = numbers == 1   ? std::vector<double*>{&end}
                               : numbers == 2 ? std::vector<double*>{&start, &end}
                                              : std::vector<double*>{&start, &end, &step};
  for (size_t i = 0; i < numbers; ++i) {
    ASSIGN_OR_RETURN(*slots[i], L.Number(n, i));
    const Value& v = L.In(n, i);
    floating = floating || v.kind == Value::Kind::kDouble || (v.known && IsFloating(v.known_type));
  }
  ASSIGN_OR_RETURN(std::optional<PrimitiveType> dtype, L.DType(n, numbers));
  PrimitiveType type = dtype.value_or(floating ? PrimitiveType::kF32 : PrimitiveType::kS64);
  if (step == 0) return L.Error(n, "step must be nonzero");
  int64_t count = static_cast<int64_t>(std::ceil((end - start) / step));
  if (count < 0) count = 0;
  Literal lit(Shape(type, {count}));
  for (int64_t i = 0; i < count; ++i) lit.SetFromDouble(i, start + static_cast<double>(i) * step);
  L.SetTensor(n, 0, L.b().Constant(std::move(lit)));
  return Status();
}

Expected<Instruction*> Filled(Lowering& L, PrimitiveType type, double value,
                              const std::vector<int64_t>& dims) {
  return L.b().BroadcastTo(L.b().Scalar(type, value), dims);
}

// full(size, fill, dtype, ...), zeros(size, dtype, ...), ones(size, dtype, ...).
Status LowerFull(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(std::vector<int64_t> dims, L.Ints(n, 0));
  double value = n.kind == "aten::ones" ? 1 : 0;
  size_t dtype_arg = 1;
  PrimitiveType type = PrimitiveType::kF32;
  if (n.kind == "aten::full") {
    ASSIGN_OR_RETURN(value, L.Number(n, 1));
    const Value& fill = L.In(n, 1);
    if (fill.kind == Value::Kind::kInt) type = PrimitiveType::kS64;
    if (fill.kind == Value::Kind::kBool) type = PrimitiveType::kPred;
    dtype_arg = 2;
  }
  ASSIGN_OR_RETURN(std::optional<PrimitiveType> dtype, L.DType(n, dtype_arg));
  ASSIGN_OR_RETURN(Instruction * r, Filled(L, dtype.value_or(type), value, dims));
  L.SetTensor(n, 0, r);
  return Status();
}

// zeros_like(x, dtype, ...), ones_like(x, dtype, ...), full_like(x, fill, dtype, ...).
Status LowerFullLike(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  double value = n.kind == "aten::ones_like" ? 1 : 0;
  size_t dtype_arg = 1;
  if (n.kind == "aten::full_like") {
    ASSIGN_OR_RETURN(value, L.Number(n, 1));
    dtype_arg = 2;
  }
  ASSIGN_OR_RETURN(std::optional<PrimitiveType> dtype, L.DType(n, dtype_arg));
  ASSIGN_OR_RETURN(Instruction * r,
                   Filled(L, dtype.value_or(x->shape().type()), value, x->shape().dims()));
  L.SetTensor(n, 0, r);
  return Status();
}

// triu(x, k) keeps column - row >= k; tril(x, k) keeps column - row <= k (last two dims).
Status LowerTriangle(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  int64_t k = 0;
  if (n.inputs.size() > 1) {
    ASSIGN_OR_RETURN(k, L.Int(n, 1));
  }
  int64_t rank = x->shape().rank();
  if (rank < 2) return L.Error(n, "needs a tensor of rank >= 2");
  int64_t rows = x->shape().dim(rank - 2), cols = x->shape().dim(rank - 1);
  Literal mask(Shape(PrimitiveType::kPred, {rows, cols}));
  bool upper = n.kind == "aten::triu";
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t c = 0; c < cols; ++c) {
      mask.data<bool>()[r * cols + c] = upper ? c - r >= k : c - r <= k;
    }
  }
  ASSIGN_OR_RETURN(Instruction * m,
                   L.b().BroadcastTo(L.b().Constant(std::move(mask)), x->shape().dims()));
  ASSIGN_OR_RETURN(Instruction * zero, Filled(L, x->shape().type(), 0, x->shape().dims()));
  ASSIGN_OR_RETURN(Instruction * r, L.b().Select(m, x, zero));
  L.SetTensor(n, 0, r);
  return Status();
}

Status LowerOneHot(Lowering& L, const Node& n) {
  ASSIGN_OR_RETURN(Instruction * x, L.Tensor(n, 0));
  ASSIGN_OR_RETURN(int64_t classes, L.Int(n, 1));
  if (classes < 0) {
    return L.Error(n, "num_classes=-1 depends on the data; pass num_classes explicitly");
  }
  std::vector<int64_t> dims = x->shape().dims();
  dims.push_back(classes);
  ASSIGN_OR_RETURN(Instruction * iota, L.b().Iota(Shape(x->shape().type(), dims),
                                                  static_cast<int64_t>(dims.size()) - 1));
  std::vector<int64_t> mapping;
  for (int64_t i = 0; i < x->shape().rank(); ++i) mapping.push_back(i);
  ASSIGN_OR_RETURN(Instruction * xb, L.b().BroadcastInDim(x, dims, mapping));
  ASSIGN_OR_RETURN(Instruction * eq, L.b().Compare(iota, xb, ComparisonDirection::kEq));
  ASSIGN_OR_RETURN(Instruction * r, L.b().Convert(eq, PrimitiveType::kS64));
  L.SetTensor(n, 0, r);
  return Status();
}

}  // namespace

void AddCreationHandlers(HandlerTable& t) {
  t["aten::arange"] = LowerArange;
  t["aten::full"] = LowerFull;
  t["aten::zeros"] = LowerFull;
  t["aten::ones"] = LowerFull;
  t["aten::zeros_like"] = LowerFullLike;
  t["aten::ones_like"] = LowerFullLike;
  t["aten::full_like"] = LowerFullLike;
  t["aten::triu"] = LowerTriangle;
  t["aten::tril"] = LowerTriangle;
  t["aten::one_hot"] = LowerOneHot;
}

}  // namespace xpar::ts
