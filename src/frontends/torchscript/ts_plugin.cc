// LoadGraph through the libtorch plugin: libxpar_torch_plugin.so, next to the xpar binary (or
// named by XPAR_TORCH_PLUGIN), is opened the first time a .pt file is read.
#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <filesystem>
#include <mutex>

#include "frontends/torchscript/ts_graph.h"

namespace xpar::ts {
namespace {

using LoadFn = void (*)(const std::string*, Expected<Graph>*);

std::filesystem::path ExecutableDir() {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  if (n <= 0) return ".";
  buf[n] = '\0';
  return std::filesystem::path(buf).parent_path();
}

Expected<LoadFn> OpenPlugin() {
  static std::mutex mu;
  static LoadFn fn = nullptr;
  static std::string error;
  std::lock_guard<std::mutex> lock(mu);
  if (fn != nullptr) return fn;
  const char* env = std::getenv("XPAR_TORCH_PLUGIN");
  std::string path = env ? env : (ExecutableDir() / "libxpar_torch_plugin.so").string();
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    return FailedPrecondition(
        "reading TorchScript needs the libtorch plugin, which could not be loaded: {} (it is "
        "built next to the xpar binary; XPAR_TORCH_PLUGIN may name it)", dlerror());
  }
  fn = reinterpret_cast<LoadFn>(dlsym(handle, "XparTorchLoadGraph"));
  if (fn == nullptr) return FailedPrecondition("{}: no XparTorchLoadGraph symbol", path);
  return fn;
}

}  // namespace

Expected<Graph> LoadGraph(const std::string& path) {
  ASSIGN_OR_RETURN(LoadFn load, OpenPlugin());
  Expected<Graph> out = InvalidArgument("'{}': the TorchScript plugin returned nothing", path);
  load(&path, &out);
  return out;
}

}  // namespace xpar::ts
