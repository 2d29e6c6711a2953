// MPI calls of any size. MPI counts are `int`, and Debian's OpenMPI (4.1) has no MPI-4
// large-count (_c) functions, so each wrapper splits its transfer into calls whose buffers stay
// within `max_bytes` (at most INT_MAX elements). Transfers that fit go out as one call of the
// natural collective; larger ones use simpler calls per piece (broadcasts, pairwise exchanges,
// rooted reductions). Every return code is checked: errors name this rank and the call.
#pragma once

#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include <cstdint>

#include "support/status.h"

namespace xpar {

// The default size limit of one MPI call's buffer: 1 GiB, well inside int counts.
inline constexpr int64_t kDefaultMaxMessageBytes = int64_t{1} << 30;

// Elements of `element_bytes` each per call under `max_bytes` (at least 1, at most INT_MAX).
int64_t ElementsPerCall(int64_t max_bytes, int64_t element_bytes);

Status ChunkedSend(const void* data, int64_t bytes, int dest, int tag, MPI_Comm comm,
                   int64_t max_bytes);
Status ChunkedRecv(void* data, int64_t bytes, int source, int tag, MPI_Comm comm,
                   int64_t max_bytes);
// Sends `bytes` to dest and receives as many from source (either may be MPI_PROC_NULL).
Status ChunkedSendrecv(const void* send, void* recv, int64_t bytes, int dest, int source, int tag,
                       MPI_Comm comm, int64_t max_bytes);
// Every member contributes `bytes`; member r's land at recv + r * bytes.
Status ChunkedAllgather(const void* send, int64_t bytes, void* recv, MPI_Comm comm,
                        int64_t max_bytes);
// send holds one block of `block_bytes` per member (block r for member r); member r's block for
// this rank lands at recv + r * block_bytes.
Status ChunkedAlltoall(const void* send, int64_t block_bytes, void* recv, MPI_Comm comm,
                       int64_t max_bytes);
Status ChunkedAllreduce(const void* send, void* recv, int64_t count, MPI_Datatype type,
                        MPI_Op op, MPI_Comm comm, int64_t max_bytes);
// send holds n blocks of `block_count` elements; this rank gets the reduction of every member's
// block `rank` in recv.
Status ChunkedReduceScatterBlock(const void* send, void* recv, int64_t block_count,
                                 MPI_Datatype type, MPI_Op op, MPI_Comm comm, int64_t max_bytes);

}  // namespace xpar
