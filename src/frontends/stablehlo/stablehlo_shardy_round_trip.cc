// The Shardy round-trip form: what XLA (and JAX's exports through it, torch_xla) write when Shardy
// shardings travel through HLO without the sdy dialect. The Shardy text sits in strings of
// `mhlo.frontend_attributes` and is read as if it were written in place:
//   module attributes {mhlo.frontend_attributes = {xla.sdy.meshes = "{m =
//   #sdy.mesh<[\22x\22=2]>}"}} %arg0: T {mhlo.frontend_attributes = {xla.sdy.sharding =
//   "#sdy.sharding<@m, [{\22x\22}]>"}} op {mhlo.frontend_attributes = {xla.sdy.sharding =
//   "#sdy.sharding_per_value<[...]>"}} custom_call @xla.sdy.FuncResultSharding(%v)  ->  a
//   `Sharding` annotation of %v custom_call @xla.sdy.ShardingGroup(%v)       ->  dropped (a hint to
//   Shardy's propagation)
// A shard_map travels as GlobalToLocalShape -> call @..xla.sdy.manual_computation_body.. ->
// LocalToGlobalShape, the shardings and manual axes on the custom calls (or, in the 2024 form,
// on the call). Once every function is read, each such triple becomes the global meaning of
// its body exactly as sdy.manual_computation does (stablehlo_shardy_manual.h). The `local_`
// prefix of XLA's test files (local_xla.sdy.*) is accepted.
#include <functional>
#include <unordered_set>

#include "frontends/stablehlo/stablehlo_shardy_manual.h"

namespace xpar::mlir {
namespace {

constexpr std::string_view kGlobalToLocal = "xla.sdy.GlobalToLocalShape";
constexpr std::string_view kLocalToGlobal = "xla.sdy.LocalToGlobalShape";

std::string_view FrontendAttr(const Instruction& i, std::string_view key) {
  for (const auto& [k, v] : i.frontend_attributes()) {
    if (k == key) return v;
  }
  return {};
}

// `inst` itself, or the tuple-shaped instruction whose get-tuple-element it is.
const Instruction* Producer(const Instruction* inst) {
  return inst->opcode() == Opcode::kGetTupleElement ? inst->operand(0) : inst;
}

bool IsCustomCall(const Instruction* i, std::string_view target) {
  return i->opcode() == Opcode::kCustomCall && i->attrs().custom_call_target == target;
}

// The dialect attribute name `name` ("#sdy.mesh") next in `p`.
Status ExpectHash(Parser& p, std::string_view name, std::string_view context) {
  Token t = p.lex_.Next();
  if (t.kind == Tok::kHashId && t.text == name) return Status::Ok();
  return p.Error(t.offset, fmt::format("expected '{}' {}, found '{}'", name, context, t.text));
}

// Every value of `comp` that uses `from` uses `to` instead.
void ReplaceUses(Computation* comp, Instruction* from, Instruction* to) {
  for (const auto& i : comp->instructions()) {
    for (int64_t k = 0; k < i->operand_count(); ++k) {
      if (i->operand(k) == from) i->ReplaceOperand(k, to);
    }
  }
  if (comp->root() == from) comp->set_root(to);
}

// Drops the `candidates` nothing uses any more (repeatedly: a get-tuple-element's producer
// becomes unused with it); returns the dropped ones.
std::unordered_set<const Instruction*> EraseUnused(Computation* comp,
                                                   std::unordered_set<Instruction*> candidates) {
  std::unordered_set<const Instruction*> erased;
  for (bool changed = true; changed;) {
    std::unordered_set<const Instruction*> used;
    for (const auto& i : comp->instructions())
      used.insert(i->operands().begin(), i->operands().end());
    changed =
        std::erase_if(comp->mutable_instructions(), [&](const std::unique_ptr<Instruction>& i) {
          if (!candidates.count(i.get()) || used.count(i.get()) || comp->root() == i.get())
            return false;
          erased.insert(i.get());
          return true;
        }) > 0;
  }
  return erased;
}

// Definition order again after values were appended and their users redirected to them: every
// instruction after its operands, otherwise in the order it had.
void SortByOperands(Computation* comp) {
  auto& list = comp->mutable_instructions();
  std::unordered_map<const Instruction*, size_t> pos;
  for (size_t i = 0; i < list.size(); ++i) pos[list[i].get()] = i;
  std::vector<char> placed(list.size(), 0);
  std::vector<std::unique_ptr<Instruction>> out;
  std::function<void(size_t)> place = [&](size_t i) {
    if (placed[i]) return;
    placed[i] = 1;
    for (const Instruction* o : list[i]->operands()) {
      auto it = pos.find(o);
      if (it != pos.end()) place(it->second);
    }
    out.push_back(std::move(list[i]));
  };
  for (size_t i = 0; i < list.size(); ++i) place(i);
  list = std::move(out);
  comp->Reindex();
}

// Callee-first rank of every computation (a callee's body is lowered before its callers').
std::unordered_map<const Computation*, int64_t> CalleeFirstRank(
    const std::vector<std::unique_ptr<Computation>>& comps) {
  std::unordered_map<const Computation*, int64_t> rank;
  std::function<void(const Computation*)> visit = [&](const Computation* c) {
    if (rank.count(c)) return;
    rank[c] = -1;
    for (const auto& i : c->instructions()) {
      for (const Computation* callee : i->called()) {
        if (callee) visit(callee);
      }
    }
    rank[c] = static_cast<int64_t>(rank.size());
  };
  for (const auto& c : comps) visit(c.get());
  return rank;
}

}  // namespace

const Attr* Parser::RoundTripAttr(const AttrList& attrs, std::string_view key) {
  for (const auto& [k, v] : attrs) {
    if (k == "mhlo.frontend_attributes" && v.kind == Attr::Kind::kDict) return v.Find(key);
  }
  return nullptr;
}

std::string_view Parser::RoundTripTarget(std::string_view target) {
  if (target.starts_with("local_xla.sdy.")) target.remove_prefix(6);
  return target;
}

// A parser of the Shardy text `text` (the value of `key`), which knows the meshes read so far.
std::unique_ptr<Parser> Parser::RoundTripParser(std::string_view key, std::string_view text) const {
  // JAX's exports of early 2025 escaped the Shardy text twice (`[\\\22a\\\22=2]` in the file,
  // `[\"a\"=2]` once read): a backslash never belongs to Shardy text, so one more level is undone.
  std::string plain;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 1 < text.size()) ++i;
    plain.push_back(text[i]);
  }
  auto sub = std::make_unique<Parser>(std::make_shared<SourceText>(std::string(key), plain));
  sub->sdy_meshes_ = sdy_meshes_;
  return sub;
}

Status Parser::RoundTripError(int64_t at, std::string_view key, const Status& inner) const {
  if (inner.ok()) return inner;
  Status s = Error(at, fmt::format("in {}: {}", key, inner.message()));
  return inner.code() == StatusCode::kUnimplemented
             ? Status(StatusCode::kUnimplemented, s.message())
             : s;
}

// `xla.sdy.meshes = "{mesh = #sdy.mesh<[\22a\22=2]>, maximal = #sdy.mesh<[], device_ids=[0]>}"`
Status Parser::ReadRoundTripMeshes(const AttrList& module_attrs) {
  const Attr* a = RoundTripAttr(module_attrs, "xla.sdy.meshes");
  if (!a) return Status::Ok();
  if (a->kind != Attr::Kind::kString) return Error(a->offset, "xla.sdy.meshes must be a string");
  std::unique_ptr<Parser> p = RoundTripParser("xla.sdy.meshes", a->s);
  auto read = [&]() -> Status {
    RETURN_IF_ERROR(p->Expect("{", "to open the meshes"));
    for (bool first = true; !p->lex_.TryConsume("}"); first = false) {
      if (!first) RETURN_IF_ERROR(p->Expect(",", "between meshes"));
      Token name = p->lex_.Next();
      if (name.kind != Tok::kBareId && name.kind != Tok::kString) {
        return p->Error(name.offset, "expected a mesh name");
      }
      std::string key = name.kind == Tok::kString ? Unescape(name.text) : std::string(name.text);
      RETURN_IF_ERROR(p->Expect("=", "after the mesh name"));
      RETURN_IF_ERROR(ExpectHash(*p, "#sdy.mesh", "after '='"));
      ASSIGN_OR_RETURN(SdyMesh mesh, p->ParseSdyMeshBody());
      if (sdy_meshes_.count(key)) {
        return p->Error(name.offset, fmt::format("redefinition of mesh '@{}'", key));
      }
      sdy_meshes_[key] = std::move(mesh);
    }
    return Status::Ok();
  };
  return RoundTripError(a->offset, "xla.sdy.meshes", read());
}

// `#sdy.sharding<...>` or `#sdy.sharding_per_value<[...]>` written in a string.
Expected<HloSharding> Parser::ReadRoundTripSharding(const Attr& text, const Shape& shape) {
  if (text.kind != Attr::Kind::kString) {
    return Error(text.offset, "xla.sdy.sharding must be a string");
  }
  std::unique_ptr<Parser> p = RoundTripParser("xla.sdy.sharding", text.s);
  Token head = p->lex_.Peek();
  Attr a;
  a.kind = Attr::Kind::kDialect;
  a.s = head.kind == Tok::kHashId ? std::string(head.text.substr(1)) : std::string(head.text);
  a.offset = head.offset;
  auto read = p->ReadSdyAttr(a, shape);
  if (!read.ok()) return RoundTripError(text.offset, "xla.sdy.sharding", read.status());
  return read;
}

// xla.sdy.FuncResultSharding(%a, ...): each operand annotated with its sharding (one of the
// per-value list each); xla.sdy.ShardingGroup(%a): nothing. The rest are built as custom calls
// and read once every function is (LowerRoundTripManuals).
Expected<std::vector<Instruction*>> Parser::BuildRoundTripCall(Scope* scope, OpInfo* op,
                                                               std::string_view target) {
  if (target == "xla.sdy.ShardingGroup") {
    if (op->num_results != 0 || op->operands.size() != 1) {
      return Error(op->offset, "xla.sdy.ShardingGroup takes one operand and has no result");
    }
    return std::vector<Instruction*>{};
  }
  if (target != "xla.sdy.FuncResultSharding") {
    return Unsupported(op->offset, fmt::format("Shardy round-trip custom call '{}' is not "
                                               "supported by xpar",
                                               target));
  }
  const Attr* text = RoundTripAttr(op->attrs, "xla.sdy.sharding");
  if (!text) return Error(op->offset, "xla.sdy.FuncResultSharding without xla.sdy.sharding");
  if (static_cast<int64_t>(op->operands.size()) != op->num_results) {
    return Error(op->offset, "xla.sdy.FuncResultSharding has one result per operand");
  }
  std::vector<Shape> shapes;
  for (Instruction* x : op->operands) shapes.push_back(x->shape());
  const Shape all = shapes.size() == 1 ? shapes[0] : Shape::Tuple(shapes);
  ASSIGN_OR_RETURN(HloSharding s, ReadRoundTripSharding(*text, all));
  std::vector<Instruction*> out;
  for (size_t i = 0; i < shapes.size(); ++i) {
    Instruction* c = Add(scope->comp, Opcode::kCustomCall, shapes[i], {op->operands[i]}, op->offset,
                         "result_sharding");
    c->attrs().custom_call_target = "Sharding";
    c->set_sharding(shapes.size() == 1 ? s : s.tuple[i]);
    out.push_back(c);
  }
  return out;
}

namespace {

// The shardings, mesh and manual axes of one shard_map, and the parsers of their texts (the
// shardings point at those parsers' meshes).
struct RoundTripSpec {
  std::vector<std::unique_ptr<Parser>> parsers;
  Parser::ManualSpec manual;
};

// `key`'s Shardy text: the first found on `holders` (custom calls, then the call).
std::string_view RoundTripText(const std::vector<const Instruction*>& holders,
                               std::string_view key) {
  for (const Instruction* h : holders) {
    if (!h) continue;
    std::string_view v = FrontendAttr(*h, key);
    if (!v.empty()) return v;
  }
  return {};
}

// `#sdy.sharding_per_value<[<...>, ...]>` (one sharding per value of `shapes`) into `into`; the
// parser that read it is kept in `parsers` (the shardings point at its meshes).
Status ReadShardingList(const Parser& main, std::string_view key, std::string_view text,
                        const std::vector<Shape>& shapes, int64_t at, RoundTripSpec* spec,
                        std::vector<Parser::SdySharding>* into) {
  spec->parsers.push_back(main.RoundTripParser(key, text));
  Parser& p = *spec->parsers.back();
  auto read = [&]() -> Status {
    RETURN_IF_ERROR(ExpectHash(p, "#sdy.sharding_per_value", "(the shardings)"));
    RETURN_IF_ERROR(p.Expect("<", "after '#sdy.sharding_per_value'"));
    Attr a;
    a.offset = p.lex_.NextOffset();
    ASSIGN_OR_RETURN(*into, p.ReadSdyShardingList(a, shapes, &spec->manual.inline_meshes));
    return Status::Ok();
  };
  return main.RoundTripError(at, key, read());
}

// `#sdy<manual_axes{"a", "b"}>`
Status ReadManualAxesText(const Parser& main, std::string_view text, int64_t at,
                          RoundTripSpec* spec) {
  std::unique_ptr<Parser> p = main.RoundTripParser("xla.sdy.manual_axes", text);
  auto read = [&]() -> Status {
    RETURN_IF_ERROR(ExpectHash(*p, "#sdy", "(the manual axes)"));
    RETURN_IF_ERROR(p->Expect("<", "after '#sdy'"));
    RETURN_IF_ERROR(p->Expect("manual_axes", "after '#sdy<'"));
    Attr a;
    a.offset = p->lex_.NextOffset();
    ASSIGN_OR_RETURN(spec->manual.manual, p->ReadManualAxes(a, spec->manual.mesh));
    return Status::Ok();
  };
  return main.RoundTripError(at, "xla.sdy.manual_axes", read());
}

// The pieces of one shard_map, found from its LocalToGlobalShape `l`.
struct ShardMapParts {
  Instruction* call = nullptr;
  Instruction* g = nullptr;            // the GlobalToLocalShape (none when the body takes nothing)
  std::vector<Instruction*> globals;   // per body argument: the global value
  std::vector<int64_t> in_index;       // per body argument: that value's index among g's
  std::vector<Instruction*> returned;  // per result of `l`: the body's value
  std::vector<Shape> result_types;     // per result of `l`
};

// The index of result `v` of `producer` (0 for a single-result producer).
int64_t ResultIndex(const Instruction* v, const Instruction* producer) {
  return v == producer ? 0 : v->attrs().tuple_index;
}

Expected<ShardMapParts> FindShardMapParts(const Parser& p, Instruction* l,
                                          const Computation* comp) {
  auto form = [&](std::string_view what) {
    return p.Unsupported(l->source_offset(),
                         fmt::format("xla.sdy.LocalToGlobalShape: {}; xpar reads the form "
                                     "GlobalToLocalShape -> call @..xla.sdy."
                                     "manual_computation_body.. -> LocalToGlobalShape",
                                     what));
  };
  ShardMapParts parts;
  for (const Instruction* o : l->operands()) {
    const Instruction* k = Producer(o);
    if (k->opcode() != Opcode::kCall || (parts.call && k != parts.call)) {
      return form("its operands are not the results of one call");
    }
    parts.call = const_cast<Instruction*>(k);
  }
  if (!parts.call || !parts.call->called()[0]) return form("it has no operand");
  if (parts.call->called()[0] == comp) return form("the body is the function that calls it");
  for (const Instruction* o : parts.call->operands()) {
    const Instruction* g = Producer(o);
    if (!IsCustomCall(g, kGlobalToLocal) || (parts.g && g != parts.g)) {
      return form("the call's operands are not the results of one xla.sdy.GlobalToLocalShape");
    }
    parts.g = const_cast<Instruction*>(g);
    parts.in_index.push_back(ResultIndex(o, g));
    if (parts.in_index.back() >= g->operand_count()) {
      return form("xla.sdy.GlobalToLocalShape has more results than operands");
    }
    parts.globals.push_back(g->operand(parts.in_index.back()));
  }
  const Instruction* root = parts.call->called()[0]->root();
  std::vector<Instruction*> returned = {const_cast<Instruction*>(root)};
  if (parts.call->shape().IsTuple() && root->opcode() == Opcode::kTuple) {
    returned = root->operands();
  }
  for (const Instruction* o : l->operands()) {
    const int64_t t = ResultIndex(o, parts.call);
    if (t >= static_cast<int64_t>(returned.size())) return form("the body returns fewer values");
    parts.returned.push_back(returned[t]);
  }
  const bool one = l->operand_count() == 1 && !l->shape().IsTuple();
  if (!one && (!l->shape().IsTuple() ||
               l->shape().tuple_shapes().size() != static_cast<size_t>(l->operand_count()))) {
    return form("it has not one result per operand");
  }
  for (int64_t i = 0; i < l->operand_count(); ++i) {
    parts.result_types.push_back(one ? l->shape() : l->shape().tuple_shape(i));
  }
  return parts;
}

// The shardings and manual axes of a shard_map, from its custom calls (or its call).
Status ReadShardMapSpec(const Parser& p, const ShardMapParts& parts, const Instruction& l,
                        RoundTripSpec* spec) {
  const int64_t at = l.source_offset();
  const std::string_view in = RoundTripText({parts.g, parts.call}, "xla.sdy.in_shardings");
  const std::string_view out = RoundTripText({&l, parts.call}, "xla.sdy.out_shardings");
  const std::string_view axes = RoundTripText({parts.g, &l, parts.call}, "xla.sdy.manual_axes");
  if ((parts.g && in.empty()) || out.empty() || axes.empty()) {
    return p.Error(at,
                   "a shard_map of the round-trip form needs xla.sdy.in_shardings, "
                   "xla.sdy.out_shardings and xla.sdy.manual_axes");
  }
  if (parts.g) {
    std::vector<Shape> shapes;
    for (const Instruction* x : parts.g->operands()) shapes.push_back(x->shape());
    std::vector<Parser::SdySharding> ins;
    RETURN_IF_ERROR(ReadShardingList(p, "xla.sdy.in_shardings", in, shapes, at, spec, &ins));
    for (int64_t j : parts.in_index) spec->manual.ins.push_back(ins[j]);
  }
  RETURN_IF_ERROR(ReadShardingList(p, "xla.sdy.out_shardings", out, parts.result_types, at, spec,
                                   &spec->manual.outs));
  RETURN_IF_ERROR(p.SetManualMesh("xla.sdy.manual_computation_body", at, &spec->manual));
  return ReadManualAxesText(p, axes, at, spec);
}

}  // namespace

// The shard_maps of the round-trip form, callee bodies first (a body's own shard_maps are
// lowered before the body is copied into its caller).
Status Parser::LowerRoundTripManuals() {
  if (round_trip_outs_.empty()) return Status::Ok();
  std::unordered_map<const Computation*, int64_t> rank = CalleeFirstRank(comps_);
  std::stable_sort(round_trip_outs_.begin(), round_trip_outs_.end(),
                   [&](const auto& a, const auto& b) { return rank[a.second] < rank[b.second]; });
  for (const auto& [l, comp] : round_trip_outs_) RETURN_IF_ERROR(LowerRoundTripManual(comp, l));
  for (const auto& c : comps_) {
    for (const auto& i : c->instructions()) {
      if (!IsCustomCall(i.get(), kGlobalToLocal)) continue;
      return Unsupported(i->source_offset(),
                         "xla.sdy.GlobalToLocalShape whose values do not reach an "
                         "xla.sdy.LocalToGlobalShape through one manual_computation_body call is "
                         "not supported by xpar");
    }
  }
  return Status::Ok();
}

Status Parser::LowerRoundTripManual(Computation* comp, Instruction* l) {
  const int64_t at = l->source_offset();
  ASSIGN_OR_RETURN(ShardMapParts parts, FindShardMapParts(*this, l, comp));
  RoundTripSpec spec;
  RETURN_IF_ERROR(ReadShardMapSpec(*this, parts, *l, &spec));
  Computation* body = parts.call->called()[0];
  ManualBody mb{body, {}, parts.returned};
  for (const Instruction* param : body->parameters()) mb.arg_types.push_back(param->shape());
  if (mb.arg_types.size() != parts.globals.size()) {
    return Error(at, fmt::format("the manual computation body takes {} value(s), is given {}",
                                 mb.arg_types.size(), parts.globals.size()));
  }
  std::vector<const Computation*> lowered;
  ASSIGN_OR_RETURN(std::vector<Instruction*> results,
                   LowerManual(comp, parts.globals, mb, parts.result_types, spec.manual, at,
                               "shard_map", &lowered));
  std::unordered_set<Instruction*> dead = {l, parts.call};
  if (parts.g) dead.insert(parts.g);
  if (parts.result_types.size() == 1 && !l->shape().IsTuple()) ReplaceUses(comp, l, results[0]);
  for (const auto& i : comp->instructions()) {
    if (i->opcode() != Opcode::kGetTupleElement) continue;
    const Instruction* of = i->operand(0);
    if (of == l) ReplaceUses(comp, i.get(), results[i->attrs().tuple_index]);
    if (of == l || of == parts.call || (parts.g && of == parts.g)) dead.insert(i.get());
  }
  std::unordered_set<const Instruction*> erased = EraseUnused(comp, std::move(dead));
  std::erase_if(calls_, [&](const PendingCall& c) { return erased.count(c.inst) > 0; });
  bool called = false;
  for (const auto& c : comps_) {
    for (const auto& i : c->instructions()) {
      for (const Computation* callee : i->called()) called = called || callee == body;
    }
  }
  if (!called) {
    std::erase_if(funcs_, [&](const auto& f) { return f.second.comp == body; });
    DropInlinedBody(body, lowered);
  }
  SortByOperands(comp);
  return Status::Ok();
}

}  // namespace xpar::mlir
