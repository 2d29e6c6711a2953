// Results handed to rank 0 one device or one output at a time (see device_results.h).
#include "runtime/mpi/device_results.h"

#include "runtime/mpi/mpi_ops.h"
#include "runtime/mpi/mpi_runtime.h"

namespace xpar {
namespace {

constexpr int kResultTag = 21;

// The array leaves of `value`, depth first.
void Leaves(Literal& value, std::vector<Literal*>& out) {
  if (!value.shape().IsTuple()) {
    out.push_back(&value);
    return;
  }
  for (Literal& e : value.elements()) Leaves(e, out);
}

// Splits a result into its outputs (root tuple elements), or the whole as one output.
std::vector<Literal> Outputs(Literal result) {
  if (!result.shape().IsTuple()) {
    std::vector<Literal> one;
    one.push_back(std::move(result));
    return one;
  }
  return std::move(result.elements());
}

Status SendLeaves(const Literal& value, MPI_Comm comm, int64_t max_bytes) {
  if (value.shape().IsTuple()) {
    for (const Literal& e : value.elements()) RETURN_IF_ERROR(SendLeaves(e, comm, max_bytes));
    return Status::Ok();
  }
  const int64_t bytes = value.size_bytes();
  XPAR_MPI_CALL(MPI_Send(&bytes, 1, MPI_INT64_T, 0, kResultTag, comm));
  return ChunkedSend(value.raw(), bytes, 0, kResultTag, comm, max_bytes);
}

}  // namespace

DeviceResults DeviceResults::InMemory(std::vector<Literal> per_device) {
  DeviceResults r;
  r.num_devices_ = static_cast<int64_t>(per_device.size());
  r.in_memory_ = std::move(per_device);
  return r;
}

DeviceResults DeviceResults::MpiRoot(Literal mine, std::unique_ptr<MpiTransport> transport) {
  DeviceResults r;
  r.num_devices_ = transport->size();
  r.in_memory_.push_back(std::move(mine));
  r.transport_ = std::move(transport);
  return r;
}

DeviceResults::DeviceResults(DeviceResults&&) noexcept = default;
DeviceResults& DeviceResults::operator=(DeviceResults&&) noexcept = default;

DeviceResults::~DeviceResults() {
  if (transport_ && !consumed_) {
    (void)ForEachDevice([](int64_t, Literal) { return Status::Ok(); });
  }
}

void DeviceResults::Finish() {
  consumed_ = true;
  if (!transport_) return;
  transport_.reset();
  FinalizeMpi();
}

Status DeviceResults::ForEachDevice(const DeviceFn& fn) {
  const Shape shape = in_memory_.empty() ? Shape() : in_memory_[0].shape();  // before moving it
  Status status;
  for (int64_t d = 0; d < num_devices_; ++d) {
    Literal result;
    if (transport_ && d > 0) {
      result = ReceiveResultFromRank(*transport_, static_cast<int>(d), shape);
    } else {
      result = std::move(in_memory_[d]);
    }
    if (status.ok()) status = fn(d, std::move(result));
  }
  Finish();
  return status;
}

Status DeviceResults::ForEachOutput(const OutputFn& fn) {
  std::vector<std::vector<Literal>> mine;  // [device][output], in memory only
  for (Literal& r : in_memory_) mine.push_back(Outputs(std::move(r)));
  in_memory_.clear();
  Status status;
  for (size_t k = 0; k < mine[0].size(); ++k) {
    const Shape shape = mine[0][k].shape();  // before moving it
    std::vector<Literal> per_device;
    for (int64_t d = 0; d < num_devices_; ++d) {
      if (transport_ && d > 0) {
        per_device.push_back(
            ReceiveResultFromRank(*transport_, static_cast<int>(d), shape));
      } else {
        per_device.push_back(std::move(mine[d][k]));
      }
    }
    if (status.ok()) status = fn(k, std::move(per_device));
  }
  Finish();
  return status;
}

Status SendResultToRoot(const Literal& mine, const MpiTransport& transport) {
  return SendLeaves(mine, transport.comm(), transport.options().max_message_bytes);
}

Literal ReceiveResultFromRank(MpiTransport& transport, int source, const Shape& shape) {
  Literal value = shape.IsTuple() ? Literal(shape) : Literal::Uninitialized(shape);
  std::vector<Literal*> leaves;
  Leaves(value, leaves);
  for (Literal* leaf : leaves) {
    int64_t bytes = 0;
    int rc = MPI_Recv(&bytes, 1, MPI_INT64_T, source, kResultTag, transport.comm(),
                      MPI_STATUS_IGNORE);
    if (rc != MPI_SUCCESS) transport.Abort(MpiError(rc, "MPI_Recv of a result size"));
    if (bytes != leaf->size_bytes()) {
      transport.Abort(Internal("device {} sent a result leaf of {} bytes, device 0 has {}", source,
                               bytes, leaf->size_bytes()));
    }
    Status s = ChunkedRecv(leaf->raw(), bytes, source, kResultTag, transport.comm(),
                           transport.options().max_message_bytes);
    if (!s.ok()) transport.Abort(s);
  }
  return value;
}

}  // namespace xpar
