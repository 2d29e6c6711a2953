// MPI waits that sleep instead of spinning (mpi_wait.h).
#include "runtime/mpi/mpi_wait.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "runtime/mpi/mpi_chunked.h"
#include "runtime/mpi/mpi_ops.h"

namespace xpar {

Status WaitYielding(MPI_Request& request, const char* what, std::chrono::milliseconds timeout) {
  constexpr auto kFirst = std::chrono::microseconds(20);
  constexpr auto kLongest = std::chrono::microseconds(1000);
  const auto start = std::chrono::steady_clock::now();
  auto pause = kFirst;
  for (;;) {
    int done = 0;
    int rc = MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) return MpiError(rc, what);
    if (done) return Status::Ok();
    if (timeout.count() > 0 && std::chrono::steady_clock::now() - start > timeout) {
      int rank = -1;
      MPI_Comm_rank(MPI_COMM_WORLD, &rank);
      return Internal(
          "MPI rank {}: {} not done after {:.3g} s: timed out (the peer is stuck or gone; "
          "--collective-timeout sets the limit)",
          rank, what, std::chrono::duration<double>(timeout).count());
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, kLongest);
  }
}

Status RecvYielding(void* data, int64_t bytes, int source, int tag, MPI_Comm comm,
                    int64_t max_bytes, std::chrono::milliseconds timeout) {
  char* p = static_cast<char*>(data);
  const int64_t per_call = ElementsPerCall(max_bytes, 1);
  for (int64_t off = 0; off < bytes; off += per_call) {
    MPI_Request request;
    const int count = static_cast<int>(std::min(per_call, bytes - off));
    XPAR_MPI_CALL(MPI_Irecv(p + off, count, MPI_BYTE, source, tag, comm, &request));
    RETURN_IF_ERROR(WaitYielding(request, "MPI_Irecv", timeout));
  }
  return Status::Ok();
}

Status BcastYielding(void* data, int64_t bytes, int root, MPI_Comm comm, int64_t max_bytes,
                     std::chrono::milliseconds timeout) {
  char* p = static_cast<char*>(data);
  const int64_t per_call = ElementsPerCall(max_bytes, 1);
  for (int64_t off = 0; off < bytes; off += per_call) {
    MPI_Request request;
    const int count = static_cast<int>(std::min(per_call, bytes - off));
    XPAR_MPI_CALL(MPI_Ibcast(p + off, count, MPI_BYTE, root, comm, &request));
    RETURN_IF_ERROR(WaitYielding(request, "MPI_Ibcast", timeout));
  }
  return Status::Ok();
}

}  // namespace xpar
