// Device-assignment attributes of the HLO text parser: sharding={...} (replicated, maximal,
// tiled lists and the iota form, subgroups, tuples), replica_groups and source_target_pairs.
#include "frontends/hlo/hlo_parser_impl.h"

namespace xpar::hlo {
namespace {

constexpr int64_t kMaxIotaDevices = int64_t{1} << 24;

// Product of `dims`, or -1 when a dim is negative or the product exceeds kMaxIotaDevices.
int64_t BoundedProduct(const std::vector<int64_t>& dims) {
  int64_t n = 1;
  for (int64_t d : dims) {
    if (d < 0 || (d > 0 && n > kMaxIotaDevices / d)) return -1;
    n *= d;
  }
  return n;
}

}  // namespace

// `[2,4]` or `[2,4]T(1,0)` after `<=`: iota(N) reshaped to [2,4], transposed, flattened.
Status Parser::ParseIota(std::vector<int64_t>* reshape, std::vector<int64_t>* transpose,
                         std::vector<int64_t>* expanded) {
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  RETURN_IF_ERROR(ParseIntList(reshape, '[', ']'));
  transpose->clear();
  if (lex_.RawAt(0) == 'T') {
    lex_.set_pos(lex_.pos() + 1);
    RETURN_IF_ERROR(ParseIntList(transpose, '(', ')'));
  }
  int64_t n = BoundedProduct(*reshape);
  if (n < 0) return Error(off, "iota device list is too large or has a negative dimension");
  size_t rank = reshape->size();
  std::vector<int64_t> perm = *transpose;
  if (perm.empty()) {
    for (size_t i = 0; i < rank; ++i) perm.push_back(static_cast<int64_t>(i));
  }
  std::vector<bool> used(rank, false);
  bool ok = perm.size() == rank;
  for (int64_t p : perm) {
    ok = ok && p >= 0 && p < static_cast<int64_t>(rank) && !used[p];
    if (ok) used[p] = true;
  }
  if (!ok) return Error(off, "iota transpose T(...) is not a permutation of the reshape dims");
  std::vector<int64_t> tdims(rank), strides = RowMajorStrides(*reshape), idx(rank, 0);
  for (size_t k = 0; k < rank; ++k) tdims[k] = (*reshape)[perm[k]];
  expanded->clear();
  expanded->reserve(n);
  for (int64_t i = 0; i < n; ++i) {
    int64_t src = 0;
    for (size_t k = 0; k < rank; ++k) src += idx[k] * strides[perm[k]];
    expanded->push_back(src);
    for (int64_t k = static_cast<int64_t>(rank) - 1; k >= 0; --k) {
      if (++idx[k] < tdims[k]) break;
      idx[k] = 0;
    }
  }
  return Status::Ok();
}

// After `devices=`: `[2,1]0,1` or `[4,2]<=[2,4]T(1,0)`.
Status Parser::ParseTiledSharding(HloSharding* out) {
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  out->kind = HloSharding::Kind::kTiled;
  RETURN_IF_ERROR(ParseIntList(&out->tile_dims, '[', ']'));
  int64_t n = BoundedProduct(out->tile_dims);
  if (n < 0) return Error(off, "tile assignment is too large or has a negative dimension");
  if (lex_.TryConsume("<=")) {
    RETURN_IF_ERROR(ParseIota(&out->iota_reshape, &out->iota_transpose, &out->devices));
  } else {
    while (true) {
      int64_t d;
      RETURN_IF_ERROR(ParseInt(&d));
      out->devices.push_back(d);
      if (lex_.Peek() != ',') break;
      lex_.TryConsume(',');
    }
  }
  if (static_cast<int64_t>(out->devices.size()) != n) {
    return Error(off, fmt::format("tile assignment has {} devices but its dims need {}",
                                  out->devices.size(), n));
  }
  return Status::Ok();
}

// `{replicated}`, `{maximal device=0}`, `{devices=[2,1]0,1 last_tile_dim_replicate}`,
// `{{replicated}, {manual}}`, ... with an optional `metadata={...}`.
Status Parser::ParseSharding(HloSharding* out) {
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  RETURN_IF_ERROR(Expect('{', "to open sharding={...}"));
  if (lex_.Peek() == '{' || lex_.Peek() == '}') {
    out->kind = HloSharding::Kind::kTuple;
    if (lex_.TryConsume('}')) return Status::Ok();
    while (true) {
      HloSharding elem;
      RETURN_IF_ERROR(ParseSharding(&elem));
      out->tuple.push_back(std::move(elem));
      if (lex_.TryConsume(',')) continue;
      return Expect('}', "to close the tuple sharding");
    }
  }
  bool has_kind = false;
  while (!lex_.TryConsume('}')) {
    lex_.SkipSpace();
    int64_t woff = lex_.pos();
    std::string_view word = lex_.ReadName();
    auto set_kind = [&](HloSharding::Kind k) -> Status {
      if (has_kind) return Error(woff, "sharding names more than one kind");
      has_kind = true;
      out->kind = k;
      return Status::Ok();
    };
    if (word == "replicated") {
      RETURN_IF_ERROR(set_kind(HloSharding::Kind::kReplicated));
    } else if (word == "manual") {
      RETURN_IF_ERROR(set_kind(HloSharding::Kind::kManual));
    } else if (word == "unknown") {
      RETURN_IF_ERROR(set_kind(HloSharding::Kind::kUnknown));
    } else if (word == "maximal") {
      RETURN_IF_ERROR(set_kind(HloSharding::Kind::kMaximal));
      if (!lex_.TryKeyword("device")) return ErrorHere("expected device=N after 'maximal'");
      RETURN_IF_ERROR(Expect('=', "after 'device'"));
      RETURN_IF_ERROR(ParseInt(&out->device));
    } else if (word == "devices") {
      RETURN_IF_ERROR(set_kind(HloSharding::Kind::kTiled));
      RETURN_IF_ERROR(Expect('=', "after 'devices'"));
      RETURN_IF_ERROR(ParseTiledSharding(out));
    } else if (word == "last_tile_dim_replicate") {
      out->last_tile_dim_replicate = true;
    } else if (word == "last_tile_dims") {
      RETURN_IF_ERROR(Expect('=', "after 'last_tile_dims'"));
      RETURN_IF_ERROR(Expect('{', "to open last_tile_dims={...}"));
      while (!lex_.TryConsume('}')) {
        std::string_view k = lex_.ReadName();
        if (k.empty()) return ErrorHere("expected a subgroup kind such as manual or replicated");
        out->last_tile_dims.emplace_back(k);
        lex_.TryConsume(',');
      }
    } else if (word == "metadata") {
      RETURN_IF_ERROR(Expect('=', "after 'metadata'"));
      std::string_view v;
      lex_.SkipSpace();
      int64_t moff = lex_.pos();
      if (!lex_.ScanBraced(&v)) return Error(moff, "expected metadata={...} in the sharding");
      out->metadata = std::string(v);
    } else if (word.empty() && lex_.AtEnd()) {
      return Error(off, "unterminated sharding={...}");
    } else {
      return Error(woff, fmt::format("unknown or unsupported sharding field '{}'", word));
    }
  }
  if (!has_kind) return Error(off, "sharding={...} names no kind (replicated, devices=...)");
  return Status::Ok();
}

// `{{0,1},{2,3}}`, `{}`, or the iota form `[2,2]<=[4]` / `[2,2]<=[2,2]T(1,0)`.
Status Parser::ParseReplicaGroups(ReplicaGroups* out) {
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  if (lex_.RawAt(0) == '[') {
    RETURN_IF_ERROR(ParseIntList(&out->iota_group_dims, '[', ']'));
    if (out->iota_group_dims.size() != 2) {
      return Error(off, "iota replica_groups need [num_groups,group_size]");
    }
    if (!lex_.TryConsume("<=")) return ErrorHere("expected '<=' in iota replica_groups");
    std::vector<int64_t> ids;
    RETURN_IF_ERROR(ParseIota(&out->iota_reshape, &out->iota_transpose, &ids));
    int64_t groups = out->iota_group_dims[0], size = out->iota_group_dims[1];
    if (groups < 0 || size < 0 || groups * size != static_cast<int64_t>(ids.size())) {
      return Error(off, fmt::format("iota replica_groups [{},{}] do not cover the {} devices",
                                    groups, size, ids.size()));
    }
    for (int64_t g = 0; g < groups; ++g) {
      out->groups.emplace_back(ids.begin() + g * size, ids.begin() + (g + 1) * size);
    }
    return Status::Ok();
  }
  RETURN_IF_ERROR(Expect('{', "to open replica_groups={...}"));
  if (lex_.TryConsume('}')) return Status::Ok();
  while (true) {
    out->groups.emplace_back();
    RETURN_IF_ERROR(ParseIntList(&out->groups.back()));
    if (lex_.TryConsume(',')) continue;
    return Expect('}', "to close replica_groups={...}");
  }
}

// `{{0,1},{1,2}}`
Status Parser::ParsePairs(std::vector<std::pair<int64_t, int64_t>>* out) {
  RETURN_IF_ERROR(Expect('{', "to open source_target_pairs={...}"));
  if (lex_.TryConsume('}')) return Status::Ok();
  while (true) {
    lex_.SkipSpace();
    int64_t off = lex_.pos();
    std::vector<int64_t> pair;
    RETURN_IF_ERROR(ParseIntList(&pair));
    if (pair.size() != 2) return Error(off, "expected a {source,target} pair");
    out->emplace_back(pair[0], pair[1]);
    if (lex_.TryConsume(',')) continue;
    return Expect('}', "to close source_target_pairs={...}");
  }
}

}  // namespace xpar::hlo
