// Shardy (the `sdy` dialect JAX exports today) read as HLO shardings: `sdy.mesh` declarations,
// `#sdy.sharding<@mesh, [{"x"}, {}]>` on arguments, results and ops, sharding_constraint and
// reshard. A dimension's axes (major first) become its tile count; the device order is the mesh
// (iota, or device_ids) transposed to those axes, unused axes last as a replicated subgroup:
//   sdy.mesh @m = <["x"=2, "y"=2]>, <@m, [{"y"}, {}]>  ->  {devices=[2,1,2]<=[2,2]T(1,0)
//   last_tile_dim_replicate}
// Sub-axes ("x":(1)2, the major half of "x"=4) cut their axis into factors, each a mesh axis of
// its own for that sharding: <@m, [{"x":(2)2}]> on ["x"=4] is {devices=[2,2]<=[2,2]T(1,0)
// last_tile_dim_replicate}. Open dimensions (`?`) and priorities (`p0`) are accepted and
// ignored: xpar keeps the given axes as the user's choice. Unreduced axes (a pending partial
// sum, `unreduced={"y"}`) are read as replicated: HLO shardings cannot ask for a partial sum.
#include <algorithm>
#include <numeric>

#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {
namespace {

// The HLO sharding for `dim_axes` (mesh axis indices per tensor dimension, major first).
HloSharding ToHlo(const Parser::SdyMesh& mesh, const std::vector<std::vector<int64_t>>& dim_axes) {
  std::vector<int64_t> order, tile_dims;
  std::vector<bool> used(mesh.axes.size(), false);
  bool tiled = false;
  for (const auto& axes : dim_axes) {
    int64_t n = 1;
    for (int64_t a : axes) {
      n *= mesh.sizes[a];
      used[a] = true;
      if (mesh.sizes[a] > 1) order.push_back(a);
    }
    tiled = tiled || n > 1;
    tile_dims.push_back(n);
  }
  if (!tiled) return HloSharding::Replicated();
  int64_t replicated = 1;
  for (size_t a = 0; a < mesh.axes.size(); ++a) {
    if (!used[a] && mesh.sizes[a] > 1) {
      order.push_back(static_cast<int64_t>(a));
      replicated *= mesh.sizes[a];
    }
  }
  HloSharding s;
  s.kind = HloSharding::Kind::kTiled;
  s.tile_dims = tile_dims;
  if (replicated > 1) {
    s.tile_dims.push_back(replicated);
    s.last_tile_dim_replicate = true;
  }
  // Axes of size 1 change nothing: the iota runs over the others, in mesh order.
  std::vector<int64_t> kept, position(mesh.axes.size(), -1), strides(mesh.axes.size(), 1);
  for (size_t a = 0; a < mesh.axes.size(); ++a) {
    if (mesh.sizes[a] > 1) {
      position[a] = static_cast<int64_t>(kept.size());
      kept.push_back(mesh.sizes[a]);
    }
  }
  for (int64_t a = static_cast<int64_t>(mesh.axes.size()) - 2; a >= 0; --a) {
    strides[a] = strides[a + 1] * mesh.sizes[a + 1];
  }
  const int64_t total =
      std::accumulate(kept.begin(), kept.end(), int64_t{1}, std::multiplies<int64_t>());
  std::vector<int64_t> idx(order.size(), 0);
  for (int64_t i = 0; i < total; ++i) {
    int64_t src = 0;
    for (size_t k = 0; k < order.size(); ++k) src += idx[k] * strides[order[k]];
    s.devices.push_back(mesh.device_ids.empty() ? src : mesh.device_ids[src]);
    for (int64_t k = static_cast<int64_t>(order.size()) - 1; k >= 0; --k) {
      if (++idx[k] < mesh.sizes[order[k]]) break;
      idx[k] = 0;
    }
  }
  if (mesh.device_ids.empty()) {
    s.iota_reshape = kept;
    bool identity = true;
    for (size_t k = 0; k < order.size(); ++k) {
      s.iota_transpose.push_back(position[order[k]]);
      identity = identity && position[order[k]] == static_cast<int64_t>(k);
    }
    if (identity) {
      s.iota_reshape = {total};
      s.iota_transpose.clear();
    }
  }
  return s;
}

}  // namespace

// `sdy.mesh @name = <["x"=2, "y"=2]>` or `<["a"=4], device_ids=[3, 2, 1, 0]>`.
Status Parser::ParseSdyMesh() {
  Token head = lex_.Next();
  Token name = lex_.Next();
  if (name.kind != Tok::kSymbol) return Error(name.offset, "expected the mesh name (@name)");
  RETURN_IF_ERROR(Expect("=", "after the mesh name"));
  ASSIGN_OR_RETURN(SdyMesh mesh, ParseSdyMeshBody());
  std::string key(name.text.substr(1));
  if (sdy_meshes_.count(key))
    return Error(head.offset, fmt::format("redefinition of mesh '@{}'", key));
  sdy_meshes_[key] = std::move(mesh);
  return SkipLocation();
}

Expected<Parser::SdyMesh> Parser::ParseSdyMeshBody() {
  SdyMesh mesh;
  RETURN_IF_ERROR(Expect("<", "to open the mesh"));
  RETURN_IF_ERROR(Expect("[", "to open the mesh axes"));
  while (!lex_.TryConsume("]")) {
    if (!mesh.axes.empty()) RETURN_IF_ERROR(Expect(",", "between mesh axes"));
    Token axis = lex_.Next();
    if (axis.kind != Tok::kString) return Error(axis.offset, "expected a mesh axis name (\"x\")");
    RETURN_IF_ERROR(Expect("=", "after the mesh axis name"));
    Token size = lex_.Next();
    const std::optional<int64_t> axis_size =
        size.kind == Tok::kInt ? DecimalInt64(size.text) : std::nullopt;
    if (!axis_size || *axis_size < 1) {
      return Error(size.offset, "expected the mesh axis size (a positive integer)");
    }
    for (const std::string& a : mesh.axes) {
      if (a == Unescape(axis.text)) return Error(axis.offset, "duplicate mesh axis name");
    }
    mesh.axes.push_back(Unescape(axis.text));
    mesh.sizes.push_back(*axis_size);
  }
  if (lex_.TryConsume(",")) {
    RETURN_IF_ERROR(Expect("device_ids", "in the mesh"));
    RETURN_IF_ERROR(Expect("=", "after 'device_ids'"));
    ASSIGN_OR_RETURN(Attr ids, ParseAttrValue());
    auto v = AttrInts(ids);
    if (!v.ok()) return Error(ids.offset, "device_ids must be a list of integers");
    mesh.device_ids = std::move(*v);
    int64_t n = std::accumulate(mesh.sizes.begin(), mesh.sizes.end(), int64_t{1},
                                std::multiplies<int64_t>());
    if (static_cast<int64_t>(mesh.device_ids.size()) != n) {
      return Error(ids.offset, fmt::format("device_ids has {} entries; the mesh has {} devices",
                                           mesh.device_ids.size(), n));
    }
  }
  RETURN_IF_ERROR(Expect(">", "to close the mesh"));
  return mesh;
}

// After `#sdy.name`: the balanced `<...>`, kept as source text (Attr::text) for ReadSdyAttr.
Status Parser::SkipSdyAttr(Attr* out) {
  int64_t open = lex_.NextOffset();
  RETURN_IF_ERROR(Expect("<", fmt::format("after '#{}'", out->s)));
  for (int depth = 1; depth > 0;) {
    Token t = lex_.Next();
    if (t.kind == Tok::kEof) return Error(open, fmt::format("unterminated '#{}<'", out->s));
    if (t.Is("<")) ++depth;
    if (t.Is(">")) --depth;
  }
  return Status::Ok();
}

// `{"x", "y":(1)2, ?}p1`: the axis references (major first) appended to `into`; `?` only where
// `allow_open`; the priority is read and dropped.
Status Parser::ParseSdyAxisSet(const SdyMesh& mesh, std::vector<SdyAxisRef>* into,
                               bool allow_open) {
  RETURN_IF_ERROR(Expect("{", "to open an axis list"));
  for (bool first = true; !lex_.TryConsume("}"); first = false) {
    if (!first) RETURN_IF_ERROR(Expect(",", "between axes"));
    if (allow_open && lex_.TryConsume("?")) continue;
    Token a = lex_.Next();
    if (a.kind != Tok::kString) {
      return Error(a.offset, fmt::format("expected an axis name, found '{}'", a.text));
    }
    std::string name = Unescape(a.text);
    size_t k = 0;
    while (k < mesh.axes.size() && mesh.axes[k] != name) ++k;
    if (k == mesh.axes.size())
      return Error(a.offset, fmt::format("the mesh has no axis \"{}\"", name));
    SdyAxisRef ref{static_cast<int64_t>(k), 0, 0, a.offset};
    if (lex_.TryConsume(":")) {  // "x":(pre)size
      RETURN_IF_ERROR(Expect("(", "to open the sub-axis pre-size"));
      Token pre = lex_.Next();
      RETURN_IF_ERROR(Expect(")", "after the sub-axis pre-size"));
      Token size = lex_.Next();
      if (pre.kind != Tok::kInt || size.kind != Tok::kInt) {
        return Error(a.offset, "expected a sub-axis \"x\":(pre-size)size");
      }
      ref.pre = DecimalInt64(pre.text).value_or(-1);
      ref.size = DecimalInt64(size.text).value_or(-1);
      const int64_t n = mesh.sizes[k];
      if (ref.pre < 1 || ref.size < 2 || ref.pre > n || ref.size > n || n % ref.pre != 0 ||
          n % (ref.pre * ref.size) != 0) {
        return Error(a.offset, fmt::format("sub-axis \"{}\":({}){} does not fit axis \"{}\" of "
                                           "size {} (pre-size * size must divide it, size > 1)",
                                           name, ref.pre, ref.size, name, n));
      }
    }
    into->push_back(ref);
  }
  Token p = lex_.Peek();
  if (p.kind == Tok::kBareId && p.text.size() > 1 && p.text[0] == 'p' &&
      p.text.find_first_not_of("0123456789", 1) == std::string_view::npos) {
    lex_.Next();
  }
  return Status::Ok();
}

// Cuts every mesh axis at the boundaries its sub-axes name (pre-size and pre-size * size, as
// products from the major end) into factors, and maps each reference onto its factors; a factor
// may be named once per sharding.
Expected<Parser::SdySharding> Parser::RefineSdyAxes(
    const SdyMesh& mesh, const std::vector<std::vector<SdyAxisRef>>& dims,
    const std::vector<SdyAxisRef>& replicated, int64_t at) {
  const size_t num_axes = mesh.axes.size();
  std::vector<std::vector<int64_t>> cuts(num_axes);
  for (size_t a = 0; a < num_axes; ++a) cuts[a] = {1, mesh.sizes[a]};
  auto note = [&](const SdyAxisRef& r) {
    if (r.pre > 0) {
      cuts[r.axis].push_back(r.pre);
      cuts[r.axis].push_back(r.pre * r.size);
    }
  };
  for (const auto& d : dims) std::for_each(d.begin(), d.end(), note);
  std::for_each(replicated.begin(), replicated.end(), note);
  SdySharding out;
  out.mesh = &mesh;
  out.factors.device_ids = mesh.device_ids;
  std::vector<std::vector<int64_t>> first_factor(num_axes);  // factor index per cut
  for (size_t a = 0; a < num_axes; ++a) {
    std::sort(cuts[a].begin(), cuts[a].end());
    cuts[a].erase(std::unique(cuts[a].begin(), cuts[a].end()), cuts[a].end());
    for (size_t i = 0; i + 1 < cuts[a].size(); ++i) {
      if (cuts[a][i + 1] % cuts[a][i] != 0) {
        return Error(at, fmt::format("the sub-axes of \"{}\" overlap without nesting ({} and {})",
                                     mesh.axes[a], cuts[a][i], cuts[a][i + 1]));
      }
      first_factor[a].push_back(static_cast<int64_t>(out.factors.sizes.size()));
      const int64_t size = cuts[a][i + 1] / cuts[a][i];
      out.factors.axes.push_back(cuts[a].size() == 2
                                     ? mesh.axes[a]
                                     : fmt::format("{}:({}){}", mesh.axes[a], cuts[a][i], size));
      out.factors.sizes.push_back(size);
      out.axis_of.push_back(static_cast<int64_t>(a));
      out.post.push_back(mesh.sizes[a] / cuts[a][i + 1]);
    }
  }
  std::vector<bool> used(out.factors.sizes.size(), false);
  auto map = [&](const SdyAxisRef& r, std::vector<int64_t>* into) -> Status {
    const auto& c = cuts[r.axis];
    const int64_t lo = r.pre > 0 ? r.pre : 1, hi = r.pre > 0 ? r.pre * r.size : c.back();
    for (size_t i = 0; i + 1 < c.size(); ++i) {
      if (c[i] < lo || c[i + 1] > hi) continue;
      const int64_t f = first_factor[r.axis][i];
      if (used[f]) {
        return Error(r.offset, fmt::format("mesh axis \"{}\" is used twice", mesh.axes[r.axis]));
      }
      used[f] = true;
      if (into) into->push_back(f);
    }
    return Status::Ok();
  };
  for (const auto& d : dims) {
    out.dims.emplace_back();
    for (const SdyAxisRef& r : d) RETURN_IF_ERROR(map(r, &out.dims.back()));
  }
  for (const SdyAxisRef& r : replicated) RETURN_IF_ERROR(map(r, nullptr));
  return out;
}

// `<@mesh, [{"x"}, {"y", ?}p1], replicated={"z"}>` (the leading '<' next); the mesh may also
// be inline: `<mesh<["a"=2]>, [...]>`. `rank` < 0: not checked.
Expected<Parser::SdySharding> Parser::ParseSdySharding(int64_t rank, SdyMesh* inline_mesh) {
  int64_t open = lex_.NextOffset();
  RETURN_IF_ERROR(Expect("<", "to open the Shardy sharding"));
  const SdyMesh* mesh = nullptr;
  Token m = lex_.Peek();
  if (m.kind == Tok::kSymbol) {
    lex_.Next();
    auto it = sdy_meshes_.find(std::string(m.text.substr(1)));
    if (it == sdy_meshes_.end()) {
      return Error(m.offset,
                   fmt::format("unknown mesh '{}' (declare it with sdy.mesh first)", m.text));
    }
    mesh = &it->second;
  } else if (lex_.TryConsume("mesh") || lex_.TryConsume("#sdy.mesh")) {
    ASSIGN_OR_RETURN(*inline_mesh, ParseSdyMeshBody());
    mesh = inline_mesh;
  } else {
    return Error(m.offset, fmt::format("expected a mesh (@name), found '{}'", m.text));
  }
  RETURN_IF_ERROR(Expect(",", "after the mesh"));
  RETURN_IF_ERROR(Expect("[", "to open the dimension shardings"));
  std::vector<std::vector<SdyAxisRef>> dims;
  std::vector<SdyAxisRef> replicated;
  while (!lex_.TryConsume("]")) {
    if (!dims.empty()) RETURN_IF_ERROR(Expect(",", "between dimension shardings"));
    dims.emplace_back();
    RETURN_IF_ERROR(ParseSdyAxisSet(*mesh, &dims.back(), true));
  }
  while (lex_.TryConsume(",")) {
    Token key = lex_.Next();
    RETURN_IF_ERROR(Expect("=", fmt::format("after '{}'", key.text)));
    if (key.Is("replicated")) {
      RETURN_IF_ERROR(ParseSdyAxisSet(*mesh, &replicated, false));
    } else if (key.Is("unreduced")) {
      // A pending sum over these axes: the same global value, which an HLO sharding leaves
      // replicated over them (the sum is then resolved at this value, not at the later
      // sdy.all_reduce).
      RETURN_IF_ERROR(ParseSdyAxisSet(*mesh, &replicated, false));
    } else {
      return Error(key.offset, fmt::format("unknown Shardy sharding field '{}'", key.text));
    }
  }
  RETURN_IF_ERROR(Expect(">", "to close the Shardy sharding"));
  // A mesh without axes (maximal, `<@maximal, []>`) may leave the dimensions out.
  if (rank >= 0 && static_cast<int64_t>(dims.size()) != rank &&
      !(dims.empty() && mesh->axes.empty())) {
    return Error(open, fmt::format("the sharding has {} dimension(s); the tensor has rank {}",
                                   dims.size(), rank));
  }
  return RefineSdyAxes(*mesh, dims, replicated, open);
}

HloSharding SdyShardingToHlo(const Parser::SdySharding& s) {
  if (s.mesh->axes.empty() && s.mesh->device_ids.size() == 1) {
    HloSharding h;
    h.kind = HloSharding::Kind::kMaximal;
    h.device = s.mesh->device_ids[0];
    return h;
  }
  return ToHlo(s.factors, s.dims);
}

Expected<HloSharding> Parser::ParseSdyTensorSharding(int64_t rank) {
  SdyMesh inline_mesh;
  ASSIGN_OR_RETURN(SdySharding s, ParseSdySharding(rank, &inline_mesh));
  return SdyShardingToHlo(s);
}

// `#sdy.sharding<...>` for `shape`, or `#sdy.sharding_per_value<[<...>, ...]>` (a tuple
// sharding when `shape` is a tuple), read again from the attribute's source text.
Expected<HloSharding> Parser::ReadSdyAttr(const Attr& attr, const Shape& shape) {
  if (attr.kind != Attr::Kind::kDialect ||
      (attr.s != "sdy.sharding" && attr.s != "sdy.sharding_per_value")) {
    return Error(attr.offset,
                 "sdy.sharding must be #sdy.sharding<...> or "
                 "#sdy.sharding_per_value<[...]>");
  }
  int64_t save = lex_.pos();
  lex_.set_pos(attr.offset);
  if (!lex_.Peek().Is("<")) lex_.Next();  // `#sdy.sharding`; the pretty op form has none
  auto read = [&]() -> Expected<HloSharding> {
    if (attr.s == "sdy.sharding")
      return ParseSdyTensorSharding(shape.IsArray() ? shape.rank() : -1);
    std::vector<const Shape*> leaves;
    if (shape.IsTuple()) {
      for (const Shape& leaf : shape.tuple_shapes()) leaves.push_back(&leaf);
    } else {
      leaves.push_back(&shape);
    }
    RETURN_IF_ERROR(Expect("<", "after '#sdy.sharding_per_value'"));
    RETURN_IF_ERROR(Expect("[", "to open the per-value shardings"));
    HloSharding tuple;
    tuple.kind = HloSharding::Kind::kTuple;
    while (!lex_.TryConsume("]")) {
      if (!tuple.tuple.empty()) RETURN_IF_ERROR(Expect(",", "between shardings"));
      size_t i = tuple.tuple.size();
      int64_t rank = i < leaves.size() && leaves[i]->IsArray() ? leaves[i]->rank() : -1;
      ASSIGN_OR_RETURN(HloSharding one, ParseSdyTensorSharding(rank));
      tuple.tuple.push_back(std::move(one));
    }
    RETURN_IF_ERROR(Expect(">", "to close '#sdy.sharding_per_value'"));
    if (tuple.tuple.size() != leaves.size()) {
      return Error(attr.offset, fmt::format("{} sharding(s) for {} value(s)", tuple.tuple.size(),
                                            leaves.size()));
    }
    if (!shape.IsTuple()) return tuple.tuple[0];
    return tuple;
  };
  auto result = read();
  lex_.set_pos(save);
  return result;
}

}  // namespace xpar::mlir
