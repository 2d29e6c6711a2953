// Training setup (driver/train.h): a model becomes a training step (a forward + loss gets
// autodiff and the optimizer; a module whose outputs alias its inputs is used as it is), with
// the starting value of every parameter and the per-step data.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "autodiff/optimizer.h"
#include "driver/train.h"
#include "io/random_inputs.h"

namespace xpar::train {
namespace {

// "argN" (or np.savez's "arr_N") names the model file's parameter N.
bool IsArgName(const std::string& name, int64_t file_number) {
  return file_number >= 0 &&
         (name == fmt::format("arg{}", file_number) || name == fmt::format("arr_{}", file_number));
}

bool IsFloatScalar(const Shape& s) { return s.IsArray() && s.rank() == 0 && IsFloating(s.type()); }

// Optimizer state of a full step by its name (the names torch.optim and `xpar model` give it):
// such values start at zero rather than random.
bool IsStateName(const std::string& name) {
  for (const char* prefix : {"m.", "v.", "exp_avg", "momentum_buffer", "adam_m", "adam_v"}) {
    if (name.starts_with(prefix)) return true;
  }
  return false;
}

// The per-step data arrays: in memory (options.data_arrays) or the --data file; none without.
Expected<std::vector<NamedTensor>> DataArrays(const TrainOptions& args) {
  if (!args.data_arrays.empty()) return args.data_arrays;
  if (args.data.empty()) return std::vector<NamedTensor>{};
  return ReadTensorFile(args.data);
}

// What messages call the data: the file, or "data" for arrays given in memory.
std::string DataName(const TrainOptions& args) { return args.data.empty() ? "data" : args.data; }

Expected<int64_t> FindParameter(const Computation& entry, const std::string& key) {
  for (const Instruction* p : entry.parameters()) {
    if (p->name() == key || fmt::format("arg{}", p->attrs().parameter_number) == key) {
      return p->attrs().parameter_number;
    }
  }
  return InvalidArgument("--weights: the model has no parameter '{}'", key);
}

// Weights of a forward: --weights, else the ones the file stores (a .pt's), else every floating
// array parameter that --data does not feed.
Expected<std::vector<int64_t>> ForwardWeights(const TrainOptions& args, const Computation& entry,
                                              const std::vector<NamedTensor>& stored) {
  std::vector<int64_t> w;
  for (const std::string& key : args.weights) {
    ASSIGN_OR_RETURN(int64_t p, FindParameter(entry, key));
    w.push_back(p);
  }
  if (!w.empty()) return w;
  std::vector<std::string> data_names;
  ASSIGN_OR_RETURN(std::vector<NamedTensor> data, DataArrays(args));
  for (const NamedTensor& t : data) data_names.push_back(t.name);
  for (const Instruction* p : entry.parameters()) {
    const bool is_stored = std::any_of(stored.begin(), stored.end(),
                                       [&](const NamedTensor& t) { return t.name == p->name(); });
    const bool is_data =
        std::any_of(data_names.begin(), data_names.end(), [&](const std::string& name) {
          return name == p->name() || IsArgName(name, p->attrs().parameter_number);
        });
    if (!stored.empty() ? is_stored
                        : !is_data && p->shape().IsArray() && IsFloating(p->shape().type())) {
      w.push_back(p->attrs().parameter_number);
    }
  }
  return w;
}

Expected<TrainProgram> FromForward(const TrainOptions& args, const Module& forward,
                                   const std::vector<NamedTensor>& stored) {
  const Computation& entry = *forward.entry();
  ASSIGN_OR_RETURN(std::vector<int64_t> weights, ForwardWeights(args, entry, stored));
  ASSIGN_OR_RETURN(int64_t loss_index, LossIndexOf(args, *entry.root()));
  ASSIGN_OR_RETURN(autodiff::OptimizerOptions options, OptimizerOf(args));
  ASSIGN_OR_RETURN(autodiff::TrainingStep ts,
                   autodiff::BuildTrainingStep(forward, weights, loss_index, options));
  TrainProgram p;
  p.built = true;
  p.step = std::move(ts.module);
  const Computation& step_entry = *p.step->entry();
  for (const IoAlias& a : p.step->input_output_alias()) {
    const int64_t n = a.parameter_number;
    const bool state = std::find(ts.layout.state_params.begin(), ts.layout.state_params.end(),
                                 n) != ts.layout.state_params.end();
    p.carried.push_back({n, a.output_index[0], step_entry.parameters()[n]->name(), state});
  }
  p.data_params = ts.layout.data_params;
  p.loss_output = 0;
  p.file_number.assign(step_entry.parameter_count(), -1);
  for (size_t i = 0; i < weights.size(); ++i) p.file_number[ts.layout.weight_params[i]] = weights[i];
  size_t next_data = 0;
  for (int64_t n = 0; n < entry.parameter_count(); ++n) {
    if (std::find(weights.begin(), weights.end(), n) != weights.end()) continue;
    p.file_number[ts.layout.data_params[next_data++]] = n;
  }
  return p;
}

Expected<TrainProgram> FromFullStep(const TrainOptions& args, std::unique_ptr<Module> step) {
  if ((args.optimizer != "adamw" || args.lr != 1e-3 || args.weight_decay != 0 ||
       args.clip_norm != 0 || args.loss_scale != 1) && args.warn) {
    args.warn(fmt::format("note: {} is a whole training step (its outputs alias its inputs); "
                          "its own optimizer runs and the optimizer options are ignored",
                          args.model));
  }
  TrainProgram p;
  const Computation& entry = *step->entry();
  const Shape& root = entry.root()->shape();
  if (!root.IsTuple()) return InvalidArgument("{}: a training step must return a tuple", args.model);
  std::vector<bool> carried(entry.parameter_count(), false);
  for (const IoAlias& a : step->input_output_alias()) {
    if (a.output_index.size() != 1 || !a.parameter_index.empty()) {
      return Unimplemented("{}: input_output_alias into nested tuples is not supported by train",
                           args.model);
    }
    const Instruction* param = entry.parameters()[a.parameter_number];
    p.carried.push_back({a.parameter_number, a.output_index[0], param->name(),
                         IsStateName(param->name())});
    carried[a.parameter_number] = true;
  }
  p.loss_output = -1;
  std::vector<bool> aliased_output(root.tuple_shapes().size(), false);
  for (const Carried& c : p.carried) aliased_output[c.output] = true;
  for (size_t i = 0; i < root.tuple_shapes().size() && args.loss_index < 0; ++i) {
    if (!aliased_output[i] && IsFloatScalar(root.tuple_shape(i))) {
      p.loss_output = static_cast<int64_t>(i);
      break;
    }
  }
  if (args.loss_index >= 0) p.loss_output = args.loss_index;
  if (p.loss_output < 0 || p.loss_output >= static_cast<int64_t>(root.tuple_shapes().size()) ||
      !IsFloatScalar(root.tuple_shape(p.loss_output))) {
    return InvalidArgument("{}: no floating-point scalar output to report as the loss (give "
                           "--loss-index)", args.model);
  }
  for (const Instruction* param : entry.parameters()) {
    const int64_t n = param->attrs().parameter_number;
    if (carried[n]) continue;
    const Shape& s = param->shape();
    if (param->name() == "step" && s.IsArray() && s.rank() == 0 && IsInteger(s.type())) {
      p.step_counter_param = n;
    }
    p.data_params.push_back(n);
  }
  for (int64_t n = 0; n < entry.parameter_count(); ++n) p.file_number.push_back(n);
  p.step = std::move(step);
  return p;
}

}  // namespace

Expected<int64_t> LossIndexOf(const TrainOptions& args, const Instruction& root) {
  if (args.loss_index != -2) return args.loss_index;
  if (IsFloatScalar(root.shape())) return -1;
  if (root.shape().IsTuple()) {
    for (size_t i = 0; i < root.shape().tuple_shapes().size(); ++i) {
      if (IsFloatScalar(root.shape().tuple_shape(i))) return static_cast<int64_t>(i);
    }
  }
  return InvalidArgument("the model returns {}: no floating-point scalar loss (give "
                         "--loss-index)", root.shape().ToString(false));
}

Expected<autodiff::OptimizerOptions> OptimizerOf(const TrainOptions& a) {
  autodiff::OptimizerOptions o;
  if (a.optimizer == "sgd") o.kind = autodiff::OptimizerKind::kSgd;
  else if (a.optimizer == "momentum") o.kind = autodiff::OptimizerKind::kMomentum;
  else if (a.optimizer == "adamw") o.kind = autodiff::OptimizerKind::kAdamW;
  else return InvalidArgument("--optimizer {}: expected sgd, momentum or adamw", a.optimizer);
  o.lr = a.lr;
  o.momentum = a.momentum;
  o.weight_decay = a.weight_decay;
  o.clip_norm = a.clip_norm;
  o.loss_scale = a.loss_scale;
  return o;
}

Expected<TrainProgram> PrepareProgram(const TrainOptions& args, LoadedModel& model) {
  TrainProgram p;
  if (model.module->input_output_alias().empty()) {
    ASSIGN_OR_RETURN(p, FromForward(args, *model.module, model.stored));
  } else {
    ASSIGN_OR_RETURN(p, FromFullStep(args, std::move(model.module)));
  }
  for (int64_t d : p.data_params) {
    const Shape& s = p.step->entry()->parameters()[d]->shape();
    if (d != p.step_counter_param && s.IsArray() && s.rank() >= 1) {
      p.batch = s.dim(0);
      break;
    }
  }
  return p;
}

Expected<std::vector<Literal>> InitialValues(const TrainOptions& args, const TrainProgram& program,
                                             const std::vector<NamedTensor>& stored) {
  const Computation& entry = *program.step->entry();
  std::vector<NamedTensor> given = stored;
  if (!args.inputs.empty()) {
    ASSIGN_OR_RETURN(std::vector<NamedTensor> file, ReadTensorFile(args.inputs));
    given.insert(given.end(), file.begin(), file.end());  // later ones win
  }
  given.insert(given.end(), args.input_arrays.begin(), args.input_arrays.end());
  std::vector<Literal> values;
  for (const Instruction* p : entry.parameters()) {
    const int64_t n = p->attrs().parameter_number;
    const NamedTensor* found = nullptr;
    for (const NamedTensor& t : given) {
      if (t.name == p->name() || IsArgName(t.name, program.file_number[n])) found = &t;
    }
    auto carried = std::find_if(program.carried.begin(), program.carried.end(),
                                [&](const Carried& c) { return c.param == n; });
    if (found != nullptr) {
      ASSIGN_OR_RETURN(Literal v, ConvertForParameter(*found, p->shape()));
      values.push_back(std::move(v));
    } else if ((carried != program.carried.end() && carried->is_state) ||
               n == program.step_counter_param) {
      values.emplace_back(p->shape());
    } else {
      // Uniform in [-1, 1) (integers in [0, 8)); weights of rank >= 2 scaled by 1/sqrt(fan-in)
      // (their last dimension) so that activations keep their size through the layers.
      Literal v = RandomLiteral(p->shape(), args.seed * 1000003 + static_cast<uint64_t>(n));
      if (carried != program.carried.end() && p->shape().rank() >= 2 &&
          IsFloating(p->shape().type())) {
        double scale = 1.0 / std::sqrt(static_cast<double>(p->shape().dims().back()));
        for (int64_t i = 0; i < v.ElementCount(); ++i) v.SetFromDouble(i, v.GetAsDouble(i) * scale);
      }
      values.push_back(std::move(v));
    }
  }
  return values;
}

Expected<DataSource> DataSource::Open(const TrainOptions& args, const TrainProgram& program) {
  DataSource s;
  s.program_ = &program;
  ASSIGN_OR_RETURN(std::vector<NamedTensor> arrays, DataArrays(args));
  const Computation& entry = *program.step->entry();
  for (NamedTensor& t : arrays) {
    const Instruction* param = nullptr;
    for (int64_t d : program.data_params) {
      const Instruction* p = entry.parameters()[d];
      if (p->name() == t.name || IsArgName(t.name, program.file_number[d])) param = p;
    }
    if (param == nullptr) {
      return InvalidArgument("{}: array '{}' names no data parameter of the step", DataName(args),
                             t.name);
    }
    const Shape& want = param->shape();
    const Shape& have = t.value.shape();
    bool fits = want.IsArray() && want.rank() >= 1 && have.rank() == want.rank() &&
                want.dim(0) > 0 && have.dim(0) >= want.dim(0) && have.dim(0) % want.dim(0) == 0;
    for (int64_t i = 1; fits && i < want.rank(); ++i) fits = have.dim(i) == want.dim(i);
    if (!fits) {
      return InvalidArgument("{}: array '{}' is {}; parameter %{} is {}: expected steps x {} "
                             "rows of the same trailing shape", DataName(args), t.name,
                             have.ToString(false), param->name(), want.ToString(false),
                             want.dims().empty() ? 0 : want.dim(0));
    }
    s.params_.push_back(param->attrs().parameter_number);
    s.arrays_.push_back(std::move(t.value));
  }
  return s;
}

Status DataSource::Fill(int64_t step, std::vector<Literal>& values) const {
  const Computation& entry = *program_->step->entry();
  if (program_->step_counter_param >= 0) {
    Literal& c = values[program_->step_counter_param];
    c.SetFromInt64(0, step);
  }
  for (size_t i = 0; i < params_.size(); ++i) {
    const Instruction* p = entry.parameters()[params_[i]];
    const Literal& all = arrays_[i];
    const int64_t rows = p->shape().dim(0);
    const int64_t chunks = all.shape().dim(0) / rows;
    const int64_t bytes_per_chunk = all.size_bytes() / chunks;
    Shape slice_shape = all.shape();
    slice_shape.mutable_dims()[0] = rows;
    NamedTensor slice{p->name(), Literal::Uninitialized(slice_shape)};
    std::copy_n(all.raw() + (step % chunks) * bytes_per_chunk, bytes_per_chunk, slice.value.raw());
    ASSIGN_OR_RETURN(values[params_[i]], ConvertForParameter(slice, p->shape()));
  }
  return Status::Ok();
}

}  // namespace xpar::train
