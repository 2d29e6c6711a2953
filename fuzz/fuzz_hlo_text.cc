// libFuzzer target: HLO text. Whatever parses must verify or fail with an error (never crash);
// a verified module round-trips through the printer.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto module = xpar::ParseHloModule(text, "fuzz.hlo");
  if (!module.ok()) return 0;
  if (!xpar::VerifyModule(**module).ok()) return 0;
  xpar::fuzz::CheckHloRoundTrip(**module);
  return 0;
}
