// Pieces of the canonical HLO printer shared by its files (not a public API).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/printer.h"

namespace xpar::printer_internal {

// C-style escaping of '"', '\\', newlines and tabs, as the HLO parser reads it back.
std::string Escape(std::string_view s);
std::string IntList(const std::vector<int64_t>& v, char open = '{', char close = '}');
// Shortest text that parses back to the same bits; inf/-inf/nan/-nan as XLA writes them.
std::string FormatFloat(double v, bool is_double);
std::string FormatWindow(const std::vector<WindowDim>& window);
std::string FormatConvDims(const ConvDims& d);
std::string FormatPadding(const std::vector<PadDim>& padding);
std::string FormatSlice(const std::vector<SliceDim>& slice);
std::string FormatReplicaGroups(const ReplicaGroups& groups);
std::string FormatMetadata(const OpMetadata& m);
std::string FormatStringMap(const std::vector<std::pair<std::string, std::string>>& map);
std::string FormatBackendConfig(const std::string& config);
std::string FormatIoAlias(const std::vector<IoAlias>& aliases);
// iota(prod(reshape)) reshaped, transposed by `transpose` (identity when empty), flattened;
// empty when the permutation is invalid.
std::vector<int64_t> ExpandIota(const std::vector<int64_t>& reshape,
                                const std::vector<int64_t>& transpose);

// "key=value" for every attribute of `inst`, in canonical order.
void AppendAttributes(const Instruction& inst, const PrintOptions& options,
                      std::vector<std::string>* out);

}  // namespace xpar::printer_internal
