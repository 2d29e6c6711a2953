// The pieces of the `xpar._xpar` extension module, each bound by its own file.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "handles.h"
#include "numpy_literal.h"

namespace xpar::python {

// A shape as Python shows it: dims (none for tuples and tokens) and dtype ("f32"; the shape's
// text for a tuple).
inline std::vector<int64_t> DimsOf(const Shape& s) {
  return s.IsArray() ? s.dims() : std::vector<int64_t>{};
}
inline std::string DtypeOf(const Shape& s) {
  return s.IsArray() ? std::string(PrimitiveTypeName(s.type())) : s.ToString(false);
}

void BindModule(pybind11::module_& m);  // module_api.cc: xpar.load, Module
void BindPlan(pybind11::module_& m);    // plan_api.cc: xpar.plan, Plan
void BindRun(pybind11::module_& m);     // run_api.cc: xpar.run
void BindTrain(pybind11::module_& m);   // train_api.cc: xpar.train's TrainOptions, Trainer

}  // namespace xpar::python
