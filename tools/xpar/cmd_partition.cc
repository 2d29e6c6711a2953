// `xpar partition MODEL --mesh 2x2 -o per_device.hlo`: the SPMD partitioner on a module whose
// instructions carry `sharding={...}` (or on a plain module with `--plan PLAN.json` from
// `xpar plan --json`); writes the one per-device program as HLO text.
#include <fmt/format.h>

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "analysis/op_stats.h"
#include "cli_util.h"
#include "commands.h"
#include "ir/printer.h"
#include "passes/auto_sharding/plan_export.h"
#include "passes/spmd/spmd_partitioner.h"

namespace xpar {
namespace {

struct PartitionCliOptions {
  std::string path;
  std::string mesh = "2";
  bool mesh_given = false;
  std::string plan;
  std::string out;
  bool replicate_unannotated = false;
  int64_t replicas = 0;  // 0: as many as the module's own collectives name
};

Expected<nlohmann::json> ReadPlanJson(const std::string& path) {
  std::ifstream f(path);
  if (!f) return InvalidArgument("cannot open plan '{}'", path);
  nlohmann::json j = nlohmann::json::parse(f, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded()) return InvalidArgument("'{}' is not valid JSON", path);
  return j;
}

// Applies `--plan`: the plan's shardings replace the module's annotations; without `--mesh`
// the plan's own mesh is used.
Status ApplyPlan(const PartitionCliOptions& o, Module& module, std::string& mesh_text) {
  ASSIGN_OR_RETURN(nlohmann::json plan, ReadPlanJson(o.plan));
  if (!o.mesh_given && plan.contains("mesh") && plan["mesh"].is_string()) {
    mesh_text = plan["mesh"].get<std::string>();
  }
  ASSIGN_OR_RETURN(Mesh mesh, Mesh::Parse(mesh_text));
  Status s = AnnotateModuleFromJson(module, plan, mesh);
  if (!s.ok()) return InvalidArgument("plan '{}': {}", o.plan, s.message());
  return Status::Ok();
}

int Partition(const PartitionCliOptions& o) {
  auto module = LoadModule(o.path);
  if (!module.ok()) return ReportError("partition", module.status());
  std::string mesh_text = o.mesh;
  if (!o.plan.empty()) {
    Status s = ApplyPlan(o, **module, mesh_text);
    if (!s.ok()) return ReportError("partition", s);
  }
  auto mesh = Mesh::Parse(mesh_text);
  if (!mesh.ok()) return ReportError("partition", mesh.status());
  PartitionOptions options;
  options.propagate_unannotated = !o.replicate_unannotated;
  options.num_replicas = o.replicas > 0 ? o.replicas
                                        : std::max<int64_t>(1, DevicesNamedByCollectives(**module));
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
  cmd->add_option("--mesh", o->mesh, "Device mesh, e.g. 2x2 (default with --plan: the plan's)")
      ->capture_default_str();
  cmd->add_option("--plan", o->plan,
                  "Plan JSON from `xpar plan --json` to apply (replaces the file's shardings)");
  cmd->add_option("-o,--out", o->out, "Output .hlo file (default: stdout)");
  cmd->add_option("--replicas", o->replicas,
                  "Replicas of a program with its own cross-replica collectives (default: as "
                  "many as they name); the partitioner's collectives stay within each replica");
  cmd->add_flag("--replicate-unannotated", o->replicate_unannotated,
                "Make instructions without a sharding replicated (default: they follow their "
                "operands)");
  cmd->callback([o, cmd] {
    o->mesh_given = cmd->count("--mesh") > 0;
    std::exit(Partition(*o));
  });
}

}  // namespace xpar
