// Pipelined training (`xpar train --stages S --microbatches M`) of a forward + loss. The
// model file is one microbatch; a step takes the data source's batches step*M .. step*M+M-1.
// The gradient program (autodiff) is planned by the inter-op pass (stages on submeshes of the
// mesh), split by stage and run with GPipe or 1F1B, each stage data/tensor parallel on its
// submesh by its own auto-sharding plan. Loss and gradients are averaged over the microbatches
// (a mean loss); then each stage's optimizer updates the weights whose gradients its backward
// produced, the stages in parallel, each on one device of its submesh (with --clip-norm the global
// norm couples all weights: one optimizer on the gathered gradients). --check runs the step on
// one device: the gradient program per microbatch, averaged, one optimizer for every weight.
// This file: the gradient program, the optimizers, the step's inputs and the check.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <thread>

#include "autodiff/autodiff.h"
#include "driver/train_pipeline.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar::train::pipelined {
namespace {

Expected<int64_t> StepParamByName(const Module& step, const std::string& name) {
  for (const Instruction* p : step.entry()->parameters()) {
    if (p->name() == name) return p->attrs().parameter_number;
  }
  return InvalidArgument("--stages: the training step has no parameter '{}'", name);
}

// The optimizer alone: AppendOptimizer on a program that returns (loss, grads...) from its
// parameters (weights..., grads..., loss), so its state layout and names are the step's.
Expected<std::unique_ptr<Module>> OptimizerProgram(const Module& forward,
                                                   const std::vector<int64_t>& weights,
                                                   const Shape& loss_shape,
                                                   const autodiff::OptimizerOptions& options) {
  auto m = std::make_unique<Module>(forward.name() + ".optimizer");
  auto entry = std::make_unique<Computation>("apply_gradients");
  const int64_t n = static_cast<int64_t>(weights.size());
  std::vector<Instruction*> outputs(n + 1);
  std::vector<int64_t> weight_params;
  auto param = [&](int64_t number, const std::string& name, const Shape& shape) {
    auto p = std::make_unique<Instruction>(name, Opcode::kParameter, shape);
    p->attrs().parameter_number = number;
    return entry->AddInstruction(std::move(p));
  };
  for (int64_t i = 0; i < n; ++i) {
    const Instruction* w = forward.entry()->parameters()[weights[i]];
    param(i, w->name(), w->shape());
    outputs[1 + i] = param(n + i, "grad." + w->name(), w->shape());
    weight_params.push_back(i);
  }
  outputs[0] = param(2 * n, "loss", loss_shape);
  std::vector<Shape> shapes;
  for (const Instruction* o : outputs) shapes.push_back(o->shape());
  auto root = std::make_unique<Instruction>("gradients", Opcode::kTuple, Shape::Tuple(shapes));
  for (Instruction* o : outputs) root->AddOperand(o);
  entry->set_root(entry->AddInstruction(std::move(root)));
  m->set_entry(m->AddComputation(std::move(entry)));
  ASSIGN_OR_RETURN(autodiff::TrainingStep ts,
                   autodiff::AppendOptimizer(std::move(m), weight_params, options));
  return std::move(ts.module);
}

}  // namespace

Expected<PipelinePrograms> BuildPrograms(const TrainOptions& args, const TrainProgram& program,
                                         std::unique_ptr<Module> forward) {
  if (!program.built) {
    return Unimplemented("--stages needs a forward + loss model: the optimizer of a whole "
                         "training step cannot be separated from its gradients yet");
  }
  if (args.loss_scale != 1) return Unimplemented("--stages with --loss-scale: static loss scaling of a pipelined step is not supported yet");
  PipelinePrograms p;
  p.forward = std::move(forward);
  const Computation& entry = *p.forward->entry();
  for (const Carried& c : program.carried) {
    if (c.is_state) continue;
    bool found = false;
    for (const Instruction* fp : entry.parameters()) {
      if (fp->name() != c.name) continue;
      p.weights.push_back(fp->attrs().parameter_number);
      found = true;
    }
    if (!found) return Internal("--stages: no forward parameter for weight '{}'", c.name);
  }
  for (const Instruction* fp : entry.parameters()) {
    const Shape& s = fp->shape();
    bool weight = std::find(p.weights.begin(), p.weights.end(),
                            fp->attrs().parameter_number) != p.weights.end();
    p.is_data.push_back(!weight && s.IsArray() && s.rank() >= 1 && s.dim(0) == program.batch);
    ASSIGN_OR_RETURN(int64_t sp, StepParamByName(*program.step, fp->name()));
    p.step_param.push_back(sp);
  }
  p.batch = program.batch;
  ASSIGN_OR_RETURN(int64_t loss_index, LossIndexOf(args, *entry.root()));
  ASSIGN_OR_RETURN(p.gradient, autodiff::Differentiate(*p.forward, {p.weights, loss_index}));
  ASSIGN_OR_RETURN(p.options, OptimizerOf(args));
  return p;
}

namespace {

Expected<OptimizerPart> MakeOptimizerPart(const PipelinePrograms& p, const TrainProgram& program,
                                          std::vector<size_t> weights) {
  OptimizerPart part;
  part.weights = std::move(weights);
  std::vector<int64_t> forward_weights;
  for (size_t w : part.weights) forward_weights.push_back(p.weights[w]);
  const Shape& loss_shape = p.gradient->entry()->root()->shape().tuple_shape(0);
  ASSIGN_OR_RETURN(part.program,
                   OptimizerProgram(*p.forward, forward_weights, loss_shape, p.options));
  const int64_t n = static_cast<int64_t>(forward_weights.size());
  for (const Instruction* op : part.program->entry()->parameters()) {
    const std::string& name = op->name();
    bool is_gradient = name.starts_with("grad.") || name == "loss";
    if (is_gradient && op->attrs().parameter_number >= n) {
      part.from_step.push_back(-1);
      continue;
    }
    ASSIGN_OR_RETURN(int64_t sp, StepParamByName(*program.step, name));
    part.from_step.push_back(sp);
  }
  return part;
}

// M microbatches stacked on dimension 0.
Literal Stack(const std::vector<Literal>& parts) {
  Shape shape = parts[0].shape();
  shape.mutable_dims()[0] *= static_cast<int64_t>(parts.size());
  Literal out(shape);
  for (size_t k = 0; k < parts.size(); ++k) {
    std::memcpy(out.raw() + k * parts[k].size_bytes(), parts[k].raw(), parts[k].size_bytes());
  }
  return out;
}

// --check: the gradient program per microbatch on one device, averaged (a mean loss).
Expected<std::vector<Literal>> AccumulateOnOneDevice(const PipelinePrograms& p,
                                                     const Updaters& opt,
                                                     const std::vector<std::vector<Literal>>& in,
                                                     int64_t microbatches) {
  std::vector<Literal> sum;
  Interpreter interp(*p.gradient);
  for (int64_t k = 0; k < microbatches; ++k) {
    ASSIGN_OR_RETURN(Literal r, interp.Run(GradientArgs(p, opt, in, k)));
    if (k == 0) sum = std::move(r.elements());
    for (size_t i = 0; k > 0 && i < sum.size(); ++i) {
      for (int64_t e = 0; e < sum[i].ElementCount(); ++e) {
        sum[i].SetFromDouble(e, sum[i].GetAsDouble(e) + r.elements()[i].GetAsDouble(e));
      }
    }
  }
  for (Literal& s : sum) {
    for (int64_t e = 0; e < s.ElementCount(); ++e) s.SetFromDouble(e, s.GetAsDouble(e) / microbatches);
  }
  return sum;
}

}  // namespace

WeightUpdater WeightUpdater::Create(const PipelinePrograms& p, const OptimizerPart& part,
                                    const std::vector<Literal>& step_values) {
  WeightUpdater o(p, part);
  const auto& params = part.program->entry()->parameters();
  for (size_t i = 0; i < params.size(); ++i) {
    int64_t from = part.from_step[i];
    o.values_.push_back(from >= 0 ? step_values[from] : Literal(params[i]->shape()));
    if (from < 0) o.gradient_slots_.push_back(static_cast<int64_t>(i));
  }
  return o;
}

Literal* WeightUpdater::Weight(int64_t forward_param) {
  for (size_t i = 0; i < part_->weights.size(); ++i) {
    if (p_->weights[part_->weights[i]] == forward_param) return &values_[i];
  }
  return nullptr;
}

Status WeightUpdater::Apply(const std::vector<Literal>& loss_and_grads) {
  // The program's gradient parameters are grad.0 .. grad.n-1, then the loss.
  for (size_t g = 0; g + 1 < gradient_slots_.size(); ++g) {
    values_[gradient_slots_[g]] = loss_and_grads[1 + part_->weights[g]];
  }
  values_[gradient_slots_.back()] = loss_and_grads[0];
  Interpreter interp(*part_->program);
  ASSIGN_OR_RETURN(Literal out, interp.Run(values_));
  for (const IoAlias& a : part_->program->input_output_alias()) {
    values_[a.parameter_number] = std::move(out.elements()[a.output_index[0]]);
  }
  return Status::Ok();
}

std::vector<std::pair<std::string, Literal*>> WeightUpdater::State() {
  std::vector<std::pair<std::string, Literal*>> out;
  const auto& params = part_->program->entry()->parameters();
  for (size_t i = 0; i < values_.size(); ++i) {
    if (part_->from_step[i] >= 0) out.emplace_back(params[i]->name(), &values_[i]);
  }
  return out;
}

Expected<Updaters> Updaters::Create(const PipelinePrograms& p, const TrainProgram& program,
                                    const std::vector<std::vector<size_t>>& groups,
                                    const std::vector<int32_t>& stages,
                                    const std::vector<Literal>& step_values) {
  Updaters u;
  for (size_t i = 0; i < groups.size(); ++i) {
    if (groups[i].empty()) continue;
    ASSIGN_OR_RETURN(OptimizerPart part, MakeOptimizerPart(p, program, groups[i]));
    u.parts_.push_back(std::make_unique<OptimizerPart>(std::move(part)));
    u.updaters_.push_back(WeightUpdater::Create(p, *u.parts_.back(), step_values));
    u.stages_.push_back(i < stages.size() ? stages[i] : -1);
  }
  return u;
}

Literal* Updaters::Weight(int64_t forward_param) {
  for (WeightUpdater& u : updaters_) {
    if (Literal* w = u.Weight(forward_param)) return w;
  }
  return nullptr;
}

int32_t Updaters::StageOfWeight(int64_t forward_param) const {
  for (size_t i = 0; i < updaters_.size(); ++i) {
    if (const_cast<WeightUpdater&>(updaters_[i]).Weight(forward_param)) return stages_[i];
  }
  return -1;
}

Status Updaters::Apply(const std::vector<Literal>& loss_and_grads, std::optional<int32_t> stage) {
  std::vector<Status> status(updaters_.size());
  std::vector<std::thread> threads;
  for (size_t i = 0; i < updaters_.size(); ++i) {
    if (stage && stages_[i] != -1 && stages_[i] != *stage) continue;
    threads.emplace_back([&, i] { status[i] = updaters_[i].Apply(loss_and_grads); });
  }
  for (std::thread& t : threads) t.join();
  for (const Status& s : status) RETURN_IF_ERROR(s);
  return Status::Ok();
}

std::vector<Updaters::Value> Updaters::State() {
  std::vector<Value> out;
  for (size_t i = 0; i < updaters_.size(); ++i) {
    for (auto& [name, value] : updaters_[i].State()) out.push_back({name, value, stages_[i]});
  }
  return out;
}

std::vector<NamedTensor> Updaters::Snapshot() {
  // State every part has (AdamW's step count) is the same in all of them: stored once.
  std::vector<NamedTensor> out;
  for (const Value& v : State()) {
    auto same = [&](const NamedTensor& t) { return t.name == v.name; };
    if (std::find_if(out.begin(), out.end(), same) == out.end()) out.push_back({v.name, *v.value});
  }
  return out;
}

Status Updaters::Restore(const std::vector<NamedTensor>& values) {
  for (const Value& v : State()) {
    auto it = std::find_if(values.begin(), values.end(),
                           [&](const NamedTensor& t) { return t.name == v.name; });
    if (it == values.end()) return InvalidArgument("the checkpoint has no '{}'", v.name);
    if (!(it->value.shape() == v.value->shape())) {
      return InvalidArgument("the checkpoint's '{}' is {}, the model's {}", v.name,
                             it->value.shape().ToString(false), v.value->shape().ToString(false));
    }
    *v.value = it->value;
  }
  return Status::Ok();
}

// One step's inputs per forward parameter: the M microbatches of a data parameter, the single
// value of any other (weights are taken from the optimizer).
Expected<std::vector<std::vector<Literal>>> StepInputs(const PipelinePrograms& p,
                                                       const DataSource& data,
                                                       std::vector<Literal>& scratch,
                                                       int64_t step, int64_t microbatches) {
  std::vector<std::vector<Literal>> in(p.step_param.size());
  for (int64_t k = 0; k < microbatches; ++k) {
    RETURN_IF_ERROR(data.Fill(step * microbatches + k, scratch));
    for (size_t f = 0; f < in.size(); ++f) {
      if (p.is_data[f] || k == 0) in[f].push_back(scratch[p.step_param[f]]);
    }
  }
  return in;
}

// The arguments of the gradient program: microbatch k of every data parameter, or with k = -1
// all microbatches stacked (the pipeline splits them itself).
std::vector<Literal> GradientArgs(const PipelinePrograms& p, const Updaters& opt,
                                  const std::vector<std::vector<Literal>>& in, int64_t k) {
  std::vector<Literal> args;
  for (size_t f = 0; f < in.size(); ++f) {
    const Literal* w = opt.Weight(static_cast<int64_t>(f));
    if (w != nullptr) args.push_back(*w);
    else if (!p.is_data[f]) args.push_back(in[f][0]);
    else args.push_back(k < 0 ? Stack(in[f]) : in[f][k]);
  }
  return args;
}

std::pair<std::vector<std::vector<size_t>>, std::vector<int32_t>> WeightGroups(
    const PipelinePrograms& p, const Pipeline& pipe) {
  const pipeline::StageSplit& split = pipe.split();
  if (p.options.clip_norm > 0) {
    std::vector<size_t> all(p.weights.size());
    std::iota(all.begin(), all.end(), 0);
    return {{all}, {-1}};
  }
  std::vector<std::vector<size_t>> groups(split.num_stages);
  std::vector<int32_t> stages(split.num_stages);
  std::iota(stages.begin(), stages.end(), 0);
  for (size_t i = 0; i < p.weights.size(); ++i) {
    const pipeline::ValueRef& grad = split.results[1 + i];
    groups[grad.kind == pipeline::ValueRef::Kind::kOutput ? grad.program / 2 : 0].push_back(i);
  }
  return {groups, stages};
}

// --check: the same step on one device (gradient accumulation, one optimizer for all weights);
// the line's suffix, and whether the loss is off.
Expected<StepCheck> CheckStep(const TrainOptions& args, const PipelinePrograms& p,
                              Updaters& reference, const std::vector<std::vector<Literal>>& in,
                              double loss) {
  ASSIGN_OR_RETURN(std::vector<Literal> grads,
                   AccumulateOnOneDevice(p, reference, in, args.microbatches));
  StepCheck c;
  c.reference_loss = grads[0].GetAsDouble(0);
  RETURN_IF_ERROR(reference.Apply(grads));
  const double want = c.reference_loss;
  c.rel_diff = loss == want ? 0 : std::fabs(loss - want) / std::max(std::fabs(want), 1e-30);
  c.failed = !(c.rel_diff <= args.rtol);
  return c;
}

std::string CheckSuffix(const TrainOptions& args, const StepCheck& c) {
  return fmt::format("  1 device {:.6f} rel diff {:.2g}{}", c.reference_loss, c.rel_diff,
                     c.failed ? fmt::format(" EXCEEDS {:g}", args.rtol) : "");
}

}  // namespace xpar::train::pipelined
