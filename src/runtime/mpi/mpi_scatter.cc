// MpiTransport's native reduce-scatter (MPI_Reduce_scatter_block) and all-to-all (MPI_Alltoall)
// on the cached group communicator. Both need each member's block contiguous: a split dimension
// that is not major is first packed as [member, outer, chunk] and, for all-to-all, unpacked back.
#include <climits>
#include <cstring>

#include "runtime/mpi/mpi_buffers.h"
#include "runtime/mpi/mpi_ops.h"
#include "runtime/mpi/mpi_transport.h"

namespace xpar {
namespace {

// An array viewed as [outer, n, chunk] around `dim` (chunk in bytes: size(dim) / n rows).
struct Blocks {
  int64_t outer = 1, chunk_bytes = 0;
};

// Nullopt when `x` cannot be split in n along `dim` (rank 0, out of range, uneven).
std::optional<Blocks> BlocksOf(const Literal& x, int64_t dim, int64_t n) {
  const Shape& s = x.shape();
  if (!s.IsArray() || s.rank() == 0 || dim < 0 || dim >= s.rank() || s.dim(dim) % n != 0) {
    return std::nullopt;
  }
  Blocks b;
  int64_t inner = 1;
  for (int64_t d = 0; d < s.rank(); ++d) {
    if (d < dim) b.outer *= s.dim(d);
    if (d > dim) inner *= s.dim(d);
  }
  b.chunk_bytes = s.dim(dim) / n * inner * ByteWidth(s.type());
  return b;
}

// [outer, n, chunk] -> [n, outer, chunk] (to_member) or back.
void Transpose(const uint8_t* in, uint8_t* out, const Blocks& b, int64_t n, bool to_member) {
  for (int64_t o = 0; o < b.outer; ++o) {
    for (int64_t r = 0; r < n; ++r) {
      const int64_t grouped = (o * n + r) * b.chunk_bytes;
      const int64_t member = (r * b.outer + o) * b.chunk_bytes;
      std::memcpy(out + (to_member ? member : grouped), in + (to_member ? grouped : member),
                  static_cast<size_t>(b.chunk_bytes));
    }
  }
}

Literal Packed(std::vector<Literal> outs) {
  if (outs.size() == 1) return std::move(outs[0]);
  return Literal::Tuple(std::move(outs));
}

}  // namespace

// Per operand: MPI_Reduce_scatter_block with the reducer's MPI op. MPI combines in its own order,
// so deterministic mode declines floating types (the exchange path adds in group order).
Expected<std::optional<Literal>> MpiTransport::ReduceScatter(const NativeCollective& call,
                                                             MPI_Comm comm) {
  if (call.inst->called().empty()) return std::optional<Literal>();
  const FastCombine k = ClassifyReducer(*call.inst->called()[0]);
  const int64_t n = static_cast<int64_t>(call.group.size());
  std::vector<MPI_Datatype> types(call.operands.size());
  std::vector<MPI_Op> ops(call.operands.size());
  for (size_t i = 0; i < call.operands.size(); ++i) {
    const Literal& x = *call.operands[i];
    if (!BlocksOf(x, call.dimension, n) || !NativeReduction(x.type(), k, &types[i], &ops[i]) ||
        (options_.deterministic && IsFloating(x.type()))) {
      return std::optional<Literal>();
    }
  }
  std::vector<Literal> outs;
  int64_t in_bytes = 0, out_bytes = 0;
  for (size_t i = 0; i < call.operands.size(); ++i) {
    const Literal& x = *call.operands[i];
    const Blocks b = *BlocksOf(x, call.dimension, n);
    Shape out_shape(x.type(), x.shape().dims());
    out_shape.mutable_dims()[call.dimension] = x.shape().dim(call.dimension) / n;
    Literal out = Literal::Uninitialized(out_shape);
    std::vector<uint8_t> tmp;
    const uint8_t* send = x.raw();
    if (b.outer > 1) {
      tmp.resize(static_cast<size_t>(x.size_bytes()));
      Transpose(x.raw(), tmp.data(), b, n, /*to_member=*/true);
      send = tmp.data();
    }
    RETURN_IF_ERROR(ChunkedReduceScatterBlock(send, out.raw(), out.ElementCount(), types[i],
                                              ops[i], comm, options_.max_message_bytes));
    in_bytes += x.size_bytes();
    out_bytes += out.size_bytes();
    outs.push_back(std::move(out));
  }
  stats_.Add(pending_kind_, true, in_bytes, out_bytes);
  pending_kind_.clear();
  return std::optional<Literal>(Packed(std::move(outs)));
}

// Per operand: chunk j along the dimension goes to member j, and member j's chunk for this rank
// lands at position j. Pure data movement, so bit-identical in every mode.
Expected<std::optional<Literal>> MpiTransport::AllToAll(const NativeCollective& call,
                                                        MPI_Comm comm) {
  if (call.inst->attrs().dimensions.empty()) return TupleAllToAll(call, comm);
  const int64_t n = static_cast<int64_t>(call.group.size());
  for (const Literal* x : call.operands) {
    if (!BlocksOf(*x, call.dimension, n)) return std::optional<Literal>();
  }
  std::vector<Literal> outs;
  int64_t bytes = 0;
  for (const Literal* x : call.operands) {
    const Blocks b = *BlocksOf(*x, call.dimension, n);
    const int64_t per_member = b.outer * b.chunk_bytes;
    const int64_t max_bytes = options_.max_message_bytes;
    Literal out = Literal::Uninitialized(x->shape());
    if (b.outer == 1) {
      RETURN_IF_ERROR(ChunkedAlltoall(x->raw(), per_member, out.raw(), comm, max_bytes));
    } else {
      std::vector<uint8_t> send(static_cast<size_t>(x->size_bytes())), recv(send.size());
      Transpose(x->raw(), send.data(), b, n, /*to_member=*/true);
      RETURN_IF_ERROR(ChunkedAlltoall(send.data(), per_member, recv.data(), comm, max_bytes));
      Transpose(recv.data(), out.raw(), b, n, /*to_member=*/false);
    }
    bytes += x->size_bytes();
    outs.push_back(std::move(out));
  }
  stats_.Add(pending_kind_, true, bytes, bytes);
  pending_kind_.clear();
  return std::optional<Literal>(Packed(std::move(outs)));
}

// The form without dimensions: operand j goes to member j, result j comes from member j. Native
// when the n operands are arrays of one shape.
Expected<std::optional<Literal>> MpiTransport::TupleAllToAll(const NativeCollective& call,
                                                             MPI_Comm comm) {
  const int64_t n = static_cast<int64_t>(call.group.size());
  if (static_cast<int64_t>(call.operands.size()) != n) return std::optional<Literal>();
  const Shape& shape = call.operands[0]->shape();
  for (const Literal* x : call.operands) {
    if (!x->shape().IsArray() || !(x->shape() == shape)) return std::optional<Literal>();
  }
  const int64_t bytes = call.operands[0]->size_bytes();
  std::vector<uint8_t> send, recv(static_cast<size_t>(bytes * n));
  for (const Literal* x : call.operands) AppendBytes(*x, send);
  RETURN_IF_ERROR(
      ChunkedAlltoall(send.data(), bytes, recv.data(), comm, options_.max_message_bytes));
  std::vector<Literal> outs;
  for (int64_t j = 0; j < n; ++j) outs.push_back(Unflatten(recv.data() + j * bytes, shape));
  stats_.Add(pending_kind_, true, bytes * n, bytes * n);
  pending_kind_.clear();
  return std::optional<Literal>(Packed(std::move(outs)));
}

}  // namespace xpar
