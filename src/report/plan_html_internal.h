// Pieces of the plan report shared between its files (not part of the report's API).
#pragma once

#include <cstddef>
#include <string>

#include <nlohmann/json.hpp>

#include "passes/auto_sharding/auto_sharding.h"

namespace xpar::internal {

// Live bytes per device at each position of `entry` under the plan's shardings (liveness.h),
// downsampled to at most `max_points` (each point the maximum of its bucket, so the peak stays),
// with the peak's position and the largest tensors live there.
nlohmann::json MemoryJson(const Computation& entry, const Plan& plan, size_t max_points);

// The estimated sequential schedule: each op's compute and communication time (its own
// collectives and the reshardings of its operands), consecutive ops merged into at most
// `max_bars` bars.
nlohmann::json TimelineJson(const Computation& entry, const Plan& plan, size_t max_bars);

// The pages around their data (plan_html_assets.cc, pipeline_html_assets.cc): one style; the
// script helpers both pages share (they define `data`, `mesh`, el, bytes, secs, color, coords);
// each page's markup and drawing script.
extern const char kPlanHtmlStyle[];
extern const char kReportCommonScript[];
extern const char kPlanHtmlBody[];
extern const char kPlanHtmlScript[];
extern const char kPipelineHtmlBody[];
extern const char kPipelineHtmlScript[];

// The whole page: `data` embedded as JSON (script-safe), then the common and the page's script
// in one strict-mode function. The script marks <body data-status="drawn"> when it is done.
std::string AssemblePage(const std::string& title, const char* body, const nlohmann::json& data,
                         const char* script);

}  // namespace xpar::internal
