// `xpar plan MODEL --mesh NxM --pipeline`: Alpa's inter-operator pass on the cluster of N hosts
// of M devices (stages on submeshes, 1F1B), printed and written into the --json output.
#pragma once

#include <cstdint>
#include <string>

#include "analysis/cost_model.h"
#include "cli_util.h"
#include "passes/auto_sharding/auto_sharding.h"

namespace CLI {
class App;
}

namespace xpar {

struct PipelineCliArgs {
  bool enabled = false;
  int64_t microbatches = 4;
  std::string stages = "auto";
  int64_t layers = 16;
  std::string stage_cost = "fast";
  int64_t loss_index = 0;
  std::string remat = "auto";  // --remat: auto | none | all (passes/pipeline/remat.h)
  bool manual = false;  // --manual: also the Megatron-LM pipelined plans (manual_pipeline.h)
  bool stage_plans = false;  // plan each chosen stage with the intra-op pass (plan_pipeline_stages.h)
};

void AddPipelineOptions(CLI::App& cmd, PipelineCliArgs& args);

// Plans, prints, and writes `json_out` and the report page `html_out` (each when not empty); the
// exit status of `xpar plan`. `options` carries the memory limit and the intra-op solver
// settings of each stage.
int RunPipelinePlan(const PipelineCliArgs& args, const std::string& model_path,
                    const TorchScriptInputs& inputs, const Mesh& mesh, const Cluster& cluster,
                    const AutoShardingOptions& options, const std::string& json_out,
                    const std::string& html_out);

}  // namespace xpar
