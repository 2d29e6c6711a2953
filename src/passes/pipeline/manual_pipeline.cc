// Megatron-LM style pipelined manual plans priced on the inter-op pass's stage cost model.
#include "passes/pipeline/manual_pipeline.h"

#include <algorithm>

#include <fmt/format.h>

#include "support/units.h"

namespace xpar::pipeline {
namespace {

// The stage submesh of `size` devices among Alpa's shapes, if there is one.
const SubmeshShape* ShapeOfSize(const std::vector<SubmeshShape>& shapes, int64_t size) {
  for (const SubmeshShape& s : shapes) {
    if (s.size() == size) return &s;
  }
  return nullptr;
}

// One spec's stages: layers, in-flight microbatches, the chosen intra-op choice of each.
Status PriceStages(StageCostBuilder& costs, const ManualPipelineSpec& spec, int64_t num_layers,
                   ManualPipelineResult& r) {
  const int64_t per_stage = num_layers / spec.stages;
  const int64_t limit = costs.memory_limit_bytes();
  Status first_miss = Status::Ok();
  std::vector<double> seconds, fills;
  for (int64_t s = 0; s < spec.stages; ++s) {
    const int64_t i = s * per_stage, j = i + per_stage - 1;
    const uint64_t mask = spec.recompute ? LayerRangeMask(i, j) : 0;
    ASSIGN_OR_RETURN(std::vector<StageChoice> choices,
                     costs.ChoicesWithRemat(i, j, spec.submesh, mask));
    if (spec.intra_op >= static_cast<int64_t>(choices.size())) {
      return FailedPrecondition("the stage table has {} intra-op choices on {}, not {}",
                                choices.size(), spec.submesh.ToString(), spec.intra_op + 1);
    }
    const StageChoice& c = choices[spec.intra_op];
    if (!(c.kind == spec.kind)) {
      return FailedPrecondition("{}: the stage table's choice {} on {} is{}, not{}", spec.Name(),
                                spec.intra_op, spec.submesh.ToString(),
                                KindName(c.kind, spec.submesh.size()),
                                KindName(spec.kind, spec.submesh.size()));
    }
    const int64_t in_flight = std::min(spec.stages - s, costs.microbatches());
    const int64_t bytes = c.static_bytes + in_flight * c.activation_bytes_per_microbatch;
    if (!c.fits(in_flight, limit) && first_miss.ok()) {
      first_miss = ResourceExhausted("stage {} (layers {}-{}) needs {} per device with {} "
                                     "microbatches in flight, over the limit of {}", s, i, j,
                                     HumanBytes(bytes), in_flight, HumanBytes(limit));
    }
    r.stages.push_back(c);
    r.in_flight.push_back(in_flight);
    r.peak_bytes = std::max(r.peak_bytes, bytes);
    seconds.push_back(c.seconds);
    fills.push_back(2 * c.transfer_s);
  }
  r.latency_s = PipelineLatency(seconds, costs.microbatches(), fills);
  return first_miss;
}

}  // namespace

std::string ManualPipelineSpec::Name() const {
  return fmt::format("pp{} {}{}{}", stages, submesh.ToString(), KindName(kind, submesh.size()),
                     recompute ? ", full recompute" : "");
}

std::vector<ManualPipelineSpec> EnumerateManualPipelines(int64_t num_layers, int64_t num_hosts,
                                                         int64_t devices_per_host,
                                                         bool experts) {
  const int64_t devices = num_hosts * devices_per_host;
  const std::vector<SubmeshShape> shapes = AlpaSubmeshShapes(num_hosts, devices_per_host);
  std::vector<ManualPipelineSpec> specs;
  for (int64_t pp = 1; pp <= std::min(num_layers, devices); ++pp) {
    if (num_layers % pp != 0 || devices % pp != 0) continue;
    const SubmeshShape* shape = ShapeOfSize(shapes, devices / pp);
    if (shape == nullptr) continue;
    const std::vector<IntraOpKind> kinds = AnalyticKinds(*shape, experts);
    for (size_t k = 0; k < kinds.size(); ++k) {
      for (bool recompute : {false, true}) {
        specs.push_back({pp, *shape, static_cast<int64_t>(k), kinds[k], recompute});
      }
    }
  }
  return specs;
}

Expected<std::vector<ManualPipelineResult>> PriceManualPipelines(
    StageCostBuilder& costs, const std::vector<ManualPipelineSpec>& specs, int64_t num_layers) {
  if (costs.mode() != StageCostMode::kAnalytic) {
    return Unimplemented("manual pipelined plans are priced on the analytic stage table only "
                         "(the auto-sharding table has one choice per stage: xpar's own plan)");
  }
  std::vector<ManualPipelineResult> results;
  for (const ManualPipelineSpec& spec : specs) {
    if (spec.stages < 1 || num_layers % spec.stages != 0) {
      return InvalidArgument("{} stages do not divide {} layers evenly", spec.stages, num_layers);
    }
    ManualPipelineResult r;
    r.spec = spec;
    r.name = spec.Name();
    if (spec.recompute && num_layers > kMaxRematLayers) {
      r.status = FailedPrecondition("full recompute is priced on at most {} layers, not {}",
                                    kMaxRematLayers, num_layers);
    } else {
      r.status = PriceStages(costs, spec, num_layers, r);
      if (!r.status.ok() && r.status.code() != StatusCode::kResourceExhausted) return r.status;
    }
    results.push_back(std::move(r));
  }
  std::stable_sort(results.begin(), results.end(),
                   [](const ManualPipelineResult& a, const ManualPipelineResult& b) {
                     if (a.fits() != b.fits()) return a.fits();
                     return a.latency_s < b.latency_s;
                   });
  return results;
}

Expected<std::vector<ManualPipelineResult>> PlanManualPipelines(const Module& module,
                                                                const Cluster& cluster,
                                                                const PipelineOptions& options,
                                                                const PreparedPipeline& prepared) {
  StageCostOptions co = MakeStageCostOptions(options, prepared);
  StageCostBuilder costs(module, cluster, prepared.stats, prepared.assignment.layer, co);
  const int64_t num_layers = prepared.clustering.num_layers;
  return PriceManualPipelines(costs,
                              EnumerateManualPipelines(num_layers, options.num_hosts,
                                                       options.devices_per_host,
                                                       costs.has_experts()),
                              num_layers);
}

const ManualPipelineResult* BestManualPipeline(const std::vector<ManualPipelineResult>& results) {
  return !results.empty() && results.front().fits() ? &results.front() : nullptr;
}

}  // namespace xpar::pipeline
