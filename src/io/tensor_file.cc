// .npz (read via libzip, written by NpzWriter) and .safetensors (via nlohmann-json) reading and
// writing.
#include "io/tensor_file.h"

#include <zip.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>

#include "io/atomic_file.h"
#include "io/npy.h"
#include "io/npz_writer.h"
#include "support/memory_limit.h"
#include "support/source_text.h"

namespace xpar {
namespace {

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

struct SafetensorsType {
  const char* name;
  PrimitiveType type;
};
constexpr SafetensorsType kSafetensorsTypes[] = {
    {"BOOL", PrimitiveType::kPred}, {"I8", PrimitiveType::kS8},   {"I16", PrimitiveType::kS16},
    {"I32", PrimitiveType::kS32},   {"I64", PrimitiveType::kS64}, {"U8", PrimitiveType::kU8},
    {"U16", PrimitiveType::kU16},   {"U32", PrimitiveType::kU32}, {"U64", PrimitiveType::kU64},
    {"F16", PrimitiveType::kF16},   {"BF16", PrimitiveType::kBF16}, {"F32", PrimitiveType::kF32},
    {"F64", PrimitiveType::kF64},
    // torch.float8_e5m2 / float8_e4m3fn; safetensors names no other 8-bit float of xpar's.
    {"F8_E5M2", PrimitiveType::kF8E5M2}, {"F8_E4M3", PrimitiveType::kF8E4M3FN},
};

}  // namespace

Expected<std::vector<NamedTensor>> ReadNpz(const std::string& path) {
  int err = 0;
  zip_t* zip = zip_open(path.c_str(), ZIP_RDONLY, &err);
  if (!zip) {
    zip_error_t ze;
    zip_error_init_with_code(&ze, err);
    std::string msg = zip_error_strerror(&ze);
    zip_error_fini(&ze);
    return IoError("cannot open '{}' as .npz: {}", path, msg);
  }
  std::vector<NamedTensor> out;
  Status status;
  zip_int64_t n = zip_get_num_entries(zip, 0);
  for (zip_int64_t i = 0; i < n && status.ok(); ++i) {
    zip_stat_t st;
    if (zip_stat_index(zip, i, 0, &st) != 0) continue;
    std::string name = st.name;
    if (!EndsWith(name, ".npy")) continue;
    // Read as the data comes: the size the archive claims is not allocated up front (a
    // 425-byte file may claim a 4 GiB member).
    std::string bytes;
    zip_file_t* f = zip_fopen_index(zip, i, 0);
    if (f) {
      char chunk[1 << 16];
      for (zip_int64_t got; (got = zip_fread(f, chunk, sizeof chunk)) > 0;) {
        bytes.append(chunk, static_cast<size_t>(got));
      }
    }
    if (!f || bytes.size() != st.size) {
      status = IoError("'{}': cannot read member '{}'", path, name);
    } else {
      std::string tensor_name = name.substr(0, name.size() - 4);
      Expected<Literal> lit = DecodeNpy(bytes, path + ":" + tensor_name);
      if (!lit.ok()) {
        status = lit.status();
      } else {
        out.push_back({tensor_name, std::move(lit).value()});
      }
    }
    if (f) zip_fclose(f);
  }
  zip_discard(zip);
  if (!status.ok()) return status;
  return out;
}

Status WriteNpz(const std::string& path, const std::vector<NamedTensor>& tensors) {
  ASSIGN_OR_RETURN(std::unique_ptr<NpzWriter> writer, NpzWriter::Create(path));
  for (const NamedTensor& t : tensors) RETURN_IF_ERROR(writer->Add(t.name, t.value));
  return writer->Finish();
}

Expected<std::vector<NamedTensor>> ReadSafetensors(const std::string& path) {
  ASSIGN_OR_RETURN(std::string bytes, ReadFile(path));
  if (bytes.size() < 8) return InvalidArgument("'{}': too short for safetensors", path);
  uint64_t header_len = 0;
  for (int i = 7; i >= 0; --i) header_len = (header_len << 8) | static_cast<uint8_t>(bytes[i]);
  if (header_len > bytes.size() - 8) return InvalidArgument("'{}': truncated safetensors header", path);
  nlohmann::json header = nlohmann::json::parse(bytes.substr(8, header_len), nullptr, false);
  if (header.is_discarded() || !header.is_object()) {
    return InvalidArgument("'{}': safetensors header is not a JSON object", path);
  }
  size_t data_start = 8 + header_len;
  std::vector<std::pair<uint64_t, NamedTensor>> found;  // (data offset, tensor)
  for (auto& [name, info] : header.items()) {
    if (name == "__metadata__") continue;
    if (!info.is_object() || !info["dtype"].is_string() || !info["shape"].is_array() ||
        !info["data_offsets"].is_array() || info["data_offsets"].size() != 2) {
      return InvalidArgument("'{}': tensor '{}' has a malformed header entry", path, name);
    }
    std::string dtype = info["dtype"];
    const SafetensorsType* type = nullptr;
    for (const auto& t : kSafetensorsTypes) {
      if (dtype == t.name) type = &t;
    }
    if (!type) return Unimplemented("'{}': tensor '{}' has unsupported dtype {}", path, name, dtype);
    std::vector<int64_t> dims;
    for (const auto& d : info["shape"]) {
      // Past 2^56 no dimension fits in memory, and past 2^63 it would turn negative.
      if (!d.is_number_unsigned() || d.get<uint64_t>() > (uint64_t{1} << 56)) {
        return InvalidArgument("'{}': bad shape of '{}'", path, name);
      }
      dims.push_back(d.get<int64_t>());
    }
    if (!info["data_offsets"][0].is_number_unsigned() ||
        !info["data_offsets"][1].is_number_unsigned()) {
      return InvalidArgument("'{}': data offsets of '{}' are not numbers", path, name);
    }
    uint64_t begin = info["data_offsets"][0].get<uint64_t>();
    uint64_t end = info["data_offsets"][1].get<uint64_t>();
    // Checked before the tensor is allocated: the header may claim any shape.
    int64_t need = ByteWidth(type->type);
    for (int64_t d : dims) need = SaturatingMul(need, d);
    if (end < begin || end - begin != static_cast<uint64_t>(need) ||
        end > bytes.size() - data_start) {
      return InvalidArgument("'{}': data offsets of '{}' do not match its shape", path, name);
    }
    Literal lit(Shape(type->type, dims));
    if (end > begin) std::memcpy(lit.raw(), bytes.data() + data_start + begin, end - begin);
    found.push_back({begin, {name, std::move(lit)}});
  }
  // JSON objects are unordered; the data order is the file's natural order.
  std::stable_sort(found.begin(), found.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<NamedTensor> out;
  for (auto& [offset, t] : found) out.push_back(std::move(t));
  return out;
}

Status WriteSafetensors(const std::string& path, const std::vector<NamedTensor>& tensors) {
  nlohmann::ordered_json header = nlohmann::ordered_json::object();
  uint64_t offset = 0;
  for (const NamedTensor& t : tensors) {
    const char* dtype = nullptr;
    for (const auto& st : kSafetensorsTypes) {
      if (st.type == t.value.type()) dtype = st.name;
    }
    if (!t.value.shape().IsArray()) return InvalidArgument("tensor '{}' is not an array", t.name);
    if (!dtype) {
      return Unimplemented("tensor '{}': safetensors has no dtype for {} (write .npz, which stores "
                           "it as float32)", t.name, PrimitiveTypeName(t.value.type()));
    }
    uint64_t size = static_cast<uint64_t>(t.value.size_bytes());
    header[t.name] = {{"dtype", dtype},
                      {"shape", t.value.shape().dims()},
                      {"data_offsets", {offset, offset + size}}};
    offset += size;
  }
  std::string h = header.dump();
  h.append((8 - h.size() % 8) % 8, ' ');
  std::string out(8, '\0');
  uint64_t len = h.size();
  for (int i = 0; i < 8; ++i) out[i] = static_cast<char>((len >> (8 * i)) & 0xff);
  out += h;
  ASSIGN_OR_RETURN(std::unique_ptr<AtomicFile> file, AtomicFile::Create(path));
  RETURN_IF_ERROR(file->Write(out));
  for (const NamedTensor& t : tensors) {
    RETURN_IF_ERROR(file->Write(t.value.raw(), static_cast<size_t>(t.value.size_bytes())));
  }
  return file->Commit();
}

namespace {

class NpzFileWriter final : public TensorFileWriter {
 public:
  explicit NpzFileWriter(std::unique_ptr<NpzWriter> npz) : npz_(std::move(npz)) {}
  Status Add(const std::string& name, const Literal& value) override {
    return npz_->Add(name, value);
  }
  Status Finish() override { return npz_->Finish(); }

 private:
  std::unique_ptr<NpzWriter> npz_;
};

class SafetensorsFileWriter final : public TensorFileWriter {
 public:
  explicit SafetensorsFileWriter(std::string path) : path_(std::move(path)) {}
  Status Add(const std::string& name, const Literal& value) override {
    tensors_.push_back({name, value});
    return Status::Ok();
  }
  Status Finish() override { return WriteSafetensors(path_, tensors_); }

 private:
  std::string path_;
  std::vector<NamedTensor> tensors_;
};

}  // namespace

Expected<std::unique_ptr<TensorFileWriter>> OpenTensorFileWriter(const std::string& path) {
  if (EndsWith(path, ".npz")) {
    ASSIGN_OR_RETURN(std::unique_ptr<NpzWriter> npz, NpzWriter::Create(path));
    return std::unique_ptr<TensorFileWriter>(new NpzFileWriter(std::move(npz)));
  }
  if (EndsWith(path, ".safetensors")) {
    return std::unique_ptr<TensorFileWriter>(new SafetensorsFileWriter(path));
  }
  return InvalidArgument("'{}': unknown tensor file type (expected .npz or .safetensors)", path);
}

Expected<std::vector<NamedTensor>> ReadTensorFile(const std::string& path) {
  if (EndsWith(path, ".npz")) return ReadNpz(path);
  if (EndsWith(path, ".safetensors")) return ReadSafetensors(path);
  return InvalidArgument("'{}': unknown tensor file type (expected .npz or .safetensors)", path);
}

Status WriteTensorFile(const std::string& path, const std::vector<NamedTensor>& tensors) {
  if (EndsWith(path, ".npz")) return WriteNpz(path, tensors);
  if (EndsWith(path, ".safetensors")) return WriteSafetensors(path, tensors);
  return InvalidArgument("'{}': unknown tensor file type (expected .npz or .safetensors)", path);
}

Expected<Literal> ConvertForParameter(const NamedTensor& tensor, const Shape& want) {
  const Literal& v = tensor.value;
  if (v.shape().dims() != want.dims()) {
    return InvalidArgument("tensor '{}' has shape {}, the parameter needs {}", tensor.name,
                           v.shape().ToString(false), want.ToString(false));
  }
  if (v.type() == want.type()) return v;
  Literal out(want);
  if (IsFloating(v.type()) && IsFloating(want.type())) {
    // NumPy has no bf16, so f32 arrays feed bf16 parameters: round to nearest even, as
    // torch's .to(torch.bfloat16) does.
    for (int64_t i = 0; i < v.ElementCount(); ++i) out.SetFromDouble(i, v.GetAsDouble(i));
    return out;
  }
  // Other conversions must be exact: a value that would change is an error.
  for (int64_t i = 0; i < v.ElementCount(); ++i) {
    double x = v.GetAsDouble(i);
    out.SetFromDouble(i, x);
    double back = out.GetAsDouble(i);
    if (back != x && !(std::isnan(back) && std::isnan(x))) {
      return InvalidArgument("tensor '{}' is {} but the parameter is {}: element {} ({}) is not "
                             "exactly representable",
                             tensor.name, PrimitiveTypeName(v.type()),
                             PrimitiveTypeName(want.type()), i, x);
    }
  }
  return out;
}

}  // namespace xpar
