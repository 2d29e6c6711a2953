// The cluster a plan is made for (device peak FLOP/s, memory, links), and the cost model the
// auto-sharding pass prices strategies with: roofline compute time, alpha-beta collective time per
// mesh axis. Cluster presets are data files (clusters/*.json, compiled into the binary).
#pragma once

#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <vector>

#include "ir/primitive_type.h"
#include "sharding/mesh.h"
#include "support/status.h"

namespace xpar {

// A link class: time to move B bytes one hop = alpha + B / beta.
struct Link {
  double alpha_s = 0;             // latency, seconds
  double beta_bytes_per_s = 0;    // bandwidth per device, bytes/second
};

struct Cluster {
  std::string name;         // "dgx-a100"
  std::string description;  // one line, shown by `xpar plan --list-clusters`
  // Peak FLOP/s per device by element type ("f32", "bf16", "f16", "f64"); a type not listed
  // uses "f32".
  std::map<std::string, double> peak_flops;
  double memory_bandwidth = 0;    // bytes/second per device (HBM or DRAM)
  int64_t memory_bytes = 0;       // per device
  int64_t devices_per_node = 1;
  int64_t num_nodes = 1;          // 0 = as many as the mesh needs
  Link intra_node;                // NVLink / shared memory
  Link inter_node;                // network between nodes

  double PeakFlops(PrimitiveType type) const;
};

// Names of the built-in presets, sorted.
std::vector<std::string> ClusterPresetNames();
// A preset by name ("p3.16xlarge", "dgx-a100", "dgx-h100", "h200", "cpu-local"); `cpu-local` is
// measured on this machine by a short micro-benchmark (GEMM FLOP/s, memcpy bandwidth, thread
// exchange latency) the first time it is asked for.
Expected<Cluster> LoadClusterPreset(const std::string& name);
// A cluster from a JSON file with the presets' fields (so users can describe their own).
Expected<Cluster> LoadClusterFile(const std::string& path);
// A preset name or a path to a .json file.
Expected<Cluster> LoadCluster(const std::string& name_or_path);

enum class CollectiveKind { kAllReduce, kAllGather, kReduceScatter, kAllToAll, kCollectivePermute };
const char* CollectiveKindName(CollectiveKind kind);  // "all-reduce", ...

// The mesh laid onto the cluster: the minor-most mesh axes fill a node first (as long as the
// product of their sizes divides devices_per_node); an axis that crosses nodes uses inter_node.
class CostModel {
 public:
  // Error when the mesh has more devices than the cluster (num_nodes > 0).
  static Expected<CostModel> Create(const Mesh& mesh, const Cluster& cluster);

  const Mesh& mesh() const { return mesh_; }
  const Cluster& cluster() const { return cluster_; }
  // The link class of each mesh axis.
  const Link& axis_link(int64_t axis) const { return axis_links_[axis]; }

  // Seconds for collective `kind` over the devices that differ only in mesh `axes` (a group of
  // the product of their sizes; the slowest axis's link bounds the bandwidth). `bytes` is the
  // size of the full (unsharded over `axes`) buffer each device ends up with for all-gather,
  // starts with for all-reduce / reduce-scatter / all-to-all. Empty axes cost 0.
  double CollectiveSeconds(CollectiveKind kind, int64_t bytes, std::span<const int64_t> axes) const;

  // Roofline: max(flops / peak(type), bytes_accessed / memory_bandwidth), per device.
  double ComputeSeconds(double flops, double bytes_accessed, PrimitiveType type) const;

 private:
  CostModel(Mesh mesh, Cluster cluster, std::vector<Link> axis_links);
  Mesh mesh_;
  Cluster cluster_;
  std::vector<Link> axis_links_;
};

}  // namespace xpar
