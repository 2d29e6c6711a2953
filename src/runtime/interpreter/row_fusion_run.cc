// Row fusion, execution (see row_fusion.h): each thread takes a range of rows and, per row, runs
// the group's members in program order on row-sized scratch buffers (or one value per row),
// writing only the root's row to the result. f32 exponentials run through libmvec's vector expf
// (vector_math.h: within a few ulp of the unfused std::exp).
#include <algorithm>
#include <array>
#include <atomic>
#include <climits>

#include "runtime/interpreter/elementwise_internal.h"
#include "runtime/interpreter/elementwise_types.h"
#include "runtime/interpreter/reduce_util.h"
#include "runtime/interpreter/row_fusion.h"
#include "runtime/interpreter/thread_pool.h"
#include "runtime/interpreter/vector_math.h"

namespace xpar {
namespace {

using Kind = RowFusion::Kind;

constexpr int kLanes = kFoldLanes;

// init op x[0] op ... op x[n-1]; rows of 64 or more fold in kLanes interleaved lanes combined
// pairwise (SumLanesF32's order; sums differ from one sequential chain by rounding only,
// max/min give the same values).
template <typename T, typename Op>
T FoldRow(const T* x, int64_t n, T init, NativeReduceOp kind, Op op) {
  using A = ComputeT<T>;
  A acc = Widen(init);
  if (n < 2 * kLanes) {
    for (int64_t j = 0; j < n; ++j) acc = op(acc, Widen(x[j]));
    return Narrow<T>(acc);
  }
  if constexpr (std::is_same_v<T, float>) {
    if (kind == NativeReduceOp::kAdd) return op(acc, SumLanesF32(x, n));
    if (kind == NativeReduceOp::kMaximum) return op(acc, MaxLanesF32(x, n));
    if (kind == NativeReduceOp::kMinimum) return op(acc, MinLanesF32(x, n));
  }
  A lane[kLanes];
  for (int l = 0; l < kLanes; ++l) lane[l] = Widen(x[l]);
  int64_t j = kLanes;
  for (; j + kLanes <= n; j += kLanes) {
    for (int l = 0; l < kLanes; ++l) lane[l] = op(lane[l], Widen(x[j + l]));
  }
  for (int l = 0; j < n; ++j, ++l) lane[l] = op(lane[l], Widen(x[j]));
  for (int w = kLanes / 2; w > 0; w /= 2) {
    for (int l = 0; l < w; ++l) lane[l] = op(lane[l], lane[l + w]);
  }
  return Narrow<T>(op(acc, lane[0]));
}

// Where `iota OP label` (iota_left) or `label OP iota` holds for an iota over [0, size):
// the column indices [lo, hi), or all but those when inverted (NE).
struct ColumnRange {
  int64_t lo = 0, hi = 0;
  bool inverted = false;
};

ColumnRange MaskRange(ComparisonDirection dir, bool iota_left, int64_t label, int64_t size) {
  if (!iota_left) {  // label OP v  ==  v OP' label
    switch (dir) {
      case ComparisonDirection::kLt: dir = ComparisonDirection::kGt; break;
      case ComparisonDirection::kLe: dir = ComparisonDirection::kGe; break;
      case ComparisonDirection::kGt: dir = ComparisonDirection::kLt; break;
      case ComparisonDirection::kGe: dir = ComparisonDirection::kLe; break;
      case ComparisonDirection::kEq:
      case ComparisonDirection::kNe: break;
    }
  }
  const int64_t l = std::clamp<int64_t>(label, -1, size);  // no overflow in l + 1
  ColumnRange m;
  switch (dir) {
    case ComparisonDirection::kEq: m = {l, l + 1, false}; break;
    case ComparisonDirection::kNe: m = {l, l + 1, true}; break;
    case ComparisonDirection::kLt: m = {0, l, false}; break;
    case ComparisonDirection::kLe: m = {0, l + 1, false}; break;
    case ComparisonDirection::kGt: m = {l + 1, size, false}; break;
    case ComparisonDirection::kGe: m = {l, size, false}; break;
  }
  m.lo = std::clamp<int64_t>(m.lo, 0, size);
  m.hi = std::clamp<int64_t>(m.hi, m.lo, size);
  return m;
}

// One group's rows on element type T.
template <typename T>
class RowRunner {
 public:
  RowRunner(const Computation& c, const RowFusion::Group& g,
            const std::vector<const Literal*>& bound, Literal& out)
      : c_(c), g_(g), bound_(bound), out_(out.data<T>().data()) {
    const auto& insts = c.instructions();
    const int64_t m = static_cast<int64_t>(g.members.size());
    ref_.assign(m, {kNone, kNone, kNone});
    buf_.assign(m, -1);
    reducer_.assign(m, NativeReduceOp::kNone);
    for (int64_t p = 0; p < m; ++p) {
      const Instruction& inst = *insts[g.members[p]];
      for (int64_t s = 0; s < inst.operand_count() && s < 3; ++s) {
        const int64_t o = inst.operand(s)->index();
        auto it = std::lower_bound(g.members.begin(), g.members.end(), o);
        ref_[p][s] = it != g.members.end() && *it == o ? it - g.members.begin() : -o - 1;
      }
      if (g.kinds[p] == Kind::kReduce) {
        reducer_[p] = MatchNativeReducer(*inst.called()[0], inst.shape().type());
      }
    }
    MarkLazyBroadcasts();
    AssignRowBuffers();
  }

  // Rows [lo, hi); false when an op does not apply to T (the caller reports it).
  bool Rows(int64_t lo, int64_t hi) {
    const int64_t m = static_cast<int64_t>(g_.members.size()), cols = g_.cols;
    rows_.assign(static_cast<size_t>(std::max<int64_t>(buffers_, 1) * cols), T());
    scalars_.assign(static_cast<size_t>(m), T());
    for (int64_t p = 0; p < m; ++p) {  // scalars broadcast over a row: the same every row
      if (g_.kinds[p] == Kind::kScalarBroadcast && buf_[p] >= 0) {
        std::fill_n(rows_.data() + buf_[p] * cols, cols, External(ref_[p][0])[0]);
      }
    }
    for (int64_t r = lo; r < hi; ++r) {
      for (int64_t p = 0; p < m; ++p) {
        if (!Member(p, r)) return false;
      }
    }
    return true;
  }

 private:
  static constexpr int64_t kNone = INT64_MIN;

  // A row-shaped value (rows have kMinCols > 1 columns, so kept shapes are smaller).
  bool IsFull(const Instruction& inst) const {
    return inst.shape().ElementCount() == g_.rows * g_.cols && g_.cols > 1;
  }
  const T* External(int64_t ref) const { return bound_[-ref - 1]->template data<T>().data(); }
  bool Last(int64_t p) const { return p + 1 == static_cast<int64_t>(g_.members.size()); }

  // Member p's row at row r (its destination when p computes one).
  T* Row(int64_t p, int64_t r) {
    if (Last(p)) return out_ + r * g_.cols;
    if (g_.kinds[p] == Kind::kColumnBroadcast) return const_cast<T*>(External(ref_[p][0]));
    return rows_.data() + buf_[p] * g_.cols;
  }
  T* Scalar(int64_t p, int64_t r) {
    if (Last(p)) return out_ + r;
    if (g_.kinds[p] == Kind::kScalarBroadcast) return const_cast<T*>(External(ref_[p][0]));
    if (g_.kinds[p] == Kind::kScalarReshape) return const_cast<T*>(InScalar(ref_[p][0], r));
    return scalars_.data() + p;
  }
  // Operand `ref` as a row (full operands) or as row r's value (kept-shape operands).
  const T* InRow(int64_t ref, int64_t r) {
    return ref >= 0 ? Row(ref, r) : External(ref) + r * g_.cols;
  }
  const T* InScalar(int64_t ref, int64_t r) {
    return ref >= 0 ? Scalar(ref, r) : External(ref) + r;
  }

  // A row operand for RowArithF32: lazy row broadcasts give their one value (step 0).
  const T* Operand(int64_t ref, int64_t r) {
    return ref >= 0 && lazy_[ref] ? InScalar(ref_[ref][0], r) : InRow(ref, r);
  }
  int64_t Step(int64_t ref) const { return ref >= 0 && lazy_[ref] ? 0 : 1; }

  // A row buffer per row-valued member but the root and the lazy broadcasts; a buffer whose
  // member's last reader has run is reused (rows of a long vocabulary stay in L2). Full scalar
  // broadcasts are filled once per Rows call and keep theirs.
  void AssignRowBuffers() {
    const int64_t m = static_cast<int64_t>(g_.members.size());
    std::vector<int64_t> last(m, -1), free;
    std::vector<char> released(m, 0);  // an operand named by two slots is freed once
    for (int64_t p = 0; p < m; ++p) {
      for (int64_t o : ref_[p]) {
        if (o >= 0) last[o] = p;
      }
    }
    const auto& insts = c_.instructions();
    for (int64_t p = 0; p + 1 < m; ++p) {  // filled before the rows: buffers of their own
      if (g_.kinds[p] == Kind::kScalarBroadcast && IsFull(*insts[g_.members[p]])) {
        buf_[p] = buffers_++;
      }
    }
    for (int64_t p = 0; p < m; ++p) {
      const Kind k = g_.kinds[p];
      const bool row_valued =
          k == Kind::kRowOp || k == Kind::kSelect || (k == Kind::kRowBroadcast && !lazy_[p]);
      if (row_valued && !Last(p)) {
        if (free.empty()) {
          buf_[p] = buffers_++;
        } else {
          buf_[p] = free.back();
          free.pop_back();
        }
      }
      for (int64_t o : ref_[p]) {
        if (o >= 0 && last[o] == p && buf_[o] >= 0 && !released[o] &&
            g_.kinds[o] != Kind::kScalarBroadcast) {
          free.push_back(buf_[o]);
          released[o] = 1;
        }
      }
    }
  }

  // f32 row broadcasts read only by add/subtract/multiply/divide rows are never spread out:
  // RowArithF32 reads their value directly.
  void MarkLazyBroadcasts() {
    const auto& insts = c_.instructions();
    const int64_t m = static_cast<int64_t>(g_.members.size());
    lazy_.assign(m, false);
    if (!std::is_same_v<T, float>) return;
    for (int64_t p = 0; p + 1 < m; ++p) lazy_[p] = g_.kinds[p] == Kind::kRowBroadcast;
    for (int64_t p = 0; p < m; ++p) {
      const Instruction& inst = *insts[g_.members[p]];
      const Opcode op = inst.opcode();
      const bool arith = g_.kinds[p] == Kind::kRowOp && inst.operand_count() == 2 &&
                         (op == Opcode::kAdd || op == Opcode::kSubtract ||
                          op == Opcode::kMultiply || op == Opcode::kDivide);
      for (int64_t s = 0; s < 3; ++s) {
        if (ref_[p][s] >= 0 && !arith) lazy_[ref_[p][s]] = false;
      }
    }
  }

  bool Member(int64_t p, int64_t r) {
    const Instruction& inst = *c_.instructions()[g_.members[p]];
    const int64_t cols = g_.cols;
    const auto& ref = ref_[p];
    switch (g_.kinds[p]) {
      case Kind::kRowOp:
        if constexpr (std::is_same_v<T, float>) {
          if (inst.opcode() == Opcode::kExp && VectorExpF32(InRow(ref[0], r), Row(p, r), cols)) {
            return true;
          }
          if (ref[1] != kNone && RowArithF32(inst.opcode(), Operand(ref[0], r), Step(ref[0]),
                                             Operand(ref[1], r), Step(ref[1]), Row(p, r), cols)) {
            return true;
          }
        }
        return FloatElementwiseBlock(inst.opcode(), inst.shape().type(), InRow(ref[0], r),
                                     ref[1] == kNone ? nullptr : InRow(ref[1], r), Row(p, r), cols);
      case Kind::kScalarOp:
        return FloatElementwiseBlock(inst.opcode(), inst.shape().type(), InScalar(ref[0], r),
                                     ref[1] == kNone ? nullptr : InScalar(ref[1], r), Scalar(p, r),
                                     1);
      case Kind::kReduce: {
        const T* x = InRow(ref[0], r);
        const T init = External(ref[1])[0];
        WithNativeOp<ComputeT<T>>(reducer_[p], [&](auto op) {
          *Scalar(p, r) = FoldRow<T>(x, cols, init, reducer_[p], op);
        });
        return true;
      }
      case Kind::kRowBroadcast:
        if (!lazy_[p]) std::fill_n(Row(p, r), cols, *InScalar(ref[0], r));
        return true;
      case Kind::kColumnBroadcast:
        if (Last(p)) std::copy_n(External(ref[0]), cols, Row(p, r));
        return true;
      case Kind::kScalarReshape:
        if (Last(p)) *Scalar(p, r) = *InScalar(ref[0], r);
        return true;
      case Kind::kScalarBroadcast:
        if (Last(p)) {
          if (IsFull(inst))
            std::fill_n(Row(p, r), cols, External(ref[0])[0]);
          else
            *Scalar(p, r) = External(ref[0])[0];
        }
        return true;
      case Kind::kSelect:
        SelectRow(p, r);
        return true;
      case Kind::kColumnCompare:
      case Kind::kColumnIota:
      case Kind::kRowInteger:
        return true;  // computed by the select that reads them
    }
    return false;
  }

  // Row r of select member p: o = pred ? a : b, with the predicate an external pred array or a
  // column-index compare computed from row r's integer (a range of the column index, or all
  // but such a range for NE).
  void SelectRow(int64_t p, int64_t r) {
    const auto& ref = ref_[p];
    const T* a = InRow(ref[1], r);
    const T* b = InRow(ref[2], r);
    T* o = Row(p, r);
    const int64_t cols = g_.cols;
    if (ref[0] < 0) {
      const bool* pred = bound_[-ref[0] - 1]->template data<bool>().data() + r * cols;
      for (int64_t j = 0; j < cols; ++j) o[j] = pred[j] ? a[j] : b[j];
      return;
    }
    const int64_t q = ref[0];  // the compare member
    const Instruction& cmp = *c_.instructions()[g_.members[q]];
    const bool iota_left = cmp.operand(0)->opcode() == Opcode::kIota;
    const Instruction& iota = *cmp.operand(iota_left ? 0 : 1);
    const int64_t label_ref = ref_[q][iota_left ? 1 : 0];
    // A member broadcast reads its external vector at r; an external one is row r's value.
    const int64_t label = label_ref >= 0 ? bound_[-ref_[label_ref][0] - 1]->GetAsInt64(r)
                                         : bound_[-label_ref - 1]->GetAsInt64(r * cols);
    const int64_t d = iota.attrs().iota_dimension, size = iota.shape().dim(d);
    int64_t stride = 1;
    for (int64_t k = d + 1; k < iota.shape().rank(); ++k) stride *= iota.shape().dim(k);
    const ColumnRange m = MaskRange(cmp.attrs().comparison_direction, iota_left, label, size);
    const T* inside = m.inverted ? b : a;  // where the column index is in [lo, hi)
    const T* outside = m.inverted ? a : b;
    if (stride == 1 && size == cols) {
      std::copy_n(outside, cols, o);
      std::copy(inside + m.lo, inside + m.hi, o + m.lo);
      return;
    }
    for (int64_t j = 0; j < cols; ++j) {
      const int64_t v = (j / stride) % size;
      o[j] = v >= m.lo && v < m.hi ? inside[j] : outside[j];
    }
  }

  const Computation& c_;
  const RowFusion::Group& g_;
  const std::vector<const Literal*>& bound_;
  T* out_;
  std::vector<std::array<int64_t, 3>> ref_;  // per member and operand: member position, or
                                             // -(instruction index) - 1 for a bound value
  std::vector<int64_t> buf_;                 // row buffer per member, -1 if none
  std::vector<NativeReduceOp> reducer_;
  std::vector<bool> lazy_;  // per member: a row broadcast never spread out
  int64_t buffers_ = 0;
  std::vector<T> rows_, scalars_;
};

}  // namespace

Expected<Literal> RowFusion::Run(int64_t root, const std::vector<const Literal*>& bound) const {
  const Group& g = groups_[group_of_root_[root]];
  const Shape& shape = c_.instructions()[root]->shape();
  Literal out = Literal::Uninitialized(shape);
  std::atomic<bool> ok = true;
  VisitArrayType(shape.type(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (kIsFloatLike<T>) {
      ParallelFor(g.rows, std::max<int64_t>(1, kElementwiseChunk / g.cols),
                  [&](int64_t lo, int64_t hi) {
                    RowRunner<T> runner(c_, g, bound, out);
                    if (!runner.Rows(lo, hi)) ok = false;
                  });
    } else {
      ok = false;
    }
  });
  if (!ok) {
    return Internal("fused {} does not apply to its element type", c_.instructions()[root]->name());
  }
  return out;
}

}  // namespace xpar
