// Byte sizes and counts as people write and read them: "40GiB" in, "3.2 MiB" / "1.25 G" out.
#pragma once

#include <cstdint>
#include <string>

#include "support/status.h"

namespace xpar {

// "40GiB", "40GB", "512MiB", "1e9" (bytes) -> bytes; units are case-insensitive.
Expected<int64_t> ParseByteSize(const std::string& text);

std::string HumanBytes(int64_t bytes);  // "3.2 MiB"
std::string HumanCount(double count);   // "1.25 G"

}  // namespace xpar
