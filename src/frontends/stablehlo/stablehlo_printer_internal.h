// Pieces of the StableHLO printer shared by its files (not a public API).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ir/module.h"
#include "support/status.h"

namespace xpar::shlo_printer {

// MLIR type of a shape: `tensor<2x3xf32>`, `tensor<i1>`, `!stablehlo.token`, `tuple<...>`.
std::string TypeText(const Shape& shape);
// Element type alone: f32, i32, ui8, i1, bf16.
std::string ElementTypeText(PrimitiveType type);
// `dense<...> : tensor<...>` for an array literal (splat, nested list or hex blob).
Expected<std::string> DenseText(const Literal& literal);
// `array<i64: 1, 2>`.
std::string I64Array(const std::vector<int64_t>& v);
// `[1, 2]` as used inside #stablehlo.dot<...> and friends.
std::string BracketList(const std::vector<int64_t>& v);
// `"..."` with MLIR string escapes.
std::string Quote(std::string_view s);
// `@name` or `@"odd name"`.
std::string SymbolRef(std::string_view name);
// True when `s` can be written as an MLIR bare identifier suffix (after % or @).
bool IsBareId(std::string_view s);

// Attribute entries (`key = value`) of one instruction for its generic-form attr dictionary,
// not including mhlo.sharding / mhlo.frontend_attributes (added by the caller). Unimplemented
// for attribute values StableHLO cannot express (e.g. the tuple form of all-to-all).
Expected<std::vector<std::string>> OpAttributes(const Module& module, const Instruction& inst);

}  // namespace xpar::shlo_printer
