// Mesh parsing and coordinates.
#include "sharding/mesh.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>

namespace xpar {

Mesh::Mesh(std::vector<int64_t> shape) : shape_(std::move(shape)) {
  int64_t n = 1;
  for (int64_t s : shape_) n *= s;
  devices_.resize(n);
  for (int64_t i = 0; i < n; ++i) devices_[i] = i;
}

Expected<Mesh> Mesh::Parse(const std::string& text) {
  std::vector<int64_t> shape;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t x = text.find('x', pos);
    std::string part = text.substr(pos, x == std::string::npos ? std::string::npos : x - pos);
    int64_t v = 0;
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (part.empty() || ec != std::errc() || end != part.data() + part.size() || v < 1) {
      return InvalidArgument("mesh '{}': expected axis sizes such as 2x4 (each at least 1)", text);
    }
    shape.push_back(v);
    if (x == std::string::npos) break;
    pos = x + 1;
  }
  return Mesh(std::move(shape));
}

int64_t Mesh::DeviceAt(const std::vector<int64_t>& coords) const {
  int64_t linear = 0;
  for (size_t a = 0; a < shape_.size(); ++a) linear = linear * shape_[a] + coords[a];
  return devices_[linear];
}

std::string Mesh::ToString() const { return fmt::format("{}", fmt::join(shape_, "x")); }

std::vector<int64_t> MeshCoords(const Mesh& mesh, int64_t device) {
  std::vector<int64_t> coords(mesh.rank());
  for (int64_t a = mesh.rank() - 1; a >= 0; --a) {
    coords[a] = device % mesh.axis_size(a);
    device /= mesh.axis_size(a);
  }
  return coords;
}

int64_t IndexOver(const std::vector<int64_t>& axes, const std::vector<int64_t>& coords,
                  const Mesh& mesh) {
  int64_t index = 0;
  for (int64_t a : axes) index = index * mesh.axis_size(a) + coords[a];
  return index;
}

int64_t AxesSize(const std::vector<int64_t>& axes, const Mesh& mesh) {
  int64_t n = 1;
  for (int64_t a : axes) n *= mesh.axis_size(a);
  return n;
}

}  // namespace xpar
