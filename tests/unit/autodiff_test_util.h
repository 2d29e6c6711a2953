// Helpers for the autodiff tests: f64 programs with a scalar loss, differentiated by
// autodiff::Differentiate and checked against central finite differences run by the
// interpreter.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "autodiff/autodiff.h"
#include "frontends/hlo/hlo_parser.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {
namespace {

// Uniform values in [lo, hi) from `seed`.
inline Literal RandomF64(std::vector<int64_t> dims, uint64_t seed, double lo = -1.0,
                         double hi = 1.0) {
  Literal l(Shape(PrimitiveType::kF64, std::move(dims)));
  std::mt19937_64 gen(seed);
  std::uniform_real_distribution<double> dist(lo, hi);
  for (int64_t i = 0; i < l.ElementCount(); ++i) l.SetFromDouble(i, dist(gen));
  return l;
}

// A module whose entry runs `body` (HLO lines that define `out`, of shape `out_shape`, e.g.
// "f64[2,3]") and returns the loss sum(out * out), so that every output element gets a
// different adjoint. `extra` holds computations the body calls.
inline std::string LossModule(const std::string& body, const std::string& out_shape,
                              const std::string& extra = "") {
  int64_t rank = 0;
  std::string dims;
  if (out_shape.find('[') + 1 < out_shape.find(']')) {
    rank = std::count(out_shape.begin(), out_shape.end(), ',') + 1;
  }
  for (int64_t d = 0; d < rank; ++d) dims += (d ? "," : "") + std::to_string(d);
  return "HloModule t\n\nadd_f64 {\n  add.a = f64[] parameter(0)\n  add.b = f64[] parameter(1)\n"
         "  ROOT add.s = f64[] add(add.a, add.b)\n}\n\n" + extra + "\nENTRY e {\n" + body +
         "\n  sq = " + out_shape + " multiply(out, out)\n  zero = f64[] constant(0)\n"
         "  ROOT loss = f64[] reduce(sq, zero), dimensions={" + dims + "}, to_apply=add_f64\n}\n";
}

inline Expected<double> RunLoss(const Module& m, const std::vector<Literal>& args,
                                int64_t loss_index) {
  Interpreter interp(m);
  ASSIGN_OR_RETURN(Literal out, interp.Run(args));
  const Literal& loss = loss_index >= 0 ? out.elements().at(loss_index) : out;
  return loss.GetAsDouble(0);
}

// Differentiates `hlo` and compares every gradient element with a central difference (step h);
// returns the largest error relative to max(1, |difference|).
inline double MaxGradientError(const std::string& hlo, const std::vector<Literal>& args,
                               autodiff::GradientRequest request = {}, double h = 1e-5) {
  auto forward = ParseHloModule(hlo);
  EXPECT_TRUE(forward.ok()) << forward.status().ToString();
  if (!forward.ok()) return INFINITY;
  auto grad = autodiff::Differentiate(**forward, request);
  EXPECT_TRUE(grad.ok()) << grad.status().ToString();
  if (!grad.ok()) return INFINITY;
  Interpreter interp(**grad);
  auto result = interp.Run(args);
  EXPECT_TRUE(result.ok()) << result.status().ToString();
  if (!result.ok()) return INFINITY;
  auto loss = RunLoss(**forward, args, request.loss_index);
  EXPECT_TRUE(loss.ok()) << loss.status().ToString();
  EXPECT_NEAR(result->elements().at(0).GetAsDouble(0), *loss, 1e-12 * std::max(1.0, *loss));
  std::vector<int64_t> wrt = request.wrt;
  if (wrt.empty()) {
    for (size_t i = 0; i < args.size(); ++i) {
      if (args[i].type() == PrimitiveType::kF64) wrt.push_back(static_cast<int64_t>(i));
    }
  }
  double worst = 0;
  for (size_t k = 0; k < wrt.size(); ++k) {
    const Literal& g = result->elements().at(k + 1);
    std::vector<Literal> probe = args;
    for (int64_t j = 0; j < g.ElementCount(); ++j) {
      double x = args[wrt[k]].GetAsDouble(j);
      probe[wrt[k]].SetFromDouble(j, x + h);
      double up = *RunLoss(**forward, probe, request.loss_index);
      probe[wrt[k]].SetFromDouble(j, x - h);
      double down = *RunLoss(**forward, probe, request.loss_index);
      probe[wrt[k]].SetFromDouble(j, x);
      double fd = (up - down) / (2 * h);
      double err = std::abs(g.GetAsDouble(j) - fd) / std::max(1.0, std::abs(fd));
      EXPECT_LE(err, 1e-6) << "parameter " << wrt[k] << " element " << j << ": autodiff "
                           << g.GetAsDouble(j) << " vs finite difference " << fd;
      worst = std::max(worst, err);
    }
  }
  return worst;
}

}  // namespace
}  // namespace xpar
