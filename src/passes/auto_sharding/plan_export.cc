// Plan JSON and HLO sharding annotations.
#include "passes/auto_sharding/plan_export.h"

#include <unordered_map>

#include <fmt/ranges.h>

#include "ir/printer.h"
#include "passes/auto_sharding/problem_builder.h"

namespace xpar {
namespace {

ShardingSpec Annotatable(ShardingSpec spec) {
  spec.partial_axes.clear();
  return spec;
}

nlohmann::json CollectivesJson(const std::vector<CollectiveUse>& uses) {
  nlohmann::json out = nlohmann::json::array();
  for (const CollectiveUse& u : uses) {
    out.push_back({{"kind", CollectiveKindName(u.kind)}, {"bytes", u.bytes}, {"axes", u.axes}});
  }
  return out;
}

std::string AxesText(const std::vector<int64_t>& axes) {
  return fmt::format("{{{}}}", fmt::join(axes, ","));
}

}  // namespace

std::string CollectiveUseToString(const CollectiveUse& use) {
  double mib = use.bytes / 1048576.0;
  return fmt::format("{} {} over mesh axes {}", CollectiveKindName(use.kind),
                     mib >= 0.1 ? fmt::format("{:.1f} MiB", mib) : fmt::format("{} B", use.bytes),
                     AxesText(use.axes));
}

nlohmann::json PlanToJson(const Plan& plan, const Mesh& mesh) {
  nlohmann::json j;
  j["mesh"] = plan.mesh;
  j["cluster"] = plan.cluster;
  j["estimate"] = {{"step_s", plan.step_s()},
                   {"compute_s", plan.compute_s},
                   {"communication_s", plan.communication_s},
                   {"peak_memory_bytes", plan.peak_memory_bytes},
                   {"memory_limit_bytes", plan.memory_limit_bytes},
                   {"memory_ok", plan.memory_ok}};
  j["solver"] = {{"nodes", plan.num_nodes}, {"edges", plan.num_edges},
                 {"strategies", plan.num_strategies}, {"backend", plan.backend},
                 {"optimal", plan.optimal}, {"solve_s", plan.solve_s}, {"build_s", plan.build_s}};
  nlohmann::json insts = nlohmann::json::array();
  for (const InstructionPlan& ip : plan.instructions) {
    nlohmann::json specs = nlohmann::json::array(), hlo = nlohmann::json::array();
    for (const ShardingSpec& s : ip.strategy.outputs) {
      specs.push_back(s.ToString());
      auto h = ToHloSharding(Annotatable(s), mesh);
      hlo.push_back(h.ok() ? PrintSharding(*h) : "");
    }
    insts.push_back({{"name", ip.inst->name()},
                     {"opcode", std::string(HloOpcodeName(ip.inst->opcode()))},
                     {"shape", ip.inst->shape().ToString(false)},
                     {"strategy", ip.strategy.name},
                     {"specs", specs},
                     {"hlo_sharding", hlo},
                     {"bytes_per_device", ip.bytes_per_device},
                     {"compute_s", ip.strategy.compute_s},
                     {"communication_s", ip.strategy.communication_s},
                     {"collectives", CollectivesJson(ip.strategy.collectives)}});
  }
  j["instructions"] = std::move(insts);
  nlohmann::json reshards = nlohmann::json::array();
  for (const PlannedResharding& r : plan.reshardings) {
    reshards.push_back({{"producer", r.producer->name()},
                        {"consumer", r.consumer ? r.consumer->name()
                                    : r.operand < 0 ? "(program output)"
                                                    : "(aliased parameter)"},
                        {"operand", r.operand},
                        {"from", r.from.ToString()},
                        {"to", r.to.ToString()},
                        {"seconds", r.cost.seconds},
                        {"collectives", CollectivesJson(r.cost.collectives)}});
  }
  j["reshardings"] = std::move(reshards);
  return j;
}

Status AnnotateModule(Module& module, const Plan& plan, const Mesh& mesh) {
  std::unordered_map<const Instruction*, const Strategy*> chosen;
  for (const InstructionPlan& ip : plan.instructions) chosen[ip.inst] = &ip.strategy;
  for (auto& owned : module.entry()->mutable_instructions()) {
    Instruction& inst = *owned;
    std::vector<HloSharding> leaves;
    for (const LeafRef& ref : ResolveLeaves(&inst)) {
      auto it = chosen.find(ref.producer);
      if (it == chosen.end()) {
        return Internal("%{}: the plan has no strategy for %{}", inst.name(),
                        ref.producer->name());
      }
      ASSIGN_OR_RETURN(HloSharding h,
                       ToHloSharding(Annotatable(it->second->outputs[ref.leaf]), mesh));
      leaves.push_back(std::move(h));
    }
    if (inst.shape().IsTuple()) {
      HloSharding tuple;
      tuple.kind = HloSharding::Kind::kTuple;
      tuple.tuple = std::move(leaves);
      inst.set_sharding(std::move(tuple));
    } else if (leaves.size() == 1) {
      inst.set_sharding(std::move(leaves[0]));
    }
  }
  return Status::Ok();
}

}  // namespace xpar
