#include "plugins/torch/record_allocator.h"

#include <c10/core/CPUAllocator.h>
#include <c10/core/impl/alloc_cpu.h>

namespace xpar::ts {
namespace {

std::mutex& SizesMutex() {
  static std::mutex mutex;
  return mutex;
}

std::unordered_map<const void*, size_t>& Sizes() {
  static auto* sizes = new std::unordered_map<const void*, size_t>();  // outlives static teardown
  return *sizes;
}

RecordingCpuAllocator& Instance() {
  static RecordingCpuAllocator allocator;
  return allocator;
}

}  // namespace

c10::DataPtr RecordingCpuAllocator::allocate(size_t bytes) const {
  void* data = c10::alloc_cpu(bytes);  // null for 0 bytes, as libtorch's own allocator gives
  if (data != nullptr) {
    std::lock_guard<std::mutex> lock(SizesMutex());
    Sizes()[data] = bytes;
  }
  return {data, data, &Free, c10::Device(c10::DeviceType::CPU)};
}

void RecordingCpuAllocator::Free(void* data) {
  if (data == nullptr) return;
  {
    std::lock_guard<std::mutex> lock(SizesMutex());
    Sizes().erase(data);
  }
  c10::free_cpu(data);
}

std::optional<size_t> RecordingCpuAllocator::BytesAt(const void* data) {
  std::lock_guard<std::mutex> lock(SizesMutex());
  auto it = Sizes().find(data);
  if (it == Sizes().end()) return std::nullopt;
  return it->second;
}

ScopedRecordingCpuAllocator::ScopedRecordingCpuAllocator() : previous_(c10::GetCPUAllocator()) {
  // Priority 0 is that of libtorch's default allocator, so either can replace the other.
  c10::SetCPUAllocator(&Instance(), 0);
}

ScopedRecordingCpuAllocator::~ScopedRecordingCpuAllocator() { c10::SetCPUAllocator(previous_, 0); }

}  // namespace xpar::ts
