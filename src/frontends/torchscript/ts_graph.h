// A TorchScript graph in plain C++ (no torch headers): what ts_load.cc reads out of a .pt file
// (the inlined forward graph, constants, parameters and buffers), for the lowering to the IR.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ir/literal.h"
#include "support/status.h"

namespace xpar::ts {

struct NoneValue {
  bool operator==(const NoneValue&) const = default;
};

// A prim::Constant's value. Strings also carry devices ("cpu"); tensors are literals.
using ConstantValue = std::variant<NoneValue, bool, int64_t, double, std::string,
                                   std::vector<int64_t>, std::vector<double>, Literal>;

struct Node {
  std::string kind;              // "aten::add", "prim::Constant", ...
  std::vector<int64_t> inputs;   // value ids
  std::vector<int64_t> outputs;  // value ids
  std::string location;          // "model.py:12" from the trace's source ranges; "" if unknown
  std::string scope;             // module path of the node when the trace recorded it
  std::optional<ConstantValue> constant;  // prim::Constant
  // prim::GetAttr of a tensor: the attribute's full dotted name (model.layers.0.mlp.up_proj.weight)
  // and whether it is a parameter (else a buffer or other tensor attribute).
  std::string attr_name;
  bool is_parameter = false;
};

struct NamedLiteral {
  std::string name;
  Literal value;
};

struct InputSpec {
  std::string name;            // the forward's argument name (input_ids)
  std::string type;            // its TorchScript type ("Tensor", "int"), "" if unknown
  std::optional<Shape> shape;  // from the capture's record (xpar_inputs.json), if any
};

struct Graph {
  std::string module_name;            // the traced module's class (LlamaForCausalLM)
  std::string inputs_json;            // the extra file xpar_inputs.json, or ""
  std::vector<InputSpec> inputs;      // the forward's inputs without `self`
  std::vector<int64_t> input_values;  // their value ids
  std::vector<Node> nodes;            // topological order (the graph is inlined)
  std::vector<int64_t> outputs;       // the graph's return values
  int64_t num_values = 0;
  // Parameters in named_parameters() order (tied weights once, by their first name) and the
  // tensor attributes that are not parameters (buffers), each with its value.
  std::vector<NamedLiteral> parameters;
  std::vector<NamedLiteral> buffers;
};

// Loads `path` (torch::jit::load), inlines the forward method and converts it. Input shapes come
// from the extra file xpar_inputs.json that python/xpar_capture.py writes, when present.
Expected<Graph> LoadGraph(const std::string& path);

}  // namespace xpar::ts
