// The partitioner's driver: copies the called computations, visits the entry in order, sends
// each instruction to the handler of its op family, reshards each result to its annotation, and
// marks the entry's parameters and root with the shardings of the per-device values.
#include "passes/spmd/spmd_partitioner.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/verifier.h"
#include "passes/spmd/spmd_internal.h"
#include "sharding/op_sharding.h"

namespace xpar {
namespace spmd {
namespace {

// `error` located at `inst` of the input, with its own code: an unimplemented case or an
// internal error stays one (it became "invalid argument" when the message was rewrapped).
Status LocatedAt(const Module& m, const Instruction& inst, const Status& error,
                 const std::string& context = "") {
  return m.ErrorAt(inst, context + error.message()).WithCode(error.code());
}

void CopyComputation(const Computation& from, Module& to, SpmdBuilder& b) {
  Computation* c = to.AddComputation(std::make_unique<Computation>(from.name()));
  std::unordered_map<const Instruction*, Instruction*> map;
  for (const auto& inst : from.instructions()) {
    auto copy = std::make_unique<Instruction>(inst->name(), inst->opcode(), inst->shape());
    copy->attrs() = inst->attrs();
    copy->mutable_metadata() = inst->metadata();
    copy->mutable_frontend_attributes() = inst->frontend_attributes();
    for (const Instruction* o : inst->operands()) copy->AddOperand(map.at(o));
    for (const Computation* k : inst->called()) {
      copy->mutable_called().push_back(b.computation_map().at(k));
    }
    map[inst.get()] = c->AddInstruction(std::move(copy));
  }
  c->set_root(map.at(from.root()));
  b.computation_map()[&from] = c;
}

// The annotated spec of `inst`, normalized for its shape; nullopt when it has none.
Expected<Want> WantOf(const Module& m, const Instruction& inst, const Mesh& mesh,
                      const PartitionOptions& options) {
  const Shape& shape = inst.shape();
  if (!shape.IsArray()) return Want();
  if (!inst.sharding()) {
    if (options.propagate_unannotated) return Want();
    return Want(ShardingSpec::Replicated(shape.rank()));
  }
  const HloSharding& s = *inst.sharding();
  if (s.kind == HloSharding::Kind::kMaximal) return Want(ShardingSpec::Replicated(shape.rank()));
  auto spec = FromHloSharding(s, mesh, shape.rank());
  if (!spec.ok()) {
    return LocatedAt(m, inst, spec.status(), fmt::format("sharding on mesh {}: ", mesh.ToString()));
  }
  return Want(options.uneven ? *spec : NormalizeForShape(*spec, shape, mesh));
}

Expected<PValue> HandleParameter(Partitioner& p, const Instruction& inst, const Want& want) {
  const Shape& shape = inst.shape();
  if (!shape.IsArray()) {
    Instruction* local = p.b().CloneWith(inst, shape, {});
    return ReplicatedValue(local, shape);
  }
  ShardingSpec spec = want ? *want : ShardingSpec::Replicated(shape.rank());
  Instruction* local = p.b().CloneWith(inst, LocalShape(shape, spec, p.mesh()), {});
  return PValue{local, spec, {}};
}

Expected<PValue> HandleTuple(Partitioner& p, const Instruction& inst) {
  PValue v;
  std::vector<Instruction*> operands;
  std::vector<Shape> shapes;
  for (const Instruction* o : inst.operands()) {
    v.elements.push_back(p.Get(o));
    operands.push_back(v.elements.back().inst);
    shapes.push_back(operands.back()->shape());
  }
  v.inst = p.b().CloneWith(inst, Shape::Tuple(shapes), operands);
  return v;
}

Expected<PValue> Dispatch(Partitioner& p, const Instruction& inst, const Want& want) {
  const Opcode op = inst.opcode();
  // The program's own cross-replica collectives (no channel id: groups of replica ids) work on
  // each partition's copy; replicated operands keep them exact.
  if (HasTrait(op, kCollective) && !inst.attrs().channel_id &&
      p.options().num_replicas > 1) {
    return HandleReplicated(p, inst, want);
  }
  if (HasTrait(op, kCollective) && !inst.attrs().channel_id) {
    return InvalidArgument("{} '{}' is a cross-replica collective: say how many replicas the "
                           "program runs on (`xpar run --devices N`, `xpar partition --replicas N`)",
                           HloOpcodeName(op), inst.name());
  }
  if (HasTrait(op, kCollective) || IsOneOf(op, {Opcode::kPartitionId})) {
    return InvalidArgument("{} '{}': the module is already partitioned (run it with "
                           "--partitions instead)",
                           HloOpcodeName(op), inst.name());
  }
  switch (ShardingRuleOf(op)) {
    case ShardingRule::kElementwise: return HandleElementwise(p, inst, want);
    case ShardingRule::kParameter: return HandleParameter(p, inst, want);
    case ShardingRule::kTuple: return HandleTuple(p, inst);
    case ShardingRule::kGetTupleElement: {
      PValue& t = p.Get(inst.operand(0));
      if (t.elements.empty()) return HandleReplicated(p, inst, want);
      return p.Element(t, inst.attrs().tuple_index, inst.operand(0)->shape());
    }
    case ShardingRule::kDot: return HandleDot(p, inst, want);
    case ShardingRule::kReduce: return HandleReduce(p, inst, want);
    case ShardingRule::kBroadcast: return HandleBroadcast(p, inst, want);
    case ShardingRule::kTranspose: return HandleTranspose(p, inst, want);
    case ShardingRule::kReshape: return HandleReshape(p, inst, want);
    case ShardingRule::kConvolution: return HandleConvolution(p, inst, want);
    case ShardingRule::kGather: return HandleGather(p, inst, want);
    case ShardingRule::kCustomCall: return HandleCustomCall(p, inst, want);
    case ShardingRule::kScatter: return HandleScatter(p, inst, want);
    case ShardingRule::kDimwise: return HandleDimwise(p, inst, want);
    // Constants and rng are computed whole, then split locally to `want`; iota by index.
    case ShardingRule::kSource:
      return op == Opcode::kIota ? HandleIota(p, inst, want) : HandleReplicated(p, inst, want);
    // Sort, while, call, conditional, reduce-window, ... run on replicated operands: correct
    // for all of them (the planner offers them nothing else).
    case ShardingRule::kReplicated: return HandleReplicated(p, inst, want);
  }
  return Internal("{} '{}' has no sharding rule", HloOpcodeName(op), inst.name());
}

// The root with partial sums resolved, and the shardings of its leaves for the annotation.
Expected<Instruction*> FinishRoot(Partitioner& p, PValue& v, const Shape& global,
                                  std::vector<HloSharding>& leaves) {
  if (global.IsArray()) {
    ASSIGN_OR_RETURN(PValue r, p.Resolve(v, global));
    ASSIGN_OR_RETURN(HloSharding s, ToHloSharding(r.spec, p.mesh()));
    leaves.push_back(s);
    return r.inst;
  }
  if (!global.IsTuple()) {
    leaves.push_back(HloSharding::Replicated());
    return v.inst;
  }
  std::vector<Instruction*> elements;
  std::vector<Shape> shapes;
  bool changed = false;
  for (int64_t i = 0; i < static_cast<int64_t>(v.elements.size()); ++i) {
    PValue& e = p.Element(v, i, global);
    ASSIGN_OR_RETURN(Instruction * r, FinishRoot(p, e, global.tuple_shape(i), leaves));
    changed |= r != e.inst;
    elements.push_back(r);
    shapes.push_back(r->shape());
  }
  if (!changed) return v.inst;
  return p.b().Add(Opcode::kTuple, Shape::Tuple(shapes), elements, "tuple");
}

// The shardings of a value's leaves, in order (no instruction is emitted).
Status CollectLeaves(const PValue& v, const Shape& global, const Mesh& mesh,
                     std::vector<HloSharding>& leaves) {
  if (global.IsTuple()) {
    for (size_t i = 0; i < v.elements.size(); ++i) {
      RETURN_IF_ERROR(CollectLeaves(v.elements[i], global.tuple_shape(i), mesh, leaves));
    }
    return Status::Ok();
  }
  if (!global.IsArray()) {
    leaves.push_back(HloSharding::Replicated());
    return Status::Ok();
  }
  ASSIGN_OR_RETURN(HloSharding s, ToHloSharding(v.spec, mesh));
  leaves.push_back(s);
  return Status::Ok();
}

HloSharding LeafSharding(const std::vector<HloSharding>& leaves, bool tuple) {
  if (!tuple) return leaves.at(0);
  HloSharding s;
  s.kind = HloSharding::Kind::kTuple;
  s.tuple = leaves;
  return s;
}

// Drops what no one reads: full-size values a handler replaced by local ones (a broadcast that
// was then sliced, an operand gathered for a fallback that a later reshard made redundant).
void RemoveDeadInstructions(Computation& c) {
  auto& insts = c.mutable_instructions();
  std::unordered_map<const Instruction*, int64_t> users;
  for (const auto& inst : insts) {
    for (const Instruction* o : inst->operands()) ++users[o];
  }
  std::vector<bool> dead(insts.size(), false);
  for (int64_t i = static_cast<int64_t>(insts.size()) - 1; i >= 0; --i) {
    const Instruction* inst = insts[i].get();
    if (users[inst] > 0 || inst == c.root() || inst->opcode() == Opcode::kParameter ||
        HasTrait(inst->opcode(), kSideEffect) || inst->attrs().has_side_effect) {
      continue;
    }
    dead[i] = true;
    for (const Instruction* o : inst->operands()) --users[o];
  }
  std::vector<std::unique_ptr<Instruction>> kept;
  for (size_t i = 0; i < insts.size(); ++i) {
    if (!dead[i]) kept.push_back(std::move(insts[i]));
  }
  insts = std::move(kept);
  c.Reindex();  // also numbers the parameters, which got their numbers after being added
}

Status PartitionEntry(const Module& in, Computation* entry, SpmdBuilder& b,
                      const PartitionOptions& options) {
  Partitioner p(b, options);
  for (const auto& inst : in.entry()->instructions()) {
    ASSIGN_OR_RETURN(Want want, WantOf(in, *inst, b.mesh(), options));
    auto v = Dispatch(p, *inst, want);
    if (!v.ok()) return LocatedAt(in, *inst, v.status());
    if (want && v->spec != *want) {
      ASSIGN_OR_RETURN(Instruction * x, p.Reshard(*v, *want, inst->shape()));
      v = PValue{x, *want, {}};
    }
    if (inst->opcode() == Opcode::kParameter) {
      std::vector<HloSharding> leaves;
      RETURN_IF_ERROR(CollectLeaves(*v, inst->shape(), b.mesh(), leaves));
      v->inst->set_sharding(LeafSharding(leaves, inst->shape().IsTuple()));
    }
    p.Set(inst.get(), std::move(v).value());
  }
  const Instruction* root = in.entry()->root();
  std::vector<HloSharding> leaves;
  ASSIGN_OR_RETURN(Instruction * local_root,
                   FinishRoot(p, p.Get(root), root->shape(), leaves));
  local_root->set_sharding(LeafSharding(leaves, root->shape().IsTuple()));
  entry->set_root(local_root);
  return Status::Ok();
}

}  // namespace
}  // namespace spmd

Expected<std::unique_ptr<Module>> PartitionModule(const Module& in, const Mesh& mesh,
                                                  const PartitionOptions& options) {
  using namespace spmd;
  if (!in.entry()) return InvalidArgument("module '{}' has no entry computation", in.name());
  auto out = std::make_unique<Module>(in.name());
  Computation* entry = nullptr;
  if (options.num_replicas < 1) {
    return InvalidArgument("need at least one replica, got {}", options.num_replicas);
  }
  SpmdBuilder b(out.get(), nullptr, mesh);
  b.set_num_replicas(options.num_replicas);
  for (const auto& c : in.computations()) {
    b.ReserveName(c->name());
    if (c.get() == in.entry()) continue;
    for (const auto& inst : c->instructions()) b.ReserveName(inst->name());
  }
  for (const auto& c : in.computations()) {
    if (c.get() != in.entry()) CopyComputation(*c, *out, b);
  }
  entry = out->AddComputation(std::make_unique<Computation>(in.entry()->name()));
  out->set_entry(entry);
  b.set_computation(entry);
  RETURN_IF_ERROR(PartitionEntry(in, entry, b, options));
  RemoveDeadInstructions(*entry);
  // Reducers made on the way were appended after the entry; callees go first.
  auto& comps = out->mutable_computations();
  std::stable_partition(comps.begin(), comps.end(),
                        [&](const auto& c) { return c.get() != entry; });
  for (const auto& [key, value] : in.attributes()) {
    if (key == "entry_computation_layout" || key == "num_partitions") continue;
    out->attributes().emplace_back(key, value);
  }
  out->attributes().emplace_back("num_partitions", std::to_string(mesh.num_devices()));
  Status verified = VerifyModule(*out);
  if (!verified.ok()) {
    return verified.WithContext("the partitioned module does not verify: ")
        .WithCode(StatusCode::kInternal);
  }
  return out;
}

namespace {

void LeafShapes(const Shape& shape, std::vector<Shape>& out) {
  if (!shape.IsTuple()) {
    out.push_back(shape);
    return;
  }
  for (const Shape& s : shape.tuple_shapes()) LeafShapes(s, out);
}

}  // namespace

Expected<std::vector<ShardingSpec>> LeafSpecs(const Instruction& inst, const Mesh& mesh) {
  std::vector<ShardingSpec> specs;
  HloSharding s = inst.sharding() ? *inst.sharding() : HloSharding::Replicated();
  std::vector<Shape> shapes;
  LeafShapes(inst.shape(), shapes);
  for (size_t i = 0; i < shapes.size(); ++i) {
    HloSharding leaf = s;
    if (s.kind == HloSharding::Kind::kTuple) {
      if (i >= s.tuple.size()) {
        return InvalidArgument("the tuple sharding of '{}' has too few leaves", inst.name());
      }
      leaf = s.tuple[i];
    }
    if (!shapes[i].IsArray()) {
      specs.push_back(ShardingSpec::Replicated(0));
      continue;
    }
    ASSIGN_OR_RETURN(ShardingSpec spec, FromHloSharding(leaf, mesh, shapes[i].rank()));
    specs.push_back(spec);
  }
  return specs;
}

}  // namespace xpar
