// Shared pieces of the CLI: loading a model file by extension, reporting errors, formatting.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "io/tensor_file.h"
#include "ir/module.h"
#include "support/status.h"

namespace CLI {
class App;
}

namespace xpar {

// Where the shapes of a TorchScript trace's forward inputs come from when the file records
// none (plain torch.jit.save): the arrays of an --inputs file, or --input-shapes.
struct TorchScriptInputs {
  std::string inputs_file;  // .npz / .safetensors; "" or random:SEED: none
  // "f32[1,3,224,224],s64[1,16]": one per input, in order (several strings are joined).
  std::vector<std::string> input_shapes;
};

// Parses (by extension: .hlo / .txt = HLO text, .mlir, .pt) and verifies a model file.
Expected<std::unique_ptr<Module>> LoadModule(const std::string& path,
                                             const TorchScriptInputs& inputs = {});

// A TorchScript trace (.pt) imported by the PyTorch frontend; its weights stay available to
// StoredArguments while the module lives. Defined in cmd_import.cc.
Expected<std::unique_ptr<Module>> LoadTorchScript(const std::string& path,
                                                  const TorchScriptInputs& inputs);
// Adds --input-shapes and, given `inputs_file`, --inputs (shapes from arrays) to a command
// that reads models; `xpar run` has its own --inputs.
void AddTorchScriptInputOptions(CLI::App& cmd, std::vector<std::string>& input_shapes,
                                std::string* inputs_file);
// Values the model file itself stores for `entry`'s parameters, named as the parameters (a
// TorchScript file's weights); empty for text formats.
const std::vector<NamedTensor>& StoredArguments(const Computation& entry);

// Prints `status` to stderr as a diagnostic and returns the process exit code (1).
int ReportError(const std::string& command, const Status& status);

std::string HumanBytes(int64_t bytes);   // "3.2 MiB"
std::string HumanCount(double count);    // "1.25 G"

}  // namespace xpar
