// NumPy arrays <-> Literals: dtype mapping, one copy in, none out.
#include "numpy_literal.h"

#include <fmt/format.h>

#include <cstring>
#include <memory>

#include "errors.h"

namespace py = pybind11;

namespace xpar::python {
namespace {

// NumPy's kind and item size -> the PrimitiveType of the same layout.
std::optional<PrimitiveType> TypeOfDtype(const py::dtype& dtype) {
  const char kind = dtype.kind();
  const auto size = dtype.itemsize();
  if (kind == 'b' && size == 1) return PrimitiveType::kPred;
  const PrimitiveType ints[] = {PrimitiveType::kS8, PrimitiveType::kS16, PrimitiveType::kS32,
                                PrimitiveType::kS64};
  const PrimitiveType uints[] = {PrimitiveType::kU8, PrimitiveType::kU16, PrimitiveType::kU32,
                                 PrimitiveType::kU64};
  const PrimitiveType floats[] = {PrimitiveType::kF16, PrimitiveType::kF32, PrimitiveType::kF64};
  for (int i = 0; i < 4; ++i) {
    if (size != (1 << i)) continue;
    if (kind == 'i') return ints[i];
    if (kind == 'u') return uints[i];
    if (kind == 'f' && i >= 1) return floats[i - 1];
  }
  return std::nullopt;
}

// The NumPy dtype with `t`'s layout; none for bf16, the minifloats, tuples and tokens.
std::optional<py::dtype> DtypeOfType(PrimitiveType t) {
  switch (t) {
    case PrimitiveType::kPred:
      return py::dtype::of<bool>();
    case PrimitiveType::kS8:
      return py::dtype::of<int8_t>();
    case PrimitiveType::kS16:
      return py::dtype::of<int16_t>();
    case PrimitiveType::kS32:
      return py::dtype::of<int32_t>();
    case PrimitiveType::kS64:
      return py::dtype::of<int64_t>();
    case PrimitiveType::kU8:
      return py::dtype::of<uint8_t>();
    case PrimitiveType::kU16:
      return py::dtype::of<uint16_t>();
    case PrimitiveType::kU32:
      return py::dtype::of<uint32_t>();
    case PrimitiveType::kU64:
      return py::dtype::of<uint64_t>();
    case PrimitiveType::kF16:
      return py::dtype("float16");
    case PrimitiveType::kF32:
      return py::dtype::of<float>();
    case PrimitiveType::kF64:
      return py::dtype::of<double>();
    case PrimitiveType::kBF16:
    case PrimitiveType::kF8E4M3FN:
    case PrimitiveType::kF8E5M2:
    case PrimitiveType::kF8E4M3FNUZ:
    case PrimitiveType::kF8E5M2FNUZ:
    case PrimitiveType::kF8E4M3B11FNUZ:
    case PrimitiveType::kF8E3M4:
    case PrimitiveType::kF8E4M3:
    case PrimitiveType::kF8E8M0FNU:
    case PrimitiveType::kF6E2M3FN:
    case PrimitiveType::kF6E3M2FN:
    case PrimitiveType::kF4E2M1FN:
    case PrimitiveType::kTuple:
    case PrimitiveType::kToken:
      return std::nullopt;
  }
  return std::nullopt;
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
