// The report page of a pipeline plan (`xpar plan --pipeline --html`): the cluster's devices
// coloured by stage, the stage table (layers, submesh, time per microbatch, memory, intra-op
// choice) and the 1F1B schedule of the microbatches over the stages. Self-contained like the
// intra-operator report (plan_html.h), and built from the same pieces.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "analysis/cost_model.h"
#include "passes/pipeline/pipeline_planner.h"
#include "sharding/mesh.h"

namespace xpar {

// `mesh` is the cluster as `xpar plan --pipeline --mesh` reads it: hosts x devices per host.
nlohmann::json PipelineReportData(const pipeline::PipelineResult& result, const Mesh& mesh,
                                  const Cluster& cluster, const std::string& title);

// Errors when a stage names a device outside the mesh.
Expected<std::string> PipelineToHtml(const pipeline::PipelineResult& result, const Mesh& mesh,
                                     const Cluster& cluster, const std::string& title);

}  // namespace xpar
