// A file written through a temporary beside it and renamed into place at Commit, so a reader
// never sees a half-written file and a failed write leaves nothing behind. Writes are buffered;
// bytes already written can be patched in place (a zip member's CRC once its data has passed).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "support/status.h"

namespace xpar {

class AtomicFile {
 public:
  // Creates PATH.tmp.XXXXXX in PATH's folder.
  static Expected<std::unique_ptr<AtomicFile>> Create(const std::string& path);
  // Removes the temporary file unless Commit succeeded.
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  Status Write(const void* data, size_t size);
  Status Write(std::string_view bytes) { return Write(bytes.data(), bytes.size()); }
  // Overwrites bytes at `offset` (< offset()) with `bytes`.
  Status Patch(uint64_t offset, std::string_view bytes);
  // Bytes written so far.
  uint64_t offset() const { return offset_; }
  // Flushes, syncs and renames the temporary over the target.
  Status Commit();

 private:
  AtomicFile(std::string path, std::string temp, int fd);
  Status Flush();

  std::string path_, temp_;
  int fd_ = -1;
  uint64_t offset_ = 0;  // bytes written, buffered ones included
  std::vector<char> buffer_;
  bool committed_ = false;
};

}  // namespace xpar
