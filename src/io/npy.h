// The .npy array format (one array): header encoding and decoding.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "ir/literal.h"
#include "support/status.h"

namespace xpar {

// NumPy's dtype string of `t` ("<f4", "|b1"), or null where NumPy has none (bf16, the
// minifloats, tuples, tokens); and back (the native little-endian forms only).
const char* NpyDescrOf(PrimitiveType t);
std::optional<PrimitiveType> TypeOfNpyDescr(std::string_view descr);

// Serialises `value` as a version 1.0 .npy (bf16 and the f8/f6/f4 types as float32, exactly).
std::string EncodeNpy(const Literal& value);
// The same in parts, for writers that stream: the header (magic to newline), the size of the
// data after it, and the data handed to `sink` in pieces (widened piece by piece where needed).
std::string EncodeNpyHeader(const Literal& value);
int64_t NpyDataBytes(const Literal& value);
Status StreamNpyData(const Literal& value,
                     const std::function<Status(const void* data, size_t size)>& sink);
// `what` names the array in errors (e.g. "inputs.npz:arg0").
Expected<Literal> DecodeNpy(std::string_view bytes, const std::string& what);

}  // namespace xpar
