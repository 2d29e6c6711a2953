// NumPy arrays <-> xpar Literals for the Python module. Arrays come in by one copy into a
// Literal (the runtime owns its buffers); results go out without a copy: the NumPy array views
// the Literal's bytes and owns the Literal through a capsule.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "ir/literal.h"

namespace xpar::python {

// The Literal of a NumPy array of bool, int8..int64, uint8..uint64, float16/32/64 (any strides);
// a Python exception (xpar.Error) for other dtypes.
Literal LiteralFromArray(const pybind11::array& array, const std::string& what);

// The array viewing `literal` (moved into the array's owner): no copy. bf16 and the minifloats,
// which NumPy lacks, come out as float32 (a converted copy); a tuple becomes a Python tuple.
pybind11::object ArrayFromLiteral(Literal literal);

}  // namespace xpar::python
