// xpar.plan and the Plan object: Alpa's intra-operator pass (passes/auto_sharding) as `xpar
// plan` runs it, with the report, JSON, annotated HLO, per-tensor shardings and the estimate.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <chrono>

#include "api.h"
#include "autodiff/clone.h"
#include "errors.h"
#include "frontends/hlo/hlo_parser.h"
#include "ir/printer.h"
#include "passes/auto_sharding/plan_export.h"
#include "passes/auto_sharding/plan_report.h"
#include "passes/simplify/simplify.h"
#include "report/plan_html.h"
#include "support/units.h"

namespace py = pybind11;

namespace xpar::python {
namespace {

Expected<solver::Backend> ParseBackend(const std::string& name) {
  if (name == "exact") return solver::Backend::kExact;
  if (name == "fast") return solver::Backend::kFast;
  if (name == "auto") return solver::Backend::kAuto;
  return InvalidArgument("backend '{}': expected exact (CBC), fast or auto", name);
}

PlanHandle MakePlan(const ModuleHandle& m, const std::string& mesh_text,
                    const std::string& cluster_name, const std::string& memory, double time_limit,
                    const std::string& backend, uint64_t seed, int stall_rounds,
                    bool shard_parameters, const std::string& latency, bool simplify) {
  const auto start = std::chrono::steady_clock::now();
  Mesh mesh = Unwrap(Mesh::Parse(mesh_text));
  CostModel model = Unwrap(CostModel::Create(mesh, Unwrap(LoadCluster(cluster_name))));
  // One alpha per collective by default, as `xpar plan` (and Alpa, XLA) price them.
  if (latency == "per-ring-step") {
    model.set_latency_model(CostModel::LatencyModel::kPerRingStep);
  } else if (latency == "per-collective") {
    model.set_latency_model(CostModel::LatencyModel::kPerCollective);
  } else {
    throw Error(fmt::format("latency '{}': expected per-collective or per-ring-step", latency));
  }
  AutoShardingOptions options;
  if (!memory.empty()) options.memory_limit_bytes = Unwrap(ParseByteSize(memory));
  if (!(time_limit > 0))
    throw Error(fmt::format("time_limit {}: expected seconds > 0", time_limit));
  options.shard_parameters = shard_parameters;
  options.solve.time_limit_s = time_limit;
  options.solve.seed = seed;
  options.solve.fast_stall_rounds = stall_rounds;
  options.solve.backend = Unwrap(ParseBackend(backend));
  options.merge_followers = simplify;
  ModuleHandle planned = m;
  SimplifyLog simplified;
  if (simplify) {  // on a copy: the Module object stays as the user loaded it
    auto copy = std::make_shared<LoadedModel>();
    copy->module = Unwrap(autodiff::CloneModule(*m.model->module));
    copy->stored = m.model->stored;
    simplified = Unwrap(SimplifyForPlanning(*copy->module));
    planned = ModuleHandle{std::move(copy), m.origin};
  }
  // As `xpar plan --time-limit`: the simplification's time counts against the limit.
  options.solve.time_limit_s = std::max(
      0.1, time_limit -
               std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  Expected<Plan> plan = [&] {
    py::gil_scoped_release release;
    return PlanAutoSharding(*planned.model->module, model, options);
  }();
  PlanHandle h{m, planned, Unwrap(std::move(plan)), std::move(mesh),
               std::make_shared<const CostModel>(std::move(model)), std::nullopt};
  h.plan.simplified = std::move(simplified);
  return h;
}

const InstructionPlan& FindInstruction(const PlanHandle& h, std::string name) {
  if (name.starts_with("%")) name.erase(0, 1);
  for (const InstructionPlan& ip : h.plan.instructions) {
    if (ip.inst->name() == name) return ip;
  }
  throw Error(
      fmt::format("the plan has no tensor '{}' (names are the module's instruction "
                  "names, e.g. those plan.summary() lists)",
                  name));
}

// (name, dims, dtype, specs, hlo shardings, bytes per device) of one planned tensor; specs in
// the report's notation, one per array leaf; the HLO annotation shows pending partial sums as
// replicated, as the annotated module does.
py::tuple Sharding(const PlanHandle& h, const std::string& name) {
  const InstructionPlan& ip = FindInstruction(h, name);
  std::vector<std::string> specs, hlo;
  for (ShardingSpec spec : ip.strategy.outputs) {
    specs.push_back(spec.ToString());
    spec.partial_axes.clear();
    hlo.push_back(PrintSharding(Unwrap(ToHloSharding(spec, h.mesh))));
  }
  const Shape& s = ip.inst->shape();
  return py::make_tuple(ip.inst->name(), DimsOf(s), DtypeOf(s), specs, hlo, ip.bytes_per_device);
}

py::dict Estimate(const PlanHandle& h) {
  const Plan& p = h.plan;
  py::dict d;
  d["seconds"] = p.step_s();
  d["compute_seconds"] = p.compute_s;
  d["communication_seconds"] = p.communication_s;
  d["bytes_per_device"] = p.peak_memory_bytes;
  d["memory_limit_bytes"] = p.memory_limit_bytes;
  d["fits"] = p.memory_ok;
  d["solver"] = p.backend;
  d["optimal"] = p.optimal;
  d["solve_seconds"] = p.solve_s;
  d["build_seconds"] = p.build_s;
  return d;
}

}  // namespace

const ModuleHandle& AnnotatedModule(PlanHandle& h) {
  if (h.annotated) return *h.annotated;
  // A copy of the module as given, by printing and parsing (HLO text round-trips), annotated by
  // instruction name (the plan's JSON maps what DCE/CSE removed or merged back onto it).
  const Module& original = *h.source.model->module;
  auto copy = std::make_shared<LoadedModel>();
  copy->module = Unwrap(ParseHloModule(PrintModule(original), h.source.origin));
  copy->stored = h.source.model->stored;
  ThrowIfError(AnnotateModuleFromJson(*copy->module, PlanToJson(h.plan, h.mesh), h.mesh));
  h.annotated = ModuleHandle{std::move(copy), h.planned.origin};
  return *h.annotated;
}

void BindPlan(py::module_& m) {
  py::class_<PlanHandle>(m, "Plan")
      .def_property_readonly("mesh", [](const PlanHandle& h) { return h.mesh.shape(); })
      .def_property_readonly("cluster", [](const PlanHandle& h) { return h.plan.cluster; })
      .def_property_readonly("module", [](const PlanHandle& h) { return h.source; })
      .def_property_readonly("simplified",
                             [](const PlanHandle& h) {
                               return py::make_tuple(h.plan.simplified.instructions_removed,
                                                     h.plan.simplified.merged.size());
                             })
      .def(
          "summary",
          [](const PlanHandle& h, size_t rows) {
            return FormatPlan(h.plan, h.mesh, h.planned.origin, rows);
          },
          py::arg("rows") = 20)
      .def("to_json", [](const PlanHandle& h) { return PlanToJson(h.plan, h.mesh).dump(2); })
      .def("to_hlo", [](PlanHandle& h) { return PrintModule(*AnnotatedModule(h).model->module); })
      .def("to_html",
           [](const PlanHandle& h) {
             PlanHtmlOptions options;  // the same page as `xpar plan --html`
             options.title = h.planned.origin;
             return Unwrap(PlanToHtml(*h.planned.model->module, h.plan, *h.cost_model, options));
           })
      .def("annotated_module", [](PlanHandle& h) { return AnnotatedModule(h); })
      .def("sharding", &Sharding, py::arg("name"))
      .def("estimate", &Estimate)
      .def("tensor_names", [](const PlanHandle& h) {
        std::vector<std::string> names;
        for (const InstructionPlan& ip : h.plan.instructions) names.push_back(ip.inst->name());
        return names;
      });
  m.def("plan", &MakePlan, py::arg("module"), py::arg("mesh"), py::arg("cluster"),
        py::arg("memory"), py::arg("time_limit"), py::arg("backend"), py::arg("seed"),
        py::arg("stall_rounds"), py::arg("shard_parameters"), py::arg("latency"),
        py::arg("simplify"));
  m.def("clusters", &ClusterPresetNames);
}

}  // namespace xpar::python
