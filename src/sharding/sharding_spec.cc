// ShardingSpec <-> HLO sharding. The HLO form lists, for each tile (row-major over the tile
// dims, then the replication dim), the device holding it; a spec yields that list by walking
// every mesh coordinate. The reverse direction searches the (small) space of axis assignments.
#include "sharding/sharding_spec.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "ir/shape.h"

namespace xpar {
namespace {

// Drops a trailing replication dim of size 1 and turns an all-ones tiling into replicated.
HloSharding Normalize(HloSharding s) {
  if (s.kind != HloSharding::Kind::kTiled) return s;
  if (s.last_tile_dim_replicate && !s.tile_dims.empty() && s.tile_dims.back() == 1) {
    s.tile_dims.pop_back();
    s.last_tile_dim_replicate = false;
  }
  auto tiled_end = s.tile_dims.end() - (s.last_tile_dim_replicate ? 1 : 0);
  bool all_one = std::all_of(s.tile_dims.begin(), tiled_end, [](int64_t d) { return d == 1; });
  if (all_one) return HloSharding::Replicated();
  s.iota_reshape.clear();
  s.iota_transpose.clear();
  s.metadata.clear();
  return s;
}

}  // namespace

bool ShardingSpec::IsReplicated() const {
  return partial_axes.empty() &&
         std::all_of(dim_axes.begin(), dim_axes.end(), [](const auto& a) { return a.empty(); });
}

std::string ShardingSpec::ToString() const {
  std::vector<std::string> dims;
  for (const auto& axes : dim_axes) {
    dims.push_back(axes.empty() ? "R" : fmt::format("S({})", fmt::join(axes, ",")));
  }
  std::string out = fmt::format("[{}]", fmt::join(dims, ","));
  if (!partial_axes.empty()) out += fmt::format(" partial({})", fmt::join(partial_axes, ","));
  return out;
}

Status ValidateSpec(const ShardingSpec& spec, const Mesh& mesh) {
  std::vector<bool> used(mesh.rank(), false);
  auto use = [&](int64_t a) -> Status {
    if (a < 0 || a >= mesh.rank()) {
      return InvalidArgument("sharding {} names axis {}, but mesh {} has {} axes",
                             spec.ToString(), a, mesh.ToString(), mesh.rank());
    }
    if (used[a]) return InvalidArgument("sharding {} uses mesh axis {} twice", spec.ToString(), a);
    used[a] = true;
    return Status::Ok();
  };
  for (const auto& axes : spec.dim_axes) {
    for (int64_t a : axes) RETURN_IF_ERROR(use(a));
  }
  for (int64_t a : spec.partial_axes) RETURN_IF_ERROR(use(a));
  return Status::Ok();
}

Expected<HloSharding> ToHloSharding(const ShardingSpec& spec, const Mesh& mesh) {
  RETURN_IF_ERROR(ValidateSpec(spec, mesh));
  if (!spec.partial_axes.empty()) {
    return InvalidArgument("sharding {} is a pending partial sum, which HLO sharding annotations "
                           "cannot express",
                           spec.ToString());
  }
  std::vector<int64_t> replicate_axes;
  for (int64_t a = 0; a < mesh.rank(); ++a) {
    bool used = false;
    for (const auto& axes : spec.dim_axes) used |= std::count(axes.begin(), axes.end(), a) > 0;
    if (!used) replicate_axes.push_back(a);
  }
  HloSharding out;
  out.kind = HloSharding::Kind::kTiled;
  for (const auto& axes : spec.dim_axes) out.tile_dims.push_back(AxesSize(axes, mesh));
  out.tile_dims.push_back(AxesSize(replicate_axes, mesh));
  out.last_tile_dim_replicate = true;
  const std::vector<int64_t> strides = RowMajorStrides(out.tile_dims);
  out.devices.assign(mesh.num_devices(), -1);
  std::vector<int64_t> coords(mesh.rank(), 0);
  for (int64_t d = 0; d < mesh.num_devices(); ++d) {
    int64_t position = IndexOver(replicate_axes, coords, mesh) * strides.back();
    for (size_t t = 0; t < spec.dim_axes.size(); ++t) {
      position += IndexOver(spec.dim_axes[t], coords, mesh) * strides[t];
    }
    out.devices[position] = mesh.DeviceAt(coords);
    for (int64_t a = mesh.rank() - 1; a >= 0 && ++coords[a] == mesh.axis_size(a); --a) {
      coords[a] = 0;
    }
  }
  return Normalize(std::move(out));
}

namespace {

// Tries every permutation of each dimension's axes for one assignment of axes to dimensions.
bool TryOrders(ShardingSpec& spec, size_t dim, const HloSharding& want, const Mesh& mesh) {
  if (dim == spec.dim_axes.size()) {
    Expected<HloSharding> got = ToHloSharding(spec, mesh);
    return got.ok() && *got == want;
  }
  std::vector<int64_t>& axes = spec.dim_axes[dim];
  std::sort(axes.begin(), axes.end());
  do {
    if (TryOrders(spec, dim + 1, want, mesh)) return true;
  } while (std::next_permutation(axes.begin(), axes.end()));
  return false;
}

// Assigns mesh axis `axis` and onwards to a dimension or to replication (target == rank).
bool Assign(ShardingSpec& spec, int64_t axis, const HloSharding& want, const Mesh& mesh) {
  if (axis == mesh.rank()) return TryOrders(spec, 0, want, mesh);
  const int64_t rank = static_cast<int64_t>(spec.dim_axes.size());
  for (int64_t target = rank; target >= 0; --target) {  // replication first
    if (target < rank) spec.dim_axes[target].push_back(axis);
    if (Assign(spec, axis + 1, want, mesh)) return true;
    if (target < rank) spec.dim_axes[target].pop_back();
  }
  return false;
}

}  // namespace

Expected<ShardingSpec> FromHloSharding(const HloSharding& sharding, const Mesh& mesh,
                                       int64_t rank) {
  HloSharding want = Normalize(sharding);
  switch (want.kind) {
    case HloSharding::Kind::kReplicated:
      return ShardingSpec::Replicated(rank);
    case HloSharding::Kind::kTiled:
      break;
    case HloSharding::Kind::kMaximal:
    case HloSharding::Kind::kManual:
    case HloSharding::Kind::kUnknown:
    case HloSharding::Kind::kTuple:
      return InvalidArgument("sharding of kind maximal/manual/unknown/tuple has no per-dimension "
                             "mesh spec");
  }
  if (!want.last_tile_dims.empty()) {
    return Unimplemented("shardings with last_tile_dims (manual subgroups) are not supported");
  }
  const int64_t tiled = static_cast<int64_t>(want.tile_dims.size()) - want.last_tile_dim_replicate;
  if (tiled != rank) {
    return InvalidArgument("sharding tiles {} dimensions but the tensor has {}", tiled, rank);
  }
  if (static_cast<int64_t>(want.devices.size()) != mesh.num_devices()) {
    return InvalidArgument("sharding names {} devices but mesh {} has {}", want.devices.size(),
                           mesh.ToString(), mesh.num_devices());
  }
  if (mesh.rank() > 4) return Unimplemented("meshes of more than 4 axes are not supported");
  ShardingSpec spec = ShardingSpec::Replicated(rank);
  if (Assign(spec, 0, want, mesh)) return spec;
  return InvalidArgument("sharding {{devices=[{}]{}}} matches no assignment of mesh {} axes to "
                         "tensor dimensions",
                         fmt::join(want.tile_dims, ","), fmt::join(want.devices, ","),
                         mesh.ToString());
}

}  // namespace xpar
