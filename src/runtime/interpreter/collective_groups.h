// Which devices take part in a collective with this device, following XLA's
// CollectiveOpGroupMode rules (cross_replica, cross_partition, cross_replica_and_partition,
// flattened_id) over the replica_groups attribute (explicit or iota form).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "ir/instruction.h"
#include "runtime/interpreter/interpreter.h"
#include "support/status.h"

namespace xpar {

enum class GroupMode { kCrossReplica, kCrossPartition, kCrossReplicaAndPartition, kFlattenedId };

// XLA's GetCollectiveOpGroupMode: all-reduce, all-gather and reduce-scatter carry
// use_global_device_ids; all-to-all, collective-permute and collective-broadcast do not.
Expected<GroupMode> CollectiveGroupMode(const Instruction& inst);

// The global device ids (d = replica * num_partitions + partition) of this device's group, in
// rank order.
Expected<std::vector<int64_t>> CollectiveGroup(const Instruction& inst, const DeviceContext& dev);

// Like CollectiveGroup, but std::nullopt (not an error) when this device is in none of the
// groups (collective-broadcast then yields zeros).
Expected<std::optional<std::vector<int64_t>>> CollectiveGroupIfMember(const Instruction& inst,
                                                                      const DeviceContext& dev);

// The replica_groups attribute as explicit groups (the iota form expanded); empty if absent.
Expected<std::vector<std::vector<int64_t>>> ExpandReplicaGroups(const Instruction& inst);

}  // namespace xpar
