// A stand-in for libxpar_torch_plugin.so whose reader dies by SIGSEGV, as libtorch did on damaged
// files: LoadGraph must answer with an error naming the file, and xpar must live on.
#include <csignal>
#include <string>

namespace xpar {
template <typename T>
class Expected;
namespace ts {
struct Graph;
}  // namespace ts
}  // namespace xpar

// The default action, so that a sanitizer's handler (which would report and exit 1) does not
// stand in for the signal.
extern "C" void XparTorchLoadGraph(const std::string*, xpar::Expected<xpar::ts::Graph>*) {
  std::signal(SIGSEGV, SIG_DFL);
  std::raise(SIGSEGV);
}
