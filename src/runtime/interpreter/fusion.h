// Elementwise loop fusion for the evaluator: chains of float unary/binary ops, converts
// between float types (f32, bf16, f16, f64), broadcasts, and the index ops of a one-hot mask
// (iota, compare, select; also on s32/s64/u32/u64), of one shape, whose intermediate values have
// a single use run as one pass over memory, block by block, instead of one pass (and one buffer)
// per op. Results are bit-identical to the unfused path: each op runs the same loop on each
// block and rounds to its element type after every op.
//   e = exponential(multiply(a, b)); s = add(e, c)   ->  one loop: s[i] = exp(a[i]*b[i]) + c[i]
//   m = compare(iota, broadcast(labels)); r = select(m, x, broadcast(0))  ->  one loop
// A broadcast of a one-element value with several users is copied into each user's group.
#pragma once

#include <cstdint>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar {

// Whether the evaluator fuses loops (this and row_fusion.h; on by default). Off runs every op
// on its own: for differential tests and before/after benchmarks. Process-wide.
void SetLoopFusion(bool enabled);
bool LoopFusionEnabled();

// For fusions that compute interior members inside their group's root (root_of[i]: the root of
// instruction i's group, -1 if none): the values such members read stay alive until the root
// has run, so `last` (last use per instruction) is raised to the root for them.
void ExtendLastUsesToGroupRoots(const Computation& c, const std::vector<int64_t>& root_of,
                                std::vector<int64_t>& last);

class ElementwiseFusion {
 public:
  // Groups the fusible instructions of `c` (empty when there is nothing to fuse, or when loop
  // fusion is off); instructions with claimed[i] >= 0 (row fusion's groups) stay out.
  explicit ElementwiseFusion(const Computation& c, const std::vector<int64_t>& claimed = {});

  // An interior member: its value is only computed inside its group's root. Also a broadcast
  // of a one-element value all of whose users fuse: each of their groups computes a copy.
  bool Skipped(int64_t index) const {
    return !root_of_.empty() &&
           ((root_of_[index] >= 0 && root_of_[index] != index) || copied_[index]);
  }
  bool IsRoot(int64_t index) const { return !root_of_.empty() && root_of_[index] == index; }
  // Values read by a group stay alive until the group's root has run.
  void ExtendLastUses(std::vector<int64_t>& last) const;
  // The root's value; `bound[i]` is the value of instruction i (external operands are bound).
  Expected<Literal> Run(int64_t root, const std::vector<const Literal*>& bound) const;

 private:
  const Computation& c_;
  std::vector<int64_t> root_of_;               // group root per instruction, -1 if none
  std::vector<std::vector<int64_t>> members_;  // per instruction that is a root: in order
  std::vector<bool> copied_;  // a shared one-element broadcast computed only in its users' groups
};

}  // namespace xpar
