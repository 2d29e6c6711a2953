// xpar.train's core: TrainOptions (the typed options of driver/train.h) and a Trainer that runs
// one step per call with the GIL released, so that the Python loop (python/xpar/__init__.py)
// calls the user's callback between steps and its exceptions simply propagate.
#include <fmt/format.h>
#include <pybind11/functional.h>
#include <pybind11/stl.h>

#include "api.h"
#include "autodiff/clone.h"
#include "driver/train.h"
#include "driver/train_pipeline.h"
#include "errors.h"
#include "runtime/mpi/mpi_runtime.h"

namespace py = pybind11;

namespace xpar::python {
namespace {

std::vector<NamedTensor> TensorsOf(const py::dict& arrays, const std::string& what) {
  std::vector<NamedTensor> out;
  for (auto [key, value] : arrays) {
    std::string name = py::str(key);
    out.push_back({name, LiteralFromArray(value.cast<py::array>(),
                                          fmt::format("{} '{}'", what, name))});
  }
  return out;
}

// Text lines of the trainer, handed to a Python callable from whichever thread logs them. The
// sink is copied and dropped where no GIL is held, so it shares the callable through a pointer
// that takes the GIL to let go of it; an exception of the callable is reported as unraisable
// (it must not cross the C++ library).
std::function<void(const std::string&)> LineSink(const py::object& fn) {
  if (fn.is_none()) return nullptr;
  std::shared_ptr<py::object> held(new py::object(fn), [](py::object* o) {
    py::gil_scoped_acquire gil;
    delete o;
  });
  return [held](const std::string& line) {
    py::gil_scoped_acquire gil;
    try {
      (*held)(line);
    } catch (py::error_already_set& e) {
      e.discard_as_unraisable("xpar.train's log callable");
    }
  };
}

struct TrainerHandle {
  std::unique_ptr<train::TrainLoop> trainer;  // Trainer, or PipelinedTrainer (stages > 0)
};

// `module` (an xpar.Module's handle) or options.model (a path) is the model; `data` and
// `inputs`: dicts of arrays given in memory (None: options.data / options.inputs files).
TrainerHandle MakeTrainer(const ModuleHandle* module, train::TrainOptions options,
                          const py::object& data, const py::object& inputs, const py::object& log,
                          const py::object& warn) {
  if (UnderMpi()) {
    throw Error("xpar.train under mpirun is not supported; run `xpar train` under mpirun");
  }
  if (!data.is_none()) options.data_arrays = TensorsOf(data.cast<py::dict>(), "data");
  if (!inputs.is_none()) options.input_arrays = TensorsOf(inputs.cast<py::dict>(), "inputs");
  options.log = LineSink(log);
  options.warn = LineSink(warn);
  Expected<std::unique_ptr<train::TrainLoop>> t =
      [&]() -> Expected<std::unique_ptr<train::TrainLoop>> {
    if (module == nullptr) {
      py::gil_scoped_release release;
      RETURN_IF_ERROR(train::CheckOptions(options));
      ASSIGN_OR_RETURN(LoadedModel model,
                       LoadModel(options.model, {options.inputs, options.input_shapes}));
      return train::MakeTrainLoop(std::move(options), std::move(model));
    }
    // The trainer may consume its model: a copy leaves the Python object as it was.
    ASSIGN_OR_RETURN(std::unique_ptr<Module> copy, autodiff::CloneModule(*module->model->module));
    LoadedModel model{std::move(copy), module->model->stored};
    if (options.model.empty()) options.model = module->origin;
    py::gil_scoped_release release;
    return train::MakeTrainLoop(std::move(options), std::move(model));
  }();
  return TrainerHandle{Unwrap(std::move(t))};
}

// (step, steps, loss, seconds, samples_per_s, reference_loss or None, rel_diff, check_failed,
// checkpoint_written)
py::tuple Step(TrainerHandle& h) {
  Expected<train::StepReport> r = [&] {
    py::gil_scoped_release release;
    return h.trainer->Step();
  }();
  train::StepReport s = Unwrap(std::move(r));
  py::object reference = s.reference_loss ? py::cast(*s.reference_loss) : py::none();
  return py::make_tuple(s.step, s.steps, s.loss, s.seconds, s.samples_per_s, reference,
                        s.rel_diff, s.check_failed, s.checkpoint_written);
}

// [(name, array, is_state)] of every carried value, full.
py::list Carried(const TrainerHandle& h) {
  std::vector<NamedTensor> values = Unwrap(h.trainer->CarriedValues());
  const std::vector<train::Carried>& carried = h.trainer->program().carried;
  py::list out;
  for (size_t i = 0; i < values.size(); ++i) {
    out.append(py::make_tuple(values[i].name, ArrayFromLiteral(std::move(values[i].value)),
                              carried[i].is_state));
  }
  return out;
}

void BindOptions(py::module_& m) {
  using O = train::TrainOptions;
  py::class_<O>(m, "TrainOptions")
      .def(py::init<>())
      .def_readwrite("model", &O::model)
      .def_readwrite("mesh", &O::mesh)
      .def_readwrite("steps", &O::steps)
      .def_readwrite("optimizer", &O::optimizer)
      .def_readwrite("lr", &O::lr)
      .def_readwrite("momentum", &O::momentum)
      .def_readwrite("weight_decay", &O::weight_decay)
      .def_readwrite("clip_norm", &O::clip_norm)
      .def_readwrite("loss_scale", &O::loss_scale)
      .def_readwrite("loss_index", &O::loss_index)
      .def_readwrite("weights", &O::weights)
      .def_readwrite("data", &O::data)
      .def_readwrite("inputs", &O::inputs)
      .def_readwrite("seed", &O::seed)
      .def_readwrite("check", &O::check)
      .def_readwrite("rtol", &O::rtol)
      .def_readwrite("checkpoint_dir", &O::checkpoint_dir)
      .def_readwrite("checkpoint_every", &O::checkpoint_every)
      .def_readwrite("resume", &O::resume)
      .def_readwrite("plan_time_limit", &O::plan_time_limit)
      .def_readwrite("plan", &O::plan)
      .def_readwrite("save_plan", &O::save_plan)
      .def_readwrite("cluster", &O::cluster)
      .def_readwrite("memory", &O::memory)
      .def_readwrite("data_parallel", &O::data_parallel)
      .def_readwrite("shard_parameters", &O::shard_parameters)
      .def_readwrite("input_shapes", &O::input_shapes)
      .def_readwrite("quiet", &O::quiet)
      .def_readwrite("stages", &O::stages)
      .def_readwrite("microbatches", &O::microbatches)
      .def_readwrite("schedule", &O::schedule)
      .def_readwrite("remat", &O::remat);
}

}  // namespace

void BindTrain(py::module_& m) {
  BindOptions(m);
  py::class_<TrainerHandle>(m, "Trainer")
      .def("step", &Step)
      .def("carried", &Carried)
      .def_property_readonly("done", [](const TrainerHandle& h) { return h.trainer->done(); })
      .def_property_readonly("first_step",
                             [](const TrainerHandle& h) { return h.trainer->first_step(); })
      .def_property_readonly("devices",
                             [](const TrainerHandle& h) { return h.trainer->num_devices(); })
      .def_property_readonly("batch",
                             [](const TrainerHandle& h) { return h.trainer->program().batch; });
  m.def("trainer", &MakeTrainer, py::arg("module").none(true), py::arg("options"),
        py::arg("data").none(true), py::arg("inputs").none(true), py::arg("log").none(true),
        py::arg("warn").none(true));
}

}  // namespace xpar::python
