// Every device's result of one run, handed to rank 0 one piece at a time, so rank 0 never holds
// all of them at once (a BERT step's outputs on 4 ranks are several GB). In one process (threads)
// the results are already in memory; under MPI each other rank sends its result to rank 0 leaf by
// leaf (array leaves depth first, in pieces of at most max_message_bytes) and rank 0 receives a
// device or an output at a time as the consumer asks for it.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "ir/literal.h"
#include "runtime/mpi/mpi_transport.h"
#include "support/status.h"

namespace xpar {

class DeviceResults {
 public:
  using DeviceFn = std::function<Status(int64_t device, Literal result)>;
  // `output`: the root tuple's element k on every device (device order); the whole result as
  // output 0 when the root is not a tuple.
  using OutputFn = std::function<Status(size_t output, std::vector<Literal> per_device)>;

  // Results already in memory, one per device.
  static DeviceResults InMemory(std::vector<Literal> per_device);
  // Rank 0 of an MPI run: its own result; the other ranks' come over `transport` when asked for
  // (they call SendResultToRoot). Finalises MPI once consumed.
  static DeviceResults MpiRoot(Literal mine, std::unique_ptr<MpiTransport> transport);

  DeviceResults(DeviceResults&&) noexcept;
  DeviceResults& operator=(DeviceResults&&) noexcept;
  // Unconsumed MPI results are received and dropped first, so the other ranks never wait forever.
  ~DeviceResults();

  int64_t num_devices() const { return num_devices_; }
  // Each consumes the results: call one of them once. A failing fn stops further calls of fn
  // (under MPI the remaining pieces are still received and dropped) and its status is returned.
  Status ForEachDevice(const DeviceFn& fn);
  Status ForEachOutput(const OutputFn& fn);

 private:
  DeviceResults() = default;
  void Finish();

  std::vector<Literal> in_memory_;  // every device's (threads), or rank 0's own (MPI)
  std::unique_ptr<MpiTransport> transport_;
  int64_t num_devices_ = 0;
  bool consumed_ = false;
};

// Every rank but 0 of an MPI run: sends `mine` to rank 0 in the order DeviceResults receives it.
Status SendResultToRoot(const Literal& mine, const MpiTransport& transport);
// Rank 0: receives a result of `shape` sent by SendResultToRoot on rank `source`. A size that does
// not match (not one SPMD program) or a failed call MPI_Aborts every rank, since the sender would
// otherwise wait forever.
Literal ReceiveResultFromRank(MpiTransport& transport, int source, const Shape& shape);

}  // namespace xpar
