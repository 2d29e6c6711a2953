// `xpar convert IN OUT`: rewrites a model in another text format. The input format follows IN's
// extension (.hlo/.txt HLO text, .mlir StableHLO/MHLO); the output format follows OUT's
// extension (.hlo/.txt, .mlir), or `--to hlo|stablehlo` (needed when OUT is '-' for stdout,
// which defaults to HLO text).
#include <fmt/format.h>

#include <iostream>

#include "cli_util.h"
#include "commands.h"
#include "frontends/stablehlo/stablehlo_parser.h"
#include "frontends/stablehlo/stablehlo_printer.h"
#include "ir/printer.h"
#include "ir/verifier.h"

namespace xpar {
namespace {

enum class Format { kHlo, kStableHlo };

Expected<std::unique_ptr<Module>> LoadForConvert(const std::string& path) {
  if (path.ends_with(".mlir")) {
    ASSIGN_OR_RETURN(std::unique_ptr<Module> module, ParseStableHloFile(path));
    RETURN_IF_ERROR(VerifyModule(*module));
    return module;
  }
  return LoadModule(path);
}

Expected<Format> OutputFormat(const std::string& out, const std::string& to) {
  if (to == "hlo") return Format::kHlo;
  if (to == "stablehlo" || to == "mlir") return Format::kStableHlo;
  if (!to.empty()) {
    return InvalidArgument("--to '{}': expected 'hlo' or 'stablehlo'", to);
  }
  if (out == "-" || out.ends_with(".hlo") || out.ends_with(".txt")) return Format::kHlo;
  if (out.ends_with(".mlir")) return Format::kStableHlo;
  return InvalidArgument("'{}': unknown output format; use a .hlo, .txt or .mlir file name, or "
                         "--to hlo|stablehlo",
                         out);
}

Status Convert(const std::string& in, const std::string& out, const std::string& to) {
  ASSIGN_OR_RETURN(Format format, OutputFormat(out, to));
  ASSIGN_OR_RETURN(std::unique_ptr<Module> module, LoadForConvert(in));
  std::string text;
  if (format == Format::kHlo) {
    text = PrintModule(*module);
  } else {
    ASSIGN_OR_RETURN(text, PrintStableHlo(*module));
  }
  if (out == "-") {
    std::cout << text;
    return Status::Ok();
  }
  return WriteFile(out, text);
}

}  // namespace

void RegisterConvertCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "convert", "Convert a model between HLO text (.hlo) and StableHLO MLIR (.mlir); "
                 "OUT '-' writes to stdout");
  auto in = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  auto to = std::make_shared<std::string>();
  cmd->add_option("input", *in, "Model file (.hlo, .txt or .mlir)")->required();
  cmd->add_option("output", *out, "Output file (.hlo, .txt, .mlir, or - for stdout)")->required();
  cmd->add_option("--to", *to, "Output format: hlo or stablehlo (default: from OUT's extension)");
  cmd->callback([in, out, to] {
    Status s = Convert(*in, *out, *to);
    if (!s.ok()) std::exit(ReportError("convert", s));
  });
}

}  // namespace xpar
