// The pipeline runtime under mpirun: one rank per device of the cluster mesh (world rank =
// cluster device id). Each rank runs only its stage's programs, on its device of the stage's
// submesh, SPMD-partitioned as on threads, with the stage's collectives over an MPI
// sub-communicator of the stage's ranks (in submesh order). Values crossing stages travel whole,
// as on threads: every rank of the producing stage assembles the output (all-gather in the
// stage), the stage's first rank (its leader) sends it to each reading stage's leader
// (non-blocking, so 1F1B's crossing sends cannot deadlock), which broadcasts it in its stage;
// each rank then slices its own shard. Schedules, microbatch split, accumulation order and rng
// seeds are the threads runtime's, so the results are bit-identical to Pipeline::Run when the
// collectives combine in the threads' order (XPAR_MPI_DETERMINISTIC=1).
//
// Any error on any rank is printed with its world rank and MPI_Aborts every rank (the others
// may wait for a message it will never send). A rank that waits longer than the collective
// timeout (CollectiveTimeout(), 300 s by default) for another stage's value, or in a collective
// of its own stage (mpi_watchdog.h), stops the run the same way, naming itself, its stage and
// the call; a killed rank ends the job through mpirun.
#pragma once

#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include <cstdint>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "runtime/mpi/mpi_transport.h"
#include "runtime/pipeline/pipeline_runtime.h"

namespace xpar::pipeline {

class MpiPipeline {
 public:
  // `pipe` must have this rank's stage compiled (PipelineRunOptions::compile_stages); `submeshes`
  // are its stages' (every world rank in exactly one). MPI must be initialised (InitMpi) with
  // one rank per device of the submeshes together. Collective over MPI_COMM_WORLD.
  static Expected<std::unique_ptr<MpiPipeline>> Create(const Pipeline& pipe,
                                                       const std::vector<Submesh>& submeshes);
  ~MpiPipeline();
  MpiPipeline(const MpiPipeline&) = delete;
  MpiPipeline& operator=(const MpiPipeline&) = delete;

  // One step of this rank's stage. `args` as for Pipeline::Run (every parameter with its shape;
  // only those this stage reads need current values). results[r] is accumulated when this
  // stage produces result r (ResultStage(r) == stage()), is args[p] for a result that is
  // parameter p, and empty otherwise. trace: this rank's program runs (device = world rank).
  Expected<PipelineRunResult> Run(std::span<const Literal> args);

  // Makes `value`, held by the ranks of stage `from`, known to the ranks of every stage in `to`:
  // from's leader sends it to each other stage's leader, which broadcasts it in its stage. Every
  // rank calls it with the same stages in the same order; `value` has its shape on every rank.
  Status Share(int32_t from, const std::vector<int32_t>& to, Literal& value);
  // Every rank's trace events on rank 0 (others get theirs back unchanged). Collective.
  Expected<std::vector<TraceEvent>> GatherTrace(std::vector<TraceEvent> mine);

  // The stage that produces result r; -1 when it is a gradient program parameter.
  int32_t ResultStage(size_t r) const;
  // The stages whose programs read gradient parameter `parameter`.
  std::vector<int32_t> ReadersOfParameter(int64_t parameter) const;
  int32_t stage() const { return stage_; }
  int32_t num_stages() const { return pipe_->split().num_stages; }
  int world_rank() const { return world_rank_; }
  bool is_leader() const { return stage_rank_ == 0; }
  // Prints `reason` with this world rank and MPI_Aborts every rank.
  [[noreturn]] void Abort(const Status& reason) const;

 private:
  struct Key {
    int32_t program = 0;
    int64_t output = 0, microbatch = 0;
    auto operator<=>(const Key&) const = default;
  };
  struct Held {
    std::shared_ptr<const Literal> value;
    int64_t readers = 0;
  };
  struct Outgoing {
    std::shared_ptr<const Literal> value;
    std::vector<MPI_Request> requests;
  };
  struct Step;

  Status RunEvent(Step& step, std::span<const Literal> args, const PipelineEvent& e) const;
  // Program input `key` of shape `shape`: held by this stage, or received from its producer.
  Expected<std::shared_ptr<const Literal>> Input(Step& step, const Key& key,
                                                 const Shape& shape) const;
  // Accumulates output `key`, keeps it for this stage's readers, sends it to other stages'.
  Status Output(Step& step, const Key& key, Literal value) const;

  explicit MpiPipeline(const Pipeline& pipe) : pipe_(&pipe) {}
  Status Init(const std::vector<Submesh>& submeshes);
  // Who reads each program output, and the message tags of those that cross stages.
  Status IndexMessages();
  int Tag(const Key& key) const;
  Status Broadcast(Literal& value, int root, MPI_Comm comm) const;
  int64_t max_bytes() const { return transport_->options().max_message_bytes; }

  const Pipeline* pipe_;
  MPI_Comm world_ = MPI_COMM_NULL;  // a duplicate of MPI_COMM_WORLD for the pipeline's messages
  MPI_Comm stage_comm_ = MPI_COMM_NULL;
  std::unique_ptr<MpiTransport> transport_;  // the stage's collectives
  int world_rank_ = 0, stage_rank_ = 0;
  int32_t stage_ = 0;
  std::vector<int> leaders_;  // per stage: the world rank of its first device
  // Per program, per output: how many programs of this rank's stage read it, and which other
  // stages read it; the message tag base of outputs that cross stages (-1: none).
  std::vector<std::vector<int64_t>> local_readers_;
  std::vector<std::vector<std::vector<int32_t>>> remote_stages_;
  std::vector<std::vector<int64_t>> tag_base_;
};

}  // namespace xpar::pipeline
