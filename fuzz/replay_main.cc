// Runs the fuzz targets' checks on saved inputs without libFuzzer: each folder given holds one
// subfolder per target (seeds/hlo_text/, regressions/npz/, ...), every file in it is one input.
// A crash or a broken invariant aborts, as under the fuzzer; an unknown subfolder is an error.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

#define X(name) extern "C" int XparFuzz_##name(const uint8_t* data, size_t size);
#include "fuzz_targets.def"
#undef X

namespace {

using Target = int (*)(const uint8_t*, size_t);

const std::map<std::string, Target>& Targets() {
#define X(name) {#name, &XparFuzz_##name},
  static const std::map<std::string, Target> targets = {
#include "fuzz_targets.def"
  };
#undef X
  return targets;
}

bool ReadAll(const std::filesystem::path& path, std::string& out) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  return true;
}

// Replays every file of root/<target>/; returns the number of files, -1 on an error.
int ReplayFolder(const std::filesystem::path& root) {
  int count = 0;
  std::error_code ec;
  for (const auto& sub : std::filesystem::directory_iterator(root, ec)) {
    if (!sub.is_directory()) continue;
    auto it = Targets().find(sub.path().filename().string());
    if (it == Targets().end()) {
      std::fprintf(stderr, "error: %s names no fuzz target\n", sub.path().c_str());
      return -1;
    }
    std::vector<std::filesystem::path> files;
    for (const auto& f : std::filesystem::directory_iterator(sub.path())) {
      if (f.is_regular_file()) files.push_back(f.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files) {
      std::string bytes;
      if (!ReadAll(file, bytes)) {
        std::fprintf(stderr, "error: cannot read %s\n", file.c_str());
        return -1;
      }
      std::fprintf(stderr, "replay %s\n", file.c_str());
      it->second(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
      ++count;
    }
  }
  if (ec) {
    std::fprintf(stderr, "error: cannot list %s: %s\n", root.c_str(), ec.message().c_str());
    return -1;
  }
  return count;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: %s FOLDER... (each with one subfolder per fuzz target)\n", argv[0]);
    return 2;
  }
  int total = 0;
  for (int i = 1; i < argc; ++i) {
    int n = ReplayFolder(argv[i]);
    if (n < 0) return 1;
    total += n;
  }
  std::printf("replayed %d inputs\n", total);
  return total > 0 ? 0 : 1;
}
