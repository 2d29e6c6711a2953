// One stage program made ready for its submesh: SPMD-partitioned by an intra-op plan for the
// submesh (data parallel by default), run one thread per device, with full values in and out.
// Values cross stages whole: the sender gathers its shards, the receiver slices its own, which is
// correct between submeshes of any shapes (a resharding send is a later optimisation).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "passes/pipeline/pipeline_plan.h"
#include "passes/pipeline/stage_split.h"
#include "sharding/mesh.h"
#include "sharding/sharding_spec.h"

namespace xpar {
class MpiTransport;
}  // namespace xpar

namespace xpar::pipeline {

// Sets the shardings of a stage program for `mesh` (its intra-op plan), e.g. with
// PlanAutoSharding + AnnotateModule. `batch_inputs[i]`: parameter i holds the microbatch on its
// dimension 0 (data and activations, not weights).
using StageAnnotator =
    std::function<Status(Module& program, const Mesh& mesh, const std::vector<bool>& batch_inputs)>;

// The default intra-op plan: the batch inputs split on dimension 0 over every submesh axis when
// it divides evenly, everything else replicated; the partitioner propagates the rest.
Status AnnotateDataParallel(Module& program, const Mesh& mesh,
                            const std::vector<bool>& batch_inputs);

class StageExecutable {
 public:
  // Annotates `program` (which must outlive the executable) and partitions it; a single-device
  // submesh runs the program as it is.
  static Expected<std::unique_ptr<StageExecutable>> Compile(StageProgram& program,
                                                            const Submesh& submesh,
                                                            const std::vector<bool>& batch_inputs,
                                                            const StageAnnotator& annotate);

  // Runs on the submesh's devices: inputs are whole values, outputs (the program's result tuple
  // elements) come back whole.
  Expected<std::vector<Literal>> Run(std::span<const Literal* const> inputs,
                                     uint64_t rng_seed) const;

  // Under mpirun (stage_executable_mpi.cc): runs device transport.rank() of the submesh, the
  // transport spanning the stage's ranks in submesh order. Inputs are whole values; the outputs
  // come back whole on every rank of the stage (shards all-gathered and assembled as Run does),
  // so the bits equal Run's. A failing device MPI_Aborts every rank with its message.
  Expected<std::vector<Literal>> RunOnRank(std::span<const Literal* const> inputs,
                                           uint64_t rng_seed, MpiTransport& transport) const;

  int64_t num_devices() const { return mesh_.num_devices(); }
  // "x [S(0),R], w0 [R,S(1)]; 2 collective(s)": the inputs that are split and the collectives
  // of the partitioned program ("one device" when there is no partitioning).
  std::string Describe() const;
  const std::vector<int64_t>& devices() const { return devices_; }

 private:
  StageExecutable(const StageProgram& program, Mesh mesh, std::vector<int64_t> devices)
      : program_(program), mesh_(std::move(mesh)), devices_(std::move(devices)) {}
  Expected<std::vector<Literal>> RunPartitioned(std::span<const Literal* const> inputs,
                                                uint64_t rng_seed) const;

  const StageProgram& program_;
  Mesh mesh_;
  std::vector<int64_t> devices_;            // cluster device ids (trace lanes)
  std::unique_ptr<Module> partitioned_;     // null on one device
  std::vector<ShardingSpec> input_specs_;   // per parameter of the partitioned program
  std::vector<ShardingSpec> output_specs_;  // per output
};

}  // namespace xpar::pipeline
