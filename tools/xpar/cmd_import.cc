// `xpar import MODEL.pt -o OUT.hlo|OUT.mlir`: imports a TorchScript trace with the PyTorch
// frontend (driver/load_model.h) and writes it as HLO or StableHLO text. Also the options that
// give a trace's input shapes when the file records none (--input-shapes, --inputs).
#include <fmt/format.h>

#include <fstream>
#include <iostream>

#include "cli_util.h"
#include "commands.h"
#include "frontends/stablehlo/stablehlo_printer.h"
#include "ir/printer.h"

namespace xpar {
namespace {

struct ImportOptions {
  std::string path;
  std::string out = "-";
  TorchScriptInputs inputs;
};

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
  ASSIGN_OR_RETURN(std::unique_ptr<Module> module, LoadModule(o.path, o.inputs));
  std::string text;
  if (o.out.ends_with(".mlir")) {
    ASSIGN_OR_RETURN(text, PrintStableHlo(*module));
  } else {
    text = PrintModule(*module);
  }
  return WriteText(o.out, text);
}

}  // namespace

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
