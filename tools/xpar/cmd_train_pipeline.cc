// `xpar train --stages S --microbatches M`: pipeline-parallel training of a forward + loss. The
// model file is one microbatch; a step takes the data source's batches step*M .. step*M+M-1.
// The gradient program (autodiff) is planned by the inter-op pass (stages on submeshes of the
// mesh), split by stage and run with GPipe or 1F1B, each stage data/tensor parallel on its
// submesh by its own auto-sharding plan. Loss and gradients are averaged over the microbatches
// (a mean loss); the optimizer then runs once, on one device, on the gathered gradients (a first
// step: per-stage updates of each stage's own weights are still to come). --check runs the same
// step on one device: the gradient program per microbatch, averaged, the same optimizer.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <cmath>
#include <cstring>
#include <fstream>

#include "autodiff/autodiff.h"
#include "autodiff/optimizer.h"
#include "cli_util.h"
#include "cmd_train.h"
#include "passes/pipeline/pipeline_planner.h"
#include "runtime/interpreter/interpreter.h"
#include "runtime/pipeline/intra_op.h"
#include "runtime/pipeline/pipeline_runtime.h"

namespace xpar::train {
namespace {

using pipeline::Pipeline;

// The pieces of a pipelined step, all indexed by the forward's parameter numbers.
struct PipelinePrograms {
  std::unique_ptr<Module> forward;
  std::unique_ptr<Module> gradient;   // forward params -> (loss, d loss / d weights...)
  std::unique_ptr<Module> optimizer;  // (weights, state, grads..., loss) -> (loss, new w, new s)
  std::vector<int64_t> weights;       // forward parameter of each weight, in carried order
  std::vector<bool> is_data;          // per forward parameter: split into microbatches
  std::vector<int64_t> step_param;    // per forward parameter: the step's parameter (by name)
  std::vector<int64_t> optimizer_from_step;  // per optimizer parameter: its step parameter, or -1
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
  if (args.loss_scale != 1) return Unimplemented("--stages with --loss-scale");
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
  ASSIGN_OR_RETURN(int64_t loss_index, ForwardLossIndex(args, *entry.root()));
  ASSIGN_OR_RETURN(p.gradient, autodiff::Differentiate(*p.forward, {p.weights, loss_index}));
  ASSIGN_OR_RETURN(autodiff::OptimizerOptions options, OptimizerOptionsOf(args));
  const Shape& loss_shape = p.gradient->entry()->root()->shape().tuple_shape(0);
  ASSIGN_OR_RETURN(p.optimizer, OptimizerProgram(*p.forward, p.weights, loss_shape, options));
  const int64_t n = static_cast<int64_t>(p.weights.size());
  for (const Instruction* op : p.optimizer->entry()->parameters()) {
    const std::string& name = op->name();
    bool is_gradient = name.starts_with("grad.") || name == "loss";
    if (is_gradient && op->attrs().parameter_number >= n) {
      p.optimizer_from_step.push_back(-1);
      continue;
    }
    ASSIGN_OR_RETURN(int64_t sp, StepParamByName(*program.step, name));
    p.optimizer_from_step.push_back(sp);
  }
  return p;
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

// Weights and optimizer state between steps: the optimizer program's parameters, but for the
// gradients and loss it is given each step. It runs on one device.
class GatheredOptimizer {
 public:
  static Expected<GatheredOptimizer> Create(const PipelinePrograms& p,
                                            const std::vector<Literal>& step_values) {
    GatheredOptimizer o(p);
    const auto& params = p.optimizer->entry()->parameters();
    for (size_t i = 0; i < params.size(); ++i) {
      int64_t from = p.optimizer_from_step[i];
      o.values_.push_back(from >= 0 ? step_values[from] : Literal(params[i]->shape()));
      if (from < 0) o.gradient_slots_.push_back(static_cast<int64_t>(i));
    }
    return o;
  }

  // The current value of the weight that is forward parameter `forward_param`, or null.
  const Literal* Weight(int64_t forward_param) const {
    for (size_t i = 0; i < p_->weights.size(); ++i) {
      if (p_->weights[i] == forward_param) return &values_[i];
    }
    return nullptr;
  }

  // Applies (loss, grads...) (averaged over the microbatches); returns the loss.
  Expected<double> Apply(std::vector<Literal> loss_and_grads) {
    // The optimizer's gradient parameters are grad.0 .. grad.n-1, then the loss.
    for (size_t g = 0; g + 1 < gradient_slots_.size(); ++g) {
      values_[gradient_slots_[g]] = std::move(loss_and_grads[1 + g]);
    }
    values_[gradient_slots_.back()] = loss_and_grads[0];
    Interpreter interp(*p_->optimizer);
    ASSIGN_OR_RETURN(Literal out, interp.Run(values_));
    for (const IoAlias& a : p_->optimizer->input_output_alias()) {
      values_[a.parameter_number] = std::move(out.elements()[a.output_index[0]]);
    }
    return loss_and_grads[0].GetAsDouble(0);
  }

 private:
  explicit GatheredOptimizer(const PipelinePrograms& p) : p_(&p) {}
  const PipelinePrograms* p_;
  std::vector<Literal> values_;
  std::vector<int64_t> gradient_slots_;
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
std::vector<Literal> GradientArgs(const PipelinePrograms& p, const GatheredOptimizer& opt,
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
                                                     const GatheredOptimizer& opt,
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
  ASSIGN_OR_RETURN(pipeline::PipelineResult planned, PlanPipeline(*p.gradient, cluster, po));
  std::vector<pipeline::Submesh> submeshes;
  for (const pipeline::Stage& s : planned.plan.stages) {
    pipeline::Submesh sm = s.submesh;
    if (static_cast<int64_t>(sm.devices.size()) == po.devices_per_host) sm.shape = host_shape;
    fmt::print("pipeline stage {}: layers {}-{} on devices {} as mesh {}\n", submeshes.size(),
               s.first_layer, s.last_layer, fmt::join(sm.devices, ","), fmt::join(sm.shape, "x"));
    submeshes.push_back(std::move(sm));
  }
  const int32_t stages = static_cast<int32_t>(submeshes.size());
  ASSIGN_OR_RETURN(pipeline::StageSplit split,
                   pipeline::SplitByStage(*p.gradient, planned.plan.stage_of_instruction, stages));
  pipeline::PipelineRunOptions ro;
  ro.microbatches = args.microbatches;
  ASSIGN_OR_RETURN(ro.schedule, pipeline::ParseSchedule(args.schedule));
  for (size_t f = 0; f < p.is_data.size(); ++f) {
    if (p.is_data[f]) ro.data_parameters.push_back(static_cast<int64_t>(f));
  }
  AutoShardingOptions as;
  as.solve.time_limit_s = args.plan_time_limit;
  ro.annotate = pipeline::MakeAutoShardingAnnotator(cluster, as);
  ASSIGN_OR_RETURN(std::unique_ptr<Pipeline> pipe,
                   Pipeline::Create(std::move(split), submeshes, ro));
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
  auto opt = GatheredOptimizer::Create(*p, initial);
  if (!opt.ok()) return ReportError("train", opt.status());
  std::optional<GatheredOptimizer> reference;
  if (args.check) reference.emplace(*opt);
  fmt::print("training {}: pipeline of {} stages, {} microbatches of {} ({}), optimizer {} on the "
             "gathered gradients{}\n",
             args.model, (*pipe)->split().num_stages, args.microbatches, program.batch,
             args.schedule, args.optimizer, args.check ? ", checked against 1 device" : "");
  std::vector<Literal> scratch = initial;
  int64_t failed = 0;
  for (int64_t step = 0; step < args.steps; ++step) {
    auto in = StepInputs(*p, data, scratch, step, args.microbatches);
    if (!in.ok()) return ReportError("train", in.status());
    auto run = (*pipe)->Run(GradientArgs(*p, *opt, *in, -1));
    if (!run.ok()) return ReportError("train", run.status());
    auto loss = opt->Apply(std::move(run->results));
    if (!loss.ok()) return ReportError("train", loss.status());
    std::string check;
    if (reference) {
      auto grads = AccumulateOnOneDevice(*p, *reference, *in, args.microbatches);
      if (!grads.ok()) return ReportError("train", grads.status());
      auto want = reference->Apply(std::move(*grads));
      if (!want.ok()) return ReportError("train", want.status());
      double rel = *loss == *want ? 0 : std::fabs(*loss - *want) / std::max(std::fabs(*want), 1e-30);
      failed += rel <= args.rtol ? 0 : 1;
      check = fmt::format("  1 device {:.6f} rel diff {:.2g}{}", *want, rel,
                          rel <= args.rtol ? "" : fmt::format(" EXCEEDS {:g}", args.rtol));
    }
    fmt::print("step {:>5}/{}  loss {:.6f}  {:8.4f} s{}\n", step + 1, args.steps, *loss,
               run->seconds, check);
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
