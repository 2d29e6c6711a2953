// A pipelined run's plan as JSON: the stages with their submeshes, the stage of every gradient
// instruction, microbatches and schedule, and each stage program's intra-op plan (plan_export's
// JSON, by program name). It is what fixes how a run partitions: rank 0 plans and sends it to
// the other MPI ranks, and checkpoints keep it so a resumed run partitions identically.
//
//   {"stages": [{"first_layer": 0, "last_layer": 6, "shape": [2,2], "devices": [0,1,2,3]}, ...],
//    "microbatches": 2, "schedule": "1f1b", "stage_of_instruction": [0, 0, -1, ...],
//    "programs": {"m.stage0.forward": {...plan...}, ...}}
#pragma once

#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "analysis/cost_model.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "passes/pipeline/pipeline_plan.h"
#include "runtime/pipeline/stage_executable.h"
#include "support/status.h"

namespace xpar::pipeline {

// Intra-op plans by stage program name (the program module's name).
using ProgramPlans = std::map<std::string, nlohmann::json>;

struct SavedPipelinePlan {
  PipelinePlan plan;
  ProgramPlans programs;
};

nlohmann::json PipelinePlanToJson(const PipelinePlan& plan, const ProgramPlans& programs);
// Errors name what is missing or malformed.
Expected<SavedPipelinePlan> PipelinePlanFromJson(const nlohmann::json& j);

// MakeAutoShardingAnnotator (intra_op.h) that also records each program's plan in `record`.
StageAnnotator MakeRecordingAnnotator(Cluster cluster, AutoShardingOptions options,
                                      std::shared_ptr<ProgramPlans> record);
// Annotates each stage program with its saved plan; a program the plans do not name is an error.
StageAnnotator MakeSavedPlanAnnotator(ProgramPlans plans);

}  // namespace xpar::pipeline
