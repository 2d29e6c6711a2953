// `xpar inspect FILE`: parameters, outputs, op histogram, FLOPs, bytes, custom calls,
// collectives and sharding annotations of a model.
#include <fmt/format.h>

#include <algorithm>

#include "analysis/op_stats.h"
#include "cli_util.h"
#include "commands.h"

namespace xpar {
namespace {

void PrintCounts(const char* title, const std::map<std::string, int64_t>& counts) {
  if (counts.empty()) {
    fmt::print("{}: none\n", title);
    return;
  }
  std::vector<std::pair<std::string, int64_t>> sorted(counts.begin(), counts.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  fmt::print("{}:\n", title);
  for (const auto& [name, n] : sorted) fmt::print("  {:<40} {:>7}\n", name, n);
}

void PrintOutputs(const Instruction& root) {
  const Shape& shape = root.shape();
  if (!shape.IsTuple()) {
    fmt::print("outputs (1):\n  out0  {}\n", shape.ToString(false));
    return;
  }
  fmt::print("outputs ({}):\n", shape.tuple_shapes().size());
  for (size_t i = 0; i < shape.tuple_shapes().size(); ++i) {
    const Shape& s = shape.tuple_shape(i);
    std::string from;
    if (root.opcode() == Opcode::kTuple) from = "%" + root.operand(i)->name();
    fmt::print("  out{:<3} {:<28} {:>10}  {}\n", i, s.ToString(false), HumanBytes(s.ByteSize()),
               from);
  }
}

void Inspect(const Module& module, const std::string& path) {
  ModuleStats stats = ComputeModuleStats(module);
  const Computation& entry = *module.entry();
  fmt::print("module {} ({}): {} computations, {} instructions\n", module.name(), path,
             module.computations().size(), stats.instructions);
  fmt::print("entry %{}\n", entry.name());
  fmt::print("parameters ({}, {}):\n", entry.parameter_count(), HumanBytes(stats.parameter_bytes));
  for (const Instruction* p : entry.parameters()) {
    fmt::print("  arg{:<3} {:<24} {:<28} {:>10}\n", p->attrs().parameter_number, p->name(),
               p->shape().ToString(false), HumanBytes(p->shape().ByteSize()));
  }
  PrintOutputs(*entry.root());
  if (!module.input_output_alias().empty()) {
    fmt::print("input/output aliases: {}\n", module.input_output_alias().size());
  }
  fmt::print("FLOPs per step: {}FLOP\n", HumanCount(static_cast<double>(stats.flops)));
  fmt::print("bytes: parameters {}, activations {}, constants {}, outputs {}\n",
             HumanBytes(stats.parameter_bytes), HumanBytes(stats.activation_bytes),
             HumanBytes(stats.constant_bytes), HumanBytes(stats.output_bytes));
  PrintCounts("ops", stats.op_histogram);
  PrintCounts("custom-call targets", stats.custom_call_targets);
  PrintCounts("collectives", stats.collectives);
  PrintCounts("sharding annotations", stats.shardings);
}

}  // namespace

void RegisterInspectCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "inspect", "Parse and verify a model; print its parameters, outputs, op histogram, FLOPs, "
                 "bytes, custom calls, collectives and shardings");
  auto path = std::make_shared<std::string>();
  auto inputs = std::make_shared<TorchScriptInputs>();
  cmd->add_option("file", *path, "Model file (.hlo)")->required();
  AddTorchScriptInputOptions(*cmd, inputs->input_shapes, &inputs->inputs_file);
  cmd->callback([path, inputs] {
    auto module = LoadModule(*path, *inputs);
    if (!module.ok()) std::exit(ReportError("inspect", module.status()));
    Inspect(**module, *path);
  });
}

}  // namespace xpar
