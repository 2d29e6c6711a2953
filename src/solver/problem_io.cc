// Reading IOPDDL problems (JSON, optionally gzip'd) and solution files, with errors that name
// the field and the node or edge at fault.
#include <zlib.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "solver/problem.h"

namespace xpar::solver {
namespace {

using nlohmann::json;

// gzread reads plain files unchanged, so one path serves .json and .json.gz.
Expected<std::string> ReadMaybeGzipped(const std::string& path) {
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f) return IoError("cannot open '{}'", path);
  std::string out;
  char buf[1 << 16];
  int n;
  while ((n = gzread(f, buf, sizeof(buf))) > 0) out.append(buf, n);
  int err = 0;
  const char* msg = gzerror(f, &err);
  std::string message = msg ? msg : "";
  gzclose(f);
  if (n < 0 || (err != Z_OK && err != Z_STREAM_END)) {
    return IoError("cannot read '{}': {}", path, message);
  }
  return out;
}

Expected<json> ParseJson(const std::string& text, const std::string& origin) {
  try {
    return json::parse(text);
  } catch (const json::parse_error& e) {
    return InvalidArgument("{}: malformed JSON at byte {}: {}", origin, e.byte, e.what());
  } catch (const json::exception& e) {  // e.g. out_of_range: a number past double's range
    return InvalidArgument("{}: unreadable JSON: {}", origin, e.what());
  }
}

Expected<int64_t> GetInt(const json& j, const std::string& what) {
  if (j.is_number_integer()) {
    if (j.is_number_unsigned() && j.get<uint64_t>() > uint64_t{INT64_MAX}) {
      return InvalidArgument("{} is too large for a 64-bit integer", what);
    }
    return j.get<int64_t>();
  }
  return InvalidArgument("{} must be an integer, got {}", what, j.dump().substr(0, 40));
}

Expected<std::vector<int64_t>> GetIntArray(const json& j, const std::string& what) {
  if (!j.is_array()) return InvalidArgument("{} must be an array", what);
  std::vector<int64_t> out;
  out.reserve(j.size());
  for (size_t i = 0; i < j.size(); ++i) {
    ASSIGN_OR_RETURN(int64_t v, GetInt(j[i], fmt::format("{}[{}]", what, i)));
    out.push_back(v);
  }
  return out;
}

Expected<const json*> GetArrayField(const json& obj, const char* key, const std::string& where) {
  auto it = obj.find(key);
  if (it == obj.end()) return InvalidArgument("{}: missing field '{}'", where, key);
  if (!it->is_array()) return InvalidArgument("{}: field '{}' must be an array", where, key);
  return &*it;
}

Status ReadNodes(const json& nodes, const std::string& origin, Problem& p) {
  if (!nodes.is_object()) return InvalidArgument("{}: 'nodes' must be an object", origin);
  ASSIGN_OR_RETURN(const json* costs, GetArrayField(nodes, "costs", origin + ": nodes"));
  ASSIGN_OR_RETURN(const json* usages, GetArrayField(nodes, "usages", origin + ": nodes"));
  ASSIGN_OR_RETURN(const json* ivs, GetArrayField(nodes, "intervals", origin + ": nodes"));
  if (usages->size() != costs->size() || ivs->size() != costs->size()) {
    return InvalidArgument("{}: nodes.costs has {} entries, nodes.usages {}, nodes.intervals {}",
                           origin, costs->size(), usages->size(), ivs->size());
  }
  p.nodes.resize(costs->size());
  for (size_t i = 0; i < costs->size(); ++i) {
    Node& n = p.nodes[i];
    ASSIGN_OR_RETURN(n.costs, GetIntArray((*costs)[i], fmt::format("nodes.costs[{}]", i)));
    ASSIGN_OR_RETURN(n.usages, GetIntArray((*usages)[i], fmt::format("nodes.usages[{}]", i)));
    ASSIGN_OR_RETURN(auto iv, GetIntArray((*ivs)[i], fmt::format("nodes.intervals[{}]", i)));
    if (iv.size() != 2) {
      return InvalidArgument("{}: nodes.intervals[{}] must be [start, end], got {} numbers",
                             origin, i, iv.size());
    }
    n.start = iv[0];
    n.end = iv[1];
    if (n.costs.empty()) return InvalidArgument("{}: node {} has no strategies", origin, i);
    if (n.usages.size() != n.costs.size()) {
      return InvalidArgument("{}: node {} has {} costs but {} usages", origin, i, n.costs.size(),
                             n.usages.size());
    }
  }
  return Status::Ok();
}

Status ReadEdges(const json& edges, const std::string& origin, Problem& p) {
  if (!edges.is_object()) return InvalidArgument("{}: 'edges' must be an object", origin);
  ASSIGN_OR_RETURN(const json* ends, GetArrayField(edges, "nodes", origin + ": edges"));
  ASSIGN_OR_RETURN(const json* costs, GetArrayField(edges, "costs", origin + ": edges"));
  if (ends->size() != costs->size()) {
    return InvalidArgument("{}: edges.nodes has {} entries but edges.costs has {}", origin,
                           ends->size(), costs->size());
  }
  p.edges.resize(ends->size());
  for (size_t e = 0; e < ends->size(); ++e) {
    ASSIGN_OR_RETURN(auto uv, GetIntArray((*ends)[e], fmt::format("edges.nodes[{}]", e)));
    if (uv.size() != 2) {
      return InvalidArgument("{}: edges.nodes[{}] must be [u, v], got {} numbers", origin, e,
                             uv.size());
    }
    for (int64_t x : uv) {
      if (x < 0 || x >= p.num_nodes()) {
        return InvalidArgument("{}: edges.nodes[{}] refers to node {}, but there are {} nodes",
                               origin, e, x, p.num_nodes());
      }
    }
    p.edges[e].u = static_cast<int>(uv[0]);
    p.edges[e].v = static_cast<int>(uv[1]);
    ASSIGN_OR_RETURN(p.edges[e].costs, GetIntArray((*costs)[e], fmt::format("edges.costs[{}]", e)));
  }
  return Status::Ok();
}

}  // namespace

Expected<Problem> ParseProblemJson(const std::string& text, const std::string& origin) {
  ASSIGN_OR_RETURN(json root, ParseJson(text, origin));
  const json* obj = &root;
  if (root.is_object() && root.contains("problem")) obj = &root["problem"];
  if (!obj->is_object()) return InvalidArgument("{}: the problem must be a JSON object", origin);
  Problem p;
  if (auto it = obj->find("name"); it != obj->end() && it->is_string()) p.name = *it;
  auto nodes = obj->find("nodes");
  if (nodes == obj->end()) return InvalidArgument("{}: missing field 'nodes'", origin);
  RETURN_IF_ERROR(ReadNodes(*nodes, origin, p));
  auto edges = obj->find("edges");
  if (edges != obj->end()) RETURN_IF_ERROR(ReadEdges(*edges, origin, p));
  if (auto it = obj->find("usage_limit"); it != obj->end() && !it->is_null()) {
    ASSIGN_OR_RETURN(int64_t limit, GetInt(*it, "usage_limit"));
    p.usage_limit = limit;
  }
  Status s = p.Validate();
  if (!s.ok()) return InvalidArgument("{}: {}", origin, s.message());
  return p;
}

Expected<Problem> ReadProblemFile(const std::string& path) {
  ASSIGN_OR_RETURN(std::string text, ReadMaybeGzipped(path));
  return ParseProblemJson(text, path);
}

Expected<Assignment> ReadAssignmentFile(const std::string& path) {
  ASSIGN_OR_RETURN(std::string text, ReadMaybeGzipped(path));
  ASSIGN_OR_RETURN(json j, ParseJson(text, path));
  ASSIGN_OR_RETURN(auto values, GetIntArray(j, path + ": the solution"));
  Assignment a;
  a.reserve(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i] < 0 || values[i] > INT32_MAX) {
      return InvalidArgument("{}: entry {} ({}) is not a strategy index", path, i, values[i]);
    }
    a.push_back(static_cast<int>(values[i]));
  }
  return a;
}

Status WriteAssignmentFile(const std::string& path, const Assignment& assignment) {
  std::ofstream out(path);
  if (!out) return IoError("cannot write '{}'", path);
  out << json(assignment).dump() << "\n";
  out.close();
  if (!out) return IoError("error while writing '{}'", path);
  return Status::Ok();
}

}  // namespace xpar::solver
