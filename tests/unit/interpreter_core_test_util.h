// Helpers for the interpreter kernel tests: parse a small HLO module, run it, read the values.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "frontends/hlo/hlo_parser.h"
#include "runtime/interpreter/interpreter.h"

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

}  // namespace
}  // namespace xpar
