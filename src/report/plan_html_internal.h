// Pieces of the plan report shared between its files (not part of the report's API).
#pragma once

#include <cstddef>

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

// The page around the data: style, script and markup (plan_html_assets.cc).
extern const char kPlanHtmlStyle[];
extern const char kPlanHtmlScript[];
extern const char kPlanHtmlBody[];

}  // namespace xpar::internal
