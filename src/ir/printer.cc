// Canonical HLO text: module header, computations, instructions and constant literals, in the
// older XLA style (`%` names, typed operands). Attributes are printed by printer_attrs.cc.
#include "ir/printer.h"

#include <fmt/format.h>

#include <cmath>

#include "ir/printer_internal.h"

namespace xpar {
namespace {

using printer_internal::FormatFloat;

std::string ShapeText(const Shape& s, const PrintOptions& o) {
  return s.ToString(o.include_layout);
}

std::string ComputationHeader(const Computation& comp) {
  std::string out = fmt::format("%{} (", comp.name());
  bool first = true;
  for (const Instruction* p : comp.parameters()) {
    if (p == nullptr) continue;
    if (!first) out += ", ";
    first = false;
    out += fmt::format("{}: {}", p->name(), p->shape().ToString(false));
  }
  out += ") -> ";
  out += comp.root() ? comp.root()->shape().ToString(false) : "()";
  return out;
}

std::string PrintComputationImpl(const Computation& comp, bool is_entry,
                                 const PrintOptions& options) {
  std::string out = is_entry ? "ENTRY " : "";
  out += ComputationHeader(comp);
  out += " {\n";
  for (const auto& inst : comp.instructions()) {
    out += inst.get() == comp.root() ? "  ROOT " : "  ";
    out += PrintInstruction(*inst, options);
    out += "\n";
  }
  out += "}\n";
  return out;
}

void AppendElement(const Literal& lit, int64_t i, std::string* out) {
  VisitArrayType(lit.type(), [&](auto t) {
    using T = decltype(t);
    T v = lit.data<T>()[i];
    if constexpr (std::is_same_v<T, bool>) {
      *out += v ? "true" : "false";
    } else if constexpr (kIsNarrowFloat<T> || std::is_same_v<T, float>) {
      *out += FormatFloat(static_cast<float>(v), false);
    } else if constexpr (std::is_same_v<T, double>) {
      *out += FormatFloat(v, true);
    } else {
      *out += fmt::format("{}", v);
    }
  });
}

// `{1, 2}` for the innermost dimension, `{ {..}, {..} }` above it, as XLA writes literals.
void AppendLevel(const Literal& lit, int64_t level, int64_t* next, std::string* out) {
  const Shape& s = lit.shape();
  if (level == s.rank()) {
    AppendElement(lit, (*next)++, out);
    return;
  }
  int64_t n = s.dim(level);
  if (n == 0) {
    *out += "{}";
    return;
  }
  bool inner = level == s.rank() - 1;
  *out += inner ? "{" : "{ ";
  for (int64_t i = 0; i < n; ++i) {
    if (i > 0) *out += ", ";
    AppendLevel(lit, level + 1, next, out);
  }
  *out += inner ? "}" : " }";
}

}  // namespace

std::string PrintModule(const Module& module, const PrintOptions& options) {
  std::string out = "HloModule " + module.name();
  if (!module.input_output_alias().empty()) {
    out += ", input_output_alias=" + printer_internal::FormatIoAlias(module.input_output_alias());
  }
  for (const auto& [k, v] : module.attributes()) out += fmt::format(", {}={}", k, v);
  out += "\n";
  for (const auto& comp : module.computations()) {
    out += "\n";
    out += PrintComputationImpl(*comp, comp.get() == module.entry(), options);
  }
  return out;
}

std::string PrintComputation(const Computation& computation, const PrintOptions& options) {
  return PrintComputationImpl(computation, false, options);
}

std::string PrintInstruction(const Instruction& inst, const PrintOptions& options) {
  std::string out = fmt::format("%{} = {} {}(", inst.name(), ShapeText(inst.shape(), options),
                                HloOpcodeName(inst.opcode()));
  if (inst.opcode() == Opcode::kConstant && inst.attrs().literal) {
    out += PrintLiteral(*inst.attrs().literal);
  } else if (inst.opcode() == Opcode::kParameter) {
    out += fmt::format("{}", inst.attrs().parameter_number);
  }
  for (int64_t i = 0; i < inst.operand_count(); ++i) {
    const Instruction* op = inst.operand(i);
    if (i > 0) out += ", ";
    if (op == nullptr) {
      out += "<null>";
      continue;
    }
    out += fmt::format("{} %{}", ShapeText(op->shape(), options), op->name());
  }
  out += ")";
  std::vector<std::string> attrs;
  printer_internal::AppendAttributes(inst, options, &attrs);
  for (const std::string& a : attrs) {
    out += ", ";
    out += a;
  }
  return out;
}

std::string PrintLiteral(const Literal& literal) {
  const Shape& s = literal.shape();
  if (s.IsTuple()) {
    std::string out = "(";
    for (size_t i = 0; i < literal.elements().size(); ++i) {
      if (i > 0) out += ", ";
      out += PrintLiteral(literal.elements()[i]);
    }
    return out + ")";
  }
  if (!s.IsArray()) return "()";
  if (literal.size_bytes() < s.ElementCount() * ByteWidth(s.type())) return "<invalid literal>";
  std::string out;
  int64_t next = 0;
  AppendLevel(literal, 0, &next, &out);
  return out;
}

}  // namespace xpar
