// Training checkpoints: one safetensors file per rank (device) holding that device's shards of
// the trained values, plus an index JSON that names every tensor (HF parameter names where the
// model has them), its full shape and sharding, the CRC-32 of each rank file, and whatever the
// trainer needs to continue (step counter, data position, plan, options) as free JSON.
//
//   DIR/latest                       "step-00000010" (replaced atomically once a step is whole)
//   DIR/step-00000010/index.json
//   DIR/step-00000010/rank-00000.safetensors ...
//
// Every file is written atomically (io/atomic_file.h) and `latest` is written last, so a kill at
// any moment leaves the previous checkpoint readable; reading verifies every checksum.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/tensor_file.h"
#include "support/status.h"

namespace xpar {

struct CheckpointTensor {
  std::string name;      // as in every rank file
  std::string shape;     // the full (unsharded) shape, "f32[128,64]"
  std::string sharding;  // how the rank files split it (ShardingSpec::ToString), "" = whole
};

struct Checkpoint {
  int64_t step = 0;                     // training steps completed
  std::string mesh;                     // "2x2"
  std::vector<CheckpointTensor> tensors;
  nlohmann::json trainer;               // the trainer's own state (data position, plan, ...)
  // ranks[d] = device d's tensors, in `tensors` order (filled by ReadCheckpoint).
  std::vector<std::vector<NamedTensor>> ranks;
};

// Writes `c` (c.ranks[d] for every device) as DIR/step-NNNNNNNN and then points DIR/latest at
// it; older step folders are removed once `latest` no longer names them.
Status WriteCheckpoint(const std::string& dir, const Checkpoint& c);

// The same in two halves, for ranks in separate processes (MPI): each rank writes its own file
// (returning its CRC-32), then one process writes the index with every rank's CRC-32 and points
// DIR/latest at it (c.ranks is not read).
Expected<uint32_t> WriteCheckpointRank(const std::string& dir, int64_t step, int64_t rank,
                                       const std::vector<NamedTensor>& tensors);
Status WriteCheckpointIndex(const std::string& dir, const Checkpoint& c,
                            const std::vector<uint32_t>& crcs);

// The checkpoint DIR/latest names, every rank file's CRC-32 and tensor list checked against the
// index. Errors name the file and what is wrong.
Expected<Checkpoint> ReadCheckpoint(const std::string& dir);

// CRC-32 (zlib's) of a whole file.
Expected<uint32_t> FileCrc32(const std::string& path);

}  // namespace xpar
