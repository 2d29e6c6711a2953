// PipelineToHtml: the pipeline plan's data and page (see pipeline_html.h).
#include "report/pipeline_html.h"

#include "report/plan_html_internal.h"

namespace xpar {

nlohmann::json PipelineReportData(const pipeline::PipelineResult& r, const Mesh& mesh,
                                  const Cluster& cluster, const std::string& title) {
  nlohmann::json stages = nlohmann::json::array();
  for (size_t s = 0; s < r.plan.stages.size(); ++s) {
    const pipeline::Stage& st = r.plan.stages[s];
    const pipeline::StageReport* rep = s < r.stages.size() ? &r.stages[s] : nullptr;
    stages.push_back({{"first_layer", st.first_layer},
                      {"last_layer", st.last_layer},
                      {"submesh", st.submesh.shape},
                      {"devices", st.submesh.devices},
                      {"forward_s", st.forward_seconds},
                      {"backward_s", st.backward_seconds},
                      {"peak_bytes", st.peak_bytes},
                      {"in_flight", rep ? rep->in_flight : 0},
                      {"instructions", rep ? rep->instructions : 0},
                      {"intra_op", rep ? rep->intra_op : std::string()}});
  }
  const bool gpipe = r.plan.schedule == pipeline::Schedule::kGpipe;
  return {{"title", title},
          {"cluster", cluster.name},
          {"mesh", {{"shape", mesh.shape()}, {"devices", mesh.num_devices()}}},
          {"pipeline",
           {{"stages", std::move(stages)},
            {"microbatches", r.plan.microbatches},
            {"schedule", gpipe ? "gpipe" : "1f1b"},
            {"layers", r.clustering.num_layers},
            {"step_s", r.plan.estimated_step_seconds},
            {"limit_bytes", r.memory_limit_bytes}}}};
}

Expected<std::string> PipelineToHtml(const pipeline::PipelineResult& result, const Mesh& mesh,
                                     const Cluster& cluster, const std::string& title) {
  for (size_t s = 0; s < result.plan.stages.size(); ++s) {
    for (int64_t d : result.plan.stages[s].submesh.devices) {
      if (d < 0 || d >= mesh.num_devices()) {
        return InvalidArgument("stage {} is on device {}, outside the {} mesh", s, d,
                               mesh.ToString());
      }
    }
  }
  return internal::AssemblePage("xpar pipeline plan: " + title, internal::kPipelineHtmlBody,
                                PipelineReportData(result, mesh, cluster, title),
                                internal::kPipelineHtmlScript);
}

}  // namespace xpar
