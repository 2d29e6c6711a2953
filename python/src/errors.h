// Errors of the Python module: a Status becomes xpar.Error (its located message intact); a
// failed check=True becomes xpar.CheckError, a subclass.
#pragma once

#include <stdexcept>
#include <string>
#include <utility>

#include "support/status.h"

namespace xpar::python {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct CheckError : Error {
  using Error::Error;
};

inline void ThrowIfError(const Status& status) {
  if (!status.ok()) throw Error(status.message());
}

template <typename T>
T Unwrap(Expected<T> value) {
  if (!value.ok()) throw Error(value.status().message());
  return std::move(value).value();
}

}  // namespace xpar::python
