// What the Python objects hold: a loaded model (shared by every object made from it) and a plan
// (which points into the module it was made for, so it keeps that module alive).
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "driver/load_model.h"
#include "passes/auto_sharding/auto_sharding.h"
#include "sharding/mesh.h"

namespace xpar::python {

struct ModuleHandle {
  std::shared_ptr<LoadedModel> model;
  std::string origin;  // the file it came from, for reports
};

struct PlanHandle {
  ModuleHandle source;   // the module given to xpar.plan (what plans and runs are checked by)
  // Plan::instructions point into planned.model->module: a copy of source after DCE/CSE
  // (SimplifyForPlanning, as `xpar plan` runs it), or source itself with simplify=False.
  ModuleHandle planned;
  Plan plan;
  Mesh mesh{std::vector<int64_t>{1}};
  std::shared_ptr<const CostModel> cost_model;  // what the plan was priced with
  std::optional<ModuleHandle> annotated;  // AnnotatedModule's result, made once
};

// A copy of the planned module with the plan's shardings as annotations (what `xpar plan -o`
// writes); it shares the stored weights of the original.
const ModuleHandle& AnnotatedModule(PlanHandle& plan);

}  // namespace xpar::python
