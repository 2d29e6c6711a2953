// Auto-sharding of stage programs on their submeshes (intra_op.h).
#include "runtime/pipeline/intra_op.h"

#include "passes/auto_sharding/plan_export.h"

namespace xpar::pipeline {

StageAnnotator MakeAutoShardingAnnotator(Cluster cluster, AutoShardingOptions options) {
  return [cluster = std::move(cluster), options = std::move(options)](
             Module& program, const Mesh& mesh, const std::vector<bool>&) -> Status {
    ASSIGN_OR_RETURN(CostModel model, CostModel::Create(mesh, cluster));
    ASSIGN_OR_RETURN(Plan plan, PlanAutoSharding(program, model, options));
    return AnnotateModule(program, plan, mesh);
  };
}

}  // namespace xpar::pipeline
