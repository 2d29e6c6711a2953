// Running a module under mpirun: each MPI rank is one device (rank = replica * num_partitions +
// partition), collectives go through MpiTransport, and results are gathered on rank 0.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "ir/module.h"
#include "runtime/mpi/device_results.h"
#include "runtime/mpi/mpi_transport.h"
#include "support/status.h"

namespace xpar {

// True when this process was started by mpirun/mpiexec (OMPI_COMM_WORLD_SIZE, PMI_SIZE or PMIX_RANK
// in the environment) or MPI is already initialised.
bool UnderMpi();

// Initialises MPI once per process (later calls only report); fails after FinalizeMpi.
struct MpiWorld {
  int rank = 0, size = 1;
};
Expected<MpiWorld> InitMpi();
// Finalises MPI if it was initialised and is not finalised yet.
void FinalizeMpi();

// Checks that the world has exactly num_replicas * num_partitions ranks (every rank gets the same
// answer, so every rank can return it without anyone waiting).
Status CheckMpiWorld(const MpiTransport& transport, int64_t num_replicas, int64_t num_partitions);

// Runs this rank's device of the entry computation once. Every rank must call it with the same
// module. A failure on any rank is printed with its rank number and MPI_Aborts every rank (the
// others may be blocked in a collective it will never join), so this returns only on success.
Expected<Literal> RunThisRank(const Module& module, std::span<const Literal> my_args,
                              int64_t num_replicas, int64_t num_partitions, MpiTransport& transport,
                              uint64_t rng_seed = 0);

// Gathers every rank's result on rank 0, in device order; other ranks get an empty vector. Every
// rank's result must have the same shape (one SPMD program). Messages of any size (in pieces of
// the transport's max_message_bytes); rank 0 ends up holding every result, so `xpar run` streams
// them through DeviceResults instead.
Expected<std::vector<Literal>> GatherOnRoot(Literal mine, MpiTransport& transport);

// RunThisRank + GatherOnRoot with a fresh transport (MPI initialised if need be).
Expected<std::vector<Literal>> RunOnMpi(
    const Module& module, std::vector<Literal> my_args, int64_t num_replicas,
    int64_t num_partitions, uint64_t rng_seed = 0,
    MpiTransportOptions options = MpiTransportOptions::FromEnvironment());

// What `xpar run` calls under mpirun: initialises MPI, checks the world size and runs device
// `rank` with device_args[rank] (device_args holds every device's arguments, as for RunOnDevices).
// Rank 0 gets DeviceResults, which receives the other devices' results one at a time as they are
// consumed and then finalises MPI; other ranks send theirs to rank 0, finalise MPI and get
// std::nullopt (they should print nothing). Errors every rank sees alike (a world of the wrong
// size) are returned on rank 0 only (std::nullopt elsewhere), so they are printed once.
Expected<std::optional<DeviceResults>> RunOnMpiRanks(
    const Module& module, std::vector<std::vector<Literal>> device_args, int64_t num_replicas,
    int64_t num_partitions, uint64_t rng_seed = 0,
    MpiTransportOptions options = MpiTransportOptions::FromEnvironment());

}  // namespace xpar
