// reduce-window (variadic; stride, padding, base and window dilation) and select-and-scatter.
// Window positions that fall on padding or between dilated base elements are skipped, which
// equals reducing the init value there whenever init is the reducer's identity (XLA's contract).
// Plain reducers, and select-and-scatter with a compare select and a plain scatter, run natively.
#include <algorithm>
#include <cstring>
#include <optional>

#include "runtime/interpreter/index_util.h"
#include "runtime/interpreter/reduce_util.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

using Dims = std::vector<int64_t>;

struct WindowGeometry {
  Dims in_dims, in_strides, out_dims;
  std::vector<WindowDim> window;
};

Expected<WindowGeometry> MakeGeometry(const Shape& in, const std::vector<WindowDim>& window,
                                      const Dims& out_dims) {
  if (static_cast<int64_t>(window.size()) != in.rank() ||
      static_cast<int64_t>(out_dims.size()) != in.rank()) {
    return InvalidArgument("window has {} dimensions, operand {} has rank {}", window.size(),
                           in.ToString(false), in.rank());
  }
  WindowGeometry g{in.dims(), RowMajorStrides(in.dims()), out_dims, window};
  for (int64_t d = 0; d < in.rank(); ++d) {
    const WindowDim& w = window[d];
    if (w.size < 1 || w.stride < 1 || w.lhs_dilation < 1 || w.rhs_dilation < 1) {
      return InvalidArgument("window dimension {} has a size, stride or dilation below 1", d);
    }
    int64_t dilated = in.dim(d) > 0 ? (in.dim(d) - 1) * w.lhs_dilation + 1 : 0;
    int64_t padded = dilated + w.pad_low + w.pad_high;
    int64_t span = (w.size - 1) * w.rhs_dilation + 1;
    int64_t expect = padded < span ? 0 : (padded - span) / w.stride + 1;
    if (expect != out_dims[d]) {
      return InvalidArgument("window over {} gives {} elements in dimension {}, result has {}",
                             in.ToString(false), expect, d, out_dims[d]);
    }
  }
  return g;
}

// The windows of a reduce-window, output position by output position in row-major order, with
// no allocation per position: per dimension and output index, the input offsets (index *
// stride) of the window elements that land on real input elements ("taps", in window order)
// are computed once; a window's offsets are the row-major sums of one tap per dimension.
class WindowWalker {
 public:
  explicit WindowWalker(const WindowGeometry& g) : rank_(g.in_dims.size()) {
    taps_.resize(rank_);
    begin_.resize(rank_);
    for (size_t d = 0; d < rank_; ++d) {
      const WindowDim& w = g.window[d];
      begin_[d].push_back(0);
      for (int64_t o = 0; o < g.out_dims[d]; ++o) {
        for (int64_t k = 0; k < w.size; ++k) {
          const int64_t pos = o * w.stride + k * w.rhs_dilation - w.pad_low;
          if (pos < 0 || pos % w.lhs_dilation != 0) continue;
          const int64_t ip = pos / w.lhs_dilation;
          if (ip < g.in_dims[d]) taps_[d].push_back(ip * g.in_strides[d]);
        }
        begin_[d].push_back(static_cast<int64_t>(taps_[d].size()));
      }
    }
    cols_ = rank_ == 0 ? 1 : g.out_dims[rank_ - 1];
    rows_ = 1;
    for (size_t d = 0; d + 1 < rank_; ++d) rows_ *= g.out_dims[d];
    outer_dims_.assign(g.out_dims.begin(), g.out_dims.end() - (rank_ == 0 ? 0 : 1));
  }

  // Output rows: every dimension but the last (one row for a rank-0 or rank-1 result).
  int64_t rows() const { return rows_; }
  int64_t cols() const { return cols_; }

  // fn(linear output index, window offsets) for the outputs of rows [lo, hi).
  template <typename Fn>
  void Walk(int64_t lo, int64_t hi, Fn&& fn) const {
    Dims bases, next, offsets, index(outer_dims_.size());
    for (int64_t row = lo; row < hi; ++row) {
      int64_t rest = row;
      for (int64_t d = static_cast<int64_t>(outer_dims_.size()) - 1; d >= 0; --d) {
        index[d] = rest % outer_dims_[d];
        rest /= outer_dims_[d];
      }
      bases.assign(1, 0);
      for (size_t d = 0; d < outer_dims_.size(); ++d) {
        next.clear();
        for (int64_t b : bases) {
          for (int64_t t = begin_[d][index[d]]; t < begin_[d][index[d] + 1]; ++t) {
            next.push_back(b + taps_[d][t]);
          }
        }
        bases.swap(next);
      }
      for (int64_t c = 0; c < cols_; ++c) {
        if (rank_ == 0) {
          fn(row, std::span<const int64_t>(bases));
          continue;
        }
        const size_t last = rank_ - 1;
        offsets.clear();
        for (int64_t b : bases) {
          for (int64_t t = begin_[last][c]; t < begin_[last][c + 1]; ++t) {
            offsets.push_back(b + taps_[last][t]);
          }
        }
        fn(row * cols_ + c, std::span<const int64_t>(offsets));
      }
    }
  }

 private:
  size_t rank_;
  std::vector<Dims> taps_, begin_;  // per dimension: taps, and each output index's first tap
  Dims outer_dims_;
  int64_t rows_ = 1, cols_ = 1;
};

// Native reducers: output rows split over the kernel threads (each output element is reduced
// by one thread in window order, so the result does not depend on the thread count).
template <typename T, typename Op>
void ReduceWindowNative(const WindowGeometry& g, const Literal& in, const Literal& init,
                        Literal& out, Op op) {
  const T* x = in.data<T>().data();
  T* y = out.data<T>().data();
  const auto init_v = Widen(init.data<T>()[0]);
  const WindowWalker walker(g);
  int64_t window = 1;
  for (const WindowDim& w : g.window) window *= w.size;
  const int64_t per_row = std::max<int64_t>(1, walker.cols() * window);
  ParallelFor(walker.rows(), std::max<int64_t>(1, kElementwiseChunk / per_row),
              [&](int64_t lo, int64_t hi) {
                walker.Walk(lo, hi, [&](int64_t linear, std::span<const int64_t> offsets) {
                  // The reducer computes in T: round after every step, as XLA does (a bf16
                  // cumulative sum rounds each partial sum to bf16).
                  T acc = Narrow<T>(init_v);
                  for (int64_t off : offsets) acc = Narrow<T>(op(Widen(acc), Widen(x[off])));
                  y[linear] = acc;
                });
              });
}

Status ReduceWindowGeneral(const WindowGeometry& g, const Computation& reducer, Operands inputs,
                           Operands inits, std::vector<Literal>& outs, EvalContext& ctx) {
  ASSIGN_OR_RETURN(ScalarCaller caller, ScalarCaller::ForReducer(ctx, reducer, inputs, inits));
  Status status = Status::Ok();
  const WindowWalker walker(g);
  walker.Walk(0, walker.rows(), [&](int64_t linear, std::span<const int64_t> offsets) {
    for (int64_t off : offsets) {
      if (!status.ok()) return;
      status = caller.Accumulate(outs, linear, inputs, off);
    }
  });
  return status;
}

// The select computation of select-and-scatter when it is `compare(p0, p1)` (or the operands
// swapped, which mirrors the direction) with the element type's default comparison.
std::optional<ComparisonDirection> MatchNativeSelect(const Computation& select,
                                                     PrimitiveType t) {
  if (select.parameter_count() != 2 || !select.root()) return std::nullopt;
  for (const Instruction* p : select.parameters()) {
    if (p->shape() != Shape::Scalar(t)) return std::nullopt;
  }
  const Instruction* root = select.root();
  if (root->opcode() != Opcode::kCompare || root->operand_count() != 2) return std::nullopt;
  const ComparisonType type = root->attrs().comparison_type;
  if (type != ComparisonType::kDefault && type != ComparisonType::kFloat) return std::nullopt;
  const Instruction* p0 = select.parameters()[0];
  const Instruction* p1 = select.parameters()[1];
  const ComparisonDirection dir = root->attrs().comparison_direction;
  if (root->operand(0) == p0 && root->operand(1) == p1) return dir;
  if (root->operand(0) != p1 || root->operand(1) != p0) return std::nullopt;
  switch (dir) {
    case ComparisonDirection::kLt: return ComparisonDirection::kGt;
    case ComparisonDirection::kLe: return ComparisonDirection::kGe;
    case ComparisonDirection::kGt: return ComparisonDirection::kLt;
    case ComparisonDirection::kGe: return ComparisonDirection::kLe;
    case ComparisonDirection::kEq:
    case ComparisonDirection::kNe: return dir;
  }
  return std::nullopt;
}

template <typename C>
bool CompareNative(ComparisonDirection dir, C a, C b) {
  switch (dir) {
    case ComparisonDirection::kEq:
      return a == b;
    case ComparisonDirection::kNe:
      return a != b;
    case ComparisonDirection::kLt:
      return a < b;
    case ComparisonDirection::kLe:
      return a <= b;
    case ComparisonDirection::kGt:
      return a > b;
    case ComparisonDirection::kGe:
      return a >= b;
  }
  return false;
}

// select-and-scatter with a native select (compare) and scatter (add, max, ...): the same
// picks and the same per-step rounding as calling the two computations per element.
template <typename T, typename Op>
void SelectAndScatterNative(const WindowGeometry& g, ComparisonDirection dir,
                            const Literal& operand, const Literal& source, Literal& out, Op op) {
  const T* x = operand.data<T>().data();
  const T* src = source.data<T>().data();
  T* y = out.data<T>().data();
  const WindowWalker walker(g);
  walker.Walk(0, walker.rows(), [&](int64_t src_index, std::span<const int64_t> offsets) {
    if (offsets.empty()) return;
    int64_t pick = offsets[0];
    for (size_t k = 1; k < offsets.size(); ++k) {
      if (!CompareNative(dir, Widen(x[pick]), Widen(x[offsets[k]]))) pick = offsets[k];
    }
    y[pick] = Narrow<T>(op(Widen(y[pick]), Widen(src[src_index])));
  });
}

// Runs select-and-scatter natively when both computations are recognised; false otherwise.
bool TrySelectAndScatterNative(const Instruction& inst, const WindowGeometry& g,
                               const Literal& operand, const Literal& source, Literal& out) {
  const std::optional<ComparisonDirection> dir =
      MatchNativeSelect(*inst.called()[0], operand.type());
  const NativeReduceOp scatter = MatchNativeReducer(*inst.called()[1], operand.type());
  if (!dir || scatter == NativeReduceOp::kNone || operand.type() == PrimitiveType::kPred) {
    return false;
  }
  VisitArrayType(operand.type(), [&](auto tag) {
    using T = decltype(tag);
    WithNativeOp<ComputeT<T>>(
        scatter, [&](auto op) { SelectAndScatterNative<T>(g, *dir, operand, source, out, op); });
  });
  return true;
}

}  // namespace

Expected<Literal> EvalReduceWindow(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.empty() || ops.size() % 2 != 0 || inst.called().empty()) {
    return InvalidArgument("reduce-window takes N inputs, N init values and a reducer");
  }
  const size_t n = ops.size() / 2;
  if (n > 1 && (!inst.shape().IsTuple() || inst.shape().tuple_shapes().size() != n)) {
    return InvalidArgument("a reduce-window of {} inputs returns a tuple of {}", n, n);
  }
  Operands inputs = ops.subspan(0, n), inits = ops.subspan(n, n);
  const Shape& out0 = n == 1 ? inst.shape() : inst.shape().tuple_shape(0);
  ASSIGN_OR_RETURN(WindowGeometry g,
                   MakeGeometry(inputs[0]->shape(), inst.attrs().window, out0.dims()));
  std::vector<Literal> outs;
  for (size_t j = 0; j < n; ++j) {
    const Shape& want = n == 1 ? inst.shape() : inst.shape().tuple_shape(j);
    if (inputs[j]->shape().dims() != g.in_dims || inits[j]->shape().rank() != 0 ||
        want.dims() != g.out_dims || want.type() != inits[j]->type()) {
      return InvalidArgument("reduce-window operand {} / init {} do not match the result {}",
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
    VisitArrayType(inputs[0]->type(), [&](auto tag) {
      using T = decltype(tag);
      WithNativeOp<ComputeT<T>>(
          native, [&](auto op) { ReduceWindowNative<T>(g, *inputs[0], *inits[0], outs[0], op); });
    });
  } else {
    RETURN_IF_ERROR(ReduceWindowGeneral(g, reducer, inputs, inits, outs, ctx));
  }
  if (n == 1) return std::move(outs[0]);
  return Literal::Tuple(std::move(outs));
}

// For each source element: pick one element of its operand window with `select` (the current
// pick is replaced by a candidate when select(pick, candidate) is false, so ties keep the first
// in row-major window order) and combine the source value into the output there with `scatter`.
Expected<Literal> EvalSelectAndScatter(const Instruction& inst, Operands ops, EvalContext& ctx) {
  if (ops.size() != 3 || inst.called().size() != 2) {
    return InvalidArgument("select-and-scatter takes operand, source, init, select and scatter");
  }
  const Literal& operand = *ops[0];
  const Literal& source = *ops[1];
  const Literal& init = *ops[2];
  const PrimitiveType t = operand.type();
  if (source.type() != t || init.type() != t || init.shape().rank() != 0 ||
      !inst.shape().Compatible(Shape(t, operand.shape().dims()))) {
    return InvalidArgument("select-and-scatter operand, source, init and result types differ");
  }
  ASSIGN_OR_RETURN(WindowGeometry g,
                   MakeGeometry(operand.shape(), inst.attrs().window, source.shape().dims()));
  {
    Literal out(inst.shape());
    FillWithScalar(out, init);
    if (TrySelectAndScatterNative(inst, g, operand, source, out)) return out;
  }
  ASSIGN_OR_RETURN(ScalarCaller select,
                   ScalarCaller::Create(ctx, *inst.called()[0], {t, t}, {PrimitiveType::kPred}));
  ASSIGN_OR_RETURN(ScalarCaller scatter, ScalarCaller::Create(ctx, *inst.called()[1], {t, t}, {t}));
  Literal out(inst.shape());
  FillWithScalar(out, init);
  const int64_t w = ByteWidth(t);
  Status status = Status::Ok();
  const WindowWalker walker(g);
  walker.Walk(0, walker.rows(), [&](int64_t src_index, std::span<const int64_t> offsets) {
    if (!status.ok()) return;
    if (offsets.empty()) return;
    int64_t pick = offsets[0];
    for (size_t k = 1; k < offsets.size(); ++k) {
      select.SetArg(0, operand.raw() + pick * w);
      select.SetArg(1, operand.raw() + offsets[k] * w);
      status = select.Call();
      if (!status.ok()) return;
      if (!*reinterpret_cast<const bool*>(select.result(0))) pick = offsets[k];
    }
    scatter.SetArg(0, out.raw() + pick * w);
    scatter.SetArg(1, source.raw() + src_index * w);
    status = scatter.Call();
    if (status.ok()) std::memcpy(out.raw() + pick * w, scatter.result(0), w);
  });
  RETURN_IF_ERROR(status);
  return out;
}

}  // namespace xpar
