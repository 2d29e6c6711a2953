// A stage program's device on this MPI rank (StageExecutable::RunOnRank, stage_executable.h):
// this rank's shards in, the partitioned program run with the stage's collectives over MPI, every
// output's shards all-gathered within the stage and assembled whole.
#include <fmt/format.h>

#include "passes/spmd/spmd_partitioner.h"
#include "runtime/mpi/mpi_buffers.h"
#include "runtime/mpi/mpi_chunked.h"
#include "runtime/mpi/mpi_runtime.h"
#include "runtime/pipeline/stage_executable.h"

namespace xpar::pipeline {

Expected<std::vector<Literal>> StageExecutable::RunOnRank(std::span<const Literal* const> inputs,
                                                          uint64_t rng_seed,
                                                          MpiTransport& transport) const {
  const int64_t n = mesh_.num_devices();
  if (transport.size() != n) {
    return Internal("pipeline stage {}: {} ranks in the stage's group for a submesh of {} devices",
                    program_.stage, transport.size(), n);
  }
  if (!partitioned_) return Run(inputs, rng_seed);
  const int64_t d = transport.rank();
  std::vector<Literal> mine;
  for (size_t i = 0; i < inputs.size(); ++i) {
    mine.push_back(ShardOf(*inputs[i], input_specs_[i], mesh_, d));
  }
  ASSIGN_OR_RETURN(Literal result, RunThisRank(*partitioned_, mine, 1, n, transport, rng_seed));
  mine.clear();
  const std::vector<Shape>& shapes = program_.module->entry()->root()->shape().tuple_shapes();
  std::vector<Literal> outputs;
  for (size_t k = 0; k < shapes.size(); ++k) {
    const Literal& shard = result.elements()[k];
    const int64_t bytes = PayloadBytes(shard);
    std::vector<uint8_t> all(static_cast<size_t>(bytes * n));
    RETURN_IF_ERROR(ChunkedAllgather(shard.raw(), bytes, all.data(), transport.comm(),
                                     transport.options().max_message_bytes));
    std::vector<Literal> shards;
    for (int64_t r = 0; r < n; ++r)
      shards.push_back(Unflatten(all.data() + r * bytes, shard.shape()));
    ASSIGN_OR_RETURN(Literal full, Assemble(shards, output_specs_[k], mesh_, shapes[k]));
    outputs.push_back(std::move(full));
  }
  return outputs;
}

}  // namespace xpar::pipeline
