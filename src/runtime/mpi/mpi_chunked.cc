// MPI calls split into pieces that fit int counts (see mpi_chunked.h).
#include "runtime/mpi/mpi_chunked.h"

#include <algorithm>
#include <climits>
#include <cstring>

#include "runtime/mpi/mpi_ops.h"

namespace xpar {
namespace {

int TypeBytes(MPI_Datatype type) {
  int size = 1;
  MPI_Type_size(type, &size);
  return size;
}

// Calls fn(offset, count) over [0, total) in pieces of at most `per_call`.
template <typename F>
Status ForEachPiece(int64_t total, int64_t per_call, F&& fn) {
  for (int64_t off = 0; off < total; off += per_call) {
    RETURN_IF_ERROR(fn(off, static_cast<int>(std::min(per_call, total - off))));
  }
  return Status::Ok();
}

struct CommShape {
  int rank = 0, size = 1;
};
Expected<CommShape> ShapeOf(MPI_Comm comm) {
  CommShape s;
  XPAR_MPI_CALL(MPI_Comm_rank(comm, &s.rank));
  XPAR_MPI_CALL(MPI_Comm_size(comm, &s.size));
  return s;
}

}  // namespace

int64_t ElementsPerCall(int64_t max_bytes, int64_t element_bytes) {
  return std::clamp<int64_t>(max_bytes / std::max<int64_t>(element_bytes, 1), 1, INT_MAX);
}

Status ChunkedSend(const void* data, int64_t bytes, int dest, int tag, MPI_Comm comm,
                   int64_t max_bytes) {
  const char* p = static_cast<const char*>(data);
  return ForEachPiece(bytes, ElementsPerCall(max_bytes, 1), [&](int64_t off, int n) -> Status {
    XPAR_MPI_CALL(MPI_Send(p + off, n, MPI_BYTE, dest, tag, comm));
    return Status::Ok();
  });
}

Status ChunkedRecv(void* data, int64_t bytes, int source, int tag, MPI_Comm comm,
                   int64_t max_bytes) {
  char* p = static_cast<char*>(data);
  return ForEachPiece(bytes, ElementsPerCall(max_bytes, 1), [&](int64_t off, int n) -> Status {
    XPAR_MPI_CALL(MPI_Recv(p + off, n, MPI_BYTE, source, tag, comm, MPI_STATUS_IGNORE));
    return Status::Ok();
  });
}

Status ChunkedSendrecv(const void* send, void* recv, int64_t bytes, int dest, int source, int tag,
                       MPI_Comm comm, int64_t max_bytes) {
  const char* s = static_cast<const char*>(send);
  char* r = static_cast<char*>(recv);
  return ForEachPiece(bytes, ElementsPerCall(max_bytes, 1), [&](int64_t off, int n) -> Status {
    XPAR_MPI_CALL(MPI_Sendrecv(s + off, n, MPI_BYTE, dest, tag, r + off, n, MPI_BYTE, source, tag,
                               comm, MPI_STATUS_IGNORE));
    return Status::Ok();
  });
}

// Past the limit: each member broadcasts its contribution in pieces.
Status ChunkedAllgather(const void* send, int64_t bytes, void* recv, MPI_Comm comm,
                        int64_t max_bytes) {
  ASSIGN_OR_RETURN(CommShape c, ShapeOf(comm));
  char* out = static_cast<char*>(recv);
  if (bytes * c.size <= ElementsPerCall(max_bytes, 1)) {
    const int n = static_cast<int>(bytes);
    XPAR_MPI_CALL(MPI_Allgather(send, n, MPI_BYTE, recv, n, MPI_BYTE, comm));
    return Status::Ok();
  }
  std::memcpy(out + c.rank * bytes, send, static_cast<size_t>(bytes));
  for (int root = 0; root < c.size; ++root) {
    char* block = out + root * bytes;
    RETURN_IF_ERROR(ForEachPiece(bytes, ElementsPerCall(max_bytes, 1),
                                 [&](int64_t off, int n) -> Status {
                                   XPAR_MPI_CALL(MPI_Bcast(block + off, n, MPI_BYTE, root, comm));
                                   return Status::Ok();
                                 }));
  }
  return Status::Ok();
}

// Past the limit: n - 1 rounds of pairwise exchanges (to rank + k, from rank - k) in pieces.
Status ChunkedAlltoall(const void* send, int64_t block_bytes, void* recv, MPI_Comm comm,
                       int64_t max_bytes) {
  ASSIGN_OR_RETURN(CommShape c, ShapeOf(comm));
  const char* in = static_cast<const char*>(send);
  char* out = static_cast<char*>(recv);
  if (block_bytes * c.size <= ElementsPerCall(max_bytes, 1)) {
    const int n = static_cast<int>(block_bytes);
    XPAR_MPI_CALL(MPI_Alltoall(send, n, MPI_BYTE, recv, n, MPI_BYTE, comm));
    return Status::Ok();
  }
  std::memcpy(out + c.rank * block_bytes, in + c.rank * block_bytes,
              static_cast<size_t>(block_bytes));
  constexpr int kAlltoallTag = 11;
  for (int k = 1; k < c.size; ++k) {
    const int to = (c.rank + k) % c.size, from = (c.rank - k + c.size) % c.size;
    RETURN_IF_ERROR(ChunkedSendrecv(in + to * block_bytes, out + from * block_bytes, block_bytes,
                                    to, from, kAlltoallTag, comm, max_bytes));
  }
  return Status::Ok();
}

Status ChunkedAllreduce(const void* send, void* recv, int64_t count, MPI_Datatype type,
                        MPI_Op op, MPI_Comm comm, int64_t max_bytes) {
  const int width = TypeBytes(type);
  const char* in = static_cast<const char*>(send);
  char* out = static_cast<char*>(recv);
  return ForEachPiece(count, ElementsPerCall(max_bytes, width), [&](int64_t off, int n) -> Status {
    XPAR_MPI_CALL(MPI_Allreduce(in + off * width, out + off * width, n, type, op, comm));
    return Status::Ok();
  });
}

// Past the limit: one rooted reduction per member's block, in pieces.
Status ChunkedReduceScatterBlock(const void* send, void* recv, int64_t block_count,
                                 MPI_Datatype type, MPI_Op op, MPI_Comm comm, int64_t max_bytes) {
  ASSIGN_OR_RETURN(CommShape c, ShapeOf(comm));
  const int width = TypeBytes(type);
  if (block_count * c.size <= ElementsPerCall(max_bytes, width)) {
    XPAR_MPI_CALL(MPI_Reduce_scatter_block(send, recv, static_cast<int>(block_count), type, op,
                                           comm));
    return Status::Ok();
  }
  const char* in = static_cast<const char*>(send);
  char* out = static_cast<char*>(recv);
  for (int root = 0; root < c.size; ++root) {
    const char* block = in + root * block_count * width;
    RETURN_IF_ERROR(ForEachPiece(
        block_count, ElementsPerCall(max_bytes, width), [&](int64_t off, int n) -> Status {
          void* dst = c.rank == root ? out + off * width : nullptr;
          XPAR_MPI_CALL(MPI_Reduce(block + off * width, dst, n, type, op, root, comm));
          return Status::Ok();
        }));
  }
  return Status::Ok();
}

}  // namespace xpar
