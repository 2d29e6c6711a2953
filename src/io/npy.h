// The .npy array format (one array): header encoding and decoding.
#pragma once

#include <string>
#include <string_view>

#include "ir/literal.h"
#include "support/status.h"

namespace xpar {

// Serialises `value` as a version 1.0 .npy (bf16 and the f8/f6/f4 types as float32, exactly).
std::string EncodeNpy(const Literal& value);
// `what` names the array in errors (e.g. "inputs.npz:arg0").
Expected<Literal> DecodeNpy(std::string_view bytes, const std::string& what);

}  // namespace xpar
