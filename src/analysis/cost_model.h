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
  std::string source;             // where the figures come from (datasheets, or "measured")
  // The devices are threads sharing one machine (cpu-local): peak_flops, memory_bandwidth and
  // memory_bytes describe the whole machine, and a mesh of n devices gives each 1/n of them.
  bool shared_machine = false;

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
// A cluster from JSON text; `origin` (a file name) prefixes error messages.
Expected<Cluster> ParseClusterJson(const std::string& text, const std::string& origin);
// The cluster as JSON in the presets' format (ParseClusterJson reads it back).
std::string ClusterToJson(const Cluster& cluster);
// Runs the cpu-local micro-benchmark now (LoadClusterPreset("cpu-local") runs it once and
// caches the result for the process).
Cluster MeasureCpuLocalCluster();

enum class CollectiveKind { kAllReduce, kAllGather, kReduceScatter, kAllToAll, kCollectivePermute };
const char* CollectiveKindName(CollectiveKind kind);  // "all-reduce", ...

// The mesh laid onto the cluster: the minor-most mesh axes fill a node first (as long as the
// product of their sizes divides devices_per_node); an axis that crosses nodes uses inter_node.
// A mesh with at most devices_per_node devices lies in one node: every axis uses intra_node.
// Link bandwidths are per device: when an axis crosses nodes every device of a node sends at
// once, so a preset whose node shares one NIC (p3.16xlarge) lists the NIC's bandwidth / 8.
class CostModel {
 public:
  // Error when the mesh has more devices than the cluster (num_nodes > 0).
  static Expected<CostModel> Create(const Mesh& mesh, const Cluster& cluster);
  // With an explicit link per mesh axis (XLA's device_mesh_alpha / device_mesh_beta); an error
  // when their number differs from the mesh rank.
  static Expected<CostModel> CreateWithAxisLinks(const Mesh& mesh, const Cluster& cluster,
                                                 std::vector<Link> axis_links);

  const Mesh& mesh() const { return mesh_; }
  const Cluster& cluster() const { return cluster_; }
  // The link class of each mesh axis.
  const Link& axis_link(int64_t axis) const { return axis_links_[axis]; }

  // Seconds for collective `kind` over the devices that differ only in mesh `axes` (a group of
  // the product of their sizes; the slowest axis's link bounds the bandwidth). `bytes` is the
  // size of the full (unsharded over `axes`) buffer each device ends up with for all-gather,
  // starts with for all-reduce / reduce-scatter / all-to-all. Empty axes cost 0.
  // Ring algorithms, n = group size, B = bytes, beta = bytes/s per device and direction:
  //   all-reduce 2(n-1) alpha + 2(n-1)/n B/beta; all-gather, reduce-scatter, all-to-all
  //   (n-1) alpha + (n-1)/n B/beta; collective-permute alpha + B/beta. With
  //   LatencyModel::kPerCollective every collective pays a single alpha instead (Alpa / XLA).
  double CollectiveSeconds(CollectiveKind kind, int64_t bytes, std::span<const int64_t> axes) const;

  // Roofline: max(flops / peak(type), bytes_accessed / memory_bandwidth), per device.
  double ComputeSeconds(double flops, double bytes_accessed, PrimitiveType type) const;

  // The latency term of CollectiveSeconds: one alpha per ring step (default, what a ring over
  // NCCL pays) or one alpha per collective (Alpa's and XLA's auto-sharding cost models).
  enum class LatencyModel { kPerRingStep, kPerCollective };
  void set_latency_model(LatencyModel model) { latency_model_ = model; }
  LatencyModel latency_model() const { return latency_model_; }

 private:
  CostModel(Mesh mesh, Cluster cluster, std::vector<Link> axis_links);
  Mesh mesh_;
  Cluster cluster_;
  std::vector<Link> axis_links_;
  LatencyModel latency_model_ = LatencyModel::kPerRingStep;
};

}  // namespace xpar
