// libtorch 1.13 builds each tensor storage of a TorchScript file with the byte size its pickle
// states (element count x element size) around the buffer it read from the storage's record,
// whatever that record's size: a record shorter than the pickle says (down to an empty one,
// whose buffer is null) leaves a storage that claims bytes it does not have, and reading the
// tensor reads past the buffer. RecordingCpuAllocator, installed as libtorch's CPU allocator
// while a file loads, remembers how many bytes each live buffer really holds, so a storage's
// claim can be checked against its buffer (ts_load.cc).
#pragma once

#include <c10/core/Allocator.h>

#include <cstddef>
#include <mutex>
#include <optional>
#include <unordered_map>

namespace xpar::ts {

class RecordingCpuAllocator final : public c10::Allocator {
 public:
  c10::DataPtr allocate(size_t bytes) const override;
  c10::DeleterFnPtr raw_deleter() const override { return &Free; }

  // The size allocated for the buffer at `data`, if this allocator made it and it is live.
  static std::optional<size_t> BytesAt(const void* data);

 private:
  static void Free(void* data);
};

// Makes a RecordingCpuAllocator libtorch's CPU allocator for the scope, then puts back the one
// that was there. Buffers allocated in the scope stay recorded until freed.
class ScopedRecordingCpuAllocator {
 public:
  ScopedRecordingCpuAllocator();
  ~ScopedRecordingCpuAllocator();
  ScopedRecordingCpuAllocator(const ScopedRecordingCpuAllocator&) = delete;
  ScopedRecordingCpuAllocator& operator=(const ScopedRecordingCpuAllocator&) = delete;

 private:
  c10::Allocator* previous_;
};

}  // namespace xpar::ts
