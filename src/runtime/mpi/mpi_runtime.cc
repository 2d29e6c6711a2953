// Running a module with one device per MPI rank (see mpi_runtime.h).
#include "runtime/mpi/mpi_runtime.h"

#include <algorithm>
#include <cstdlib>

#include "runtime/interpreter/interpreter.h"
#include "runtime/interpreter/thread_pool.h"
#include "runtime/mpi/mpi_buffers.h"

namespace xpar {

bool UnderMpi() {
  for (const char* var : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK"}) {
    if (std::getenv(var)) return true;
  }
  int initialized = 0;
  MPI_Initialized(&initialized);
  return initialized != 0;
}

Expected<MpiWorld> InitMpi() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (finalized) return FailedPrecondition("MPI was already finalised in this process");
  if (!initialized) {
    // Collectives are only ever called from the thread that runs the device.
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
      return Internal("MPI_Init_thread failed");
    }
  }
  MpiWorld w;
  MPI_Comm_rank(MPI_COMM_WORLD, &w.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &w.size);
  return w;
}

void FinalizeMpi() {
  int initialized = 0, finalized = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (initialized && !finalized) MPI_Finalize();
}

Status CheckMpiWorld(const MpiTransport& transport, int64_t num_replicas, int64_t num_partitions) {
  if (num_replicas < 1 || num_partitions < 1) {
    return InvalidArgument("need at least one replica and one partition, got {} x {}", num_replicas,
                           num_partitions);
  }
  const int64_t n = num_replicas * num_partitions;
  if (transport.size() != n) {
    return InvalidArgument(
        "the module runs on {} devices ({} replicas x {} partitions) but "
        "mpirun started {} "
        "ranks; use `mpirun -np {}` (each rank is one device)",
        n, num_replicas, num_partitions, transport.size(), n);
  }
  return Status::Ok();
}

namespace {

// Ranks of this job on this machine (OpenMPI's, else MPICH's variable; 1 when neither is set).
int LocalRanks() {
  for (const char* name : {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS"}) {
    if (const char* v = std::getenv(name); v && std::atoi(v) >= 1) return std::atoi(v);
  }
  return 1;
}

}  // namespace

Expected<Literal> RunThisRank(const Module& module, std::span<const Literal> my_args,
                              int64_t num_replicas, int64_t num_partitions, MpiTransport& transport,
                              uint64_t rng_seed) {
  const int64_t d = transport.rank();
  // Ranks on one machine share its cores as the threads runtime's devices do (and so run the
  // same GEMM kernels: OpenBLAS's results depend on its thread count).
  SetRuntimeThreads(std::max(1, MachineCores() / LocalRanks()));
  DeviceContext dev;
  dev.replica_id = d / num_partitions;
  dev.partition_id = d % num_partitions;
  dev.num_replicas = num_replicas;
  dev.num_partitions = num_partitions;
  dev.hub = &transport;
  // The same per-device rng stream as RunOnDevices gives device d.
  dev.rng_seed = rng_seed + static_cast<uint64_t>(d) * 0x9E3779B97F4A7C15ull;
  Interpreter interp(module, dev);
  Expected<Literal> result = interp.Run(my_args);
  if (!result.ok()) {
    transport.Abort(result.status().WithContext(fmt::format(
        "device {} (replica {}, partition {}): ", d, dev.replica_id, dev.partition_id)));
  }
  return result;
}

Expected<std::vector<Literal>> GatherOnRoot(Literal mine, MpiTransport& transport) {
  std::vector<Literal> out;
  if (transport.rank() != 0) {
    Status s = SendResultToRoot(mine, transport);
    if (!s.ok()) transport.Abort(s);
    return out;
  }
  const Shape shape = mine.shape();
  out.push_back(std::move(mine));
  for (int r = 1; r < transport.size(); ++r) {
    out.push_back(ReceiveResultFromRank(transport, r, shape));
  }
  return out;
}

Expected<std::vector<Literal>> RunOnMpi(const Module& module, std::vector<Literal> my_args,
                                        int64_t num_replicas, int64_t num_partitions,
                                        uint64_t rng_seed, MpiTransportOptions options) {
  ASSIGN_OR_RETURN(MpiWorld world, InitMpi());
  (void)world;
  MpiTransport transport(MPI_COMM_WORLD, options);
  RETURN_IF_ERROR(CheckMpiWorld(transport, num_replicas, num_partitions));
  ASSIGN_OR_RETURN(Literal mine,
                   RunThisRank(module, my_args, num_replicas, num_partitions, transport, rng_seed));
  return GatherOnRoot(std::move(mine), transport);
}

Expected<std::optional<DeviceResults>> RunOnMpiRanks(
    const Module& module, std::vector<std::vector<Literal>> device_args, int64_t num_replicas,
    int64_t num_partitions, uint64_t rng_seed, MpiTransportOptions options) {
  ASSIGN_OR_RETURN(MpiWorld world, InitMpi());
  Status status;
  if (static_cast<int64_t>(device_args.size()) != num_replicas * num_partitions) {
    status = Internal("{} devices but arguments for {}", num_replicas * num_partitions,
                      device_args.size());
  } else {
    std::vector<Literal> mine;
    if (world.rank < static_cast<int>(device_args.size())) {
      mine = std::move(device_args[world.rank]);
    }
    device_args.clear();
    auto transport = std::make_unique<MpiTransport>(MPI_COMM_WORLD, options);
    status = CheckMpiWorld(*transport, num_replicas, num_partitions);
    std::optional<Literal> result;
    if (status.ok()) {
      Expected<Literal> r =
          RunThisRank(module, mine, num_replicas, num_partitions, *transport, rng_seed);
      if (r.ok()) result = std::move(r).value();
      status = r.status();
    }
    if (result && world.rank == 0) {  // MPI is finalised once the results are consumed
      return std::optional<DeviceResults>(
          DeviceResults::MpiRoot(std::move(*result), std::move(transport)));
    }
    if (result) {
      Status s = SendResultToRoot(*result, *transport);
      if (!s.ok()) transport->Abort(s);
    }
  }  // the transport frees its communicators before MPI is finalised
  FinalizeMpi();
  if (world.rank != 0) return std::optional<DeviceResults>();
  return status;
}

}  // namespace xpar
