// Splitting a full array into a device's shard and joining shards back: the host side of running
// a partitioned program (arguments in, results out). Shards of uneven splits are zero-padded on
// the way in and trimmed on the way out.
#include <algorithm>
#include <cstring>

#include "passes/spmd/spmd_internal.h"

namespace xpar {
namespace {

// Calls fn(full_offset, local_offset, count) for each row of the part of a `local` block at
// `start` that lies inside a `full` array (row-major linear offsets in elements); the rest of the
// block is padding past the end of an unevenly split dimension.
template <typename Fn>
void ForEachBlockRow(const std::vector<int64_t>& full, const std::vector<int64_t>& local,
                     const std::vector<int64_t>& start, Fn&& fn) {
  const int64_t rank = static_cast<int64_t>(full.size());
  if (rank == 0) {
    fn(0, 0, 1);
    return;
  }
  std::vector<int64_t> inside(rank);
  for (int64_t d = 0; d < rank; ++d) {
    inside[d] = std::clamp<int64_t>(full[d] - start[d], 0, local[d]);
    if (inside[d] == 0) return;
  }
  const std::vector<int64_t> fs = RowMajorStrides(full);
  const std::vector<int64_t> ls = RowMajorStrides(local);
  int64_t rows = 1;
  for (int64_t d = 0; d + 1 < rank; ++d) rows *= inside[d];
  std::vector<int64_t> idx(rank, 0);
  for (int64_t r = 0; r < rows; ++r) {
    int64_t off = start[rank - 1], local_off = 0;
    for (int64_t d = 0; d + 1 < rank; ++d) {
      off += (start[d] + idx[d]) * fs[d];
      local_off += idx[d] * ls[d];
    }
    fn(off, local_off, inside[rank - 1]);
    for (int64_t d = rank - 2; d >= 0 && ++idx[d] == inside[d]; --d) idx[d] = 0;
  }
}

std::vector<int64_t> ShardStart(const Shape& full, const ShardingSpec& spec, const Mesh& mesh,
                                int64_t device) {
  std::vector<int64_t> coords = MeshCoords(mesh, device);
  std::vector<int64_t> start(full.rank(), 0);
  for (int64_t d = 0; d < full.rank(); ++d) {
    int64_t local = ShardSize(full.dim(d), AxesSize(spec.dim_axes[d], mesh));
    start[d] = IndexOver(spec.dim_axes[d], coords, mesh) * local;
  }
  return start;
}

}  // namespace

Literal ShardOf(const Literal& full, const ShardingSpec& spec, const Mesh& mesh,
                int64_t device) {
  const Shape& shape = full.shape();
  if (!shape.IsArray() || spec.IsReplicated()) return full;
  Literal out(LocalShape(shape, spec, mesh));  // zeros where padded
  const int64_t width = ByteWidth(shape.type());
  ForEachBlockRow(shape.dims(), out.shape().dims(), ShardStart(shape, spec, mesh, device),
                  [&](int64_t from, int64_t to, int64_t n) {
                    std::memcpy(out.raw() + to * width, full.raw() + from * width, n * width);
                  });
  return out;
}

Expected<Literal> Assemble(const std::vector<Literal>& shards, const ShardingSpec& spec,
                           const Mesh& mesh, const Shape& full_shape) {
  if (static_cast<int64_t>(shards.size()) != mesh.num_devices()) {
    return InvalidArgument("{} shards for a mesh of {} devices", shards.size(),
                           mesh.num_devices());
  }
  if (!full_shape.IsArray()) return shards[0];
  if (!spec.partial_axes.empty()) return InvalidArgument("cannot assemble a partial sum");
  Shape local = LocalShape(full_shape, spec, mesh);
  Literal out(full_shape);
  const int64_t width = ByteWidth(full_shape.type());
  std::vector<bool> written(full_shape.ElementCount(), false);
  for (int64_t d = 0; d < mesh.num_devices(); ++d) {
    if (!shards[d].shape().Compatible(local)) {
      return InvalidArgument("device {} returned {} but its shard of {} under {} is {}", d,
                             shards[d].shape().ToString(false), full_shape.ToString(false),
                             spec.ToString(), local.ToString(false));
    }
    Status mismatch = Status::Ok();
    ForEachBlockRow(full_shape.dims(), local.dims(), ShardStart(full_shape, spec, mesh, d),
                    [&](int64_t to, int64_t from, int64_t n) {
                      uint8_t* dst = out.raw() + to * width;
                      const uint8_t* src = shards[d].raw() + from * width;
                      if (written[to] && std::memcmp(dst, src, n * width) != 0 &&
                          mismatch.ok()) {
                        mismatch = Internal("replicated copies of a result differ (device {})",
                                            d);
                      }
                      std::memcpy(dst, src, n * width);
                      for (int64_t i = 0; i < n; ++i) written[to + i] = true;
                    });
    RETURN_IF_ERROR(mismatch);
  }
  return out;
}

}  // namespace xpar
