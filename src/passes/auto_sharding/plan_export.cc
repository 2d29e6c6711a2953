// Plan JSON and HLO sharding annotations.
#include "passes/auto_sharding/plan_export.h"

#include <unordered_map>
#include <unordered_set>

#include <fmt/ranges.h>

#include "frontends/hlo/hlo_parser.h"
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
  nlohmann::json traffic = nlohmann::json::object();
  for (const auto& [kind, t] : plan.traffic) {
    traffic[std::string(CollectiveKindName(kind))] = {{"calls", t.calls},
                                                      {"bytes_sent_per_device", t.bytes_sent}};
  }
  j["estimate"]["traffic"] = std::move(traffic);
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
  if (!plan.simplified.removed.empty() || !plan.simplified.merged.empty()) {
    nlohmann::json merged = nlohmann::json::object();
    for (const auto& [dup, kept] : plan.simplified.merged) merged[dup] = kept;
    j["simplified"] = {{"removed", plan.simplified.removed}, {"merged", std::move(merged)}};
  }
  return j;
}

namespace {

// Annotates every entry instruction with the shardings of the leaves it forwards;
// `leaf_sharding(producer, leaf)` gives the chosen sharding of one producer's leaf.
template <typename LeafSharding>
Status AnnotateLeaves(Module& module, LeafSharding&& leaf_sharding) {
  for (auto& owned : module.entry()->mutable_instructions()) {
    Instruction& inst = *owned;
    std::vector<HloSharding> leaves;
    for (const LeafRef& ref : ResolveLeaves(&inst)) {
      ASSIGN_OR_RETURN(HloSharding h, leaf_sharding(*ref.producer, ref.leaf));
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

// A plan made after DCE/CSE (SimplifyLog): a merged duplicate takes its kept twin's shardings,
// a removed (dead) instruction is replicated.
Status AddSimplified(const nlohmann::json& plan,
                     std::unordered_map<std::string, std::vector<std::string>>& out,
                     std::unordered_set<std::string>& replicated) {
  if (!plan.contains("simplified")) return Status::Ok();
  const nlohmann::json& s = plan["simplified"];
  static const nlohmann::json kNone;
  const nlohmann::json& removed = s.is_object() && s.contains("removed") ? s["removed"] : kNone;
  const nlohmann::json& merged = s.is_object() && s.contains("merged") ? s["merged"] : kNone;
  if (!removed.is_array() || !merged.is_object()) {
    return InvalidArgument("the plan's \"simplified\" entry is not {{\"removed\": [...], "
                           "\"merged\": {{...}}}}");
  }
  for (auto it = merged.begin(); it != merged.end(); ++it) {
    auto kept = it.value().is_string() ? out.find(it.value().get<std::string>()) : out.end();
    if (kept == out.end()) {
      return InvalidArgument("the plan merges %{} into an instruction it has no entry for",
                             it.key());
    }
    std::vector<std::string> texts = kept->second;  // copied before the map may grow
    out[it.key()] = std::move(texts);
  }
  for (const nlohmann::json& name : removed) {
    if (!name.is_string()) return InvalidArgument("the plan's removed names are not strings");
    if (!out.count(name.get<std::string>())) replicated.insert(name.get<std::string>());
  }
  return Status::Ok();
}

// name -> the plan's HLO sharding texts of that instruction's leaves.
// Names the plan leaves replicated (removed as dead before planning) go to `replicated`.
Expected<std::unordered_map<std::string, std::vector<std::string>>> PlanShardingsByName(
    const nlohmann::json& plan, std::unordered_set<std::string>& replicated) {
  std::unordered_map<std::string, std::vector<std::string>> out;
  if (!plan.is_object() || !plan.contains("instructions") || !plan["instructions"].is_array()) {
    return InvalidArgument("the plan has no \"instructions\" list (is it `xpar plan --json` "
                           "output?)");
  }
  for (const nlohmann::json& ip : plan["instructions"]) {
    if (!ip.contains("name") || !ip["name"].is_string() || !ip.contains("hlo_sharding") ||
        !ip["hlo_sharding"].is_array()) {
      return InvalidArgument("plan entry {} lacks \"name\" or \"hlo_sharding\"", ip.dump());
    }
    std::vector<std::string> texts;
    for (const nlohmann::json& t : ip["hlo_sharding"]) {
      if (!t.is_string()) return InvalidArgument("plan entry {}: sharding is not a string",
                                                 ip["name"].get<std::string>());
      texts.push_back(t.get<std::string>());
    }
    out[ip["name"].get<std::string>()] = std::move(texts);
  }
  RETURN_IF_ERROR(AddSimplified(plan, out, replicated));
  return out;
}

}  // namespace

Status AnnotateModule(Module& module, const Plan& plan, const Mesh& mesh) {
  std::unordered_map<const Instruction*, const Strategy*> chosen;
  for (const InstructionPlan& ip : plan.instructions) chosen[ip.inst] = &ip.strategy;
  return AnnotateLeaves(module, [&](const Instruction& producer,
                                    int64_t leaf) -> Expected<HloSharding> {
    auto it = chosen.find(&producer);
    if (it == chosen.end()) {
      return Internal("the plan has no strategy for %{}", producer.name());
    }
    return ToHloSharding(Annotatable(it->second->outputs[leaf]), mesh);
  });
}

Status AnnotateModuleFromJson(Module& module, const nlohmann::json& plan, const Mesh& mesh) {
  if (plan.contains("mesh") && plan["mesh"].is_string() &&
      plan["mesh"].get<std::string>() != mesh.ToString()) {
    return InvalidArgument("the plan was made for mesh {}, not {}",
                           plan["mesh"].get<std::string>(), mesh.ToString());
  }
  std::unordered_set<std::string> replicated;
  ASSIGN_OR_RETURN(auto by_name, PlanShardingsByName(plan, replicated));
  return AnnotateLeaves(module, [&](const Instruction& producer,
                                    int64_t leaf) -> Expected<HloSharding> {
    if (replicated.count(producer.name())) return HloSharding::Replicated();
    auto it = by_name.find(producer.name());
    if (it == by_name.end()) {
      return InvalidArgument("the plan has no entry for %{} (made for another module?)",
                             producer.name());
    }
    if (leaf >= static_cast<int64_t>(it->second.size()) || it->second[leaf].empty()) {
      return InvalidArgument("the plan gives %{} no sharding for its leaf {}", producer.name(),
                             leaf);
    }
    auto h = ParseHloSharding(it->second[leaf]);
    if (!h.ok()) {
      return InvalidArgument("plan entry %{}: {}", producer.name(), h.status().message());
    }
    return h;
  });
}

}  // namespace xpar
