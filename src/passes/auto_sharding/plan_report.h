// The human-readable report of an auto-sharding plan (`xpar plan`, and Plan.summary() in Python).
#pragma once

#include <string>

#include "passes/auto_sharding/auto_sharding.h"

namespace xpar {

// Summary, parameters, the largest other tensors (at most `rows` of each) and every collective.
std::string FormatPlan(const Plan& plan, const Mesh& mesh, const std::string& model_path,
                       size_t rows);

}  // namespace xpar
