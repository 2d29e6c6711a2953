// Partitioned runs on threads, joined outputs, and the comparison with one device.
#include "driver/mesh_run.h"

#include <chrono>
#include <cmath>

#include "analysis/op_stats.h"
#include "passes/spmd/spmd_partitioner.h"
#include "runtime/interpreter/interpreter.h"

namespace xpar {

Expected<std::vector<std::vector<Literal>>> ShardArguments(const Module& pm,
                                                           const std::vector<Literal>& args,
                                                           const Mesh& mesh, int64_t replicas) {
  const int64_t n = mesh.num_devices();
  std::vector<std::vector<Literal>> device_args(replicas * n);
  for (const Instruction* param : pm.entry()->parameters()) {
    const int64_t number = param->attrs().parameter_number;
    if (number < 0 || number >= static_cast<int64_t>(args.size())) {
      return InvalidArgument("parameter {} has no argument ({} given)", number, args.size());
    }
    const Literal& full = args[number];
    ASSIGN_OR_RETURN(std::vector<ShardingSpec> specs, LeafSpecs(*param, mesh));
    for (int64_t d = 0; d < replicas * n; ++d) {
      device_args[d].push_back(param->shape().IsArray() ? ShardOf(full, specs.at(0), mesh, d % n)
                                                        : full);
    }
  }
  return device_args;
}

Expected<Literal> JoinShards(const std::vector<const Literal*>& per_device, const Shape& shape,
                             const std::vector<ShardingSpec>& specs, size_t& next,
                             const Mesh& mesh) {
  if (shape.IsTuple()) {
    std::vector<Literal> elements;
    for (size_t i = 0; i < shape.tuple_shapes().size(); ++i) {
      std::vector<const Literal*> parts;
      for (const Literal* l : per_device) parts.push_back(&l->elements()[i]);
      ASSIGN_OR_RETURN(Literal e, JoinShards(parts, shape.tuple_shape(i), specs, next, mesh));
      elements.push_back(std::move(e));
    }
    return Literal::Tuple(std::move(elements));
  }
  if (next >= specs.size()) return Internal("the root sharding has too few leaves");
  std::vector<Literal> shards;
  for (const Literal* l : per_device) shards.push_back(*l);
  return Assemble(shards, specs[next++], mesh, shape);
}

double RelativeDifference(const Literal& a, const Literal& b) {
  if (a.shape().IsTuple()) {
    double worst = 0;
    for (size_t i = 0; i < a.elements().size(); ++i) {
      worst = std::max(worst, RelativeDifference(a.elements()[i], b.elements()[i]));
    }
    return worst;
  }
  if (!a.shape().IsArray() || a.ElementCount() != b.ElementCount()) {
    return a.shape().IsArray() ? INFINITY : 0.0;
  }
  double diff = 0, scale = 0;
  for (int64_t i = 0; i < a.ElementCount(); ++i) {
    double x = a.GetAsDouble(i), y = b.GetAsDouble(i);
    if (std::isnan(x) || std::isnan(y)) {
      if (std::isnan(x) != std::isnan(y)) return INFINITY;
      continue;
    }
    if (std::isinf(x) || std::isinf(y)) {
      if (x != y) return INFINITY;
      continue;
    }
    diff = std::max(diff, std::fabs(x - y));
    scale = std::max(scale, std::fabs(y));
  }
  if (diff == 0) return 0;
  return scale > 0 ? diff / scale : INFINITY;
}

Expected<std::vector<Literal>> ReferenceRun(const Module& m, const std::vector<Literal>& args,
                                            int64_t replicas) {
  if (replicas == 1) {
    Interpreter interp(m);
    ASSIGN_OR_RETURN(Literal r, interp.Run(args));
    std::vector<Literal> out;
    out.push_back(std::move(r));
    return out;
  }
  return RunOnDevices(m, std::vector<std::vector<Literal>>(replicas, args), replicas, 1);
}

namespace {

// The root's tuple elements (or the root alone) as a list of outputs.
std::vector<Literal> SplitOutputs(Literal root) {
  if (!root.shape().IsTuple()) {
    std::vector<Literal> one;
    one.push_back(std::move(root));
    return one;
  }
  return std::move(root.elements());
}

}  // namespace

Expected<MeshRunResult> RunPartitioned(const Module& m, const Mesh& mesh,
                                       const std::vector<Literal>& args,
                                       const MeshRunOptions& options) {
  if (args.size() != m.entry()->parameters().size()) {
    return InvalidArgument("{} takes {} arguments, {} given", m.name(),
                           m.entry()->parameters().size(), args.size());
  }
  PartitionOptions partition;  // a program with its own cross-replica collectives keeps them
  partition.num_replicas =
      options.replicas > 0 ? options.replicas : std::max<int64_t>(1, DevicesNamedByCollectives(m));
  MeshRunResult result;
  result.replicas = partition.num_replicas;
  result.devices = result.replicas * mesh.num_devices();
  ASSIGN_OR_RETURN(std::unique_ptr<Module> pm, PartitionModule(m, mesh, partition));
  ASSIGN_OR_RETURN(auto device_args, ShardArguments(*pm, args, mesh, result.replicas));
  const auto start = std::chrono::steady_clock::now();
  ASSIGN_OR_RETURN(std::vector<Literal> per_device,
                   RunOnDevices(*pm, std::move(device_args), result.replicas, mesh.num_devices()));
  result.run_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  ASSIGN_OR_RETURN(std::vector<ShardingSpec> root_specs, LeafSpecs(*pm->entry()->root(), mesh));
  std::vector<Literal> joined;  // per replica, the whole root
  const int64_t n = mesh.num_devices();
  for (int64_t r = 0; r < (options.check ? result.replicas : 1); ++r) {
    std::vector<const Literal*> parts;
    for (int64_t d = 0; d < n; ++d) parts.push_back(&per_device[r * n + d]);
    size_t next = 0;
    ASSIGN_OR_RETURN(Literal root,
                     JoinShards(parts, m.entry()->root()->shape(), root_specs, next, mesh));
    joined.push_back(std::move(root));
  }
  if (options.check) {
    ASSIGN_OR_RETURN(std::vector<Literal> reference, ReferenceRun(m, args, result.replicas));
    const bool tuple = m.entry()->root()->shape().IsTuple();
    result.differences.assign(tuple ? joined[0].elements().size() : 1, 0.0);
    for (int64_t r = 0; r < result.replicas; ++r) {
      for (size_t k = 0; k < result.differences.size(); ++k) {
        const Literal& got = tuple ? joined[r].elements()[k] : joined[r];
        const Literal& want = tuple ? reference[r].elements()[k] : reference[r];
        result.differences[k] = std::max(result.differences[k], RelativeDifference(got, want));
      }
    }
  }
  result.outputs = SplitOutputs(std::move(joined[0]));
  return result;
}

}  // namespace xpar
