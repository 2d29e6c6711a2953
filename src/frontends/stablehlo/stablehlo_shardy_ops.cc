// Shardy ops as instructions: sharding_constraint and reshard become HLO's `Sharding`
// custom-call (the form XLA's exporter writes, honoured by xpar's planner and partitioner);
// propagation_barrier and data_flow_edge pass their operand through; sharding_group is dropped
// (a hint to Shardy's propagation, like the round trip's xla.sdy.ShardingGroup);
// manual_computation and named_computation are in stablehlo_shardy_manual.cc; the explicit
// collectives are Sharding annotations (their global value is their operand's).
#include "frontends/hlo/hlo_parser.h"
#include "frontends/stablehlo/stablehlo_parser_impl.h"

namespace xpar::mlir {
namespace {

// Shardy's explicit collectives: `sdy.all_gather [{"x"}, {}] %v out_sharding=<...>`, all_slice,
// all_to_all, collective_permute move data between shardings; `sdy.all_reduce {"y"} %v
// out_sharding=<...>` and reduce_scatter sum the pending partial values of unreduced axes. In
// the global program xpar reads, each leaves the value as it is (a tensor with unreduced axes
// already means the full sum), so each becomes a `Sharding` annotation with out_sharding.
bool IsResharding(std::string_view m) {
  return m == "all_gather" || m == "all_slice" || m == "all_to_all" || m == "collective_permute" ||
         m == "all_reduce" || m == "reduce_scatter";
}

bool IsPassThroughSdyOp(std::string_view m) {
  return m == "propagation_barrier" || m == "data_flow_edge";
}

}  // namespace

// `mhlo.sharding = "{devices=[2,1]0,1}"` (HLO annotation text), `sdy.sharding =
// #sdy.sharding<...>` / `#sdy.sharding_per_value<[...]>`, or the round-trip form's
// `mhlo.frontend_attributes = {xla.sdy.sharding = "#sdy.sharding..."}`.
Status Parser::SetSharding(Instruction* inst, const Attr& attr) {
  if (attr.kind == Attr::Kind::kDict) {  // mhlo.frontend_attributes = {xla.sdy.sharding = "..."}
    const Attr* text = attr.Find("xla.sdy.sharding");
    if (!text) return Error(attr.offset, "mhlo.frontend_attributes without xla.sdy.sharding");
    ASSIGN_OR_RETURN(HloSharding s, ReadRoundTripSharding(*text, inst->shape()));
    inst->set_sharding(std::move(s));
    return Status::Ok();
  }
  if (attr.kind == Attr::Kind::kDialect && attr.s.starts_with("sdy.")) {
    ASSIGN_OR_RETURN(HloSharding s, ReadSdyAttr(attr, inst->shape()));
    inst->set_sharding(std::move(s));
    return Status::Ok();
  }
  if (attr.kind != Attr::Kind::kString) return Error(attr.offset, "mhlo.sharding must be a string");
  auto parsed = ParseHloSharding(attr.s);
  if (!parsed.ok()) {
    return Error(attr.offset, fmt::format("bad mhlo.sharding: {}", parsed.status().message()));
  }
  inst->set_sharding(std::move(*parsed));
  return Status::Ok();
}

// `sdy.sharding_constraint %x <@mesh, [{}, {"y"}]> : T`, `sdy.reshard %x <...> : T`,
// `sdy.propagation_barrier %x allowed_direction=NONE : T`, `sdy.data_flow_edge %x [sharding=<...>]
// : T`. A `<...>` sharding is kept as an attribute and read when the op is built.
Status Parser::ParsePrettySdy(Scope* scope, OpInfo* op) {
  const std::string& m = op->mnemonic;
  if (m == "manual_computation" || m == "named_computation") return ParsePrettyManual(scope, op);
  if (m != "sharding_constraint" && m != "reshard" && m != "sharding_group" &&
      !IsPassThroughSdyOp(m) && !IsResharding(m)) {
    return Unsupported(op->offset,
                       fmt::format("Shardy op '{}' is not supported by xpar", op->name));
  }
  // The axes moved or reduced (`[{"x"}, {}]`, all_reduce's `{"y"}`): implied by out_sharding.
  if (IsResharding(m) && (lex_.Peek().Is("[") || lex_.Peek().Is("{"))) {
    Token open = lex_.Next();
    const std::string_view close = open.Is("[") ? "]" : "}";
    for (int depth = 1; depth > 0;) {
      Token t = lex_.Next();
      if (t.kind == Tok::kEof) {
        return Error(open.offset, fmt::format("unterminated '{}' in a Shardy op", open.text));
      }
      depth += t.Is(open.text) ? 1 : t.Is(close) ? -1 : 0;
    }
  }
  RETURN_IF_ERROR(ParseOperands(scope, op));
  auto sharding = [&](std::string key) -> Status {
    Attr a;
    a.kind = Attr::Kind::kDialect;
    a.s = "sdy.sharding";
    a.offset = lex_.NextOffset();
    RETURN_IF_ERROR(SkipSdyAttr(&a));
    op->attrs.emplace_back(std::move(key), std::move(a));
    return Status::Ok();
  };
  while (!lex_.Peek().Is(":")) {
    Token t = lex_.Peek();
    if (t.Is("<")) {
      RETURN_IF_ERROR(sharding("sharding"));
    } else if (t.kind == Tok::kBareId && lex_.PeekSecond().Is("=")) {
      lex_.Next();
      lex_.Next();
      if (lex_.Peek().Is("<")) {
        RETURN_IF_ERROR(sharding(std::string(t.text)));
      } else {
        ASSIGN_OR_RETURN(Attr v, ParseAttrValue());
        op->attrs.emplace_back(std::string(t.text), std::move(v));
      }
    } else if (lex_.TryConsume("{")) {
      RETURN_IF_ERROR(ParseAttrDict(&op->attrs));
    } else {
      return Error(t.offset, fmt::format("unexpected '{}' in '{}'", t.text, op->name));
    }
  }
  RETURN_IF_ERROR(ParseTypeSignature(op));
  if (m == "sharding_group") op->result_types.clear();  // `: T` is its operand's type
  return Status::Ok();
}

Expected<std::vector<Instruction*>> Parser::BuildSdy(Scope* scope, OpInfo* op) {
  const std::string& m = op->mnemonic;
  if (m == "manual_computation" || m == "named_computation") {
    return BuildManualComputation(scope, op);
  }
  if (IsPassThroughSdyOp(m) && op->operands.size() == 1) {
    return std::vector<Instruction*>{op->operands[0]};
  }
  // `sdy.sharding_group %v group_id=0 : T` asks Shardy's propagation to give the group's values
  // one sharding; xpar's planner chooses shardings itself, and the values are unchanged.
  if (m == "sharding_group" && op->operands.size() == 1 && op->num_results == 0) {
    return std::vector<Instruction*>{};
  }
  if ((m != "sharding_constraint" && m != "reshard" && !IsResharding(m)) ||
      op->operands.size() != 1) {
    return Unsupported(op->offset,
                       fmt::format("Shardy op '{}' is not supported by xpar", op->name));
  }
  const Attr* sharding = op->Find(IsResharding(m) ? "out_sharding" : "sharding");
  if (!sharding) return Error(op->offset, fmt::format("'{}' without a sharding", op->name));
  Instruction* inst = Add(scope->comp, Opcode::kCustomCall, op->operands[0]->shape(),
                          {op->operands[0]}, op->offset, op->result_name);
  inst->attrs().custom_call_target = "Sharding";
  RETURN_IF_ERROR(SetSharding(inst, *sharding));
  return std::vector<Instruction*>{inst};
}

Status Parser::ApplyResultShardings(Region* body, const std::vector<AttrList>& result_attrs) {
  for (size_t i = 0; i < result_attrs.size() && i < body->returned.size(); ++i) {
    const Attr* attr = nullptr;
    for (const auto& [k, v] : result_attrs[i]) {
      if (k == "mhlo.sharding" || k == "sdy.sharding" ||
          (k == "mhlo.frontend_attributes" && RoundTripAttr(result_attrs[i], "xla.sdy.sharding"))) {
        attr = &v;
      }
    }
    if (!attr) continue;
    Instruction* value = body->returned[i];
    Instruction probe("result", Opcode::kCustomCall, value->shape());
    RETURN_IF_ERROR(SetSharding(&probe, *attr));
    if (!value->sharding()) {
      value->set_sharding(*probe.sharding());
    } else if (!(*value->sharding() == *probe.sharding())) {
      Instruction* c = Add(body->comp, Opcode::kCustomCall, value->shape(), {value}, attr->offset,
                           "result_sharding");
      c->attrs().custom_call_target = "Sharding";
      c->set_sharding(*probe.sharding());
      body->returned[i] = c;
    }
  }
  return Status::Ok();
}

}  // namespace xpar::mlir
