// Temporary-then-rename file writing (see atomic_file.h).
#include "io/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace xpar {
namespace {

// Writes of at least this size skip the buffer; smaller ones are gathered into it.
constexpr size_t kBufferBytes = size_t{4} << 20;

Status Errno(const char* what, const std::string& path) {
  return IoError("cannot {} '{}': {}", what, path, std::strerror(errno));
}

}  // namespace

AtomicFile::AtomicFile(std::string path, std::string temp, int fd)
    : path_(std::move(path)), temp_(std::move(temp)), fd_(fd) {
  buffer_.reserve(kBufferBytes);
}

Expected<std::unique_ptr<AtomicFile>> AtomicFile::Create(const std::string& path) {
  std::string temp = path + ".tmp.XXXXXX";
  int fd = mkstemp(temp.data());
  if (fd < 0) return Errno("create a temporary file for", path);
  // mkstemp makes the file private (0600); the target gets the usual 0666 less the umask.
  mode_t mask = umask(0);
  umask(mask);
  fchmod(fd, 0666 & ~mask);
  return std::unique_ptr<AtomicFile>(new AtomicFile(path, std::move(temp), fd));
}

AtomicFile::~AtomicFile() {
  if (fd_ >= 0) close(fd_);
  if (!committed_) unlink(temp_.c_str());
}

Status AtomicFile::Flush() {
  size_t done = 0;
  while (done < buffer_.size()) {
    ssize_t n = ::write(fd_, buffer_.data() + done, buffer_.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Errno("write", path_);
    done += static_cast<size_t>(n);
  }
  buffer_.clear();
  return Status::Ok();
}

Status AtomicFile::Write(const void* data, size_t size) {
  const char* p = static_cast<const char*>(data);
  offset_ += size;
  if (buffer_.size() + size <= kBufferBytes) {
    buffer_.insert(buffer_.end(), p, p + size);
    return Status::Ok();
  }
  RETURN_IF_ERROR(Flush());
  if (size < kBufferBytes) {
    buffer_.insert(buffer_.end(), p, p + size);
    return Status::Ok();
  }
  while (size > 0) {
    ssize_t n = ::write(fd_, p, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Errno("write", path_);
    p += n;
    size -= static_cast<size_t>(n);
  }
  return Status::Ok();
}

Status AtomicFile::Patch(uint64_t offset, std::string_view bytes) {
  if (offset + bytes.size() > offset_) {
    return Internal("patch of {} bytes at {} past the {} written", bytes.size(), offset, offset_);
  }
  const uint64_t flushed = offset_ - buffer_.size();
  if (offset >= flushed) {  // still in the buffer
    std::memcpy(buffer_.data() + (offset - flushed), bytes.data(), bytes.size());
    return Status::Ok();
  }
  RETURN_IF_ERROR(Flush());
  if (pwrite(fd_, bytes.data(), bytes.size(), static_cast<off_t>(offset)) !=
      static_cast<ssize_t>(bytes.size())) {
    return Errno("write", path_);
  }
  return Status::Ok();
}

Status AtomicFile::Commit() {
  RETURN_IF_ERROR(Flush());
  if (fsync(fd_) != 0) return Errno("sync", path_);
  if (close(fd_) != 0) {
    fd_ = -1;
    return Errno("close", path_);
  }
  fd_ = -1;
  if (std::rename(temp_.c_str(), path_.c_str()) != 0) return Errno("rename onto", path_);
  committed_ = true;
  return Status::Ok();
}

}  // namespace xpar
