// CostModel::CreateWithAxisLinks: a cost model whose per-axis links are given, not derived from
// the cluster's node layout (as XLA's auto-sharding options give alpha and beta per mesh axis).
#include "analysis/cost_model.h"

namespace xpar {

Expected<CostModel> CostModel::CreateWithAxisLinks(const Mesh& mesh, const Cluster& cluster,
                                                   std::vector<Link> axis_links) {
  if (static_cast<int64_t>(axis_links.size()) != mesh.rank()) {
    return InvalidArgument("{} axis links (alpha/beta pairs) for mesh {} of rank {}",
                           axis_links.size(), mesh.ToString(), mesh.rank());
  }
  for (size_t i = 0; i < axis_links.size(); ++i) {
    if (axis_links[i].alpha_s < 0 || axis_links[i].beta_bytes_per_s <= 0) {
      return InvalidArgument("mesh axis {}: latency must be >= 0 and bandwidth > 0", i);
    }
  }
  return CostModel(mesh, cluster, std::move(axis_links));
}

}  // namespace xpar
