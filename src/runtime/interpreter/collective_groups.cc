// Collective group resolution (see collective_groups.h).
#include "runtime/interpreter/collective_groups.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <numeric>

#include "runtime/interpreter/index_util.h"

namespace xpar {
namespace {

bool HasGlobalDeviceIdsAttr(Opcode op) {
  return op == Opcode::kAllReduce || op == Opcode::kAllReduceStart || op == Opcode::kAllGather ||
         op == Opcode::kAllGatherStart || op == Opcode::kReduceScatter;
}

// `[G,S]<=[dims]T(perm)`: iota over prod(dims), reshaped to dims, transposed, cut into G groups.
Expected<std::vector<std::vector<int64_t>>> ExpandIota(const ReplicaGroups& rg) {
  if (rg.iota_group_dims.size() != 2) return InvalidArgument("iota replica groups need [G,S]");
  std::vector<int64_t> reshape = rg.iota_reshape;
  const int64_t total = rg.iota_group_dims[0] * rg.iota_group_dims[1];
  if (reshape.empty()) reshape = {total};
  int64_t count = 1;
  for (int64_t d : reshape) count *= d;
  if (count != total) return InvalidArgument("iota replica groups: sizes do not match");
  Literal iota(Shape(PrimitiveType::kS64, reshape));
  std::iota(iota.data<int64_t>().begin(), iota.data<int64_t>().end(), 0);
  if (!rg.iota_transpose.empty()) {
    if (rg.iota_transpose.size() != reshape.size()) {
      return InvalidArgument("iota replica groups: transpose does not match the reshape");
    }
    iota = TransposeLiteral(iota, rg.iota_transpose);
  }
  std::vector<std::vector<int64_t>> groups(rg.iota_group_dims[0]);
  for (int64_t i = 0; i < total; ++i) {
    groups[i / rg.iota_group_dims[1]].push_back(iota.data<int64_t>()[i]);
  }
  return groups;
}

}  // namespace

Expected<std::vector<std::vector<int64_t>>> ExpandReplicaGroups(const Instruction& inst) {
  const auto& rg = inst.attrs().replica_groups;
  if (!rg) return std::vector<std::vector<int64_t>>{};
  if (rg->groups.empty() && !rg->iota_group_dims.empty()) return ExpandIota(*rg);
  return rg->groups;
}

Expected<GroupMode> CollectiveGroupMode(const Instruction& inst) {
  const bool channel = inst.attrs().channel_id.has_value();
  const bool global = inst.attrs().use_global_device_ids;
  if (!HasGlobalDeviceIdsAttr(inst.opcode())) {
    return channel ? GroupMode::kCrossPartition : GroupMode::kCrossReplica;
  }
  if (!channel) {
    if (global) return InvalidArgument("use_global_device_ids=true needs a channel_id");
    return GroupMode::kCrossReplica;
  }
  return global ? GroupMode::kFlattenedId : GroupMode::kCrossReplicaAndPartition;
}

Expected<std::vector<int64_t>> CollectiveGroup(const Instruction& inst, const DeviceContext& dev) {
  ASSIGN_OR_RETURN(std::optional<std::vector<int64_t>> group, CollectiveGroupIfMember(inst, dev));
  if (group) return std::move(*group);
  ASSIGN_OR_RETURN(GroupMode mode, CollectiveGroupMode(inst));
  const char* what = mode == GroupMode::kCrossPartition ? "partition"
                     : mode == GroupMode::kFlattenedId  ? "device"
                                                        : "replica";
  const int64_t my_id = mode == GroupMode::kCrossPartition ? dev.partition_id
                        : mode == GroupMode::kFlattenedId
                            ? dev.replica_id * dev.num_partitions + dev.partition_id
                            : dev.replica_id;
  return InvalidArgument("{} {} {} is in none of the replica groups", HloOpcodeName(inst.opcode()),
                         what, my_id);
}

Expected<std::optional<std::vector<int64_t>>> CollectiveGroupIfMember(const Instruction& inst,
                                                                      const DeviceContext& dev) {
  ASSIGN_OR_RETURN(GroupMode mode, CollectiveGroupMode(inst));
  ASSIGN_OR_RETURN(auto groups, ExpandReplicaGroups(inst));
  const int64_t R = dev.num_replicas, P = dev.num_partitions;
  // The id space the groups are written in, and this device's id in it.
  int64_t space = R, my_id = dev.replica_id;
  const char* what = "replica";
  if (mode == GroupMode::kCrossPartition) {
    space = P, my_id = dev.partition_id, what = "partition";
  } else if (mode == GroupMode::kFlattenedId) {
    space = R * P, my_id = dev.replica_id * P + dev.partition_id, what = "device";
  }
  if (groups.empty()) {
    groups.emplace_back(space);
    std::iota(groups[0].begin(), groups[0].end(), 0);
  }
  const std::vector<int64_t>* mine = nullptr;
  for (const auto& g : groups) {
    int64_t max_id = g.empty() ? -1 : *std::max_element(g.begin(), g.end());
    if (max_id >= space || (!g.empty() && *std::min_element(g.begin(), g.end()) < 0)) {
      int64_t needed = mode == GroupMode::kCrossPartition ? R * (max_id + 1)
                       : mode == GroupMode::kFlattenedId  ? max_id + 1
                                                          : (max_id + 1) * P;
      return InvalidArgument("{} {} group {{{}}} needs {} devices; run with --devices {}",
                             HloOpcodeName(inst.opcode()), what, fmt::join(g, ","), needed,
                             needed);
    }
    if (std::find(g.begin(), g.end(), my_id) != g.end()) mine = &g;
  }
  if (!mine) return std::optional<std::vector<int64_t>>();
  std::vector<int64_t> devices;
  if (mode == GroupMode::kCrossReplicaAndPartition) {
    // Every partition of the group's replicas, partition-major as XLA's
    // GetParticipatingDevices orders them (StableHLO all_gather.mlir, issue 1933).
    for (int64_t p = 0; p < P; ++p) {
      for (int64_t id : *mine) devices.push_back(id * P + p);
    }
    return std::optional<std::vector<int64_t>>(std::move(devices));
  }
  for (int64_t id : *mine) {
    switch (mode) {
      case GroupMode::kCrossReplica: devices.push_back(id * P + dev.partition_id); break;
      case GroupMode::kCrossPartition: devices.push_back(dev.replica_id * P + id); break;
      case GroupMode::kCrossReplicaAndPartition: break;  // handled above
      case GroupMode::kFlattenedId: devices.push_back(id); break;
    }
  }
  return std::optional<std::vector<int64_t>>(std::move(devices));
}

}  // namespace xpar
