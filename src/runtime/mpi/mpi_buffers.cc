// Literals as flat byte buffers for MPI messages (see mpi_buffers.h).
#include "runtime/mpi/mpi_buffers.h"

#include <cstring>

namespace xpar {
namespace {

const uint8_t* FillLeaves(const uint8_t* bytes, Literal& value) {
  if (value.shape().IsTuple()) {
    for (Literal& e : value.elements()) bytes = FillLeaves(bytes, e);
    return bytes;
  }
  std::memcpy(value.raw(), bytes, static_cast<size_t>(value.size_bytes()));
  return bytes + value.size_bytes();
}

}  // namespace

int64_t PayloadBytes(const Literal& value) {
  if (!value.shape().IsTuple()) return value.size_bytes();
  int64_t total = 0;
  for (const Literal& e : value.elements()) total += PayloadBytes(e);
  return total;
}

void AppendBytes(const Literal& value, std::vector<uint8_t>& out) {
  if (value.shape().IsTuple()) {
    for (const Literal& e : value.elements()) AppendBytes(e, out);
    return;
  }
  out.insert(out.end(), value.raw(), value.raw() + value.size_bytes());
}

std::vector<uint8_t> Flatten(const Literal& value) {
  std::vector<uint8_t> out;
  out.reserve(static_cast<size_t>(PayloadBytes(value)));
  AppendBytes(value, out);
  return out;
}

Literal Unflatten(const uint8_t* bytes, const Shape& shape) {
  Literal value = shape.IsTuple() ? Literal(shape) : Literal::Uninitialized(shape);
  FillLeaves(bytes, value);
  return value;
}

}  // namespace xpar
