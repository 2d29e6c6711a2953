// chlo.ragged_dot lowered to HLO ops: one dot_general per group, each masked (iota compared
// with the group's [start, start + size) row range, from running sums of group_sizes) and
// summed. Mode 1 (ragged lhs non-contracting dimension, rhs group dimension) and mode 2 (ragged
// contracting dimension: one result slice per group); mode 3 (ragged batch dimension) is
// reported as unsupported.
#include <algorithm>

#include "frontends/stablehlo/stablehlo_chlo.h"

namespace xpar::mlir {
namespace {

bool Contains(const std::vector<int64_t>& v, int64_t x) {
  return std::find(v.begin(), v.end(), x) != v.end();
}

struct RaggedDims {
  DotDims dot;
  int64_t lhs_ragged = -1;
  int64_t rhs_group = -1;  // -1: none
};

Expected<RaggedDims> ReadRaggedDims(Parser& p, const OpInfo& op) {
  const Attr* dn = op.Find("ragged_dot_dimension_numbers");
  if (!dn) return p.Error(op.offset, "chlo.ragged_dot without ragged_dot_dimension_numbers");
  auto ints = [&](std::string_view key) -> Expected<std::vector<int64_t>> {
    const Attr* a = dn->Find(key);
    if (!a) return std::vector<int64_t>{};
    return AttrInts(*a);
  };
  RaggedDims r;
  ASSIGN_OR_RETURN(r.dot.lhs_batch, ints("lhs_batching_dimensions"));
  ASSIGN_OR_RETURN(r.dot.rhs_batch, ints("rhs_batching_dimensions"));
  ASSIGN_OR_RETURN(r.dot.lhs_contracting, ints("lhs_contracting_dimensions"));
  ASSIGN_OR_RETURN(r.dot.rhs_contracting, ints("rhs_contracting_dimensions"));
  ASSIGN_OR_RETURN(std::vector<int64_t> ragged, ints("lhs_ragged_dimensions"));
  ASSIGN_OR_RETURN(std::vector<int64_t> group, ints("rhs_group_dimensions"));
  if (ragged.size() != 1 || group.size() > 1) {
    return p.Error(op.offset,
                   "chlo.ragged_dot needs one lhs ragged dimension and at most one "
                   "rhs group dimension");
  }
  r.lhs_ragged = ragged[0];
  if (!group.empty()) r.rhs_group = group[0];
  return r;
}

// Builds the lowering in one computation.
class RaggedBuilder {
 public:
  RaggedBuilder(Parser& p, Computation* comp, int64_t at) : p_(p), comp_(comp), at_(at) {}

  Instruction* Konst(const Shape& s, int64_t v) { return p_.AddSplatConstantInt(comp_, s, v, at_); }
  Instruction* Bcast(Instruction* scalar, const Shape& to) {
    Shape s(scalar->shape().type(), to.dims());
    return p_.Add(comp_, Opcode::kBroadcast, s, {scalar}, at_);
  }
  // group_sizes[g] as an s64 scalar.
  Instruction* GroupSize(Instruction* sizes, int64_t g) {
    Shape one(sizes->shape().type(), {1});
    Instruction* s = p_.Add(comp_, Opcode::kSlice, one, {sizes}, at_);
    s->attrs().slice = {SliceDim{g, g + 1, 1}};
    Instruction* r =
        p_.Add(comp_, Opcode::kReshape, Shape::Scalar(sizes->shape().type()), {s}, at_);
    if (r->shape().type() == PrimitiveType::kS64) return r;
    return p_.Add(comp_, Opcode::kConvert, Shape::Scalar(PrimitiveType::kS64), {r}, at_);
  }
  // `value` where start <= index along `dim` < end, else zero.
  Instruction* Mask(Instruction* value, int64_t dim, Instruction* start, Instruction* end) {
    const Shape& s = value->shape();
    Shape idx(PrimitiveType::kS64, s.dims());
    Shape pred(PrimitiveType::kPred, s.dims());
    Instruction* iota = p_.Add(comp_, Opcode::kIota, idx, {}, at_);
    iota->attrs().iota_dimension = dim;
    Instruction* ge = p_.Add(comp_, Opcode::kCompare, pred, {iota, Bcast(start, s)}, at_);
    ge->attrs().comparison_direction = ComparisonDirection::kGe;
    Instruction* lt = p_.Add(comp_, Opcode::kCompare, pred, {iota, Bcast(end, s)}, at_);
    lt->attrs().comparison_direction = ComparisonDirection::kLt;
    Instruction* in = p_.Add(comp_, Opcode::kAnd, pred, {ge, lt}, at_);
    Instruction* zero = Bcast(Konst(Shape::Scalar(s.type()), 0), s);
    return p_.Add(comp_, Opcode::kSelect, s, {in, value, zero}, at_);
  }
  Instruction* Dot(Instruction* lhs, Instruction* rhs, const DotDims& d, const Shape& out) {
    Instruction* dot = p_.Add(comp_, Opcode::kDot, out, {lhs, rhs}, at_, "dot");
    dot->attrs().dot = d;
    return dot;
  }
  // rhs[g] along `dim`, that dimension removed.
  Instruction* Group(Instruction* rhs, int64_t dim, int64_t g) {
    const Shape& s = rhs->shape();
    std::vector<SliceDim> slice;
    std::vector<int64_t> kept;
    for (int64_t i = 0; i < s.rank(); ++i) {
      slice.push_back(i == dim ? SliceDim{g, g + 1, 1} : SliceDim{0, s.dim(i), 1});
      if (i != dim) kept.push_back(s.dim(i));
    }
    std::vector<int64_t> one = s.dims();
    one[dim] = 1;
    Instruction* sl = p_.Add(comp_, Opcode::kSlice, Shape(s.type(), one), {rhs}, at_);
    sl->attrs().slice = slice;
    return p_.Add(comp_, Opcode::kReshape, Shape(s.type(), kept), {sl}, at_);
  }

  Parser& p_;
  Computation* comp_;
  int64_t at_;
};

std::vector<int64_t> DropIndex(const std::vector<int64_t>& dims, int64_t removed) {
  std::vector<int64_t> out;
  for (int64_t d : dims) out.push_back(d > removed ? d - 1 : d);
  return out;
}

// Position of lhs dimension `d` (a non-contracting, non-batch one) in the dot_general result.
int64_t ResultPosition(const DotDims& dot, int64_t d) {
  int64_t pos = static_cast<int64_t>(dot.lhs_batch.size());
  for (int64_t i = 0; i < d; ++i) {
    if (!Contains(dot.lhs_batch, i) && !Contains(dot.lhs_contracting, i)) ++pos;
  }
  return pos;
}

// Mode 2: one result slice per group, each contracting only its part of the lhs ragged
// (contracting) dimension, stacked along a new leading dimension.
Expected<std::vector<Instruction*>> RaggedContracting(RaggedBuilder& b, Instruction* lhs,
                                                      Instruction* rhs, Instruction* sizes,
                                                      const RaggedDims& rd, const Shape& out) {
  Parser& p = b.p_;
  Computation* comp = b.comp_;
  const int64_t at = b.at_;
  const int64_t groups = sizes->shape().dim(0);
  if (out.rank() < 1 || out.dim(0) != groups) {
    return p.Error(at, "chlo.ragged_dot: the result needs a leading group dimension");
  }
  const Shape scalar = Shape::Scalar(PrimitiveType::kS64);
  std::vector<int64_t> part_dims(out.dims().begin() + 1, out.dims().end());
  Shape part_shape(out.type(), part_dims);
  part_dims.insert(part_dims.begin(), 1);
  Instruction* start = b.Konst(scalar, 0);
  std::vector<Instruction*> parts;
  for (int64_t g = 0; g < groups; ++g) {
    Instruction* end = p.Add(comp, Opcode::kAdd, scalar, {start, b.GroupSize(sizes, g)}, at);
    Instruction* dot = b.Dot(b.Mask(lhs, rd.lhs_ragged, start, end), rhs, rd.dot, part_shape);
    parts.push_back(p.Add(comp, Opcode::kReshape, Shape(out.type(), part_dims), {dot}, at));
    start = end;
  }
  if (parts.size() == 1) {
    return std::vector<Instruction*>{p.Add(comp, Opcode::kReshape, out, {parts[0]}, at)};
  }
  Instruction* cat = p.Add(comp, Opcode::kConcatenate, out, parts, at);
  cat->attrs().dimensions = {0};
  return std::vector<Instruction*>{cat};
}

}  // namespace

Expected<std::vector<Instruction*>> BuildChloRaggedDot(Parser& p, Scope* scope, OpInfo* op) {
  const int64_t at = op->offset;
  if (op->operands.size() != 3 || op->result_types.size() != 1) {
    return p.Error(at, "chlo.ragged_dot takes lhs, rhs and group_sizes and has one result");
  }
  ASSIGN_OR_RETURN(RaggedDims rd, ReadRaggedDims(p, *op));
  Instruction* lhs = op->operands[0];
  Instruction* rhs = op->operands[1];
  Instruction* sizes = op->operands[2];
  const Shape& out = op->result_types[0];
  if (!lhs->shape().IsArray() || !rhs->shape().IsArray() || sizes->shape().rank() != 1 ||
      !IsInteger(sizes->shape().type()) || rd.lhs_ragged < 0 ||
      rd.lhs_ragged >= lhs->shape().rank() ||
      (rd.rhs_group >= 0 && rd.rhs_group >= rhs->shape().rank())) {
    return p.Error(at, "chlo.ragged_dot: operand shapes do not match its dimension numbers");
  }
  const int64_t groups = sizes->shape().dim(0);
  if (groups == 0) return p.Error(at, "chlo.ragged_dot needs at least one group");
  RaggedBuilder b(p, scope->comp, at);
  Shape scalar = Shape::Scalar(PrimitiveType::kS64);
  Instruction* start = b.Konst(scalar, 0);
  Instruction* sum = nullptr;
  const bool contracting = Contains(rd.dot.lhs_contracting, rd.lhs_ragged);
  const bool batch = Contains(rd.dot.lhs_batch, rd.lhs_ragged);
  if (!contracting && !batch) {  // mode 1: result rows of group g use rhs[g]
    if (rd.rhs_group < 0 || rhs->shape().dim(rd.rhs_group) != groups) {
      return p.Error(at, "chlo.ragged_dot: the rhs group dimension must have one entry per group");
    }
    DotDims d = rd.dot;
    d.rhs_batch = DropIndex(d.rhs_batch, rd.rhs_group);
    d.rhs_contracting = DropIndex(d.rhs_contracting, rd.rhs_group);
    int64_t pos = ResultPosition(rd.dot, rd.lhs_ragged);
    for (int64_t g = 0; g < groups; ++g) {
      Instruction* end =
          p.Add(scope->comp, Opcode::kAdd, scalar, {start, b.GroupSize(sizes, g)}, at);
      Instruction* part =
          b.Mask(b.Dot(lhs, b.Group(rhs, rd.rhs_group, g), d, out), pos, start, end);
      sum = sum ? p.Add(scope->comp, Opcode::kAdd, out, {sum, part}, at) : part;
      start = end;
    }
    return std::vector<Instruction*>{sum};
  }
  if (batch) {  // mode 3: the rows past the last group are not pinned down by a reference here
    return p.Unsupported(at, "chlo.ragged_dot with a ragged batch dimension is not supported");
  }
  if (rd.rhs_group >= 0) {
    return p.Error(at, "chlo.ragged_dot with a ragged contracting dimension takes no rhs group "
                       "dimension");
  }
  // mode 2: result[g] contracts only group g's part of the ragged dimension.
  return RaggedContracting(b, lhs, rhs, sizes, rd, out);
}

}  // namespace xpar::mlir
