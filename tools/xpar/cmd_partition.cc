// `xpar partition MODEL --mesh 2x2 -o per_device.hlo`: the SPMD partitioner on a module whose
// instructions carry `sharding={...}`; writes the one per-device program as HLO text.
#include <fmt/format.h>

#include <fstream>

#include "cli_util.h"
#include "commands.h"
#include "ir/printer.h"
#include "passes/spmd/spmd_partitioner.h"

namespace xpar {
namespace {

struct PartitionCliOptions {
  std::string path;
  std::string mesh = "2";
  std::string out;
  bool replicate_unannotated = false;
};

int Partition(const PartitionCliOptions& o) {
  auto mesh = Mesh::Parse(o.mesh);
  if (!mesh.ok()) return ReportError("partition", mesh.status());
  auto module = LoadModule(o.path);
  if (!module.ok()) return ReportError("partition", module.status());
  PartitionOptions options;
  options.propagate_unannotated = !o.replicate_unannotated;
  auto partitioned = PartitionModule(**module, *mesh, options);
  if (!partitioned.ok()) return ReportError("partition", partitioned.status());
  std::string text = PrintModule(**partitioned);
  if (o.out.empty() || o.out == "-") {
    fmt::print("{}", text);
    return 0;
  }
  std::ofstream f(o.out);
  f << text;
  if (!f) return ReportError("partition", InvalidArgument("cannot write '{}'", o.out));
  return 0;
}

}  // namespace

void RegisterPartitionCommand(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "partition", "SPMD-partition a model whose instructions carry sharding annotations into "
                   "one per-device HLO program with explicit collectives");
  auto o = std::make_shared<PartitionCliOptions>();
  cmd->add_option("file", o->path, "Model file (.hlo) with sharding={...} annotations")
      ->required();
  cmd->add_option("--mesh", o->mesh, "Device mesh, e.g. 2x2")->capture_default_str();
  cmd->add_option("-o,--out", o->out, "Output .hlo file (default: stdout)");
  cmd->add_flag("--replicate-unannotated", o->replicate_unannotated,
                "Make instructions without a sharding replicated (default: they follow their "
                "operands)");
  cmd->callback([o] { std::exit(Partition(*o)); });
}

}  // namespace xpar
