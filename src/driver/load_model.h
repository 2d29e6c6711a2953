// Reading a model file of any supported format into a verified Module: what the CLI's commands
// and the Python module (python/) share. A TorchScript trace's weights come back with it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "io/tensor_file.h"
#include "ir/module.h"
#include "support/status.h"

namespace xpar {

// Where the shapes of a TorchScript trace's forward inputs come from when the file records
// none (plain torch.jit.save): the arrays of an --inputs file, or --input-shapes.
struct TorchScriptInputs {
  std::string inputs_file;  // .npz / .safetensors; "" or random:SEED: none
  // "f32[1,3,224,224],s64[1,16]": one per input, in order (several strings are joined).
  std::vector<std::string> input_shapes;
};

struct LoadedModel {
  std::unique_ptr<Module> module;
  // Values the file itself stores for entry parameters, named as the parameters (a TorchScript
  // trace's weights); empty for the text formats.
  std::vector<NamedTensor> stored;
};

// Parses (by extension: .mlir = StableHLO/MHLO text, .pt = TorchScript through the libtorch
// plugin, anything else = HLO text) and verifies a model file.
Expected<LoadedModel> LoadModel(const std::string& path, const TorchScriptInputs& inputs = {});

// "f32[1,3,224,224],s64[1,16]" -> its shapes (commas inside brackets belong to a shape).
Expected<std::vector<Shape>> ParseShapeList(const std::vector<std::string>& lists);

}  // namespace xpar
