// Checkpoint folders: per-rank safetensors, an index with CRC-32s, and the `latest` pointer
// written last (see checkpoint.h for the layout and why).
#include "io/checkpoint.h"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>

#include "io/atomic_file.h"
#include "support/source_text.h"

namespace xpar {
namespace {

namespace fs = std::filesystem;

constexpr const char* kFormat = "xpar-checkpoint";
constexpr int kVersion = 1;

std::string StepFolder(int64_t step) { return fmt::format("step-{:08d}", step); }
std::string RankFile(int64_t rank) { return fmt::format("rank-{:05d}.safetensors", rank); }

Status WriteAtomically(const std::string& path, const std::string& text) {
  ASSIGN_OR_RETURN(std::unique_ptr<AtomicFile> f, AtomicFile::Create(path));
  RETURN_IF_ERROR(f->Write(text));
  return f->Commit();
}

nlohmann::json IndexJson(const Checkpoint& c, const std::vector<uint32_t>& crcs) {
  nlohmann::json tensors = nlohmann::json::array();
  for (const CheckpointTensor& t : c.tensors) {
    tensors.push_back({{"name", t.name}, {"shape", t.shape}, {"sharding", t.sharding}});
  }
  nlohmann::json files = nlohmann::json::array();
  for (size_t d = 0; d < crcs.size(); ++d) {
    files.push_back({{"rank", d}, {"file", RankFile(static_cast<int64_t>(d))},
                     {"crc32", fmt::format("{:08x}", crcs[d])}});
  }
  return {{"format", kFormat}, {"version", kVersion}, {"step", c.step}, {"mesh", c.mesh},
          {"tensors", tensors}, {"files", files}, {"trainer", c.trainer}};
}

// Removes the step folders of `dir` other than `keep` (older checkpoints).
void RemoveOtherSteps(const std::string& dir, const std::string& keep) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::string name = entry.path().filename().string();
    if (entry.is_directory() && name.starts_with("step-") && name != keep) {
      fs::remove_all(entry.path(), ec);
    }
  }
}

Expected<nlohmann::json> ReadIndex(const std::string& path) {
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object()) return InvalidArgument("{}: not a JSON object", path);
  if (j.value("format", "") != kFormat || j.value("version", 0) != kVersion) {
    return InvalidArgument("{}: not an {} version {} index", path, kFormat, kVersion);
  }
  for (const char* key : {"step", "mesh", "tensors", "files"}) {
    if (!j.contains(key)) return InvalidArgument("{}: the index has no '{}'", path, key);
  }
  return j;
}

// One rank's file: checksum against the index, then its tensors in index order.
Expected<std::vector<NamedTensor>> ReadRank(const std::string& folder, const nlohmann::json& file,
                                            const std::vector<CheckpointTensor>& tensors) {
  std::string path = folder + "/" + file.value("file", "");
  ASSIGN_OR_RETURN(uint32_t crc, FileCrc32(path));
  std::string want = file.value("crc32", "");
  if (fmt::format("{:08x}", crc) != want) {
    return IoError("{}: CRC-32 {:08x} does not match the index's {} (the file is damaged or "
                    "from another checkpoint)", path, crc, want);
  }
  ASSIGN_OR_RETURN(std::vector<NamedTensor> read, ReadSafetensors(path));
  std::vector<NamedTensor> out;
  for (const CheckpointTensor& t : tensors) {
    auto it = std::find_if(read.begin(), read.end(),
                           [&](const NamedTensor& r) { return r.name == t.name; });
    if (it == read.end()) return IoError("{}: no tensor '{}'", path, t.name);
    out.push_back(std::move(*it));
  }
  return out;
}

}  // namespace

Expected<uint32_t> FileCrc32(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return NotFound("{}: cannot open", path);
  uLong crc = crc32(0L, Z_NULL, 0);
  std::vector<char> buf(1 << 20);
  while (in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    crc = crc32(crc, reinterpret_cast<const Bytef*>(buf.data()), static_cast<uInt>(in.gcount()));
  }
  if (in.bad()) return IoError("{}: read error", path);
  return static_cast<uint32_t>(crc);
}

Expected<uint32_t> WriteCheckpointRank(const std::string& dir, int64_t step, int64_t rank,
                                       const std::vector<NamedTensor>& tensors) {
  const std::string folder = dir + "/" + StepFolder(step);
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) return InvalidArgument("{}: cannot create the checkpoint folder: {}", folder, ec.message());
  std::string path = folder + "/" + RankFile(rank);
  RETURN_IF_ERROR(WriteSafetensors(path, tensors));
  return FileCrc32(path);
}

Status WriteCheckpointIndex(const std::string& dir, const Checkpoint& c,
                            const std::vector<uint32_t>& crcs) {
  const std::string step = StepFolder(c.step);
  RETURN_IF_ERROR(WriteAtomically(dir + "/" + step + "/index.json", IndexJson(c, crcs).dump(1) + "\n"));
  RETURN_IF_ERROR(WriteAtomically(dir + "/latest", step + "\n"));
  RemoveOtherSteps(dir, step);
  return Status::Ok();
}

Status WriteCheckpoint(const std::string& dir, const Checkpoint& c) {
  std::vector<uint32_t> crcs;
  for (size_t d = 0; d < c.ranks.size(); ++d) {
    if (c.ranks[d].size() != c.tensors.size()) {
      return Internal("checkpoint: rank {} has {} tensors, the index {}", d, c.ranks[d].size(),
                      c.tensors.size());
    }
    ASSIGN_OR_RETURN(uint32_t crc, WriteCheckpointRank(dir, c.step, static_cast<int64_t>(d), c.ranks[d]));
    crcs.push_back(crc);
  }
  return WriteCheckpointIndex(dir, c, crcs);
}

Expected<Checkpoint> ReadCheckpoint(const std::string& dir) {
  auto latest = ReadFile(dir + "/latest");
  if (!latest.ok()) {
    return NotFound("{}: no checkpoint here (no 'latest' file): {}", dir,
                    latest.status().message());
  }
  std::string step = *latest;
  while (!step.empty() && std::isspace(static_cast<unsigned char>(step.back()))) step.pop_back();
  if (!step.starts_with("step-") || step.find('/') != std::string::npos) {
    return InvalidArgument("{}/latest: '{}' does not name a step folder", dir, step);
  }
  const std::string folder = dir + "/" + step;
  ASSIGN_OR_RETURN(nlohmann::json j, ReadIndex(folder + "/index.json"));
  Checkpoint c;
  try {
    c.step = j.at("step").get<int64_t>();
    c.mesh = j.at("mesh").get<std::string>();
    for (const auto& t : j.at("tensors")) {
      c.tensors.push_back({t.at("name").get<std::string>(), t.at("shape").get<std::string>(),
                           t.at("sharding").get<std::string>()});
    }
    c.trainer = j.value("trainer", nlohmann::json::object());
    for (const auto& f : j.at("files")) {
      ASSIGN_OR_RETURN(std::vector<NamedTensor> rank, ReadRank(folder, f, c.tensors));
      c.ranks.push_back(std::move(rank));
    }
  } catch (const nlohmann::json::exception& e) {
    return InvalidArgument("{}/index.json: {}", folder, e.what());
  }
  return c;
}

}  // namespace xpar
