// Megatron-LM style manual plans as a baseline for the automatic one: data parallelism times
// tensor parallelism on whole mesh axes, with ZeRO stage 0, 1 or 3. A manual plan pins the
// shardings of a training step's parameters (weights by their HuggingFace names, AdamW m and v,
// token inputs) and lets PlanAutoSharding price the rest, so both plans share one cost model.
//
//   mesh 2x8, plan "dp2(a0) tp8(a1) zero1" on a LLaMA layer:
//     q_proj.weight [out,in]    -> [S(1),R]    column-parallel over axis 1
//     o_proj.weight [out,in]    -> [R,S(1)]    row-parallel
//     m.q_proj.weight           -> [S(1),S(0)] ZeRO-1: also split over the data axis
//     input_ids [batch,seq]     -> [S(0),R]
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "passes/auto_sharding/auto_sharding.h"

namespace xpar {

// One manual plan: which usable mesh axes (size > 1) carry data and tensor parallelism.
struct ManualPlanSpec {
  std::vector<int64_t> data_axes;    // the batch (and ZeRO shards) split over these
  std::vector<int64_t> tensor_axes;  // Megatron tensor parallelism over these
  int zero_stage = 0;                // 0; 1: AdamW m and v split over data_axes; 3: weights too
  // MoE (GShard, DeepSpeed-MoE): the experts of every expert weight [experts, ...] split over
  // data_axes (expert parallelism = data parallelism; tokens reach their experts by all-to-all).
  bool expert_parallel = false;

  // "dp2(a0) tp8(a1) zero1", "dp8(a1) ep8(a1) zero1"; "single device" when both are empty.
  std::string Name(const Mesh& mesh) const;
};

// Every assignment of the usable mesh axes to data or tensor parallelism (each axis to one of
// them; on a 2-D mesh both orders), with ZeRO stages 0, 1 and 3 where there is data parallelism.
// 1x1: 1 plan; 1x8: 4 (dp8 x 3 stages, tp8); 2x8: 10.
std::vector<ManualPlanSpec> EnumerateManualPlans(const Mesh& mesh);

// How Megatron-LM splits a parameter, read from its name.
struct ParameterRole {
  bool tokens = false;           // input_ids / labels: dimension 0 is the batch
  bool optimizer_state = false;  // "m.<weight>" or "v.<weight>"
  int64_t tensor_dim = -1;       // the dimension split over the tensor axes; -1: replicated
  bool expert = false;           // an MoE expert weight (moe.wi, moe.wo): dimension 0 = experts
};
// Column-parallel (q/k/v/gate/up_proj, fc_in, GPT-2's c_attn and c_fc with their biases) split
// output features; row-parallel (o/down_proj, fc_out, c_proj weights) input features; the token
// embedding and LM head (wte, embed_tokens, lm_head) the vocabulary. GPT-2's Conv1D weights are
// [in, out], torch.nn.Linear's [out, in]. MoE expert weights (`moe.wi` [experts, hidden, ffn],
// `moe.wo` [experts, ffn, hidden]) are column- and row-parallel inside each expert. Everything else (norms, position embedding, row-parallel
// biases, the step count) is replicated.
ParameterRole ClassifyParameter(const std::string& name, int64_t rank);

// The sharding of a parameter of `dims` under `plan`; FailedPrecondition when a split does not
// divide its dimension evenly (the batch by the data-parallel degree, a weight by the
// tensor-parallel degree). ZeRO splits go on the first other dimension they divide, else after
// the tensor axes on the tensor dimension, else are left out for that parameter. With expert
// parallelism an expert weight (and its m and v) is split over the data axes on its experts
// dimension instead, and takes no further ZeRO split.
Expected<ShardingSpec> ManualParameterSpec(const ParameterRole& role,
                                           const std::vector<int64_t>& dims,
                                           const ManualPlanSpec& plan, const Mesh& mesh);

struct ManualPlanResult {
  ManualPlanSpec spec;
  std::string name;
  // OK with a plan; ResourceExhausted: does not fit the memory limit; FailedPrecondition: the
  // plan does not apply (a split that does not divide); other codes: the planner's error.
  Status status;
  std::optional<Plan> plan;

  bool fits() const { return plan.has_value() && plan->memory_ok; }
};

// Plans every manual plan of `model.mesh()` on `module` in turn (and, when the module has MoE
// expert weights, each plan with data parallelism once more with expert parallelism): pins the parameters' shardings
// (overriding any the module has), runs PlanAutoSharding with `options` (keep_user_shardings
// forced on) and restores the parameters' own shardings. Results come best first: plans that fit
// by step time, then those that do not fit, then the rest.
Expected<std::vector<ManualPlanResult>> PlanManualBaselines(Module& module, const CostModel& model,
                                                            const AutoShardingOptions& options);

// The first result that fits, or null.
const ManualPlanResult* BestManualPlan(const std::vector<ManualPlanResult>& results);

}  // namespace xpar
