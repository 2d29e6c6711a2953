// Each pipeline stage's intra-op plan on its submesh (plan_pipeline_stages.h).
#include "plan_pipeline_stages.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <limits>
#include <set>

#include "cli_util.h"
#include "passes/pipeline/stage_costs.h"
#include "passes/pipeline/stage_dp.h"

namespace xpar {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// A stage's saved activations for the whole batch, per device (the inter-op estimate: B/m times
// what its m in-flight microbatches hold).
int64_t WholeBatchSaved(const pipeline::StageReport& rep, int64_t microbatches) {
  return rep.activation_bytes * microbatches / std::max<int64_t>(1, rep.in_flight);
}

// The whole-batch limit under which static + m/B saved + 1/B transient stays within `limit`:
// static + saved + B x (limit - static - m/B saved).
int64_t WholeBatchLimit(const pipeline::StageReport& rep, int64_t limit, int64_t microbatches) {
  const int64_t room = std::max<int64_t>(0, limit - rep.static_bytes - rep.activation_bytes);
  return rep.static_bytes + WholeBatchSaved(rep, microbatches) + microbatches * room;
}

StageIntraOpPlan PlanOneStage(const Module& module, const pipeline::PipelineResult& r, size_t s,
                              const Cluster& cluster, const AutoShardingOptions& options,
                              int64_t device_limit, const std::set<std::string>& step_parameters) {
  const pipeline::Stage& stage = r.plan.stages[s];
  StageIntraOpPlan out;
  out.mesh = fmt::format("{}", fmt::join(stage.submesh.shape, "x"));
  auto fail = [&](const Status& st) {
    out.error = std::string(st.message());
    return out;
  };
  auto program =
      pipeline::ExtractLayers(module, r.layer_of_instruction, stage.first_layer, stage.last_layer);
  if (!program.ok()) return fail(program.status());
  out.instructions = static_cast<int64_t>((*program)->entry()->instructions().size());
  auto model = CostModel::Create(Mesh(stage.submesh.shape), cluster);
  if (!model.ok()) return fail(model.status());
  const pipeline::StageReport& rep = r.stages[s];
  AutoShardingOptions o = options;
  o.memory_limit_bytes = WholeBatchLimit(rep, device_limit, r.plan.microbatches);
  // A stage the inter-op pass priced with sharded parameters (its ZeRO-3 choice, or layer plans
  // with --shard-parameters) is planned that way too.
  o.shard_parameters = o.shard_parameters || rep.intra_op.find("sharded") != std::string::npos;
  o.solve.progress = nullptr;
  out.limit_bytes = *o.memory_limit_bytes;
  Expected<Plan> plan = PlanAutoSharding(**program, *model, o);
  if (!plan.ok() && plan.status().code() == StatusCode::kResourceExhausted) {
    // The whole batch's transient tensors alone can exceed any scaled limit (they are 1/B of it
    // per microbatch): plan for time only, as the inter-op pass's auto-sharding stage costs do,
    // and judge the memory by the estimate below.
    out.unbounded = true;
    o.memory_limit_bytes = std::numeric_limits<int64_t>::max() / 4;
    plan = PlanAutoSharding(**program, *model, o);
  }
  if (!plan.ok()) return fail(plan.status());
  const auto b = static_cast<double>(r.plan.microbatches);
  out.planned = true;
  out.seconds = plan->step_s() / b;
  out.compute_s = plan->compute_s / b;
  out.communication_s = plan->communication_s / b;
  out.whole_batch_peak_bytes = plan->peak_memory_bytes;
  // The plan's own static bytes, the stage's saved activations at m/B, the rest at 1/B.
  const int64_t fixed = std::min(StepParameterBytes(*plan, step_parameters), plan->peak_memory_bytes);
  const int64_t saved = WholeBatchSaved(rep, r.plan.microbatches);
  const int64_t transient = std::max<int64_t>(0, plan->peak_memory_bytes - fixed - saved);
  out.peak_bytes = fixed + rep.activation_bytes + transient / r.plan.microbatches;
  out.memory_ok = out.peak_bytes <= device_limit;
  out.backend = plan->backend;
  out.optimal = plan->optimal;
  out.build_s = plan->build_s;
  out.solve_s = plan->solve_s;
  return out;
}

}  // namespace

int64_t StepParameterBytes(const Plan& plan, const std::set<std::string>& step_parameters) {
  int64_t bytes = 0;
  for (const InstructionPlan& ip : plan.instructions) {
    if (ip.inst->opcode() == Opcode::kParameter && step_parameters.count(ip.inst->name())) {
      bytes += ip.bytes_per_device;
    }
  }
  return bytes;
}

Expected<StagePlans> PlanPipelineStages(const Module& module, const pipeline::PipelineResult& r,
                                        const Cluster& cluster,
                                        const AutoShardingOptions& options) {
  if (r.stages.size() != r.plan.stages.size()) {
    return InvalidArgument("the pipeline result has {} stage reports for {} stages",
                           r.stages.size(), r.plan.stages.size());
  }
  const auto t0 = Clock::now();
  StagePlans plans;
  std::vector<double> seconds, transfers;
  std::set<std::string> step_parameters;
  for (const Instruction* p : module.entry()->parameters()) step_parameters.insert(p->name());
  for (size_t s = 0; s < r.plan.stages.size(); ++s) {
    plans.stages.push_back(
        PlanOneStage(module, r, s, cluster, options, r.memory_limit_bytes, step_parameters));
    const StageIntraOpPlan& p = plans.stages.back();
    seconds.push_back(p.planned ? p.seconds : std::numeric_limits<double>::infinity());
    transfers.push_back(2 * r.plan.stages[s].transfer_seconds);
  }
  plans.step_s = pipeline::PipelineLatency(seconds, r.plan.microbatches, transfers);
  plans.wall_s = SecondsSince(t0);
  return plans;
}

void PrintStagePlans(const StagePlans& plans, const pipeline::PipelineResult& r) {
  fmt::print("stage intra-op plans (each stage program planned on its submesh, whole batch; "
             "per microbatch = 1/{}):\n", r.plan.microbatches);
  fmt::print("  {:>5} {:>7} {:>7} {:>9} {:>12} {:>12} {:>12} {:>10} {:>10}  {}\n", "stage",
             "layers", "mesh", "instrs", "per microb.", "compute", "comm.", "peak", "fits",
             "solver");
  for (size_t s = 0; s < plans.stages.size(); ++s) {
    const StageIntraOpPlan& p = plans.stages[s];
    const pipeline::Stage& st = r.plan.stages[s];
    const std::string layers = fmt::format("{}-{}", st.first_layer, st.last_layer);
    if (!p.planned) {
      fmt::print("  {:>5} {:>7} {:>7} {:>9}  no plan: {}\n", s, layers, p.mesh, p.instructions,
                 p.error);
      continue;
    }
    fmt::print("  {:>5} {:>7} {:>7} {:>9} {:>9.3f} ms {:>9.3f} ms {:>9.3f} ms {:>10} {:>10}  "
               "{}{}{}, build {:.1f} s, solve {:.1f} s\n",
               s, layers, p.mesh, p.instructions, p.seconds * 1e3, p.compute_s * 1e3,
               p.communication_s * 1e3, HumanBytes(p.peak_bytes), p.memory_ok ? "yes" : "NO",
               p.unbounded ? "no limit, " : "", p.backend, p.optimal ? " (optimal)" : "", p.build_s, p.solve_s);
  }
  fmt::print("estimated step time with the stage plans (1F1B): {:.3f} ms (inter-op estimate "
             "{:.3f} ms); stage plans took {:.1f} s\n",
             plans.step_s * 1e3, r.plan.estimated_step_seconds * 1e3, plans.wall_s);
}

nlohmann::json StagePlansToJson(const StagePlans& plans) {
  nlohmann::json stages = nlohmann::json::array();
  for (const StageIntraOpPlan& p : plans.stages) {
    nlohmann::json j = {{"mesh", p.mesh}, {"instructions", p.instructions},
                        {"planned", p.planned}};
    if (!p.planned) {
      j["error"] = p.error;
    } else {
      j.update({{"seconds_per_microbatch", p.seconds},
                {"compute_seconds", p.compute_s},
                {"communication_seconds", p.communication_s},
                {"whole_batch_peak_bytes", p.whole_batch_peak_bytes},
                {"limit_bytes", p.unbounded ? nlohmann::json() : nlohmann::json(p.limit_bytes)},
                {"peak_bytes", p.peak_bytes},
                {"memory_ok", p.memory_ok},
                {"backend", p.backend},
                {"optimal", p.optimal},
                {"build_seconds", p.build_s},
                {"solve_seconds", p.solve_s}});
    }
    stages.push_back(std::move(j));
  }
  const bool finite = plans.step_s < std::numeric_limits<double>::infinity();
  return {{"stages", stages},
          {"estimated_step_seconds", finite ? nlohmann::json(plans.step_s) : nlohmann::json()},
          {"wall_seconds", plans.wall_s}};
}

}  // namespace xpar
