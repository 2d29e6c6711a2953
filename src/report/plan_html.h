// The plan report as one self-contained HTML page (`xpar plan --html`): the mesh, each tensor's
// sharding drawn on it, the collectives with bytes and estimated time, the per-device memory
// over the program (liveness, peak marked) and the estimated timeline of compute and
// communication. Everything is inline (script, style, data as JSON): no network at view time.
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "analysis/cost_model.h"
#include "ir/module.h"
#include "passes/auto_sharding/auto_sharding.h"

namespace xpar {

// Caps on what the page embeds, so big models stay quick to write and to open; what is left
// out is counted in the data ("tensors_total", "collectives_total", ...) and said on the page.
struct PlanHtmlOptions {
  std::string title;                // shown on top: usually the model path
  size_t max_tensors = 400;         // parameters first (largest first), then other tensors
  size_t max_collectives = 500;     // the longest by estimated time
  size_t max_memory_points = 1200;  // the memory curve, downsampled keeping each bucket's max
  size_t max_timeline_bars = 300;   // consecutive ops merged into this many bars at most
};

// The page's data: what PlanToHtml embeds (also what tests read back). `module` is the module
// the plan was made for (its entry computation), `model` the cost model it was priced with.
Expected<nlohmann::json> PlanReportData(const Module& module, const Plan& plan,
                                        const CostModel& model, const PlanHtmlOptions& options);

// The whole page.
Expected<std::string> PlanToHtml(const Module& module, const Plan& plan, const CostModel& model,
                                 const PlanHtmlOptions& options);

}  // namespace xpar
