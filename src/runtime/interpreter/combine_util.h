// Element combining for kernels that apply a reducer computation element by element (scatter,
// all-reduce, reduce-scatter): native fast paths for add/max/min/mul/and/or/assign, and a
// general path that calls the computation on scalar literals.
#pragma once

#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "ir/module.h"
#include "runtime/interpreter/kernels.h"

namespace xpar {

enum class FastCombine { kNone, kAdd, kMax, kMin, kMul, kAnd, kOr, kAssign };

// What a two-parameter reducer computes when it is one of the common forms
// (`add(p0, p1)`, `maximum(p1, p0)`, `ROOT p1`, ...); kNone otherwise.
FastCombine ClassifyReducer(const Computation& reducer);

// Applies `reducer` to N accumulator arrays and N value arrays (N = accs.size()) one element
// at a time: accs[i][ai] = reducer(accs..[ai], xs..[xi])[i]. The reducer takes 2N scalars.
class ElementCombiner {
 public:
  ElementCombiner(const Computation& reducer, EvalContext& ctx,
                  std::span<const PrimitiveType> types);
  Status Combine(std::span<Literal* const> accs, int64_t ai, std::span<const Literal* const> xs,
                 int64_t xi);
  // acc = reducer(acc, x) for every element of two same-shaped arrays (N = 1).
  Status CombineArrays(Literal& acc, const Literal& x);

 private:
  const Computation& reducer_;
  EvalContext& ctx_;
  FastCombine fast_ = FastCombine::kNone;
  std::vector<Literal> scalars_;  // 2N scalar arguments for the general path
};

// Copies element `si` of `src` to element `di` of `dst` (same element type).
inline void CopyElement(const Literal& src, int64_t si, Literal& dst, int64_t di) {
  int64_t w = ByteWidth(src.type());
  std::memcpy(dst.raw() + di * w, src.raw() + si * w, static_cast<size_t>(w));
}

// The array operands of a tuple-or-array value: the elements of a tuple, or the value itself.
std::vector<const Literal*> Leaves(const Literal& value);

}  // namespace xpar
