// The cost model: mesh axes laid onto a cluster's links, alpha-beta (ring) collective times and
// roofline compute times. Formulas are stated next to CollectiveSeconds below.
#include "analysis/cost_model.h"

#include <algorithm>
#include <utility>

namespace xpar {

double Cluster::PeakFlops(PrimitiveType type) const {
  auto it = peak_flops.find(std::string(PrimitiveTypeName(type)));
  if (it == peak_flops.end()) it = peak_flops.find("f32");
  return it == peak_flops.end() ? 0.0 : it->second;
}

const char* CollectiveKindName(CollectiveKind kind) {
  switch (kind) {
    case CollectiveKind::kAllReduce:
      return "all-reduce";
    case CollectiveKind::kAllGather:
      return "all-gather";
    case CollectiveKind::kReduceScatter:
      return "reduce-scatter";
    case CollectiveKind::kAllToAll:
      return "all-to-all";
    case CollectiveKind::kCollectivePermute:
      return "collective-permute";
  }
  return "unknown-collective";
}

CostModel::CostModel(Mesh mesh, Cluster cluster, std::vector<Link> axis_links)
    : mesh_(std::move(mesh)), cluster_(std::move(cluster)), axis_links_(std::move(axis_links)) {}

Expected<CostModel> CostModel::Create(const Mesh& mesh, const Cluster& cluster) {
  if (cluster.devices_per_node < 1) {
    return InvalidArgument("cluster '{}': devices_per_node must be at least 1, got {}",
                           cluster.name, cluster.devices_per_node);
  }
  const int64_t capacity = cluster.devices_per_node * cluster.num_nodes;
  if (cluster.num_nodes > 0 && mesh.num_devices() > capacity) {
    return InvalidArgument(
        "mesh {} has {} devices but cluster '{}' has only {} ({} nodes x {} devices)",
        mesh.ToString(), mesh.num_devices(), cluster.name, capacity, cluster.num_nodes,
        cluster.devices_per_node);
  }
  // Row-major device ids: the minor-most axes are contiguous ids, so they share a node as long
  // as the product of their sizes divides devices_per_node. The first axis (from the minor end)
  // that breaks this, and every more-major axis, has groups that span nodes. A mesh that fits in
  // one node uses the intra-node link on every axis.
  std::vector<Link> links(mesh.rank(), cluster.intra_node);
  if (mesh.num_devices() > cluster.devices_per_node) {
    int64_t in_node = 1;
    bool crossed = false;
    for (int64_t axis = mesh.rank() - 1; axis >= 0; --axis) {
      const int64_t size = mesh.axis_size(axis);
      if (!crossed && cluster.devices_per_node % (in_node * size) == 0) {
        in_node *= size;
      } else {
        crossed = true;
        // A size-1 axis never communicates; keep it intra-node so it never looks slow.
        if (size > 1) links[axis] = cluster.inter_node;
      }
    }
  }
  if (!cluster.shared_machine) return CostModel(mesh, cluster, std::move(links));
  Cluster share = cluster;
  const double n = static_cast<double>(mesh.num_devices());
  for (auto& [type, flops] : share.peak_flops) flops /= n;
  share.memory_bandwidth /= n;
  share.memory_bytes /= mesh.num_devices();
  return CostModel(mesh, std::move(share), std::move(links));
}

// Ring algorithms over a group of n devices, each device sending over its own link
// (alpha = latency per step, beta = bytes/second per device and direction); B = `bytes`:
//   all-reduce          2(n-1) alpha + 2(n-1)/n * B / beta   (reduce-scatter then all-gather)
//   all-gather          (n-1) alpha  + (n-1)/n  * B / beta   (B = the gathered buffer)
//   reduce-scatter      (n-1) alpha  + (n-1)/n  * B / beta   (B = the buffer before scattering)
//   all-to-all          (n-1) alpha  + (n-1)/n  * B / beta   (each device keeps 1/n of its B and
//                                                            sends (n-1)/n of it, pairwise
//                                                            through the switch)
//   collective-permute  alpha + B / beta                     (one send and one receive of B)
// A group over several axes is one ring of the product of the sizes whose bandwidth and latency
// are those of the slowest axis link (the ring's slowest hop bounds every step). The bandwidth
// terms are those of Alpa and XLA's auto-sharding except all-to-all, which they price at
// (n-1)/n^2 B: here B is what each device holds, and it sends (n-1)/n of it. With
// LatencyModel::kPerCollective each collective pays alpha once, as in Alpa and XLA.
double CostModel::CollectiveSeconds(CollectiveKind kind, int64_t bytes,
                                    std::span<const int64_t> axes) const {
  int64_t n = 1;
  double alpha = 0;
  double beta = 0;
  for (int64_t axis : axes) {
    if (axis < 0 || axis >= mesh_.rank() || mesh_.axis_size(axis) == 1) continue;
    n *= mesh_.axis_size(axis);
    const Link& link = axis_links_[axis];
    alpha = std::max(alpha, link.alpha_s);
    beta = beta == 0 ? link.beta_bytes_per_s : std::min(beta, link.beta_bytes_per_s);
  }
  if (n <= 1 || beta <= 0) return 0.0;
  const double b = static_cast<double>(std::max<int64_t>(bytes, 0));
  const double steps = static_cast<double>(n - 1);
  const double fraction = steps / static_cast<double>(n);
  const bool per_step = latency_model_ == LatencyModel::kPerRingStep;
  switch (kind) {
    case CollectiveKind::kAllReduce:
      return (per_step ? 2 * steps : 1.0) * alpha + 2 * fraction * b / beta;
    case CollectiveKind::kAllGather:
    case CollectiveKind::kReduceScatter:
    case CollectiveKind::kAllToAll:
      return (per_step ? steps : 1.0) * alpha + fraction * b / beta;
    case CollectiveKind::kCollectivePermute:
      return alpha + b / beta;
  }
  return 0.0;
}

double CostModel::ComputeSeconds(double flops, double bytes_accessed, PrimitiveType type) const {
  const double peak = cluster_.PeakFlops(type);
  const double compute = peak > 0 ? flops / peak : 0.0;
  const double memory =
      cluster_.memory_bandwidth > 0 ? bytes_accessed / cluster_.memory_bandwidth : 0.0;
  return std::max(compute, memory);
}

}  // namespace xpar
