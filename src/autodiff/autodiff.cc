// Differentiate: reverse mode over the entry computation. The forward module is copied; the
// instructions that depend on a differentiated parameter and reach the loss are visited in
// reverse definition order (a reverse topological order), each adding its operands' adjoints
// through its VJP rule (vjp.h); the entry then returns (loss, gradients...).
#include "autodiff/autodiff.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "autodiff/ad_builder.h"
#include "autodiff/clone.h"
#include "autodiff/inline.h"
#include "autodiff/vjp.h"
#include "ir/gradient_attributes.h"
#include "ir/verifier.h"

namespace xpar::autodiff {
namespace {

bool HasFloat(const Shape& s) {
  if (s.IsTuple()) {
    return std::any_of(s.tuple_shapes().begin(), s.tuple_shapes().end(), HasFloat);
  }
  return s.IsArray() && IsFloating(s.type());
}

Expected<std::vector<int64_t>> ResolveWrt(const Computation& entry, const GradientRequest& req) {
  std::vector<int64_t> wrt = req.wrt;
  if (wrt.empty()) {
    for (const Instruction* p : entry.parameters()) {
      if (p->shape().IsArray() && IsFloating(p->shape().type())) {
        wrt.push_back(p->attrs().parameter_number);
      }
    }
  }
  std::unordered_set<int64_t> seen;
  for (int64_t n : wrt) {
    if (n < 0 || n >= entry.parameter_count()) {
      return InvalidArgument("autodiff: no parameter {} to differentiate with respect to ('{}' "
                             "has {} parameters)", n, entry.name(), entry.parameter_count());
    }
    const Instruction* p = entry.parameters()[n];
    if (!p->shape().IsArray() || !IsFloating(p->shape().type())) {
      return InvalidArgument("autodiff: parameter {} (%{}) is {}, not a floating-point array",
                             n, p->name(), p->shape().ToString(false));
    }
    if (!seen.insert(n).second) {
      return InvalidArgument("autodiff: parameter {} is listed twice", n);
    }
  }
  return wrt;
}

Status CheckLoss(const Computation& entry, int64_t loss_index) {
  const Shape& root = entry.root()->shape();
  const Shape* loss = &root;
  if (loss_index >= 0) {
    if (!root.IsTuple() || loss_index >= static_cast<int64_t>(root.tuple_shapes().size())) {
      return InvalidArgument("autodiff: loss index {} is out of range: the entry's result is {}",
                             loss_index, root.ToString(false));
    }
    loss = &root.tuple_shape(loss_index);
  }
  if (!loss->IsArray() || loss->rank() != 0 || !IsFloating(loss->type())) {
    // A training step's result can list hundreds of shapes: the message shows the first ones.
    constexpr size_t kShownChars = 120;
    std::string shape = loss->ToString(false);
    if (shape.size() > kShownChars) {
      shape = fmt::format("{}... ({} elements)", shape.substr(0, kShownChars),
                          loss->tuple_shapes().size());
    }
    return InvalidArgument("autodiff: the loss must be a floating-point scalar, but the entry's "
                           "result{} is {}{}",
                           loss_index >= 0 ? fmt::format(" {}", loss_index) : "", shape,
                           root.IsTuple() && loss_index < 0
                               ? " (pick one with the loss index, --loss-index)"
                               : "");
  }
  return Status::Ok();
}

// Instructions that depend on a differentiated parameter through floating-point values.
std::vector<bool> ActiveInstructions(const Computation& entry, const std::vector<int64_t>& wrt) {
  std::vector<bool> active(entry.instructions().size(), false);
  for (int64_t n : wrt) active[entry.parameters()[n]->index()] = true;
  for (const auto& inst : entry.instructions()) {
    if (inst->opcode() == Opcode::kParameter || !HasFloat(inst->shape())) continue;
    for (const Instruction* op : inst->operands()) {
      if (active[op->index()]) active[inst->index()] = true;
    }
  }
  return active;
}

// Removes the instructions the new root does not use (the forward's other outputs), keeping
// the parameters.
void RemoveDead(Computation& entry) {
  std::unordered_set<const Instruction*> live;
  std::vector<const Instruction*> stack = {entry.root()};
  while (!stack.empty()) {
    const Instruction* i = stack.back();
    stack.pop_back();
    if (!live.insert(i).second) continue;
    for (const Instruction* op : i->operands()) stack.push_back(op);
  }
  auto& insts = entry.mutable_instructions();
  insts.erase(std::remove_if(insts.begin(), insts.end(),
                             [&](const std::unique_ptr<Instruction>& i) {
                               return i->opcode() != Opcode::kParameter && !live.count(i.get());
                             }),
              insts.end());
  entry.Reindex();
}

bool HasAdjoint(const Adjoint& adj) {
  return adj.array != nullptr ||
         std::any_of(adj.elements.begin(), adj.elements.end(),
                     [](const Instruction* e) { return e != nullptr; });
}

// Visits the active instructions in reverse order, running each one's rule.
Status Backpropagate(AdBuilder& b, const Module& module, Computation& entry,
                     const std::vector<bool>& active,
                     std::unordered_map<const Instruction*, Adjoint>& adjoints) {
  for (int64_t i = static_cast<int64_t>(active.size()) - 1; i >= 0; --i) {
    Instruction* inst = entry.instructions()[i].get();
    if (!active[i] || inst->opcode() == Opcode::kParameter) continue;
    if (StopsGradient(*inst)) continue;  // detach / stop_gradient: nothing flows back
    auto it = adjoints.find(inst);
    if (it == adjoints.end() || !HasAdjoint(it->second)) continue;
    Adjoint adjoint = it->second;
    if (inst->shape().IsArray() && adjoint.array == nullptr) continue;
    b.set_derived_from(inst->name());
    VjpContext ctx(b, module, inst, adjoint, adjoints, active);
    RETURN_IF_ERROR(RunVjp(ctx));
    RETURN_IF_ERROR(b.status());
    adjoints.erase(inst);  // no longer needed: frees nothing in the IR, keeps the map small
  }
  return Status::Ok();
}

// The forward's copy, verified, with the aliasing and result layout that the new result voids
// removed.
Expected<std::unique_ptr<Module>> PrepareCopy(const Module& forward) {
  RETURN_IF_ERROR(VerifyModule(forward));
  ASSIGN_OR_RETURN(std::unique_ptr<Module> module, CloneModule(forward));
  if (module->entry() == nullptr || module->entry()->root() == nullptr) {
    return InvalidArgument("autodiff: module '{}' has no entry computation", forward.name());
  }
  module->input_output_alias().clear();
  auto& attrs = module->attributes();
  attrs.erase(std::remove_if(attrs.begin(), attrs.end(),
                             [](const auto& kv) { return kv.first == "entry_computation_layout"; }),
              attrs.end());
  return module;
}

// Calls and fixed-count loops on the differentiated path become straight-line code; a body may
// hold more of them, hence the rounds.
Status InlineControlFlow(Module& module, const std::vector<int64_t>& wrt,
                         std::unordered_set<std::string>& names) {
  constexpr int kMaxInlineRounds = 8;
  for (int round = 0; round < kMaxInlineRounds; ++round) {
    ASSIGN_OR_RETURN(bool changed, InlineActiveControlFlow(
                                       module, ActiveInstructions(*module.entry(), wrt), names));
    if (!changed) break;
  }
  return Status::Ok();
}

// Seeds the loss's adjoint with 1, runs the reverse pass and makes the entry return
// (loss, gradients...).
Status ReversePass(AdBuilder& b, Module& module, const std::vector<int64_t>& wrt,
                   int64_t loss_index) {
  Computation& entry = *module.entry();
  Instruction* root = entry.root();
  b.set_derived_from(root->name());
  std::unordered_map<const Instruction*, Adjoint> adjoints;
  PrimitiveType loss_type = loss_index < 0 ? root->shape().type()
                                           : root->shape().tuple_shape(loss_index).type();
  Instruction* seed = b.Scalar(loss_type, 1.0);
  if (loss_index < 0) {
    adjoints[root].array = seed;
  } else {
    adjoints[root].elements.resize(root->shape().tuple_shapes().size(), nullptr);
    adjoints[root].elements[loss_index] = seed;
  }
  RETURN_IF_ERROR(Backpropagate(b, module, entry, ActiveInstructions(entry, wrt), adjoints));
  b.set_derived_from(root->name());
  Instruction* loss = root;
  if (loss_index >= 0) {
    loss = root->opcode() == Opcode::kTuple ? root->operand(loss_index)
                                            : b.GetTupleElement(root, loss_index);
  }
  std::vector<Instruction*> outputs = {loss};
  for (int64_t n : wrt) {
    Instruction* p = entry.parameters()[n];
    auto it = adjoints.find(p);
    outputs.push_back(it != adjoints.end() && it->second.array ? it->second.array
                                                               : b.ZerosLike(p));
  }
  entry.set_root(b.Tuple(std::move(outputs)));
  return b.status();
}

}  // namespace

Expected<std::unique_ptr<Module>> Differentiate(const Module& forward,
                                                const GradientRequest& request) {
  ASSIGN_OR_RETURN(std::unique_ptr<Module> module, PrepareCopy(forward));
  Computation* entry = module->entry();
  ASSIGN_OR_RETURN(std::vector<int64_t> wrt, ResolveWrt(*entry, request));
  RETURN_IF_ERROR(CheckLoss(*entry, request.loss_index));
  std::unordered_set<std::string> names;
  for (const auto& comp : module->computations()) {
    for (const auto& inst : comp->instructions()) names.insert(inst->name());
  }
  RETURN_IF_ERROR(InlineControlFlow(*module, wrt, names));
  AdBuilder b(module.get(), entry, std::move(names));
  RETURN_IF_ERROR(ReversePass(b, *module, wrt, request.loss_index));
  RemoveDead(*entry);
  Status verified = VerifyModule(*module);
  if (!verified.ok()) {
    return verified.WithContext("autodiff: the gradient module does not verify: ")
        .WithCode(StatusCode::kInternal);
  }
  return module;
}

}  // namespace xpar::autodiff
