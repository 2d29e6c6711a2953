// xpar.load and the Module object: parameters, outputs, summary, HLO / StableHLO text.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include "analysis/op_stats.h"
#include "api.h"
#include "errors.h"
#include "frontends/stablehlo/stablehlo_printer.h"
#include "ir/printer.h"
#include "support/units.h"

namespace py = pybind11;

namespace xpar::python {
namespace {

ModuleHandle Load(const std::string& path, const std::vector<std::string>& input_shapes,
                  const std::string& inputs_file) {
  TorchScriptInputs inputs{inputs_file, input_shapes};
  Expected<LoadedModel> loaded = [&] {
    py::gil_scoped_release release;
    return LoadModel(path, inputs);
  }();
  return ModuleHandle{std::make_shared<LoadedModel>(Unwrap(std::move(loaded))), path};
}

bool IsStored(const LoadedModel& model, const std::string& name) {
  for (const NamedTensor& t : model.stored) {
    if (t.name == name) return true;
  }
  return false;
}

// (number, name, dims, dtype, stored) per entry parameter, in parameter order.
py::list Parameters(const ModuleHandle& m) {
  py::list out;
  for (const Instruction* p : m.model->module->entry()->parameters()) {
    const Shape& s = p->shape();
    out.append(py::make_tuple(p->attrs().parameter_number, p->name(), DimsOf(s), DtypeOf(s),
                              IsStored(*m.model, p->name())));
  }
  return out;
}

// (dims, dtype) per output: the root's tuple elements, or the root.
py::list Outputs(const ModuleHandle& m) {
  const Shape& root = m.model->module->entry()->root()->shape();
  std::vector<Shape> shapes = root.IsTuple() ? root.tuple_shapes() : std::vector<Shape>{root};
  py::list out;
  for (const Shape& s : shapes) {
    out.append(py::make_tuple(DimsOf(s), DtypeOf(s)));
  }
  return out;
}

std::string Summary(const ModuleHandle& m) {
  const Module& module = *m.model->module;
  const Computation& entry = *module.entry();
  ModuleStats stats = ComputeModuleStats(module);
  std::string text =
      fmt::format("module {} ({}): {} computations, {} instructions, {}FLOP per run\n",
                  module.name(), m.origin, module.computations().size(), stats.instructions,
                  HumanCount(static_cast<double>(stats.flops)));
  text += fmt::format("parameters ({}, {}; {} stored in the file):\n", entry.parameter_count(),
                      HumanBytes(stats.parameter_bytes), m.model->stored.size());
  for (const Instruction* p : entry.parameters()) {
    text += fmt::format("  arg{:<3} {:<32} {:<24}{}\n", p->attrs().parameter_number, p->name(),
                        p->shape().ToString(false), IsStored(*m.model, p->name()) ? " stored" : "");
  }
  const Shape& root = entry.root()->shape();
  std::vector<Shape> outs = root.IsTuple() ? root.tuple_shapes() : std::vector<Shape>{root};
  text += fmt::format("outputs ({}, {}):\n", outs.size(), HumanBytes(stats.output_bytes));
  for (size_t i = 0; i < outs.size(); ++i) {
    text += fmt::format("  out{:<3} {}\n", i, outs[i].ToString(false));
  }
  return text;
}

}  // namespace

void BindModule(py::module_& m) {
  py::class_<ModuleHandle>(m, "Module")
      .def_property_readonly("name", [](const ModuleHandle& h) { return h.model->module->name(); })
      .def_property_readonly("origin", [](const ModuleHandle& h) { return h.origin; })
      .def("parameters", &Parameters)
      .def("outputs", &Outputs)
      .def("summary", &Summary)
      .def("to_hlo", [](const ModuleHandle& h) { return PrintModule(*h.model->module); })
      .def("to_stablehlo",
           [](const ModuleHandle& h) { return Unwrap(PrintStableHlo(*h.model->module)); })
      .def("stored_weights", [](const ModuleHandle& h) {
        py::dict out;  // copies: the module keeps its own for runs
        for (const NamedTensor& t : h.model->stored)
          out[t.name.c_str()] = ArrayFromLiteral(t.value);
        return out;
      });
  m.def("load", &Load, py::arg("path"), py::arg("input_shapes") = std::vector<std::string>{},
        py::arg("inputs_file") = std::string());
}

}  // namespace xpar::python
