// Axis-to-slot assignments by depth-first search over the usable mesh axes: each axis goes to
// no slot or is appended to one slot (every position in that slot's list, so all orders arise).
#include "passes/auto_sharding/spec_enumeration.h"

namespace xpar {
namespace {

bool SlotAccepts(const AxisSlot& slot, int64_t product) {
  if (!slot.splittable) return false;
  if (slot.even_only) return slot.size % product == 0;
  return slot.size >= product;
}

void Assign(const std::vector<AxisSlot>& slots, const Mesh& mesh, const std::vector<int64_t>& axes,
            size_t next, std::vector<std::vector<int64_t>>& current,
            std::vector<std::vector<std::vector<int64_t>>>& out) {
  if (next == axes.size()) {
    out.push_back(current);
    return;
  }
  const int64_t axis = axes[next];
  Assign(slots, mesh, axes, next + 1, current, out);  // unused
  for (size_t s = 0; s < slots.size(); ++s) {
    std::vector<int64_t>& on = current[s];
    if (static_cast<int>(on.size()) >= kMaxAxesPerDim) continue;
    if (!SlotAccepts(slots[s], AxesSize(on, mesh) * mesh.axis_size(axis))) continue;
    // Appending first: the ascending (major mesh axis first) order comes before the others.
    for (size_t pos = on.size() + 1; pos-- > 0;) {
      on.insert(on.begin() + static_cast<int64_t>(pos), axis);
      Assign(slots, mesh, axes, next + 1, current, out);
      on.erase(on.begin() + static_cast<int64_t>(pos));
    }
  }
}

void CollectLeaves(const Shape& shape, std::vector<Shape>& out) {
  if (shape.IsTuple()) {
    for (const Shape& e : shape.tuple_shapes()) CollectLeaves(e, out);
  } else if (shape.IsArray()) {
    out.push_back(shape);
  }
}

}  // namespace

std::vector<int64_t> UsableAxes(const Mesh& mesh) {
  std::vector<int64_t> axes;
  for (int64_t a = 0; a < mesh.rank(); ++a) {
    if (mesh.axis_size(a) > 1) axes.push_back(a);
  }
  return axes;
}

std::vector<std::vector<std::vector<int64_t>>> EnumerateAxisAssignments(
    const std::vector<AxisSlot>& slots, const Mesh& mesh) {
  std::vector<std::vector<std::vector<int64_t>>> out;
  std::vector<std::vector<int64_t>> current(slots.size());
  Assign(slots, mesh, UsableAxes(mesh), 0, current, out);
  return out;
}

std::vector<ShardingSpec> EnumerateSpecs(const std::vector<int64_t>& dims, const Mesh& mesh,
                                         bool allow_uneven, const std::vector<bool>& splittable) {
  std::vector<AxisSlot> slots;
  for (size_t d = 0; d < dims.size(); ++d) {
    slots.push_back(AxisSlot{dims[d], splittable.empty() || splittable[d], !allow_uneven});
  }
  std::vector<ShardingSpec> specs;
  for (auto& assignment : EnumerateAxisAssignments(slots, mesh)) {
    specs.push_back(ShardingSpec{std::move(assignment), {}});
  }
  return specs;
}

std::vector<Shape> ArrayLeafShapes(const Shape& shape) {
  std::vector<Shape> out;
  CollectLeaves(shape, out);
  return out;
}

}  // namespace xpar
