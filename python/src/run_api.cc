// xpar.run: a module on one device, or partitioned onto a mesh of simulated devices (one thread
// each) by its own shardings or a plan's, with NumPy arrays in and out; check=True compares
// every output with the single-device run, as `xpar run --mesh --check` does.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <chrono>

#include "analysis/op_stats.h"
#include "api.h"
#include "driver/arguments.h"
#include "driver/mesh_run.h"
#include "errors.h"

namespace py = pybind11;

namespace xpar::python {
namespace {

bool IsStored(const LoadedModel& model, const std::string& name) {
  for (const NamedTensor& t : model.stored) {
    if (t.name == name) return true;
  }
  return false;
}

// A list of arrays gives the parameters the file does not store, in order; a dict names them
// (argN or the parameter's name); a string is `xpar run --inputs`: random:SEED or a file.
std::vector<Literal> Arguments(const ModuleHandle& h, const py::object& inputs) {
  const Computation& entry = *h.model->module->entry();
  if (py::isinstance<py::str>(inputs)) {
    return Unwrap(LoadArguments(entry, inputs.cast<std::string>(), h.model->stored));
  }
  std::vector<NamedTensor> tensors;
  if (py::isinstance<py::dict>(inputs)) {
    for (auto [key, value] : inputs.cast<py::dict>()) {
      std::string name = py::str(key);
      tensors.push_back({name, LiteralFromArray(value.cast<py::array>(), "input '" + name + "'")});
    }
    return Unwrap(ArgumentsFromTensors(entry, std::move(tensors), h.model->stored, "inputs"));
  }
  std::vector<std::string> names;
  for (const Instruction* p : entry.parameters()) {
    if (!IsStored(*h.model, p->name())) names.push_back(p->name());
  }
  py::sequence arrays = inputs.cast<py::sequence>();
  if (arrays.size() != names.size()) {
    throw Error(fmt::format("{} takes {} input(s) besides its stored weights, {} given",
                            h.model->module->name(), names.size(), arrays.size()));
  }
  for (size_t i = 0; i < names.size(); ++i) {
    tensors.push_back({names[i], LiteralFromArray(arrays[i].cast<py::array>(),
                                                  fmt::format("input {} ('{}')", i, names[i]))});
  }
  return Unwrap(ArgumentsFromTensors(entry, std::move(tensors), h.model->stored, "inputs"));
}

py::list ToArrays(std::vector<Literal> outputs) {
  py::list out;
  for (Literal& l : outputs) out.append(ArrayFromLiteral(std::move(l)));
  return out;
}

// One device per replica of the module's own collectives (usually one); replica 0's outputs.
py::tuple RunUnpartitioned(const Module& module, const std::vector<Literal>& args) {
  const int64_t replicas = std::max<int64_t>(1, DevicesNamedByCollectives(module));
  const auto start = std::chrono::steady_clock::now();
  Expected<std::vector<Literal>> results = [&] {
    py::gil_scoped_release release;
    return ReferenceRun(module, args, replicas);
  }();
  std::vector<Literal> per_replica = Unwrap(std::move(results));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  Literal& root = per_replica[0];
  std::vector<Literal> outputs;
  if (root.shape().IsTuple()) {
    outputs = std::move(root.elements());
  } else {
    outputs.push_back(std::move(root));
  }
  return py::make_tuple(ToArrays(std::move(outputs)), py::none(), seconds, replicas);
}

// (outputs, differences or None, seconds, devices).
py::tuple Run(const ModuleHandle& m, const py::object& inputs, const std::string& mesh_text,
              bool check, double rtol, PlanHandle* plan, int64_t replicas) {
  if (plan != nullptr && plan->source.model != m.model) {
    throw Error("the plan was made for another module: pass the module given to xpar.plan");
  }
  const ModuleHandle& runs = plan != nullptr ? AnnotatedModule(*plan) : m;
  std::vector<Literal> args = Arguments(runs, inputs);
  if (mesh_text.empty()) {
    if (check) throw Error("check=True compares a run on a mesh with one device: give mesh=");
    return RunUnpartitioned(*runs.model->module, args);
  }
  Mesh mesh = Unwrap(Mesh::Parse(mesh_text));
  if (plan != nullptr && mesh.shape() != plan->mesh.shape()) {
    throw Error(fmt::format("mesh {} differs from the plan's mesh {}", mesh.ToString(),
                            plan->mesh.ToString()));
  }
  MeshRunOptions options;
  options.check = check;
  options.replicas = replicas;
  Expected<MeshRunResult> result = [&] {
    py::gil_scoped_release release;
    return RunPartitioned(*runs.model->module, mesh, args, options);
  }();
  MeshRunResult r = Unwrap(std::move(result));
  if (check) {
    std::string failed;
    for (size_t k = 0; k < r.differences.size(); ++k) {
      if (!(r.differences[k] <= rtol)) {
        failed += fmt::format("{}out{}: max relative difference {:.3g} exceeds rtol {:g}",
                              failed.empty() ? "" : "; ", k, r.differences[k], rtol);
      }
    }
    if (!failed.empty()) {
      throw CheckError(fmt::format("{} on mesh {} differs from the single-device run: {}",
                                   runs.model->module->name(), mesh.ToString(), failed));
    }
  }
  py::object differences = check ? py::cast(r.differences) : py::none();
  return py::make_tuple(ToArrays(std::move(r.outputs)), differences, r.run_s, r.devices);
}

}  // namespace

void BindRun(py::module_& m) {
  m.def("run", &Run, py::arg("module"), py::arg("inputs"), py::arg("mesh"), py::arg("check"),
        py::arg("rtol"), py::arg("plan").none(true), py::arg("replicas"));
}

}  // namespace xpar::python
