// Elementwise strategies: every spec of the result, each operand in the same spec (scalar
// operands replicated). Pending partial sums pass through the ops linear in an operand:
//   add, subtract (both operands partial), negate, copy, float->float convert (the operand),
//   multiply (either operand, the other not partial), divide (the numerator), select (both
//   data operands, the predicate not partial); Neuron's identity custom calls.
// Custom calls: Neuron's Gelu kernels are elementwise; AwsNeuronRmsNorm normalizes over the dim
// its backend_config names, which therefore stays whole; other targets are replicated.
#include <charconv>
#include <string_view>

#include "analysis/op_stats.h"
#include "passes/auto_sharding/spec_einsum.h"
#include "passes/auto_sharding/spec_families.h"

namespace xpar {
namespace {

using Sets = std::vector<std::vector<int64_t>>;

Sets LinearOperandSets(const Instruction& inst) {
  const Opcode op = inst.opcode();
  if (IsOneOf(op, {Opcode::kAdd, Opcode::kSubtract})) return {{0, 1}};
  if (IsOneOf(op, {Opcode::kNegate, Opcode::kCopy, Opcode::kDivide})) return {{0}};
  if (op == Opcode::kConvert) {
    bool floats = IsFloating(inst.operand(0)->shape().type()) && IsFloating(inst.shape().type());
    return floats ? Sets{{0}} : Sets{};
  }
  if (op == Opcode::kMultiply) return {{0}, {1}};
  if (op == Opcode::kSelect) return {{1, 2}};
  return {};  // every other elementwise op is nonlinear in all its operands
}

// Elementwise over the result's dims; nullopt when an operand is neither a scalar nor of the
// result's dims (bitcast-convert between widths, malformed input).
std::optional<Einsum> ElementwiseEinsum(const Instruction& inst, const StrategyOptions& options,
                                        Sets partial_sets) {
  const Shape& out = inst.shape();
  if (!out.IsArray()) return std::nullopt;
  Einsum e;
  e.loops = LoopsOf(out.dims(), options.allow_uneven);
  for (const Instruction* op : inst.operands()) {
    const Shape& s = op->shape();
    if (!s.IsArray()) return std::nullopt;
    if (s.rank() == 0) {
      e.operands.push_back({EinsumLeaf{s, {}}});
    } else if (s.dims() == out.dims()) {
      e.operands.push_back({IdentityLeaf(s)});
    } else {
      return std::nullopt;
    }
  }
  e.outputs = {IdentityLeaf(out)};
  e.partial_operand_sets = std::move(partial_sets);
  e.flops = static_cast<double>(InstructionFlops(inst));
  return e;
}

StrategyList ElementwiseWith(const Instruction& inst, const CostModel& model,
                             const StrategyOptions& options, Sets partial_sets) {
  std::optional<Einsum> e = ElementwiseEinsum(inst, options, std::move(partial_sets));
  if (!e) return std::vector<Strategy>{ReplicatedStrategy(inst, model)};
  return BuildEinsumStrategies(*e, model, options);
}

std::optional<int64_t> ParseDim(std::string_view text) {
  while (!text.empty() && (text.front() == '"' || text.front() == ' ')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == '"' || text.back() == ' ')) text.remove_suffix(1);
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// AwsNeuronRmsNorm(x, weight[h], eps[]): normalizes x over dim `backend_config`, of size h.
StrategyList RmsNormStrategies(const Instruction& inst, const CostModel& model,
                               const StrategyOptions& options) {
  std::optional<int64_t> dim = ParseDim(inst.attrs().backend_config);
  const Shape& out = inst.shape();
  if (!dim || inst.operand_count() < 1 || !out.IsArray() || *dim < 0 || *dim >= out.rank() ||
      inst.operand(0)->shape().dims() != out.dims()) {
    return std::vector<Strategy>{ReplicatedStrategy(inst, model)};
  }
  Einsum e;
  e.loops = LoopsOf(out.dims(), options.allow_uneven);
  e.loops[*dim].splittable = false;
  e.operands.push_back({IdentityLeaf(inst.operand(0)->shape())});
  for (int64_t k = 1; k < inst.operand_count(); ++k) {
    const Shape& s = inst.operand(k)->shape();
    if (!s.IsArray()) return std::vector<Strategy>{ReplicatedStrategy(inst, model)};
    e.operands.push_back({EinsumLeaf{s, std::vector<int64_t>(s.rank(), -1)}});
  }
  e.outputs = {IdentityLeaf(out)};
  e.flops = static_cast<double>(InstructionFlops(inst));
  return BuildEinsumStrategies(e, model, options);
}

}  // namespace

StrategyList ElementwiseStrategies(const Instruction& inst, const CostModel& model,
                                   const StrategyOptions& options) {
  return ElementwiseWith(inst, model, options, LinearOperandSets(inst));
}

StrategyList CustomCallStrategies(const Instruction& inst, const CostModel& model,
                                  const StrategyOptions& options) {
  const std::string& target = inst.attrs().custom_call_target;
  if (target == "AwsNeuronTransferWithStaticRing" || target == "Sharding") {
    return ElementwiseWith(inst, model, options, {{0}});
  }
  if (target == "AwsNeuronGelu" || target == "AwsNeuronGeluApprxTanh" ||
      target == "AwsNeuronGeluBackward") {
    return ElementwiseWith(inst, model, options, {});
  }
  if (target == "AwsNeuronRmsNorm") return RmsNormStrategies(inst, model, options);
  return std::vector<Strategy>{ReplicatedStrategy(inst, model)};
}

}  // namespace xpar
