// The PyTorch frontend: a TorchScript trace (torch.jit.trace + torch.jit.save) to an ir::Module.
// Entry parameters are the forward's inputs in order, then the weights under their PyTorch
// names (model.layers.0.self_attn.q_proj.weight); buffers become constants.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "frontends/torchscript/ts_graph.h"
#include "ir/module.h"

namespace xpar {

struct TorchScriptOptions {
  // Shapes of the forward's inputs. Empty: those python/xpar_capture.py recorded in the file
  // (plain torch.jit.save records none: see RecordsInputShapes).
  std::vector<Shape> input_shapes;
};

struct TorchScriptImport {
  std::unique_ptr<Module> module;
  // The values the file stores for entry parameters (the weights), in parameter order, each
  // named as its parameter; the forward's inputs have none.
  std::vector<ts::NamedLiteral> stored_parameters;
};

// Loads, inlines and lowers `path`, and verifies the result. Unsupported ops give an error
// naming the op and its source location in the traced Python code.
Expected<TorchScriptImport> ImportTorchScript(const std::string& path,
                                              const TorchScriptOptions& options = {});

// "forward(x: Tensor, mask: Tensor)": the traced forward's inputs, for messages.
std::string ForwardSignature(const ts::Graph& graph);
// Whether the file says the shapes of the forward's inputs (or there are none to say).
bool RecordsInputShapes(const ts::Graph& graph);

// The lowering on its own, for a graph already read (tests build graphs by hand).
Expected<TorchScriptImport> LowerTorchScriptGraph(const ts::Graph& graph,
                                                  const TorchScriptOptions& options = {});

}  // namespace xpar
