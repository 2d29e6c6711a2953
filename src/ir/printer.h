// Canonical HLO text. Printing a parsed module and parsing the print again gives the same
// print (the round-trip property every test checks).
#pragma once

#include <string>

#include "ir/module.h"

namespace xpar {

struct PrintOptions {
  bool include_layout = true;
  bool include_metadata = true;  // metadata={...}, frontend_attributes={...}
};

std::string PrintModule(const Module& module, const PrintOptions& options = {});
std::string PrintComputation(const Computation& computation, const PrintOptions& options = {});
std::string PrintInstruction(const Instruction& inst, const PrintOptions& options = {});
// Constant literal text as HLO writes it: "{ {1, 2}, {3, 4} }", "3.5", "(1, {2, 3})".
std::string PrintLiteral(const Literal& literal);
std::string PrintSharding(const HloSharding& sharding);  // "{devices=[2,1]0,1}"

}  // namespace xpar
