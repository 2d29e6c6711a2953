// sdy.manual_computation (JAX's shard_map) read in its global meaning: the body runs once per
// coordinate of the manual axes ("copies"), each copy on its slice of the operands, and the
// body's collectives become the data movement they perform between copies (an all-reduce over
// a group is the group's values combined; an all-gather is their concatenation). The planner
// then shards the whole program like any other; the in/out shardings stay as annotations.
//   manual_axes={"x"} on ["x"=2]: operand f32[8] -> slices [0,4) and [4,8) -> body twice ->
//   `psum` (all_reduce over {0,1}) -> add of the two copies' values -> concatenated result.
// Built in stablehlo_shardy_manual.cc (copies, slices, results) and
// stablehlo_shardy_collectives.cc (collectives).
#pragma once

#include <optional>
#include <vector>

#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {

// The copies of a manual body: one per coordinate of the manual axes, numbered row-major over
// those axes in mesh order.
class ManualCopies {
 public:
  ManualCopies(const Parser::SdyMesh& mesh, std::vector<bool> manual);

  int64_t count() const { return count_; }
  const Parser::SdyMesh& mesh() const { return mesh_; }
  bool IsManual(int64_t axis) const { return manual_[axis]; }
  // True when every axis of size > 1 is manual: each copy is one device.
  bool CoversMesh() const;
  // Coordinates per mesh axis of `copy` (free axes at 0).
  std::vector<int64_t> AxisCoords(int64_t copy) const;
  int64_t CopyOf(const std::vector<int64_t>& axis_coords) const;
  // The device id at the mesh coordinates (device_ids, or the row-major position).
  int64_t DeviceId(const std::vector<int64_t>& axis_coords) const;
  // Every device id of the mesh, in mesh order.
  std::vector<int64_t> AllDevices() const;
  // The copy device `id` runs; nullopt when the mesh has no such device.
  std::optional<int64_t> CopyOfDevice(int64_t id) const;

 private:
  Parser::SdyMesh mesh_;
  std::vector<bool> manual_;
  int64_t count_ = 1;
};

// Per body value: one instruction shared by all copies (it does not depend on the copy), or one
// per copy.
struct CopyValues {
  std::vector<Instruction*> v;
  Instruction* at(int64_t copy) const { return v.size() == 1 ? v[0] : v[copy]; }
  bool shared() const { return v.size() == 1; }
};

// The collective `inst` of a manual body over all copies: one value per copy.
Expected<CopyValues> LowerManualCollective(Parser& p, Computation* comp, const Instruction& inst,
                                           const std::vector<CopyValues>& operands,
                                           const ManualCopies& copies);

// An error unless `comp` (and what it calls) is free of collectives and device-id ops, which
// would need the copy they run in.
Status CheckCopyIndependent(const Parser& p, const Computation& comp, int64_t at);

}  // namespace xpar::mlir
