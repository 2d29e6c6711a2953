// Waiting for an MPI request without spinning on a core: MPI_Test, then sleeps that grow from
// 20 us to 1 ms. A rank that waits long (a pipeline stage for another, every rank for rank 0's
// planner) leaves the cores to the ranks that work, which matters when ranks outnumber cores
// (mpirun --oversubscribe), where MPI's own blocking calls busy-poll.
#pragma once

#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include <chrono>
#include <cstdint>

#include "support/status.h"

namespace xpar {

// Completes `request`; errors name this rank and `what`. With a positive `timeout`, a request
// not done by then is an error (the peer is stuck or gone); the request is left pending, so the
// caller must stop (MPI_Abort) rather than reuse its buffer.
Status WaitYielding(MPI_Request& request, const char* what,
                    std::chrono::milliseconds timeout = std::chrono::milliseconds(0));

// Receives `bytes` from `source` in pieces of at most max_bytes (as ChunkedSend sends them) and
// broadcasts bytes from `root` in `comm`, each piece waited for with WaitYielding.
Status RecvYielding(void* data, int64_t bytes, int source, int tag, MPI_Comm comm,
                    int64_t max_bytes,
                    std::chrono::milliseconds timeout = std::chrono::milliseconds(0));
Status BcastYielding(void* data, int64_t bytes, int root, MPI_Comm comm, int64_t max_bytes,
                     std::chrono::milliseconds timeout = std::chrono::milliseconds(0));

}  // namespace xpar
