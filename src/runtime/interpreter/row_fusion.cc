// Row fusion, grouping (see row_fusion.h): each reduce over trailing dimensions names a split of
// an array shape into rows x columns; walking the program backwards, an instruction that computes
// row by row on that split becomes a group root, and its producers join the group when every
// reader of theirs is already in it (XLA's producer-consumer fusion rule).
#include "runtime/interpreter/row_fusion.h"

#include <algorithm>
#include <optional>

#include "runtime/interpreter/elementwise_internal.h"
#include "runtime/interpreter/fusion.h"
#include "runtime/interpreter/reduce_util.h"

namespace xpar {
namespace {

using Kind = RowFusion::Kind;
using Dims = std::vector<int64_t>;

constexpr int64_t kMinCols = 8;  // shorter rows: per-row dispatch costs more than it saves
constexpr int64_t kMinElements = 1 << 12;  // smaller arrays: fusion saves too little

// Rows of `dims` (rank n) split after the first k dimensions: kept dims [0, k), reduced [k, n).
struct Split {
  Dims dims;
  int64_t k;
  bool operator==(const Split&) const = default;
};

bool IsFloat(PrimitiveType t) {
  return t == PrimitiveType::kF32 || t == PrimitiveType::kBF16 || t == PrimitiveType::kF16 ||
         t == PrimitiveType::kF64;
}

bool IsRange(const Dims& v, int64_t first, int64_t end) {
  if (static_cast<int64_t>(v.size()) != end - first) return false;
  for (int64_t i = first; i < end; ++i) {
    if (v[i - first] != i) return false;
  }
  return true;
}

bool KeptDims(const Dims& d, const Split& s) {
  return static_cast<int64_t>(d.size()) == s.k && std::equal(d.begin(), d.end(), s.dims.begin());
}

// The kept dims followed by size-1 dims (a reduce with keepdim, as the TorchScript frontend
// writes it: reduce, then reshape to [kept..., 1, ...]): still one value per row.
bool KeptLikeDims(const Dims& d, const Split& s) {
  if (static_cast<int64_t>(d.size()) < s.k || !std::equal(d.begin(), d.begin() + s.k,
                                                          s.dims.begin())) {
    return false;
  }
  return std::all_of(d.begin() + s.k, d.end(), [](int64_t x) { return x == 1; });
}

bool ReducedDims(const Dims& d, const Split& s) {
  return d.size() == s.dims.size() - s.k && std::equal(d.begin(), d.end(), s.dims.begin() + s.k);
}

// The split a reduce folds over when it is a native add/multiply/max/min over trailing dims.
std::optional<Split> ReduceSplit(const Instruction& inst) {
  if (inst.opcode() != Opcode::kReduce || inst.operand_count() != 2 || inst.called().size() != 1 ||
      !inst.shape().IsArray() || !IsFloat(inst.shape().type())) {
    return std::nullopt;
  }
  const Shape& in = inst.operand(0)->shape();
  const Shape& init = inst.operand(1)->shape();
  const PrimitiveType t = inst.shape().type();
  if (!in.IsArray() || in.type() != t || !init.IsArray() || init.rank() != 0 || init.type() != t) {
    return std::nullopt;
  }
  const int64_t n = in.rank(), k = inst.shape().rank();
  if (k < 1 || k >= n || !IsRange(inst.attrs().dimensions, k, n)) return std::nullopt;
  Split s{in.dims(), k};
  if (!KeptDims(inst.shape().dims(), s)) return std::nullopt;
  switch (MatchNativeReducer(*inst.called()[0], t)) {
    case NativeReduceOp::kAdd:
    case NativeReduceOp::kMultiply:
    case NativeReduceOp::kMaximum:
    case NativeReduceOp::kMinimum:
      return s;
    case NativeReduceOp::kNone:
    case NativeReduceOp::kAnd:
    case NativeReduceOp::kOr:
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<Kind> ClassifyBroadcast(const Instruction& inst, const Split& s, bool full) {
  const Shape& o = inst.operand(0)->shape();
  if (!o.IsArray() || o.type() != inst.shape().type()) return std::nullopt;
  if (o.rank() == 0) return Kind::kScalarBroadcast;
  if (!full) return std::nullopt;
  const int64_t n = static_cast<int64_t>(s.dims.size());
  if (KeptDims(o.dims(), s) && IsRange(inst.attrs().dimensions, 0, s.k)) {
    return Kind::kRowBroadcast;
  }
  if (ReducedDims(o.dims(), s) && IsRange(inst.attrs().dimensions, s.k, n)) {
    return Kind::kColumnBroadcast;
  }
  return std::nullopt;
}

bool IsIndexInt(PrimitiveType t) { return t == PrimitiveType::kS32 || t == PrimitiveType::kS64; }
bool IsPred(PrimitiveType t) { return t == PrimitiveType::kPred; }

bool FullOf(const Instruction& inst, const Split& s, bool (*type_ok)(PrimitiveType)) {
  return inst.shape().IsArray() && type_ok(inst.shape().type()) && inst.shape().dims() == s.dims;
}

// An integer iota whose value depends only on the column: over a reduced dimension.
bool IsColumnIota(const Instruction& inst, const Split& s) {
  return inst.opcode() == Opcode::kIota && inst.operand_count() == 0 &&
         FullOf(inst, s, IsIndexInt) && inst.attrs().iota_dimension >= s.k &&
         inst.attrs().iota_dimension < static_cast<int64_t>(s.dims.size());
}

// One integer per row spread over the row.
bool IsRowInteger(const Instruction& inst, const Split& s) {
  if (inst.opcode() != Opcode::kBroadcast || inst.operand_count() != 1 ||
      !FullOf(inst, s, IsIndexInt)) {
    return false;
  }
  const Shape& o = inst.operand(0)->shape();
  return o.IsArray() && o.type() == inst.shape().type() && KeptDims(o.dims(), s) &&
         IsRange(inst.attrs().dimensions, 0, s.k);
}

// compare(column iota, row integer) or the reverse, in signed order: a mask the select that
// reads it computes per row (the one-hot mask of a cross-entropy loss).
bool IsColumnCompare(const Instruction& inst, const Split& s) {
  if (inst.opcode() != Opcode::kCompare || inst.operand_count() != 2 ||
      !FullOf(inst, s, IsPred)) {
    return false;
  }
  const Instruction& a = *inst.operand(0);
  const Instruction& b = *inst.operand(1);
  const ComparisonType ct = inst.attrs().comparison_type;
  return a.shape().type() == b.shape().type() &&
         (ct == ComparisonType::kDefault || ct == ComparisonType::kSigned) &&
         ((IsColumnIota(a, s) && IsRowInteger(b, s)) || (IsRowInteger(a, s) && IsColumnIota(b, s)));
}

// A select of two float rows of its type by a full-shape predicate.
bool IsRowSelect(const Instruction& inst, const Split& s) {
  if (inst.opcode() != Opcode::kSelect || inst.operand_count() != 3 ||
      !FullOf(inst, s, IsFloat) ||
      !FullOf(*inst.operand(0), s, IsPred)) {
    return false;
  }
  for (int64_t slot = 1; slot < 3; ++slot) {
    const Shape& o = inst.operand(slot)->shape();
    if (!o.IsArray() || o.type() != inst.shape().type() || o.dims() != s.dims) return false;
  }
  return true;
}

std::optional<Kind> ClassifyIndexOp(const Instruction& inst, const Split& s) {
  if (IsRowSelect(inst, s)) return Kind::kSelect;
  if (IsColumnCompare(inst, s)) return Kind::kColumnCompare;
  if (IsColumnIota(inst, s)) return Kind::kColumnIota;
  if (IsRowInteger(inst, s)) return Kind::kRowInteger;
  return std::nullopt;
}

// How `inst` would compute row by row on split `s`; nullopt when it cannot.
std::optional<Kind> Classify(const Instruction& inst, const Split& s) {
  const Shape& sh = inst.shape();
  if (!sh.IsArray()) return std::nullopt;
  if (std::optional<Kind> k = ClassifyIndexOp(inst, s)) return k;
  if (!IsFloat(sh.type())) return std::nullopt;
  const bool full = sh.dims() == s.dims;
  if (!full && !KeptLikeDims(sh.dims(), s)) return std::nullopt;
  if (IsFusibleFloatOp(inst.opcode())) {
    if (inst.operand_count() < 1 || inst.operand_count() > 2) return std::nullopt;
    for (const Instruction* op : inst.operands()) {
      if (op->shape().type() != sh.type() || op->shape().dims() != sh.dims()) return std::nullopt;
    }
    return full ? Kind::kRowOp : Kind::kScalarOp;
  }
  if (inst.opcode() == Opcode::kReduce) {
    std::optional<Split> r = ReduceSplit(inst);
    if (r && *r == s) return Kind::kReduce;
    return std::nullopt;
  }
  if (inst.opcode() == Opcode::kBroadcast && inst.operand_count() == 1) {
    return ClassifyBroadcast(inst, s, full);
  }
  if (inst.opcode() == Opcode::kReshape && inst.operand_count() == 1 && !full) {
    const Shape& o = inst.operand(0)->shape();
    if (o.IsArray() && o.type() == sh.type() && KeptLikeDims(o.dims(), s)) {
      return Kind::kScalarReshape;
    }
  }
  return std::nullopt;
}

// Whether a member of `kind` computes its operand `slot` inside the group (else reads it bound).
bool FusesOperand(Kind kind, int64_t slot) {
  switch (kind) {
    case Kind::kRowOp:
    case Kind::kScalarOp:
    case Kind::kRowBroadcast:
    case Kind::kScalarReshape:
    case Kind::kSelect:
    case Kind::kColumnCompare:
      return true;
    case Kind::kReduce:
      return slot == 0;
    case Kind::kColumnBroadcast:
    case Kind::kScalarBroadcast:
    case Kind::kColumnIota:
    case Kind::kRowInteger:
      return false;
  }
  return false;
}

int64_t Product(Dims::const_iterator first, Dims::const_iterator last) {
  int64_t p = 1;
  for (; first != last; ++first) p *= *first;
  return p;
}

}  // namespace

// Scratch state of one group search: reset after each attempt, so a search costs its own span.
struct RowFusionSearch {
  const Computation& c;
  const std::vector<std::vector<int64_t>>& users;
  const std::vector<int64_t>& root_of;
  std::vector<char> pending, member;
  std::vector<Kind> kind;

  // The group rooted at `root` on split `s`, or nullopt when it would hold no reduce.
  std::optional<RowFusion::Group> Build(int64_t root, Kind root_kind, const Split& s);

 private:
  bool AllReadersFuse(int64_t j) const;
};

bool RowFusionSearch::AllReadersFuse(int64_t j) const {
  if (users[j].empty()) return false;
  for (int64_t u : users[j]) {
    if (!member[u]) return false;
    const Instruction& user = *c.instructions()[u];
    for (int64_t slot = 0; slot < user.operand_count(); ++slot) {
      if (user.operand(slot)->index() == j && !FusesOperand(kind[u], slot)) return false;
    }
  }
  return true;
}

std::optional<RowFusion::Group> RowFusionSearch::Build(int64_t root, Kind root_kind,
                                                       const Split& s) {
  const auto& insts = c.instructions();
  std::vector<int64_t> members = {root}, touched;
  int64_t lo = root;
  auto add = [&](int64_t i, Kind k) {
    member[i] = 1;
    kind[i] = k;
    for (int64_t slot = 0; slot < insts[i]->operand_count(); ++slot) {
      if (!FusesOperand(k, slot)) continue;
      const int64_t o = insts[i]->operand(slot)->index();
      pending[o] = 1;
      touched.push_back(o);
      lo = std::min(lo, o);
    }
  };
  add(root, root_kind);
  bool has_reduce = root_kind == Kind::kReduce;
  for (int64_t j = root - 1; j >= lo; --j) {
    if (!pending[j] || root_of[j] >= 0 || insts[j].get() == c.root()) continue;
    std::optional<Kind> k = Classify(*insts[j], s);
    if (!k || !AllReadersFuse(j)) continue;
    add(j, *k);
    members.push_back(j);
    has_reduce = has_reduce || *k == Kind::kReduce;
  }
  for (int64_t t : touched) pending[t] = 0;
  for (int64_t m : members) member[m] = 0;
  if (!has_reduce || members.size() < 2) return std::nullopt;
  RowFusion::Group g;
  g.rows = Product(s.dims.begin(), s.dims.begin() + s.k);
  g.cols = Product(s.dims.begin() + s.k, s.dims.end());
  std::sort(members.begin(), members.end());  // program order: the root is last
  for (int64_t m : members) g.kinds.push_back(kind[m]);
  g.members = std::move(members);
  return g;
}

RowFusion::RowFusion(const Computation& c) : c_(c) {
  if (!LoopFusionEnabled()) return;
  const auto& insts = c.instructions();
  std::vector<Split> splits;
  for (const auto& inst : insts) {
    std::optional<Split> s = ReduceSplit(*inst);
    if (!s) continue;
    const int64_t cols = Product(s->dims.begin() + s->k, s->dims.end());
    if (cols < kMinCols || Product(s->dims.begin(), s->dims.end()) < kMinElements) continue;
    if (std::find(splits.begin(), splits.end(), *s) == splits.end()) splits.push_back(*s);
  }
  if (splits.empty()) return;
  std::vector<std::vector<int64_t>> users(insts.size());
  for (const auto& inst : insts) {
    for (const Instruction* op : inst->operands()) users[op->index()].push_back(inst->index());
  }
  root_of_.assign(insts.size(), -1);
  group_of_root_.assign(insts.size(), -1);
  RowFusionSearch search{c,
                         users,
                         root_of_,
                         std::vector<char>(insts.size(), 0),
                         std::vector<char>(insts.size(), 0),
                         std::vector<Kind>(insts.size(), Kind::kRowOp)};
  for (int64_t i = static_cast<int64_t>(insts.size()) - 1; i >= 0; --i) {
    if (root_of_[i] >= 0) continue;
    for (const Split& s : splits) {
      std::optional<Kind> k = Classify(*insts[i], s);
      if (!k || !IsFloat(insts[i]->shape().type())) continue;  // roots compute float rows
      std::optional<Group> g = search.Build(i, *k, s);
      if (!g) continue;
      for (int64_t m : g->members) root_of_[m] = i;
      group_of_root_[i] = static_cast<int64_t>(groups_.size());
      groups_.push_back(std::move(*g));
      break;
    }
  }
  if (groups_.empty()) root_of_.clear();
}

void RowFusion::ExtendLastUses(std::vector<int64_t>& last) const {
  ExtendLastUsesToGroupRoots(c_, root_of_, last);
}

}  // namespace xpar
