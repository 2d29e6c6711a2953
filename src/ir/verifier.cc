// VerifyModule: structure (entry, ROOTs, unique names, operand order, parameter numbering,
// callee order), arity, each instruction's shape against InferShape, called computations'
// signatures and input/output aliasing. The first problem found is returned.
#include "ir/verifier.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <unordered_map>
#include <unordered_set>

#include "ir/shape_inference.h"
#include "ir/shape_inference_internal.h"
#include "ir/verifier_internal.h"

namespace xpar {
namespace {

using shape_rules::Str;

// "in %comp, %inst: message", located at the instruction when the module came from text.
Status Fail(const Module& m, const Computation& c, const Instruction& inst,
            const std::string& message) {
  std::string full = fmt::format("in %{}, %{}: {}", c.name(), inst.name(), message);
  if (m.source() && inst.source_offset() >= 0) return m.ErrorAt(inst, full);
  return InvalidArgument("{}", full);
}

Status FailComputation(const Module& m, const Computation& c, const std::string& message) {
  std::string full = fmt::format("in %{}: {}", c.name(), message);
  if (m.source() && c.source_offset() >= 0) return m.source()->Error(c.source_offset(), full);
  return InvalidArgument("{}", full);
}

class Verifier {
 public:
  explicit Verifier(const Module& m) : m_(m) {}

  Status Run() {
    RETURN_IF_ERROR(CheckModule());
    for (const auto& c : m_.computations()) RETURN_IF_ERROR(CheckStructure(*c));
    for (const auto& c : m_.computations()) {
      for (const auto& inst : c->instructions()) RETURN_IF_ERROR(CheckShape(*c, *inst));
    }
    return CheckAliases();
  }

 private:
  Status CheckModule() {
    if (m_.entry() == nullptr) {
      return InvalidArgument("module %{} has no ENTRY computation", m_.name());
    }
    for (size_t i = 0; i < m_.computations().size(); ++i) {
      const Computation* c = m_.computations()[i].get();
      if (c == nullptr || !order_.emplace(c, static_cast<int64_t>(i)).second) {
        return InvalidArgument("module %{} lists a computation twice", m_.name());
      }
      if (!names_.emplace(c->name(), c).second) {
        return FailComputation(m_, *c, fmt::format("computation name %{} is used twice",
                                                   c->name()));
      }
    }
    if (!order_.count(m_.entry())) {
      return InvalidArgument("module %{}: the ENTRY computation %{} is not in the module",
                             m_.name(), m_.entry()->name());
    }
    return Status::Ok();
  }

  Status CheckStructure(const Computation& c) {
    if (c.root() == nullptr) return FailComputation(m_, c, "computation has no ROOT");
    const auto& insts = c.instructions();
    int64_t root_index = c.root()->index();
    if (root_index < 0 || root_index >= static_cast<int64_t>(insts.size()) ||
        insts[root_index].get() != c.root()) {
      return FailComputation(m_, c, fmt::format("ROOT %{} is not an instruction of the "
                                                "computation",
                                                c.root()->name()));
    }
    RETURN_IF_ERROR(CheckParameters(c));
    for (const auto& inst : insts) RETURN_IF_ERROR(CheckInstruction(c, *inst));
    return Status::Ok();
  }

  Status CheckParameters(const Computation& c) {
    std::unordered_map<int64_t, const Instruction*> seen;
    for (const auto& inst : c.instructions()) {
      if (inst->opcode() != Opcode::kParameter) continue;
      int64_t n = inst->attrs().parameter_number;
      auto [it, fresh] = seen.emplace(n, inst.get());
      if (!fresh) {
        return Fail(m_, c, *inst, fmt::format("parameter number {} is already used by %{}", n,
                                              it->second->name()));
      }
    }
    int64_t count = static_cast<int64_t>(seen.size());
    for (const auto& [n, inst] : seen) {
      if (n < 0 || n >= count) {
        return Fail(m_, c, *inst, fmt::format("parameter number {} is out of range: the {} "
                                              "parameters must be numbered 0..{}",
                                              n, count, count - 1));
      }
    }
    if (c.parameter_count() != count) {
      return FailComputation(m_, c, "parameter list is inconsistent (call Reindex)");
    }
    return Status::Ok();
  }

  Status CheckInstruction(const Computation& c, const Instruction& inst) {
    auto [it, fresh] = inst_names_.emplace(inst.name(), &c);
    if (!fresh) {
      return Fail(m_, c, inst, fmt::format("instruction name %{} is already used in %{}",
                                           inst.name(), it->second->name()));
    }
    const auto& insts = c.instructions();
    if (inst.index() < 0 || inst.index() >= static_cast<int64_t>(insts.size()) ||
        insts[inst.index()].get() != &inst) {
      return Fail(m_, c, inst, "index() is stale (call Reindex)");
    }
    for (int64_t i = 0; i < inst.operand_count(); ++i) {
      const Instruction* op = inst.operand(i);
      if (op == nullptr) return Fail(m_, c, inst, fmt::format("operand {} is null", i));
      int64_t j = op->index();
      bool here = j >= 0 && j < static_cast<int64_t>(insts.size()) && insts[j].get() == op;
      if (!here) {
        return Fail(m_, c, inst, fmt::format("operand {} (%{}) is not in computation %{}", i,
                                             op->name(), c.name()));
      }
      if (j >= inst.index()) {
        return Fail(m_, c, inst, fmt::format("operand {} (%{}) is used before it is defined",
                                             i, op->name()));
      }
    }
    int arity = OpcodeArity(inst.opcode());
    if (arity != kVariadic && inst.operand_count() != arity) {
      return Fail(m_, c, inst, fmt::format("{} takes {} operand{} but has {}",
                                           HloOpcodeName(inst.opcode()), arity,
                                           arity == 1 ? "" : "s", inst.operand_count()));
    }
    return CheckCallees(c, inst);
  }

  Status CheckCallees(const Computation& c, const Instruction& inst) {
    if (!inst.called().empty() && !HasTrait(inst.opcode(), kCallsComputation)) {
      return Fail(m_, c, inst, fmt::format("{} cannot call computations",
                                           HloOpcodeName(inst.opcode())));
    }
    for (const Computation* callee : inst.called()) {
      auto it = callee ? order_.find(callee) : order_.end();
      if (it == order_.end()) {
        return Fail(m_, c, inst, "calls a computation that is not in the module");
      }
      if (callee == m_.entry()) {
        return Fail(m_, c, inst, fmt::format("calls the ENTRY computation %{}", callee->name()));
      }
      if (it->second >= order_.at(&c)) {
        return Fail(m_, c, inst, fmt::format("calls %{}, which is not defined before %{} "
                                             "(callees must come first)",
                                             callee->name(), c.name()));
      }
    }
    return Status::Ok();
  }

  Status CheckShape(const Computation& c, const Instruction& inst) {
    Expected<Shape> inferred = InferShape(inst);
    if (!inferred.ok()) return Fail(m_, c, inst, inferred.status().message());
    if (!inferred->Compatible(inst.shape())) {
      return Fail(m_, c, inst, fmt::format("shape {} does not match the shape {} that {} "
                                           "computes from its operands",
                                           Str(inst.shape()), Str(*inferred),
                                           HloOpcodeName(inst.opcode())));
    }
    Status calls = verifier::CheckCalledComputations(inst);
    if (!calls.ok()) return Fail(m_, c, inst, calls.message());
    return Status::Ok();
  }

  // The subshape of `shape` at `index`, or null when the index does not exist.
  static const Shape* Subshape(const Shape& shape, const std::vector<int64_t>& index) {
    const Shape* s = &shape;
    for (int64_t i : index) {
      if (!s->IsTuple() || i < 0 || i >= static_cast<int64_t>(s->tuple_shapes().size())) {
        return nullptr;
      }
      s = &s->tuple_shape(i);
    }
    return s;
  }

  Status CheckAliases() {
    const Computation& entry = *m_.entry();
    for (const IoAlias& a : m_.input_output_alias()) {
      std::string what = fmt::format("module %{}: input_output_alias {{{}}}: (parameter {}, "
                                     "{{{}}})",
                                     m_.name(), fmt::join(a.output_index, ","),
                                     a.parameter_number, fmt::join(a.parameter_index, ","));
      const Shape* out = Subshape(entry.root()->shape(), a.output_index);
      if (!out) return InvalidArgument("{}: the output index does not exist", what);
      if (a.parameter_number < 0 || a.parameter_number >= entry.parameter_count()) {
        return InvalidArgument("{}: parameter {} does not exist (the ENTRY computation has {})",
                               what, a.parameter_number, entry.parameter_count());
      }
      const Shape* in = Subshape(entry.parameters()[a.parameter_number]->shape(),
                                 a.parameter_index);
      if (!in) return InvalidArgument("{}: the parameter index does not exist", what);
      if (in->ByteSize() != out->ByteSize()) {
        return InvalidArgument("{}: aliased shapes {} and {} differ in size", what, Str(*out),
                               Str(*in));
      }
    }
    return Status::Ok();
  }

  const Module& m_;
  std::unordered_map<const Computation*, int64_t> order_;
  std::unordered_map<std::string, const Computation*> names_;
  std::unordered_map<std::string, const Computation*> inst_names_;
};

}  // namespace

Status VerifyModule(const Module& module) { return Verifier(module).Run(); }

}  // namespace xpar
