// Megatron-LM style manual plans: enumeration over the mesh axes, the parameter shardings they
// pin, and their pricing by the ordinary planner.
#include "passes/auto_sharding/manual_plans.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <string_view>

#include "passes/auto_sharding/spec_enumeration.h"

namespace xpar {
namespace {

constexpr std::array<int, 3> kZeroStages = {0, 1, 3};

std::string AxesName(const char* what, const std::vector<int64_t>& axes, const Mesh& mesh) {
  std::vector<std::string> names;
  for (int64_t a : axes) names.push_back(fmt::format("a{}", a));
  return fmt::format("{}{}({})", what, AxesSize(axes, mesh), fmt::join(names, ","));
}

// Splits "layers.0.self_attn.q_proj.weight" at the dots.
std::vector<std::string_view> NameParts(std::string_view name) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t dot = name.find('.'); dot != std::string_view::npos; dot = name.find('.', start)) {
    parts.push_back(name.substr(start, dot - start));
    start = dot + 1;
  }
  parts.push_back(name.substr(start));
  return parts;
}

bool IsOneOf(std::string_view s, std::initializer_list<std::string_view> names) {
  return std::find(names.begin(), names.end(), s) != names.end();
}

// The tensor-parallel dimension of a weight or bias whose module is `module` and whose tensor is
// `tensor` ("weight" or "bias"); -1 when Megatron replicates it.
int64_t TensorDim(std::string_view module, std::string_view tensor, int64_t rank) {
  const bool weight = tensor == "weight" && rank == 2;
  const bool bias = tensor == "bias" && rank == 1;
  if (IsOneOf(module, {"wte", "embed_tokens", "lm_head"})) return weight ? 0 : -1;
  // GPT-2 Conv1D, [in, out].
  if (IsOneOf(module, {"c_attn", "c_fc"})) return weight ? 1 : bias ? 0 : -1;
  if (module == "c_proj") return weight ? 0 : -1;
  // torch.nn.Linear, [out, in].
  if (IsOneOf(module, {"q_proj", "k_proj", "v_proj", "gate_proj", "up_proj", "fc_in"})) {
    return weight || bias ? 0 : -1;
  }
  if (IsOneOf(module, {"o_proj", "down_proj", "fc_out", "out_proj"})) return weight ? 1 : -1;
  // GShard experts: wi [experts, in, out] column-, wo [experts, in, out] row-parallel.
  if (module == "moe" && rank == 3) return tensor == "wi" ? 2 : tensor == "wo" ? 1 : -1;
  return -1;
}

// Adds the ZeRO split over `data` to `spec`: the first free dimension it divides, else the
// tensor dimension after the tensor axes. False when no dimension takes it.
bool AddZeroSplit(ShardingSpec& spec, const std::vector<int64_t>& dims,
                  const std::vector<int64_t>& data, const Mesh& mesh) {
  const int64_t degree = AxesSize(data, mesh);
  for (size_t d = 0; d < dims.size(); ++d) {
    if (spec.dim_axes[d].empty() && dims[d] % degree == 0) {
      spec.dim_axes[d] = data;
      return true;
    }
  }
  for (size_t d = 0; d < dims.size(); ++d) {
    auto& axes = spec.dim_axes[d];
    if (axes.empty() || dims[d] % (AxesSize(axes, mesh) * degree) != 0) continue;
    if (axes.size() + data.size() > static_cast<size_t>(kMaxAxesPerDim)) continue;
    axes.insert(axes.end(), data.begin(), data.end());
    return true;
  }
  return false;
}

// Sets (or clears) the sharding of every entry parameter and puts the old ones back on exit.
class ParameterShardingsGuard {
 public:
  explicit ParameterShardingsGuard(const Computation& entry) : params_(entry.parameters()) {
    for (const Instruction* p : params_) saved_.push_back(p->sharding());
  }
  ~ParameterShardingsGuard() {
    for (size_t i = 0; i < params_.size(); ++i) params_[i]->set_sharding(saved_[i]);
  }
  ParameterShardingsGuard(const ParameterShardingsGuard&) = delete;
  ParameterShardingsGuard& operator=(const ParameterShardingsGuard&) = delete;

 private:
  std::vector<Instruction*> params_;
  std::vector<std::optional<HloSharding>> saved_;
};

Status PinParameters(const Computation& entry, const ManualPlanSpec& plan, const Mesh& mesh) {
  for (Instruction* p : entry.parameters()) {
    if (!p->shape().IsArray()) {
      p->set_sharding(std::nullopt);
      continue;
    }
    const std::vector<int64_t>& dims = p->shape().dims();
    ParameterRole role = ClassifyParameter(p->name(), static_cast<int64_t>(dims.size()));
    auto spec = ManualParameterSpec(role, dims, plan, mesh);
    if (!spec.ok()) return spec.status().WithContext(fmt::format("%{}: ", p->name()));
    ASSIGN_OR_RETURN(HloSharding sharding, ToHloSharding(*spec, mesh));
    p->set_sharding(std::move(sharding));
  }
  return Status::Ok();
}

ManualPlanResult PlanOne(Module& module, const CostModel& model,
                         const AutoShardingOptions& options, const ManualPlanSpec& spec) {
  ManualPlanResult result{spec, spec.Name(model.mesh()), Status::Ok(), std::nullopt};
  ParameterShardingsGuard guard(*module.entry());
  result.status = PinParameters(*module.entry(), spec, model.mesh());
  if (!result.status.ok()) return result;
  Expected<Plan> plan = PlanAutoSharding(module, model, options);
  if (plan.ok()) {
    result.plan = std::move(*plan);
  } else {
    result.status = plan.status();
  }
  return result;
}

// 0: fits, 1: over the limit, 2: no plan.
int Rank(const ManualPlanResult& r) { return r.fits() ? 0 : r.plan.has_value() ? 1 : 2; }

}  // namespace

std::string ManualPlanSpec::Name(const Mesh& mesh) const {
  std::vector<std::string> parts;
  if (!data_axes.empty()) parts.push_back(AxesName("dp", data_axes, mesh));
  if (!tensor_axes.empty()) parts.push_back(AxesName("tp", tensor_axes, mesh));
  if (expert_parallel && !data_axes.empty()) parts.push_back(AxesName("ep", data_axes, mesh));
  if (!data_axes.empty()) parts.push_back(fmt::format("zero{}", zero_stage));
  return parts.empty() ? "single device" : fmt::format("{}", fmt::join(parts, " "));
}

std::vector<ManualPlanSpec> EnumerateManualPlans(const Mesh& mesh) {
  const std::vector<int64_t> usable = UsableAxes(mesh);
  std::vector<ManualPlanSpec> plans;
  // Bit i of `tensor_mask` sends usable axis i to tensor parallelism, else to data parallelism.
  // Data parallelism over all axes first, tensor parallelism over all axes last.
  for (uint32_t tensor_mask = 0; tensor_mask < (1u << usable.size()); ++tensor_mask) {
    ManualPlanSpec base;
    for (size_t i = 0; i < usable.size(); ++i) {
      ((tensor_mask >> i) & 1 ? base.tensor_axes : base.data_axes).push_back(usable[i]);
    }
    if (base.data_axes.empty()) {
      plans.push_back(base);
      continue;
    }
    for (int stage : kZeroStages) {
      base.zero_stage = stage;
      plans.push_back(base);
    }
  }
  return plans;
}

ParameterRole ClassifyParameter(const std::string& name, int64_t rank) {
  ParameterRole role;
  std::vector<std::string_view> parts = NameParts(name);
  if (parts.size() == 1) {
    role.tokens = IsOneOf(parts[0], {"input_ids", "labels"}) && rank == 2;
    return role;
  }
  if (IsOneOf(parts[0], {"m", "v"}) && parts.size() > 2) {
    role.optimizer_state = true;
    parts.erase(parts.begin());
  }
  role.tensor_dim = TensorDim(parts[parts.size() - 2], parts.back(), rank);
  role.expert = parts[parts.size() - 2] == "moe" && IsOneOf(parts.back(), {"wi", "wo"}) &&
                rank == 3;
  return role;
}

Expected<ShardingSpec> ManualParameterSpec(const ParameterRole& role,
                                           const std::vector<int64_t>& dims,
                                           const ManualPlanSpec& plan, const Mesh& mesh) {
  ShardingSpec spec = ShardingSpec::Replicated(static_cast<int64_t>(dims.size()));
  const int64_t dp = AxesSize(plan.data_axes, mesh);
  const int64_t tp = AxesSize(plan.tensor_axes, mesh);
  if (role.tokens) {
    if (dims[0] % dp != 0) {
      return FailedPrecondition("batch {} is not a multiple of the data-parallel degree {}",
                                dims[0], dp);
    }
    if (dp > 1) spec.dim_axes[0] = plan.data_axes;
    return spec;
  }
  if (role.tensor_dim >= 0 && tp > 1) {
    if (dims[role.tensor_dim] % tp != 0) {
      return FailedPrecondition("dimension {} of size {} is not a multiple of the "
                                "tensor-parallel degree {}", role.tensor_dim,
                                dims[role.tensor_dim], tp);
    }
    spec.dim_axes[role.tensor_dim] = plan.tensor_axes;
  }
  if (role.expert && plan.expert_parallel && dp > 1) {
    if (dims[0] % dp != 0) {
      return FailedPrecondition("{} experts are not a multiple of the expert-parallel degree {}",
                                dims[0], dp);
    }
    spec.dim_axes[0] = plan.data_axes;
    return spec;
  }
  const int needed_stage = role.optimizer_state ? 1 : 3;
  if (dp > 1 && plan.zero_stage >= needed_stage) AddZeroSplit(spec, dims, plan.data_axes, mesh);
  return spec;
}

Expected<std::vector<ManualPlanResult>> PlanManualBaselines(Module& module, const CostModel& model,
                                                            const AutoShardingOptions& options) {
  if (module.entry() == nullptr) return InvalidArgument("the module has no entry computation");
  AutoShardingOptions pinned = options;
  pinned.keep_user_shardings = true;
  pinned.force_data_parallel = false;
  pinned.shard_parameters = false;
  bool experts = false;
  for (const Instruction* p : module.entry()->parameters()) {
    experts = experts || (p->shape().IsArray() &&
                          ClassifyParameter(p->name(), p->shape().rank()).expert);
  }
  std::vector<ManualPlanResult> results;
  for (ManualPlanSpec spec : EnumerateManualPlans(model.mesh())) {
    results.push_back(PlanOne(module, model, pinned, spec));
    if (!experts || spec.data_axes.empty()) continue;
    spec.expert_parallel = true;
    results.push_back(PlanOne(module, model, pinned, spec));
  }
  std::stable_sort(results.begin(), results.end(),
                   [](const ManualPlanResult& a, const ManualPlanResult& b) {
                     if (Rank(a) != Rank(b)) return Rank(a) < Rank(b);
                     return Rank(a) == 0 && a.plan->step_s() < b.plan->step_s();
                   });
  return results;
}

const ManualPlanResult* BestManualPlan(const std::vector<ManualPlanResult>& results) {
  for (const ManualPlanResult& r : results) {
    if (r.fits()) return &r;
  }
  return nullptr;
}

}  // namespace xpar
