// `xpar train` execution: plans the step's sharding (Alpa's intra-operator pass), partitions it
// into one SPMD program, and runs steps on one thread per device. Each device keeps its shards of
// the weights and optimizer state between steps: a step's aliased outputs are the next step's
// arguments, never gathered or re-split (only checkpoints and --check join them).
#include <fmt/format.h>

#include <cmath>
#include <map>

#include "cli_util.h"
#include "cmd_train.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "passes/auto_sharding/plan_export.h"
#include "passes/spmd/spmd_partitioner.h"
#include "runtime/interpreter/interpreter.h"
#include "support/source_text.h"
#include "support/units.h"

namespace xpar::train {
namespace {

class SpmdExecutor : public StepExecutor {
 public:
  Status Init(const TrainArgs& args, const TrainProgram& program,
              const std::vector<Literal>& initial, const nlohmann::json* plan_json);
  Expected<double> RunStep(const std::vector<Literal>& data) override;
  Expected<std::vector<std::vector<NamedTensor>>> CarriedShards() const override;
  Expected<std::vector<Literal>> CarriedValues() const override;
  std::vector<std::string> CarriedShardings() const override;
  Status RestoreShards(std::vector<std::vector<NamedTensor>> ranks) override;
  int64_t num_devices() const override { return mesh_.num_devices(); }
  const nlohmann::json& plan_json() const override { return plan_json_; }

 private:
  Status Plan(const TrainArgs& args, Module& step);
  void PrintSummary() const;

  const TrainProgram* program_ = nullptr;
  Mesh mesh_{{1}};
  nlohmann::json plan_json_;
  std::unique_ptr<Module> pm_;              // the per-device program
  std::vector<ShardingSpec> param_specs_;   // per step parameter (arrays)
  std::vector<ShardingSpec> root_specs_;    // per output
  std::vector<std::vector<Literal>> resident_;  // [device][parameter]: carried shards stay here
  // Carried values whose new value leaves in another sharding than the parameter's (the
  // planner avoids this): joined and re-split after each step.
  std::vector<bool> reshard_;
};

Status SpmdExecutor::Plan(const TrainArgs& args, Module& step) {
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
  if (!args.quiet) options.solve.progress = [](const std::string& l) { fmt::print(stderr, "{}\n", l); };
  ASSIGN_OR_RETURN(xpar::Plan plan, PlanAutoSharding(step, model, options));
  fmt::print("plan for {} on mesh {} ({} devices, cluster {})\n", args.model, mesh_.ToString(),
             mesh_.num_devices(), args.cluster);
  fmt::print("  estimated step time: {:.3g} ms = compute {:.3g} ms + communication {:.3g} ms\n",
             plan.step_s() * 1e3, plan.compute_s * 1e3, plan.communication_s * 1e3);
  fmt::print("  peak memory per device: {} of {}{}\n", HumanBytes(plan.peak_memory_bytes),
             HumanBytes(plan.memory_limit_bytes), plan.memory_ok ? " (fits)" : " (DOES NOT FIT)");
  fmt::print("  solver: {} instructions, {} strategies, {} backend in {:.3f} s\n",
             plan.num_instructions, plan.num_strategies, plan.backend, plan.solve_s);
  for (const auto& [kind, t] : plan.traffic) {
    fmt::print("  {:<20} {} calls, {} sent per device per step\n", CollectiveKindName(kind),
               t.calls, HumanBytes(t.bytes_sent));
  }
  RETURN_IF_ERROR(AnnotateModule(step, plan, mesh_));
  plan_json_ = PlanToJson(plan, mesh_);
  return Status::Ok();
}

// How the carried values and the data are split: one line per distinct sharding.
void SpmdExecutor::PrintSummary() const {
  std::map<std::string, std::pair<int64_t, int64_t>> carried;  // spec -> (count, bytes/device)
  for (const Carried& c : program_->carried) {
    auto& [count, bytes] = carried[param_specs_[c.param].ToString()];
    ++count;
    bytes += resident_[0][c.param].size_bytes();
  }
  fmt::print("  weights and optimizer state ({} tensors), kept on the devices between steps:\n",
             program_->carried.size());
  for (const auto& [spec, cb] : carried) {
    fmt::print("    {:<24} {:>5} tensors  {:>10} per device\n", spec, cb.first, HumanBytes(cb.second));
  }
  for (int64_t d : program_->data_params) {
    const Instruction* p = program_->step->entry()->parameters()[d];
    fmt::print("  data %{:<22} {:<20} {}\n", p->name(), p->shape().ToString(false),
               param_specs_[d].ToString());
  }
}

Status SpmdExecutor::Init(const TrainArgs& args, const TrainProgram& program,
                          const std::vector<Literal>& initial, const nlohmann::json* plan_json) {
  program_ = &program;
  ASSIGN_OR_RETURN(mesh_, Mesh::Parse(args.mesh));  // before planning: Plan reads program_
  Module& step = *program.step;  // gains sharding annotations (the interpreter ignores them)
  nlohmann::json from_file;
  if (plan_json == nullptr && !args.plan.empty()) {
    ASSIGN_OR_RETURN(std::string text, ReadFile(args.plan));
    from_file = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (from_file.is_discarded()) return InvalidArgument("{}: not JSON", args.plan);
    plan_json = &from_file;
  }
  if (plan_json != nullptr) {
    RETURN_IF_ERROR(AnnotateModuleFromJson(step, *plan_json, mesh_));
    plan_json_ = *plan_json;
    fmt::print("plan for {} on mesh {}: {}\n", args.model, mesh_.ToString(),
               args.plan.empty() || !args.resume.empty() ? "the checkpoint's" : args.plan);
  } else {
    RETURN_IF_ERROR(Plan(args, step));
  }
  if (!args.save_plan.empty()) RETURN_IF_ERROR(WriteFile(args.save_plan, plan_json_.dump(1) + "\n"));
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
  resident_.assign(mesh_.num_devices(), std::vector<Literal>(entry.parameter_count()));
  for (const Carried& c : program.carried) {
    for (int64_t d = 0; d < mesh_.num_devices(); ++d) {
      resident_[d][c.param] = ShardOf(initial[c.param], param_specs_[c.param], mesh_, d);
    }
    reshard_.push_back(!(root_specs_[c.output] == param_specs_[c.param]));
  }
  PrintSummary();
  return Status::Ok();
}

Expected<double> SpmdExecutor::RunStep(const std::vector<Literal>& data) {
  const int64_t n = mesh_.num_devices();
  std::vector<std::vector<Literal>> args(n);
  for (int64_t d = 0; d < n; ++d) {
    args[d] = std::move(resident_[d]);
    for (int64_t p : program_->data_params) args[d][p] = ShardOf(data[p], param_specs_[p], mesh_, d);
  }
  ASSIGN_OR_RETURN(std::vector<Literal> results, RunOnDevices(*pm_, std::move(args), 1, n));
  resident_.assign(n, std::vector<Literal>(pm_->entry()->parameter_count()));
  const Computation& step = *program_->step->entry();
  for (size_t i = 0; i < program_->carried.size(); ++i) {
    const Carried& c = program_->carried[i];
    if (!reshard_[i]) {
      for (int64_t d = 0; d < n; ++d) resident_[d][c.param] = std::move(results[d].elements()[c.output]);
      continue;
    }
    std::vector<Literal> shards;
    for (int64_t d = 0; d < n; ++d) shards.push_back(std::move(results[d].elements()[c.output]));
    ASSIGN_OR_RETURN(Literal full, Assemble(shards, root_specs_[c.output], mesh_,
                                            step.parameters()[c.param]->shape()));
    for (int64_t d = 0; d < n; ++d) resident_[d][c.param] = ShardOf(full, param_specs_[c.param], mesh_, d);
  }
  std::vector<Literal> loss_shards;
  for (int64_t d = 0; d < n; ++d) loss_shards.push_back(std::move(results[d].elements()[program_->loss_output]));
  ASSIGN_OR_RETURN(Literal loss, Assemble(loss_shards, root_specs_[program_->loss_output], mesh_,
                                          step.root()->shape().tuple_shape(program_->loss_output)));
  return loss.GetAsDouble(0);
}

Expected<std::vector<std::vector<NamedTensor>>> SpmdExecutor::CarriedShards() const {
  std::vector<std::vector<NamedTensor>> ranks(mesh_.num_devices());
  for (int64_t d = 0; d < mesh_.num_devices(); ++d) {
    for (const Carried& c : program_->carried) ranks[d].push_back({c.name, resident_[d][c.param]});
  }
  return ranks;
}

Expected<std::vector<Literal>> SpmdExecutor::CarriedValues() const {
  std::vector<Literal> out;
  for (const Carried& c : program_->carried) {
    std::vector<Literal> shards;
    for (int64_t d = 0; d < mesh_.num_devices(); ++d) shards.push_back(resident_[d][c.param]);
    ASSIGN_OR_RETURN(Literal full, Assemble(shards, param_specs_[c.param], mesh_,
                                            program_->step->entry()->parameters()[c.param]->shape()));
    out.push_back(std::move(full));
  }
  return out;
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
  for (int64_t d = 0; d < mesh_.num_devices(); ++d) {
    if (ranks[d].size() != program_->carried.size()) {
      return InvalidArgument("the checkpoint's rank {} holds {} tensors; the step carries {}", d,
                             ranks[d].size(), program_->carried.size());
    }
    for (size_t i = 0; i < ranks[d].size(); ++i) {
      const Carried& c = program_->carried[i];
      Literal& slot = resident_[d][c.param];
      if (ranks[d][i].name != c.name || !(ranks[d][i].value.shape() == slot.shape())) {
        return InvalidArgument("the checkpoint's '{}' {} on rank {} does not fit '{}' {}",
                               ranks[d][i].name, ranks[d][i].value.shape().ToString(false), d,
                               c.name, slot.shape().ToString(false));
      }
      slot = std::move(ranks[d][i].value);
    }
  }
  return Status::Ok();
}

}  // namespace

Expected<std::unique_ptr<StepExecutor>> MakeSpmdExecutor(const TrainArgs& args,
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
