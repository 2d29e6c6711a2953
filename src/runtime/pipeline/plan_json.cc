// Pipelined plans to and from JSON, and the annotators that record or re-apply stage programs'
// intra-op plans (plan_json.h).
#include "runtime/pipeline/plan_json.h"

#include "passes/auto_sharding/plan_export.h"
#include "runtime/pipeline/schedule.h"

namespace xpar::pipeline {

nlohmann::json PipelinePlanToJson(const PipelinePlan& plan, const ProgramPlans& programs) {
  nlohmann::json stages = nlohmann::json::array();
  for (const Stage& s : plan.stages) {
    stages.push_back({{"first_layer", s.first_layer},
                      {"last_layer", s.last_layer},
                      {"shape", s.submesh.shape},
                      {"devices", s.submesh.devices},
                      {"remat_layers", s.remat_layers}});
  }
  std::vector<int64_t> recompute;  // indices of the recomputed instructions
  for (size_t i = 0; i < plan.recompute.size(); ++i) {
    if (plan.recompute[i]) recompute.push_back(static_cast<int64_t>(i));
  }
  nlohmann::json progs = nlohmann::json::object();
  for (const auto& [name, p] : programs) progs[name] = p;
  return {{"stages", stages},
          {"microbatches", plan.microbatches},
          {"schedule", ScheduleName(plan.schedule)},
          {"stage_of_instruction", plan.stage_of_instruction},
          {"recompute", recompute},
          {"programs", progs}};
}

Expected<SavedPipelinePlan> PipelinePlanFromJson(const nlohmann::json& j) {
  SavedPipelinePlan out;
  if (!j.is_object()) return InvalidArgument("pipeline plan: not a JSON object");
  for (const char* key :
       {"stages", "microbatches", "schedule", "stage_of_instruction", "programs"}) {
    if (!j.contains(key)) return InvalidArgument("pipeline plan: no '{}'", key);
  }
  try {
    for (const auto& s : j.at("stages")) {
      Stage stage;
      stage.first_layer = s.at("first_layer").get<int64_t>();
      stage.last_layer = s.at("last_layer").get<int64_t>();
      stage.submesh.shape = s.at("shape").get<std::vector<int64_t>>();
      stage.submesh.devices = s.at("devices").get<std::vector<int64_t>>();
      if (s.contains("remat_layers")) {
        stage.remat_layers = s.at("remat_layers").get<std::vector<int64_t>>();
      }
      out.plan.stages.push_back(std::move(stage));
    }
    out.plan.microbatches = j.at("microbatches").get<int64_t>();
    ASSIGN_OR_RETURN(out.plan.schedule, ParseSchedule(j.at("schedule").get<std::string>()));
    out.plan.stage_of_instruction = j.at("stage_of_instruction").get<std::vector<int32_t>>();
    if (j.contains("recompute")) {  // rematerialised instructions (plans before it have none)
      out.plan.recompute.assign(out.plan.stage_of_instruction.size(), false);
      for (int64_t i : j.at("recompute").get<std::vector<int64_t>>()) {
        if (i < 0 || i >= static_cast<int64_t>(out.plan.recompute.size())) {
          return InvalidArgument(
              "pipeline plan: recomputed instruction {} is not among the {} "
              "instructions",
              i, out.plan.recompute.size());
        }
        out.plan.recompute[i] = true;
      }
    }
    for (const auto& [name, p] : j.at("programs").items()) out.programs[name] = p;
  } catch (const nlohmann::json::exception& e) {
    return InvalidArgument("pipeline plan: {}", e.what());
  }
  if (out.plan.stages.empty()) return InvalidArgument("pipeline plan: no stages");
  return out;
}

StageAnnotator MakeRecordingAnnotator(Cluster cluster, AutoShardingOptions options,
                                      std::shared_ptr<ProgramPlans> record) {
  return [cluster = std::move(cluster), options = std::move(options), record](
             Module& program, const Mesh& mesh, const std::vector<bool>&) -> Status {
    ASSIGN_OR_RETURN(CostModel model, CostModel::Create(mesh, cluster));
    ASSIGN_OR_RETURN(Plan plan, PlanAutoSharding(program, model, options));
    (*record)[program.name()] = PlanToJson(plan, mesh);
    return AnnotateModule(program, plan, mesh);
  };
}

StageAnnotator MakeSavedPlanAnnotator(ProgramPlans plans) {
  return [plans = std::move(plans)](Module& program, const Mesh& mesh,
                                    const std::vector<bool>&) -> Status {
    auto it = plans.find(program.name());
    if (it == plans.end()) {
      return InvalidArgument(
          "the saved pipeline plan has no intra-op plan for stage program "
          "'{}' (made for another model or stage split?)",
          program.name());
    }
    return AnnotateModuleFromJson(program, it->second, mesh);
  };
}

}  // namespace xpar::pipeline
