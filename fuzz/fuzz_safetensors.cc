// libFuzzer target: .safetensors (8-byte header length, JSON header, raw data).
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_util.h"
#include "io/tensor_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static xpar::fuzz::TempFile file(".safetensors");
  (void)xpar::ReadSafetensors(file.Write(data, size));
  return 0;
}
