// libFuzzer target: NumPy .npz archives (zip of .npy members, stored or deflated) and bare .npy.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "fuzz/fuzz_util.h"
#include "io/npy.h"
#include "io/tensor_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static xpar::fuzz::TempFile file(".npz");
  (void)xpar::ReadNpz(file.Write(data, size));
  (void)xpar::DecodeNpy(std::string_view(reinterpret_cast<const char*>(data), size), "fuzz.npy");
  return 0;
}
