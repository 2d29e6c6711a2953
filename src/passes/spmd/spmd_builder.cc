// Mesh geometry and the builder of the partitioned entry: local instructions, shard offsets
// looked up by partition-id, and collectives whose replica_groups are mesh-axis device groups.
#include <fmt/format.h>

#include <algorithm>

#include "passes/spmd/spmd_internal.h"

namespace xpar::spmd {

std::vector<std::vector<int64_t>> AxisGroups(const std::vector<int64_t>& axes, const Mesh& mesh) {
  std::vector<int64_t> others;
  for (int64_t a = 0; a < mesh.rank(); ++a) {
    if (std::find(axes.begin(), axes.end(), a) == axes.end()) others.push_back(a);
  }
  const int64_t size = AxesSize(axes, mesh);
  std::vector<std::vector<int64_t>> groups(mesh.num_devices() / size,
                                           std::vector<int64_t>(size, -1));
  for (int64_t d = 0; d < mesh.num_devices(); ++d) {
    std::vector<int64_t> c = MeshCoords(mesh, d);
    groups[IndexOver(others, c, mesh)][IndexOver(axes, c, mesh)] = d;
  }
  return groups;
}

ShardingSpec NormalizeForShape(ShardingSpec spec, const Shape& shape, const Mesh& mesh) {
  if (!shape.IsArray() || static_cast<int64_t>(spec.dim_axes.size()) != shape.rank()) {
    return spec;
  }
  for (int64_t d = 0; d < shape.rank(); ++d) {
    auto& axes = spec.dim_axes[d];
    while (!axes.empty() && shape.dim(d) % AxesSize(axes, mesh) != 0) axes.pop_back();
  }
  return spec;
}

bool IsPaddedDim(const Shape& global, const ShardingSpec& spec, int64_t d, const Mesh& mesh) {
  const int64_t k = AxesSize(spec.dim_axes[d], mesh);
  return ShardSize(global.dim(d), k) * k != global.dim(d);
}

std::set<int64_t> UsedAxes(const ShardingSpec& spec) {
  std::set<int64_t> used(spec.partial_axes.begin(), spec.partial_axes.end());
  for (const auto& axes : spec.dim_axes) used.insert(axes.begin(), axes.end());
  return used;
}

SpmdBuilder::SpmdBuilder(Module* module, Computation* comp, const Mesh& mesh)
    : module_(module), comp_(comp), mesh_(mesh) {}

std::string SpmdBuilder::UniqueName(const std::string& hint) {
  std::string name = hint;
  for (int64_t i = 1; names_.count(name); ++i) name = fmt::format("{}.{}", hint, i);
  names_.insert(name);
  return name;
}

Instruction* SpmdBuilder::Add(Opcode op, Shape shape, std::vector<Instruction*> operands,
                              const std::string& hint) {
  auto inst = std::make_unique<Instruction>(UniqueName(hint), op, std::move(shape));
  for (Instruction* o : operands) inst->AddOperand(o);
  return comp_->AddInstruction(std::move(inst));
}

Instruction* SpmdBuilder::CloneWith(const Instruction& global, Shape shape,
                                    std::vector<Instruction*> operands) {
  Instruction* inst = Add(global.opcode(), std::move(shape), std::move(operands), global.name());
  inst->attrs() = global.attrs();
  inst->mutable_metadata() = global.metadata();
  inst->mutable_frontend_attributes() = global.frontend_attributes();
  for (const Computation* c : global.called()) inst->mutable_called().push_back(comp_map_.at(c));
  return inst;
}

Instruction* SpmdBuilder::Constant(Literal value, const std::string& hint) {
  Instruction* c = Add(Opcode::kConstant, value.shape(), {}, hint);
  c->attrs().literal = std::move(value);
  return c;
}

Instruction* SpmdBuilder::ScalarS32(int64_t v) {
  auto it = s32_constants_.find(v);
  if (it != s32_constants_.end()) return it->second;
  return s32_constants_[v] = Constant(Literal::Scalar<int32_t>(static_cast<int32_t>(v)));
}

Instruction* SpmdBuilder::PartitionIdS32() {
  if (partition_id_) return partition_id_;
  Instruction* pid = Add(Opcode::kPartitionId, Shape::Scalar(PrimitiveType::kU32), {},
                         "partition-id");
  partition_id_ = Add(Opcode::kConvert, Shape::Scalar(PrimitiveType::kS32), {pid}, "convert");
  return partition_id_;
}

Instruction* SpmdBuilder::ShardOffset(const std::vector<int64_t>& axes, int64_t unit) {
  if (axes.empty()) return ScalarS32(0);
  auto key = std::make_pair(axes, unit);
  auto it = offsets_.find(key);
  if (it != offsets_.end()) return it->second;
  const int64_t n = mesh_.num_devices();
  std::vector<int32_t> table(n);
  for (int64_t d = 0; d < n; ++d) {
    table[d] = static_cast<int32_t>(IndexOver(axes, MeshCoords(mesh_, d), mesh_) * unit);
  }
  Instruction* t = Constant(Literal::FromVector<int32_t>({n}, table), "offsets");
  Instruction* one = Add(Opcode::kDynamicSlice, Shape(PrimitiveType::kS32, {1}),
                         {t, PartitionIdS32()}, "dynamic-slice");
  one->attrs().dynamic_slice_sizes = {1};
  Instruction* r = Add(Opcode::kReshape, Shape::Scalar(PrimitiveType::kS32), {one}, "offset");
  return offsets_[key] = r;
}

void SpmdBuilder::SetGroups(Instruction* inst, const std::vector<int64_t>& axes,
                            bool global_ids) {
  ReplicaGroups rg;
  rg.groups = AxisGroups(axes, mesh_);
  if (global_ids && num_replicas_ > 1) {  // global device ids: the same groups in every replica
    const int64_t n = mesh_.num_devices();
    std::vector<std::vector<int64_t>> all;
    for (int64_t r = 0; r < num_replicas_; ++r) {
      for (std::vector<int64_t> g : rg.groups) {
        for (int64_t& d : g) d += r * n;
        all.push_back(std::move(g));
      }
    }
    rg.groups = std::move(all);
  }
  inst->attrs().replica_groups = rg;
  inst->attrs().channel_id = next_channel_++;
  inst->attrs().use_global_device_ids = global_ids;
}

Instruction* SpmdBuilder::AllReduce(Instruction* x, const std::vector<int64_t>& axes,
                                    Computation* reducer) {
  Instruction* r = Add(Opcode::kAllReduce, x->shape(), {x}, "all-reduce");
  r->mutable_called().push_back(reducer);
  SetGroups(r, axes, true);
  return r;
}

Instruction* SpmdBuilder::AllGather(Instruction* x, int64_t dim,
                                    const std::vector<int64_t>& axes) {
  Shape s = x->shape();
  s.mutable_dims()[dim] *= AxesSize(axes, mesh_);
  Instruction* r = Add(Opcode::kAllGather, s, {x}, "all-gather");
  r->attrs().dimensions = {dim};
  SetGroups(r, axes, true);
  return r;
}

Instruction* SpmdBuilder::ReduceScatter(Instruction* x, int64_t dim,
                                        const std::vector<int64_t>& axes, Computation* reducer) {
  Shape s = x->shape();
  s.mutable_dims()[dim] /= AxesSize(axes, mesh_);
  Instruction* r = Add(Opcode::kReduceScatter, s, {x}, "reduce-scatter");
  r->attrs().dimensions = {dim};
  r->mutable_called().push_back(reducer);
  SetGroups(r, axes, true);
  return r;
}

Instruction* SpmdBuilder::DynamicSlice(Instruction* x, const std::vector<Instruction*>& offsets,
                                       const std::vector<int64_t>& sizes) {
  std::vector<Instruction*> operands = {x};
  for (Instruction* o : offsets) operands.push_back(o ? o : ScalarS32(0));
  Shape s = x->shape();
  s.mutable_dims() = sizes;
  Instruction* r = Add(Opcode::kDynamicSlice, s, operands, "dynamic-slice");
  r->attrs().dynamic_slice_sizes = sizes;
  return r;
}

Computation* SpmdBuilder::ScalarReducer(Opcode op, PrimitiveType type) {
  auto key = std::make_pair(static_cast<int>(op), static_cast<int>(type));
  auto it = reducers_.find(key);
  if (it != reducers_.end()) return it->second;
  std::string name = UniqueName(fmt::format("spmd_{}_{}", HloOpcodeName(op),
                                            PrimitiveTypeName(type)));
  Computation* c = module_->AddComputation(std::make_unique<Computation>(name));
  Shape scalar = Shape::Scalar(type);
  std::vector<Instruction*> params;
  for (int64_t i = 0; i < 2; ++i) {
    auto p = std::make_unique<Instruction>(UniqueName(fmt::format("{}.p{}", name, i)),
                                           Opcode::kParameter, scalar);
    p->attrs().parameter_number = i;
    params.push_back(c->AddInstruction(std::move(p)));
  }
  auto root = std::make_unique<Instruction>(UniqueName(fmt::format("{}.root", name)), op, scalar);
  root->AddOperand(params[0]);
  root->AddOperand(params[1]);
  c->set_root(c->AddInstruction(std::move(root)));
  return reducers_[key] = c;
}

}  // namespace xpar::spmd
