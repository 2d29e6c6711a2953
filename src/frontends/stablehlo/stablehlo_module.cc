// Top level of the StableHLO/MHLO parser: `module` (pretty and "builtin.module"), func.func
// (pretty and generic), and assembling the computations into a Module (callees first, entry =
// public main or the only public function).
#include <functional>
#include <unordered_set>

#include "frontends/hlo/hlo_lexer.h"
#include "frontends/stablehlo/stablehlo_parser.h"
#include "frontends/stablehlo/stablehlo_parser_impl.h"
#include "frontends/stablehlo/stablehlo_shardy_manual.h"

namespace xpar {
namespace mlir {
namespace {

void AddModuleAttr(const std::string& key, const Attr& v,
                   std::vector<std::pair<std::string, std::string>>* out) {
  if (v.kind != Attr::Kind::kInt) return;
  if (key == "mhlo.num_partitions") out->emplace_back("num_partitions", std::to_string(v.i));
  if (key == "mhlo.num_replicas") out->emplace_back("replica_count", std::to_string(v.i));
}

}  // namespace

Expected<std::unique_ptr<Module>> Parser::ParseModule() {
  RETURN_IF_ERROR(ReadDialectResources());
  RETURN_IF_ERROR(ParseTopLevel());
  // In HLO's name alphabet, as computation names are (`module @dis$t`: a fuzz finding).
  std::string name = module_name_.empty() ? "mlir_module" : module_name_;
  for (char& c : name) {
    if (!hlo::IsNameChar(c)) c = '_';
  }
  auto module = std::make_unique<Module>(name);
  RETURN_IF_ERROR(Assemble(module.get()));
  module->set_source(src_);
  return module;
}

Status Parser::ParseTopLevel() {
  for (;;) {
    Token t = lex_.Peek();
    if (t.kind == Tok::kEof) return Status::Ok();
    if (t.offset == resource_block_.first) {  // `{-# dialect_resources ... #-}`, read already
      lex_.set_pos(resource_block_.second);
      continue;
    }
    if (t.Is("module")) {
      RETURN_IF_ERROR(ParseModuleOp(false));
    } else if (t.kind == Tok::kString && Unescape(t.text) == "builtin.module") {
      RETURN_IF_ERROR(ParseModuleOp(true));
    } else if (t.Is("func.func") || t.Is("func")) {
      RETURN_IF_ERROR(ParseFunc(false));
    } else if (t.kind == Tok::kString && Unescape(t.text) == "func.func") {
      RETURN_IF_ERROR(ParseFunc(true));
    } else if (t.Is("sdy.mesh")) {
      RETURN_IF_ERROR(ParseSdyMesh());
    } else if ((t.kind == Tok::kHashId || t.kind == Tok::kBangId) && lex_.PeekSecond().Is("=")) {
      Token alias = lex_.Next();  // `#loc1 = loc(...)`, `!tuple = tuple<...>`: aliases
      lex_.Next();
      if (alias.kind == Tok::kBangId) {
        ASSIGN_OR_RETURN(Shape s, ParseType());
        type_aliases_[std::string(alias.text)] = std::move(s);
      } else if (lex_.Peek().Is("loc")) {
        RETURN_IF_ERROR(SkipLocation());
      } else {
        ASSIGN_OR_RETURN(Attr ignored, ParseAttrValue());
        (void)ignored;
      }
    } else {
      return Error(t.offset, fmt::format("expected 'module' or 'func.func', found '{}'", t.text));
    }
  }
}

Status Parser::ParseModuleOp(bool generic) {
  lex_.Next();
  AttrList attrs;
  auto body = [&]() -> Status {
    RETURN_IF_ERROR(Expect("{", "to open the module body"));
    while (!lex_.TryConsume("}")) {
      Token t = lex_.Peek();
      if (t.Is("func.func") || t.Is("func")) {
        RETURN_IF_ERROR(ParseFunc(false));
      } else if (t.kind == Tok::kString && Unescape(t.text) == "func.func") {
        RETURN_IF_ERROR(ParseFunc(true));
      } else if (t.Is("sdy.mesh")) {
        RETURN_IF_ERROR(ParseSdyMesh());
      } else if (t.kind == Tok::kEof) {
        return Error(t.offset, "unexpected end of input: the module is not closed");
      } else {
        return Error(t.offset, fmt::format("expected 'func.func' in the module, found '{}'",
                                           t.text));
      }
    }
    return Status::Ok();
  };
  if (generic) {
    RETURN_IF_ERROR(Expect("(", "after \"builtin.module\""));
    RETURN_IF_ERROR(Expect(")", "after \"builtin.module\"("));
    if (lex_.TryConsume("<")) {
      RETURN_IF_ERROR(Expect("{", "to open the properties"));
      RETURN_IF_ERROR(ParseAttrDict(&attrs));
      RETURN_IF_ERROR(Expect(">", "to close the properties"));
    }
    RETURN_IF_ERROR(Expect("(", "to open the module region"));
    RETURN_IF_ERROR(body());
    RETURN_IF_ERROR(Expect(")", "to close the module region"));
    if (lex_.TryConsume("{")) RETURN_IF_ERROR(ParseAttrDict(&attrs));
    OpInfo sig;
    sig.name = "builtin.module";
    RETURN_IF_ERROR(ParseTypeSignature(&sig));
  } else {
    if (lex_.Peek().kind == Tok::kSymbol) module_name_ = SymbolName(lex_.Next());
    if (lex_.TryConsume("attributes")) {
      RETURN_IF_ERROR(Expect("{", "to open the module attributes"));
      RETURN_IF_ERROR(ParseAttrDict(&attrs));
    }
    RETURN_IF_ERROR(ReadRoundTripMeshes(attrs));
    RETURN_IF_ERROR(body());
  }
  for (const auto& [k, v] : attrs) {
    if (k == "sym_name" && v.kind == Attr::Kind::kString) module_name_ = v.s;
    AddModuleAttr(k, v, &module_attrs_);
  }
  return SkipLocation();
}

Status Parser::ParseFunc(bool generic) {
  Token head = lex_.Next();
  FuncInfo info;
  info.offset = head.offset;
  std::string name;
  std::vector<std::pair<std::string, Shape>> args;
  std::vector<std::pair<size_t, Attr>> arg_shardings;  // argument index, mhlo/sdy.sharding
  std::vector<AttrList> result_attrs;
  std::vector<Shape> results;  // the declared result types
  AttrList attrs;
  Region body;
  if (!generic) {
    Token t = lex_.Next();
    if (t.Is("public") || t.Is("private") || t.Is("nested")) {
      info.is_public = t.Is("public");
      t = lex_.Next();
    }
    if (t.kind != Tok::kSymbol) return Error(t.offset, "expected the function name (@name)");
    name = SymbolName(t);
    current_func_ = name;
    RETURN_IF_ERROR(Expect("(", "to open the function arguments"));
    if (!lex_.TryConsume(")")) {
      do {
        Token a = lex_.Next();
        if (a.kind != Tok::kValueId) return Error(a.offset, "expected an argument (%name)");
        RETURN_IF_ERROR(Expect(":", "after the argument name"));
        ASSIGN_OR_RETURN(Shape s, ParseType());
        if (lex_.TryConsume("{")) {
          AttrList arg_attrs;
          RETURN_IF_ERROR(ParseAttrDict(&arg_attrs));
          for (const auto& [k, v] : arg_attrs) {
            if (k == "mhlo.sharding" || k == "sdy.sharding" ||
                (k == "mhlo.frontend_attributes" && RoundTripAttr(arg_attrs, "xla.sdy.sharding"))) {
              arg_shardings.emplace_back(args.size(), v);
            }
          }
        }
        RETURN_IF_ERROR(SkipLocation());
        args.emplace_back(std::string(a.text), std::move(s));
      } while (lex_.TryConsume(","));
      RETURN_IF_ERROR(Expect(")", "to close the function arguments"));
    }
    const bool declares_results = lex_.TryConsume("->");
    if (declares_results) {
      ASSIGN_OR_RETURN(results, ParseTypeListMaybeParens(&result_attrs));
      info.num_results = static_cast<int64_t>(results.size());
      if (lex_.Peek().Is("{") && results.size() == 1 && lex_.PeekSecond().kind != Tok::kValueId) {
        // a result attribute dictionary `-> tensor<f32> {jax.result_info = ""}`: only when
        // followed by the body brace
        int64_t save = lex_.pos();
        lex_.Next();
        AttrList one;
        if (!ParseAttrDict(&one).ok() || !lex_.Peek().Is("{")) {
          lex_.set_pos(save);
        } else {
          result_attrs = {std::move(one)};
        }
      }
    }
    if (lex_.TryConsume("attributes")) {
      RETURN_IF_ERROR(Expect("{", "to open the function attributes"));
      RETURN_IF_ERROR(ParseAttrDict(&attrs));
    }
    if (!lex_.Peek().Is("{")) {
      return Error(lex_.NextOffset(), fmt::format("function '@{}' has no body", name));
    }
    Scope scope;
    RETURN_IF_ERROR(ParseFuncBody(&scope, args, &body));
    if (declares_results) {
      RETURN_IF_ERROR(CheckDeclaredTypes(fmt::format("the results of '@{}'", name), results,
                                         body.returned, body.return_offset));
    }
  } else {
    RETURN_IF_ERROR(Expect("(", "after \"func.func\""));
    RETURN_IF_ERROR(Expect(")", "after \"func.func\"("));
    if (lex_.TryConsume("<")) {
      RETURN_IF_ERROR(Expect("{", "to open the properties"));
      RETURN_IF_ERROR(ParseAttrDict(&attrs));
      RETURN_IF_ERROR(Expect(">", "to close the properties"));
    }
    current_func_ = "func";
    OpInfo props;
    props.attrs = attrs;
    if (const Attr* n = props.Find("sym_name")) current_func_ = n->s;
    RETURN_IF_ERROR(Expect("(", "to open the function body"));
    Scope scope;
    RETURN_IF_ERROR(ParseFuncBody(&scope, args, &body));
    RETURN_IF_ERROR(Expect(")", "to close the function body"));
    if (lex_.TryConsume("{")) RETURN_IF_ERROR(ParseAttrDict(&attrs));
    OpInfo sig;
    sig.name = "func.func";
    RETURN_IF_ERROR(ParseTypeSignature(&sig));
    OpInfo a;
    a.attrs = attrs;
    const Attr* sym = a.Find("sym_name");
    if (!sym) return Error(head.offset, "generic func.func without sym_name");
    name = sym->s;
    if (const Attr* vis = a.Find("sym_visibility")) info.is_public = vis->s == "public";
    info.num_results = static_cast<int64_t>(body.returned.size());
  }
  RETURN_IF_ERROR(SkipLocation());
  for (const auto& f : funcs_) {
    if (f.first == name) return Error(head.offset, fmt::format("redefinition of '@{}'", name));
  }
  // MLIR symbols may hold characters HLO names cannot (`@w$ile`): the computation's name keeps
  // HLO's alphabet so that its HLO print reads back (a fuzz finding).
  std::string hlo_name = name;
  for (char& c : hlo_name) {
    if (!hlo::IsNameChar(c)) c = '_';
  }
  body.comp->set_name(hlo_name);
  for (const auto& [index, attr] : arg_shardings) {
    if (index < body.comp->parameters().size()) {
      RETURN_IF_ERROR(SetSharding(body.comp->parameters()[index], attr));
    }
  }
  RETURN_IF_ERROR(ApplyResultShardings(&body, result_attrs));
  info.comp = body.comp;
  info.num_results = static_cast<int64_t>(body.returned.size());
  RETURN_IF_ERROR(FinishRegionRoot(&body, /*tuple_always=*/false, /*pass_captures=*/false));
  funcs_.emplace_back(name, info);
  return Status::Ok();
}

// The function body: a region whose block arguments (from the signature, or ^bb0 in the
// generic form) are the parameters.
Status Parser::ParseFuncBody(Scope* scope, std::vector<std::pair<std::string, Shape>> args,
                             Region* body) {
  (void)scope;
  RETURN_IF_ERROR(ParseRegion(nullptr, Scope::Mode::kIsolated, nullptr, std::move(args), body));
  return Status::Ok();
}

Status Parser::Assemble(Module* module) {
  auto find_func = [&](const std::string& name) -> const FuncInfo* {
    for (const auto& f : funcs_) {
      if (f.first == name) return &f.second;
    }
    return nullptr;
  };
  for (const PendingCall& call : calls_) {
    const FuncInfo* f = find_func(call.callee);
    if (!f) return Error(call.offset, fmt::format("call to undefined function '@{}'", call.callee));
    call.inst->mutable_called()[call.slot] = f->comp;
  }
  RETURN_IF_ERROR(LowerRoundTripManuals());
  for (const Instruction* inst : manual_clone_calls_) {
    for (const Computation* callee : inst->called()) {
      if (callee) RETURN_IF_ERROR(CheckCopyIndependent(*this, *callee, inst->source_offset()));
    }
  }
  if (funcs_.empty()) return Error(lex_.NextOffset(), "the module has no functions");
  // The entry: public @main, else the only public function, else the only function nobody calls.
  const FuncInfo* entry = nullptr;
  if (const FuncInfo* m = find_func("main"); m && m->is_public) entry = m;
  std::vector<const FuncInfo*> publics;
  for (const auto& f : funcs_) {
    if (f.second.is_public) publics.push_back(&f.second);
  }
  if (!entry && publics.size() == 1) entry = publics[0];
  if (!entry) {
    std::unordered_set<const Computation*> called;
    for (const auto& c : comps_) {
      for (const auto& inst : c->instructions()) {
        for (const Computation* callee : inst->called()) called.insert(callee);
      }
    }
    std::vector<const FuncInfo*> roots;
    for (const FuncInfo* f : publics) {
      if (!called.count(f->comp)) roots.push_back(f);
    }
    if (roots.size() != 1) {
      return Error(funcs_.front().second.offset,
                   "cannot choose the entry function: name it @main or make it the only public "
                   "function");
    }
    entry = roots[0];
  }
  // Callees before callers.
  std::unordered_set<const Computation*> done;
  std::vector<std::unique_ptr<Computation>> ordered;
  std::unordered_map<const Computation*, size_t> index;
  for (size_t i = 0; i < comps_.size(); ++i) index[comps_[i].get()] = i;
  std::function<void(Computation*)> visit = [&](Computation* c) {
    if (!done.insert(c).second) return;
    for (const auto& inst : c->instructions()) {
      for (Computation* callee : inst->called()) {
        if (callee) visit(callee);
      }
    }
    ordered.push_back(std::move(comps_[index[c]]));
  };
  for (size_t i = 0; i < comps_.size(); ++i) {
    if (comps_[i]) visit(comps_[i].get());
  }
  for (auto& c : ordered) module->AddComputation(std::move(c));
  comps_.clear();
  module->set_entry(entry->comp);
  for (const auto& kv : module_attrs_) module->attributes().push_back(kv);
  return Status::Ok();
}

}  // namespace mlir

Expected<std::unique_ptr<Module>> ParseStableHlo(std::string text, std::string filename) {
  return ParseStableHlo(std::move(text), std::move(filename), StableHloParseOptions{});
}

Expected<std::unique_ptr<Module>> ParseStableHlo(std::string text, std::string filename,
                                                 const StableHloParseOptions& options) {
  auto src = std::make_shared<const SourceText>(std::move(filename), std::move(text));
  mlir::Parser parser(src, options);
  return parser.ParseModule();
}

Expected<std::unique_ptr<Module>> ParseStableHloFile(const std::string& path,
                                                     const StableHloParseOptions& options) {
  ASSIGN_OR_RETURN(std::string text, ReadFile(path));
  return ParseStableHlo(std::move(text), path, options);
}

}  // namespace xpar
