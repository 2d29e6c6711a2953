// The pipeline runtime (pipeline_runtime.h): stage threads over the schedule, channels between
// them, per-microbatch inputs, accumulation of the results.
#include "runtime/pipeline/pipeline_runtime.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <mutex>
#include <set>

#include "runtime/pipeline/accumulator.h"
#include "runtime/pipeline/channels.h"
#include "support/worker_threads.h"

namespace xpar::pipeline {
namespace {

Status CheckArguments(const StageSplit& split, const std::vector<bool>& is_data,
                      int64_t microbatches, std::span<const Literal> args) {
  const auto& shapes = split.parameter_shapes;
  if (args.size() != shapes.size()) {
    return InvalidArgument("pipeline: {} arguments for {} parameters", args.size(), shapes.size());
  }
  for (size_t i = 0; i < shapes.size(); ++i) {
    Shape want = shapes[i];
    if (is_data[i]) want.mutable_dims()[0] *= microbatches;
    if (!args[i].shape().Compatible(want)) {
      return InvalidArgument("pipeline: argument {} is {}, expected {}{}", i,
                             args[i].shape().ToString(false), want.ToString(false),
                             is_data[i] ? fmt::format(" ({} microbatches of {})", microbatches,
                                                      shapes[i].ToString(false))
                                        : "");
    }
  }
  return Status::Ok();
}

// Which programs read each program output (each reads it once per microbatch).
std::vector<std::vector<std::vector<int32_t>>> Readers(const StageSplit& split) {
  std::vector<std::vector<std::vector<int32_t>>> readers(split.programs.size());
  for (size_t p = 0; p < split.programs.size(); ++p) {
    readers[p].resize(split.programs[p].output_names.size());
  }
  for (size_t p = 0; p < split.programs.size(); ++p) {
    for (const ValueRef& in : split.programs[p].inputs) {
      if (in.kind == ValueRef::Kind::kOutput) {
        readers[in.program][in.output].push_back(static_cast<int32_t>(p));
      }
    }
  }
  return readers;
}

}  // namespace

Expected<std::unique_ptr<Pipeline>> Pipeline::Create(StageSplit split,
                                                     const std::vector<Submesh>& submeshes,
                                                     PipelineRunOptions options) {
  if (static_cast<int32_t>(submeshes.size()) != split.num_stages) {
    return InvalidArgument("pipeline: {} submeshes for {} stages", submeshes.size(),
                           split.num_stages);
  }
  std::unique_ptr<Pipeline> p(new Pipeline(std::move(split), std::move(options)));
  const StageSplit& s = p->split_;
  ASSIGN_OR_RETURN(p->schedule_, BuildSchedule(p->options_.schedule, s.num_stages,
                                               p->options_.microbatches));
  p->is_data_.assign(s.parameter_shapes.size(), false);
  for (int64_t d : p->options_.data_parameters) {
    if (d < 0 || d >= static_cast<int64_t>(s.parameter_shapes.size()) ||
        !s.parameter_shapes[d].IsArray() || s.parameter_shapes[d].rank() == 0) {
      return InvalidArgument("pipeline: data parameter {} is not an array parameter with a batch "
                             "dimension",
                             d);
    }
    p->is_data_[d] = true;
  }
  for (size_t r = 0; r < s.results.size(); ++r) {
    const ValueRef& ref = s.results[r];
    const Shape& shape = ref.kind == ValueRef::Kind::kParameter
                             ? s.parameter_shapes[ref.parameter]
                             : s.programs[ref.program].module->entry()->root()->shape()
                                   .tuple_shape(ref.output);
    if (!shape.IsArray()) {
      return Unimplemented("pipeline: result {} is {}; only array results are accumulated over "
                           "microbatches",
                           r, shape.ToString(false));
    }
  }
  std::vector<std::vector<std::vector<int32_t>>> readers = Readers(s);
  for (size_t i = 0; i < s.programs.size(); ++i) {
    StageProgram& program = p->split_.programs[i];
    std::vector<bool> batch_inputs;  // data, and what other programs computed from it
    for (const ValueRef& in : program.inputs) {
      batch_inputs.push_back(in.kind == ValueRef::Kind::kOutput || p->is_data_[in.parameter]);
    }
    const auto& only = p->options_.compile_stages;
    std::unique_ptr<StageExecutable> exe;
    if (only.empty() || std::find(only.begin(), only.end(), program.stage) != only.end()) {
      ASSIGN_OR_RETURN(exe, StageExecutable::Compile(program, submeshes[program.stage],
                                                     batch_inputs, p->options_.annotate));
    }
    p->executables_.push_back(std::move(exe));
    std::vector<int32_t> counts;
    for (const auto& r : readers[i]) counts.push_back(static_cast<int32_t>(r.size()));
    p->readers_.push_back(std::move(counts));
    p->result_slots_.emplace_back(program.output_names.size());
  }
  for (size_t r = 0; r < s.results.size(); ++r) {
    const ValueRef& ref = s.results[r];
    if (ref.kind == ValueRef::Kind::kOutput) p->result_slots_[ref.program][ref.output].push_back(r);
  }
  return p;
}

Status Pipeline::RunStage(int32_t stage, std::span<const Literal> args,
                          const std::vector<std::vector<Literal>>& microbatches,
                          Channels& channels, Accumulator& accumulator, Clock::time_point start,
                          std::vector<TraceEvent>& trace) const {
  auto micros = [&](Clock::time_point t) {
    return std::chrono::duration<double, std::micro>(t - start).count();
  };
  for (const PipelineEvent& e : schedule_[stage]) {
    const int32_t p = ProgramIndex(stage, e.phase);
    const StageProgram& program = split_.programs[p];
    std::vector<std::shared_ptr<const Literal>> received;  // keeps channel values alive
    std::vector<const Literal*> inputs;
    for (const ValueRef& in : program.inputs) {
      if (in.kind == ValueRef::Kind::kParameter) {
        inputs.push_back(is_data_[in.parameter] ? &microbatches[in.parameter][e.microbatch]
                                                : &args[in.parameter]);
        continue;
      }
      const std::string reader =
          fmt::format("pipeline stage {} {} of microbatch {}", stage,
                      e.phase == Phase::kForward ? "forward" : "backward", e.microbatch);
      ASSIGN_OR_RETURN(auto value, channels.Take({in.program, in.output, e.microbatch}, reader));
      received.push_back(value);
      inputs.push_back(value.get());
    }
    Clock::time_point t0 = Clock::now();
    uint64_t seed = options_.rng_seed + static_cast<uint64_t>(p * 1000003 + e.microbatch);
    auto outputs = executables_[p]->Run(inputs, seed);
    if (!outputs.ok()) {
      return outputs.status().WithContext(fmt::format(
          "pipeline stage {} {} of microbatch {}: ", stage,
          e.phase == Phase::kForward ? "forward" : "backward", e.microbatch));
    }
    double t1 = micros(Clock::now());
    for (int64_t device : executables_[p]->devices()) {
      trace.push_back({stage, device, e, micros(t0), t1});
    }
    for (size_t k = 0; k < outputs->size(); ++k) {
      Literal& value = (*outputs)[k];
      for (size_t r : result_slots_[p][k]) accumulator.Add(r, value);
      if (readers_[p][k] > 0) {
        channels.Put({p, static_cast<int64_t>(k), e.microbatch},
                     std::make_shared<const Literal>(std::move(value)), readers_[p][k]);
      }
    }
  }
  return Status::Ok();
}

Expected<PipelineRunResult> Pipeline::Run(std::span<const Literal> args) const {
  const int64_t m = options_.microbatches;
  if (!options_.compile_stages.empty()) {
    return FailedPrecondition("pipeline: only some stages were compiled; run them with MpiPipeline");
  }
  RETURN_IF_ERROR(CheckArguments(split_, is_data_, m, args));
  std::vector<std::vector<Literal>> microbatches(args.size());
  for (size_t i = 0; i < args.size(); ++i) {
    for (int64_t k = 0; is_data_[i] && k < m; ++k) {
      microbatches[i].push_back(MicrobatchOf(args[i], split_.parameter_shapes[i], k));
    }
  }
  // What the stage threads use lives as long as the last of them: a stage stuck computing is
  // left running (WorkerThreads) once the others have failed and the collective timeout passed.
  struct RunState {
    RunState(const StageSplit& split, int64_t m, LossReduction reduction, int32_t stages)
        : accumulator(split, m, reduction), status(stages), traces(stages) {}
    Channels channels;
    Accumulator accumulator;
    std::vector<std::vector<Literal>> microbatches;
    std::vector<Status> status;
    std::vector<std::vector<TraceEvent>> traces;
  };
  const int32_t stages = split_.num_stages;
  auto state = std::make_shared<RunState>(split_, m, options_.reduction, stages);
  state->microbatches = std::move(microbatches);
  Clock::time_point start = Clock::now();
  WorkerThreads threads;
  for (int32_t s = 0; s < stages; ++s) {
    threads.Start([this, state, args, start, s] {
      RunState& st = *state;
      Status done = RunStage(s, args, st.microbatches, st.channels, st.accumulator, start,
                             st.traces[s]);
      if (!done.ok()) st.channels.Abort(done);
      st.status[s] = std::move(done);
    });
  }
  const std::chrono::milliseconds grace = CollectiveTimeout();
  std::vector<size_t> stuck = threads.Join([&] { return !state->channels.aborted().ok(); }, grace);
  if (!stuck.empty()) {
    std::string names;
    for (size_t s : stuck) names += fmt::format("{}{}", names.empty() ? "" : ",", s);
    return state->channels.aborted().WithContext(fmt::format(
        "pipeline stage{} {} still computing {:.1f} s after the run failed, abandoned (the "
        "process must end): ",
        stuck.size() > 1 ? "s" : "", names, std::chrono::duration<double>(grace).count()));
  }
  PipelineRunResult result;
  result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  // Stages woken by an abort return its reason: any failed stage's status is the first failure.
  for (const Status& s : state->status) RETURN_IF_ERROR(s);
  for (size_t r = 0; r < split_.results.size(); ++r) {
    const ValueRef& ref = split_.results[r];
    result.results.push_back(ref.kind == ValueRef::Kind::kParameter
                                 ? args[ref.parameter]
                                 : state->accumulator.Finish(r));
  }
  std::vector<std::vector<TraceEvent>>& traces = state->traces;
  for (auto& t : traces) result.trace.insert(result.trace.end(), t.begin(), t.end());
  return result;
}

Expected<std::unique_ptr<Pipeline>> PipelineFromPlan(const Module& gradient,
                                                     const PipelinePlan& plan,
                                                     PipelineRunOptions options,
                                                     const SplitOptions& split_options) {
  std::vector<Submesh> submeshes;
  for (const Stage& s : plan.stages) submeshes.push_back(s.submesh);
  SplitOptions so = split_options;
  if (so.recompute.empty()) so.recompute = plan.recompute;  // the plan's rematerialisation
  ASSIGN_OR_RETURN(StageSplit split,
                   SplitByStage(gradient, plan.stage_of_instruction,
                                static_cast<int32_t>(plan.stages.size()), so));
  options.microbatches = plan.microbatches;
  options.schedule = plan.schedule;
  return Pipeline::Create(std::move(split), submeshes, std::move(options));
}

std::string TraceToJson(const std::vector<TraceEvent>& trace) {
  nlohmann::json events = nlohmann::json::array();
  std::set<int32_t> stages;
  std::set<std::pair<int32_t, int64_t>> lanes;
  for (const TraceEvent& t : trace) {
    bool fwd = t.event.phase == Phase::kForward;
    events.push_back({{"name", fmt::format("{}{}", fwd ? 'F' : 'B', t.event.microbatch)},
                      {"cat", fwd ? "forward" : "backward"},
                      {"ph", "X"},
                      {"ts", t.start_us},
                      {"dur", t.end_us - t.start_us},
                      {"pid", t.stage},
                      {"tid", t.device},
                      {"args", {{"stage", t.stage}, {"microbatch", t.event.microbatch}}}});
    stages.insert(t.stage);
    lanes.insert({t.stage, t.device});
  }
  for (int32_t s : stages) {
    events.push_back({{"name", "process_name"}, {"ph", "M"}, {"pid", s},
                      {"args", {{"name", fmt::format("stage {}", s)}}}});
  }
  for (const auto& [s, d] : lanes) {
    events.push_back({{"name", "thread_name"}, {"ph", "M"}, {"pid", s}, {"tid", d},
                      {"args", {{"name", fmt::format("device {}", d)}}}});
  }
  return nlohmann::json{{"traceEvents", events}}.dump();
}

}  // namespace xpar::pipeline
