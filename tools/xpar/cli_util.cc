// Loading, error reporting and number formatting for the CLI.
#include "cli_util.h"

#include <fmt/format.h>

#include <cstdio>

#include "frontends/hlo/hlo_parser.h"
#include "frontends/stablehlo/stablehlo_parser.h"
#include "ir/verifier.h"

namespace xpar {
namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

Expected<std::unique_ptr<Module>> LoadModule(const std::string& path,
                                             const TorchScriptInputs& inputs) {
  if (EndsWith(path, ".mlir")) {
    ASSIGN_OR_RETURN(std::unique_ptr<Module> module, ParseStableHloFile(path));
    RETURN_IF_ERROR(VerifyModule(*module));
    return module;
  }
  if (EndsWith(path, ".pt")) return LoadTorchScript(path, inputs);  // cmd_import.cc
  ASSIGN_OR_RETURN(std::unique_ptr<Module> module, ParseHloFile(path));
  RETURN_IF_ERROR(VerifyModule(*module));
  return module;
}

int ReportError(const std::string& command, const Status& status) {
  const std::string& msg = status.message();
  // Located diagnostics already read "file:line:col: error: ...".
  if (msg.find(": error: ") != std::string::npos) {
    fmt::print(stderr, "{}\n", msg);
  } else {
    fmt::print(stderr, "xpar {}: error: {}\n", command, msg);
  }
  return 1;
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
