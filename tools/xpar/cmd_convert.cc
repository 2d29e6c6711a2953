// `xpar convert IN OUT`: rewrites a model in another format (HLO -> canonical HLO for now).
#include <fmt/format.h>

#include <iostream>

#include "cli_util.h"
#include "commands.h"
#include "ir/printer.h"

namespace xpar {

void RegisterConvertCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand("convert", "Convert a model file (HLO text -> canonical HLO text; "
                                            "OUT '-' writes to stdout)");
  auto in = std::make_shared<std::string>();
  auto out = std::make_shared<std::string>();
  cmd->add_option("input", *in, "Model file (.hlo)")->required();
  cmd->add_option("output", *out, "Output file (.hlo, or - for stdout)")->required();
  cmd->callback([in, out] {
    auto module = LoadModule(*in);
    if (!module.ok()) std::exit(ReportError("convert", module.status()));
    bool to_stdout = *out == "-";
    if (!to_stdout && !(out->ends_with(".hlo") || out->ends_with(".txt"))) {
      std::exit(ReportError("convert", Unimplemented("'{}': only HLO text output (.hlo) is "
                                                     "supported so far",
                                                     *out)));
    }
    std::string text = PrintModule(**module);
    if (to_stdout) {
      std::cout << text;
      return;
    }
    Status s = WriteFile(*out, text);
    if (!s.ok()) std::exit(ReportError("convert", s));
  });
}

}  // namespace xpar
