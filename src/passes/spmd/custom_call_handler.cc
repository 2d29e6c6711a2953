// Custom calls with known semantics run on shards, matching the strategies the auto-sharding
// pass gives them (src/passes/auto_sharding/strategy_elementwise.cc): Neuron's data-placement
// marker and XLA's Sharding annotation pass their operand through, Neuron's GELU kernels are
// elementwise, AwsNeuronRmsNorm normalizes over one dimension (kept whole). Every other custom
// call runs on replicated operands.
#include <charconv>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {
namespace {

bool IsElementwiseTarget(const std::string& target) {
  return target == "AwsNeuronTransferWithStaticRing" || target == "Sharding" ||
         target == "AwsNeuronGelu" || target == "AwsNeuronGeluApprxTanh" ||
         target == "AwsNeuronGeluBackward";
}

std::optional<int64_t> NormalizedDim(const Instruction& inst) {
  const std::string& text = inst.attrs().backend_config;
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  if (value < 0 || value >= inst.shape().rank()) return std::nullopt;
  return value;
}

// AwsNeuronRmsNorm(x, weight[h], eps[]): x keeps its split dims except the normalized one.
Expected<PValue> HandleRmsNorm(Partitioner& p, const Instruction& inst, const Want& want,
                               int64_t dim) {
  const Instruction* x = inst.operand(0);
  ShardingSpec target = want ? *want : p.Get(x).spec;
  target.partial_axes.clear();
  target.dim_axes[dim].clear();
  std::vector<Instruction*> operands;
  ASSIGN_OR_RETURN(Instruction * local_x, p.Reshard(p.Get(x), target, x->shape()));
  operands.push_back(local_x);
  for (int64_t k = 1; k < inst.operand_count(); ++k) {
    ASSIGN_OR_RETURN(Instruction * r, p.Replicate(p.Get(inst.operand(k)), inst.operand(k)->shape()));
    operands.push_back(r);
  }
  Instruction* local = p.b().CloneWith(inst, LocalShape(inst.shape(), target, p.mesh()), operands);
  return PValue{local, target, {}};
}

bool SameArrayShapeAsOperand0(const Instruction& inst) {
  return inst.operand_count() >= 1 && inst.shape().IsArray() &&
         inst.operand(0)->shape().IsArray() &&
         inst.operand(0)->shape().dims() == inst.shape().dims();
}

}  // namespace

Expected<PValue> HandleCustomCall(Partitioner& p, const Instruction& inst, const Want& want) {
  const std::string& target = inst.attrs().custom_call_target;
  if (IsElementwiseTarget(target) && inst.operand_count() == 1 && SameArrayShapeAsOperand0(inst)) {
    return HandleElementwise(p, inst, want);
  }
  if (target == "AwsNeuronRmsNorm" && SameArrayShapeAsOperand0(inst)) {
    if (std::optional<int64_t> dim = NormalizedDim(inst)) return HandleRmsNorm(p, inst, want, *dim);
  }
  return HandleReplicated(p, inst, want);
}

}  // namespace xpar::spmd
