// Helpers for the interpreter kernel tests: parse a small HLO module, run it, read the values.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "frontends/hlo/hlo_parser.h"
#include "runtime/interpreter/fusion.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/thread_pool.h"

namespace xpar {
namespace {

// Parses `hlo`, runs its entry on `args`, and returns the result (or the error).
inline Expected<Literal> TryRunHlo(const std::string& hlo, std::vector<Literal> args = {}) {
  ASSIGN_OR_RETURN(std::unique_ptr<Module> module, ParseHloModule(hlo));
  Interpreter interp(*module);
  return interp.Run(args);
}

inline Literal RunHlo(const std::string& hlo, std::vector<Literal> args = {}) {
  Expected<Literal> r = TryRunHlo(hlo, std::move(args));
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return r.ok() ? std::move(r).value() : Literal();
}

inline std::vector<double> Values(const Literal& l) {
  std::vector<double> v;
  for (int64_t i = 0; i < l.ElementCount(); ++i) v.push_back(l.GetAsDouble(i));
  return v;
}

// A module whose entry computation is `lines` (HLO instructions, one per line).
inline std::string Module1(const std::string& lines) {
  return "HloModule t\n\nENTRY e {\n" + lines + "\n}\n";
}

// Uniform [-2, 2) values of type `t` and shape `dims`.
inline Literal UniformLiteral(PrimitiveType t, std::vector<int64_t> dims, uint32_t seed) {
  Literal l(Shape(t, std::move(dims)));
  std::mt19937 rng(seed);
  std::uniform_real_distribution<double> u(-2, 2);
  for (int64_t i = 0; i < l.ElementCount(); ++i) l.SetFromDouble(i, u(rng));
  return l;
}

// A run with loop fusion on or off and `threads` kernel threads (both restored afterwards).
struct Ran {
  Literal value;
  int64_t peak = 0;  // the evaluator's held bytes at the peak
};

inline Ran RunWith(const Module& m, const std::vector<Literal>& args, bool fuse, int threads) {
  SetLoopFusion(fuse);
  SetKernelThreads(threads);
  Interpreter interp(m);
  auto r = interp.Run(args);
  SetLoopFusion(true);
  SetKernelThreads(MachineCores());
  EXPECT_TRUE(r.ok()) << r.status().ToString();
  return {r.ok() ? std::move(r).value() : Literal(), interp.memory().peak};
}

}  // namespace
}  // namespace xpar
