// Benchmark: HLO parse speed (MB/s) over the corpus and interpreter time of the largest corpus
// modules on random inputs. Prints medians of repeated runs.
//   build/bench/frontend_interp_bench [--repeats N] [FILE.hlo ...]
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "analysis/op_stats.h"
#include "frontends/hlo/hlo_parser.h"
#include "io/random_inputs.h"
#include "ir/verifier.h"
#include "runtime/interpreter/allocator_tuning.h"
#include "runtime/interpreter/interpreter.h"
#include "support/source_text.h"

namespace xpar {
namespace {

double Seconds(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

std::vector<std::string> CorpusFiles() {
  std::vector<std::string> files;
  std::filesystem::path dir = std::filesystem::path(XPAR_SHARED_DIR) / "corpus" / "hlo";
  if (!std::filesystem::exists(dir)) return files;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) {
    if (e.path().extension() == ".hlo") files.push_back(e.path().string());
  }
  std::sort(files.begin(), files.end(), [](const std::string& a, const std::string& b) {
    return std::filesystem::file_size(a) > std::filesystem::file_size(b);
  });
  return files;
}

void BenchFile(const std::string& path, int repeats) {
  auto text = ReadFile(path);
  if (!text.ok()) return;
  std::vector<double> parse_times;
  std::unique_ptr<Module> module;
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    auto m = ParseHloModule(*text, path);
    parse_times.push_back(Seconds(start));
    if (!m.ok()) {
      fmt::print("{}: parse error: {}\n", path, m.status().message());
      return;
    }
    module = std::move(m).value();
  }
  auto vstart = std::chrono::steady_clock::now();
  Status verified = VerifyModule(*module);
  double verify_s = Seconds(vstart);
  double mb = static_cast<double>(text->size()) / 1e6;
  std::string name = std::filesystem::path(path).filename().string();
  fmt::print("{:<58} {:>7.3f} MB  parse {:>8.2f} ms ({:>6.1f} MB/s)  verify {:>7.2f} ms",
             name, mb, Median(parse_times) * 1e3, mb / Median(parse_times), verify_s * 1e3);
  if (!verified.ok()) {
    fmt::print("  verify error\n");
    return;
  }
  std::vector<Literal> args = RandomArguments(*module->entry(), 0);
  const int64_t devices = DevicesNamedByCollectives(*module);
  if (devices * ArgumentAndOutputBytes(*module) > (int64_t{12} << 30)) {
    fmt::print("  run skipped: {} devices do not fit in memory\n", devices);
    return;
  }
  std::vector<double> run_times;
  for (int r = 0; r < repeats; ++r) {
    auto start = std::chrono::steady_clock::now();
    Status status;
    if (devices == 1) {
      status = Interpreter(*module).Run(args).status();
    } else {
      status = RunOnDevices(*module, std::vector<std::vector<Literal>>(devices, args), devices, 1)
                   .status();
    }
    run_times.push_back(Seconds(start));
    if (!status.ok()) {
      fmt::print("  run error: {}\n", status.message().substr(0, 160));
      return;
    }
  }
  fmt::print("  run {:>9.2f} ms on {} device(s)\n", Median(run_times) * 1e3, devices);
}

}  // namespace
}  // namespace xpar

int main(int argc, char** argv) {
  xpar::TuneAllocatorForInterpreter();
  int repeats = 5;
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--repeats" && i + 1 < argc) {
      repeats = std::max(1, std::atoi(argv[++i]));
    } else {
      files.push_back(a);
    }
  }
  if (files.empty()) {
    files = xpar::CorpusFiles();
    if (files.size() > 5) files.resize(5);  // the five largest corpus modules
  }
  if (files.empty()) {
    fmt::print(stderr, "no input: pass HLO files, or place the corpus at ../shared/corpus\n");
    return 1;
  }
  fmt::print("median of {} runs each (run = interpreter on random inputs, one device)\n", repeats);
  for (const auto& f : files) xpar::BenchFile(f, repeats);
  return 0;
}
