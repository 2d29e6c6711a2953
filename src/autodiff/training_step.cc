// The training step from a forward + loss program: Differentiate, then the optimizer appended to
// the gradient program, its parameters renumbered (weights, optimizer state, data) and its
// result made (loss, new weights, new state) with every new value aliasing its parameter.
//
//   f(x, w) -> loss      becomes      step(w, exp_avg.w, exp_avg_sq.w, step, x)
//                                       -> (loss, w', exp_avg.w', exp_avg_sq.w', step + 1)
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>

#include "autodiff/autodiff.h"
#include "autodiff/clone.h"
#include "autodiff/optimizer_internal.h"
#include "ir/verifier.h"

namespace xpar::autodiff {
namespace {

// The forward with its loss multiplied by `scale` (static loss scaling: the backward pass then
// runs on scaled values, which keeps small f16/bf16 gradients from flushing to zero).
Expected<std::unique_ptr<Module>> ScaleLoss(const Module& forward, int64_t loss_index,
                                            double scale) {
  ASSIGN_OR_RETURN(std::unique_ptr<Module> m, CloneModule(forward));
  Computation* entry = m->entry();
  Instruction* root = entry->root();
  Instruction* loss = root;
  if (loss_index >= 0) {
    if (root->opcode() != Opcode::kTuple || loss_index >= root->operand_count()) {
      return InvalidArgument("loss scaling: the forward's root is not a tuple with element {}",
                             loss_index);
    }
    loss = root->operand(loss_index);
  }
  models::GraphBuilder b(m.get(), entry);
  b.set_scope("loss_scale");
  Instruction* scaled = b.MulScalar(loss, scale);
  scaled->set_name(loss->name() + ".scaled");
  RETURN_IF_ERROR(b.status());
  if (loss_index >= 0) {
    root->ReplaceOperand(loss_index, scaled);
    // The tuple must come after its new operand.
    auto& insts = entry->mutable_instructions();
    auto it = std::find_if(insts.begin(), insts.end(), [&](const auto& p) { return p.get() == root; });
    std::rotate(it, it + 1, insts.end());
    entry->Reindex();
  } else {
    entry->set_root(scaled);
  }
  return m;
}

Expected<std::vector<int64_t>> ResolveWeights(const Computation& entry,
                                              const std::vector<int64_t>& weights) {
  std::vector<int64_t> out = weights;
  if (out.empty()) {
    for (const Instruction* p : entry.parameters()) {
      if (p->shape().IsArray() && IsFloating(p->shape().type())) {
        out.push_back(p->attrs().parameter_number);
      }
    }
  }
  std::set<int64_t> seen;
  for (int64_t w : out) {
    if (w < 0 || w >= entry.parameter_count()) {
      return InvalidArgument("training step: weight parameter {} does not exist (the forward "
                             "has {} parameters)", w, entry.parameter_count());
    }
    const Shape& s = entry.parameters()[w]->shape();
    if (!s.IsArray() || !IsFloating(s.type())) {
      return InvalidArgument("training step: parameter {} (%{}) is {}, not a floating-point "
                             "array, and cannot be trained", w, entry.parameters()[w]->name(),
                             s.ToString(false));
    }
    if (!seen.insert(w).second) {
      return InvalidArgument("training step: weight parameter {} is listed twice", w);
    }
  }
  if (out.empty()) return InvalidArgument("training step: the forward has no weights to train");
  return out;
}

// Renumbers the gradient program's parameters: weights first, data after the `state_count`
// optimizer state parameters. Returns the data parameters' new numbers, in original order.
std::vector<int64_t> RenumberParameters(Computation& entry, const std::vector<int64_t>& weights,
                                        int64_t state_count) {
  std::vector<Instruction*> params = entry.parameters();
  std::vector<int64_t> data;
  int64_t next = static_cast<int64_t>(weights.size()) + state_count;
  for (Instruction* p : params) {
    int64_t old = p->attrs().parameter_number;
    auto it = std::find(weights.begin(), weights.end(), old);
    if (it != weights.end()) {
      p->attrs().parameter_number = it - weights.begin();
    } else {
      data.push_back(next);
      p->attrs().parameter_number = next++;
    }
  }
  entry.Reindex();
  return data;
}

// The instructions and computations the optimizer added get names no forward one has.
void MakeNamesUnique(Module& m, const std::set<std::string>& taken_insts,
                     const std::set<std::string>& taken_comps, size_t first_inst,
                     size_t first_comp) {
  auto unique = [](const std::string& base, const std::set<std::string>& taken) {
    std::string name = base;
    for (int i = 1; taken.count(name); ++i) name = fmt::format("{}.{}", base, i);
    return name;
  };
  auto& insts = m.entry()->mutable_instructions();
  for (size_t i = first_inst; i < insts.size(); ++i) {
    if (insts[i]->opcode() == Opcode::kParameter) continue;
    insts[i]->set_name(unique("opt." + insts[i]->name(), taken_insts));
  }
  auto& comps = m.mutable_computations();
  for (size_t i = first_comp; i < comps.size(); ++i) {
    comps[i]->set_name(unique("opt." + comps[i]->name(), taken_comps));
    for (auto& inst : comps[i]->mutable_instructions()) {
      inst->set_name(unique("opt." + inst->name(), taken_insts));
    }
  }
  // Callees precede callers: the entry moves behind the reducers the optimizer added.
  auto it = std::find_if(comps.begin(), comps.end(),
                         [&](const auto& c) { return c.get() == m.entry(); });
  std::rotate(it, it + 1, comps.end());
}

// Loss and gradients of the program Differentiate returned.
Status ReadGradients(models::GraphBuilder& b, Instruction* root, size_t n, OptimizerValues& v) {
  const int64_t want = static_cast<int64_t>(n) + 1;
  if (!root->shape().IsTuple() || static_cast<int64_t>(root->shape().tuple_shapes().size()) != want) {
    return Internal("training step: the gradient program returns {}, not a tuple of the loss "
                    "and {} gradients", root->shape().ToString(false), n);
  }
  for (int64_t i = 0; i < want; ++i) {
    Instruction* x = root->opcode() == Opcode::kTuple ? root->operand(i) : nullptr;
    if (x == nullptr) {
      InstructionAttrs attrs;
      attrs.tuple_index = i;
      x = b.Op(Opcode::kGetTupleElement, {root}, attrs);
    }
    if (i == 0) v.loss = x; else v.grads.push_back(x);
  }
  if (v.loss->shape().rank() != 0 || !IsFloating(v.loss->shape().type())) {
    return InvalidArgument("training step: the loss is {}, not a floating-point scalar",
                           v.loss->shape().ToString(false));
  }
  return Status::Ok();
}

}  // namespace

Expected<TrainingStep> AppendOptimizer(std::unique_ptr<Module> gradients,
                                       const std::vector<int64_t>& weights,
                                       const OptimizerOptions& options) {
  RETURN_IF_ERROR(ValidateOptimizerOptions(options));
  Module& m = *gradients;
  Computation& entry = *m.entry();
  ASSIGN_OR_RETURN(std::vector<int64_t> w, ResolveWeights(entry, weights));
  std::set<std::string> inst_names, comp_names;
  for (const auto& c : m.computations()) {
    comp_names.insert(c->name());
    for (const auto& i : c->instructions()) inst_names.insert(i->name());
  }
  size_t first_inst = entry.instructions().size();
  const size_t first_comp = m.computations().size();
  const size_t n = w.size();
  const std::vector<std::string> per_weight = PerWeightStateNames(options);
  const int64_t state_count = static_cast<int64_t>(per_weight.size() * n) +
                              (HasStepCounter(options) ? 1 : 0);
  Instruction* old_root = entry.root();
  TrainingStep step;
  step.layout.data_params = RenumberParameters(entry, w, state_count);
  models::GraphBuilder b(&m, &entry);
  b.set_scope("optimizer");
  OptimizerValues v;
  RETURN_IF_ERROR(ReadGradients(b, old_root, n, v));
  for (size_t i = 0; i < n; ++i) {
    v.weights.push_back(entry.parameters()[i]);
    step.layout.weight_params.push_back(static_cast<int64_t>(i));
  }
  int64_t number = static_cast<int64_t>(n);
  for (const std::string& kind : per_weight) {
    for (size_t i = 0; i < n; ++i) {
      step.layout.state_params.push_back(number);
      v.state.push_back(b.Param(number++, kind + "." + v.weights[i]->name(), v.weights[i]->shape()));
    }
  }
  if (HasStepCounter(options)) {
    step.layout.state_params.push_back(number);
    v.state.push_back(b.Param(number++, "step", Shape::Scalar(PrimitiveType::kS32)));
  }
  BuildOptimizerUpdate(b, options, v);
  std::vector<Instruction*> outputs = {v.loss};
  outputs.insert(outputs.end(), v.new_weights.begin(), v.new_weights.end());
  outputs.insert(outputs.end(), v.new_state.begin(), v.new_state.end());
  entry.set_root(b.Tuple(outputs));
  RETURN_IF_ERROR(b.status());
  if (old_root->opcode() == Opcode::kTuple) {  // nothing reads Differentiate's result tuple now
    auto& insts = entry.mutable_instructions();
    insts.erase(std::find_if(insts.begin(), insts.end(),
                             [&](const auto& p) { return p.get() == old_root; }));
    entry.Reindex();
    --first_inst;
  }
  MakeNamesUnique(m, inst_names, comp_names, first_inst, first_comp);
  m.input_output_alias().clear();
  for (int64_t i = 0; i < static_cast<int64_t>(n) + state_count; ++i) {
    m.input_output_alias().push_back(IoAlias{{1 + i}, i, {}, "may-alias"});
  }
  RETURN_IF_ERROR(VerifyModule(m));
  step.module = std::move(gradients);
  return step;
}

Expected<TrainingStep> BuildTrainingStep(const Module& forward, const std::vector<int64_t>& weights,
                                         int64_t loss_index, const OptimizerOptions& options) {
  RETURN_IF_ERROR(ValidateOptimizerOptions(options));
  if (forward.entry() == nullptr) return InvalidArgument("training step: the module has no entry");
  ASSIGN_OR_RETURN(std::vector<int64_t> w, ResolveWeights(*forward.entry(), weights));
  std::unique_ptr<Module> scaled;
  if (options.loss_scale != 1.0) {
    ASSIGN_OR_RETURN(scaled, ScaleLoss(forward, loss_index, options.loss_scale));
  }
  GradientRequest request;
  request.wrt = w;
  request.loss_index = loss_index;
  ASSIGN_OR_RETURN(std::unique_ptr<Module> gradients,
                   Differentiate(scaled ? *scaled : forward, request));
  return AppendOptimizer(std::move(gradients), w, options);
}

}  // namespace xpar::autodiff
