// Streaming .npz writer in NumPy's savez layout: one stored (uncompressed) zip member NAME.npy per
// array, written straight to a temporary file beside the target (no whole-archive buffer) and
// renamed into place by Finish. ZIP64 records are used where a member or the archive passes 4 GiB.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "io/atomic_file.h"
#include "ir/literal.h"
#include "support/status.h"

namespace xpar {

struct NpzWriterOptions {
  // Writes every member and the end record in ZIP64 form, as archives past 4 GiB need; lets
  // tests check that form on small files.
  bool force_zip64 = false;
};

class NpzWriter {
 public:
  static Expected<std::unique_ptr<NpzWriter>> Create(const std::string& path,
                                                     NpzWriterOptions options = {});
  // Appends NAME.npy (bf16 and the f8/f6/f4 types widened to float32, as EncodeNpy does).
  Status Add(const std::string& name, const Literal& value);
  // Writes the central directory and renames the file into place. Without a successful Finish
  // (an error, or the writer destroyed early) no file is left at the target path.
  Status Finish();

 private:
  struct Member {
    std::string name;  // NAME.npy
    uint32_t crc = 0;
    uint64_t size = 0, offset = 0;
  };
  NpzWriter(std::unique_ptr<AtomicFile> file, NpzWriterOptions options);
  bool MemberNeedsZip64(const Member& m) const;
  std::string CentralHeader(const Member& m) const;
  Status WriteEnd(uint64_t cd_offset, uint64_t cd_size);

  std::unique_ptr<AtomicFile> file_;
  NpzWriterOptions options_;
  std::vector<Member> members_;
  uint16_t dos_time_ = 0, dos_date_ = 0;
};

}  // namespace xpar
