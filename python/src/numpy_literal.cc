// NumPy arrays <-> Literals: dtype mapping, one copy in, none out.
#include "numpy_literal.h"

#include <fmt/format.h>

#include <cstring>
#include <memory>

#include "errors.h"
#include "io/npy.h"

namespace py = pybind11;

namespace xpar::python {
namespace {

// The PrimitiveType of NumPy dtype `dtype` (io/npy.h's table: native byte order only).
std::optional<PrimitiveType> TypeOfDtype(const py::dtype& dtype) {
  return TypeOfNpyDescr(std::string(py::str(dtype.attr("str"))));
}

// The NumPy dtype with `t`'s layout; none for bf16, the minifloats, tuples and tokens.
std::optional<py::dtype> DtypeOfType(PrimitiveType t) {
  const char* descr = NpyDescrOf(t);
  if (descr == nullptr) return std::nullopt;
  return py::dtype(std::string(descr));
}

}  // namespace

Literal LiteralFromArray(const py::array& array, const std::string& what) {
  std::optional<PrimitiveType> type = TypeOfDtype(array.dtype());
  if (!type) {
    throw Error(
        fmt::format("{}: NumPy dtype '{}' has no xpar type (use bool, int8..int64, "
                    "uint8..uint64, float16, float32 or float64)",
                    what, std::string(py::str(array.dtype()))));
  }
  std::vector<int64_t> dims(array.shape(), array.shape() + array.ndim());
  Literal literal = Literal::Uninitialized(Shape(*type, dims));
  // Contiguous C order, whatever the input's strides (one copy, done by NumPy).
  py::array contiguous = py::array::ensure(array, py::array::c_style);
  if (literal.size_bytes() > 0) {
    std::memcpy(literal.raw(), contiguous.data(), static_cast<size_t>(literal.size_bytes()));
  }
  return literal;
}

py::object ArrayFromLiteral(Literal literal) {
  if (literal.shape().IsTuple()) {
    py::tuple elements(literal.elements().size());
    for (size_t i = 0; i < literal.elements().size(); ++i) {
      elements[i] = ArrayFromLiteral(std::move(literal.elements()[i]));
    }
    return elements;
  }
  const Shape& shape = literal.shape();
  if (!shape.IsArray()) return py::none();  // a token
  std::optional<py::dtype> dtype = DtypeOfType(shape.type());
  if (!dtype) {  // no NumPy type: float32 holds bf16 and the minifloats exactly
    py::array_t<float> out(shape.dims());
    float* data = out.mutable_data();
    for (int64_t i = 0; i < literal.ElementCount(); ++i) {
      data[i] = static_cast<float>(literal.GetAsDouble(i));
    }
    return out;
  }
  auto owned = std::make_unique<Literal>(std::move(literal));
  void* data = owned->raw();
  const std::vector<int64_t>& dims = owned->shape().dims();
  py::capsule owner(owned.get(), [](void* p) { delete static_cast<Literal*>(p); });
  owned.release();
  return py::array(*dtype, dims, data, owner);
}

}  // namespace xpar::python
