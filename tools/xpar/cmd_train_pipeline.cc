// `xpar train --stages S --microbatches M`: pipeline-parallel training of a forward + loss. The
// model file is one microbatch; a step takes the data source's batches step*M .. step*M+M-1.
// The gradient program (autodiff) is planned by the inter-op pass (stages on submeshes of the
// mesh), split by stage and run with GPipe or 1F1B, each stage data/tensor parallel on its
// submesh by its own auto-sharding plan. Loss and gradients are averaged over the microbatches
// (a mean loss); then each stage's optimizer updates the weights whose gradients its backward
// produced, the stages in parallel, each on one device of its submesh (with --clip-norm the global
// norm couples all weights: one optimizer on the gathered gradients). --check runs the step on
// one device: the gradient program per microbatch, averaged, one optimizer for every weight.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>
#include <numeric>
#include <thread>

#include "autodiff/autodiff.h"
#include "autodiff/optimizer.h"
#include "cli_util.h"
#include "cmd_train.h"
#include "passes/pipeline/pipeline_planner.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/pipeline/intra_op.h"
#include "runtime/pipeline/pipeline_runtime.h"
#include "support/units.h"

namespace xpar::train {
namespace {

using pipeline::Pipeline;

// The pieces of a pipelined step, all indexed by the forward's parameter numbers.
struct PipelinePrograms {
  std::unique_ptr<Module> forward;
  std::unique_ptr<Module> gradient;   // forward params -> (loss, d loss / d weights...)
  std::vector<int64_t> weights;       // forward parameter of each weight, in carried order
  std::vector<bool> is_data;          // per forward parameter: split into microbatches
  std::vector<int64_t> step_param;    // per forward parameter: the step's parameter (by name)
  int64_t batch = 0;                  // examples per microbatch (the model's batch)
  autodiff::OptimizerOptions options;
};

// The optimizer of some of the weights (one stage's, or all of them).
struct OptimizerPart {
  std::unique_ptr<Module> program;  // (weights, state, grads..., loss) -> (loss, new w, new s)
  std::vector<size_t> weights;      // indices into PipelinePrograms::weights
  std::vector<int64_t> from_step;   // per program parameter: its step parameter; -1: a gradient
};

Expected<int64_t> StepParamByName(const Module& step, const std::string& name) {
  for (const Instruction* p : step.entry()->parameters()) {
    if (p->name() == name) return p->attrs().parameter_number;
  }
  return InvalidArgument("--stages: the training step has no parameter '{}'", name);
}

Expected<int64_t> ForwardLossIndex(const TrainArgs& args, const Instruction& root) {
  auto is_loss = [](const Shape& s) { return s.IsArray() && s.rank() == 0 && IsFloating(s.type()); };
  if (args.loss_index != -2) return args.loss_index;
  if (is_loss(root.shape())) return -1;
  for (size_t i = 0; root.shape().IsTuple() && i < root.shape().tuple_shapes().size(); ++i) {
    if (is_loss(root.shape().tuple_shape(i))) return static_cast<int64_t>(i);
  }
  return InvalidArgument("the model returns {}: no floating-point scalar loss (give "
                         "--loss-index)", root.shape().ToString(false));
}

Expected<autodiff::OptimizerOptions> OptimizerOptionsOf(const TrainArgs& a) {
  autodiff::OptimizerOptions o;
  if (a.optimizer == "sgd") o.kind = autodiff::OptimizerKind::kSgd;
  else if (a.optimizer == "momentum") o.kind = autodiff::OptimizerKind::kMomentum;
  else o.kind = autodiff::OptimizerKind::kAdamW;
  o.lr = a.lr;
  o.momentum = a.momentum;
  o.weight_decay = a.weight_decay;
  o.clip_norm = a.clip_norm;
  return o;
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

Expected<PipelinePrograms> BuildPrograms(const TrainArgs& args, const TrainProgram& program) {
  if (!program.built) {
    return Unimplemented("--stages needs a forward + loss model: the optimizer of a whole "
                         "training step cannot be separated from its gradients yet");
  }
  if (args.loss_scale != 1) return Unimplemented("--stages with --loss-scale: static loss scaling of a pipelined step is not supported yet");
  PipelinePrograms p;
  ASSIGN_OR_RETURN(p.forward, LoadModule(args.model, {args.inputs, args.input_shapes}));
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
  ASSIGN_OR_RETURN(int64_t loss_index, ForwardLossIndex(args, *entry.root()));
  ASSIGN_OR_RETURN(p.gradient, autodiff::Differentiate(*p.forward, {p.weights, loss_index}));
  ASSIGN_OR_RETURN(p.options, OptimizerOptionsOf(args));
  return p;
}

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

// Weights and optimizer state between steps for one OptimizerPart: its program's parameters
// but the gradients and loss it is given each step. It runs on one device.
class WeightUpdater {
 public:
  static WeightUpdater Create(const PipelinePrograms& p, const OptimizerPart& part,
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

  // The current value of the weight that is forward parameter `forward_param`, or null.
  const Literal* Weight(int64_t forward_param) const {
    for (size_t i = 0; i < part_->weights.size(); ++i) {
      if (p_->weights[part_->weights[i]] == forward_param) return &values_[i];
    }
    return nullptr;
  }

  // Applies its weights' gradients from (loss, grads of every weight...), averaged over the
  // microbatches.
  Status Apply(const std::vector<Literal>& loss_and_grads) {
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

 private:
  WeightUpdater(const PipelinePrograms& p, const OptimizerPart& part) : p_(&p), part_(&part) {}
  const PipelinePrograms* p_;
  const OptimizerPart* part_;
  std::vector<Literal> values_;
  std::vector<int64_t> gradient_slots_;
};

// The weights of a whole model: one updater per stage (each updating the weights whose gradient
// that stage's backward produces, the stages in parallel), or one for all of them.
class Updaters {
 public:
  static Expected<Updaters> Create(const PipelinePrograms& p, const TrainProgram& program,
                                   const std::vector<std::vector<size_t>>& groups,
                                   const std::vector<Literal>& step_values) {
    Updaters u;
    for (const std::vector<size_t>& g : groups) {
      if (g.empty()) continue;
      ASSIGN_OR_RETURN(OptimizerPart part, MakeOptimizerPart(p, program, g));
      u.parts_.push_back(std::make_unique<OptimizerPart>(std::move(part)));
      u.updaters_.push_back(WeightUpdater::Create(p, *u.parts_.back(), step_values));
    }
    return u;
  }

  const Literal* Weight(int64_t forward_param) const {
    for (const WeightUpdater& u : updaters_) {
      if (const Literal* w = u.Weight(forward_param)) return w;
    }
    return nullptr;
  }

  Status Apply(const std::vector<Literal>& loss_and_grads) {
    std::vector<Status> status(updaters_.size());
    std::vector<std::thread> threads;
    for (size_t i = 0; i < updaters_.size(); ++i) {
      threads.emplace_back([&, i] { status[i] = updaters_[i].Apply(loss_and_grads); });
    }
    for (std::thread& t : threads) t.join();
    for (const Status& s : status) RETURN_IF_ERROR(s);
    return Status::Ok();
  }

  size_t size() const { return updaters_.size(); }

 private:
  std::vector<std::unique_ptr<OptimizerPart>> parts_;
  std::vector<WeightUpdater> updaters_;
};

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

// Stages on submeshes by the inter-op pass (Alpa's stage DP with the stage count fixed), each
// stage program auto-sharded on its submesh. A mesh AxBxC is A hosts of BxC devices; a stage
// on a whole host plans on the BxC mesh.
Expected<std::unique_ptr<Pipeline>> PlanAndBuild(const TrainArgs& args,
                                                 const PipelinePrograms& p) {
  ASSIGN_OR_RETURN(Mesh mesh, Mesh::Parse(args.mesh));
  ASSIGN_OR_RETURN(Cluster cluster, LoadCluster(args.cluster));
  pipeline::PipelineOptions po;
  std::vector<int64_t> host_shape(mesh.shape().begin() + (mesh.rank() > 1 ? 1 : 0),
                                  mesh.shape().end());
  po.num_hosts = mesh.rank() > 1 ? mesh.shape()[0] : 1;
  po.devices_per_host = mesh.num_devices() / po.num_hosts;
  po.microbatches = args.microbatches;
  po.num_stages = args.stages;
  po.loss_index = 0;
  auto t0 = std::chrono::steady_clock::now();
  auto seconds = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  };
  ASSIGN_OR_RETURN(pipeline::PipelineResult planned, PlanPipeline(*p.gradient, cluster, po));
  fmt::print("inter-op plan: {} stages in {:.2f} s\n", planned.plan.stages.size(), seconds());
  t0 = std::chrono::steady_clock::now();
  pipeline::PipelinePlan& plan = planned.plan;
  for (size_t i = 0; i < plan.stages.size(); ++i) {
    pipeline::Submesh& sm = plan.stages[i].submesh;
    if (static_cast<int64_t>(sm.devices.size()) == po.devices_per_host) sm.shape = host_shape;
    fmt::print("pipeline stage {}: layers {}-{} on devices {} as mesh {}\n", i,
               plan.stages[i].first_layer, plan.stages[i].last_layer, fmt::join(sm.devices, ","),
               fmt::join(sm.shape, "x"));
  }
  ASSIGN_OR_RETURN(plan.schedule, pipeline::ParseSchedule(args.schedule));
  pipeline::PipelineRunOptions ro;
  for (size_t f = 0; f < p.is_data.size(); ++f) {
    if (p.is_data[f]) ro.data_parameters.push_back(static_cast<int64_t>(f));
  }
  // The stage plans take the planner options of plain `xpar train`, per stage submesh.
  AutoShardingOptions as;
  as.solve.time_limit_s = args.plan_time_limit;
  as.force_data_parallel = args.data_parallel;
  as.batch_size = p.batch;
  as.shard_parameters = args.shard_parameters;
  if (!args.memory.empty()) {
    ASSIGN_OR_RETURN(as.memory_limit_bytes, ParseByteSize(args.memory));
  }
  ro.annotate = pipeline::MakeAutoShardingAnnotator(cluster, as);
  ASSIGN_OR_RETURN(std::unique_ptr<Pipeline> pipe,
                   pipeline::PipelineFromPlan(*p.gradient, plan, std::move(ro)));
  fmt::print("stage programs split, planned on their submeshes and partitioned in {:.2f} s\n",
             seconds());
  for (size_t i = 0; i < pipe->split().programs.size(); ++i) {
    const pipeline::StageProgram& sp = pipe->split().programs[i];
    fmt::print("  stage {} {}: {}\n", sp.stage,
               sp.phase == pipeline::Phase::kForward ? "forward" : "backward",
               pipe->executable(static_cast<int32_t>(i)).Describe());
  }
  return pipe;
}

Status WriteTrace(const std::string& path, const std::vector<pipeline::TraceEvent>& trace) {
  std::ofstream out(path);
  out << pipeline::TraceToJson(trace);
  out.close();
  if (!out) return Status(StatusCode::kIo, fmt::format("--trace: cannot write '{}'", path));
  return Status::Ok();
}

// The weights each stage updates: those whose gradient its backward produces. Gradient-norm
// clipping couples every weight, so with --clip-norm one optimizer updates them all.
std::vector<std::vector<size_t>> WeightGroups(const PipelinePrograms& p, const Pipeline& pipe) {
  const pipeline::StageSplit& split = pipe.split();
  if (p.options.clip_norm > 0) {
    std::vector<size_t> all(p.weights.size());
    std::iota(all.begin(), all.end(), 0);
    return {all};
  }
  std::vector<std::vector<size_t>> groups(split.num_stages);
  for (size_t i = 0; i < p.weights.size(); ++i) {
    const pipeline::ValueRef& grad = split.results[1 + i];
    groups[grad.kind == pipeline::ValueRef::Kind::kOutput ? grad.program / 2 : 0].push_back(i);
  }
  return groups;
}

// --check: the same step on one device (gradient accumulation, one optimizer for all weights);
// the line's suffix, and whether the loss is off.
Expected<std::pair<std::string, bool>> CheckStep(const TrainArgs& args, const PipelinePrograms& p,
                                                 Updaters& reference,
                                                 const std::vector<std::vector<Literal>>& in,
                                                 double loss) {
  ASSIGN_OR_RETURN(std::vector<Literal> grads,
                   AccumulateOnOneDevice(p, reference, in, args.microbatches));
  const double want = grads[0].GetAsDouble(0);
  RETURN_IF_ERROR(reference.Apply(grads));
  double rel = loss == want ? 0 : std::fabs(loss - want) / std::max(std::fabs(want), 1e-30);
  bool off = !(rel <= args.rtol);
  return std::make_pair(fmt::format("  1 device {:.6f} rel diff {:.2g}{}", want, rel,
                                    off ? fmt::format(" EXCEEDS {:g}", args.rtol) : ""),
                        off);
}

}  // namespace

int TrainPipelined(const TrainArgs& args, const TrainProgram& program,
                   const std::vector<Literal>& initial, const DataSource& data) {
  if (args.microbatches < 1) return ReportError("train", InvalidArgument("--microbatches < 1"));
  if (!args.checkpoint_dir.empty() || !args.resume.empty()) {
    return ReportError("train", Unimplemented("checkpoints of a pipelined run (--stages)"));
  }
  auto p = BuildPrograms(args, program);
  if (!p.ok()) return ReportError("train", p.status());
  auto pipe = PlanAndBuild(args, *p);
  if (!pipe.ok()) return ReportError("train", pipe.status());
  auto opt = Updaters::Create(*p, program, WeightGroups(*p, **pipe), initial);
  if (!opt.ok()) return ReportError("train", opt.status());
  std::vector<size_t> all(p->weights.size());
  std::iota(all.begin(), all.end(), 0);
  auto reference = Updaters::Create(*p, program, {all}, initial);
  if (!reference.ok()) return ReportError("train", reference.status());
  fmt::print("training {}: pipeline of {} stages, {} microbatches of {} ({}), optimizer {} {}{}\n",
             args.model, (*pipe)->split().num_stages, args.microbatches, program.batch,
             args.schedule, args.optimizer,
             opt->size() > 1 ? fmt::format("per stage ({} parts)", opt->size())
                             : std::string("on all gathered gradients"),
             args.check ? ", checked against 1 device" : "");
  std::vector<Literal> scratch = initial;
  int64_t failed = 0;
  for (int64_t step = 0; step < args.steps; ++step) {
    auto in = StepInputs(*p, data, scratch, step, args.microbatches);
    if (!in.ok()) return ReportError("train", in.status());
    auto run = (*pipe)->Run(GradientArgs(*p, *opt, *in, -1));
    if (!run.ok()) return ReportError("train", run.status());
    const double loss = run->results[0].GetAsDouble(0);
    Status applied = opt->Apply(run->results);
    if (!applied.ok()) return ReportError("train", applied);
    std::pair<std::string, bool> check;
    if (args.check) {
      auto c = CheckStep(args, *p, *reference, *in, loss);
      if (!c.ok()) return ReportError("train", c.status());
      check = *c;
      failed += check.second ? 1 : 0;
    }
    fmt::print("step {:>5}/{}  loss {:.6f}  {:8.4f} s{}\n", step + 1, args.steps, loss,
               run->seconds, check.first);
    if (!args.trace.empty() && step + 1 == args.steps) {
      Status s = WriteTrace(args.trace, run->trace);
      if (!s.ok()) return ReportError("train", s);
      fmt::print("trace of the last step written to {}\n", args.trace);
    }
  }
  if (args.check) {
    fmt::print("check: {} of {} steps within rtol {:g} of one device\n", args.steps - failed,
               args.steps, args.rtol);
  }
  return failed > 0 ? 1 : 0;
}

}  // namespace xpar::train
