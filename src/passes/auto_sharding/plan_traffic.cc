// EstimateTraffic: the bytes each device sends per collective kind under a plan, counted the way
// the runtime's transports count a run (CollectiveBytesSent), for measured-vs-planned tables.
#include "passes/auto_sharding/auto_sharding.h"

namespace xpar {
namespace {

int64_t BytesSent(const CollectiveUse& use, const Mesh& mesh) {
  int64_t n = 1;
  for (int64_t axis : use.axes) {
    if (axis >= 0 && axis < mesh.rank()) n *= mesh.axis_size(axis);
  }
  if (n <= 1) return 0;
  switch (use.kind) {
    case CollectiveKind::kAllReduce:
      return 2 * (n - 1) * use.bytes / n;
    case CollectiveKind::kAllGather:
    case CollectiveKind::kReduceScatter:
    case CollectiveKind::kAllToAll:
      return (n - 1) * use.bytes / n;
    case CollectiveKind::kCollectivePermute:
      return use.bytes;
  }
  return 0;
}

void AddAll(const std::vector<CollectiveUse>& uses, const Mesh& mesh,
            std::map<CollectiveKind, PlannedTraffic>& out) {
  for (const CollectiveUse& use : uses) {
    const int64_t bytes = BytesSent(use, mesh);
    if (bytes == 0) continue;  // a group of one: no collective runs
    PlannedTraffic& t = out[use.kind];
    ++t.calls;
    t.bytes_sent += bytes;
  }
}

}  // namespace

std::map<CollectiveKind, PlannedTraffic> EstimateTraffic(const Plan& plan, const Mesh& mesh) {
  std::map<CollectiveKind, PlannedTraffic> out;
  for (const InstructionPlan& ip : plan.instructions) AddAll(ip.strategy.collectives, mesh, out);
  for (const PlannedResharding& r : plan.reshardings) AddAll(r.cost.collectives, mesh, out);
  return out;
}

}  // namespace xpar
