// What leaves the auto-sharding pass: the plan as JSON, and the module annotated with the chosen
// shardings as HLO `sharding={...}` attributes (what XLA's SPMD partitioner and `xpar partition`
// read).
#pragma once

#include <nlohmann/json.hpp>

#include "passes/auto_sharding/auto_sharding.h"

namespace xpar {

nlohmann::json PlanToJson(const Plan& plan, const Mesh& mesh);

// Sets the sharding of every entry instruction of `module` (the module the plan was made for):
// the chosen result specs, with pending partial sums shown as replicated (HLO has no partial
// annotation; the partitioner reduces them where the value is used). Tuples and
// get-tuple-elements get the shardings of the leaves they forward.
Status AnnotateModule(Module& module, const Plan& plan, const Mesh& mesh);

// The same from a plan's JSON (what `xpar plan --json` writes), matching instructions by name.
// Errors name the instruction when the plan does not fit the module (missing instruction,
// wrong number of leaves, unreadable sharding) or was made for another mesh.
Status AnnotateModuleFromJson(Module& module, const nlohmann::json& plan, const Mesh& mesh);

std::string CollectiveUseToString(const CollectiveUse& use);  // "all-reduce 2.0 MiB over {0}"

}  // namespace xpar
