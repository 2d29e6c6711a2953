// Dot and convolution strategies: Alpa's space. Every assignment of mesh axes to the batch,
// lhs non-contracting, rhs non-contracting and contracting dims (several axes per dim allowed);
// a split contraction leaves the result partial over those axes or all-reduces it in the op.
//   dot [b,m,k] x [k,n], mesh 4: "[S(0),R,R] <- [S(0),R,R] x [R,R]" (data parallel),
//   "[R,R,S(0)] <- [R,R,R] x [R,S(0)]" (Megatron column), "[R,R,R] partial(0) <- [R,R,S(0)] x
//   [S(0),R]" (Megatron row).
#include <algorithm>

#include "analysis/op_stats.h"
#include "passes/auto_sharding/spec_einsum.h"
#include "passes/auto_sharding/spec_families.h"

namespace xpar {
namespace {

bool Contains(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

// Dims of a rank-`rank` operand that are neither batch nor contracting, ascending.
std::vector<int64_t> FreeDims(int64_t rank, const std::vector<int64_t>& batch,
                              const std::vector<int64_t>& contracting) {
  std::vector<int64_t> free;
  for (int64_t d = 0; d < rank; ++d) {
    if (!Contains(batch, d) && !Contains(contracting, d)) free.push_back(d);
  }
  return free;
}

bool InRange(const std::vector<int64_t>& dims, int64_t rank) {
  return std::all_of(dims.begin(), dims.end(), [&](int64_t d) { return d >= 0 && d < rank; });
}

}  // namespace

StrategyList DotStrategies(const Instruction& inst, const CostModel& model,
                           const StrategyOptions& options) {
  if (!inst.attrs().dot || inst.operand_count() != 2 || !inst.shape().IsArray()) {
    return InvalidArgument("dot {} lacks its dimension numbers", inst.name());
  }
  const DotDims& dd = *inst.attrs().dot;
  const Shape& lhs = inst.operand(0)->shape();
  const Shape& rhs = inst.operand(1)->shape();
  if (!InRange(dd.lhs_batch, lhs.rank()) || !InRange(dd.lhs_contracting, lhs.rank()) ||
      !InRange(dd.rhs_batch, rhs.rank()) || !InRange(dd.rhs_contracting, rhs.rank())) {
    return InvalidArgument("dot {}: dimension numbers out of range", inst.name());
  }
  const std::vector<int64_t> lhs_free = FreeDims(lhs.rank(), dd.lhs_batch, dd.lhs_contracting);
  const std::vector<int64_t> rhs_free = FreeDims(rhs.rank(), dd.rhs_batch, dd.rhs_contracting);
  const size_t nb = dd.lhs_batch.size(), nc = dd.lhs_contracting.size();
  if (dd.rhs_batch.size() != nb || dd.rhs_contracting.size() != nc ||
      static_cast<size_t>(inst.shape().rank()) != nb + lhs_free.size() + rhs_free.size()) {
    return InvalidArgument("dot {}: dimension numbers do not match the shapes", inst.name());
  }
  // Loops: the result's dims (batch, lhs free, rhs free), then the contracting dims.
  Einsum e;
  e.loops = LoopsOf(inst.shape().dims(), options.allow_uneven);
  EinsumLeaf l{lhs, std::vector<int64_t>(lhs.rank(), -1)};
  EinsumLeaf r{rhs, std::vector<int64_t>(rhs.rank(), -1)};
  for (size_t i = 0; i < nb; ++i) {
    l.loop_of[dd.lhs_batch[i]] = static_cast<int64_t>(i);
    r.loop_of[dd.rhs_batch[i]] = static_cast<int64_t>(i);
  }
  for (size_t i = 0; i < lhs_free.size(); ++i) l.loop_of[lhs_free[i]] = nb + i;
  for (size_t i = 0; i < rhs_free.size(); ++i) {
    r.loop_of[rhs_free[i]] = nb + lhs_free.size() + i;
  }
  for (size_t i = 0; i < nc; ++i) {
    const int64_t loop = static_cast<int64_t>(e.loops.size());
    e.loops.push_back(AxisSlot{lhs.dim(dd.lhs_contracting[i]), true, !options.allow_uneven});
    l.loop_of[dd.lhs_contracting[i]] = loop;
    r.loop_of[dd.rhs_contracting[i]] = loop;
  }
  e.operands = {{l}, {r}};
  e.outputs = {IdentityLeaf(inst.shape())};
  e.reduction = EinsumReduction::kSum;
  e.flops = static_cast<double>(InstructionFlops(inst));
  return BuildEinsumStrategies(e, model, options);
}

// Batch, output-feature and input-feature (contracted: partial) splits. Spatial dims are never
// split: that needs halo exchanges, which the SPMD stage does not generate.
StrategyList ConvolutionStrategies(const Instruction& inst, const CostModel& model,
                                   const StrategyOptions& options) {
  if (!inst.attrs().conv || inst.operand_count() != 2 || !inst.shape().IsArray()) {
    return InvalidArgument("convolution {} lacks its dimension labels", inst.name());
  }
  const ConvDims& cd = *inst.attrs().conv;
  const Shape& input = inst.operand(0)->shape();
  const Shape& kernel = inst.operand(1)->shape();
  const bool even = !options.allow_uneven;
  const bool grouped = inst.attrs().feature_group_count > 1 || inst.attrs().batch_group_count > 1;
  // Loops: 0 batch, 1 output feature, 2 input feature (contracted).
  Einsum e;
  e.loops = {AxisSlot{inst.shape().dim(cd.output_batch), inst.attrs().batch_group_count == 1, even},
             AxisSlot{inst.shape().dim(cd.output_feature), !grouped, even},
             AxisSlot{input.dim(cd.input_feature), !grouped, even}};
  EinsumLeaf in{input, std::vector<int64_t>(input.rank(), -1)};
  EinsumLeaf ker{kernel, std::vector<int64_t>(kernel.rank(), -1)};
  EinsumLeaf out{inst.shape(), std::vector<int64_t>(inst.shape().rank(), -1)};
  in.loop_of[cd.input_batch] = 0;
  out.loop_of[cd.output_batch] = 0;
  ker.loop_of[cd.kernel_output_feature] = 1;
  out.loop_of[cd.output_feature] = 1;
  in.loop_of[cd.input_feature] = 2;
  ker.loop_of[cd.kernel_input_feature] = 2;
  e.operands = {{in}, {ker}};
  e.outputs = {out};
  e.reduction = EinsumReduction::kSum;
  e.flops = static_cast<double>(InstructionFlops(inst));
  return BuildEinsumStrategies(e, model, options);
}

}  // namespace xpar
