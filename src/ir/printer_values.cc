// Canonical text of attribute values: floats, windows, dim_labels, padding, slices, replica
// groups, metadata, string maps, backend_config, io aliases and shardings.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cmath>

#include "ir/printer_internal.h"

namespace xpar {
namespace printer_internal {

std::string Escape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      default:
        out.push_back(c);
        break;
    }
  }
  return out;
}

std::string IntList(const std::vector<int64_t>& v, char open, char close) {
  return fmt::format("{}{}{}", open, fmt::join(v, ","), close);
}

std::string FormatFloat(double v, bool is_double) {
  if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
  if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
  return is_double ? fmt::format("{}", v) : fmt::format("{}", static_cast<float>(v));
}

namespace {

std::string XJoin(const std::vector<WindowDim>& w, int64_t (*get)(const WindowDim&)) {
  std::string out;
  for (size_t i = 0; i < w.size(); ++i) {
    if (i > 0) out += "x";
    out += fmt::format("{}", get(w[i]));
  }
  return out;
}

}  // namespace

std::string FormatWindow(const std::vector<WindowDim>& w) {
  bool stride = false, pad = false, lhs = false, rhs = false, rev = false;
  for (const WindowDim& d : w) {
    stride |= d.stride != 1;
    pad |= d.pad_low != 0 || d.pad_high != 0;
    lhs |= d.lhs_dilation != 1;
    rhs |= d.rhs_dilation != 1;
    rev |= d.reversal;
  }
  std::string out = "{size=" + XJoin(w, [](const WindowDim& d) { return d.size; });
  if (stride) out += " stride=" + XJoin(w, [](const WindowDim& d) { return d.stride; });
  if (pad) {
    out += " pad=";
    for (size_t i = 0; i < w.size(); ++i) {
      out += fmt::format("{}{}_{}", i ? "x" : "", w[i].pad_low, w[i].pad_high);
    }
  }
  if (lhs) out += " lhs_dilate=" + XJoin(w, [](const WindowDim& d) { return d.lhs_dilation; });
  if (rhs) out += " rhs_dilate=" + XJoin(w, [](const WindowDim& d) { return d.rhs_dilation; });
  if (rev) {
    out += " rhs_reversal=" +
           XJoin(w, [](const WindowDim& d) { return static_cast<int64_t>(d.reversal); });
  }
  return out + "}";
}

namespace {

std::string Labels(int64_t a, char ca, int64_t b, char cb, const std::vector<int64_t>& spatial) {
  std::string s(spatial.size() + 2, '?');
  auto put = [&](int64_t pos, char c) {
    if (pos >= 0 && pos < static_cast<int64_t>(s.size())) s[pos] = c;
  };
  put(a, ca);
  put(b, cb);
  for (size_t i = 0; i < spatial.size() && i < 10; ++i) put(spatial[i], static_cast<char>('0' + i));
  return s;
}

}  // namespace

std::string FormatConvDims(const ConvDims& d) {
  return Labels(d.input_batch, 'b', d.input_feature, 'f', d.input_spatial) + "_" +
         Labels(d.kernel_input_feature, 'i', d.kernel_output_feature, 'o', d.kernel_spatial) +
         "->" + Labels(d.output_batch, 'b', d.output_feature, 'f', d.output_spatial);
}

std::string FormatPadding(const std::vector<PadDim>& padding) {
  bool interior = false;
  for (const PadDim& p : padding) interior |= p.interior != 0;
  std::string out;
  for (size_t i = 0; i < padding.size(); ++i) {
    if (i > 0) out += "x";
    out += fmt::format("{}_{}", padding[i].low, padding[i].high);
    if (interior) out += fmt::format("_{}", padding[i].interior);
  }
  return out;
}

std::string FormatSlice(const std::vector<SliceDim>& slice) {
  std::string out = "{";
  for (size_t i = 0; i < slice.size(); ++i) {
    if (i > 0) out += ", ";
    out += fmt::format("[{}:{}", slice[i].start, slice[i].limit);
    if (slice[i].stride != 1) out += fmt::format(":{}", slice[i].stride);
    out += "]";
  }
  return out + "}";
}

std::vector<int64_t> ExpandIota(const std::vector<int64_t>& reshape,
                                const std::vector<int64_t>& transpose) {
  size_t rank = reshape.size();
  std::vector<int64_t> perm = transpose;
  if (perm.empty()) {
    for (size_t i = 0; i < rank; ++i) perm.push_back(static_cast<int64_t>(i));
  }
  std::vector<bool> used(rank, false);
  if (perm.size() != rank) return {};
  int64_t n = 1;
  for (size_t k = 0; k < rank; ++k) {
    if (perm[k] < 0 || perm[k] >= static_cast<int64_t>(rank) || used[perm[k]]) return {};
    if (reshape[k] < 0 || (reshape[k] > 0 && n > (int64_t{1} << 24) / reshape[k])) return {};
    used[perm[k]] = true;
    n *= reshape[k];
  }
  std::vector<int64_t> strides = RowMajorStrides(reshape), idx(rank, 0), out;
  out.reserve(n);
  for (int64_t i = 0; i < n; ++i) {
    int64_t src = 0;
    for (size_t k = 0; k < rank; ++k) src += idx[k] * strides[perm[k]];
    out.push_back(src);
    for (int64_t k = static_cast<int64_t>(rank) - 1; k >= 0; --k) {
      if (++idx[k] < reshape[perm[k]]) break;
      idx[k] = 0;
    }
  }
  return out;
}

std::string FormatReplicaGroups(const ReplicaGroups& g) {
  if (g.iota_group_dims.size() == 2 && !g.iota_reshape.empty()) {
    std::vector<int64_t> flat;
    for (const auto& group : g.groups) flat.insert(flat.end(), group.begin(), group.end());
    bool shape_ok = static_cast<int64_t>(g.groups.size()) == g.iota_group_dims[0];
    for (const auto& group : g.groups) {
      shape_ok = shape_ok && static_cast<int64_t>(group.size()) == g.iota_group_dims[1];
    }
    // The iota form is printed only while it still describes `groups` exactly.
    if (shape_ok && flat == ExpandIota(g.iota_reshape, g.iota_transpose)) {
      std::string out =
          IntList(g.iota_group_dims, '[', ']') + "<=" + IntList(g.iota_reshape, '[', ']');
      if (!g.iota_transpose.empty()) out += "T" + IntList(g.iota_transpose, '(', ')');
      return out;
    }
  }
  std::string out = "{";
  for (size_t i = 0; i < g.groups.size(); ++i) {
    if (i > 0) out += ",";
    out += IntList(g.groups[i]);
  }
  return out + "}";
}

std::string FormatMetadata(const OpMetadata& m) {
  std::vector<std::string> parts;
  if (!m.op_type.empty()) parts.push_back(fmt::format("op_type=\"{}\"", Escape(m.op_type)));
  if (!m.op_name.empty()) parts.push_back(fmt::format("op_name=\"{}\"", Escape(m.op_name)));
  if (!m.source_file.empty()) {
    parts.push_back(fmt::format("source_file=\"{}\"", Escape(m.source_file)));
  }
  if (m.source_line >= 0) parts.push_back(fmt::format("source_line={}", m.source_line));
  for (const auto& [k, v] : m.other) parts.push_back(k + "=" + v);
  return fmt::format("{{{}}}", fmt::join(parts, " "));
}

std::string FormatStringMap(const std::vector<std::pair<std::string, std::string>>& map) {
  std::string out = "{";
  for (size_t i = 0; i < map.size(); ++i) {
    if (i > 0) out += ",";
    out += fmt::format("{}=\"{}\"", map[i].first, Escape(map[i].second));
  }
  return out + "}";
}

namespace {

// True when `s` is one balanced {...} group (strings respected), so it can be printed raw.
bool IsBracedGroup(std::string_view s) {
  if (s.size() < 2 || s.front() != '{' || s.back() != '}') return false;
  int64_t depth = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (c == '"') {
      for (++i; i < s.size() && s[i] != '"'; ++i) {
        if (s[i] == '\\') ++i;
      }
      if (i >= s.size()) return false;
      continue;
    }
    if (c == '{' || c == '(' || c == '[') ++depth;
    if (c == '}' || c == ')' || c == ']') --depth;
    if (depth < 0 || (depth == 0 && i + 1 < s.size())) return false;
  }
  return depth == 0;
}

}  // namespace

std::string FormatBackendConfig(const std::string& config) {
  if (IsBracedGroup(config)) return config;
  return fmt::format("\"{}\"", Escape(config));
}

std::string FormatIoAlias(const std::vector<IoAlias>& aliases) {
  std::vector<std::string> parts;
  for (const IoAlias& a : aliases) {
    std::string p = fmt::format("{}: ({}, {}", IntList(a.output_index), a.parameter_number,
                                IntList(a.parameter_index));
    if (!a.kind.empty()) p += ", " + a.kind;
    parts.push_back(p + ")");
  }
  return fmt::format("{{ {} }}", fmt::join(parts, ", "));
}

}  // namespace printer_internal

std::string PrintSharding(const HloSharding& s) {
  using printer_internal::IntList;
  std::string meta = s.metadata.empty() ? "" : " metadata=" + s.metadata;
  switch (s.kind) {
    case HloSharding::Kind::kReplicated:
      return "{replicated" + meta + "}";
    case HloSharding::Kind::kManual:
      return "{manual" + meta + "}";
    case HloSharding::Kind::kUnknown:
      return "{unknown" + meta + "}";
    case HloSharding::Kind::kMaximal:
      return fmt::format("{{maximal device={}{}}}", s.device, meta);
    case HloSharding::Kind::kTuple: {
      std::vector<std::string> parts;
      for (const HloSharding& e : s.tuple) parts.push_back(PrintSharding(e));
      return fmt::format("{{{}}}", fmt::join(parts, ", "));
    }
    case HloSharding::Kind::kTiled:
      break;
  }
  std::string out = "{devices=" + IntList(s.tile_dims, '[', ']');
  if (!s.iota_reshape.empty() &&
      s.devices == printer_internal::ExpandIota(s.iota_reshape, s.iota_transpose)) {
    out += "<=" + IntList(s.iota_reshape, '[', ']');
    if (!s.iota_transpose.empty()) out += "T" + IntList(s.iota_transpose, '(', ')');
  } else {
    out += fmt::format("{}", fmt::join(s.devices, ","));
  }
  if (s.last_tile_dim_replicate) out += " last_tile_dim_replicate";
  if (!s.last_tile_dims.empty()) {
    out += fmt::format(" last_tile_dims={{{}}}", fmt::join(s.last_tile_dims, ", "));
  }
  return out + meta + "}";
}

}  // namespace xpar
