// The pipeline runtime over MPI ranks (mpi_pipeline.h): this rank's stage over the schedule,
// values between stages as leader-to-leader messages broadcast in the receiving stage. Waits
// for other stages sleep (mpi_wait.h) rather than spin, so waiting ranks leave the cores to
// working ones when ranks outnumber cores.
#include "runtime/pipeline/mpi_pipeline.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "runtime/interpreter/collective_hub.h"
#include "runtime/mpi/mpi_chunked.h"
#include "runtime/mpi/mpi_ops.h"
#include "runtime/mpi/mpi_wait.h"
#include "runtime/mpi/mpi_watchdog.h"

namespace xpar::pipeline {
namespace {

using Clock = std::chrono::steady_clock;

int32_t StageOfProgram(int32_t program) { return program / 2; }  // programs[2 s], [2 s + 1]

// The tag of Share's messages: no step message is in flight then (Run waits for its sends).
constexpr int kShareTag = 0;

}  // namespace

struct MpiPipeline::Step {
  Step(const StageSplit& split, int64_t microbatches, LossReduction reduction)
      : accumulator(split, microbatches, reduction) {}
  Accumulator accumulator;
  std::vector<std::vector<Literal>> microbatches;  // per data parameter
  std::map<Key, Held> held;
  std::vector<Outgoing> outgoing;
  Clock::time_point start;
  std::vector<TraceEvent> trace;
};

MpiPipeline::~MpiPipeline() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  transport_.reset();
  if (stage_comm_ != MPI_COMM_NULL) MPI_Comm_free(&stage_comm_);
  if (world_ != MPI_COMM_NULL) MPI_Comm_free(&world_);
}

void MpiPipeline::Abort(const Status& reason) const {
  fmt::print(stderr, "xpar: MPI rank {} (pipeline stage {}): {}\n", world_rank_, stage_,
             reason.ToString());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  std::abort();  // MPI_Abort does not return; this keeps [[noreturn]] true if it ever did
}

Expected<std::unique_ptr<MpiPipeline>> MpiPipeline::Create(const Pipeline& pipe,
                                                           const std::vector<Submesh>& submeshes) {
  std::unique_ptr<MpiPipeline> mp(new MpiPipeline(pipe));
  RETURN_IF_ERROR(mp->Init(submeshes));
  return mp;
}

Status MpiPipeline::Init(const std::vector<Submesh>& submeshes) {
  const StageSplit& split = pipe_->split();
  XPAR_MPI_CALL(MPI_Comm_dup(MPI_COMM_WORLD, &world_));
  XPAR_MPI_CALL(MPI_Comm_set_errhandler(world_, MPI_ERRORS_RETURN));
  int world_size = 1;
  MPI_Comm_rank(world_, &world_rank_);
  MPI_Comm_size(world_, &world_size);
  if (static_cast<int32_t>(submeshes.size()) != split.num_stages) {
    return InvalidArgument("pipeline: {} submeshes for {} stages", submeshes.size(),
                           split.num_stages);
  }
  int64_t total = 0;
  int index = 0;
  stage_ = -1;
  for (size_t s = 0; s < submeshes.size(); ++s) {
    const std::vector<int64_t>& devices = submeshes[s].devices;
    if (devices.empty()) return InvalidArgument("pipeline stage {} has no devices", s);
    leaders_.push_back(static_cast<int>(devices[0]));
    total += static_cast<int64_t>(devices.size());
    for (size_t i = 0; i < devices.size(); ++i) {
      if (devices[i] == world_rank_) {
        stage_ = static_cast<int32_t>(s);
        index = static_cast<int>(i);
      }
    }
  }
  if (total != world_size || stage_ < 0) {
    return InvalidArgument(
        "the pipeline's {} stages use {} devices: run it with mpirun -np {} "
        "(one rank per device; this world has {} ranks)",
        split.num_stages, total, total, world_size);
  }
  XPAR_MPI_CALL(MPI_Comm_split(world_, stage_, index, &stage_comm_));
  MPI_Comm_rank(stage_comm_, &stage_rank_);
  transport_ = std::make_unique<MpiTransport>(stage_comm_);
  transport_->set_label(fmt::format("pipeline stage {} (world ranks {})", stage_,
                                    fmt::join(submeshes[stage_].devices, ",")));
  for (Phase phase : {Phase::kForward, Phase::kBackward}) {
    if (!pipe_->compiled(ProgramIndex(stage_, phase))) {
      return FailedPrecondition("pipeline: stage {} (this rank's) is not compiled", stage_);
    }
  }
  return IndexMessages();
}

Status MpiPipeline::IndexMessages() {
  const StageSplit& split = pipe_->split();
  const size_t n = split.programs.size();
  local_readers_.resize(n);
  remote_stages_.resize(n);
  tag_base_.resize(n);
  for (size_t p = 0; p < n; ++p) {
    const size_t outputs = split.programs[p].output_names.size();
    local_readers_[p].assign(outputs, 0);
    remote_stages_[p].resize(outputs);
    tag_base_[p].assign(outputs, -1);
  }
  for (size_t q = 0; q < n; ++q) {
    const int32_t reader = StageOfProgram(static_cast<int32_t>(q));
    for (const ValueRef& in : split.programs[q].inputs) {
      if (in.kind != ValueRef::Kind::kOutput) continue;
      if (reader == stage_) ++local_readers_[in.program][in.output];
      std::vector<int32_t>& remote = remote_stages_[in.program][in.output];
      if (reader != StageOfProgram(in.program) &&
          std::find(remote.begin(), remote.end(), reader) == remote.end()) {
        remote.push_back(reader);
      }
    }
  }
  int64_t next = 0;
  for (size_t p = 0; p < n; ++p) {
    for (size_t k = 0; k < tag_base_[p].size(); ++k) {
      if (!remote_stages_[p][k].empty()) tag_base_[p][k] = next++;
    }
  }
  int* tag_ub = nullptr;
  int flag = 0;
  MPI_Comm_get_attr(world_, MPI_TAG_UB, &tag_ub, &flag);
  const int64_t tags = next * pipe_->options().microbatches + 1;
  if (flag && tag_ub != nullptr && tags > *tag_ub) {
    return Unimplemented(
        "pipeline under MPI: {} messages between stages per step exceed MPI's "
        "largest tag {}",
        tags, *tag_ub);
  }
  return Status::Ok();
}

int MpiPipeline::Tag(const Key& key) const {
  // 0 is Share's; step messages start at 1.
  return static_cast<int>(1 + tag_base_[key.program][key.output] * pipe_->options().microbatches +
                          key.microbatch);
}

Status MpiPipeline::Broadcast(Literal& value, int root, MPI_Comm comm) const {
  return BcastYielding(value.raw(), value.size_bytes(), root, comm, max_bytes(),
                       CollectiveTimeout());
}

Expected<std::shared_ptr<const Literal>> MpiPipeline::Input(Step& step, const Key& key,
                                                            const Shape& shape) const {
  auto it = step.held.find(key);
  if (it != step.held.end()) {
    std::shared_ptr<const Literal> value = it->second.value;
    if (--it->second.readers <= 0) step.held.erase(it);
    return value;
  }
  if (StageOfProgram(key.program) == stage_) {
    return Internal(
        "pipeline stage {}: output {} of program {} for microbatch {} was read "
        "before it was computed",
        stage_, key.output, key.program, key.microbatch);
  }
  if (!shape.IsArray()) {
    return Unimplemented("pipeline under MPI: a {} value crossing stages (only arrays can)",
                         shape.ToString(false));
  }
  Literal value(shape);
  const int32_t from = StageOfProgram(key.program);
  if (is_leader()) {
    Status received = RecvYielding(value.raw(), value.size_bytes(), leaders_[from], Tag(key),
                                   world_, max_bytes(), CollectiveTimeout());
    if (!received.ok()) {
      return received.WithContext(fmt::format(
          "receiving output {} of stage {}'s {} program from its leader (world rank {}): ",
          key.output, from, key.program % 2 == 0 ? "forward" : "backward", leaders_[from]));
    }
  }
  Status shared_in_stage = Broadcast(value, 0, stage_comm_);
  if (!shared_in_stage.ok()) {
    return shared_in_stage.WithContext(
        fmt::format("broadcasting stage {}'s value from this stage's leader (world rank {}): ",
                    from, leaders_[stage_]));
  }
  auto shared = std::make_shared<const Literal>(std::move(value));
  const int64_t left = local_readers_[key.program][key.output] - 1;
  if (left > 0) step.held[key] = Held{shared, left};
  return shared;
}

Status MpiPipeline::Output(Step& step, const Key& key, Literal value) const {
  for (size_t r : pipe_->result_slots(key.program, key.output)) step.accumulator.Add(r, value);
  const int64_t readers = local_readers_[key.program][key.output];
  const std::vector<int32_t>& remote = remote_stages_[key.program][key.output];
  if (readers == 0 && (remote.empty() || !is_leader())) return Status::Ok();
  auto shared = std::make_shared<const Literal>(std::move(value));
  if (readers > 0) step.held[key] = Held{shared, readers};
  if (!is_leader() || remote.empty()) return Status::Ok();
  if (!shared->shape().IsArray()) {
    return Unimplemented("pipeline under MPI: a {} value crossing stages (only arrays can)",
                         shared->shape().ToString(false));
  }
  Outgoing out{shared, {}};
  const int64_t bytes = shared->size_bytes();
  const int64_t per_call = ElementsPerCall(max_bytes(), 1);
  for (int32_t t : remote) {
    // Pieces as ChunkedRecv expects them; MPI keeps their order (same source, tag, comm).
    for (int64_t off = 0; off < bytes; off += per_call) {
      MPI_Request request;
      const int count = static_cast<int>(std::min(per_call, bytes - off));
      XPAR_MPI_CALL(
          MPI_Isend(shared->raw() + off, count, MPI_BYTE, leaders_[t], Tag(key), world_, &request));
      out.requests.push_back(request);
    }
  }
  step.outgoing.push_back(std::move(out));
  return Status::Ok();
}

Status MpiPipeline::RunEvent(Step& step, std::span<const Literal> args,
                             const PipelineEvent& e) const {
  const StageSplit& split = pipe_->split();
  const int32_t p = ProgramIndex(stage_, e.phase);
  std::vector<std::shared_ptr<const Literal>> received;  // keeps the inputs alive
  std::vector<const Literal*> inputs;
  for (const ValueRef& in : split.programs[p].inputs) {
    if (in.kind == ValueRef::Kind::kParameter) {
      inputs.push_back(pipe_->is_data(in.parameter) ? &step.microbatches[in.parameter][e.microbatch]
                                                    : &args[in.parameter]);
      continue;
    }
    const Shape& shape =
        split.programs[in.program].module->entry()->root()->shape().tuple_shape(in.output);
    ASSIGN_OR_RETURN(auto value, Input(step, {in.program, in.output, e.microbatch}, shape));
    received.push_back(value);
    inputs.push_back(value.get());
  }
  auto micros = [&](Clock::time_point t) {
    return std::chrono::duration<double, std::micro>(t - step.start).count();
  };
  const double t0 = micros(Clock::now());
  // The threads runtime's seed for this program run.
  uint64_t seed = pipe_->options().rng_seed + static_cast<uint64_t>(p * 1000003 + e.microbatch);
  ASSIGN_OR_RETURN(std::vector<Literal> outputs,
                   pipe_->executable(p).RunOnRank(inputs, seed, *transport_));
  received.clear();
  step.trace.push_back({stage_, world_rank_, e, t0, micros(Clock::now())});
  for (size_t k = 0; k < outputs.size(); ++k) {
    RETURN_IF_ERROR(
        Output(step, {p, static_cast<int64_t>(k), e.microbatch}, std::move(outputs[k])));
  }
  return Status::Ok();
}

Expected<PipelineRunResult> MpiPipeline::Run(std::span<const Literal> args) {
  const StageSplit& split = pipe_->split();
  const int64_t m = pipe_->options().microbatches;
  Step step(split, m, pipe_->options().reduction);
  Status status = Status::Ok();
  if (args.size() != split.parameter_shapes.size()) {
    status = InvalidArgument("pipeline: {} arguments for {} parameters", args.size(),
                             split.parameter_shapes.size());
  }
  step.microbatches.resize(args.size());
  for (size_t i = 0; status.ok() && i < args.size(); ++i) {
    if (!pipe_->is_data(static_cast<int64_t>(i))) continue;
    const Shape& micro = split.parameter_shapes[i];
    if (!args[i].shape().IsArray() || args[i].size_bytes() != m * Literal(micro).size_bytes()) {
      status = InvalidArgument("pipeline: argument {} is {}, not {} microbatches of {}", i,
                               args[i].shape().ToString(false), m, micro.ToString(false));
      break;
    }
    for (int64_t k = 0; k < m; ++k) step.microbatches[i].push_back(MicrobatchOf(args[i], micro, k));
  }
  step.start = Clock::now();
  for (const PipelineEvent& e : pipe_->events(stage_)) {
    if (!status.ok()) break;
    status = RunEvent(step, args, e);
    if (!status.ok()) {
      status = status.WithContext(fmt::format("pipeline stage {} {} of microbatch {}: ", stage_,
                                              e.phase == Phase::kForward ? "forward" : "backward",
                                              e.microbatch));
    }
  }
  for (Outgoing& out : step.outgoing) {
    if (!status.ok()) break;
    for (MPI_Request& request : out.requests) {
      if (status.ok()) {
        status = WaitYielding(request, "MPI_Isend (pipeline values)", CollectiveTimeout());
      }
    }
  }
  if (!status.ok()) Abort(status);
  PipelineRunResult result;
  result.seconds = std::chrono::duration<double>(Clock::now() - step.start).count();
  for (size_t r = 0; r < split.results.size(); ++r) {
    const ValueRef& ref = split.results[r];
    if (ref.kind == ValueRef::Kind::kParameter)
      result.results.push_back(args[ref.parameter]);
    else if (ResultStage(r) == stage_)
      result.results.push_back(step.accumulator.Finish(r));
    else
      result.results.emplace_back();
  }
  result.trace = std::move(step.trace);
  return result;
}

Status MpiPipeline::Share(int32_t from, const std::vector<int32_t>& to, Literal& value) {
  if (from < 0 || from >= num_stages()) return InvalidArgument("pipeline: no stage {}", from);
  const bool receiving = stage_ != from && std::find(to.begin(), to.end(), stage_) != to.end();
  if (stage_ != from && !receiving) return Status::Ok();
  if (!value.shape().IsArray()) {
    return Unimplemented("pipeline under MPI: sharing a {} value", value.shape().ToString(false));
  }
  if (stage_ == from) {
    if (!is_leader()) return Status::Ok();
    std::vector<int32_t> sent;
    for (int32_t t : to) {
      if (t == from || std::find(sent.begin(), sent.end(), t) != sent.end()) continue;
      if (t < 0 || t >= num_stages()) return InvalidArgument("pipeline: no stage {}", t);
      MpiWatchdog watch(fmt::format("pipeline stage {} sending a shared value to stage {} "
                                    "(world rank {})", from, t, leaders_[t]),
                        CollectiveTimeout());
      RETURN_IF_ERROR(ChunkedSend(value.raw(), value.size_bytes(), leaders_[t], kShareTag, world_,
                                  max_bytes()));
      sent.push_back(t);
    }
    return Status::Ok();
  }
  if (is_leader()) {
    RETURN_IF_ERROR(RecvYielding(value.raw(), value.size_bytes(), leaders_[from], kShareTag, world_,
                                 max_bytes(), CollectiveTimeout()));
  }
  return Broadcast(value, 0, stage_comm_);
}

Expected<std::vector<TraceEvent>> MpiPipeline::GatherTrace(std::vector<TraceEvent> mine) {
  constexpr int kFields = 6;  // stage, device, phase, microbatch, start, end
  MpiWatchdog watch(fmt::format("pipeline stage {} gathering the trace on world rank 0", stage_),
                    CollectiveTimeout());
  std::vector<double> flat;
  for (const TraceEvent& t : mine) {
    flat.insert(flat.end(), {static_cast<double>(t.stage), static_cast<double>(t.device),
                             t.event.phase == Phase::kForward ? 0.0 : 1.0,
                             static_cast<double>(t.event.microbatch), t.start_us, t.end_us});
  }
  int count = static_cast<int>(flat.size()), size = 1;
  MPI_Comm_size(world_, &size);
  std::vector<int> counts(size), offsets(size);
  XPAR_MPI_CALL(MPI_Gather(&count, 1, MPI_INT, counts.data(), 1, MPI_INT, 0, world_));
  int total = 0;
  for (int r = 0; r < size; ++r) {
    offsets[r] = total;
    total += counts[r];
  }
  std::vector<double> all(world_rank_ == 0 ? total : 0);
  XPAR_MPI_CALL(MPI_Gatherv(flat.data(), count, MPI_DOUBLE, all.data(), counts.data(),
                            offsets.data(), MPI_DOUBLE, 0, world_));
  if (world_rank_ != 0) return mine;
  std::vector<TraceEvent> out;
  for (int i = 0; i + kFields <= total; i += kFields) {
    TraceEvent t;
    t.stage = static_cast<int32_t>(all[i]);
    t.device = static_cast<int64_t>(all[i + 1]);
    t.event.phase = all[i + 2] == 0.0 ? Phase::kForward : Phase::kBackward;
    t.event.microbatch = static_cast<int64_t>(all[i + 3]);
    t.start_us = all[i + 4];
    t.end_us = all[i + 5];
    out.push_back(t);
  }
  return out;
}

int32_t MpiPipeline::ResultStage(size_t r) const {
  const ValueRef& ref = pipe_->split().results[r];
  return ref.kind == ValueRef::Kind::kParameter ? -1 : StageOfProgram(ref.program);
}

std::vector<int32_t> MpiPipeline::ReadersOfParameter(int64_t parameter) const {
  std::vector<int32_t> stages;
  const StageSplit& split = pipe_->split();
  for (size_t q = 0; q < split.programs.size(); ++q) {
    const int32_t s = StageOfProgram(static_cast<int32_t>(q));
    for (const ValueRef& in : split.programs[q].inputs) {
      if (in.kind == ValueRef::Kind::kParameter && in.parameter == parameter &&
          std::find(stages.begin(), stages.end(), s) == stages.end()) {
        stages.push_back(s);
      }
    }
  }
  return stages;
}

}  // namespace xpar::pipeline
