// `xpar import MODEL.pt -o OUT.hlo|OUT.mlir`: imports a TorchScript trace with the PyTorch
// frontend and writes it as HLO or StableHLO text. Also LoadModule's `.pt` branch, which keeps
// the trace's weights for `xpar run` (StoredArguments).
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
  std::vector<std::string> input_shapes;
};

Expected<std::unique_ptr<Module>> Import(const std::string& path,
                                         const std::vector<std::string>& shapes) {
  TorchScriptOptions options;
  for (const std::string& s : shapes) {
    Expected<Shape> shape = ParseShape(s);
    if (!shape.ok()) {
      return InvalidArgument("--input-shape '{}': {}", s, shape.status().message());
    }
    options.input_shapes.push_back(*shape);
  }
  ASSIGN_OR_RETURN(TorchScriptImport imported, ImportTorchScript(path, options));
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
  ASSIGN_OR_RETURN(std::unique_ptr<Module> module, Import(o.path, o.input_shapes));
  std::string text;
  if (o.out.ends_with(".mlir")) {
    ASSIGN_OR_RETURN(text, PrintStableHlo(*module));
  } else {
    text = PrintModule(*module);
  }
  return WriteText(o.out, text);
}

}  // namespace

Expected<std::unique_ptr<Module>> LoadTorchScript(const std::string& path) {
  return Import(path, {});
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
  cmd->add_option("--input-shape", o->input_shapes,
                  "Shape of each forward input in order, e.g. s64[2,8] (default: the shapes "
                  "python/xpar_capture.py recorded in the file)");
  cmd->callback([o] {
    Status s = RunImport(*o);
    std::exit(s.ok() ? 0 : ReportError("import", s));
  });
}

}  // namespace xpar
