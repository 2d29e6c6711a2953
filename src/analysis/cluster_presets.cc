// Cluster descriptions from JSON (the built-in presets compiled from clusters/*.json, or a user's
// file), and back to JSON. Units in the files: TFLOP/s, GB/s (1e9 bytes/s), microseconds, GiB/GB.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analysis/cluster_presets_data.h"
#include "analysis/cost_model.h"

namespace xpar {
namespace {

using Json = nlohmann::json;

constexpr double kTera = 1e12;
constexpr double kGiga = 1e9;
constexpr double kMicro = 1e-6;
constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;
constexpr const char* kCpuLocal = "cpu-local";

// Reads `obj[key]` as a number > 0 (>= 0 when `allow_zero`); `where` names the field's path.
Expected<double> PositiveNumber(const Json& obj, const std::string& key, const std::string& origin,
                                const std::string& where, bool allow_zero = false) {
  auto it = obj.find(key);
  if (it == obj.end()) {
    return InvalidArgument("{}: missing field '{}{}'", origin, where, key);
  }
  if (!it->is_number()) {
    return InvalidArgument("{}: field '{}{}' must be a number, got {}", origin, where, key,
                           it->dump());
  }
  const double value = it->get<double>();
  if (!std::isfinite(value) || value < 0 || (!allow_zero && value == 0)) {
    return InvalidArgument("{}: field '{}{}' must be {}, got {}", origin, where, key,
                           allow_zero ? "a finite number >= 0" : "a finite number > 0", value);
  }
  return value;
}

Expected<std::string> StringField(const Json& obj, const std::string& key,
                                  const std::string& origin) {
  auto it = obj.find(key);
  if (it == obj.end()) return InvalidArgument("{}: missing field '{}'", origin, key);
  if (!it->is_string()) {
    return InvalidArgument("{}: field '{}' must be a string, got {}", origin, key, it->dump());
  }
  return it->get<std::string>();
}

Expected<int64_t> IntegerField(const Json& obj, const std::string& key, const std::string& origin,
                               int64_t min_value) {
  auto it = obj.find(key);
  if (it == obj.end()) return InvalidArgument("{}: missing field '{}'", origin, key);
  if (!it->is_number_integer() || it->get<int64_t>() < min_value) {
    return InvalidArgument("{}: field '{}' must be an integer >= {}, got {}", origin, key,
                           min_value, it->dump());
  }
  return it->get<int64_t>();
}

Expected<Link> ParseLink(const Json& obj, const std::string& key, const std::string& origin) {
  auto it = obj.find(key);
  if (it == obj.end()) return InvalidArgument("{}: missing field '{}'", origin, key);
  if (!it->is_object()) {
    return InvalidArgument("{}: field '{}' must be an object with alpha_us and bandwidth_gb_per_s",
                           origin, key);
  }
  Link link;
  const std::string where = key + ".";
  ASSIGN_OR_RETURN(double alpha_us, PositiveNumber(*it, "alpha_us", origin, where, true));
  ASSIGN_OR_RETURN(double gbps, PositiveNumber(*it, "bandwidth_gb_per_s", origin, where));
  link.alpha_s = alpha_us * kMicro;
  link.beta_bytes_per_s = gbps * kGiga;
  return link;
}

Status ParsePeaks(const Json& obj, const std::string& origin, Cluster& cluster) {
  auto it = obj.find("peak_tflops");
  if (it == obj.end()) return InvalidArgument("{}: missing field 'peak_tflops'", origin);
  if (!it->is_object()) {
    return InvalidArgument("{}: field 'peak_tflops' must be an object like {{\"f32\": 19.5}}",
                           origin);
  }
  for (const auto& [type, value] : it->items()) {
    ASSIGN_OR_RETURN(double tflops, PositiveNumber(*it, type, origin, "peak_tflops."));
    cluster.peak_flops[type] = tflops * kTera;
  }
  if (!cluster.peak_flops.count("f32")) {
    return InvalidArgument("{}: missing field 'peak_tflops.f32' (the fallback for other types)",
                           origin);
  }
  return Status::Ok();
}

// memory_gib (binary) or memory_gb (decimal, as marketed), exactly one.
Status ParseMemory(const Json& obj, const std::string& origin, Cluster& cluster) {
  const bool gib = obj.contains("memory_gib");
  const bool gb = obj.contains("memory_gb");
  if (gib == gb) {
    return InvalidArgument("{}: {} field 'memory_gib' or 'memory_gb' (per device)", origin,
                           gib ? "give only one of" : "missing");
  }
  ASSIGN_OR_RETURN(double amount,
                   PositiveNumber(obj, gib ? "memory_gib" : "memory_gb", origin, ""));
  cluster.memory_bytes = static_cast<int64_t>(std::llround(amount * (gib ? kGiB : kGiga)));
  return Status::Ok();
}

}  // namespace

Expected<Cluster> ParseClusterJson(const std::string& text, const std::string& origin) {
  Json obj = Json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (obj.is_discarded()) return InvalidArgument("{}: not valid JSON", origin);
  if (!obj.is_object()) return InvalidArgument("{}: expected a JSON object", origin);
  Cluster c;
  ASSIGN_OR_RETURN(c.name, StringField(obj, "name", origin));
  // A user's own file may leave out the description and where its figures come from.
  if (obj.contains("description")) {
    ASSIGN_OR_RETURN(c.description, StringField(obj, "description", origin));
  }
  if (obj.contains("source")) {
    ASSIGN_OR_RETURN(c.source, StringField(obj, "source", origin));
  }
  RETURN_IF_ERROR(ParsePeaks(obj, origin, c));
  ASSIGN_OR_RETURN(double hbm_gbps, PositiveNumber(obj, "memory_bandwidth_gb_per_s", origin, ""));
  c.memory_bandwidth = hbm_gbps * kGiga;
  RETURN_IF_ERROR(ParseMemory(obj, origin, c));
  ASSIGN_OR_RETURN(c.devices_per_node, IntegerField(obj, "devices_per_node", origin, 1));
  ASSIGN_OR_RETURN(c.num_nodes, IntegerField(obj, "num_nodes", origin, 0));
  ASSIGN_OR_RETURN(c.intra_node, ParseLink(obj, "intra_node", origin));
  ASSIGN_OR_RETURN(c.inter_node, ParseLink(obj, "inter_node", origin));
  if (obj.contains("shared_machine")) {
    if (!obj["shared_machine"].is_boolean()) {
      return InvalidArgument("{}: 'shared_machine' must be true or false", origin);
    }
    c.shared_machine = obj["shared_machine"].get<bool>();
  }
  return c;
}

std::string ClusterToJson(const Cluster& c) {
  Json peaks = Json::object();
  for (const auto& [type, flops] : c.peak_flops) peaks[type] = flops / kTera;
  auto link = [](const Link& l) {
    return Json{{"alpha_us", l.alpha_s / kMicro},
                {"bandwidth_gb_per_s", l.beta_bytes_per_s / kGiga}};
  };
  Json obj = {{"name", c.name},
              {"description", c.description},
              {"source", c.source},
              {"peak_tflops", peaks},
              {"memory_bandwidth_gb_per_s", c.memory_bandwidth / kGiga},
              {"memory_gib", static_cast<double>(c.memory_bytes) / kGiB},
              {"devices_per_node", c.devices_per_node},
              {"num_nodes", c.num_nodes},
              {"intra_node", link(c.intra_node)},
              {"inter_node", link(c.inter_node)},
              {"shared_machine", c.shared_machine}};
  return obj.dump(2);
}

std::vector<std::string> ClusterPresetNames() {
  std::vector<std::string> names = {kCpuLocal};
  for (const auto& file : internal::EmbeddedClusterFiles()) names.push_back(file.name);
  std::sort(names.begin(), names.end());
  return names;
}

Expected<Cluster> LoadClusterPreset(const std::string& name) {
  if (name == kCpuLocal) {
    static std::once_flag once;
    static Cluster measured;
    std::call_once(once, [] { measured = MeasureCpuLocalCluster(); });
    return measured;
  }
  for (const auto& file : internal::EmbeddedClusterFiles()) {
    if (name != file.name) continue;
    ASSIGN_OR_RETURN(Cluster cluster, ParseClusterJson(file.text, file.path));
    if (cluster.name != name) {
      return Internal("{}: field 'name' is '{}', expected the file's name '{}'", file.path,
                      cluster.name, name);
    }
    return cluster;
  }
  std::string known;
  for (const auto& preset : ClusterPresetNames()) known += (known.empty() ? "" : ", ") + preset;
  return NotFound("unknown cluster preset '{}' (known: {}; or give a path to a .json file)", name,
                  known);
}

Expected<Cluster> LoadClusterFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return IoError("{}: cannot open cluster file", path);
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return IoError("{}: error while reading cluster file", path);
  return ParseClusterJson(text.str(), path);
}

Expected<Cluster> LoadCluster(const std::string& name_or_path) {
  const bool looks_like_path = name_or_path.find('/') != std::string::npos ||
                               (name_or_path.size() > 5 && name_or_path.ends_with(".json"));
  if (looks_like_path) return LoadClusterFile(name_or_path);
  return LoadClusterPreset(name_or_path);
}

}  // namespace xpar
