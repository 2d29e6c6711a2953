// HLO text parser: what PyTorch/XLA and JAX emit, old syntax (`%name`, typed operands) and new
// (bare names, untyped operands). Errors are "file:line:col: error: ..." with the line and a caret.
#pragma once

#include <memory>
#include <string>

#include "ir/module.h"
#include "support/status.h"

namespace xpar {

// `filename` is used in diagnostics only.
Expected<std::unique_ptr<Module>> ParseHloModule(const std::string& text,
                                                 const std::string& filename = "<input>");
Expected<std::unique_ptr<Module>> ParseHloFile(const std::string& path);
// A shape such as "f32[2,3]{1,0}" or "(f32[], s32[4])".
Expected<Shape> ParseShape(const std::string& text);
// A sharding annotation such as "{devices=[2,1]0,1}" or "{replicated}" (what `sharding=` holds;
// StableHLO's `mhlo.sharding` attribute carries the same text).
Expected<HloSharding> ParseHloSharding(const std::string& text);

}  // namespace xpar
