// `xpar grad MODEL [--wrt P...] [--loss-index I] [-o OUT.hlo]`: writes the gradient program of
// a model whose result is (or holds) a scalar loss, built by reverse-mode autodiff
// (src/autodiff): its entry takes the model's parameters and returns (loss, d loss / d P...).
#include <fmt/format.h>

#include <charconv>
#include <iostream>

#include "autodiff/autodiff.h"
#include "cli_util.h"
#include "commands.h"
#include "ir/printer.h"

namespace xpar {
namespace {

struct GradOptions {
  std::string path;
  std::vector<std::string> wrt;  // parameter numbers or names
  int64_t loss_index = -1;
  std::string out = "-";
  TorchScriptInputs inputs;
};

// A parameter given by number ("3") or by name ("p.weight").
Expected<int64_t> ParameterNumber(const Computation& entry, const std::string& spec) {
  int64_t n = 0;
  auto [end, ec] = std::from_chars(spec.data(), spec.data() + spec.size(), n);
  if (ec == std::errc() && end == spec.data() + spec.size()) return n;
  for (const Instruction* p : entry.parameters()) {
    if (p != nullptr && p->name() == spec) return p->attrs().parameter_number;
  }
  return InvalidArgument("--wrt '{}': no parameter of that number or name in '{}'", spec,
                         entry.name());
}

Status Grad(const GradOptions& o) {
  ASSIGN_OR_RETURN(std::unique_ptr<Module> module, LoadModule(o.path, o.inputs));
  autodiff::GradientRequest request;
  request.loss_index = o.loss_index;
  for (const std::string& spec : o.wrt) {
    ASSIGN_OR_RETURN(int64_t n, ParameterNumber(*module->entry(), spec));
    request.wrt.push_back(n);
  }
  ASSIGN_OR_RETURN(std::unique_ptr<Module> grad, autodiff::Differentiate(*module, request));
  std::string text = PrintModule(*grad);
  if (o.out == "-") {
    std::cout << text;
    return Status::Ok();
  }
  RETURN_IF_ERROR(WriteFile(o.out, text));
  // Which output is which: out0 is the loss, then one gradient per parameter.
  const auto& outputs = grad->entry()->root()->operands();
  fmt::print("out0: loss {}\n", outputs[0]->shape().ToString(false));
  std::vector<int64_t> wrt = request.wrt;
  if (wrt.empty()) {
    for (const Instruction* p : grad->entry()->parameters()) {
      if (p->shape().IsArray() && IsFloating(p->shape().type())) {
        wrt.push_back(p->attrs().parameter_number);
      }
    }
  }
  for (size_t i = 0; i < wrt.size(); ++i) {
    const Instruction* p = grad->entry()->parameters()[wrt[i]];
    fmt::print("out{}: d loss / d {} (parameter {}) {}\n", i + 1, p->name(), wrt[i],
               p->shape().ToString(false));
  }
  return Status::Ok();
}

}  // namespace

void RegisterGradCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "grad", "Write the gradient program of a model whose result is a scalar loss: "
              "(loss, d loss / d each parameter) as HLO text");
  auto o = std::make_shared<GradOptions>();
  cmd->add_option("model", o->path, "Model file (.hlo, .txt, .mlir or .pt)")->required();
  cmd->add_option("--wrt", o->wrt,
                  "Parameters to differentiate with respect to, by number or name "
                  "(default: every floating-point parameter)")
      ->delimiter(',');
  cmd->add_option("--loss-index", o->loss_index,
                  "The loss's index in the result tuple (default: the result is the loss)");
  cmd->add_option("-o,--out", o->out,
                  "Output HLO file; '-' (default) prints it. With a file, stdout lists the "
                  "outputs (out0 the loss, out1... the gradients)");
  AddTorchScriptInputOptions(*cmd, o->inputs.input_shapes, &o->inputs.inputs_file);
  cmd->callback([o] {
    Status s = Grad(*o);
    std::exit(s.ok() ? 0 : ReportError("grad", s));
  });
}

}  // namespace xpar
