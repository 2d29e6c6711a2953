// StableHLO printer: module and func structure, SSA naming, regions for called computations,
// and the generic op form `%r = "stablehlo.add"(%a, %b) {attrs} : (types) -> type`; HLO-only ops
// as their MHLO / CHLO op, send / recv with their -done as one stablehlo.send / recv.
#include "frontends/stablehlo/stablehlo_printer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <deque>
#include <unordered_map>
#include <unordered_set>

#include "frontends/stablehlo/stablehlo_printer_internal.h"
#include "ir/printer.h"

namespace xpar {
namespace {

using O = Opcode;
using shlo_printer::Quote;
using shlo_printer::TypeText;

// Ops whose tuple-shaped HLO result is a list of results in StableHLO.
bool HasMultipleResults(const Instruction& inst) {
  if (!inst.shape().IsTuple()) return false;
  return IsOneOf(inst.opcode(), {O::kReduce, O::kReduceWindow, O::kSort, O::kScatter,
                                 O::kAllReduce, O::kAllGather, O::kReduceScatter, O::kAllToAll,
                                 O::kCollectivePermute, O::kBatchNormTraining, O::kBatchNormGrad,
                                 O::kRngBitGenerator, O::kInfeed, O::kWhile, O::kTopK});
}

// HLO ops without a StableHLO op, printed as the MHLO / CHLO op the parser reads back: copy as
// "mhlo.copy", erf as "chlo.erf", topk as "chlo.top_k" (with `largest = false` only for a
// smallest-k topk, which CHLO lacks), and the async wrappers as "mhlo.async_start" / _update /
// _done whose bundle is the HLO tuple (`tuple<...>`, not MHLO's !mhlo.async_bundle) and whose
// wrapped computation is `called_computation = @f`.
std::string_view NonStableHloName(Opcode op) {
  switch (op) {
    case O::kCopy: return "mhlo.copy";
    case O::kErf: return "chlo.erf";
    case O::kTopK: return "chlo.top_k";
    case O::kAsyncStart: return "mhlo.async_start";
    case O::kAsyncUpdate: return "mhlo.async_update";
    case O::kAsyncDone: return "mhlo.async_done";
    default: return "";
  }
}

bool IsAsync(Opcode op) { return IsOneOf(op, {O::kAsyncStart, O::kAsyncUpdate, O::kAsyncDone}); }

// Ops whose region returns the elements of a tuple root as separate values.
bool RegionReturnsElements(Opcode op) {
  return IsOneOf(op, {O::kReduce, O::kReduceWindow, O::kScatter, O::kAllReduce,
                      O::kReduceScatter, O::kMap, O::kSort, O::kSelectAndScatter, O::kWhile});
}

class Printer {
 public:
  explicit Printer(const Module& module) : module_(module) {}
  Expected<std::string> Run();

 private:
  Status PrintFunc(const Computation& comp, bool is_entry);
  // Prints the instructions of `comp` (parameters already bound in values_) and its return op.
  Status PrintBody(const Computation& comp, int indent, bool flatten_root,
                   std::string_view return_op, bool split_root = false);
  Status PrintInstruction(const Instruction& inst, int indent);
  // A send-done / recv-done with its send / recv, as one stablehlo.send / stablehlo.recv.
  Status PrintTransfer(const Instruction& done, const std::string& pad);
  Status PrintRegions(const Instruction& inst, int indent, std::string* out);
  Status PrintRegion(const Computation& comp, bool with_args, bool flatten_root,
                     bool split_params, int indent, std::string* out);
  // The elements of a tuple-shaped value, as SSA values (get_tuple_element ops when needed).
  Expected<std::vector<std::string>> Elements(const Instruction* inst, int indent);
  // Values the root of `comp` returns: the operands of a tuple root when flattening.
  std::vector<const Instruction*> RootValues(const Computation& comp, bool flatten) const;
  std::string Fresh(const std::string& base);
  std::string FuncName(const Computation* comp);
  Expected<std::string> Ref(const Instruction* inst) const;
  std::string ExtraAttrs(const Instruction& inst) const;

  const Module& module_;
  std::string out_;
  // The SSA value of each instruction; for ops with several results, results_ holds them and
  // values_ the `stablehlo.tuple` that rebuilds the HLO tuple (when something uses it whole).
  std::unordered_map<const Instruction*, std::string> values_;
  std::unordered_map<const Instruction*, std::vector<std::string>> results_;
  std::unordered_set<const Instruction*> needs_tuple_;
  // Sends / recvs used only by their -done: printed together with it (PrintTransfer).
  std::unordered_set<const Instruction*> paired_;
  std::unordered_set<std::string> used_;
  int64_t fresh_counter_ = 0;
  std::deque<const Computation*> pending_funcs_;
  std::unordered_map<const Computation*, std::string> func_names_;
  std::unordered_set<std::string> taken_func_names_;
};

std::string Printer::Fresh(const std::string& base) {
  std::string name = base;
  if (!shlo_printer::IsBareId(name)) name = fmt::format("v{}", fresh_counter_++);
  std::string candidate = name;
  for (int i = 1; used_.count(candidate); ++i) candidate = fmt::format("{}.{}", name, i);
  used_.insert(candidate);
  return "%" + candidate;
}

std::string Printer::FuncName(const Computation* comp) {
  auto it = func_names_.find(comp);
  if (it != func_names_.end()) return it->second;
  std::string name = comp == module_.entry() ? "main" : comp->name();
  std::string candidate = name;
  for (int i = 1; taken_func_names_.count(candidate) || (comp != module_.entry() && candidate == "main");
       ++i) {
    candidate = fmt::format("{}_{}", name, i);
  }
  taken_func_names_.insert(candidate);
  func_names_[comp] = candidate;
  if (comp != module_.entry()) pending_funcs_.push_back(comp);
  return candidate;
}

Expected<std::string> Printer::Ref(const Instruction* inst) const {
  auto it = values_.find(inst);
  if (it == values_.end()) {
    return Internal("StableHLO printer: no value for '{}'", inst ? inst->name() : "null");
  }
  return it->second;
}

std::vector<const Instruction*> Printer::RootValues(const Computation& comp, bool flatten) const {
  const Instruction* root = comp.root();
  // A one-element tuple stays a tuple: one result would read back as the element itself.
  if (!flatten || root->opcode() != O::kTuple || root->operand_count() == 1) return {root};
  for (const auto& inst : comp.instructions()) {
    for (const Instruction* op : inst->operands()) {
      if (op == root) return {root};  // the tuple has other users: return it whole
    }
  }
  return {root->operands().begin(), root->operands().end()};
}

std::string Printer::ExtraAttrs(const Instruction& inst) const {
  std::vector<std::string> e;
  if (inst.sharding()) e.push_back("mhlo.sharding = " + Quote(PrintSharding(*inst.sharding())));
  if (!inst.frontend_attributes().empty()) {
    std::vector<std::string> kv;
    for (const auto& [k, v] : inst.frontend_attributes()) {
      kv.push_back(fmt::format("{} = {}", shlo_printer::IsBareId(k) ? k : Quote(k), Quote(v)));
    }
    e.push_back(fmt::format("mhlo.frontend_attributes = {{{}}}", fmt::join(kv, ", ")));
  }
  return fmt::format("{}", fmt::join(e, ", "));
}

Status Printer::PrintRegion(const Computation& comp, bool with_args, bool flatten_root,
                            bool split_params, int indent, std::string* out) {
  std::string pad(indent, ' ');
  std::string saved;
  std::swap(saved, out_);
  if (with_args) {
    std::vector<std::string> args;
    for (const Instruction* p : comp.parameters()) {
      if (p == nullptr) return InvalidArgument("computation '{}' has a gap in its parameters",
                                               comp.name());
      if (split_params && p->shape().IsTuple()) {
        // A while's tuple state is one block argument per element, as StableHLO's while has.
        std::vector<std::string> elems;
        for (size_t i = 0; i < p->shape().tuple_shapes().size(); ++i) {
          std::string name = Fresh(fmt::format("{}.{}", p->name(), i));
          elems.push_back(name);
          args.push_back(fmt::format("{}: {}", name, TypeText(p->shape().tuple_shape(i))));
        }
        results_[p] = elems;
        continue;
      }
      std::string name = Fresh(p->name());
      values_[p] = name;
      args.push_back(fmt::format("{}: {}", name, TypeText(p->shape())));
    }
    out_ += fmt::format("{}^bb0({}):\n", pad, fmt::join(args, ", "));
  }
  Status s = PrintBody(comp, indent + 2, flatten_root, "stablehlo.return", split_params);
  std::swap(saved, out_);
  *out += saved;
  return s;
}

Status Printer::PrintRegions(const Instruction& inst, int indent, std::string* out) {
  const Opcode op = inst.opcode();
  if (op == O::kCustomCall || op == O::kCall || IsAsync(op) || inst.called().empty()) {
    return Status::Ok();
  }
  const bool flatten = RegionReturnsElements(op);
  // if/case branches take no arguments: their parameter is the matching operand, captured.
  const bool capture = op == O::kConditional;
  std::vector<std::string> regions;
  for (size_t i = 0; i < inst.called().size(); ++i) {
    const Computation* c = inst.called()[i];
    if (capture) {
      if (c->parameter_count() > 1 || i + 1 >= static_cast<size_t>(inst.operand_count())) {
        return InvalidArgument("conditional '{}': branch '{}' does not take one operand",
                               inst.name(), c->name());
      }
      if (c->parameter_count() == 1) values_[c->parameters()[0]] = values_[inst.operand(i + 1)];
    }
    std::string body;
    RETURN_IF_ERROR(PrintRegion(*c, !capture, flatten, op == O::kWhile, indent + 2, &body));
    regions.push_back(fmt::format("{{\n{}{}}}", body, std::string(indent, ' ')));
  }
  *out += fmt::format(" ({})", fmt::join(regions, ", "));
  return Status::Ok();
}

Status Printer::PrintInstruction(const Instruction& inst, int indent) {
  const Opcode op = inst.opcode();
  std::string pad(indent, ' ');
  if (op == O::kParameter) return Status::Ok();  // bound as a block argument
  if (paired_.count(&inst)) return Status::Ok();  // printed with its send-done / recv-done
  if (IsOneOf(op, {O::kSendDone, O::kRecvDone}) && paired_.count(inst.operand(0))) {
    return PrintTransfer(inst, pad);
  }
  if (op == O::kGetTupleElement && results_.count(inst.operand(0))) {
    const auto& r = results_[inst.operand(0)];
    if (inst.attrs().tuple_index < 0 || inst.attrs().tuple_index >= static_cast<int64_t>(r.size())) {
      return InvalidArgument("get-tuple-element '{}': index out of range", inst.name());
    }
    values_[&inst] = r[inst.attrs().tuple_index];
    return Status::Ok();
  }
  std::string name;
  if (op == O::kCall) {
    name = "func.call";
  } else if (op == O::kConditional) {
    name = inst.operand_count() > 0 && inst.operand(0)->shape().type() == PrimitiveType::kPred
               ? "stablehlo.if"
               : "stablehlo.case";
  } else if (!NonStableHloName(op).empty()) {
    name = NonStableHloName(op);
  } else if (IsOneOf(op, {O::kSend, O::kRecv}) || StableHloOpcodeName(op).empty() ||
             (op == O::kConstant && !inst.shape().IsArray())) {
    return Unimplemented("instruction '{}': HLO op '{}'{} has no StableHLO form", inst.name(),
                         HloOpcodeName(op),
                         IsOneOf(op, {O::kSend, O::kRecv})
                             ? " (its (data, context, token) result pairs with send-done/recv-done)"
                             : "");
  } else {
    name = fmt::format("stablehlo.{}", StableHloOpcodeName(op));
  }
  std::vector<std::string> operands, operand_types;
  const int64_t explicit_operands = op == O::kConditional ? 1 : inst.operand_count();
  if (op == O::kWhile && inst.operand_count() == 1 && inst.operand(0)->shape().IsTuple()) {
    ASSIGN_OR_RETURN(operands, Elements(inst.operand(0), indent));
    for (const Shape& s : inst.operand(0)->shape().tuple_shapes()) {
      operand_types.push_back(TypeText(s));
    }
  } else {
    for (int64_t i = 0; i < explicit_operands; ++i) {
      ASSIGN_OR_RETURN(std::string ref, Ref(inst.operand(i)));
      operands.push_back(ref);
      operand_types.push_back(TypeText(inst.operand(i)->shape()));
    }
  }
  if (op == O::kRng) {
    // StableHLO's rng takes the result shape as a third operand.
    std::string shape = Fresh(inst.name() + ".shape");
    std::vector<int64_t> dims = inst.shape().dims();
    out_ += fmt::format("{}{} = \"stablehlo.constant\"() {{value = dense<{}> : tensor<{}xi64>}} "
                        ": () -> tensor<{}xi64>\n",
                        pad, shape, shlo_printer::BracketList(dims), dims.size(), dims.size());
    operands.push_back(shape);
    operand_types.push_back(fmt::format("tensor<{}xi64>", dims.size()));
  }
  ASSIGN_OR_RETURN(std::vector<std::string> attrs, shlo_printer::OpAttributes(module_, inst));
  if (op == O::kConstant) {
    ASSIGN_OR_RETURN(std::string dense, shlo_printer::DenseText(*inst.attrs().literal));
    attrs.insert(attrs.begin(), "value = " + dense);
  }
  if (op == O::kCall || (op == O::kCustomCall && !inst.called().empty())) {
    std::vector<std::string> refs;
    for (const Computation* c : inst.called()) refs.push_back(shlo_printer::SymbolRef(FuncName(c)));
    if (op == O::kCall) {
      // func.call in its pretty form, the one every MLIR tool prints.
      std::string ref = Fresh(inst.name());
      values_[&inst] = ref;
      out_ += fmt::format("{}{} = func.call {}({}) : ({}) -> {}\n", pad, ref, refs.at(0),
                          fmt::join(operands, ", "), fmt::join(operand_types, ", "),
                          TypeText(inst.shape()));
      return Status::Ok();
    } else {
      attrs.push_back(fmt::format("called_computations = [{}]", fmt::join(refs, ", ")));
    }
  }
  if (IsAsync(op) && !inst.called().empty()) {
    attrs.push_back("called_computation = " + shlo_printer::SymbolRef(FuncName(inst.called()[0])));
  }
  std::string extra = ExtraAttrs(inst);
  if (!extra.empty()) attrs.push_back(extra);
  std::string regions;
  RETURN_IF_ERROR(PrintRegions(inst, indent, &regions));

  std::string lhs, result_type;
  if (HasMultipleResults(inst)) {
    std::string base = Fresh(inst.name());
    const auto& elems = inst.shape().tuple_shapes();
    std::vector<std::string> types, refs;
    for (size_t i = 0; i < elems.size(); ++i) {
      types.push_back(TypeText(elems[i]));
      refs.push_back(fmt::format("{}#{}", base, i));
    }
    lhs = fmt::format("{}:{}", base, elems.size());
    result_type = fmt::format("({})", fmt::join(types, ", "));
    results_[&inst] = refs;
  } else {
    std::string ref = Fresh(inst.name());
    lhs = ref;
    values_[&inst] = ref;
    result_type = TypeText(inst.shape());
  }
  out_ += fmt::format("{}{} = \"{}\"({}){}{} : ({}) -> {}\n", pad, lhs, name,
                      fmt::join(operands, ", "), regions,
                      attrs.empty() ? "" : fmt::format(" {{{}}}", fmt::join(attrs, ", ")),
                      fmt::join(operand_types, ", "), result_type);
  if (HasMultipleResults(inst) && needs_tuple_.count(&inst)) {
    std::vector<std::string> types;
    for (const Shape& s : inst.shape().tuple_shapes()) types.push_back(TypeText(s));
    std::string tuple = Fresh(inst.name() + ".tuple");
    values_[&inst] = tuple;
    out_ += fmt::format("{}{} = \"stablehlo.tuple\"({}) : ({}) -> {}\n", pad, tuple,
                        fmt::join(results_[&inst], ", "), fmt::join(types, ", "),
                        TypeText(inst.shape()));
  }
  return Status::Ok();
}

Status Printer::PrintTransfer(const Instruction& done, const std::string& pad) {
  const Instruction& start = *done.operand(0);
  const bool send = start.opcode() == O::kSend;
  const Shape& data = start.shape().tuple_shape(0);
  if (!data.IsArray()) {
    return Unimplemented("instruction '{}': a {} of a tuple has no StableHLO form", start.name(),
                         HloOpcodeName(start.opcode()));
  }
  bool host = false;
  for (const auto& [k, v] : start.attrs().passthrough) {
    host |= k == "is_host_transfer" && v == "true";
  }
  // ChannelType: DEVICE_TO_DEVICE = 1, DEVICE_TO_HOST = 2, HOST_TO_DEVICE = 3.
  std::string attrs = fmt::format(
      "channel_handle = #stablehlo.channel_handle<handle = {}, type = {}>, is_host_transfer = {}",
      start.attrs().channel_id.value_or(0), host ? (send ? 2 : 3) : 1, host);
  const std::string token = TypeText(Shape::Token());
  if (send) {
    ASSIGN_OR_RETURN(std::string d, Ref(start.operand(0)));
    ASSIGN_OR_RETURN(std::string t, Ref(start.operand(1)));
    std::string ref = Fresh(done.name());
    values_[&done] = ref;
    out_ += fmt::format("{}{} = \"stablehlo.send\"({}, {}) {{{}}} : ({}, {}) -> {}\n", pad, ref, d,
                        t, attrs, TypeText(data), token, token);
    return Status::Ok();
  }
  ASSIGN_OR_RETURN(std::string t, Ref(start.operand(0)));
  std::string base = Fresh(done.name());
  results_[&done] = {base + "#0", base + "#1"};
  out_ += fmt::format("{}{}:2 = \"stablehlo.recv\"({}) {{{}}} : ({}) -> ({}, {})\n", pad, base, t,
                      attrs, token, TypeText(data), token);
  if (needs_tuple_.count(&done)) {
    std::string tuple = Fresh(done.name() + ".tuple");
    values_[&done] = tuple;
    out_ += fmt::format("{}{} = \"stablehlo.tuple\"({}#0, {}#1) : ({}, {}) -> {}\n", pad, tuple,
                        base, base, TypeText(data), token, TypeText(done.shape()));
  }
  return Status::Ok();
}

Expected<std::vector<std::string>> Printer::Elements(const Instruction* inst, int indent) {
  auto it = results_.find(inst);
  if (it != results_.end()) return it->second;
  std::vector<std::string> refs;
  if (inst->opcode() == O::kTuple) {
    for (const Instruction* op : inst->operands()) {
      ASSIGN_OR_RETURN(std::string ref, Ref(op));
      refs.push_back(ref);
    }
    return refs;
  }
  ASSIGN_OR_RETURN(std::string whole, Ref(inst));
  const auto& elems = inst->shape().tuple_shapes();
  for (size_t i = 0; i < elems.size(); ++i) {
    std::string ref = Fresh(fmt::format("{}.{}", inst->name(), i));
    out_ += fmt::format("{}{} = \"stablehlo.get_tuple_element\"({}) {{index = {} : i32}} : ({}) -> {}\n",
                        std::string(indent, ' '), ref, whole, i, TypeText(inst->shape()),
                        TypeText(elems[i]));
    refs.push_back(ref);
  }
  return refs;
}

Status Printer::PrintBody(const Computation& comp, int indent, bool flatten_root,
                          std::string_view return_op, bool split_root) {
  if (comp.root() == nullptr) return InvalidArgument("computation '{}' has no root", comp.name());
  std::vector<const Instruction*> returned = RootValues(comp, flatten_root);
  const bool skip_root = returned.size() != 1 || returned[0] != comp.root();
  for (const auto& inst : comp.instructions()) {
    for (const Instruction* op : inst->operands()) {
      if (inst->opcode() != O::kGetTupleElement) needs_tuple_.insert(op);
    }
  }
  for (const Instruction* r : returned) needs_tuple_.insert(r);
  std::unordered_set<const Instruction*> unpaired;
  for (const auto& inst : comp.instructions()) {
    for (const Instruction* op : inst->operands()) {
      bool done = (op->opcode() == O::kSend && inst->opcode() == O::kSendDone) ||
                  (op->opcode() == O::kRecv && inst->opcode() == O::kRecvDone);
      if (IsOneOf(op->opcode(), {O::kSend, O::kRecv}) && !done) unpaired.insert(op);
    }
  }
  for (const auto& inst : comp.instructions()) {
    if (IsOneOf(inst->opcode(), {O::kSend, O::kRecv}) && !unpaired.count(inst.get()) &&
        inst.get() != comp.root()) {
      paired_.insert(inst.get());
    }
  }
  // A while's split tuple parameter, rebuilt where something uses it whole.
  for (const Instruction* p : comp.parameters()) {
    if (results_.count(p) && needs_tuple_.count(p) && !values_.count(p)) {
      std::vector<std::string> types;
      for (const Shape& s : p->shape().tuple_shapes()) types.push_back(TypeText(s));
      std::string ref = Fresh(p->name());
      values_[p] = ref;
      out_ += fmt::format("{}{} = \"stablehlo.tuple\"({}) : ({}) -> {}\n", std::string(indent, ' '),
                          ref, fmt::join(results_[p], ", "), fmt::join(types, ", "),
                          TypeText(p->shape()));
    }
  }
  for (const auto& inst : comp.instructions()) {
    if (skip_root && inst.get() == comp.root()) continue;
    RETURN_IF_ERROR(PrintInstruction(*inst, indent));
  }
  std::vector<std::string> refs, types;
  if (split_root && returned.size() == 1 && returned[0]->shape().IsTuple()) {
    ASSIGN_OR_RETURN(refs, Elements(returned[0], indent));
    for (const Shape& s : returned[0]->shape().tuple_shapes()) types.push_back(TypeText(s));
  } else {
    for (const Instruction* r : returned) {
      ASSIGN_OR_RETURN(std::string ref, Ref(r));
      refs.push_back(ref);
      types.push_back(TypeText(r->shape()));
    }
  }
  out_ += fmt::format("{}\"{}\"({}) : ({}) -> ()\n", std::string(indent, ' '), return_op,
                      fmt::join(refs, ", "), fmt::join(types, ", "));
  return Status::Ok();
}

Status Printer::PrintFunc(const Computation& comp, bool is_entry) {
  used_.clear();
  values_.clear();
  results_.clear();
  needs_tuple_.clear();
  std::vector<const Instruction*> returned = RootValues(comp, is_entry);
  // Entry parameters: shardings and `tf.aliasing_output` for donated buffers.
  std::vector<std::string> args;
  for (const Instruction* p : comp.parameters()) {
    if (p == nullptr) {
      return InvalidArgument("computation '{}' has a gap in its parameters", comp.name());
    }
    std::string name = Fresh(p->name());
    values_[p] = name;
    std::vector<std::string> attrs;
    if (p->sharding()) attrs.push_back("mhlo.sharding = " + Quote(PrintSharding(*p->sharding())));
    if (is_entry) {
      for (const IoAlias& a : module_.input_output_alias()) {
        if (a.parameter_number != p->attrs().parameter_number || !a.parameter_index.empty()) {
          continue;
        }
        if (a.output_index.size() == 1 && returned.size() > 1) {
          attrs.push_back(fmt::format("tf.aliasing_output = {} : i32", a.output_index[0]));
        } else if (a.output_index.empty() && returned.size() == 1) {
          attrs.push_back("tf.aliasing_output = 0 : i32");
        }
      }
    }
    args.push_back(fmt::format("{}: {}{}", name, TypeText(p->shape()),
                               attrs.empty() ? "" : fmt::format(" {{{}}}", fmt::join(attrs, ", "))));
  }
  std::vector<std::string> results;
  const Instruction* root = comp.root();
  for (size_t i = 0; i < returned.size(); ++i) {
    std::string type = TypeText(returned[i]->shape());
    const HloSharding* sh = nullptr;
    if (returned.size() == 1 && root->sharding()) {
      sh = &*root->sharding();
    } else if (returned.size() > 1 && root->sharding() &&
               root->sharding()->kind == HloSharding::Kind::kTuple &&
               i < root->sharding()->tuple.size()) {
      sh = &root->sharding()->tuple[i];
    }
    if (sh) type += fmt::format(" {{mhlo.sharding = {}}}", Quote(PrintSharding(*sh)));
    results.push_back(type);
  }
  out_ += fmt::format("  func.func {}{}({}) -> ({}) {{\n", is_entry ? "public " : "private ",
                      shlo_printer::SymbolRef(FuncName(&comp)), fmt::join(args, ", "),
                      fmt::join(results, ", "));
  RETURN_IF_ERROR(PrintBody(comp, 4, is_entry, "func.return"));
  out_ += "  }\n";
  return Status::Ok();
}

Expected<std::string> Printer::Run() {
  if (module_.entry() == nullptr) return InvalidArgument("module '{}' has no entry", module_.name());
  std::vector<std::string> attrs;
  for (const auto& [hlo_key, mlir_key] :
       {std::pair<std::string, std::string>{"num_partitions", "mhlo.num_partitions"},
        {"replica_count", "mhlo.num_replicas"}}) {
    std::string v = module_.Attribute(hlo_key);
    if (!v.empty()) attrs.push_back(fmt::format("{} = {} : i32", mlir_key, v));
  }
  std::string header = fmt::format("module {}", shlo_printer::SymbolRef(module_.name()));
  if (!attrs.empty()) header += fmt::format(" attributes {{{}}}", fmt::join(attrs, ", "));
  out_ = header + " {\n";
  FuncName(module_.entry());
  RETURN_IF_ERROR(PrintFunc(*module_.entry(), /*is_entry=*/true));
  while (!pending_funcs_.empty()) {
    const Computation* c = pending_funcs_.front();
    pending_funcs_.pop_front();
    RETURN_IF_ERROR(PrintFunc(*c, /*is_entry=*/false));
  }
  out_ += "}\n";
  return out_;
}

}  // namespace

Expected<std::string> PrintStableHlo(const Module& module) {
  Printer printer(module);
  return printer.Run();
}

}  // namespace xpar
