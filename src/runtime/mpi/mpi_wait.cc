// MPI waits that sleep instead of spinning (mpi_wait.h).
#include "runtime/mpi/mpi_wait.h"

#include <algorithm>
#include <chrono>
#include <thread>

#include "runtime/mpi/mpi_chunked.h"
#include "runtime/mpi/mpi_ops.h"

namespace xpar {

Status WaitYielding(MPI_Request& request, const char* what) {
  constexpr auto kFirst = std::chrono::microseconds(20);
  constexpr auto kLongest = std::chrono::microseconds(1000);
  auto pause = kFirst;
  for (;;) {
    int done = 0;
    int rc = MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) return MpiError(rc, what);
    if (done) return Status::Ok();
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, kLongest);
  }
}

Status RecvYielding(void* data, int64_t bytes, int source, int tag, MPI_Comm comm,
                    int64_t max_bytes) {
  char* p = static_cast<char*>(data);
  const int64_t per_call = ElementsPerCall(max_bytes, 1);
  for (int64_t off = 0; off < bytes; off += per_call) {
    MPI_Request request;
    const int count = static_cast<int>(std::min(per_call, bytes - off));
    XPAR_MPI_CALL(MPI_Irecv(p + off, count, MPI_BYTE, source, tag, comm, &request));
    RETURN_IF_ERROR(WaitYielding(request, "MPI_Irecv"));
  }
  return Status::Ok();
}

Status BcastYielding(void* data, int64_t bytes, int root, MPI_Comm comm, int64_t max_bytes) {
  char* p = static_cast<char*>(data);
  const int64_t per_call = ElementsPerCall(max_bytes, 1);
  for (int64_t off = 0; off < bytes; off += per_call) {
    MPI_Request request;
    const int count = static_cast<int>(std::min(per_call, bytes - off));
    XPAR_MPI_CALL(MPI_Ibcast(p + off, count, MPI_BYTE, root, comm, &request));
    RETURN_IF_ERROR(WaitYielding(request, "MPI_Ibcast"));
  }
  return Status::Ok();
}

}  // namespace xpar
