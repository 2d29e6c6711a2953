// Elementwise loop fusion (see fusion.h). Blocks of kBlock elements keep every intermediate in
// cache; blocks are split over the device's kernel threads.
#include "runtime/interpreter/fusion.h"

#include <algorithm>
#include <atomic>
#include <cstring>

#include "runtime/interpreter/elementwise_internal.h"
#include "runtime/interpreter/thread_pool.h"
#include "runtime/interpreter/vector_math.h"

namespace xpar {
namespace {

constexpr int64_t kBlock = 2048;           // elements per block: intermediates stay in L1/L2
constexpr int64_t kMinElements = 1 << 14;  // smaller arrays: fusion saves too little

// Element types a group may carry besides the floats: the integers of index arithmetic (a
// one-hot label mask is iota == broadcast(labels), then a select).
bool FusibleIntType(PrimitiveType t) {
  return t == PrimitiveType::kS32 || t == PrimitiveType::kS64 || t == PrimitiveType::kU32 ||
         t == PrimitiveType::kU64;
}
bool FusibleType(PrimitiveType t) { return IsFusibleFloatType(t) || FusibleIntType(t); }

// Whether compare `inst`'s comparison type applies to operands of type t (else it runs unfused
// and reports the error).
bool CompareApplies(const Instruction& inst, PrimitiveType t) {
  switch (inst.attrs().comparison_type) {
    case ComparisonType::kDefault: return true;
    case ComparisonType::kFloat: case ComparisonType::kTotalOrder: return IsFusibleFloatType(t);
    case ComparisonType::kSigned: case ComparisonType::kUnsigned: return FusibleIntType(t);
  }
  return false;
}

// An iota, a compare (pred result) or a select (pred, then two operands of the result's type),
// each over operands of the result's dims.
bool FusibleIndexOp(const Instruction& inst) {
  const Shape& s = inst.shape();
  for (const Instruction* op : inst.operands()) {
    if (!op->shape().IsArray() || op->shape().dims() != s.dims()) return false;
  }
  switch (inst.opcode()) {
    case Opcode::kIota:
      return inst.operand_count() == 0 && FusibleType(s.type()) &&
             inst.attrs().iota_dimension >= 0 && inst.attrs().iota_dimension < s.rank();
    case Opcode::kCompare: {
      if (inst.operand_count() != 2 || s.type() != PrimitiveType::kPred) return false;
      const PrimitiveType t = inst.operand(0)->shape().type();
      return t == inst.operand(1)->shape().type() && FusibleType(t) && CompareApplies(inst, t);
    }
    case Opcode::kSelect:
      return inst.operand_count() == 3 && FusibleType(s.type()) &&
             inst.operand(0)->shape().type() == PrimitiveType::kPred &&
             inst.operand(1)->shape().type() == s.type() &&
             inst.operand(2)->shape().type() == s.type();
    default: return false;  // the float ops and converts below
  }
}

// A float unary/binary op whose operands have its type and dims, a convert between two float
// types (f32, bf16, f16, f64) of the same dims, or a FusibleIndexOp.
bool Fusible(const Instruction& inst) {
  const Shape& s = inst.shape();
  if (!s.IsArray() || s.ElementCount() < kMinElements) return false;
  if (FusibleIndexOp(inst)) return true;
  const bool convert = inst.opcode() == Opcode::kConvert;
  if ((!convert && !IsFusibleFloatOp(inst.opcode())) || inst.operand_count() < 1 ||
      inst.operand_count() > 2) {
    return false;
  }
  if (!IsFusibleFloatType(s.type())) return false;  // integers, minifloats: unfused kernels
  for (const Instruction* op : inst.operands()) {
    if (!op->shape().IsArray() || op->shape().dims() != s.dims()) return false;
    if (convert ? !IsFusibleFloatType(op->shape().type()) : op->shape().type() != s.type()) {
      return false;
    }
  }
  return !convert || inst.operand_count() == 1;
}

// A broadcast a group may compute block by block: an operand whose dimensions map, in
// order, onto consecutive result dimensions (a scalar, a per-channel or a row vector), so the
// operand element of result element i is (i / inner) % operand size.
bool FusibleBroadcast(const Instruction& inst) {
  const Shape& s = inst.shape();
  if (inst.opcode() != Opcode::kBroadcast || inst.operand_count() != 1 || !s.IsArray() ||
      s.ElementCount() < kMinElements || !FusibleType(s.type())) {
    return false;
  }
  const Shape& x = inst.operand(0)->shape();
  const std::vector<int64_t>& map = inst.attrs().dimensions;
  if (!x.IsArray() || x.type() != s.type() || static_cast<int64_t>(map.size()) != x.rank()) {
    return false;
  }
  for (size_t k = 0; k < map.size(); ++k) {
    if (map[k] < 0 || map[k] >= s.rank() || (k > 0 && map[k] != map[k - 1] + 1) ||
        s.dim(map[k]) != x.dim(static_cast<int64_t>(k))) {
      return false;
    }
  }
  return true;
}

// A broadcast of a one-element value (a splat constant read as scalar + broadcast): each fused
// consumer computes its own copy block by block, so it is materialised only for users that do
// not fuse (a fill per block costs next to nothing; a materialised copy costs a full buffer).
bool CopiedIntoConsumers(const Instruction& inst, int uses, const Computation& c) {
  return inst.opcode() == Opcode::kBroadcast && uses > 1 && &inst != c.root() &&
         inst.operand(0)->shape().ElementCount() == 1;
}

// Result elements per operand element of a FusibleBroadcast (the dims after the mapped ones).
int64_t BroadcastInner(const Instruction& inst) {
  const std::vector<int64_t>& map = inst.attrs().dimensions;
  int64_t inner = 1;
  for (int64_t d = map.empty() ? 0 : map.back() + 1; d < inst.shape().rank(); ++d) {
    inner *= inst.shape().dim(d);
  }
  return inner;
}

// Elements [lo, lo + len) of a FusibleBroadcast of `x` into `y` (copies: exact).
void BroadcastBlock(const Instruction& inst, const uint8_t* x, uint8_t* y, int64_t lo,
                    int64_t len) {
  const int64_t w = ByteWidth(inst.shape().type());
  const int64_t size = std::max<int64_t>(1, inst.operand(0)->shape().ElementCount());
  const int64_t inner = std::max<int64_t>(1, BroadcastInner(inst));
  int64_t j = 0;
  if (inner == 1) {  // a row vector along the last dimensions: runs of the operand itself
    while (j < len) {
      const int64_t at = (lo + j) % size, run = std::min(len - j, size - at);
      std::memcpy(y + j * w, x + at * w, static_cast<size_t>(run * w));
      j += run;
    }
    return;
  }
  while (j < len) {
    const int64_t i = lo + j, run = std::min(len - j, inner - i % inner);
    const uint8_t* v = x + ((i / inner) % size) * w;
    if (w == 4) {
      float f;
      std::memcpy(&f, v, 4);
      std::fill_n(reinterpret_cast<float*>(y + j * w), run, f);
    } else if (w == 8) {
      uint64_t bits;
      std::memcpy(&bits, v, 8);
      std::fill_n(reinterpret_cast<uint64_t*>(y + j * w), run, bits);
    } else {
      for (int64_t r = 0; r < run; ++r) std::memcpy(y + (j + r) * w, v, w);
    }
    j += run;
  }
}

// One member's block: its op on `len` elements (from element `lo`) of its operands' blocks.
bool RunMemberBlock(const Instruction& inst, const void* const* in, void* y, int64_t lo,
                    int64_t len) {
  const Opcode op = inst.opcode();
  if (op == Opcode::kConvert) {
    return ConvertFloatBlock(inst.operand(0)->shape().type(), inst.shape().type(), in[0], y, len);
  }
  if (op == Opcode::kIota) {
    IotaBlock(inst, y, lo, len);
    return true;
  }
  if (op == Opcode::kCompare) {
    return CompareBlock(inst, inst.operand(0)->shape().type(), in[0], in[1],
                        static_cast<bool*>(y), len);
  }
  if (op == Opcode::kSelect) {
    return SelectBlock(ByteWidth(inst.shape().type()), static_cast<const bool*>(in[0]), in[1],
                       in[2], y, len);
  }
  return FloatElementwiseBlock(op, inst.shape().type(), in[0], in[1], y, len);
}

// One thread's runs of a group over its blocks. A block is cut where a broadcast of long
// runs (a scalar, or a per-channel value over a whole image) changes value; within a piece such
// a broadcast is one value, which f32 arithmetic reads directly (RowArithF32 with step 0)
// instead of a filled scratch block (ResNet-50's batch norm + ReLU: half the fused time went
// to filling broadcasts).
class GroupBlocks {
 public:
  GroupBlocks(const std::vector<std::unique_ptr<Instruction>>& insts,
              const std::vector<int64_t>& members, int64_t root,
              const std::vector<int64_t>& slot, const std::vector<const Literal*>& bound,
              Literal& out)
      : insts_(insts), members_(members), root_(root), bound_(bound),
        out_(out.raw()), out_width_(ByteWidth(out.type())),
        scratch_(members.size() * kSlot), slot_(slot),
        inner_(members.size(), 0), value_(members.size(), nullptr), filled_(members.size()) {
    for (size_t k = 0; k < members.size(); ++k) {
      const Instruction& inst = *insts[members[k]];
      if (inst.opcode() == Opcode::kBroadcast && members[k] != root &&
          BroadcastInner(inst) >= kMinUniformRun) {
        inner_[k] = BroadcastInner(inst);
      }
    }
  }

  // Elements [lo, lo + len); false when an op does not apply to its element types.
  bool Block(int64_t lo, int64_t len) {
    for (int64_t at = lo, end = lo + len; at < end;) {
      int64_t piece_end = end;
      for (int64_t inner : inner_) {
        if (inner > 0) piece_end = std::min(piece_end, (at / inner + 1) * inner);
      }
      if (!Piece(at, piece_end - at)) return false;
      at = piece_end;
    }
    return true;
  }

 private:
  // Members' scratch slots fit the widest type, 8 bytes.
  static constexpr int64_t kSlot = kBlock * 8;
  // Broadcasts whose value repeats at least this often are read as one value per piece.
  static constexpr int64_t kMinUniformRun = 256;

  uint8_t* Destination(size_t k, int64_t lo) {
    return members_[k] == root_ ? out_ + lo * out_width_ : scratch_.data() + k * kSlot;
  }

  // Operand o of a member: its block (step 1) or, for a uniform broadcast, its one value.
  const void* Input(int64_t o, int64_t lo, bool& uniform) {
    const int64_t k = slot_[o];
    uniform = false;
    if (k < 0) return bound_[o]->raw() + lo * ByteWidth(bound_[o]->type());
    if (value_[k] == nullptr) return scratch_.data() + k * kSlot;
    uniform = true;
    return value_[k];
  }

  // Member k's uniform value spread over its scratch block (for consumers that need a block).
  const void* Spread(int64_t k, int64_t lo, int64_t len) {
    if (!filled_[k]) {
      const Instruction& inst = *insts_[members_[k]];
      BroadcastBlock(inst, bound_[inst.operand(0)->index()]->raw(), scratch_.data() + k * kSlot,
                     lo, len);
      filled_[k] = true;
    }
    return scratch_.data() + k * kSlot;
  }

  bool Piece(int64_t lo, int64_t len) {
    for (size_t k = 0; k < members_.size(); ++k) {
      const Instruction& inst = *insts_[members_[k]];
      value_[k] = nullptr;
      filled_[k] = false;
      if (inst.opcode() == Opcode::kBroadcast) {  // its operand is external, read whole
        const uint8_t* x = bound_[inst.operand(0)->index()]->raw();
        if (inner_[k] > 0) {
          const int64_t size = std::max<int64_t>(1, inst.operand(0)->shape().ElementCount());
          value_[k] = x + ((lo / inner_[k]) % size) * ByteWidth(inst.shape().type());
        } else {
          BroadcastBlock(inst, x, Destination(k, lo), lo, len);
        }
        continue;
      }
      const void* in[3] = {nullptr, nullptr, nullptr};
      bool uniform[3] = {false, false, false};
      for (int64_t j = 0; j < inst.operand_count(); ++j) {
        in[j] = Input(inst.operand(j)->index(), lo, uniform[j]);
      }
      void* y = Destination(k, lo);
      if (inst.operand_count() == 2 && inst.shape().type() == PrimitiveType::kF32 &&
          inst.operand(0)->shape().type() == PrimitiveType::kF32 &&
          RowArithF32(inst.opcode(), static_cast<const float*>(in[0]), uniform[0] ? 0 : 1,
                      static_cast<const float*>(in[1]), uniform[1] ? 0 : 1,
                      static_cast<float*>(y), len)) {
        continue;
      }
      for (int64_t j = 0; j < inst.operand_count(); ++j) {
        if (uniform[j]) in[j] = Spread(slot_[inst.operand(j)->index()], lo, len);
      }
      if (!RunMemberBlock(inst, in, y, lo, len)) return false;
    }
    return true;
  }

  const std::vector<std::unique_ptr<Instruction>>& insts_;
  const std::vector<int64_t>& members_;
  const int64_t root_;
  const std::vector<const Literal*>& bound_;
  uint8_t* out_;
  const int64_t out_width_;
  std::vector<uint8_t> scratch_;
  const std::vector<int64_t>& slot_;   // per instruction: its member position, -1 if external
  std::vector<int64_t> inner_;         // per member: run length of a uniform broadcast, else 0
  std::vector<const uint8_t*> value_;  // per member: its one value in this piece, or null
  std::vector<bool> filled_;           // per member: its value spread over its scratch block
};

std::atomic<bool> loop_fusion = true;

}  // namespace

void SetLoopFusion(bool enabled) { loop_fusion = enabled; }
bool LoopFusionEnabled() { return loop_fusion; }

ElementwiseFusion::ElementwiseFusion(const Computation& c, const std::vector<int64_t>& claimed)
    : c_(c) {
  if (!LoopFusionEnabled()) return;
  const auto& insts = c.instructions();
  auto fusible = [&](const Instruction& inst) {
    return (Fusible(inst) || FusibleBroadcast(inst)) &&
           (claimed.empty() || claimed[inst.index()] < 0);
  };
  bool any = false;
  for (const auto& inst : insts) any = any || fusible(*inst);
  if (!any) return;
  std::vector<int> uses(insts.size(), 0);
  for (const auto& inst : insts) {
    for (const Instruction* op : inst->operands()) ++uses[op->index()];
  }
  root_of_.assign(insts.size(), -1);
  members_.resize(insts.size());
  std::vector<int> copies(insts.size(), 0);  // uses of a broadcast computed in their group
  for (const auto& inst : insts) {
    if (!fusible(*inst)) continue;
    const int64_t i = inst->index();
    root_of_[i] = i;
    // A broadcast reads its (smaller) operand whole: it never takes the operand's group.
    const bool broadcast = inst->opcode() == Opcode::kBroadcast;
    for (const Instruction* op : inst->operands()) {
      const int64_t o = op->index();
      if (broadcast) break;
      if (root_of_[o] == o && CopiedIntoConsumers(*op, uses[o], c)) {
        ++copies[o];
        members_[i].push_back(o);  // a copy: o stays the root of its own group
        continue;
      }
      if (root_of_[o] != o || uses[o] != 1 || op == c.root()) continue;
      for (int64_t m : members_[o]) {
        if (root_of_[m] == o) root_of_[m] = i;  // copies of shared broadcasts keep their root
      }
      members_[i].insert(members_[i].end(), members_[o].begin(), members_[o].end());
      members_[o].clear();
    }
    members_[i].push_back(i);
  }
  copied_.assign(insts.size(), false);
  for (size_t i = 0; i < insts.size(); ++i) {
    if (root_of_[i] == static_cast<int64_t>(i) && members_[i].size() == 1) root_of_[i] = -1;
    std::sort(members_[i].begin(), members_[i].end());  // evaluation order = program order
    // Merged groups (or a binary op with the broadcast twice) may hold a copy twice.
    members_[i].erase(std::unique(members_[i].begin(), members_[i].end()), members_[i].end());
    // Every use computes its own copy: the broadcast itself is never materialised.
    copied_[i] = copies[i] > 0 && copies[i] == uses[i];
  }
}

void ExtendLastUsesToGroupRoots(const Computation& c, const std::vector<int64_t>& root_of,
                                std::vector<int64_t>& last) {
  if (root_of.empty()) return;
  for (const auto& inst : c.instructions()) {
    const int64_t i = inst->index();
    if (root_of[i] < 0 || root_of[i] == i) continue;  // not an interior member
    for (const Instruction* op : inst->operands()) {
      last[op->index()] = std::max(last[op->index()], root_of[i]);
    }
  }
}

void ElementwiseFusion::ExtendLastUses(std::vector<int64_t>& last) const {
  ExtendLastUsesToGroupRoots(c_, root_of_, last);
  // Copies of a shared broadcast read its operand when their group's root runs.
  for (size_t r = 0; r < members_.size(); ++r) {
    for (int64_t m : members_[r]) {
      if (root_of_[m] == static_cast<int64_t>(r)) continue;  // a member proper (or the root)
      for (const Instruction* op : c_.instructions()[m]->operands()) {
        last[op->index()] = std::max(last[op->index()], static_cast<int64_t>(r));
      }
    }
  }
}

Expected<Literal> ElementwiseFusion::Run(int64_t root,
                                         const std::vector<const Literal*>& bound) const {
  const std::vector<int64_t>& members = members_[root];
  const auto& insts = c_.instructions();
  const Shape& shape = insts[root]->shape();
  const int64_t n = shape.ElementCount();
  Literal out = Literal::Uninitialized(shape);
  // slot[i]: member i's position in the group (its scratch block), -1 for an external operand.
  std::vector<int64_t> slot(insts.size(), -1);
  for (size_t k = 0; k < members.size(); ++k) slot[members[k]] = static_cast<int64_t>(k);
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  std::atomic<bool> ok = true;
  ParallelFor(blocks, kElementwiseChunk / kBlock, [&](int64_t first, int64_t end) {
    GroupBlocks group(insts, members, root, slot, bound, out);
    for (int64_t blk = first; blk < end; ++blk) {
      if (!group.Block(blk * kBlock, std::min(kBlock, n - blk * kBlock))) ok = false;
    }
  });
  if (!ok) return Internal("fused {} does not apply to its element types", insts[root]->name());
  return out;
}

}  // namespace xpar
