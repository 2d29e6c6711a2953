// Convolution: the input's batch dimension and the kernel's output-feature dimension may stay
// split (each device convolves its images with its filters; padded images or filters only give
// padded outputs); spatial and input-feature splits, and grouped convolutions, run on whole
// operands.
#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {

Expected<PValue> HandleConvolution(Partitioner& p, const Instruction& inst, const Want& want) {
  const auto& a = inst.attrs();
  if (!a.conv || a.feature_group_count != 1 || a.batch_group_count != 1) {
    return HandleReplicated(p, inst, want);
  }
  const ConvDims& cd = *a.conv;
  const Instruction* input = inst.operand(0);
  const Instruction* kernel = inst.operand(1);
  PValue iv = p.Get(input);
  PValue kv = p.Get(kernel);
  ShardingSpec is = ShardingSpec::Replicated(input->shape().rank());
  ShardingSpec ks = ShardingSpec::Replicated(kernel->shape().rank());
  ShardingSpec out = ShardingSpec::Replicated(inst.shape().rank());
  std::vector<int64_t> batch = want ? want->dim_axes[cd.output_batch]
                                    : iv.spec.dim_axes[cd.input_batch];
  std::vector<int64_t> feature = want ? want->dim_axes[cd.output_feature]
                                      : kv.spec.dim_axes[cd.kernel_output_feature];
  for (int64_t x : batch) {
    if (std::count(feature.begin(), feature.end(), x)) feature.clear();
  }
  is.dim_axes[cd.input_batch] = out.dim_axes[cd.output_batch] = batch;
  ks.dim_axes[cd.kernel_output_feature] = out.dim_axes[cd.output_feature] = feature;
  if (!p.options().uneven) {
    is = NormalizeForShape(is, input->shape(), p.mesh());
    ks = NormalizeForShape(ks, kernel->shape(), p.mesh());
  }
  out.dim_axes[cd.output_batch] = is.dim_axes[cd.input_batch];
  out.dim_axes[cd.output_feature] = ks.dim_axes[cd.kernel_output_feature];
  ASSIGN_OR_RETURN(Instruction * x, p.Reshard(iv, is, input->shape()));
  ASSIGN_OR_RETURN(Instruction * y, p.Reshard(kv, ks, kernel->shape()));
  Instruction* local = p.b().CloneWith(inst, LocalShape(inst.shape(), out, p.mesh()), {x, y});
  return PValue{local, out, {}};
}

}  // namespace xpar::spmd
