// Shared pieces of the CLI: loading a model file by extension, reporting errors, formatting.
#pragma once

#include <memory>
#include <string>

#include "ir/module.h"
#include "support/status.h"

namespace xpar {

// Parses (by extension: .hlo / .txt = HLO text) and verifies a model file.
Expected<std::unique_ptr<Module>> LoadModule(const std::string& path);

// Prints `status` to stderr as a diagnostic and returns the process exit code (1).
int ReportError(const std::string& command, const Status& status);

std::string HumanBytes(int64_t bytes);   // "3.2 MiB"
std::string HumanCount(double count);    // "1.25 G"

}  // namespace xpar
