// libFuzzer target: StableHLO / MHLO text. Whatever parses must verify or fail with an error;
// a verified module round-trips through the HLO printer, and the StableHLO print of it parses.
#include <cstddef>
#include <cstdint>
#include <string>

#include "frontends/stablehlo/stablehlo_parser.h"
#include "frontends/stablehlo/stablehlo_printer.h"
#include "fuzz/fuzz_util.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  auto module = xpar::ParseStableHlo(text, "fuzz.mlir");
  if (!module.ok()) return 0;
  if (!xpar::VerifyModule(**module).ok()) return 0;
  xpar::fuzz::CheckHloRoundTrip(**module);
  if (xpar::fuzz::InstructionCount(**module) > xpar::fuzz::kRoundTripMaxInstructions) return 0;
  // Ops without a StableHLO form give an Unimplemented error; what prints must parse back.
  auto mlir = xpar::PrintStableHlo(**module);
  if (!mlir.ok()) return 0;
  auto again = xpar::ParseStableHlo(*mlir, "<print>");
  if (!again.ok()) {
    xpar::fuzz::Fail("the StableHLO print of a verified module does not parse",
                     again.status().message() + "\n" + *mlir);
  }
  return 0;
}
