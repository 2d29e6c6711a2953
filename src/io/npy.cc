// .npy encoding: "\x93NUMPY", version, header length, a Python dict literal, raw data.
#include "io/npy.h"

#include <fmt/format.h>

#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <cstring>

#include "support/memory_limit.h"

namespace xpar {
namespace {

struct NpyType {
  const char* descr;
  PrimitiveType type;
};
constexpr NpyType kTypes[] = {
    {"|b1", PrimitiveType::kPred}, {"|i1", PrimitiveType::kS8},  {"<i2", PrimitiveType::kS16},
    {"<i4", PrimitiveType::kS32},  {"<i8", PrimitiveType::kS64}, {"|u1", PrimitiveType::kU8},
    {"<u2", PrimitiveType::kU16},  {"<u4", PrimitiveType::kU32}, {"<u8", PrimitiveType::kU64},
    {"<f2", PrimitiveType::kF16},  {"<f4", PrimitiveType::kF32}, {"<f8", PrimitiveType::kF64},
};

// bf16 and the f8/f6/f4 formats have no NumPy dtype; each of their values is an f32.
bool NeedsWidening(PrimitiveType t) { return t == PrimitiveType::kBF16 || IsMinifloat(t); }

// Finds `'key': ` in the header dict and returns the text after it.
std::string_view After(std::string_view header, std::string_view key) {
  size_t p = header.find(fmt::format("'{}'", key));
  if (p == std::string_view::npos) return {};
  p = header.find(':', p);
  if (p == std::string_view::npos) return {};
  std::string_view rest = header.substr(p + 1);
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  return rest;
}

}  // namespace

const char* NpyDescrOf(PrimitiveType t) {
  for (const NpyType& n : kTypes) {
    if (n.type == t) return n.descr;
  }
  return nullptr;
}

std::optional<PrimitiveType> TypeOfNpyDescr(std::string_view descr) {
  for (const NpyType& n : kTypes) {
    if (descr == n.descr) return n.type;
  }
  return std::nullopt;
}

std::string EncodeNpyHeader(const Literal& value) {
  const PrimitiveType type = NeedsWidening(value.type()) ? PrimitiveType::kF32 : value.type();
  // Python tuple syntax: "()", "(2,)", "(2, 3)".
  std::string shape = fmt::format("{}", fmt::join(value.shape().dims(), ", "));
  if (value.shape().rank() == 1) shape += ",";
  std::string header = fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': ({}), }}",
                                   NpyDescrOf(type), shape);
  // Pad so that magic(6) + version(2) + length(2) + header + '\n' is a multiple of 64.
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header.push_back('\n');
  std::string out("\x93NUMPY\x01\x00", 8);
  uint16_t len = static_cast<uint16_t>(header.size());
  out.push_back(static_cast<char>(len & 0xff));
  out.push_back(static_cast<char>(len >> 8));
  out += header;
  return out;
}

int64_t NpyDataBytes(const Literal& value) {
  return NeedsWidening(value.type()) ? value.ElementCount() * 4 : value.size_bytes();
}

Status StreamNpyData(const Literal& value,
                     const std::function<Status(const void* data, size_t size)>& sink) {
  if (!NeedsWidening(value.type())) {
    return sink(value.raw(), static_cast<size_t>(value.size_bytes()));
  }
  // Widened in pieces, so a large bf16 output never exists twice in memory.
  constexpr int64_t kPiece = int64_t{1} << 20;
  std::vector<float> piece(static_cast<size_t>(std::min(kPiece, value.ElementCount())));
  const bool bf16 = value.type() == PrimitiveType::kBF16;
  const uint16_t* bits = reinterpret_cast<const uint16_t*>(value.raw());
  for (int64_t first = 0; first < value.ElementCount(); first += kPiece) {
    const int64_t n = std::min(kPiece, value.ElementCount() - first);
    for (int64_t i = 0; i < n; ++i) {
      piece[i] = bf16 ? Bf16BitsToFloat(bits[first + i])
                      : static_cast<float>(value.GetAsDouble(first + i));
    }
    RETURN_IF_ERROR(sink(piece.data(), static_cast<size_t>(n) * sizeof(float)));
  }
  return Status::Ok();
}

std::string EncodeNpy(const Literal& value) {
  std::string out = EncodeNpyHeader(value);
  out.reserve(out.size() + static_cast<size_t>(NpyDataBytes(value)));
  Status s = StreamNpyData(value, [&](const void* data, size_t size) {
    out.append(static_cast<const char*>(data), size);
    return Status::Ok();
  });
  (void)s;  // the sink above cannot fail
  return out;
}

Expected<Literal> DecodeNpy(std::string_view bytes, const std::string& what) {
  if (bytes.size() < 10 || bytes.substr(0, 6) != std::string_view("\x93NUMPY", 6)) {
    return InvalidArgument("{}: not a .npy array (bad magic)", what);
  }
  int major = static_cast<uint8_t>(bytes[6]);
  size_t header_len, header_start;
  if (major == 1) {
    header_len = static_cast<uint8_t>(bytes[8]) | (static_cast<uint8_t>(bytes[9]) << 8);
    header_start = 10;
  } else if (major == 2 || major == 3) {
    if (bytes.size() < 12) return InvalidArgument("{}: truncated .npy header", what);
    header_len = 0;
    for (int i = 3; i >= 0; --i) header_len = (header_len << 8) | static_cast<uint8_t>(bytes[8 + i]);
    header_start = 12;
  } else {
    return InvalidArgument("{}: unsupported .npy version {}", what, major);
  }
  if (bytes.size() < header_start + header_len) {
    return InvalidArgument("{}: truncated .npy header", what);
  }
  std::string_view header = bytes.substr(header_start, header_len);
  std::string_view descr = After(header, "descr");
  if (descr.size() < 5) return InvalidArgument("{}: .npy header has no descr", what);
  std::string d(descr.substr(1, 3));
  if (d == "<b1") d = "|b1";
  if (d == "<i1") d = "|i1";
  if (d == "<u1") d = "|u1";
  const std::optional<PrimitiveType> type = TypeOfNpyDescr(d);
  if (!type) return Unimplemented("{}: unsupported NumPy dtype '{}'", what, d);
  if (After(header, "fortran_order").substr(0, 4) == "True") {
    return Unimplemented("{}: Fortran-ordered arrays are not supported (use np.ascontiguousarray)",
                         what);
  }
  std::string_view shape_text = After(header, "shape");
  std::vector<int64_t> dims;
  size_t close = shape_text.find(')');
  if (shape_text.empty() || shape_text[0] != '(' || close == std::string_view::npos) {
    return InvalidArgument("{}: .npy header has no shape", what);
  }
  std::string inner(shape_text.substr(1, close - 1));
  for (size_t pos = 0; pos < inner.size();) {
    size_t comma = inner.find(',', pos);
    std::string item = inner.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    size_t first = item.find_first_not_of(' ');
    if (first != std::string::npos) {
      int64_t dim = -1;
      auto [end, ec] = std::from_chars(item.data() + first, item.data() + item.size(), dim);
      const bool trailing = std::string_view(end, item.data() + item.size() - end)
                                .find_first_not_of(' ') != std::string_view::npos;
      if (ec != std::errc() || dim < 0 || trailing) {
        return InvalidArgument("{}: bad dimension '{}' in .npy shape", what, item);
      }
      dims.push_back(dim);
    }
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  // The data must be there before anything is allocated: a header may claim any shape.
  Shape shape(*type, dims);
  int64_t need = ByteWidth(*type);
  for (int64_t d : dims) need = SaturatingMul(need, d);
  std::string_view data = bytes.substr(header_start + header_len);
  if (static_cast<int64_t>(data.size()) != need) {
    return InvalidArgument("{}: .npy data has {} bytes, shape {} needs {}", what, data.size(),
                           shape.ToString(false), need);
  }
  Literal out(shape);
  if (!data.empty()) std::memcpy(out.raw(), data.data(), data.size());
  return out;
}

}  // namespace xpar
