// PlanReportData: the JSON a plan report page draws from. Sizes are bytes, times seconds; the
// embedded lists are capped (PlanHtmlOptions) and the totals say how much was left out.
#include <fmt/format.h>

#include <algorithm>

#include "passes/auto_sharding/plan_export.h"
#include "passes/auto_sharding/problem_builder.h"
#include "report/plan_html.h"
#include "report/plan_html_internal.h"

namespace xpar {
namespace {

using nlohmann::json;

json SpecJson(const ShardingSpec& spec) {
  return {{"dims", spec.dim_axes}, {"partial", spec.partial_axes}, {"text", spec.ToString()}};
}

json MeshJson(const CostModel& model) {
  const Mesh& mesh = model.mesh();
  json axes = json::array();
  for (int64_t a = 0; a < mesh.rank(); ++a) {
    const Link& link = model.axis_link(a);
    axes.push_back({{"size", mesh.axis_size(a)},
                    {"bandwidth", link.beta_bytes_per_s},
                    {"latency", link.alpha_s}});
  }
  return {{"shape", mesh.shape()}, {"devices", mesh.num_devices()}, {"axes", std::move(axes)}};
}

json SummaryJson(const Plan& plan, const Module& module) {
  return {{"step_s", plan.step_s()},
          {"compute_s", plan.compute_s},
          {"communication_s", plan.communication_s},
          {"peak_bytes", plan.peak_memory_bytes},
          {"limit_bytes", plan.memory_limit_bytes},
          {"memory_ok", plan.memory_ok},
          {"instructions", plan.num_instructions},
          {"backend", plan.backend},
          {"optimal", plan.optimal},
          {"solve_s", plan.solve_s},
          {"module", module.name()}};
}

// One entry per array leaf of a planned instruction: parameters first, each group largest first.
json TensorsJson(const Plan& plan, const Mesh& mesh, size_t cap, int64_t& total) {
  struct Row {
    const InstructionPlan* ip;
    size_t leaf;
    const Shape* shape;
  };
  std::vector<Row> rows;
  for (const InstructionPlan& ip : plan.instructions) {
    std::vector<const Shape*> leaves = ArrayLeaves(ip.inst->shape());
    for (size_t l = 0; l < leaves.size() && l < ip.strategy.outputs.size(); ++l) {
      rows.push_back({&ip, l, leaves[l]});
    }
  }
  auto is_param = [](const Row& r) { return r.ip->inst->opcode() == Opcode::kParameter; };
  std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) {
    if (is_param(a) != is_param(b)) return is_param(a);
    return a.shape->ByteSize() > b.shape->ByteSize();
  });
  total = static_cast<int64_t>(rows.size());
  json out = json::array();
  for (size_t i = 0; i < rows.size() && i < cap; ++i) {
    const Row& r = rows[i];
    const Instruction& inst = *r.ip->inst;
    const ShardingSpec& spec = r.ip->strategy.outputs[r.leaf];
    std::string name = inst.name();
    if (inst.shape().IsTuple()) name += fmt::format(".{}", r.leaf);
    out.push_back({{"name", name},
                   {"param", is_param(r)},
                   {"opcode", std::string(HloOpcodeName(inst.opcode()))},
                   {"type", std::string(PrimitiveTypeName(r.shape->type()))},
                   {"dims", r.shape->dims()},
                   {"bytes", r.shape->ByteSize()},
                   {"device_bytes", ShardedBytes(*r.shape, spec, mesh)},
                   {"spec", SpecJson(spec)},
                   {"strategy", r.ip->strategy.name}});
  }
  return out;
}

json CollectiveJson(const CollectiveUse& c, const CostModel& model, const std::string& where,
                    const std::string& detail) {
  return {{"kind", CollectiveKindName(c.kind)},
          {"bytes", c.bytes},
          {"axes", c.axes},
          {"seconds", model.CollectiveSeconds(c.kind, c.bytes, c.axes)},
          {"where", where},
          {"detail", detail}};
}

// The ops' own collectives and the reshardings', longest first.
json CollectivesJson(const Plan& plan, const CostModel& model, size_t cap, int64_t& total) {
  std::vector<json> rows;
  for (const InstructionPlan& ip : plan.instructions) {
    for (const CollectiveUse& c : ip.strategy.collectives) {
      rows.push_back(CollectiveJson(c, model, ip.inst->name(), ip.strategy.name));
    }
  }
  for (const PlannedResharding& r : plan.reshardings) {
    std::string to = r.consumer       ? r.consumer->name()
                     : r.operand < 0 ? std::string("(program output)")
                                     : std::string("(aliased parameter)");
    std::string detail = fmt::format("resharding {} -> {}: {} -> {}", r.producer->name(), to,
                                     r.from.ToString(), r.to.ToString());
    for (const CollectiveUse& c : r.cost.collectives) {
      rows.push_back(CollectiveJson(c, model, r.consumer ? to : r.producer->name(), detail));
    }
  }
  std::stable_sort(rows.begin(), rows.end(), [](const json& a, const json& b) {
    return a["seconds"].get<double>() > b["seconds"].get<double>();
  });
  total = static_cast<int64_t>(rows.size());
  if (rows.size() > cap) rows.resize(cap);
  return rows;
}

json TrafficJson(const Plan& plan) {
  json out = json::array();
  for (const auto& [kind, t] : plan.traffic) {
    out.push_back({{"kind", CollectiveKindName(kind)}, {"calls", t.calls},
                   {"bytes_sent", t.bytes_sent}});
  }
  return out;
}

}  // namespace

Expected<json> PlanReportData(const Module& module, const Plan& plan, const CostModel& model,
                              const PlanHtmlOptions& options) {
  const Computation* entry = module.entry();
  if (entry == nullptr) return InvalidArgument("module {} has no entry computation", module.name());
  for (const InstructionPlan& ip : plan.instructions) {
    if (ip.inst->index() >= static_cast<int64_t>(entry->instructions().size()) ||
        entry->instructions()[ip.inst->index()].get() != ip.inst) {
      return InvalidArgument("the plan does not belong to module {}: %{} is not in its entry",
                             module.name(), ip.inst->name());
    }
  }
  if (model.mesh().ToString() != plan.mesh) {
    return InvalidArgument("the plan is for mesh {}, the cost model for mesh {}", plan.mesh,
                           model.mesh().ToString());
  }
  int64_t tensors_total = 0, collectives_total = 0;
  json data = {{"title", options.title},
               {"cluster", plan.cluster},
               {"mesh", MeshJson(model)},
               {"summary", SummaryJson(plan, module)},
               {"traffic", TrafficJson(plan)}};
  data["tensors"] = TensorsJson(plan, model.mesh(), options.max_tensors, tensors_total);
  data["tensors_total"] = tensors_total;
  data["collectives"] =
      CollectivesJson(plan, model, options.max_collectives, collectives_total);
  data["collectives_total"] = collectives_total;
  data["memory"] = internal::MemoryJson(*entry, plan, options.max_memory_points);
  data["timeline"] = internal::TimelineJson(*entry, plan, options.max_timeline_bars);
  return data;
}

}  // namespace xpar
