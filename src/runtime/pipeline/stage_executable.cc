// A stage program partitioned for its submesh and run on one thread per device
// (stage_executable.h).
#include "runtime/pipeline/stage_executable.h"

#include <fmt/format.h>

#include <numeric>

#include "passes/spmd/spmd_partitioner.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar::pipeline {

Status AnnotateDataParallel(Module& program, const Mesh& mesh,
                            const std::vector<bool>& batch_inputs) {
  std::vector<int64_t> all_axes(mesh.rank());
  std::iota(all_axes.begin(), all_axes.end(), 0);
  for (Instruction* p : program.entry()->parameters()) {
    const Shape& shape = p->shape();
    if (!shape.IsArray()) continue;
    ShardingSpec spec = ShardingSpec::Replicated(shape.rank());
    int64_t n = p->attrs().parameter_number;
    if (batch_inputs[n] && shape.rank() > 0 && shape.dim(0) % mesh.num_devices() == 0) {
      spec.dim_axes[0] = all_axes;
    }
    ASSIGN_OR_RETURN(HloSharding sharding, ToHloSharding(spec, mesh));
    p->set_sharding(std::move(sharding));
  }
  return Status::Ok();
}

Expected<std::unique_ptr<StageExecutable>> StageExecutable::Compile(
    StageProgram& program, const Submesh& submesh, const std::vector<bool>& batch_inputs,
    const StageAnnotator& annotate) {
  const char* phase = program.phase == Phase::kForward ? "forward" : "backward";
  auto where = fmt::format("pipeline stage {} {}: ", program.stage, phase);
  if (submesh.shape.empty() || submesh.devices.empty()) {
    return InvalidArgument("{}the submesh has no devices", where);
  }
  int64_t count = 1;
  for (int64_t d : submesh.shape) count *= d;
  if (count != static_cast<int64_t>(submesh.devices.size())) {
    return InvalidArgument("{}submesh shape has {} devices but lists {}", where, count,
                           submesh.devices.size());
  }
  std::unique_ptr<StageExecutable> exe(
      new StageExecutable(program, Mesh(submesh.shape), submesh.devices));
  if (count == 1) return exe;
  Module& m = *program.module;
  Status annotated = annotate ? annotate(m, exe->mesh_, batch_inputs)
                              : AnnotateDataParallel(m, exe->mesh_, batch_inputs);
  if (!annotated.ok()) return annotated.WithContext(where);
  auto partitioned = PartitionModule(m, exe->mesh_);
  if (!partitioned.ok()) return partitioned.status().WithContext(where);
  exe->partitioned_ = std::move(partitioned).value();
  for (const Instruction* p : exe->partitioned_->entry()->parameters()) {
    if (!p->shape().IsArray()) {
      return Unimplemented("{}input '{}' is a tuple; tuple values cannot cross stages on a "
                           "submesh of more than one device yet",
                           where, p->name());
    }
    ASSIGN_OR_RETURN(std::vector<ShardingSpec> specs, LeafSpecs(*p, exe->mesh_));
    exe->input_specs_.push_back(specs.at(0));
  }
  const Instruction& root = *exe->partitioned_->entry()->root();
  for (const Shape& s : m.entry()->root()->shape().tuple_shapes()) {
    if (!s.IsArray()) {
      return Unimplemented("{}a tuple-shaped output cannot leave a submesh of more than one "
                           "device yet",
                           where);
    }
  }
  ASSIGN_OR_RETURN(exe->output_specs_, LeafSpecs(root, exe->mesh_));
  return exe;
}

std::string StageExecutable::Describe() const {
  if (!partitioned_) return "one device";
  constexpr int64_t kNamesShown = 6;  // a stage of a real model has hundreds of split inputs
  std::string split;
  int64_t num_split = 0;
  for (size_t i = 0; i < input_specs_.size(); ++i) {
    if (input_specs_[i].IsReplicated()) continue;
    if (num_split++ >= kNamesShown) continue;
    if (!split.empty()) split += ", ";
    split += program_.module->entry()->parameters()[i]->name() + " " + input_specs_[i].ToString();
  }
  if (num_split > kNamesShown) split += fmt::format(", ... ({} more)", num_split - kNamesShown);
  int64_t collectives = 0;
  for (const auto& inst : partitioned_->entry()->instructions()) {
    const Opcode op = inst->opcode();
    collectives += op == Opcode::kAllReduce || op == Opcode::kAllGather ||
                   op == Opcode::kReduceScatter || op == Opcode::kAllToAll ||
                   op == Opcode::kCollectivePermute;
  }
  if (num_split == 0) return fmt::format("inputs replicated; {} collective(s)", collectives);
  return fmt::format("{} of {} inputs split: {}; {} collective(s)", num_split,
                     input_specs_.size(), split, collectives);
}

Expected<std::vector<Literal>> StageExecutable::Run(std::span<const Literal* const> inputs,
                                                    uint64_t rng_seed) const {
  if (partitioned_) return RunPartitioned(inputs, rng_seed);
  const Computation& entry = *program_.module->entry();
  for (size_t i = 0; i < inputs.size(); ++i) {  // the channels and the split keep them right
    if (!entry.parameters()[i]->shape().Compatible(inputs[i]->shape())) {
      return Internal("pipeline: input {} of {} is {}", i, program_.module->name(),
                      inputs[i]->shape().ToString(false));
    }
  }
  DeviceContext device;
  device.rng_seed = rng_seed;
  Interpreter interp(*program_.module, device);
  // Call reads the inputs where they are (Run would want a copy of each, weights included).
  ASSIGN_OR_RETURN(Literal result, interp.Call(entry, inputs));
  return std::move(result.elements());
}

Expected<std::vector<Literal>> StageExecutable::RunPartitioned(
    std::span<const Literal* const> inputs, uint64_t rng_seed) const {
  const int64_t n = mesh_.num_devices();
  std::vector<std::vector<Literal>> args(n);
  for (size_t i = 0; i < inputs.size(); ++i) {
    for (int64_t d = 0; d < n; ++d) args[d].push_back(ShardOf(*inputs[i], input_specs_[i], mesh_, d));
  }
  ASSIGN_OR_RETURN(std::vector<Literal> per_device,
                   RunOnDevices(*partitioned_, std::move(args), 1, n, rng_seed));
  const std::vector<Shape>& shapes = program_.module->entry()->root()->shape().tuple_shapes();
  std::vector<Literal> outputs;
  for (size_t k = 0; k < shapes.size(); ++k) {
    std::vector<Literal> shards;
    for (int64_t d = 0; d < n; ++d) shards.push_back(std::move(per_device[d].elements()[k]));
    ASSIGN_OR_RETURN(Literal full, Assemble(shards, output_specs_[k], mesh_, shapes[k]));
    outputs.push_back(std::move(full));
  }
  return outputs;
}

}  // namespace xpar::pipeline
