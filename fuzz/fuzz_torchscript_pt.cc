// libFuzzer target: TorchScript .pt files (a zip of pickles and code), as `xpar` reads them:
// libtorch's reader in the plugin (libxpar_torch_plugin.so), then xpar's graph extraction,
// lowering and verifier. Only xpar's side is instrumented (libtorch is Debian's build), so
// coverage guides the fuzzer through the plugin and the lowering, not through libtorch itself.
// An imported module must also survive the HLO round trip. Each input is imported a second
// time with input shapes given (those of the seed saved without them), to reach the lowering.
#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "frontends/torchscript/torchscript_importer.h"
#include "fuzz/fuzz_util.h"

namespace {

// The plugin next to the program's folder (build/fuzz/<program> -> build/), unless
// XPAR_TORCH_PLUGIN names one; without it every input would fail alike and test nothing.
void FindPlugin() {
  static bool found = false;
  if (found) return;
  found = true;
  if (std::getenv("XPAR_TORCH_PLUGIN") == nullptr) {
    char buf[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
    if (n <= 0) xpar::fuzz::Fail("cannot find the program's path", "/proc/self/exe");
    buf[n] = '\0';
    std::filesystem::path plugin =
        std::filesystem::path(buf).parent_path().parent_path() / "libxpar_torch_plugin.so";
    setenv("XPAR_TORCH_PLUGIN", plugin.c_str(), 1);
  }
  // libtorch in this process (not in the forked reader xpar uses), so that coverage sees the
  // plugin and a libtorch crash is a finding: each one gets a check before libtorch reads.
  setenv("XPAR_TORCH_IN_PROCESS", "1", 1);
  const char* path = std::getenv("XPAR_TORCH_PLUGIN");
  if (dlopen(path, RTLD_NOW | RTLD_LOCAL) == nullptr) {
    xpar::fuzz::Fail("the libtorch plugin does not load", dlerror());
  }
}

void CheckImport(const xpar::Expected<xpar::TorchScriptImport>& imported) {
  if (!imported.ok()) return;
  const xpar::Module& module = *imported->module;
  if (module.entry() == nullptr) xpar::fuzz::Fail("an imported module has no entry", "");
  if (imported->stored_parameters.size() > module.entry()->parameters().size()) {
    xpar::fuzz::Fail("more stored values than entry parameters", module.name());
  }
  xpar::fuzz::CheckHloRoundTrip(module);
}

}  // namespace

// libtorch's start (thousands of operator registrations, ~20 s under ASan on a loaded machine)
// happens here, before libFuzzer's per-input timer runs; the replay loads it at its first input.
extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
  FindPlugin();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FindPlugin();
  static xpar::fuzz::TempFile file(".pt");
  const std::string& path = file.Write(data, size);
  CheckImport(xpar::ImportTorchScript(path));
  xpar::TorchScriptOptions shapes;
  // The inputs of seeds/torchscript_pt/conv_plain.pt (image, bias), saved without shapes.
  shapes.input_shapes = {xpar::Shape(xpar::PrimitiveType::kF32, {1, 2, 4, 4}),
                         xpar::Shape(xpar::PrimitiveType::kF32, {12, 1})};
  CheckImport(xpar::ImportTorchScript(path, shapes));
  return 0;
}
