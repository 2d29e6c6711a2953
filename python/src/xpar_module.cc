// The `xpar._xpar` extension module (pybind11): the C++ library behind the `xpar` Python
// package (python/xpar/), which adds the Pythonic signatures and documentation.
#include <cstdlib>

#include "api.h"
#include "errors.h"

namespace py = pybind11;

PYBIND11_MODULE(_xpar, m) {
  m.doc() = "xpar's C++ core; use the `xpar` package, not this module directly";
  // .pt files are read by the libtorch plugin, found next to the xpar binary; here the process
  // is python, so name the plugin this build made (unless the user names another).
  setenv("XPAR_TORCH_PLUGIN", XPAR_TORCH_PLUGIN_PATH, /*overwrite=*/0);
  static py::exception<xpar::python::Error> error(m, "Error");
  static py::exception<xpar::python::CheckError> check_error(m, "CheckError", error.ptr());
  // Most derived first: pybind11 tries translators in reverse order of registration.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const xpar::python::CheckError& e) {
      check_error(e.what());
    } catch (const xpar::python::Error& e) {
      error(e.what());
    }
  });
  xpar::python::BindModule(m);
  xpar::python::BindPlan(m);
  xpar::python::BindRun(m);
  xpar::python::BindTrain(m);
}
