// MpiTransport: collectives over MPI communicators, one device per rank (see mpi_transport.h).
#include "runtime/mpi/mpi_transport.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <cstring>

#include "runtime/interpreter/combine_util.h"
#include "runtime/mpi/mpi_buffers.h"
#include "runtime/mpi/mpi_ops.h"
#include "runtime/mpi/mpi_watchdog.h"

namespace xpar {
namespace {

constexpr int kPermuteTag = 7;

std::string KindName(Opcode kind) { return std::string(HloOpcodeName(kind)); }

}  // namespace

std::string MpiTransport::Describe(const std::string& kind, std::span<const int64_t> group) const {
  return fmt::format("{} over devices {{{}}} of {}", kind, fmt::join(group, ","),
                     label_.empty() ? std::string("the world") : label_);
}

MpiTransportOptions MpiTransportOptions::FromEnvironment() {
  MpiTransportOptions o;
  const char* v = std::getenv("XPAR_MPI_DETERMINISTIC");
  if (v) {
    std::string s(v);
    o.deterministic = s == "1" || s == "true" || s == "on" || s == "yes";
  }
  const char* max = std::getenv("XPAR_MPI_MAX_MESSAGE_BYTES");
  if (max && std::atoll(max) > 0) o.max_message_bytes = std::atoll(max);
  return o;
}

MpiTransport::MpiTransport(MPI_Comm world, MpiTransportOptions options) : options_(options) {
  MPI_Comm_dup(world, &world_);
  MPI_Comm_dup(world, &p2p_);
  // Failed calls return their code (checked by XPAR_MPI_CALL and reported with the rank) instead
  // of aborting inside MPI; communicators created from these inherit it.
  MPI_Comm_set_errhandler(world_, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(p2p_, MPI_ERRORS_RETURN);
  MPI_Comm_rank(world_, &rank_);
  MPI_Comm_size(world_, &size_);
  MPI_Comm_rank(MPI_COMM_WORLD, &world_rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &world_size_);
}

MpiTransport::~MpiTransport() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) return;
  for (auto& [group, comm] : comms_) {
    if (comm != MPI_COMM_SELF && comm != world_) MPI_Comm_free(&comm);
  }
  MPI_Comm_free(&p2p_);
  MPI_Comm_free(&world_);
}

Expected<MPI_Comm> MpiTransport::GroupComm(std::span<const int64_t> group) {
  for (int64_t d : group) {
    if (d < 0 || d >= size_) {
      return InvalidArgument("collective group names device {}, but only {} MPI ranks run", d,
                             size_);
    }
  }
  std::vector<int64_t> key(group.begin(), group.end());
  auto it = comms_.find(key);
  if (it != comms_.end()) return it->second;
  MPI_Comm comm = MPI_COMM_NULL;
  bool identity = static_cast<int64_t>(key.size()) == size_;
  for (size_t i = 0; identity && i < key.size(); ++i) identity = key[i] == static_cast<int64_t>(i);
  if (key.size() == 1) {
    comm = MPI_COMM_SELF;
  } else if (identity) {
    comm = world_;
  } else {
    // Collective over the members only, so groups that other ranks never use cost nothing.
    std::vector<int> ranks(key.begin(), key.end());
    MPI_Group world_group, sub;
    XPAR_MPI_CALL(MPI_Comm_group(world_, &world_group));
    XPAR_MPI_CALL(
        MPI_Group_incl(world_group, static_cast<int>(ranks.size()), ranks.data(), &sub));
    XPAR_MPI_CALL(MPI_Comm_create_group(world_, sub, /*tag=*/0, &comm));
    XPAR_MPI_CALL(MPI_Comm_set_errhandler(comm, MPI_ERRORS_RETURN));
    XPAR_MPI_CALL(MPI_Group_free(&sub));
    XPAR_MPI_CALL(MPI_Group_free(&world_group));
  }
  comms_.emplace(std::move(key), comm);
  return comm;
}

Expected<std::shared_ptr<const std::vector<Literal>>> MpiTransport::Exchange(
    const void* op, int64_t device, std::span<const int64_t> group, Literal value) {
  std::string kind = pending_kind_.empty() ? "exchange" : pending_kind_;
  pending_kind_.clear();
  MpiWatchdog watch(Describe(kind, group), CollectiveTimeout());
  if (device != rank_) return Internal("device {} runs on MPI rank {}", device, rank_);
  auto me = std::find(group.begin(), group.end(), device);
  if (me == group.end()) return Internal("device {} is not in its collective group", device);
  ASSIGN_OR_RETURN(MPI_Comm comm, GroupComm(group));
  const int n = static_cast<int>(group.size());
  const int64_t bytes = PayloadBytes(value);
  std::vector<int64_t> sizes(static_cast<size_t>(n));
  XPAR_MPI_CALL(MPI_Allgather(&bytes, 1, MPI_INT64_T, sizes.data(), 1, MPI_INT64_T, comm));
  for (int64_t s : sizes) {
    if (s != bytes) {
      return Unimplemented("{} contributions of different sizes ({} and {} bytes) over MPI", kind,
                           s, bytes);
    }
  }
  std::vector<uint8_t> send = Flatten(value);
  std::vector<uint8_t> recv(static_cast<size_t>(bytes) * static_cast<size_t>(n));
  RETURN_IF_ERROR(
      ChunkedAllgather(send.data(), bytes, recv.data(), comm, options_.max_message_bytes));
  stats_.Add(kind, false, bytes, bytes * n);
  const Shape shape = value.shape();
  const int64_t my_rank = me - group.begin();
  auto all = std::make_shared<std::vector<Literal>>();
  all->reserve(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r) {
    if (r == my_rank) {
      all->push_back(std::move(value));
    } else {
      all->push_back(Unflatten(recv.data() + static_cast<size_t>(r) * bytes, shape));
    }
  }
  return std::shared_ptr<const std::vector<Literal>>(std::move(all));
}

Expected<std::optional<Literal>> MpiTransport::RunNative(const NativeCollective& call) {
  pending_kind_ = KindName(call.kind);
  if (call.device != rank_) return Internal("device {} runs on MPI rank {}", call.device, rank_);
  MpiWatchdog watch(Describe(pending_kind_, call.group), CollectiveTimeout());
  traffic_.Add(call.kind, CollectiveBytesSent(call));
  if (call.kind == Opcode::kCollectivePermute) return Permute(call);
  if (call.kind != Opcode::kAllReduce && call.kind != Opcode::kAllGather &&
      call.kind != Opcode::kReduceScatter && call.kind != Opcode::kAllToAll) {
    return std::optional<Literal>();
  }
  ASSIGN_OR_RETURN(MPI_Comm comm, GroupComm(call.group));
  if (call.kind == Opcode::kAllReduce) return AllReduce(call, comm);
  if (call.kind == Opcode::kAllGather) return AllGather(call, comm);
  if (call.kind == Opcode::kReduceScatter) return ReduceScatter(call, comm);
  return AllToAll(call, comm);
}

CollectiveTraffic MpiTransport::Traffic(int64_t device) const {
  return device == rank_ ? traffic_ : CollectiveTraffic{};
}

// MPI_Allreduce per operand when the reducer is a plain op MPI has for every operand's type. MPI
// combines in its own order (e.g. recursive doubling), not the interpreter's r0+r1+r2+...: floating
// sums and products may differ in the last bits, so deterministic mode declines them.
Expected<std::optional<Literal>> MpiTransport::AllReduce(const NativeCollective& call,
                                                         MPI_Comm comm) {
  if (call.inst->called().empty()) return std::optional<Literal>();
  const FastCombine k = ClassifyReducer(*call.inst->called()[0]);
  std::vector<MPI_Datatype> types(call.operands.size());
  std::vector<MPI_Op> ops(call.operands.size());
  for (size_t i = 0; i < call.operands.size(); ++i) {
    const Literal& x = *call.operands[i];
    if (!x.shape().IsArray() || !NativeReduction(x.type(), k, &types[i], &ops[i])) {
      return std::optional<Literal>();
    }
    if (options_.deterministic && IsFloating(x.type())) return std::optional<Literal>();
  }
  std::vector<Literal> outs;
  int64_t bytes = 0;
  for (size_t i = 0; i < call.operands.size(); ++i) {
    const Literal& x = *call.operands[i];
    Literal out = Literal::Uninitialized(x.shape());
    RETURN_IF_ERROR(ChunkedAllreduce(x.raw(), out.raw(), x.ElementCount(), types[i], ops[i],
                                     comm, options_.max_message_bytes));
    bytes += x.size_bytes();
    outs.push_back(std::move(out));
  }
  stats_.Add(pending_kind_, true, bytes, bytes);
  pending_kind_.clear();
  if (outs.size() == 1) return std::optional<Literal>(std::move(outs[0]));
  return std::optional<Literal>(Literal::Tuple(std::move(outs)));
}

// MPI_Allgather of one array operand of rank >= 1 (tuples and PyTorch/XLA's scalar tokens go
// through Exchange), then the [outer, n, chunk] interleave when the dimension is not major.
Expected<std::optional<Literal>> MpiTransport::AllGather(const NativeCollective& call,
                                                         MPI_Comm comm) {
  if (call.operands.size() != 1) return std::optional<Literal>();
  const Literal& x = *call.operands[0];
  const Shape& s = x.shape();
  if (!s.IsArray() || s.rank() == 0 || call.dimension < 0 || call.dimension >= s.rank()) {
    return std::optional<Literal>();
  }
  const int64_t n = static_cast<int64_t>(call.group.size());
  int64_t outer = 1;
  for (int64_t d = 0; d < call.dimension; ++d) outer *= s.dim(d);
  const int64_t max_bytes = options_.max_message_bytes;
  Shape out_shape(s.type(), s.dims());
  out_shape.mutable_dims()[call.dimension] = s.dim(call.dimension) * n;
  Literal out = Literal::Uninitialized(out_shape);
  if (outer == 1) {
    RETURN_IF_ERROR(ChunkedAllgather(x.raw(), x.size_bytes(), out.raw(), comm, max_bytes));
  } else {
    std::vector<uint8_t> tmp(static_cast<size_t>(x.size_bytes() * n));
    RETURN_IF_ERROR(ChunkedAllgather(x.raw(), x.size_bytes(), tmp.data(), comm, max_bytes));
    const int64_t block = x.size_bytes() / outer;  // one outer row of one member
    for (int64_t o = 0; o < outer; ++o) {
      for (int64_t r = 0; r < n; ++r) {
        std::memcpy(out.raw() + (o * n + r) * block, tmp.data() + r * x.size_bytes() + o * block,
                    static_cast<size_t>(block));
      }
    }
  }
  stats_.Add(pending_kind_, true, x.size_bytes(), out.size_bytes());
  pending_kind_.clear();
  return std::optional<Literal>(std::move(out));
}

// One MPI_Sendrecv: to the target of this device's pair, from the source whose pair names it
// (MPI_PROC_NULL where there is none; a device no pair targets gets zeros, as in XLA).
Expected<std::optional<Literal>> MpiTransport::Permute(const NativeCollective& call) {
  auto me = std::find(call.group.begin(), call.group.end(), call.device);
  if (me == call.group.end())
    return Internal("device {} is not in its permute domain", call.device);
  const int64_t my_id = me - call.group.begin();
  int dest = MPI_PROC_NULL, source = MPI_PROC_NULL;
  for (const auto& [s, t] : call.inst->attrs().source_target_pairs) {
    if (s == my_id) dest = static_cast<int>(call.group[t]);
    if (t == my_id) source = static_cast<int>(call.group[s]);
  }
  Literal packed;
  if (call.operands.size() == 1) {
    packed = *call.operands[0];
  } else {
    std::vector<Literal> elems;
    for (const Literal* op : call.operands) elems.push_back(*op);
    packed = Literal::Tuple(std::move(elems));
  }
  const int64_t bytes = PayloadBytes(packed);
  std::vector<uint8_t> send = Flatten(packed), recv(static_cast<size_t>(bytes));
  RETURN_IF_ERROR(ChunkedSendrecv(send.data(), recv.data(), bytes, dest, source, kPermuteTag, p2p_,
                                  options_.max_message_bytes));
  stats_.Add(pending_kind_, true, dest == MPI_PROC_NULL ? 0 : bytes,
             source == MPI_PROC_NULL ? 0 : bytes);
  pending_kind_.clear();
  if (source == MPI_PROC_NULL) return std::optional<Literal>(Literal(packed.shape()));
  return std::optional<Literal>(Unflatten(recv.data(), packed.shape()));
}

void MpiTransport::Abort(const Status& reason) {
  if (abort_reason_.ok()) abort_reason_ = reason;
  // Over a sub-communicator (a pipeline stage's ranks) the world rank is the one mpirun names.
  std::string group = world_size_ == size_ ? std::string()
                                           : fmt::format(" (rank {} of {} in its group)", rank_, size_);
  fmt::print(stderr, "xpar: MPI rank {} of {}{}: {}\n", world_rank_, world_size_, group,
             reason.ToString());
  std::fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
}

void CollectiveStats::Add(const std::string& kind, bool native, int64_t in, int64_t out) {
  Entry& e = by_kind[kind];
  ++e.calls;
  if (native) ++e.native_calls;
  e.bytes_in += in;
  e.bytes_out += out;
}

CollectiveStats CollectiveStats::SumOver(MPI_Comm comm) const {
  std::vector<int64_t> mine;
  for (const auto& [kind, e] : by_kind) {
    mine.insert(mine.end(), {e.calls, e.native_calls, e.bytes_in, e.bytes_out});
  }
  std::vector<int64_t> total(mine.size());
  // Statistics only: a failure leaves rank 0's totals at zero rather than failing the run.
  if (MPI_Reduce(mine.data(), total.data(), static_cast<int>(mine.size()), MPI_INT64_T, MPI_SUM, 0,
                 comm) != MPI_SUCCESS) {
    std::fill(total.begin(), total.end(), 0);
  }
  CollectiveStats out;
  size_t i = 0;
  for (const auto& [kind, e] : by_kind) {
    out.by_kind[kind] = {total[i], total[i + 1], total[i + 2], total[i + 3]};
    i += 4;
  }
  return out;
}

std::string CollectiveStats::ToString() const {
  std::string out;
  for (const auto& [kind, e] : by_kind) {
    out += fmt::format("  {:<20} calls={:<6} native={:<6} bytes_in={:<12} bytes_out={}\n", kind,
                       e.calls, e.native_calls, e.bytes_in, e.bytes_out);
  }
  return out;
}

}  // namespace xpar
