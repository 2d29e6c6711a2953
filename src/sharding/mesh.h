// A logical device mesh (`--mesh 2x4`): a shape of named-by-index axes over device ids.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "support/status.h"

namespace xpar {

class Mesh {
 public:
  // Devices 0..n-1 laid out row-major over `shape`.
  explicit Mesh(std::vector<int64_t> shape);
  // "2x4", "8", "2x2x2"; every axis at least 1.
  static Expected<Mesh> Parse(const std::string& text);

  int64_t rank() const { return static_cast<int64_t>(shape_.size()); }
  const std::vector<int64_t>& shape() const { return shape_; }
  int64_t axis_size(int64_t axis) const { return shape_[axis]; }
  int64_t num_devices() const { return static_cast<int64_t>(devices_.size()); }
  // The device at mesh coordinates `coords` (one per axis).
  int64_t DeviceAt(const std::vector<int64_t>& coords) const;
  std::string ToString() const;  // "2x4"

 private:
  std::vector<int64_t> shape_;
  std::vector<int64_t> devices_;  // row-major over shape_
};

// Mesh geometry shared by the sharding conversions, the strategies and the partitioner.
// The coordinates (one per axis) of `device`, row-major.
std::vector<int64_t> MeshCoords(const Mesh& mesh, int64_t device);
// Mixed-radix index of `coords` over `axes` (the first axis is the most significant).
int64_t IndexOver(const std::vector<int64_t>& axes, const std::vector<int64_t>& coords,
                  const Mesh& mesh);
// The product of the sizes of `axes`: how many shards a split over them makes.
int64_t AxesSize(const std::vector<int64_t>& axes, const Mesh& mesh);

}  // namespace xpar
