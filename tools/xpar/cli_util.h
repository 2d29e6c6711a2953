// Shared pieces of the CLI: loading a model file by extension, reporting errors, formatting.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "driver/load_model.h"
#include "io/tensor_file.h"
#include "ir/module.h"
#include "support/status.h"
#include "support/units.h"  // HumanBytes, HumanCount

namespace CLI {
class App;
}

namespace xpar {

// LoadModel (driver/load_model.h) for one command: a TorchScript trace's weights stay available
// to StoredArguments while the process lives.
Expected<std::unique_ptr<Module>> LoadModule(const std::string& path,
                                             const TorchScriptInputs& inputs = {});

// Adds --input-shapes and, given `inputs_file`, --inputs (shapes from arrays) to a command
// that reads models; `xpar run` has its own --inputs. Defined in cmd_import.cc.
void AddTorchScriptInputOptions(CLI::App& cmd, std::vector<std::string>& input_shapes,
                                std::string* inputs_file);
// Values the model file itself stores for `entry`'s parameters, named as the parameters (a
// TorchScript file's weights); empty for text formats.
const std::vector<NamedTensor>& StoredArguments(const Computation& entry);

// The diagnostic for `status`: a located error as it is ("file:line:col: error: ..."), any other
// as "xpar <command>: error: <message>".
std::string FormatError(const std::string& command, const Status& status);

// Prints `status` to stderr as a diagnostic and returns the process exit code (1).
int ReportError(const std::string& command, const Status& status);

}  // namespace xpar
