// Strategy checks and restrictions applied before the solve.
#include "passes/auto_sharding/strategy_filters.h"

#include <fmt/ranges.h>

#include <algorithm>

#include "ir/printer.h"
#include "passes/auto_sharding/problem_builder.h"

namespace xpar {
namespace {

Status CheckShapes(const Instruction& inst, const std::vector<Strategy>& strategies) {
  if (strategies.empty()) return Internal("%{}: no sharding strategy", inst.name());
  size_t leaves = ArrayLeaves(inst.shape()).size();
  for (const Strategy& s : strategies) {
    bool ok = s.outputs.size() == leaves &&
              s.operands.size() == static_cast<size_t>(inst.operand_count());
    for (size_t k = 0; ok && k < s.operands.size(); ++k) {
      ok = s.operands[k].size() == ArrayLeaves(inst.operand(k)->shape()).size();
    }
    if (!ok) {
      return Internal("%{} ({}): strategy '{}' has {} result specs and {} operand lists, "
                      "expected {} and {}", inst.name(), HloOpcodeName(inst.opcode()), s.name,
                      s.outputs.size(), s.operands.size(), leaves, inst.operand_count());
    }
  }
  return Status::Ok();
}

ShardingSpec WithoutPartial(ShardingSpec spec) {
  spec.partial_axes.clear();
  return spec;
}

// The specs the user's annotation asks for, one per array leaf.
Expected<std::vector<ShardingSpec>> UserSpecs(const Instruction& inst, const Mesh& mesh) {
  const HloSharding& sharding = *inst.sharding();
  std::vector<const Shape*> leaves = ArrayLeaves(inst.shape());
  std::vector<ShardingSpec> specs;
  for (size_t i = 0; i < leaves.size(); ++i) {
    const HloSharding& leaf = sharding.kind == HloSharding::Kind::kTuple &&
                                      i < sharding.tuple.size() ? sharding.tuple[i] : sharding;
    auto spec = FromHloSharding(leaf, mesh, leaves[i]->rank());
    if (!spec.ok()) {
      return spec.status().WithContext(
          fmt::format("%{}: its sharding does not fit mesh {}: ", inst.name(), mesh.ToString()));
    }
    specs.push_back(std::move(*spec));
  }
  return specs;
}

Status KeepUserSharding(const Instruction& inst, const Mesh& mesh,
                        std::vector<Strategy>& strategies) {
  ASSIGN_OR_RETURN(std::vector<ShardingSpec> want, UserSpecs(inst, mesh));
  size_t before = strategies.size();
  std::erase_if(strategies, [&](const Strategy& s) {
    for (size_t i = 0; i < want.size(); ++i) {
      if (WithoutPartial(s.outputs[i]) != want[i]) return true;
    }
    return false;
  });
  if (strategies.empty()) {
    std::vector<std::string> parts;
    for (const ShardingSpec& s : want) parts.push_back(s.ToString());
    std::string specs = fmt::format("{}", fmt::join(parts, ", "));
    return InvalidArgument("%{}: none of its {} strategies produces its given sharding {}",
                           inst.name(), before, specs);
  }
  return Status::Ok();
}

// Data parallelism: a batch-sized leading dimension split over every mesh axis, all else whole.
ShardingSpec DataParallelSpec(const Shape& shape, const Mesh& mesh, int64_t batch_size) {
  ShardingSpec spec = ShardingSpec::Replicated(shape.rank());
  if (shape.rank() > 0 && shape.dim(0) == batch_size) {
    for (int64_t a = 0; a < mesh.rank(); ++a) {
      if (mesh.axis_size(a) > 1) spec.dim_axes[0].push_back(a);
    }
  }
  return spec;
}

Status ForceDataParallel(const Instruction& inst, const Mesh& mesh, int64_t batch_size,
                         std::vector<Strategy>& strategies) {
  if (!inst.shape().IsArray()) return Status::Ok();
  ShardingSpec want = DataParallelSpec(inst.shape(), mesh, batch_size);
  std::erase_if(strategies, [&](const Strategy& s) { return s.outputs[0] != want; });
  if (strategies.empty()) {
    return InvalidArgument("%{}: no strategy gives the data-parallel sharding {} (batch {})",
                           inst.name(), want.ToString(), batch_size);
  }
  return Status::Ok();
}

// The number of devices a spec splits a tensor over.
int64_t SplitFactor(const ShardingSpec& spec, const Mesh& mesh) {
  int64_t factor = 1;
  for (const auto& axes : spec.dim_axes) {
    for (int64_t a : axes) factor *= mesh.axis_size(a);
  }
  return factor;
}

// Keeps the strategies that split the parameter over the most devices (all of them where its
// dimensions divide evenly; a bias of 10 on 4 devices is split 2 ways).
void ShardParameter(const Instruction& inst, const Mesh& mesh, std::vector<Strategy>& strategies) {
  if (!inst.shape().IsArray()) return;
  int64_t best = 1;
  for (const Strategy& s : strategies) best = std::max(best, SplitFactor(s.outputs[0], mesh));
  std::erase_if(strategies,
                [&](const Strategy& s) { return SplitFactor(s.outputs[0], mesh) < best; });
}

}  // namespace

Status FilterStrategies(const Instruction& inst, const Mesh& mesh,
                        const AutoShardingOptions& options, std::vector<Strategy>& strategies) {
  RETURN_IF_ERROR(CheckShapes(inst, strategies));
  if (options.keep_user_shardings && inst.sharding().has_value()) {
    RETURN_IF_ERROR(KeepUserSharding(inst, mesh, strategies));
  }
  if (options.force_data_parallel && inst.opcode() == Opcode::kParameter) {
    RETURN_IF_ERROR(ForceDataParallel(inst, mesh, options.batch_size, strategies));
  }
  if (options.shard_parameters && inst.opcode() == Opcode::kParameter) {
    ShardParameter(inst, mesh, strategies);
  }
  return Status::Ok();
}

}  // namespace xpar
