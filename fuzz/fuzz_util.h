// Shared pieces of the libFuzzer targets: a failed invariant aborts (libFuzzer records the input
// as a crash), and bytes become a file for readers that only take paths.
#pragma once

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "ir/module.h"
#include "ir/printer.h"
#include "ir/verifier.h"
#include "frontends/hlo/hlo_parser.h"

namespace xpar::fuzz {

[[noreturn]] inline void Fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz invariant broken: %s\n%s\n", what, detail.c_str());
  std::abort();
}

// Modules with at most this many instructions are printed and reparsed (the round trip every
// parsed file must survive); bigger ones only verify, to keep executions fast.
inline constexpr size_t kRoundTripMaxInstructions = 200;

inline size_t InstructionCount(const Module& module) {
  size_t n = 0;
  for (const auto& c : module.computations()) n += c->instructions().size();
  return n;
}

// A module that parsed and verified: its HLO print parses, verifies, and prints identically.
inline void CheckHloRoundTrip(const Module& module) {
  if (InstructionCount(module) > kRoundTripMaxInstructions) return;
  std::string first = PrintModule(module);
  auto again = ParseHloModule(first, "<print>");
  if (!again.ok()) Fail("the print of a verified module does not parse", again.status().message() + "\n" + first);
  Status verified = VerifyModule(**again);
  if (!verified.ok()) Fail("the reparsed print does not verify", verified.message() + "\n" + first);
  std::string second = PrintModule(**again);
  if (second != first) Fail("print -> parse -> print changed the text", first + "\n----\n" + second);
}

// The bytes in a file of this process's own (readers of npz and safetensors take paths).
class TempFile {
 public:
  explicit TempFile(const char* suffix) {
    path_ = std::string("/tmp/xpar_fuzz_") + std::to_string(getpid()) + suffix;
  }
  ~TempFile() { std::remove(path_.c_str()); }
  const std::string& Write(const uint8_t* data, size_t size) {
    FILE* f = std::fopen(path_.c_str(), "wb");
    if (f == nullptr) Fail("cannot write the temporary file", path_);
    if (size > 0 && std::fwrite(data, 1, size, f) != size) Fail("short write", path_);
    std::fclose(f);
    return path_;
  }

 private:
  std::string path_;
};

}  // namespace xpar::fuzz
