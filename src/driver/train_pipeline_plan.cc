// Pipelined training: stages on submeshes by the inter-op pass (Alpa's stage DP with the
// stage count fixed), each stage program auto-sharded on its submesh; or a saved plan (a
// checkpoint's, or rank 0's under mpirun) re-applied so the stages partition identically.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <fstream>

#include "analysis/cost_model.h"
#include "driver/train_pipeline.h"
#include "support/source_text.h"
#include "passes/pipeline/pipeline_planner.h"
#include "runtime/pipeline/plan_json.h"
#include "support/units.h"

namespace xpar::train::pipelined {
namespace {

using Clock = std::chrono::steady_clock;

double SecondsSince(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

// args.log, line by line (`text` may hold several lines).
void Log(const TrainOptions& args, const std::string& text) {
  if (!args.log) return;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    args.log(text.substr(start, end - start));
    start = end + 1;
  }
}

// The inter-op plan. A mesh AxBxC is A hosts of BxC devices; a stage on a whole host plans on
// the BxC mesh.
Expected<pipeline::PipelinePlan> PlanStages(const TrainOptions& args, const PipelinePrograms& p,
                                            const Cluster& cluster) {
  ASSIGN_OR_RETURN(Mesh mesh, Mesh::Parse(args.mesh));
  pipeline::PipelineOptions po;
  std::vector<int64_t> host_shape(mesh.shape().begin() + (mesh.rank() > 1 ? 1 : 0),
                                  mesh.shape().end());
  po.num_hosts = mesh.rank() > 1 ? mesh.shape()[0] : 1;
  po.devices_per_host = mesh.num_devices() / po.num_hosts;
  po.microbatches = args.microbatches;
  po.num_stages = args.stages;
  po.loss_index = 0;
  if (!args.memory.empty()) {  // the per-device limit of the stages, as of their intra-op plans
    ASSIGN_OR_RETURN(po.memory_limit_bytes, ParseByteSize(args.memory));
  }
  ASSIGN_OR_RETURN(po.remat,
                   pipeline::ParseRematMode(
                       !args.remat.empty() ? args.remat : (args.memory.empty() ? "none" : "auto")));
  Clock::time_point t0 = Clock::now();
  ASSIGN_OR_RETURN(pipeline::PipelineResult planned, PlanPipeline(*p.gradient, cluster, po));
  Log(args, fmt::format("inter-op plan: {} stages in {:.2f} s", planned.plan.stages.size(),
                        SecondsSince(t0)));
  Log(args, pipeline::RematReport(planned));
  pipeline::PipelinePlan& plan = planned.plan;
  for (size_t i = 0; i < plan.stages.size(); ++i) {
    pipeline::Submesh& sm = plan.stages[i].submesh;
    if (static_cast<int64_t>(sm.devices.size()) == po.devices_per_host) sm.shape = host_shape;
  }
  ASSIGN_OR_RETURN(plan.schedule, pipeline::ParseSchedule(args.schedule));
  return std::move(plan);
}

void LogStages(const TrainOptions& args, const pipeline::PipelinePlan& plan) {
  for (size_t i = 0; i < plan.stages.size(); ++i) {
    const pipeline::Submesh& sm = plan.stages[i].submesh;
    Log(args, fmt::format("pipeline stage {}: layers {}-{} on devices {} as mesh {}", i,
                          plan.stages[i].first_layer, plan.stages[i].last_layer,
                          fmt::join(sm.devices, ","), fmt::join(sm.shape, "x")));
  }
}

// The stage plans take the planner options of plain `xpar train`, per stage submesh.
Expected<AutoShardingOptions> StagePlannerOptions(const TrainOptions& args,
                                                  const PipelinePrograms& p) {
  AutoShardingOptions as;
  as.solve.time_limit_s = args.plan_time_limit;
  as.force_data_parallel = args.data_parallel;
  as.batch_size = p.batch;
  as.shard_parameters = args.shard_parameters;
  if (!args.memory.empty()) {
    ASSIGN_OR_RETURN(as.memory_limit_bytes, ParseByteSize(args.memory));
  }
  return as;
}

}  // namespace

Expected<BuiltPipeline> PlanAndBuild(const TrainOptions& args, const PipelinePrograms& p,
                                     const nlohmann::json* saved,
                                     std::vector<int32_t> compile_stages) {
  BuiltPipeline built;
  pipeline::PipelineRunOptions ro;
  for (size_t f = 0; f < p.is_data.size(); ++f) {
    if (p.is_data[f]) ro.data_parameters.push_back(static_cast<int64_t>(f));
  }
  ro.compile_stages = std::move(compile_stages);
  pipeline::PipelinePlan plan;
  auto record = std::make_shared<pipeline::ProgramPlans>();
  Clock::time_point t0 = Clock::now();
  if (saved != nullptr) {
    ASSIGN_OR_RETURN(pipeline::SavedPipelinePlan s, pipeline::PipelinePlanFromJson(*saved));
    const size_t n = p.gradient->entry()->instructions().size();
    const std::string schedule = pipeline::ScheduleName(s.plan.schedule);
    if (s.plan.stage_of_instruction.size() != n ||
        static_cast<int64_t>(s.plan.stages.size()) != args.stages ||
        s.plan.microbatches != args.microbatches || schedule != args.schedule) {
      return InvalidArgument(
          "the saved pipeline plan ({} stages, {} microbatches, {}, {} "
          "instructions) does not fit this run ({} stages, {} microbatches, "
          "{}, {} instructions)",
          s.plan.stages.size(), s.plan.microbatches, schedule, s.plan.stage_of_instruction.size(),
          args.stages, args.microbatches, args.schedule, n);
    }
    plan = std::move(s.plan);
    *record = s.programs;
    ro.annotate = pipeline::MakeSavedPlanAnnotator(std::move(s.programs));
  } else {
    ASSIGN_OR_RETURN(Cluster cluster, LoadCluster(args.cluster));
    ASSIGN_OR_RETURN(plan, PlanStages(args, p, cluster));
    t0 = Clock::now();
    ASSIGN_OR_RETURN(AutoShardingOptions as, StagePlannerOptions(args, p));
    ro.annotate = pipeline::MakeRecordingAnnotator(cluster, as, record);
  }
  LogStages(args, plan);
  for (const pipeline::Stage& s : plan.stages) built.submeshes.push_back(s.submesh);
  ASSIGN_OR_RETURN(built.pipe, pipeline::PipelineFromPlan(*p.gradient, plan, std::move(ro)));
  for (int32_t s = 0; s < static_cast<int32_t>(plan.stages.size()); ++s) {
    int64_t held = 0, peak = 0;  // microbatches between their forward and backward
    for (const pipeline::PipelineEvent& e : built.pipe->events(s)) {
      held += e.phase == pipeline::Phase::kForward ? 1 : -1;
      peak = std::max(peak, held);
    }
    const int64_t bytes = pipeline::StashBytes(built.pipe->split(), s);
    Log(args, fmt::format(
        "pipeline stage {} stash: {} bytes per microbatch, {} bytes with {} in flight{}", s,
        bytes, bytes * peak, peak,
        plan.stages[s].remat_layers.empty()
            ? ""
            : fmt::format(" (recomputes layers {})", fmt::join(plan.stages[s].remat_layers, ","))));
  }
  if (saved == nullptr) {
    Log(args, fmt::format(
        "stage programs split, planned on their submeshes and partitioned in {:.2f} s",
        SecondsSince(t0)));
  }
  built.plan_json = pipeline::PipelinePlanToJson(plan, *record);
  return built;
}

std::vector<std::string> StageProgramLines(const Pipeline& pipe) {
  std::vector<std::string> lines;
  for (size_t i = 0; i < pipe.split().programs.size(); ++i) {
    const pipeline::StageProgram& sp = pipe.split().programs[i];
    if (!pipe.compiled(static_cast<int32_t>(i))) continue;
    lines.push_back(fmt::format("  stage {} {}: {}", sp.stage,
                                sp.phase == pipeline::Phase::kForward ? "forward" : "backward",
                                pipe.executable(static_cast<int32_t>(i)).Describe()));
  }
  return lines;
}

Status WriteTrace(const std::string& path, const std::vector<pipeline::TraceEvent>& trace) {
  std::ofstream out(path);
  out << pipeline::TraceToJson(trace);
  out.close();
  if (!out) return Status(StatusCode::kIo, fmt::format("--trace: cannot write '{}'", path));
  return Status::Ok();
}

}  // namespace xpar::train::pipelined
