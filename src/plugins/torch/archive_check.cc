// CheckPickleLengths walks the pickle opcodes by the size of their argument (Python's
// pickletools); CheckArchiveRecords reads every record once through libzip and checks it.
#include "plugins/torch/archive_check.h"

#include <fmt/format.h>
#include <zip.h>

#include <cstdio>
#include <cstring>
#include <string_view>

#include "plugins/torch/code_check.h"

namespace xpar::ts {
namespace {

// Opcodes without an argument.
constexpr std::string_view kNoArgument =
    "(.012NQRabde}]l)ostu\x81\x85\x86\x87\x88\x89\x8f\x90\x91\x92\x93\x94\x97\x98";

uint64_t LittleEndian(const uint8_t* p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

// The fixed argument size of an opcode (bytes after the opcode), -1 when it has none of its own.
int FixedSize(uint8_t op) {
  switch (op) {
    case 'K': case 'q': case 'h': case 0x80: case 0x82: return 1;
    case 'M': case 0x83: return 2;
    case 'J': case 'r': case 'j': case 0x84: return 4;
    case 'G': case 0x95: return 8;
    default: return -1;
  }
}

// The size of the length prefix of an opcode followed by that many bytes, 0 for other opcodes.
int LengthPrefix(uint8_t op) {
  switch (op) {
    case 'U': case 'C': case 0x8c: case 0x8a: return 1;
    case 'T': case 'B': case 'X': case 0x8b: return 4;
    case 0x8d: case 0x8e: case 0x96: return 8;
    default: return 0;
  }
}

// Opcodes whose argument is one line (two for GLOBAL and INST).
int Lines(uint8_t op) {
  switch (op) {
    case 'I': case 'L': case 'S': case 'V': case 'F': case 'p': case 'g': case 'P': return 1;
    case 'c': case 'i': return 2;
    default: return 0;
  }
}

}  // namespace

std::string CheckPickleLengths(const uint8_t* data, size_t size) {
  size_t at = 0;
  while (at < size) {
    const uint8_t op = data[at];
    const size_t start = at++;
    if (op == '.') return "";  // STOP
    if (kNoArgument.find(static_cast<char>(op)) != std::string_view::npos) continue;
    if (int fixed = FixedSize(op); fixed > 0) {
      if (size - at < static_cast<size_t>(fixed)) {
        return fmt::format("opcode 0x{:02x} at offset {} is cut off", op, start);
      }
      at += fixed;
      continue;
    }
    if (int prefix = LengthPrefix(op); prefix > 0) {
      if (size - at < static_cast<size_t>(prefix)) {
        return fmt::format("opcode 0x{:02x} at offset {} is cut off", op, start);
      }
      const uint64_t length = LittleEndian(data + at, prefix);
      at += prefix;
      if (length > size - at) {
        return fmt::format("a {}-byte value at offset {} with {} bytes left", length, start,
                           size - at);
      }
      at += length;
      continue;
    }
    if (int lines = Lines(op); lines > 0) {
      for (int l = 0; l < lines; ++l) {
        const void* nl = std::memchr(data + at, '\n', size - at);
        if (nl == nullptr) return fmt::format("opcode 0x{:02x} at offset {} is cut off", op, start);
        at = static_cast<size_t>(static_cast<const uint8_t*>(nl) - data) + 1;
      }
      continue;
    }
    return "";  // an opcode this check does not know: libtorch judges it
  }
  return "";
}

std::string CheckArchiveRecords(const std::string& path) {
  int err = 0;
  zip_t* zip = zip_open(path.c_str(), ZIP_RDONLY | ZIP_CHECKCONS, &err);
  if (zip == nullptr) {
    // A file that cannot be read at all: libtorch says so. Anything else libzip cannot open is
    // damaged, whatever libzip's code: libtorch's own reader (miniz) opened such files (a
    // zip64 directory libzip calls "no such file", a record whose local header is not where
    // the directory says, which its consistency check calls "not a zip archive") and read
    // their records unchecked (a pickle claiming 4 GB; a SIGSEGV in the type parser).
    if (FILE* f = std::fopen(path.c_str(), "rb")) {
      std::fclose(f);
    } else {
      return "";
    }
    int plain_err = 0;
    zip_t* plain = zip_open(path.c_str(), ZIP_RDONLY, &plain_err);
    if (plain != nullptr) zip_discard(plain);
    zip_error_t error;
    zip_error_init_with_code(&error, err);
    std::string damage =
        plain != nullptr
            ? fmt::format("its zip archive is inconsistent (libzip's check: {})",
                          zip_error_strerror(&error))
            : fmt::format("its zip archive is unreadable (libzip: {})", zip_error_strerror(&error));
    zip_error_fini(&error);
    return damage;
  }
  std::string damage;
  const zip_int64_t n = zip_get_num_entries(zip, 0);
  for (zip_int64_t i = 0; i < n && damage.empty(); ++i) {
    zip_stat_t st;
    if (zip_stat_index(zip, i, 0, &st) != 0 || st.name == nullptr) continue;
    std::string_view name = st.name;
    const bool pickle = name.ends_with(".pkl") || name.ends_with(".debug_pkl");
    const bool source = name.ends_with(".py");
    if (size_t slash = name.find('/'); slash != std::string_view::npos) {
      name.remove_prefix(slash + 1);  // libtorch's record names leave out the top folder
    }
    // Every record is read through once, so that libzip checks it decompresses and matches its
    // CRC: libtorch parses damaged code records (and crashed in its type parser on one) and
    // reads damaged tensor data as numbers. Pickles are kept for the length check; they are read
    // as the data comes, so the size the archive claims is not allocated up front.
    // The size read must be the size the directory states: libtorch's reader allocates that
    // size and decompresses into it, so a record of 350 bytes that claims 1 GB gave libtorch's
    // lexer a gigabyte of zeros to scan (a fuzz finding: 6.4 GB and 19 s), with a CRC that
    // still matched the 350 bytes libzip reads.
    std::string bytes;
    zip_file_t* f = zip_fopen_index(zip, i, 0);
    zip_int64_t got = -1;
    uint64_t total = 0;
    if (f != nullptr) {
      char chunk[1 << 16];
      while ((got = zip_fread(f, chunk, sizeof chunk)) > 0) {
        total += static_cast<uint64_t>(got);
        if (pickle || source) bytes.append(chunk, got);
      }
    }
    if (f == nullptr || got < 0) {
      const char* why = zip_strerror(zip);
      if (f != nullptr) why = zip_file_strerror(f);
      damage = fmt::format("its record '{}' does not read back intact: {}", name, why);
    } else if ((st.valid & ZIP_STAT_SIZE) && total != st.size) {
      damage = fmt::format("its record '{}' holds {} bytes where the archive says {}", name, total,
                           static_cast<uint64_t>(st.size));
    } else if (pickle) {
      std::string lengths =
          CheckPickleLengths(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      if (!lengths.empty()) damage = fmt::format("its record '{}' holds {}", name, lengths);
    } else if (source) {
      std::string why = CheckClassBodies(bytes);
      if (!why.empty()) damage = fmt::format("its record '{}', {}", name, why);
    }
    if (f != nullptr) zip_fclose(f);
  }
  zip_discard(zip);
  return damage;
}

}  // namespace xpar::ts
