// The sharding annotation as HLO text writes it (`sharding={devices=[2,1]0,1}`), held in
// structured form. src/sharding/ turns it into per-dimension mesh-axis specs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace xpar {

struct HloSharding {
  enum class Kind { kReplicated, kMaximal, kTiled, kManual, kUnknown, kTuple };
  Kind kind = Kind::kReplicated;
  // kMaximal: the one device.
  int64_t device = 0;
  // kTiled: tile assignment dims, and the device list in row-major order over them.
  std::vector<int64_t> tile_dims;
  std::vector<int64_t> devices;
  // When the text used the iota form `devices=[4,2]<=[2,4]T(1,0)`, these keep it for printing:
  // iota_reshape = [2,4], iota_transpose = [1,0] (empty when no transpose).
  std::vector<int64_t> iota_reshape;
  std::vector<int64_t> iota_transpose;
  bool last_tile_dim_replicate = false;
  // `last_tile_dims={manual, replicated}`: kinds of the trailing subgroup dims, verbatim names.
  std::vector<std::string> last_tile_dims;
  // kTuple: one sharding per leaf.
  std::vector<HloSharding> tuple;
  // `metadata={...}` inside the sharding, kept verbatim for printing.
  std::string metadata;

  bool operator==(const HloSharding&) const = default;
  static HloSharding Replicated() { return HloSharding{}; }
};

}  // namespace xpar
