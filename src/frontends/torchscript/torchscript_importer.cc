// Drives the lowering of a TorchScript graph: entry parameters (inputs, then weights), the
// handler table (one place, in order), the nodes in trace order, and the result tuple.
#include "frontends/torchscript/torchscript_importer.h"

#include <fmt/format.h>

#include <limits>
#include <nlohmann/json.hpp>
#include <unordered_map>
#include <unordered_set>

#include "frontends/torchscript/lowering.h"
#include "ir/verifier.h"

namespace xpar {
namespace {

using ts::Lowering;
using ts::Node;

ts::HandlerTable AllHandlers() {
  ts::HandlerTable table;
  ts::AddPrimHandlers(table);
  ts::AddElementwiseHandlers(table);
  ts::AddShapeHandlers(table);
  ts::AddCreationHandlers(table);
  ts::AddNnHandlers(table);
  ts::AddLinalgHandlers(table);
  ts::AddConvHandlers(table);
  ts::AddPoolHandlers(table);
  return table;
}

// Input shapes recorded by python/xpar_capture.py: {"inputs": [{"dtype": "s64", "shape": [2, 8]}]}.
Expected<std::vector<Shape>> RecordedShapes(const ts::Graph& graph) {
  if (graph.inputs_json.empty()) {
    return InvalidArgument(
        "the file records no input shapes; {} needs the shape and dtype of each input (trace "
        "with python/xpar_capture.py to record them as xpar_inputs.json)",
        ForwardSignature(graph));
  }
  nlohmann::json j = nlohmann::json::parse(graph.inputs_json, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.contains("inputs") || !j["inputs"].is_array()) {
    return InvalidArgument("xpar_inputs.json in the file is malformed");
  }
  std::vector<Shape> shapes;
  for (const auto& in : j["inputs"]) {
    if (!in.contains("dtype") || !in.contains("shape") || !in["dtype"].is_string() ||
        !in["shape"].is_array()) {
      return InvalidArgument("xpar_inputs.json in the file is malformed");
    }
    std::optional<PrimitiveType> t = PrimitiveTypeFromName(in["dtype"].get<std::string>());
    if (!t) return InvalidArgument("xpar_inputs.json names an unknown dtype");
    std::vector<int64_t> dims;
    for (const auto& d : in["shape"]) {
      if (!d.is_number_integer())
        return InvalidArgument("xpar_inputs.json in the file is malformed");
      dims.push_back(d.get<int64_t>());
    }
    shapes.push_back(Shape(*t, dims));
  }
  return shapes;
}

OpMetadata MetadataFor(const Node& n) {
  OpMetadata m;
  m.op_type = n.kind;
  size_t colons = m.op_type.find("::");
  if (colons != std::string::npos) m.op_type.replace(colons, 2, "__");
  m.op_name = n.scope.empty() ? n.kind : n.scope;
  size_t colon = n.location.rfind(':');
  if (colon != std::string::npos) {
    m.source_file = n.location.substr(0, colon);
    m.source_line = std::atoll(n.location.c_str() + colon + 1);
  }
  return m;
}

// Ops whose output may share storage with their first input.
bool IsView(const std::string& kind) {
  static const std::unordered_set<std::string> kViews = {
      "aten::view",      "aten::reshape",   "aten::flatten", "aten::slice",  "aten::select",
      "aten::transpose", "aten::t",         "aten::permute", "aten::expand", "aten::expand_as",
      "aten::squeeze",   "aten::unsqueeze", "aten::narrow",  "aten::detach", "aten::contiguous"};
  return kViews.count(kind) > 0;
}

// aten::add_, relu_, ... (not aten::__and__).
bool IsInPlace(const std::string& kind) {
  return kind.size() > 1 && kind.back() == '_' && kind[kind.size() - 2] != '_';
}

// Index of the last node that reads each value; graph outputs are read at the end.
std::vector<int64_t> LastUses(const ts::Graph& graph) {
  std::vector<int64_t> last(graph.num_values, -1);
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    for (int64_t v : graph.nodes[i].inputs) last[v] = static_cast<int64_t>(i);
  }
  for (int64_t v : graph.outputs) last[v] = std::numeric_limits<int64_t>::max();
  return last;
}

// Tracks which values view which, so that in-place ops are lowered functionally (later reads
// of the updated tensor see the result) and refused where the update would have to reach
// other aliases of the same storage that are still read (x[0].add_(1) followed by a use of x).
class InPlaceUpdates {
 public:
  explicit InPlaceUpdates(const ts::Graph& graph) : last_use_(LastUses(graph)) {}

  void Lowered(const Node& n) {
    if (IsView(n.kind) && !n.inputs.empty() && !n.outputs.empty()) {
      base_[n.outputs[0]] = Root(n.inputs[0]);
    }
  }

  Status Update(Lowering& L, const Node& n, int64_t index) {
    int64_t self = n.inputs[0], root = Root(self);
    if (last_use_[root] > index && root != self) return Aliased(L, n);
    for (const auto& [view, base] : base_) {
      if (base == root && view != self && last_use_[view] > index) return Aliased(L, n);
    }
    ts::Value& in = L.ValueOf(self);
    ts::Value out = L.ValueOf(n.outputs[0]);
    if (in.IsTensor() && out.IsTensor() && out.tensor && in.type() != out.type()) {
      ASSIGN_OR_RETURN(out.tensor, L.b().Convert(out.tensor, in.type()));  // self keeps its type
      L.ValueOf(n.outputs[0]) = out;
    }
    in = out;
    return Status();
  }

 private:
  int64_t Root(int64_t v) const {
    auto it = base_.find(v);
    return it == base_.end() ? v : it->second;
  }
  static Status Aliased(Lowering& L, const Node& n) {
    return L.Error(n, "updates in place a tensor that shares storage with another one read "
                      "later; xpar lowers in-place ops as new values: write it out of place "
                      "(y = x + 1) before tracing");
  }

  std::vector<int64_t> last_use_;
  std::unordered_map<int64_t, int64_t> base_;  // view -> the value whose storage it shares
};

Status LowerNodes(const ts::Graph& graph, Lowering& L,
                  const std::unordered_map<std::string, Instruction*>& weights) {
  ts::HandlerTable table = AllHandlers();
  std::unordered_map<std::string, const Literal*> buffers;
  for (const ts::NamedLiteral& b : graph.buffers) buffers[b.name] = &b.value;
  InPlaceUpdates updates(graph);
  for (size_t i = 0; i < graph.nodes.size(); ++i) {
    const Node& n = graph.nodes[i];
    L.b().set_metadata(MetadataFor(n));
    if (n.kind == "prim::GetAttr") {
      auto w = weights.find(n.attr_name);
      if (w != weights.end()) {
        L.SetTensor(n, 0, w->second);
      } else if (auto b = buffers.find(n.attr_name); b != buffers.end()) {
        L.SetTensor(n, 0, L.b().Constant(*b->second));
      } else {
        return L.Error(n, fmt::format("attribute '{}' has no value", n.attr_name));
      }
      continue;
    }
    auto handler = table.find(n.kind);
    bool in_place = handler == table.end() && IsInPlace(n.kind) && !n.inputs.empty() &&
                    !n.outputs.empty();
    if (in_place) handler = table.find(n.kind.substr(0, n.kind.size() - 1));
    if (handler == table.end()) {
      return Unimplemented("{}unsupported TorchScript op '{}'{}",
                           n.location.empty() ? "" : n.location + ": ", n.kind,
                           n.scope.empty() ? "" : " (in " + n.scope + ")");
    }
    if (in_place) {
      Node functional = n;  // handlers tell overloads apart by kind
      functional.kind = handler->first;
      RETURN_IF_ERROR(handler->second(L, functional));
      RETURN_IF_ERROR(updates.Update(L, n, static_cast<int64_t>(i)));
      continue;
    }
    RETURN_IF_ERROR(handler->second(L, n));
    updates.Lowered(n);
  }
  return Status();
}

// The graph's outputs (tensors, or tuples of tensors flattened) as the root.
Status SetRoot(const ts::Graph& graph, Lowering& L, Computation* entry) {
  std::vector<Instruction*> outs;
  for (int64_t id : graph.outputs) {
    ts::Value& v = L.ValueOf(id);
    if (v.kind == ts::Value::Kind::kTuple || v.kind == ts::Value::Kind::kList) {
      for (ts::Value& e : v.elements) {
        ASSIGN_OR_RETURN(Instruction * t, L.AsTensor(e));
        outs.push_back(t);
      }
    } else {
      Expected<Instruction*> t = L.AsTensor(v);
      if (!t.ok()) return InvalidArgument("the forward returns something other than tensors");
      outs.push_back(*t);
    }
  }
  if (outs.size() == 1) {
    entry->set_root(outs[0]);
    return Status();
  }
  ASSIGN_OR_RETURN(Instruction * root, L.b().Add(Opcode::kTuple, outs));
  entry->set_root(root);
  return Status();
}

}  // namespace

std::string ForwardSignature(const ts::Graph& graph) {
  std::string s = "forward(";
  for (size_t i = 0; i < graph.inputs.size(); ++i) {
    const ts::InputSpec& in = graph.inputs[i];
    s += fmt::format("{}{}{}", i ? ", " : "", in.name, in.type.empty() ? "" : ": " + in.type);
  }
  return s + ")";
}

bool RecordsInputShapes(const ts::Graph& graph) {
  return graph.inputs.empty() || !graph.inputs_json.empty();
}

Expected<TorchScriptImport> LowerTorchScriptGraph(const ts::Graph& graph,
                                                  const TorchScriptOptions& options) {
  std::vector<Shape> shapes = options.input_shapes;
  if (shapes.empty() && !graph.inputs.empty()) {
    ASSIGN_OR_RETURN(shapes, RecordedShapes(graph));
  }
  if (shapes.size() != graph.inputs.size()) {
    return InvalidArgument("the forward takes {} inputs but {} input shapes are given",
                           graph.inputs.size(), shapes.size());
  }
  TorchScriptImport result;
  result.module =
      std::make_unique<Module>(graph.module_name.empty() ? "torchscript" : graph.module_name);
  auto entry = std::make_unique<Computation>("forward");
  Lowering L(graph, result.module.get(), entry.get());
  for (size_t i = 0; i < shapes.size(); ++i) {
    L.ValueOf(graph.input_values[i]) =
        ts::Value::Tensor(L.b().Parameter(int64_t(i), shapes[i], graph.inputs[i].name));
  }
  std::unordered_map<std::string, Instruction*> weights;
  for (const ts::NamedLiteral& p : graph.parameters) {
    int64_t number = static_cast<int64_t>(shapes.size() + weights.size());
    weights[p.name] = L.b().Parameter(number, p.value.shape(), p.name);
    result.stored_parameters.push_back(p);
  }
  RETURN_IF_ERROR(LowerNodes(graph, L, weights));
  RETURN_IF_ERROR(SetRoot(graph, L, entry.get()));
  result.module->set_entry(result.module->AddComputation(std::move(entry)));
  Status verified = VerifyModule(*result.module);
  if (!verified.ok()) {
    return verified.WithContext("the imported module does not verify: ")
        .WithCode(StatusCode::kInternal);
  }
  return result;
}

Expected<TorchScriptImport> ImportTorchScript(const std::string& path,
                                              const TorchScriptOptions& options) {
  ASSIGN_OR_RETURN(ts::Graph graph, ts::LoadGraph(path));
  Expected<TorchScriptImport> r = LowerTorchScriptGraph(graph, options);
  if (!r.ok())
    return r.status().WithContext(fmt::format("'{}': ", path));
  return r;
}

}  // namespace xpar
