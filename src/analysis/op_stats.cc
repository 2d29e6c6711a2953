// FLOP counting and module statistics.
#include "analysis/op_stats.h"

#include <algorithm>

#include "ir/printer.h"

namespace xpar {
namespace {

int64_t ComputationFlops(const Computation& c) {
  int64_t total = 0;
  for (const auto& inst : c.instructions()) total += InstructionFlops(*inst);
  return total;
}

int64_t ArrayElements(const Shape& s) {
  if (s.IsTuple()) return s.tuple_shapes().empty() ? 0 : ArrayElements(s.tuple_shape(0));
  return s.ElementCount();
}

}  // namespace

int64_t InstructionFlops(const Instruction& inst) {
  const Shape& out = inst.shape();
  if (HasTrait(inst.opcode(), kElementwise) && inst.opcode() != Opcode::kConvert &&
      inst.opcode() != Opcode::kCopy) {
    return out.IsArray() && IsFloating(out.type()) ? out.ElementCount() : 0;
  }
  switch (inst.opcode()) {
    case Opcode::kDot: {
      if (!inst.attrs().dot) return 0;
      int64_t contracted = 1;
      const Shape& lhs = inst.operand(0)->shape();
      for (int64_t d : inst.attrs().dot->lhs_contracting) contracted *= lhs.dim(d);
      return 2 * out.ElementCount() * contracted;
    }
    case Opcode::kConvolution: {
      if (!inst.attrs().conv) return 0;
      const Shape& kernel = inst.operand(1)->shape();
      const ConvDims& cd = *inst.attrs().conv;
      int64_t per_output = kernel.dim(cd.kernel_input_feature);
      for (int64_t d : cd.kernel_spatial) per_output *= kernel.dim(d);
      return 2 * out.ElementCount() * per_output;
    }
    case Opcode::kReduce:
    case Opcode::kReduceWindow:
    case Opcode::kAllReduce:
    case Opcode::kReduceScatter: {
      int64_t in = ArrayElements(inst.operand(0)->shape());
      int64_t per = inst.called().empty() ? 1 : ComputationFlops(*inst.called()[0]);
      if (inst.opcode() == Opcode::kReduceWindow) {
        int64_t window = 1;
        for (const WindowDim& w : inst.attrs().window) window *= w.size;
        in = ArrayElements(out) * window;
      }
      return in * per;
    }
    case Opcode::kBatchNormTraining:
    case Opcode::kBatchNormInference:
    case Opcode::kBatchNormGrad:
      return 8 * ArrayElements(inst.operand(0)->shape());
    case Opcode::kCall:
    case Opcode::kFusion:
    case Opcode::kWhile:
      return inst.called().empty() ? 0 : ComputationFlops(*inst.called().back());
    case Opcode::kCustomCall:
      // Unknown kernels: count one operation per output element as a floor.
      return IsFloating(out.IsTuple() ? PrimitiveType::kS32 : out.type()) ? ArrayElements(out) : 0;
    default:
      return 0;
  }
}

ModuleStats ComputeModuleStats(const Module& module) {
  ModuleStats stats;
  for (const auto& comp : module.computations()) {
    for (const auto& inst : comp->instructions()) {
      ++stats.instructions;
      std::string op(HloOpcodeName(inst->opcode()));
      ++stats.op_histogram[op];
      if (inst->opcode() == Opcode::kCustomCall) {
        ++stats.custom_call_targets[inst->attrs().custom_call_target];
      }
      if (HasTrait(inst->opcode(), kCollective)) ++stats.collectives[op];
      if (inst->sharding()) ++stats.shardings[PrintSharding(*inst->sharding())];
    }
  }
  const Computation* entry = module.entry();
  if (!entry) return stats;
  stats.flops = ComputationFlops(*entry);
  for (const auto& inst : entry->instructions()) {
    int64_t bytes = inst->shape().ByteSize();
    switch (inst->opcode()) {
      case Opcode::kParameter: stats.parameter_bytes += bytes; break;
      case Opcode::kConstant: stats.constant_bytes += bytes; break;
      case Opcode::kTuple:
      case Opcode::kGetTupleElement: break;  // aliases of other values
      default: stats.activation_bytes += bytes;
    }
  }
  if (entry->root()) stats.output_bytes = entry->root()->shape().ByteSize();
  return stats;
}

int64_t DevicesNamedByCollectives(const Module& module) {
  int64_t max_id = 0;
  for (const auto& comp : module.computations()) {
    for (const auto& inst : comp->instructions()) {
      const InstructionAttrs& a = inst->attrs();
      if (a.replica_groups) {
        for (const auto& g : a.replica_groups->groups) {
          for (int64_t id : g) max_id = std::max(max_id, id);
        }
      }
      for (const auto& [s, t] : a.source_target_pairs) max_id = std::max({max_id, s, t});
    }
  }
  return max_id + 1;
}

int64_t ArgumentAndOutputBytes(const Module& module) {
  const Computation* entry = module.entry();
  if (!entry || !entry->root()) return 0;
  int64_t bytes = entry->root()->shape().ByteSize();
  for (const Instruction* p : entry->parameters()) bytes += p->shape().ByteSize();
  return bytes;
}

}  // namespace xpar
