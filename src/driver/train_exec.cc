// Training execution (driver/train.h): plans the step's sharding (Alpa's intra-operator pass), partitions it
// into one SPMD program, and runs steps on one thread per device. Each device keeps its shards of
// the weights and optimizer state between steps: a step's aliased outputs are the next step's
// arguments, never gathered or re-split (only checkpoints and --check join them). Under mpirun
// each rank is one device: rank 0 plans and sends the plan, every rank runs its device.
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <map>
#include <utility>

#include "driver/train.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "passes/auto_sharding/plan_export.h"
#include "passes/spmd/spmd_partitioner.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/mpi/mpi_runtime.h"
#include "support/source_text.h"
#include "support/units.h"

namespace xpar::train {
namespace {

template <typename... Args>
void Log(const TrainOptions& o, fmt::format_string<Args...> format, Args&&... args) {
  if (o.log) o.log(fmt::format(format, std::forward<Args>(args)...));
}

class SpmdExecutor : public StepExecutor {
 public:
  Status Init(const TrainOptions& args, const TrainProgram& program,
              const std::vector<Literal>& initial, const nlohmann::json* plan_json);
  Expected<double> RunStep(const std::vector<Literal>& data) override;
  Status WriteCheckpoint(const std::string& dir, const Checkpoint& c) const override;
  std::vector<std::string> CarriedShardings() const override;
  Expected<std::vector<Literal>> JoinCheckpoint(
      const std::vector<std::vector<NamedTensor>>& ranks) const override;
  Expected<std::vector<Literal>> CarriedValues() const override;
  Status RestoreShards(std::vector<std::vector<NamedTensor>> ranks) override;
  int64_t num_devices() const override { return mesh_.num_devices(); }
  bool is_root() const override { return transport_ == nullptr || transport_->rank() == 0; }
  const nlohmann::json& plan_json() const override { return plan_json_; }

 private:
  Status Plan(const TrainOptions& args, Module& step);
  Status ShareMpiPlan(const TrainOptions& args, Module& step);
  void LogSummary(const TrainOptions& args) const;
  // Runs the step on the devices this process holds; their results, in the same order.
  Expected<std::vector<Literal>> RunLocal(std::vector<std::vector<Literal>> args);
  std::vector<NamedTensor> Shards(int64_t local) const;

  const TrainProgram* program_ = nullptr;
  Mesh mesh_{{1}};
  nlohmann::json plan_json_;
  std::unique_ptr<Module> pm_;              // the per-device program
  std::vector<ShardingSpec> param_specs_;   // per step parameter (arrays)
  std::vector<ShardingSpec> root_specs_;    // per output
  // Under mpirun: this rank's device only (first_device_ = rank); null: every device, threads.
  std::unique_ptr<MpiTransport> transport_;
  int64_t first_device_ = 0;
  // [local device][parameter]: the carried shards stay here between steps.
  std::vector<std::vector<Literal>> resident_;
  // Carried values whose new value leaves in another sharding than the parameter's (the
  // planner avoids this): joined and re-split after each step (threads only).
  std::vector<bool> reshard_;
};

Status SpmdExecutor::Plan(const TrainOptions& args, Module& step) {
  ASSIGN_OR_RETURN(Cluster cluster, LoadCluster(args.cluster));
  ASSIGN_OR_RETURN(CostModel model, CostModel::Create(mesh_, cluster));
  AutoShardingOptions options;
  options.solve.time_limit_s = args.plan_time_limit;
  options.force_data_parallel = args.data_parallel;
  options.batch_size = program_->batch;
  options.shard_parameters = args.shard_parameters;
  if (!args.memory.empty()) {
    ASSIGN_OR_RETURN(int64_t limit, ParseByteSize(args.memory));
    options.memory_limit_bytes = limit;
  }
  if (!args.quiet && args.warn) options.solve.progress = args.warn;
  ASSIGN_OR_RETURN(xpar::Plan plan, PlanAutoSharding(step, model, options));
  Log(args, "plan for {} on mesh {} ({} devices, cluster {})", args.model, mesh_.ToString(),
             mesh_.num_devices(), args.cluster);
  Log(args, "  estimated step time: {:.3g} ms = compute {:.3g} ms + communication {:.3g} ms",
             plan.step_s() * 1e3, plan.compute_s * 1e3, plan.communication_s * 1e3);
  Log(args, "  peak memory per device: {} of {}{}", HumanBytes(plan.peak_memory_bytes),
             HumanBytes(plan.memory_limit_bytes), plan.memory_ok ? " (fits)" : " (DOES NOT FIT)");
  Log(args, "  solver: {} instructions, {} strategies, {} backend in {:.3f} s",
             plan.num_instructions, plan.num_strategies, plan.backend, plan.solve_s);
  for (const auto& [kind, t] : plan.traffic) {
    Log(args, "  {:<20} {} calls, {} sent per device per step", CollectiveKindName(kind),
               t.calls, HumanBytes(t.bytes_sent));
  }
  RETURN_IF_ERROR(AnnotateModule(step, plan, mesh_));
  plan_json_ = PlanToJson(plan, mesh_);
  return Status::Ok();
}

// How the carried values and the data are split: one line per distinct sharding.
void SpmdExecutor::LogSummary(const TrainOptions& args) const {
  std::map<std::string, std::pair<int64_t, int64_t>> carried;  // spec -> (count, bytes/device)
  for (const Carried& c : program_->carried) {
    auto& [count, bytes] = carried[param_specs_[c.param].ToString()];
    ++count;
    bytes += resident_[0][c.param].size_bytes();
  }
  Log(args, "  weights and optimizer state ({} tensors), kept on the devices between steps:",
             program_->carried.size());
  for (const auto& [spec, cb] : carried) {
    Log(args, "    {:<24} {:>5} tensors  {:>10} per device", spec, cb.first, HumanBytes(cb.second));
  }
  for (int64_t d : program_->data_params) {
    const Instruction* p = program_->step->entry()->parameters()[d];
    Log(args, "  data %{:<22} {:<20} {}", p->name(), p->shape().ToString(false),
               param_specs_[d].ToString());
  }
}

// Under mpirun: rank 0's plan (planned, or read from --plan / the checkpoint) goes to every rank
// as JSON, so that all of them partition the step the same way.
Status SpmdExecutor::ShareMpiPlan(const TrainOptions& args, Module& step) {
  std::string text = is_root() ? plan_json_.dump() : std::string();
  uint64_t size = text.size();
  MPI_Comm comm = transport_->comm();
  if (MPI_Bcast(&size, 1, MPI_UINT64_T, 0, comm) != MPI_SUCCESS) {
    return Internal("rank {}: MPI_Bcast of the plan's size failed", transport_->rank());
  }
  text.resize(size);
  if (size > static_cast<uint64_t>(std::numeric_limits<int>::max()) ||
      MPI_Bcast(text.data(), static_cast<int>(size), MPI_CHAR, 0, comm) != MPI_SUCCESS) {
    return Internal("rank {}: MPI_Bcast of the plan ({} bytes) failed", transport_->rank(), size);
  }
  if (is_root()) return Status::Ok();
  plan_json_ = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (plan_json_.is_discarded()) return Internal("rank {}: unreadable plan from rank 0", transport_->rank());
  return AnnotateModuleFromJson(step, plan_json_, mesh_);
}

Status SpmdExecutor::Init(const TrainOptions& args, const TrainProgram& program,
                          const std::vector<Literal>& initial, const nlohmann::json* plan_json) {
  program_ = &program;
  ASSIGN_OR_RETURN(mesh_, Mesh::Parse(args.mesh));  // before planning: Plan reads program_
  if (UnderMpi()) {
    ASSIGN_OR_RETURN(MpiWorld world, InitMpi());
    transport_ = std::make_unique<MpiTransport>(MPI_COMM_WORLD);
    RETURN_IF_ERROR(CheckMpiWorld(*transport_, 1, mesh_.num_devices()));
    first_device_ = world.rank;
  }
  Module& step = *program.step;  // gains sharding annotations (the interpreter ignores them)
  nlohmann::json from_file;
  if (plan_json == nullptr && !args.plan.empty()) {
    ASSIGN_OR_RETURN(std::string text, ReadFile(args.plan));
    from_file = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (from_file.is_discarded()) return InvalidArgument("{}: not JSON", args.plan);
    plan_json = &from_file;
  }
  if (!is_root()) {
    RETURN_IF_ERROR(ShareMpiPlan(args, step));
  } else if (plan_json != nullptr) {
    RETURN_IF_ERROR(AnnotateModuleFromJson(step, *plan_json, mesh_));
    plan_json_ = *plan_json;
    Log(args, "plan for {} on mesh {}: {}", args.model, mesh_.ToString(),
               args.plan.empty() || !args.resume.empty() ? "the checkpoint's" : args.plan);
  } else {
    RETURN_IF_ERROR(Plan(args, step));
  }
  if (transport_ != nullptr && is_root()) RETURN_IF_ERROR(ShareMpiPlan(args, step));
  if (!args.save_plan.empty() && is_root()) {
    RETURN_IF_ERROR(WriteFile(args.save_plan, plan_json_.dump(1) + "\n"));
  }
  ASSIGN_OR_RETURN(pm_, PartitionModule(step, mesh_));
  const Computation& entry = *pm_->entry();
  param_specs_.resize(entry.parameter_count());
  for (const Instruction* p : entry.parameters()) {
    ASSIGN_OR_RETURN(std::vector<ShardingSpec> specs, LeafSpecs(*p, mesh_));
    if (!p->shape().IsArray() || specs.size() != 1) {
      return Unimplemented("train: parameter %{} is {}; only array parameters are supported",
                           p->name(), p->shape().ToString(false));
    }
    param_specs_[p->attrs().parameter_number] = specs[0];
  }
  ASSIGN_OR_RETURN(root_specs_, LeafSpecs(*entry.root(), mesh_));
  const int64_t local = transport_ ? 1 : mesh_.num_devices();
  resident_.assign(local, std::vector<Literal>(entry.parameter_count()));
  for (const Carried& c : program.carried) {
    for (int64_t i = 0; i < local; ++i) {
      resident_[i][c.param] = ShardOf(initial[c.param], param_specs_[c.param], mesh_, first_device_ + i);
    }
    reshard_.push_back(!(root_specs_[c.output] == param_specs_[c.param]));
    if (reshard_.back() && transport_) {
      return Unimplemented("train under mpirun: the new value of '{}' leaves as {} but its "
                           "parameter is {}; run it without mpirun", c.name,
                           root_specs_[c.output].ToString(), param_specs_[c.param].ToString());
    }
  }
  if (is_root()) LogSummary(args);
  return Status::Ok();
}

Expected<std::vector<Literal>> SpmdExecutor::RunLocal(std::vector<std::vector<Literal>> args) {
  const int64_t n = mesh_.num_devices();
  if (transport_ == nullptr) return RunOnDevices(*pm_, std::move(args), 1, n);
  std::vector<Literal> out;
  ASSIGN_OR_RETURN(Literal mine, RunThisRank(*pm_, args[0], 1, n, *transport_));
  out.push_back(std::move(mine));
  return out;
}

Expected<double> SpmdExecutor::RunStep(const std::vector<Literal>& data) {
  const int64_t local = static_cast<int64_t>(resident_.size());
  std::vector<std::vector<Literal>> args(local);
  for (int64_t i = 0; i < local; ++i) {
    args[i] = std::move(resident_[i]);
    for (int64_t p : program_->data_params) {
      args[i][p] = ShardOf(data[p], param_specs_[p], mesh_, first_device_ + i);
    }
  }
  ASSIGN_OR_RETURN(std::vector<Literal> results, RunLocal(std::move(args)));
  resident_.assign(local, std::vector<Literal>(pm_->entry()->parameter_count()));
  const Computation& step = *program_->step->entry();
  for (size_t k = 0; k < program_->carried.size(); ++k) {
    const Carried& c = program_->carried[k];
    if (!reshard_[k]) {
      for (int64_t i = 0; i < local; ++i) resident_[i][c.param] = std::move(results[i].elements()[c.output]);
      continue;
    }
    std::vector<Literal> shards;
    for (int64_t i = 0; i < local; ++i) shards.push_back(std::move(results[i].elements()[c.output]));
    ASSIGN_OR_RETURN(Literal full, Assemble(shards, root_specs_[c.output], mesh_,
                                            step.parameters()[c.param]->shape()));
    for (int64_t i = 0; i < local; ++i) resident_[i][c.param] = ShardOf(full, param_specs_[c.param], mesh_, first_device_ + i);
  }
  const int64_t loss = program_->loss_output;
  if (transport_ != nullptr) return results[0].elements()[loss].GetAsDouble(0);  // a scalar: whole
  std::vector<Literal> loss_shards;
  for (int64_t i = 0; i < local; ++i) loss_shards.push_back(std::move(results[i].elements()[loss]));
  ASSIGN_OR_RETURN(Literal value, Assemble(loss_shards, root_specs_[loss], mesh_,
                                           step.root()->shape().tuple_shape(loss)));
  return value.GetAsDouble(0);
}

std::vector<NamedTensor> SpmdExecutor::Shards(int64_t local) const {
  std::vector<NamedTensor> out;
  for (const Carried& c : program_->carried) out.push_back({c.name, resident_[local][c.param]});
  return out;
}

Status SpmdExecutor::WriteCheckpoint(const std::string& dir, const Checkpoint& c) const {
  if (transport_ == nullptr) {
    Checkpoint all = c;
    for (size_t i = 0; i < resident_.size(); ++i) all.ranks.push_back(Shards(static_cast<int64_t>(i)));
    return xpar::WriteCheckpoint(dir, all);
  }
  // Each rank writes its file; rank 0 collects the CRC-32s and writes the index last.
  Expected<uint32_t> crc = WriteCheckpointRank(dir, c.step, first_device_, Shards(0));
  if (!crc.ok()) transport_->Abort(crc.status());
  uint32_t mine = *crc;
  std::vector<uint32_t> crcs(is_root() ? mesh_.num_devices() : 0);
  if (MPI_Gather(&mine, 1, MPI_UINT32_T, crcs.data(), 1, MPI_UINT32_T, 0, transport_->comm()) !=
      MPI_SUCCESS) {
    return Internal("rank {}: MPI_Gather of the checkpoint's CRC-32s failed", first_device_);
  }
  return is_root() ? WriteCheckpointIndex(dir, c, crcs) : Status::Ok();
}

Expected<std::vector<Literal>> SpmdExecutor::JoinCheckpoint(
    const std::vector<std::vector<NamedTensor>>& ranks) const {
  std::vector<Literal> out;
  for (size_t k = 0; k < program_->carried.size(); ++k) {
    const Carried& c = program_->carried[k];
    std::vector<Literal> shards;
    for (const auto& rank : ranks) {
      if (k >= rank.size()) return InvalidArgument("the checkpoint has no '{}' on every rank", c.name);
      shards.push_back(rank[k].value);
    }
    ASSIGN_OR_RETURN(Literal full, Assemble(shards, param_specs_[c.param], mesh_,
                                            program_->step->entry()->parameters()[c.param]->shape()));
    out.push_back(std::move(full));
  }
  return out;
}

Expected<std::vector<Literal>> SpmdExecutor::CarriedValues() const {
  if (transport_ != nullptr) {
    return Unimplemented("the full trained values under mpirun: each rank holds only its shards "
                         "(write a checkpoint instead)");
  }
  std::vector<std::vector<NamedTensor>> ranks;
  for (size_t i = 0; i < resident_.size(); ++i) ranks.push_back(Shards(static_cast<int64_t>(i)));
  return JoinCheckpoint(ranks);
}

std::vector<std::string> SpmdExecutor::CarriedShardings() const {
  std::vector<std::string> out;
  for (const Carried& c : program_->carried) out.push_back(param_specs_[c.param].ToString());
  return out;
}

Status SpmdExecutor::RestoreShards(std::vector<std::vector<NamedTensor>> ranks) {
  if (static_cast<int64_t>(ranks.size()) != mesh_.num_devices()) {
    return InvalidArgument("the checkpoint has {} ranks; mesh {} has {} devices", ranks.size(),
                           mesh_.ToString(), mesh_.num_devices());
  }
  for (size_t i = 0; i < resident_.size(); ++i) {
    const int64_t d = first_device_ + static_cast<int64_t>(i);
    if (ranks[d].size() != program_->carried.size()) {
      return InvalidArgument("the checkpoint's rank {} holds {} tensors; the step carries {}", d,
                             ranks[d].size(), program_->carried.size());
    }
    for (size_t k = 0; k < ranks[d].size(); ++k) {
      const Carried& c = program_->carried[k];
      Literal& slot = resident_[i][c.param];
      if (ranks[d][k].name != c.name || !(ranks[d][k].value.shape() == slot.shape())) {
        return InvalidArgument("the checkpoint's '{}' {} on rank {} does not fit '{}' {}",
                               ranks[d][k].name, ranks[d][k].value.shape().ToString(false), d,
                               c.name, slot.shape().ToString(false));
      }
      slot = std::move(ranks[d][k].value);
    }
  }
  return Status::Ok();
}

}  // namespace

Expected<std::unique_ptr<StepExecutor>> MakeSpmdExecutor(const TrainOptions& args,
                                                         const TrainProgram& program,
                                                         const std::vector<Literal>& initial,
                                                         const nlohmann::json* plan_json) {
  auto e = std::make_unique<SpmdExecutor>();
  RETURN_IF_ERROR(e->Init(args, program, initial, plan_json));
  return std::unique_ptr<StepExecutor>(std::move(e));
}

Expected<double> ReferenceExecutor::RunStep(const std::vector<Literal>& data) {
  for (int64_t p : program_->data_params) values_[p] = data[p];
  Interpreter interp(*program_->step);
  ASSIGN_OR_RETURN(Literal r, interp.Run(values_));
  for (const Carried& c : program_->carried) values_[c.param] = std::move(r.elements()[c.output]);
  return r.elements()[program_->loss_output].GetAsDouble(0);
}

void ReferenceExecutor::SetCarried(std::vector<Literal> carried) {
  for (size_t i = 0; i < carried.size(); ++i) {
    values_[program_->carried[i].param] = std::move(carried[i]);
  }
}

}  // namespace xpar::train
