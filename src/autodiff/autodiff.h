// Reverse-mode automatic differentiation on the IR: from a forward program whose result holds a
// scalar loss, builds the program that also returns the loss's gradient with respect to chosen
// parameters. Each backward instruction carries the frontend attribute
// `xpar.derived_from="<forward instruction name>"` so that the pipeline pass can place it on the
// stage of the forward op it comes from.
//
//   ENTRY f(x, w) { d = dot(x, w); ROOT l = reduce(d) }
//   -> ENTRY f(x, w) { ...; ROOT t = tuple(l, dot(transpose(x), broadcast(1))) }
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar::autodiff {

inline constexpr const char* kDerivedFromAttr = "xpar.derived_from";

struct GradientRequest {
  // Parameter numbers of the entry computation to differentiate with respect to. Empty: every
  // floating-point parameter.
  std::vector<int64_t> wrt;
  // Where the scalar loss is in the entry's result: its tuple index, or -1 when the result is
  // the loss itself.
  int64_t loss_index = -1;
};

// A module whose entry takes the forward's parameters (same numbers, shapes, names) and returns
// the tuple (loss, d loss / d wrt[0], ..., d loss / d wrt[n-1]); every gradient has its
// parameter's shape and element type.
Expected<std::unique_ptr<Module>> Differentiate(const Module& forward,
                                                const GradientRequest& request);

}  // namespace xpar::autodiff
