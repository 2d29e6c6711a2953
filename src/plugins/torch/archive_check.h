// Checks of a TorchScript archive's records before libtorch reads them. Pickles: a bound check of
// their length-prefixed arguments, because libtorch's unpickler allocates (and fills) a string or
// bytes value of the length its opcode claims before reading it, so a damaged 1 KiB file can make
// it allocate gigabytes. A pickle whose argument claims more bytes than follow it is damaged. The records are
// read with libzip, which checks that they decompress and match their CRC: libtorch's own
// reader hands back a damaged record's buffer without error, its tail never written.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace xpar::ts {

// Walks the opcodes of `data` (protocols 0-5) up to STOP or an opcode it does not know (libtorch
// judges the rest). Empty: every length-prefixed argument fits; otherwise what claims too much,
// e.g. "a 3435973836-byte string at offset 17 with 811 bytes left".
std::string CheckPickleLengths(const uint8_t* data, size_t size);

// Every record of the TorchScript archive at `path`, read with libzip (which checks that it
// decompresses and matches its CRC), the pickles (.pkl, .debug_pkl) also checked by
// CheckPickleLengths and the sources (code/*.py) by CheckClassBodies (code_check.h). Empty: all sound, or `path` is no zip archive or cannot be opened
// (libtorch says what it is); otherwise what is damaged, e.g. "its zip archive is unreadable:
// Zip archive inconsistent" or "its record 'code/m.py' does not read back intact: CRC error"
// (names as libtorch lists them, without the archive's top folder).
std::string CheckArchiveRecords(const std::string& path);

}  // namespace xpar::ts
