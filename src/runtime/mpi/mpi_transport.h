// MpiTransport: the interpreter's collectives over MPI, one device per MPI rank (world rank =
// device id = replica * num_partitions + partition). Communicators per replica group are created
// once (MPI_Comm_create_group) and cached. Native paths: all-reduce with a plain
// add/max/min/mul/and/or reducer -> MPI_Allreduce, all-gather -> MPI_Allgather, reduce-scatter
// with a plain reducer -> MPI_Reduce_scatter_block, all-to-all -> MPI_Alltoall,
// collective-permute -> MPI_Sendrecv; everything else goes through Exchange (MPI_Allgather of
// every contribution) and the interpreter's own combining in group order, exactly as the threads
// transport does.
#pragma once

// The C API only: OpenMPI's mpi.h otherwise pulls in the deprecated C++ bindings (libmpi_cxx).
#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "runtime/interpreter/collective_hub.h"
#include "runtime/mpi/mpi_chunked.h"

namespace xpar {

// Calls and payload bytes per collective kind, as seen by one rank ("bytes in": what this rank
// contributes; "bytes out": what it receives), split by native and exchange paths.
struct CollectiveStats {
  struct Entry {
    int64_t calls = 0, native_calls = 0, bytes_in = 0, bytes_out = 0;
  };
  std::map<std::string, Entry> by_kind;  // "all-reduce", "all-gather", ... "exchange" (other)

  void Add(const std::string& kind, bool native, int64_t in, int64_t out);
  // Sums every rank's figures onto rank 0 of `comm` (collective over comm; kinds must match).
  CollectiveStats SumOver(MPI_Comm comm) const;
  std::string ToString() const;
};

struct MpiTransportOptions {
  // Only run natively what gives the same bits as the interpreter's fixed group-order combining
  // (integer/pred reductions, gathers, permutes); floating-point all-reduce goes through Exchange.
  // Default: the XPAR_MPI_DETERMINISTIC environment variable (1/true/on).
  bool deterministic = false;
  // The largest buffer one MPI call moves; larger transfers go in pieces (mpi_chunked.h).
  // Default: XPAR_MPI_MAX_MESSAGE_BYTES, else kDefaultMaxMessageBytes (tests set it small to
  // exercise the multi-piece paths on small data).
  int64_t max_message_bytes = kDefaultMaxMessageBytes;
  static MpiTransportOptions FromEnvironment();
};

class MpiTransport final : public CollectiveTransport {
 public:
  // `world` must be a communicator with one rank per device (usually MPI_COMM_WORLD).
  MpiTransport(MPI_Comm world,
               MpiTransportOptions options = MpiTransportOptions::FromEnvironment());
  ~MpiTransport() override;
  MpiTransport(const MpiTransport&) = delete;
  MpiTransport& operator=(const MpiTransport&) = delete;

  Expected<std::shared_ptr<const std::vector<Literal>>> Exchange(const void* op, int64_t device,
                                                                 std::span<const int64_t> group,
                                                                 Literal value) override;
  Expected<std::optional<Literal>> RunNative(const NativeCollective& call) override;
  // Prints the reason (with this rank's world rank) to stderr and MPI_Aborts the world: the other ranks may be
  // blocked in a collective this one will never join.
  void Abort(const Status& reason) override;
  void DeviceFinished(int64_t device) override {}
  // This rank's collective traffic (CollectiveBytesSent per collective, native or not); empty
  // for any other device.
  CollectiveTraffic Traffic(int64_t device) const override;
  void ResetTraffic() override { traffic_ = {}; }
  Status abort_reason() const override { return abort_reason_; }

  int rank() const { return rank_; }
  int size() const { return size_; }
  // A duplicate of the world communicator (errors returned, not fatal), for gathering results.
  MPI_Comm comm() const { return world_; }
  const MpiTransportOptions& options() const { return options_; }
  // Who these ranks are, for the collective timeout's message (e.g. "pipeline stage 1 (world
  // ranks 2,3)"; default "the world"). Every blocking collective is bounded by
  // CollectiveTimeout() (mpi_watchdog.h).
  void set_label(std::string label) { label_ = std::move(label); }
  const CollectiveStats& stats() const { return stats_; }
  void ResetStats() { stats_ = {}; }

 private:
  Expected<MPI_Comm> GroupComm(std::span<const int64_t> group);
  std::string Describe(const std::string& kind, std::span<const int64_t> group) const;
  Expected<std::optional<Literal>> AllReduce(const NativeCollective& call, MPI_Comm comm);
  Expected<std::optional<Literal>> AllGather(const NativeCollective& call, MPI_Comm comm);
  Expected<std::optional<Literal>> Permute(const NativeCollective& call);
  // mpi_scatter.cc: MPI_Reduce_scatter_block and MPI_Alltoall.
  Expected<std::optional<Literal>> ReduceScatter(const NativeCollective& call, MPI_Comm comm);
  Expected<std::optional<Literal>> AllToAll(const NativeCollective& call, MPI_Comm comm);
  Expected<std::optional<Literal>> TupleAllToAll(const NativeCollective& call, MPI_Comm comm);

  MPI_Comm world_ = MPI_COMM_NULL;  // a duplicate of the caller's, for collectives
  MPI_Comm p2p_ = MPI_COMM_NULL;    // another duplicate, for collective-permute's sends
  int rank_ = 0, size_ = 1;
  int world_rank_ = 0, world_size_ = 1;  // in MPI_COMM_WORLD, for error messages
  MpiTransportOptions options_;
  std::map<std::vector<int64_t>, MPI_Comm> comms_;
  std::string pending_kind_;  // the kind RunNative declined, for Exchange's statistics
  CollectiveStats stats_;
  CollectiveTraffic traffic_;
  Status abort_reason_;
  std::string label_;
};

}  // namespace xpar
