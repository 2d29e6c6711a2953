// `xpar import MODEL.pt -o OUT.hlo|OUT.mlir`: imports a TorchScript trace with the PyTorch
// frontend and writes it as HLO or StableHLO text. Also LoadModule's `.pt` branch, which keeps
// the trace's weights for `xpar run` (StoredArguments) and finds the input shapes a plain
// torch.jit.save leaves out (--input-shapes, or the arrays of --inputs).
#include <fmt/format.h>

#include <fstream>
#include <iostream>
#include <map>

#include "cli_util.h"
#include "commands.h"
#include "frontends/hlo/hlo_parser.h"
#include "frontends/stablehlo/stablehlo_printer.h"
#include "frontends/torchscript/torchscript_importer.h"
#include "ir/printer.h"

namespace xpar {
namespace {

// Weights of the TorchScript modules loaded in this process, by entry computation.
std::map<const Computation*, std::vector<NamedTensor>>& StoredByEntry() {
  static std::map<const Computation*, std::vector<NamedTensor>> stored;
  return stored;
}

struct ImportOptions {
  std::string path;
  std::string out = "-";
  TorchScriptInputs inputs;
};

// "f32[1,3,224,224],s64[1,16]" -> its shapes (commas inside brackets belong to a shape).
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
                             graph.inputs[i].name, ForwardSignature(graph),
                             HowToGiveShapes(graph));
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
    return Status(imported.status().code(),
                  fmt::format("'{}': {}", path, imported.status().message()));
  }
  return imported;
}

Expected<std::unique_ptr<Module>> Import(const std::string& path,
                                         const TorchScriptInputs& inputs) {
  ASSIGN_OR_RETURN(TorchScriptImport imported, ImportWithShapes(path, inputs));
  std::vector<NamedTensor>& stored = StoredByEntry()[imported.module->entry()];
  for (ts::NamedLiteral& p : imported.stored_parameters) {
    stored.push_back({p.name, std::move(p.value)});
  }
  return std::move(imported.module);
}

Status WriteText(const std::string& out, const std::string& text) {
  if (out == "-") {
    std::cout << text;
    return Status::Ok();
  }
  std::ofstream f(out);
  f << text;
  f.close();
  if (!f) return InvalidArgument("cannot write '{}'", out);
  return Status::Ok();
}

Status RunImport(const ImportOptions& o) {
  ASSIGN_OR_RETURN(std::unique_ptr<Module> module, Import(o.path, o.inputs));
  std::string text;
  if (o.out.ends_with(".mlir")) {
    ASSIGN_OR_RETURN(text, PrintStableHlo(*module));
  } else {
    text = PrintModule(*module);
  }
  return WriteText(o.out, text);
}

}  // namespace

Expected<std::unique_ptr<Module>> LoadTorchScript(const std::string& path,
                                                  const TorchScriptInputs& inputs) {
  return Import(path, inputs);
}

void AddTorchScriptInputOptions(CLI::App& cmd, std::vector<std::string>& input_shapes,
                                std::string* inputs_file) {
  cmd.add_option("--input-shapes,--input-shape", input_shapes,
                 "For a .pt file: the shape of each forward input in order, e.g. "
                 "f32[1,3,224,224],s64[1,16] (default: the shapes the file records, else those "
                 "of the --inputs arrays)");
  if (inputs_file != nullptr) {
    cmd.add_option("--inputs", *inputs_file,
                   "For a .pt file that records no input shapes: a .npz/.safetensors file whose "
                   "arrays (named as the forward's arguments, or arg0, arg1, ...) give them");
  }
}

const std::vector<NamedTensor>& StoredArguments(const Computation& entry) {
  static const std::vector<NamedTensor> kNone;
  auto it = StoredByEntry().find(&entry);
  return it == StoredByEntry().end() ? kNone : it->second;
}

void RegisterImportCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "import",
      "Import a TorchScript trace (torch.jit.trace + save, .pt) as HLO or StableHLO text");
  auto o = std::make_shared<ImportOptions>();
  cmd->add_option("file", o->path, "TorchScript file (.pt)")->required();
  cmd->add_option("-o,--out", o->out,
                  "Output file: .hlo/.txt for HLO text, .mlir for StableHLO; '-' prints HLO")
      ->capture_default_str();
  AddTorchScriptInputOptions(*cmd, o->inputs.input_shapes, &o->inputs.inputs_file);
  cmd->callback([o] {
    Status s = RunImport(*o);
    std::exit(s.ok() ? 0 : ReportError("import", s));
  });
}

}  // namespace xpar
