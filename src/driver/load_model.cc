// Reading model files: HLO text, StableHLO/MHLO text, TorchScript traces (with their weights).
#include "driver/load_model.h"

#include <fmt/format.h>

#include "frontends/hlo/hlo_parser.h"
#include "frontends/stablehlo/stablehlo_parser.h"
#include "frontends/torchscript/torchscript_importer.h"
#include "ir/verifier.h"

namespace xpar {

Expected<std::vector<Shape>> ParseShapeList(const std::vector<std::string>& lists) {
  std::vector<Shape> shapes;
  for (const std::string& list : lists) {
    int depth = 0;
    size_t begin = 0;
    for (size_t i = 0; i <= list.size(); ++i) {
      if (i < list.size() && list[i] != ',') {
        depth += list[i] == '[' ? 1 : list[i] == ']' ? -1 : 0;
        continue;
      }
      if (i < list.size() && depth > 0) continue;
      std::string text = list.substr(begin, i - begin);
      begin = i + 1;
      Expected<Shape> shape = ParseShape(text);
      if (!shape.ok() || !shape->IsArray()) {
        return InvalidArgument("--input-shapes '{}': expected DTYPE[DIMS] such as f32[1,3,224,224]",
                               text);
      }
      shapes.push_back(*shape);
    }
  }
  return shapes;
}

namespace {

// The array of `arrays` that gives forward input i: named as the argument, argI, or arr_I
// (np.savez's name for its I-th positional array).
const NamedTensor* FindInputArray(const std::vector<NamedTensor>& arrays, const std::string& name,
                                  size_t i) {
  for (const std::string& want : {name, fmt::format("arg{}", i), fmt::format("arr_{}", i)}) {
    for (const NamedTensor& t : arrays) {
      if (t.name == want) return &t;
    }
  }
  return nullptr;
}

std::string HowToGiveShapes(const ts::Graph& graph) {
  std::string names;
  for (size_t i = 0; i < graph.inputs.size(); ++i) {
    names += fmt::format("{}'{}'", i ? ", " : "", graph.inputs[i].name);
  }
  return fmt::format(
      "give --inputs FILE.npz with one array per input (named {}, or arg0, arg1, ... / np.savez's "
      "arr_0, arr_1, ... in argument order), or --input-shapes with one DTYPE[DIMS] per input in "
      "order (e.g. --input-shapes f32[1,3,224,224],s64[1,16])",
      names);
}

Expected<std::vector<Shape>> ShapesFromArrays(const ts::Graph& graph, const std::string& file) {
  ASSIGN_OR_RETURN(std::vector<NamedTensor> arrays, ReadTensorFile(file));
  std::vector<Shape> shapes;
  for (size_t i = 0; i < graph.inputs.size(); ++i) {
    const NamedTensor* t = FindInputArray(arrays, graph.inputs[i].name, i);
    if (t == nullptr) {
      return InvalidArgument("'{}' has no array for input {} '{}' of {}: {}", file, i,
                             graph.inputs[i].name, ForwardSignature(graph), HowToGiveShapes(graph));
    }
    shapes.push_back(t->value.shape());
  }
  return shapes;
}

// Shapes of the forward's inputs: --input-shapes, else those the file records, else those of
// the --inputs arrays. Empty: the file's own.
Expected<std::vector<Shape>> InputShapes(const ts::Graph& graph, const TorchScriptInputs& in) {
  if (!in.input_shapes.empty()) return ParseShapeList(in.input_shapes);
  if (RecordsInputShapes(graph)) return std::vector<Shape>{};
  if (!in.inputs_file.empty() && !in.inputs_file.starts_with("random")) {
    return ShapesFromArrays(graph, in.inputs_file);
  }
  return InvalidArgument(
      "the file records no input shapes (plain torch.jit.save does not), and {} needs the shape "
      "and dtype of each input: {}",
      ForwardSignature(graph), HowToGiveShapes(graph));
}

Expected<TorchScriptImport> ImportWithShapes(const std::string& path,
                                             const TorchScriptInputs& inputs) {
  ASSIGN_OR_RETURN(ts::Graph graph, ts::LoadGraph(path));
  Expected<std::vector<Shape>> shapes = InputShapes(graph, inputs);
  Expected<TorchScriptImport> imported =
      shapes.ok() ? LowerTorchScriptGraph(graph, {*shapes}) : shapes.status();
  if (!imported.ok()) {
    return imported.status().WithContext(fmt::format("'{}': ", path));
  }
  return imported;
}

Expected<LoadedModel> LoadTorchScript(const std::string& path, const TorchScriptInputs& inputs) {
  ASSIGN_OR_RETURN(TorchScriptImport imported, ImportWithShapes(path, inputs));
  LoadedModel loaded{std::move(imported.module), {}};
  for (ts::NamedLiteral& p : imported.stored_parameters) {
    loaded.stored.push_back({p.name, std::move(p.value)});
  }
  return loaded;
}

}  // namespace

Expected<LoadedModel> LoadModel(const std::string& path, const TorchScriptInputs& inputs) {
  if (path.ends_with(".pt")) return LoadTorchScript(path, inputs);
  LoadedModel loaded;
  if (path.ends_with(".mlir")) {
    ASSIGN_OR_RETURN(loaded.module, ParseStableHloFile(path));
  } else {
    ASSIGN_OR_RETURN(loaded.module, ParseHloFile(path));
  }
  RETURN_IF_ERROR(VerifyModule(*loaded.module));
  return loaded;
}

}  // namespace xpar
