// XLA CPU's floating-point contraction, for runs that reproduce XLA CPU's reference values
// (DeviceContext::xla_cpu_numerics): XLA compiles its CPU kernels with LLVM's FP contraction
// always on (`AllowFPOpFusion = llvm::FPOpFusion::Fast`), so a float multiply whose only reader
// is an add or subtract becomes one fused multiply-add, rounded once.
//   m = multiply(x, x); s = subtract(one, m)   ->  s[i] = fma(-x[i], x[i], one[i])
#pragma once

#include <cstdint>
#include <vector>

#include "ir/literal.h"
#include "ir/module.h"
#include "support/status.h"

namespace xpar {

class FmaContraction {
 public:
  // Pairs each f32/f64 multiply of `c` that has one reader, an add or subtract of its type and
  // dims, with that reader, as LLVM's DAG combiner does: an add takes its first operand's
  // multiply if it qualifies, else its second; a subtract likewise. Empty when `enabled` is
  // false. Instructions with claimed[i] >= 0 (another fusion's groups) stay out.
  FmaContraction(const Computation& c, bool enabled, const std::vector<int64_t>& claimed = {});

  bool active() const { return !mul_of_.empty(); }
  // A contracted multiply: computed inside its reader.
  bool Skipped(int64_t index) const { return !mul_of_.empty() && reader_of_[index] >= 0; }
  // An add or subtract that computes its multiply's product unrounded.
  bool IsRoot(int64_t index) const { return !mul_of_.empty() && mul_of_[index] >= 0; }
  // Per instruction: its group's root (the reader) for both members, -1 otherwise; for
  // ExtendLastUsesToGroupRoots and the other fusions' `claimed`.
  std::vector<int64_t> Claimed() const;
  // The multiply's operands stay alive until the reader has run.
  void ExtendLastUses(std::vector<int64_t>& last) const;
  // The reader's value; `bound[i]` is the value of instruction i.
  Expected<Literal> Run(int64_t root, const std::vector<const Literal*>& bound) const;

 private:
  const Computation& c_;
  std::vector<int64_t> mul_of_;     // per add/subtract: the multiply it contracts, -1 if none
  std::vector<int64_t> reader_of_;  // per multiply: the add/subtract that contracts it, -1
};

}  // namespace xpar
