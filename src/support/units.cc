// Byte sizes and counts in the units people write and read.
#include "support/units.h"

#include <fmt/format.h>

#include <cctype>
#include <string>
#include <utility>

namespace xpar {

Expected<int64_t> ParseByteSize(const std::string& text) {
  size_t pos = 0;
  double value = 0;
  try {
    value = std::stod(text, &pos);
  } catch (...) {
    return InvalidArgument("size '{}': expected a number and a unit, such as 40GiB", text);
  }
  std::string unit = text.substr(pos);
  for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const std::pair<const char*, double> units[] = {{"", 1},
                                                  {"b", 1},
                                                  {"kib", 1024.0},
                                                  {"mib", 1048576.0},
                                                  {"gib", 1073741824.0},
                                                  {"tib", 1099511627776.0},
                                                  {"kb", 1e3},
                                                  {"mb", 1e6},
                                                  {"gb", 1e9},
                                                  {"tb", 1e12}};
  for (const auto& [name, scale] : units) {
    // Below 2^62 bytes: far above any device, and safely representable in int64_t.
    if (unit == name && value > 0 && value * scale < 4.6e18) {
      return static_cast<int64_t>(value * scale);
    }
  }
  return InvalidArgument("size '{}': expected a positive size such as 40GiB or 512MiB", text);
}

std::string HumanBytes(int64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024 && u < 4) {
    v /= 1024;
    ++u;
  }
  return u == 0 ? fmt::format("{} B", bytes) : fmt::format("{:.1f} {}", v, units[u]);
}

std::string HumanCount(double count) {
  const char* units[] = {"", " K", " M", " G", " T", " P"};
  int u = 0;
  while (count >= 1000 && u < 5) {
    count /= 1000;
    ++u;
  }
  return u == 0 ? fmt::format("{:.0f}", count) : fmt::format("{:.2f}{}", count, units[u]);
}

}  // namespace xpar
