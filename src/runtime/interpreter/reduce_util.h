// Reducer helpers shared by reduce, reduce-window, select-and-scatter and map: recognising
// reducers that are one native binary op, and calling an arbitrary scalar computation cheaply.
#pragma once

#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "ir/module.h"
#include "runtime/interpreter/elementwise_types.h"
#include "runtime/interpreter/kernels.h"

namespace xpar {

enum class NativeReduceOp { kNone, kAdd, kMultiply, kMaximum, kMinimum, kAnd, kOr };

// The op when `reducer` is `ROOT r = op(p0, p1)` over its two scalar parameters of element type
// `type` (either operand order; all these ops commute), else kNone.
NativeReduceOp MatchNativeReducer(const Computation& reducer, PrimitiveType type);

// NaN-propagating maximum/minimum, as XLA's maximum/minimum ops (a NaN a, else a NaN b, else
// the larger/smaller, a on ties). Written as selects, without branches, so loops vectorise.
template <typename C>
inline C MaxPropagateNan(C a, C b) {
  if constexpr (std::is_floating_point_v<C>) {
    return a != a ? a : b != b ? b : a > b ? a : b;
  } else {
    return a > b ? a : b;
  }
}
template <typename C>
inline C MinPropagateNan(C a, C b) {
  if constexpr (std::is_floating_point_v<C>) {
    return a != a ? a : b != b ? b : a < b ? a : b;
  } else {
    return a < b ? a : b;
  }
}

// Calls fn(op_lambda) with the native binary function for `op` on compute type A (wrapping
// integer add/multiply, NaN-propagating max/min). The switch runs once, outside hot loops.
template <typename A, typename Fn>
void WithNativeOp(NativeReduceOp op, Fn&& fn) {
  switch (op) {
    case NativeReduceOp::kAdd:
      fn([](A a, A b) -> A {
        if constexpr (kIsInt<A>) {
          return static_cast<A>(WideU<A>(a) + WideU<A>(b));
        } else {
          return static_cast<A>(a + b);
        }
      });
      return;
    case NativeReduceOp::kMultiply:
      fn([](A a, A b) -> A {
        if constexpr (kIsInt<A>) {
          return static_cast<A>(WideU<A>(a) * WideU<A>(b));
        } else {
          return static_cast<A>(a * b);
        }
      });
      return;
    case NativeReduceOp::kMaximum: fn([](A a, A b) -> A { return MaxPropagateNan(a, b); }); return;
    case NativeReduceOp::kMinimum: fn([](A a, A b) -> A { return MinPropagateNan(a, b); }); return;
    case NativeReduceOp::kAnd:
      fn([](A a, A b) -> A {
        if constexpr (std::is_floating_point_v<A>) {
          return a;  // never matched for floats (MatchNativeReducer)
        } else {
          return static_cast<A>(a & b);
        }
      });
      return;
    case NativeReduceOp::kOr:
      fn([](A a, A b) -> A {
        if constexpr (std::is_floating_point_v<A>) {
          return a;  // never matched for floats (MatchNativeReducer)
        } else {
          return static_cast<A>(a | b);
        }
      });
      return;
    case NativeReduceOp::kNone: return;
  }
}

// Calls a computation on scalar arguments, reusing the argument literals between calls.
class ScalarCaller {
 public:
  // Checks that `c` takes scalars of `arg_types` (in order) and returns `result_types` (a scalar
  // for one, a tuple of scalars for several).
  static Expected<ScalarCaller> Create(EvalContext& ctx, const Computation& c,
                                       const std::vector<PrimitiveType>& arg_types,
                                       const std::vector<PrimitiveType>& result_types);
  // A caller for a variadic reducer: (accumulators of the inits' types..., inputs' types...)
  // -> the inits' types.
  static Expected<ScalarCaller> ForReducer(EvalContext& ctx, const Computation& reducer,
                                           std::span<const Literal* const> inputs,
                                           std::span<const Literal* const> inits);
  // Sets argument i from the element at `bytes` (ByteWidth(arg_types[i]) bytes).
  void SetArg(size_t i, const void* bytes);
  // Calls the computation; result(j) then points at result j's bytes until the next call.
  Status Call();
  const uint8_t* result(size_t j) const {
    return result_types_.size() == 1 ? result_.raw() : result_.elements()[j].raw();
  }
  // The variadic reduction step of reduce and reduce-window: accumulators accs[j] element
  // `acc_index` := reducer(accs..., inputs[j] element `input_index`...).
  Status Accumulate(std::vector<Literal>& accs, int64_t acc_index,
                    std::span<const Literal* const> inputs, int64_t input_index);

 private:
  ScalarCaller(EvalContext& ctx, const Computation& c) : ctx_(&ctx), c_(&c) {}
  EvalContext* ctx_;
  const Computation* c_;
  std::vector<Literal> args_;
  std::vector<PrimitiveType> result_types_;
  Literal result_;
};

}  // namespace xpar
