// Times `xpar run --out x.npz` on outputs the size of a BERT-base bf16 training step (605 arrays,
// ~0.65 GB in memory; written as float32, as NumPy has no bf16) and prints MB/s. With
// --libzip-deflate it also times the writer xpar had before (libzip, every member deflated).
//   npz_write_bench [--mb 650] [--arrays 605] [--dir /tmp] [--libzip-deflate]
#include <fmt/format.h>
#include <zip.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "io/npy.h"
#include "io/tensor_file.h"

namespace xpar {
namespace {

// bf16 arrays of BERT-base-like sizes (hidden 768, FFN 3072, vocab 30522) filling `bytes`.
std::vector<NamedTensor> MakeOutputs(int64_t bytes, int64_t arrays) {
  const int64_t elements = bytes / 2;
  const std::vector<int64_t> weights = {768 * 768, 768 * 3072, 3072, 768, 768, 768};
  int64_t weight_sum = 0;
  for (int64_t w : weights) weight_sum += w;
  uint32_t state = 0x12345678;
  std::vector<NamedTensor> out;
  for (int64_t i = 0; i < arrays; ++i) {
    const int64_t n = std::max<int64_t>(1, elements / arrays * weights[i % weights.size()] *
                                               static_cast<int64_t>(weights.size()) / weight_sum);
    Literal l = Literal::Uninitialized(Shape(PrimitiveType::kBF16, {n}));
    uint16_t* p = reinterpret_cast<uint16_t*>(l.raw());
    for (int64_t j = 0; j < n; ++j) {  // xorshift: values that do not compress
      state ^= state << 13;
      state ^= state >> 17;
      state ^= state << 5;
      p[j] = static_cast<uint16_t>(0x3c00 | (state & 0x03ff)) ^ static_cast<uint16_t>(state >> 16 & 0x8000);
    }
    out.push_back({fmt::format("out{}", i), std::move(l)});
  }
  return out;
}

// The writer before issue 12: every member deflated by libzip, the whole archive built at close.
bool WriteWithLibzipDeflate(const std::string& path, const std::vector<NamedTensor>& tensors) {
  int err = 0;
  zip_t* zip = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &err);
  if (!zip) return false;
  std::vector<std::string> buffers;
  buffers.reserve(tensors.size());
  for (const NamedTensor& t : tensors) {
    buffers.push_back(EncodeNpy(t.value));
    zip_source_t* src = zip_source_buffer(zip, buffers.back().data(), buffers.back().size(), 0);
    if (!src || zip_file_add(zip, (t.name + ".npy").c_str(), src, ZIP_FL_OVERWRITE) < 0) {
      zip_discard(zip);
      return false;
    }
  }
  return zip_close(zip) == 0;
}

template <typename F>
double Seconds(F&& f) {
  auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void Report(const char* what, double seconds, int64_t in_memory, const std::string& path) {
  const double file_mb = static_cast<double>(std::filesystem::file_size(path)) / 1e6;
  fmt::print("{:<22} {:8.2f} s  {:8.1f} MB/s of outputs  {:8.1f} MB/s of file ({:.0f} MB)\n",
             what, seconds, static_cast<double>(in_memory) / 1e6 / seconds, file_mb / seconds,
             file_mb);
}

}  // namespace
}  // namespace xpar

int main(int argc, char** argv) {
  int64_t mb = 650, arrays = 605;
  std::string dir = std::filesystem::temp_directory_path().string();
  bool libzip = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--mb" && i + 1 < argc) mb = std::stoll(argv[++i]);
    else if (a == "--arrays" && i + 1 < argc) arrays = std::stoll(argv[++i]);
    else if (a == "--dir" && i + 1 < argc) dir = argv[++i];
    else if (a == "--libzip-deflate") libzip = true;
    else {
      fmt::print(stderr, "usage: npz_write_bench [--mb N] [--arrays N] [--dir D] [--libzip-deflate]\n");
      return 2;
    }
  }
  std::vector<xpar::NamedTensor> outs = xpar::MakeOutputs(mb * 1000000, arrays);
  int64_t bytes = 0;
  for (const auto& t : outs) bytes += t.value.size_bytes();
  fmt::print("{} bf16 arrays, {:.0f} MB in memory, written to {}\n", outs.size(),
             static_cast<double>(bytes) / 1e6, dir);
  const std::string path = dir + "/npz_write_bench.npz";
  xpar::Status status;
  double s = xpar::Seconds([&] { status = xpar::WriteNpz(path, outs); });
  if (!status.ok()) {
    fmt::print(stderr, "{}\n", status.ToString());
    return 1;
  }
  xpar::Report("WriteNpz (stored)", s, bytes, path);
  if (libzip) {
    bool ok = true;
    s = xpar::Seconds([&] { ok = xpar::WriteWithLibzipDeflate(path, outs); });
    if (!ok) return 1;
    xpar::Report("libzip deflate (old)", s, bytes, path);
  }
  std::filesystem::remove(path);
  return 0;
}
