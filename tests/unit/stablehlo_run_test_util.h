// Helper for gtests that run StableHLO text on one device.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "frontends/stablehlo/stablehlo_parser.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar::testing_shlo {

// Parses `text` and runs it; fails the test (and returns an empty literal) on error.
inline Literal RunStableHloText(const std::string& text, std::vector<Literal> args) {
  auto m = ParseStableHlo(text, "t.mlir");
  EXPECT_TRUE(m.ok()) << m.status().message();
  if (!m.ok()) return Literal();
  Interpreter interp(**m);
  auto r = interp.Run(args);
  EXPECT_TRUE(r.ok()) << r.status().message();
  return r.ok() ? std::move(r).value() : Literal();
}

}  // namespace xpar::testing_shlo
