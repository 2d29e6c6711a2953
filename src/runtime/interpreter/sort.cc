// sort (variadic, along dimensions[0], any comparator; stable order always, which is also a
// valid result for is_stable=false) and topk (values and s32 indices, ties by lower index).
#include <algorithm>
#include <cmath>
#include <numeric>

#include "runtime/interpreter/combine_util.h"
#include "runtime/interpreter/index_util.h"
#include "runtime/interpreter/kernels.h"

namespace xpar {
namespace {

// Total order on floats as XLA's TOTALORDER comparison: -NaN < -inf < ... < -0 < +0 < ... < NaN.
template <typename T>
bool TotalLess(T a, T b) {
  if constexpr (kIsNarrowFloat<T>) {
    return TotalLess(static_cast<float>(a), static_cast<float>(b));
  } else if constexpr (std::is_floating_point_v<T>) {
    // Sign-magnitude bits to two's complement: orders -NaN, -inf, ..., -0, +0, ..., NaN.
    auto key = [](double v) {
      int64_t bits;
      std::memcpy(&bits, &v, sizeof bits);
      return bits ^ ((bits >> 63) & INT64_MAX);
    };
    return key(static_cast<double>(a)) < key(static_cast<double>(b));
  } else {
    return a < b;
  }
}

// A comparator `ROOT compare(p0, p1), direction=LT|GT` sorts natively: +1 ascending,
// -1 descending, 0 when the comparator is anything else.
int NativeDirection(const Computation& cmp, PrimitiveType type, bool* total_order) {
  const Instruction* root = cmp.root();
  if (!root || root->opcode() != Opcode::kCompare || cmp.parameter_count() < 2) return 0;
  ComparisonDirection dir = root->attrs().comparison_direction;
  if (dir != ComparisonDirection::kLt && dir != ComparisonDirection::kGt) return 0;
  const Instruction* p0 = cmp.parameters()[0];
  const Instruction* p1 = cmp.parameters()[1];
  int sign = dir == ComparisonDirection::kLt ? 1 : -1;
  if (root->operand(0) == p1 && root->operand(1) == p0) {
    sign = -sign;
  } else if (root->operand(0) != p0 || root->operand(1) != p1) {
    return 0;
  }
  *total_order = root->attrs().comparison_type == ComparisonType::kTotalOrder;
  // Plain float compare with NaNs is not a strict weak order; only total order is native.
  if (IsFloating(type) && !*total_order) return 0;
  return sign;
}

Expected<Literal> EvalSortOp(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (inst.called().empty()) return InvalidArgument("sort without a comparator");
  const Computation& cmp = *inst.called()[0];
  const int64_t n = static_cast<int64_t>(ops.size());
  const Shape& shape = ops[0]->shape();
  int64_t dim = inst.attrs().dimensions.empty() ? shape.rank() - 1 : inst.attrs().dimensions[0];
  for (const Literal* op : ops) {
    if (op->shape().dims() != shape.dims()) {
      return InvalidArgument("sort operands must have equal dimensions");
    }
  }
  if (shape.rank() == 0) {
    if (n == 1) return *ops[0];
    std::vector<Literal> same;
    for (const Literal* op : ops) same.push_back(*op);
    return Literal::Tuple(std::move(same));
  }
  if (dim < 0 || dim >= shape.rank()) return InvalidArgument("sort dimension {} out of range", dim);
  if (cmp.parameter_count() != 2 * n) {
    return InvalidArgument("sort comparator takes {} parameters, expected {}",
                           cmp.parameter_count(), 2 * n);
  }
  bool total_order = false;
  int native = NativeDirection(cmp, ops[0]->type(), &total_order);
  std::vector<int64_t> strides = RowMajorStrides(shape.dims());
  std::vector<int64_t> outer = shape.dims();
  outer[dim] = 1;
  const int64_t len = shape.dim(dim), stride = strides[dim];
  std::vector<Literal> out;
  for (const Literal* op : ops) out.push_back(*op);
  std::vector<Literal> scalars;
  for (int64_t i = 0; i < 2 * n; ++i) scalars.emplace_back(Shape::Scalar(ops[i / 2]->type()));
  std::vector<const Literal*> args;
  for (const Literal& s : scalars) args.push_back(&s);
  Status status;
  std::vector<int64_t> perm(len);
  ForEachIndex(outer, [&](std::span<const int64_t> oi) {
    if (!status.ok()) return;
    const int64_t base = LinearIndex(oi, strides);
    std::iota(perm.begin(), perm.end(), 0);
    if (native != 0) {
      VisitArrayType(ops[0]->type(), [&](auto t) {
        using T = decltype(t);
        auto d = ops[0]->data<T>();
        std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
          T x = d[base + a * stride], y = d[base + b * stride];
          return native > 0 ? TotalLess(x, y) : TotalLess(y, x);
        });
      });
    } else {
      std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
        if (!status.ok()) return false;
        for (int64_t i = 0; i < n; ++i) {
          CopyElement(*ops[i], base + a * stride, scalars[2 * i], 0);
          CopyElement(*ops[i], base + b * stride, scalars[2 * i + 1], 0);
        }
        Expected<Literal> r = ctx.Call(cmp, args);
        if (!r.ok()) {
          status = r.status();
          return false;
        }
        return r->type() == PrimitiveType::kPred && r->data<bool>()[0];
      });
    }
    for (int64_t i = 0; i < n; ++i) {
      for (int64_t j = 0; j < len; ++j) {
        CopyElement(*ops[i], base + perm[j] * stride, out[i], base + j * stride);
      }
    }
  });
  RETURN_IF_ERROR(status);
  if (n == 1) return std::move(out[0]);
  return Literal::Tuple(std::move(out));
}

Expected<Literal> EvalTopK(const Instruction& inst, Operands ops) {
  const Literal& in = *ops[0];
  const Shape& shape = in.shape();
  if (shape.rank() == 0) return InvalidArgument("topk needs an operand of rank >= 1");
  const int64_t len = shape.dim(shape.rank() - 1), k = inst.attrs().topk_k;
  if (k < 0 || k > len) return InvalidArgument("topk k={} for a last dimension of {}", k, len);
  std::vector<int64_t> out_dims = shape.dims();
  out_dims.back() = k;
  Literal values(Shape(in.type(), out_dims));
  Literal indices(Shape(PrimitiveType::kS32, out_dims));
  const int64_t rows = len == 0 ? 0 : in.ElementCount() / len;
  const bool largest = inst.attrs().topk_largest;
  std::vector<int64_t> perm(len);
  VisitArrayType(in.type(), [&](auto t) {
    using T = decltype(t);
    auto d = in.data<T>();
    for (int64_t r = 0; r < rows; ++r) {
      std::iota(perm.begin(), perm.end(), 0);
      std::stable_sort(perm.begin(), perm.end(), [&](int64_t a, int64_t b) {
        T x = d[r * len + a], y = d[r * len + b];
        return largest ? TotalLess(y, x) : TotalLess(x, y);
      });
      for (int64_t j = 0; j < k; ++j) {
        CopyElement(in, r * len + perm[j], values, r * k + j);
        indices.data<int32_t>()[r * k + j] = static_cast<int32_t>(perm[j]);
      }
    }
  });
  std::vector<Literal> elems;
  elems.push_back(std::move(values));
  elems.push_back(std::move(indices));
  return Literal::Tuple(std::move(elems));
}

}  // namespace

Expected<Literal> EvalSort(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (inst.opcode() == Opcode::kTopK) return EvalTopK(inst, ops);
  return EvalSortOp(inst, ops, ctx);
}

}  // namespace xpar
