// LoadGraph through the libtorch plugin: libxpar_torch_plugin.so, next to the xpar binary (or
// named by XPAR_TORCH_PLUGIN), opened in a forked child process that reads the file and sends
// the graph back (ts_graph_wire.h). libtorch parses whatever a file holds and crashes on some
// damaged ones (SIGSEGV in its type parser, found by fuzzing); in the child such a crash is a
// located error instead of the end of xpar. XPAR_TORCH_IN_PROCESS=1 reads in this process
// (the fuzz target, whose coverage must see the plugin; a debugger).
#include <dlfcn.h>
#include <unistd.h>

#include <filesystem>
#include <mutex>

#include "frontends/torchscript/ts_graph.h"
#include "frontends/torchscript/ts_graph_wire.h"
#include "support/child_process.h"
#include "support/executable_dir.h"

namespace xpar::ts {
namespace {

using LoadFn = void (*)(const std::string*, Expected<Graph>*);

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

Expected<Graph> LoadInThisProcess(const std::string& path) {
  ASSIGN_OR_RETURN(LoadFn load, OpenPlugin());
  Expected<Graph> out = InvalidArgument("'{}': the TorchScript plugin returned nothing", path);
  load(&path, &out);
  return out;
}

}  // namespace

Expected<Graph> LoadGraph(const std::string& path) {
  if (const char* env = std::getenv("XPAR_TORCH_IN_PROCESS"); env && std::string(env) == "1") {
    return LoadInThisProcess(path);
  }
  // No deadline: a large model takes as long as it takes to read.
  constexpr double kNoDeadlineSeconds = 30 * 24 * 3600.0;
  Expected<ChildResult> child =
      RunInChild([&path] { return EncodeGraph(LoadInThisProcess(path)); }, kNoDeadlineSeconds);
  if (!child.ok()) {
    return InvalidArgument("'{}': libtorch crashed reading the TorchScript file ({}): the file is "
                           "damaged or holds something libtorch cannot parse",
                           path, child.status().message());
  }
  if (!child->output) return Internal("'{}': the TorchScript reader process was stopped", path);
  return DecodeGraph(*child->output);
}

}  // namespace xpar::ts
