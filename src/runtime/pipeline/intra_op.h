// Intra-operator plans for pipeline stages: each stage program planned by Alpa's integer program
// (PlanAutoSharding) on its own submesh, as a StageAnnotator for the pipeline runtime.
#pragma once

#include "analysis/cost_model.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "runtime/pipeline/stage_executable.h"

namespace xpar::pipeline {

// Plans each stage program on its submesh with the cost model of `cluster` and annotates it with
// the chosen shardings. The batch inputs stay free: the solver decides how to split them.
StageAnnotator MakeAutoShardingAnnotator(Cluster cluster, AutoShardingOptions options);

}  // namespace xpar::pipeline
