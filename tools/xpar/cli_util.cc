// Loading, error reporting and number formatting for the CLI.
#include "cli_util.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <map>

#include "support/worker_threads.h"

namespace xpar {
namespace {

// Weights of the TorchScript modules loaded in this process, by entry computation.
std::map<const Computation*, std::vector<NamedTensor>>& StoredByEntry() {
  static std::map<const Computation*, std::vector<NamedTensor>> stored;
  return stored;
}

}  // namespace

Expected<std::unique_ptr<Module>> LoadModule(const std::string& path,
                                             const TorchScriptInputs& inputs) {
  ASSIGN_OR_RETURN(LoadedModel loaded, LoadModel(path, inputs));
  if (!loaded.stored.empty()) StoredByEntry()[loaded.module->entry()] = std::move(loaded.stored);
  return std::move(loaded.module);
}

const std::vector<NamedTensor>& StoredArguments(const Computation& entry) {
  static const std::vector<NamedTensor> kNone;
  auto it = StoredByEntry().find(&entry);
  return it == StoredByEntry().end() ? kNone : it->second;
}

std::string FormatError(const std::string& command, const Status& status) {
  // Located diagnostics already read "file:line:col: error: ..." (after any context).
  if (status.located()) return status.message();
  return fmt::format("xpar {}: error: {}", command, status.message());
}

int ReportError(const std::string& command, const Status& status) {
  fmt::print(stderr, "{}\n", FormatError(command, status));
  if (RunawayThreads() > 0) {
    // A device or pipeline stage stuck computing was abandoned (worker_threads.h): returning
    // would run destructors under its feet and exit would wait for nothing; end here.
    std::fflush(nullptr);
    std::_Exit(1);
  }
  return 1;
}

}  // namespace xpar
