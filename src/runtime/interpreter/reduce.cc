// reduce: variadic, any reducer computation. Reducers that are one add/multiply/maximum/minimum/
// and/or of their two parameters run as native loops; others call the reducer per element.
// Either way each output element folds its inputs in row-major order of the reduced dimensions.
#include <algorithm>
#include <cstring>

#include "runtime/interpreter/index_util.h"
#include "runtime/interpreter/reduce_util.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

using Dims = std::vector<int64_t>;

// Input dimensions merged into runs of kept / reduced dimensions (the input is contiguous, and
// consecutive kept dimensions are contiguous in the output too).
struct ReduceGroups {
  Dims sizes;
  Dims out_strides;  // 0 for reduced groups
  std::vector<bool> kept;
};

ReduceGroups GroupDims(const Dims& dims, const std::vector<bool>& reduced) {
  ReduceGroups g;
  for (size_t d = 0; d < dims.size(); ++d) {
    if (!g.sizes.empty() && g.kept.back() == !reduced[d]) {
      g.sizes.back() *= dims[d];
    } else {
      g.sizes.push_back(dims[d]);
      g.kept.push_back(!reduced[d]);
    }
  }
  if (g.sizes.empty()) g.sizes.push_back(1), g.kept.push_back(true);
  g.out_strides.assign(g.sizes.size(), 0);
  int64_t stride = 1;
  for (int64_t i = static_cast<int64_t>(g.sizes.size()) - 1; i >= 0; --i) {
    if (g.kept[i]) g.out_strides[i] = stride, stride *= g.sizes[i];
  }
  return g;
}

// The two common shapes of a reduction, split over the kernel threads with each output element
// still folded in order by one thread: rows ([kept, reduced]: one output per row) and columns
// ([reduced, kept]: each thread takes a range of columns). False for other groupings.
template <typename T, typename Op>
bool ReduceRowsOrColumns(const T* x, const T& init, const ReduceGroups& g, T* y, Op op) {
  using A = ComputeT<T>;
  if (g.sizes.size() != 2 || g.kept[0] == g.kept[1]) return false;
  const int64_t outer = g.sizes[0], inner = g.sizes[1];
  if (outer == 0 || inner == 0) return false;
  if (!g.kept[1]) {
    ParallelFor(outer, std::max<int64_t>(1, kElementwiseChunk / inner),
                [&](int64_t lo, int64_t hi) {
                  for (int64_t r = lo; r < hi; ++r) {
                    A a = Widen(init);
                    for (int64_t j = 0; j < inner; ++j) a = op(a, Widen(x[r * inner + j]));
                    y[r] = Narrow<T>(a);
                  }
                });
    return true;
  }
  ParallelFor(inner, std::max<int64_t>(1, kElementwiseChunk / outer), [&](int64_t lo, int64_t hi) {
    std::vector<A> acc(static_cast<size_t>(hi - lo), Widen(init));
    for (int64_t r = 0; r < outer; ++r) {
      for (int64_t j = lo; j < hi; ++j) acc[j - lo] = op(acc[j - lo], Widen(x[r * inner + j]));
    }
    for (int64_t j = lo; j < hi; ++j) y[j] = Narrow<T>(acc[j - lo]);
  });
  return true;
}

// Native fold. bf16/f16 accumulate in f32 and round once at the end: XLA's CPU backend may
// instead round after every step (its reducer computes in bf16), so long bf16 sums can differ
// in the last bits; f32 accumulation is the more accurate of the two and what XLA:GPU does.
template <typename T, typename Op>
void ReduceNative(const Literal& in, const Literal& init, const ReduceGroups& g, Literal& out,
                  Op op) {
  using A = ComputeT<T>;
  if (ReduceRowsOrColumns<T>(in.data<T>().data(), init.data<T>()[0], g, out.data<T>().data(), op)) {
    return;
  }
  std::vector<A> acc(static_cast<size_t>(out.ElementCount()), Widen(init.data<T>()[0]));
  auto x = in.data<T>();
  const size_t outer_rank = g.sizes.size() - 1;
  const int64_t inner = g.sizes.back();
  const bool inner_kept = g.kept.back();
  Dims index(outer_rank, 0);
  int64_t o = 0;
  for (int64_t i = 0; i < static_cast<int64_t>(x.size()); i += inner) {
    if (inner_kept) {
      for (int64_t j = 0; j < inner; ++j) acc[o + j] = op(acc[o + j], Widen(x[i + j]));
    } else {
      A a = acc[o];
      for (int64_t j = 0; j < inner; ++j) a = op(a, Widen(x[i + j]));
      acc[o] = a;
    }
    for (size_t d = outer_rank; d > 0; --d) {
      o += g.out_strides[d - 1];
      if (++index[d - 1] < g.sizes[d - 1]) break;
      o -= g.out_strides[d - 1] * g.sizes[d - 1];
      index[d - 1] = 0;
    }
  }
  auto y = out.data<T>();
  for (size_t k = 0; k < y.size(); ++k) y[k] = Narrow<T>(acc[k]);
}

// General path: reducer(acc_0..acc_{N-1}, x_0..x_{N-1}) -> (acc_0..acc_{N-1}) per input element.
Status ReduceGeneral(const Computation& reducer, Operands inputs, Operands inits,
                     const Dims& out_strides, std::vector<Literal>& outs, EvalContext& ctx) {
  ASSIGN_OR_RETURN(ScalarCaller caller, ScalarCaller::ForReducer(ctx, reducer, inputs, inits));
  Status status = Status::Ok();
  int64_t linear = 0;
  ForEachIndex(inputs[0]->shape().dims(), [&](std::span<const int64_t> index) {
    if (!status.ok()) return;
    status = caller.Accumulate(outs, LinearIndex(index, out_strides), inputs, linear);
    ++linear;
  });
  return status;
}

}  // namespace

Expected<Literal> EvalReduce(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.empty() || ops.size() % 2 != 0 || inst.called().empty()) {
    return InvalidArgument("reduce takes N inputs, N init values and a reducer");
  }
  const size_t n = ops.size() / 2;
  Operands inputs = ops.subspan(0, n), inits = ops.subspan(n, n);
  const Shape& in_shape = inputs[0]->shape();
  std::vector<bool> reduced(in_shape.rank(), false);
  for (int64_t d : inst.attrs().dimensions) {
    if (d < 0 || d >= in_shape.rank() || reduced[d]) {
      return InvalidArgument("reduce dimension {} is invalid for {}", d, in_shape.ToString(false));
    }
    reduced[d] = true;
  }
  Dims out_dims, out_strides(in_shape.rank(), 0);
  for (int64_t d = 0; d < in_shape.rank(); ++d) {
    if (!reduced[d]) out_dims.push_back(in_shape.dim(d));
  }
  Dims kept_strides = RowMajorStrides(out_dims);
  for (int64_t d = 0, k = 0; d < in_shape.rank(); ++d) {
    if (!reduced[d]) out_strides[d] = kept_strides[k++];
  }
  if (n > 1 && (!inst.shape().IsTuple() || inst.shape().tuple_shapes().size() != n)) {
    return InvalidArgument("a reduce of {} inputs returns a tuple of {}", n, n);
  }
  std::vector<Literal> outs;
  for (size_t j = 0; j < n; ++j) {
    const Shape& want = n == 1 ? inst.shape() : inst.shape().tuple_shape(j);
    if (!inputs[j]->shape().IsArray() || inputs[j]->shape().dims() != in_shape.dims() ||
        inits[j]->shape().rank() != 0 || want.dims() != out_dims ||
        want.type() != inits[j]->type()) {
      return InvalidArgument("reduce operand {} / init {} do not match the result {}",
                             inputs[j]->shape().ToString(false), inits[j]->shape().ToString(false),
                             inst.shape().ToString(false));
    }
    outs.emplace_back(want);
    FillWithScalar(outs.back(), *inits[j]);
  }
  const Computation& reducer = *inst.called()[0];
  NativeReduceOp native = n == 1 && inputs[0]->type() == inits[0]->type()
                              ? MatchNativeReducer(reducer, inputs[0]->type())
                              : NativeReduceOp::kNone;
  if (native != NativeReduceOp::kNone) {
    ReduceGroups groups = GroupDims(in_shape.dims(), reduced);
    VisitArrayType(inputs[0]->type(), [&](auto tag) {
      using T = decltype(tag);
      WithNativeOp<ComputeT<T>>(
          native, [&](auto op) { ReduceNative<T>(*inputs[0], *inits[0], groups, outs[0], op); });
    });
  } else if (in_shape.ElementCount() > 0) {
    RETURN_IF_ERROR(ReduceGeneral(reducer, inputs, inits, out_strides, outs, ctx));
  }
  if (n == 1) return std::move(outs[0]);
  return Literal::Tuple(std::move(outs));
}

}  // namespace xpar
