// AdBuilder: unique `d.` names, the derived_from attribute, callees before the computation built.
#include "autodiff/ad_builder.h"

#include <fmt/format.h>

#include <algorithm>

#include "autodiff/autodiff.h"

namespace xpar::autodiff {

std::string AdBuilder::UniqueName(const std::string& base) {
  std::string name;
  do {
    name = fmt::format("{}.{}", base, next_id_++);
  } while (names_.count(name) || module()->FindComputation(name) != nullptr);
  names_.insert(name);
  return name;
}

std::string AdBuilder::InstructionName(Opcode op) {
  return UniqueName(fmt::format("d.{}", HloOpcodeName(op)));
}

void AdBuilder::Decorate(Instruction& inst) {
  inst.mutable_frontend_attributes().emplace_back(kDerivedFromAttr, derived_from_);
}

Computation* AdBuilder::AddCallee(std::unique_ptr<Computation> comp) {
  // Callees precede callers: the computation goes just before the one being built.
  auto& comps = module()->mutable_computations();
  Computation* raw = module()->AddComputation(std::move(comp));
  for (size_t i = 0; i + 1 < comps.size(); ++i) {
    if (comps[i].get() == target()) {
      std::rotate(comps.begin() + i, comps.end() - 1, comps.end());
      break;
    }
  }
  return raw;
}

Status AdBuilder::ShapeError(const Instruction& inst, const Status& error) {
  return Internal("autodiff: building the gradient of %{}: {} {}", derived_from_,
                  HloOpcodeName(inst.opcode()), error.message());
}

}  // namespace xpar::autodiff
