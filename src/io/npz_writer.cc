// The zip container of NpzWriter (see npz_writer.h), written directly: stored members only, so
// each is a local header, the .npy bytes and, at the end, a central directory entry (PKWARE
// APPNOTE 4.3; ZIP64 extra field 0x0001 and end records 4.3.14-4.3.15).
#include "io/npz_writer.h"

#include <zlib.h>

#include <algorithm>
#include <climits>
#include <ctime>

#include "io/npy.h"

namespace xpar {
namespace {

constexpr uint32_t kLocalSignature = 0x04034b50;
constexpr uint32_t kCentralSignature = 0x02014b50;
constexpr uint32_t kEndSignature = 0x06054b50;
constexpr uint32_t kZip64EndSignature = 0x06064b50;
constexpr uint32_t kZip64LocatorSignature = 0x07064b50;
constexpr uint16_t kZip64ExtraTag = 0x0001;
constexpr uint16_t kVersionStored = 20;  // 2.0: what a reader needs for stored members
constexpr uint16_t kVersionZip64 = 45;   // 4.5: ZIP64
constexpr uint16_t kMadeByUnix = 3 << 8;
constexpr uint16_t kUtf8NameFlag = 1 << 11;
constexpr uint32_t kMax32 = 0xffffffffu;
constexpr uint16_t kMax16 = 0xffff;
constexpr uint32_t kUnixFileMode = 0100644;  // regular file, rw-r--r--

void Put16(std::string& out, uint16_t v) {
  out.push_back(static_cast<char>(v & 0xff));
  out.push_back(static_cast<char>(v >> 8));
}
void Put32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
void Put64(std::string& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

uint16_t NameFlags(const std::string& name) {
  for (unsigned char c : name) {
    if (c >= 0x80) return kUtf8NameFlag;
  }
  return 0;
}

// zlib's crc32 takes a uInt length: feed it in pieces.
uint32_t Crc32(uint32_t crc, const void* data, size_t size) {
  const Bytef* p = static_cast<const Bytef*>(data);
  uLong c = crc;
  while (size > 0) {
    const uInt n = static_cast<uInt>(std::min<size_t>(size, UINT_MAX));
    c = crc32(c, p, n);
    p += n;
    size -= n;
  }
  return static_cast<uint32_t>(c);
}

}  // namespace

NpzWriter::NpzWriter(std::unique_ptr<AtomicFile> file, NpzWriterOptions options)
    : file_(std::move(file)), options_(options) {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  dos_time_ = static_cast<uint16_t>((local.tm_hour << 11) | (local.tm_min << 5) | (local.tm_sec / 2));
  dos_date_ = static_cast<uint16_t>(((std::max(local.tm_year, 80) - 80) << 9) |
                                    ((local.tm_mon + 1) << 5) | local.tm_mday);
}

Expected<std::unique_ptr<NpzWriter>> NpzWriter::Create(const std::string& path,
                                                       NpzWriterOptions options) {
  ASSIGN_OR_RETURN(std::unique_ptr<AtomicFile> file, AtomicFile::Create(path));
  return std::unique_ptr<NpzWriter>(new NpzWriter(std::move(file), options));
}

bool NpzWriter::MemberNeedsZip64(const Member& m) const {
  return options_.force_zip64 || m.size >= kMax32;
}

Status NpzWriter::Add(const std::string& name, const Literal& value) {
  if (!value.shape().IsArray()) return InvalidArgument("npz member '{}' is not an array", name);
  Member m{name + ".npy", 0, 0, file_->offset()};
  const std::string npy_header = EncodeNpyHeader(value);
  m.size = npy_header.size() + static_cast<uint64_t>(NpyDataBytes(value));
  const bool zip64 = MemberNeedsZip64(m);
  std::string local;
  Put32(local, kLocalSignature);
  Put16(local, zip64 ? kVersionZip64 : kVersionStored);
  Put16(local, NameFlags(m.name));
  Put16(local, 0);  // stored
  Put16(local, dos_time_);
  Put16(local, dos_date_);
  Put32(local, 0);  // CRC-32, patched once the data has passed
  Put32(local, zip64 ? kMax32 : static_cast<uint32_t>(m.size));
  Put32(local, zip64 ? kMax32 : static_cast<uint32_t>(m.size));
  Put16(local, static_cast<uint16_t>(m.name.size()));
  Put16(local, zip64 ? 20 : 0);
  local += m.name;
  if (zip64) {
    Put16(local, kZip64ExtraTag);
    Put16(local, 16);
    Put64(local, m.size);
    Put64(local, m.size);
  }
  RETURN_IF_ERROR(file_->Write(local));
  uint32_t crc = Crc32(0, npy_header.data(), npy_header.size());
  RETURN_IF_ERROR(file_->Write(npy_header));
  RETURN_IF_ERROR(StreamNpyData(value, [&](const void* data, size_t size) {
    crc = Crc32(crc, data, size);
    return file_->Write(data, size);
  }));
  m.crc = crc;
  std::string crc_bytes;
  Put32(crc_bytes, crc);
  constexpr uint64_t kCrcOffset = 14;  // signature, version, flags, method, time, date
  RETURN_IF_ERROR(file_->Patch(m.offset + kCrcOffset, crc_bytes));
  members_.push_back(std::move(m));
  return Status::Ok();
}

std::string NpzWriter::CentralHeader(const Member& m) const {
  const bool big_size = MemberNeedsZip64(m);
  const bool big_offset = options_.force_zip64 || m.offset >= kMax32;
  std::string extra;
  if (big_size || big_offset) {
    Put16(extra, kZip64ExtraTag);
    Put16(extra, static_cast<uint16_t>((big_size ? 16 : 0) + (big_offset ? 8 : 0)));
    if (big_size) {
      Put64(extra, m.size);
      Put64(extra, m.size);
    }
    if (big_offset) Put64(extra, m.offset);
  }
  const uint16_t version = extra.empty() ? kVersionStored : kVersionZip64;
  std::string out;
  Put32(out, kCentralSignature);
  Put16(out, kMadeByUnix | version);
  Put16(out, version);
  Put16(out, NameFlags(m.name));
  Put16(out, 0);  // stored
  Put16(out, dos_time_);
  Put16(out, dos_date_);
  Put32(out, m.crc);
  Put32(out, big_size ? kMax32 : static_cast<uint32_t>(m.size));
  Put32(out, big_size ? kMax32 : static_cast<uint32_t>(m.size));
  Put16(out, static_cast<uint16_t>(m.name.size()));
  Put16(out, static_cast<uint16_t>(extra.size()));
  Put16(out, 0);  // comment
  Put16(out, 0);  // disk
  Put16(out, 0);  // internal attributes
  Put32(out, kUnixFileMode << 16);
  Put32(out, big_offset ? kMax32 : static_cast<uint32_t>(m.offset));
  return out + m.name + extra;
}

Status NpzWriter::WriteEnd(uint64_t cd_offset, uint64_t cd_size) {
  const uint64_t count = members_.size();
  const bool zip64 = options_.force_zip64 || count >= kMax16 || cd_offset >= kMax32 ||
                     cd_size >= kMax32;
  std::string out;
  if (zip64) {
    const uint64_t record_offset = file_->offset();
    Put32(out, kZip64EndSignature);
    Put64(out, 44);  // the record's size after this field
    Put16(out, kMadeByUnix | kVersionZip64);
    Put16(out, kVersionZip64);
    Put32(out, 0);  // this disk
    Put32(out, 0);  // the disk with the central directory
    Put64(out, count);
    Put64(out, count);
    Put64(out, cd_size);
    Put64(out, cd_offset);
    Put32(out, kZip64LocatorSignature);
    Put32(out, 0);
    Put64(out, record_offset);
    Put32(out, 1);  // disks in all
  }
  // Values that fit are written as they are (readers compare them with the ZIP64 record).
  Put32(out, kEndSignature);
  Put16(out, 0);
  Put16(out, 0);
  Put16(out, count >= kMax16 ? kMax16 : static_cast<uint16_t>(count));
  Put16(out, count >= kMax16 ? kMax16 : static_cast<uint16_t>(count));
  Put32(out, cd_size >= kMax32 ? kMax32 : static_cast<uint32_t>(cd_size));
  Put32(out, cd_offset >= kMax32 ? kMax32 : static_cast<uint32_t>(cd_offset));
  Put16(out, 0);  // comment
  return file_->Write(out);
}

Status NpzWriter::Finish() {
  const uint64_t cd_offset = file_->offset();
  for (const Member& m : members_) RETURN_IF_ERROR(file_->Write(CentralHeader(m)));
  RETURN_IF_ERROR(WriteEnd(cd_offset, file_->offset() - cd_offset));
  return file_->Commit();
}

}  // namespace xpar
