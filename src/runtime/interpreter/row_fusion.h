// Reduction + broadcast fusion for the evaluator ("row fusion", XLA CPU's input fusion): a
// reduce over the trailing dimensions, the elementwise ops around it and the broadcasts that
// bring its result back to the rows run one row at a time, each row's intermediates in cache,
// rows split over the device's kernel threads. Softmax and layer norm become one pass over the
// input per row instead of one pass (and one buffer) per op:
//   mx = reduce(x, -inf) max over dim 1; e = exp(x - broadcast(mx)); s = reduce(e, 0) add;
//   ROOT d = e / broadcast(s)   ->  per row r: mx, e[r,:], s, d[r,:] in L1.
// Numerics: elementwise ops are bit-identical to the unfused kernels except f32 exp (libmvec's
// vector expf, within a few ulp); max/min reduces give the same values; add and multiply
// reduces fold each row in 32 interleaved lanes (the unfused kernel folds in one sequential
// chain), so sums agree to rounding. Results do not depend on the thread count.
// Selects join too, and a one-hot mask (compare(iota over the columns, broadcast(labels)), as
// cross-entropy losses write it) is never built: the select computes it per row from the label.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar {

class RowFusion {
 public:
  // Groups the fusible instructions of `c` (none when loop fusion is off: fusion.h).
  explicit RowFusion(const Computation& c);

  // Any member of a group, its root included (element-wise fusion leaves these alone).
  bool Claimed(int64_t index) const { return !root_of_.empty() && root_of_[index] >= 0; }
  // An interior member: its value is only computed inside its group's root.
  bool Skipped(int64_t index) const { return Claimed(index) && root_of_[index] != index; }
  bool IsRoot(int64_t index) const { return Claimed(index) && root_of_[index] == index; }
  const std::vector<int64_t>& claimed() const { return root_of_; }
  // Values read by a group stay alive until the group's root has run.
  void ExtendLastUses(std::vector<int64_t>& last) const;
  // The root's value; `bound[i]` is the value of instruction i (external operands are bound).
  Expected<Literal> Run(int64_t root, const std::vector<const Literal*>& bound) const;

  // How a member computes its per-row value.
  enum class Kind {
    kRowOp,            // elementwise over a whole row (the reduced shape)
    kScalarOp,         // elementwise over one value per row (the kept shape)
    kReduce,           // a row folded to one value
    kRowBroadcast,     // a per-row value spread over the row
    kColumnBroadcast,  // an external vector of the row's shape, the same for every row
    kScalarBroadcast,  // an external scalar, to a row or to one value per row
    kScalarReshape,    // one value per row relabelled ([rows] <-> [rows, 1]): no work
    kSelect,           // a select over whole rows; its predicate is a kColumnCompare member
                       // or an external pred array
    // Read only by the select that reads them; they do no work of their own:
    kColumnCompare,  // compare(column index, one integer per row), either order (s32, s64)
    kColumnIota,     // an iota over a reduced dimension: the column index
    kRowInteger,     // an external integer vector (one per row) broadcast over the rows
  };
  struct Group {
    int64_t rows = 0, cols = 0;    // kept elements x reduced elements per row
    std::vector<int64_t> members;  // program order; the last one is the root
    std::vector<Kind> kinds;       // per member
  };

 private:
  const Computation& c_;
  std::vector<int64_t> root_of_;  // group root per instruction, -1 if none
  std::vector<Group> groups_;
  std::vector<int64_t> group_of_root_;  // index into groups_ per root instruction, -1 otherwise
};

}  // namespace xpar
