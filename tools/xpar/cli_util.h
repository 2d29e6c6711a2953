// Shared pieces of the CLI: loading a model file by extension, reporting errors, formatting.
#pragma once

#include <memory>
#include <string>

#include "io/tensor_file.h"
#include "ir/module.h"
#include "support/status.h"

namespace xpar {

// Parses (by extension: .hlo / .txt = HLO text) and verifies a model file.
Expected<std::unique_ptr<Module>> LoadModule(const std::string& path);

// A TorchScript trace (.pt) imported by the PyTorch frontend; its weights stay available to
// StoredArguments while the module lives. Defined in cmd_import.cc.
Expected<std::unique_ptr<Module>> LoadTorchScript(const std::string& path);
// Values the model file itself stores for `entry`'s parameters, named as the parameters (a
// TorchScript file's weights); empty for text formats.
const std::vector<NamedTensor>& StoredArguments(const Computation& entry);

// Prints `status` to stderr as a diagnostic and returns the process exit code (1).
int ReportError(const std::string& command, const Status& status);

std::string HumanBytes(int64_t bytes);   // "3.2 MiB"
std::string HumanCount(double count);    // "1.25 G"

}  // namespace xpar
