// sdy.manual_computation and sdy.named_computation: parsed in their pretty form and built as
// their global meaning (stablehlo_shardy_manual.h): operands sliced per copy of the manual axes,
// the body cloned per copy (once where a value does not depend on the copy), collectives
// lowered between copies, results concatenated back by out_shardings. A named computation is a
// manual computation without manual axes: its body inlined once.
#include "frontends/stablehlo/stablehlo_shardy_manual.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>
#include <numeric>
#include <unordered_map>
#include <unordered_set>

namespace xpar::mlir {

ManualCopies::ManualCopies(const Parser::SdyMesh& mesh, std::vector<bool> manual)
    : mesh_(mesh), manual_(std::move(manual)) {
  for (size_t a = 0; a < mesh_.sizes.size(); ++a) {
    if (manual_[a]) count_ *= mesh_.sizes[a];
  }
}

bool ManualCopies::CoversMesh() const {
  for (size_t a = 0; a < mesh_.sizes.size(); ++a) {
    if (!manual_[a] && mesh_.sizes[a] > 1) return false;
  }
  return true;
}

std::vector<int64_t> ManualCopies::AxisCoords(int64_t copy) const {
  std::vector<int64_t> coords(mesh_.sizes.size(), 0);
  for (int64_t a = static_cast<int64_t>(mesh_.sizes.size()) - 1; a >= 0; --a) {
    if (!manual_[a]) continue;
    coords[a] = copy % mesh_.sizes[a];
    copy /= mesh_.sizes[a];
  }
  return coords;
}

int64_t ManualCopies::CopyOf(const std::vector<int64_t>& axis_coords) const {
  int64_t copy = 0;
  for (size_t a = 0; a < mesh_.sizes.size(); ++a) {
    if (manual_[a]) copy = copy * mesh_.sizes[a] + axis_coords[a];
  }
  return copy;
}

int64_t ManualCopies::DeviceId(const std::vector<int64_t>& axis_coords) const {
  int64_t pos = 0;
  for (size_t a = 0; a < mesh_.sizes.size(); ++a) pos = pos * mesh_.sizes[a] + axis_coords[a];
  return mesh_.device_ids.empty() ? pos : mesh_.device_ids[pos];
}

std::vector<int64_t> ManualCopies::AllDevices() const {
  const int64_t n = std::accumulate(mesh_.sizes.begin(), mesh_.sizes.end(), int64_t{1},
                                    std::multiplies<int64_t>());
  std::vector<int64_t> ids(n);
  for (int64_t pos = 0; pos < n; ++pos)
    ids[pos] = mesh_.device_ids.empty() ? pos : mesh_.device_ids[pos];
  return ids;
}

std::optional<int64_t> ManualCopies::CopyOfDevice(int64_t id) const {
  std::vector<int64_t> ids = AllDevices();
  auto it = std::find(ids.begin(), ids.end(), id);
  if (it == ids.end()) return std::nullopt;
  int64_t pos = it - ids.begin();
  std::vector<int64_t> coords(mesh_.sizes.size());
  for (int64_t a = static_cast<int64_t>(mesh_.sizes.size()) - 1; a >= 0; --a) {
    coords[a] = pos % mesh_.sizes[a];
    pos /= mesh_.sizes[a];
  }
  return CopyOf(coords);
}

namespace {

// How a sharding splits a tensor among the copies: per dimension, the manual factors (major
// first) that split it.
struct ManualSplit {
  std::vector<std::vector<int64_t>> factors;
  std::vector<int64_t> count;  // blocks per dimension
};

Expected<ManualSplit> SplitOf(const Parser& p, const Parser::SdySharding& s,
                              const ManualCopies& copies, int64_t at) {
  ManualSplit out;
  for (const auto& dim : s.dims) {
    out.factors.emplace_back();
    out.count.push_back(1);
    bool free_seen = false;
    for (int64_t f : dim) {
      if (!copies.IsManual(s.axis_of[f])) {
        free_seen = true;
        continue;
      }
      if (free_seen) {
        return p.Error(at, fmt::format("manual axis \"{}\" follows a free axis in a dimension "
                                       "sharding; manual axes must come first",
                                       s.mesh->axes[s.axis_of[f]]));
      }
      out.factors.back().push_back(f);
      out.count.back() *= s.factors.sizes[f];
    }
  }
  return out;
}

// The block index per dimension that `copy` holds.
std::vector<int64_t> BlockOf(const Parser::SdySharding& s, const ManualSplit& split,
                             const ManualCopies& copies, int64_t copy) {
  std::vector<int64_t> coords = copies.AxisCoords(copy), block;
  for (const auto& fs : split.factors) {
    int64_t idx = 0;
    for (int64_t f : fs) {
      const int64_t size = s.factors.sizes[f];
      idx = idx * size + (coords[s.axis_of[f]] / s.post[f]) % size;
    }
    block.push_back(idx);
  }
  return block;
}

// A copy holding `block` (manual axes no dimension uses at coordinate 0).
int64_t CopyOfBlock(const Parser::SdySharding& s, const ManualSplit& split,
                    const ManualCopies& copies, std::vector<int64_t> block) {
  std::vector<int64_t> coords(copies.mesh().sizes.size(), 0);
  for (size_t d = 0; d < split.factors.size(); ++d) {
    for (auto f = split.factors[d].rbegin(); f != split.factors[d].rend(); ++f) {
      const int64_t size = s.factors.sizes[*f];
      coords[s.axis_of[*f]] += (block[d] % size) * s.post[*f];
      block[d] /= size;
    }
  }
  return copies.CopyOf(coords);
}

// The per-copy shape under `split`, checked against the body's declared type.
Status CheckLocal(const Parser& p, const Shape& global, const ManualSplit& split,
                  const Shape& local, std::string_view what, int64_t at) {
  std::vector<int64_t> dims = global.dims();
  for (size_t d = 0; d < dims.size(); ++d) {
    if (dims[d] % split.count[d] != 0) {
      return p.Error(at, fmt::format("{}: dimension {} of size {} does not split into {} blocks",
                                     what, d, dims[d], split.count[d]));
    }
    dims[d] /= split.count[d];
  }
  if (!local.IsArray() || local.dims() != dims || local.type() != global.type()) {
    return p.Error(
        at,
        fmt::format("{}: the body's type has dimensions [{}]; the shardings make "
                    "each device's block [{}]",
                    what, fmt::join(local.IsArray() ? local.dims() : std::vector<int64_t>{}, ","),
                    fmt::join(dims, ",")));
  }
  return Status::Ok();
}

Instruction* Annotate(Parser& p, Computation* comp, Instruction* x, const Parser::SdySharding& s,
                      int64_t at, std::string_view name) {
  Instruction* c = p.Add(comp, Opcode::kCustomCall, x->shape(), {x}, at, name);
  c->attrs().custom_call_target = "Sharding";
  c->set_sharding(SdyShardingToHlo(s));
  return c;
}

std::string StemOf(const std::string& name) {
  size_t dot = name.rfind('.');
  if (dot == std::string::npos || dot + 1 == name.size() ||
      name.find_first_not_of("0123456789", dot + 1) != std::string::npos) {
    return name;
  }
  return name.substr(0, dot);
}

// A copy of `i` on `ops`; calls to functions defined further down are resolved for it too.
Instruction* CloneInto(Parser& p, Computation* comp, const Instruction& i,
                       const std::vector<Instruction*>& ops) {
  Instruction* n = p.Add(comp, i.opcode(), i.shape(), ops, i.source_offset(), StemOf(i.name()));
  n->attrs() = i.attrs();
  n->mutable_called() = i.called();
  n->set_sharding(i.sharding());
  n->mutable_metadata() = i.metadata();
  n->mutable_frontend_attributes() = i.frontend_attributes();
  const size_t pending = p.calls_.size();
  for (size_t k = 0; k < pending; ++k) {
    if (p.calls_[k].inst != &i) continue;
    Parser::PendingCall call = p.calls_[k];
    call.inst = n;
    p.calls_.push_back(std::move(call));
    p.manual_clone_calls_.push_back(n);  // its callee is checked once resolved (Assemble)
  }
  return n;
}

}  // namespace

// `sdy.manual_computation(%a) in_shardings=[<@m, [{"x"}]>] out_shardings=[<@m, [{"x"}]>]
//  manual_axes={"x"} (%l: tensor<4xf32>) { ... sdy.return %v : T } : (T) -> T`, and
// `sdy.named_computation<"name">(%a) [in_shardings=...] [out_shardings=...] (%l: T) {...} : ...`.
// The shardings and axes are kept as source offsets (Attr kDialect) and read when built.
Status Parser::ParsePrettyManual(Scope* scope, OpInfo* op) {
  if (op->mnemonic == "named_computation") {
    RETURN_IF_ERROR(Expect("<", "before the computation's name"));
    Token name = lex_.Next();
    if (name.kind != Tok::kString) return Error(name.offset, "expected the computation's name");
    RETURN_IF_ERROR(Expect(">", "after the computation's name"));
  }
  RETURN_IF_ERROR(Expect("(", fmt::format("to open the operands of '{}'", op->name)));
  RETURN_IF_ERROR(ParseOperandList(scope, op, ")"));
  while (lex_.Peek().kind == Tok::kBareId && lex_.PeekSecond().Is("=")) {
    Token key = lex_.Next();
    if (!key.Is("in_shardings") && !key.Is("out_shardings") && !key.Is("manual_axes")) {
      return Error(key.offset, fmt::format("unexpected '{}' in '{}'", key.text, op->name));
    }
    lex_.Next();
    Attr a;
    a.kind = Attr::Kind::kDialect;
    a.s = std::string(key.text);
    a.offset = lex_.NextOffset();
    Token open = lex_.Next();
    if (!open.Is("[") && !open.Is("{")) {
      return Error(open.offset, fmt::format("expected '[' or '{{' after '{}='", key.text));
    }
    const std::string_view close = open.Is("[") ? "]" : "}";
    for (int depth = 1; depth > 0;) {
      Token t = lex_.Next();
      if (t.kind == Tok::kEof)
        return Error(open.offset, fmt::format("unterminated '{}'", key.text));
      if (t.Is(open.text)) ++depth;
      if (t.Is(close)) --depth;
    }
    op->attrs.emplace_back(std::string(key.text), std::move(a));
  }
  std::vector<std::pair<std::string, Shape>> args;
  RETURN_IF_ERROR(Expect("(", fmt::format("to open the block arguments of '{}'", op->name)));
  while (!lex_.TryConsume(")")) {
    if (!args.empty()) RETURN_IF_ERROR(Expect(",", "between block arguments"));
    Token name = lex_.Next();
    if (name.kind != Tok::kValueId) return Error(name.offset, "expected a block argument name");
    RETURN_IF_ERROR(Expect(":", "after a block argument"));
    ASSIGN_OR_RETURN(Shape s, ParseType());
    RETURN_IF_ERROR(SkipLocation());
    args.emplace_back(std::string(name.text), std::move(s));
  }
  Region body;
  RETURN_IF_ERROR(ParseRegion(scope, Scope::Mode::kCopyConstants, nullptr, std::move(args), &body));
  op->regions.push_back(std::move(body));
  if (lex_.TryConsume("{")) RETURN_IF_ERROR(ParseAttrDict(&op->attrs));
  return ParseTypeSignature(op);
}

// `[<@m, [...]>, ...]` at `attr` (one sharding per value of `shapes`), read from the source.
Expected<std::vector<Parser::SdySharding>> Parser::ReadSdyShardingList(
    const Attr& attr, const std::vector<Shape>& shapes, std::deque<SdyMesh>* inline_meshes) {
  int64_t save = lex_.pos();
  lex_.set_pos(attr.offset);
  auto read = [&]() -> Expected<std::vector<SdySharding>> {
    std::vector<SdySharding> out;
    RETURN_IF_ERROR(Expect("[", "to open the shardings"));
    while (!lex_.TryConsume("]")) {
      if (!out.empty()) RETURN_IF_ERROR(Expect(",", "between shardings"));
      size_t i = out.size();
      const int64_t rank = i < shapes.size() && shapes[i].IsArray() ? shapes[i].rank() : -1;
      inline_meshes->emplace_back();
      ASSIGN_OR_RETURN(SdySharding s, ParseSdySharding(rank, &inline_meshes->back()));
      out.push_back(std::move(s));
    }
    if (out.size() != shapes.size()) {
      return Error(attr.offset,
                   fmt::format("{} sharding(s) for {} value(s)", out.size(), shapes.size()));
    }
    return out;
  };
  auto result = read();
  lex_.set_pos(save);
  return result;
}

// `{"x", "y"}` at `attr`: which axes of `mesh` are manual.
Expected<std::vector<bool>> Parser::ReadManualAxes(const Attr& attr, const SdyMesh& mesh) {
  int64_t save = lex_.pos();
  lex_.set_pos(attr.offset);
  std::vector<SdyAxisRef> refs;
  Status st = ParseSdyAxisSet(mesh, &refs, false);
  lex_.set_pos(save);
  RETURN_IF_ERROR(st);
  std::vector<bool> manual(mesh.axes.size(), false);
  for (const SdyAxisRef& r : refs) {
    if (r.pre > 0) return Unsupported(r.offset, "a manual sub-axis is not supported by xpar");
    if (manual[r.axis])
      return Error(r.offset, fmt::format("manual axis \"{}\" is named twice", mesh.axes[r.axis]));
    manual[r.axis] = true;
  }
  return manual;
}

namespace {

// Each copy's block of operand `x` (one shared value when the sharding does not split it).
Expected<CopyValues> SliceOperand(Parser& p, Computation* comp, Instruction* x,
                                  const Parser::SdySharding& s, const ManualCopies& copies,
                                  const Shape& local, int64_t index, int64_t at) {
  ASSIGN_OR_RETURN(ManualSplit split, SplitOf(p, s, copies, at));
  RETURN_IF_ERROR(CheckLocal(p, x->shape(), split, local, fmt::format("operand {}", index), at));
  if (local.dims() == x->shape().dims()) return CopyValues{{x}};
  std::map<std::vector<int64_t>, Instruction*> slices;
  CopyValues out;
  for (int64_t c = 0; c < copies.count(); ++c) {
    std::vector<int64_t> block = BlockOf(s, split, copies, c);
    Instruction*& slice = slices[block];
    if (!slice) {
      std::vector<SliceDim> dims;
      for (size_t d = 0; d < block.size(); ++d) {
        dims.push_back(SliceDim{block[d] * local.dim(d), (block[d] + 1) * local.dim(d), 1});
      }
      slice = p.Add(comp, Opcode::kSlice, local, {x}, at, "manual_block");
      slice->attrs().slice = std::move(dims);
    }
    out.v.push_back(slice);
  }
  return out;
}

// The body's instructions for every copy, in order; `values` maps the body's parameters on
// entry and every body value on return.
// `lowered` collects the reductions of the collectives lowered away.
Status CloneBody(Parser& p, Computation* comp, const Computation& body, const ManualCopies& copies,
                 std::unordered_map<const Instruction*, CopyValues>* values,
                 std::vector<const Computation*>* lowered) {
  for (const auto& ptr : body.instructions()) {
    const Instruction& i = *ptr;
    const int64_t at = i.source_offset();
    if (i.opcode() == Opcode::kParameter) continue;
    std::vector<CopyValues> ops;
    bool shared = true;
    for (const Instruction* o : i.operands()) {
      ops.push_back(values->at(o));
      shared = shared && ops.back().shared();
    }
    CopyValues out;
    if (HasTrait(i.opcode(), kCollective)) {
      ASSIGN_OR_RETURN(out, LowerManualCollective(p, comp, i, ops, copies));
      lowered->insert(lowered->end(), i.called().begin(), i.called().end());
    } else if (i.opcode() == Opcode::kPartitionId) {
      if (!copies.CoversMesh()) {
        return p.Unsupported(at,
                             "partition_id inside a manual computation that leaves mesh axes "
                             "free is not supported by xpar");
      }
      for (int64_t c = 0; c < copies.count(); ++c) {
        Instruction* id = p.Add(comp, Opcode::kConstant, i.shape(), {}, at, "partition_id");
        id->attrs().literal = Literal(i.shape());
        id->attrs().literal->SetFromInt64(0, copies.DeviceId(copies.AxisCoords(c)));
        out.v.push_back(id);
      }
    } else if (i.opcode() == Opcode::kReplicaId) {
      return p.Unsupported(at, "replica_id inside sdy.manual_computation is not supported by xpar");
    } else {
      for (const Computation* c : i.called()) {
        if (c) RETURN_IF_ERROR(CheckCopyIndependent(p, *c, at));
      }
      // Copies whose operands are the same instructions (after a collective) share a clone.
      std::map<std::vector<Instruction*>, Instruction*> clones;
      const int64_t n = shared ? 1 : copies.count();
      for (int64_t c = 0; c < n; ++c) {
        std::vector<Instruction*> args;
        for (const CopyValues& v : ops) args.push_back(v.at(c));
        Instruction*& clone = clones[args];
        if (!clone) clone = CloneInto(p, comp, i, args);
        out.v.push_back(clone);
      }
    }
    (*values)[&i] = std::move(out);
  }
  return Status::Ok();
}

// The global result from each copy's block: blocks concatenated dimension by dimension.
Expected<Instruction*> AssembleResult(Parser& p, Computation* comp, const CopyValues& blocks,
                                      const Parser::SdySharding& s, const ManualCopies& copies,
                                      const Shape& global, int64_t index, int64_t at) {
  ASSIGN_OR_RETURN(ManualSplit split, SplitOf(p, s, copies, at));
  RETURN_IF_ERROR(
      CheckLocal(p, global, split, blocks.at(0)->shape(), fmt::format("result {}", index), at));
  std::vector<int64_t> block(global.rank(), 0);
  std::function<Instruction*(int64_t)> build = [&](int64_t d) -> Instruction* {
    if (d == global.rank()) return blocks.at(CopyOfBlock(s, split, copies, block));
    std::vector<Instruction*> parts;
    for (block[d] = 0; block[d] < split.count[d]; ++block[d]) parts.push_back(build(d + 1));
    if (parts.size() == 1) return parts[0];
    std::vector<int64_t> dims = parts[0]->shape().dims();
    dims[d] *= static_cast<int64_t>(parts.size());
    Instruction* cat =
        p.Add(comp, Opcode::kConcatenate, Shape(global.type(), dims), parts, at, "manual_concat");
    cat->attrs().dimensions = {d};
    return cat;
  };
  return build(0);
}

}  // namespace

// The in/out shardings, their one mesh and the manual axes of `op`.
Status Parser::ReadManualSpec(const OpInfo& op, ManualSpec* spec) {
  std::vector<Shape> in_shapes;
  for (Instruction* x : op.operands) in_shapes.push_back(x->shape());
  if (const Attr* a = op.Find("in_shardings")) {
    ASSIGN_OR_RETURN(spec->ins, ReadSdyShardingList(*a, in_shapes, &spec->inline_meshes));
  }
  if (const Attr* a = op.Find("out_shardings")) {
    ASSIGN_OR_RETURN(spec->outs, ReadSdyShardingList(*a, op.result_types, &spec->inline_meshes));
  }
  RETURN_IF_ERROR(SetManualMesh(op.name, op.offset, spec));
  const Attr* axes = op.Find("manual_axes");
  if (op.mnemonic == "manual_computation" && (!axes || spec->ins.size() != in_shapes.size() ||
                                              spec->outs.size() != op.result_types.size())) {
    return Error(op.offset,
                 "sdy.manual_computation needs in_shardings, out_shardings and manual_axes");
  }
  if (axes && !spec->mesh.axes.empty()) {
    ASSIGN_OR_RETURN(spec->manual, ReadManualAxes(*axes, spec->mesh));
  } else {
    spec->manual.assign(spec->mesh.axes.size(), false);
  }
  return Status::Ok();
}

// The one mesh of every sharding in `spec` (none: an empty mesh).
Status Parser::SetManualMesh(std::string_view name, int64_t at, ManualSpec* spec) const {
  const SdyMesh* mesh = nullptr;
  for (const auto* list : {&spec->ins, &spec->outs}) {
    for (const SdySharding& s : *list) {
      if (mesh && (mesh->axes != s.mesh->axes || mesh->sizes != s.mesh->sizes ||
                   mesh->device_ids != s.mesh->device_ids)) {
        return Unsupported(at, fmt::format("'{}' uses shardings over different meshes", name));
      }
      mesh = s.mesh;
    }
  }
  if (mesh) spec->mesh = *mesh;
  return Status::Ok();
}

// Drops `body` (now cloned into its caller) and the reductions of lowered collectives that no
// instruction calls any more.
void Parser::DropInlinedBody(Computation* body, const std::vector<const Computation*>& lowered) {
  std::unordered_set<const Instruction*> gone;
  for (const auto& i : body->instructions()) gone.insert(i.get());
  std::erase_if(calls_, [&](const PendingCall& c) { return gone.count(c.inst) > 0; });
  std::erase_if(comps_, [&](const std::unique_ptr<Computation>& c) { return c.get() == body; });
  std::unordered_set<const Computation*> called;
  for (const auto& c : comps_) {
    for (const auto& i : c->instructions()) called.insert(i->called().begin(), i->called().end());
  }
  std::erase_if(comps_, [&](const std::unique_ptr<Computation>& c) {
    return !called.count(c.get()) &&
           std::find(lowered.begin(), lowered.end(), c.get()) != lowered.end();
  });
}

Expected<std::vector<Instruction*>> Parser::BuildManualComputation(Scope* scope, OpInfo* op) {
  const int64_t at = op->offset;
  if (op->regions.size() != 1) return Error(at, fmt::format("'{}' needs one body", op->name));
  Region& body = op->regions[0];
  ManualSpec spec;
  RETURN_IF_ERROR(ReadManualSpec(*op, &spec));
  if (body.arg_types.size() != op->operands.size() ||
      body.returned.size() != op->result_types.size()) {
    return Error(at, fmt::format("'{}' has {} operand(s) and {} result(s); its body takes {} and "
                                 "returns {}",
                                 op->name, op->operands.size(), op->result_types.size(),
                                 body.arg_types.size(), body.returned.size()));
  }
  std::vector<const Computation*> lowered;
  ASSIGN_OR_RETURN(std::vector<Instruction*> results,
                   LowerManual(scope->comp, op->operands, ManualBody{body.comp, body.arg_types,
                                                                     body.returned},
                               op->result_types, spec, at, op->result_name, &lowered));
  DropInlinedBody(body.comp, lowered);
  body.comp = nullptr;
  return results;
}

Expected<std::vector<Instruction*>> Parser::LowerManual(
    Computation* comp, const std::vector<Instruction*>& operands, const ManualBody& body,
    const std::vector<Shape>& result_types, const ManualSpec& spec, int64_t at,
    const std::string& result_name, std::vector<const Computation*>* lowered) {
  ManualCopies copies(spec.mesh, spec.manual);
  std::unordered_map<const Instruction*, CopyValues> values;
  for (size_t i = 0; i < operands.size(); ++i) {
    Instruction* x = operands[i];
    CopyValues v{{x}};
    if (!spec.ins.empty()) {
      x = Annotate(*this, comp, x, spec.ins[i], at, "manual_in");
      ASSIGN_OR_RETURN(v,
                       SliceOperand(*this, comp, x, spec.ins[i], copies, body.arg_types[i], i, at));
    } else if (!(x->shape() == body.arg_types[i])) {
      return Error(at, fmt::format("operand {} has another type than the body's argument", i));
    }
    values[body.comp->parameters()[i]] = std::move(v);
  }
  RETURN_IF_ERROR(CloneBody(*this, comp, *body.comp, copies, &values, lowered));
  std::vector<Instruction*> results;
  for (size_t j = 0; j < body.returned.size(); ++j) {
    const CopyValues& blocks = values.at(body.returned[j]);
    if (spec.outs.empty()) {
      results.push_back(blocks.at(0));
      continue;
    }
    ASSIGN_OR_RETURN(Instruction * full, AssembleResult(*this, comp, blocks, spec.outs[j], copies,
                                                        result_types[j], j, at));
    results.push_back(Annotate(*this, comp, full, spec.outs[j], at, result_name));
  }
  return results;
}

}  // namespace xpar::mlir
