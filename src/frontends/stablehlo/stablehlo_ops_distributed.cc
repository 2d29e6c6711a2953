// StableHLO send / recv, collective_reduce and dynamic-root collective_broadcast as HLO ops
// (see stablehlo_ops_distributed.h for the forms chosen).
#include "frontends/stablehlo/stablehlo_ops_distributed.h"

#include <algorithm>

namespace xpar::mlir {
namespace {

Instruction* Gte(Parser& p, Computation* c, Instruction* t, int64_t i, int64_t at) {
  Instruction* g =
      p.Add(c, Opcode::kGetTupleElement, t->shape().tuple_shape(i), {t}, at, "get-tuple-element");
  g->attrs().tuple_index = i;
  return g;
}

// The channel (channel_handle's handle) and is_host_transfer of a send / recv.
void CopyTransferAttrs(const OpInfo& op, Instruction* inst) {
  if (const Attr* ch = op.Find("channel_handle")) {
    if (const Attr* h = ch->Find("handle"); h && h->kind == Attr::Kind::kInt && h->i > 0) {
      inst->attrs().channel_id = h->i;
    }
  }
  const Attr* host = op.Find("is_host_transfer");
  if (host && (host->kind != Attr::Kind::kBool || host->b)) {
    inst->attrs().passthrough.emplace_back("is_host_transfer", "true");
  }
}

// replica_groups as id lists (padding -1 dropped); empty when absent.
Expected<std::vector<std::vector<int64_t>>> ReadGroups(Parser& p, const OpInfo& op) {
  std::vector<std::vector<int64_t>> groups;
  const Attr* rg = op.Find("replica_groups");
  if (!rg) return groups;
  Expected<Literal> data = DenseData(*rg);
  if (!data.ok() || data->shape().rank() != 2) {
    return p.Error(rg->offset, "replica_groups must be a 2-d dense<...> of device ids");
  }
  const Literal& l = *data;
  const int64_t rows = l.shape().dim(0), cols = l.shape().dim(1);
  for (int64_t r = 0; r < rows; ++r) {
    groups.emplace_back();
    for (int64_t c = 0; c < cols; ++c) {
      int64_t id = l.GetAsInt64(r * cols + c);
      if (id >= 0) groups.back().push_back(id);
    }
  }
  return groups;
}

// The replica id as an s32 scalar.
Instruction* ReplicaIdS32(Parser& p, Computation* c, int64_t at) {
  Instruction* id = p.Add(c, Opcode::kReplicaId, Shape::Scalar(PrimitiveType::kU32), {}, at);
  return p.Add(c, Opcode::kConvert, Shape::Scalar(PrimitiveType::kS32), {id}, at);
}

// table[index] for a rank-1 `table`, as a scalar.
Instruction* Pick(Parser& p, Computation* c, Instruction* table, Instruction* index, int64_t at) {
  PrimitiveType t = table->shape().type();
  Instruction* ds = p.Add(c, Opcode::kDynamicSlice, Shape(t, {1}), {table, index}, at);
  ds->attrs().dynamic_slice_sizes = {1};
  return p.Add(c, Opcode::kReshape, Shape::Scalar(t), {ds}, at);
}

Expected<std::vector<Instruction*>> BuildSend(Parser& p, Scope* scope, OpInfo* op) {
  Computation* c = scope->comp;
  const int64_t at = op->offset;
  if (op->operands.size() < 2 || !op->operands.back()->shape().IsToken()) {
    return p.Error(at, "send takes its inputs and a token");
  }
  std::vector<Instruction*> data(op->operands.begin(), op->operands.end() - 1);
  Instruction* d = data.size() == 1 ? data[0] : p.MakeTuple(c, data, at);
  Shape shape = Shape::Tuple({d->shape(), Shape::Scalar(PrimitiveType::kU32), Shape::Token()});
  Instruction* send = p.Add(c, Opcode::kSend, shape, {d, op->operands.back()}, at, "send");
  CopyTransferAttrs(*op, send);
  Instruction* done = p.Add(c, Opcode::kSendDone, Shape::Token(), {send}, at, op->result_name);
  CopyTransferAttrs(*op, done);
  return std::vector<Instruction*>{done};
}

Expected<std::vector<Instruction*>> BuildRecv(Parser& p, Scope* scope, OpInfo* op) {
  Computation* c = scope->comp;
  const int64_t at = op->offset;
  if (op->operands.size() != 1 || op->result_types.size() < 2 ||
      !op->result_types.back().IsToken()) {
    return p.Error(at, "recv takes a token and returns its values and a token");
  }
  std::vector<Shape> data(op->result_types.begin(), op->result_types.end() - 1);
  Shape d = data.size() == 1 ? data[0] : Shape::Tuple(data);
  Shape shape = Shape::Tuple({d, Shape::Scalar(PrimitiveType::kU32), Shape::Token()});
  Instruction* recv = p.Add(c, Opcode::kRecv, shape, op->operands, at, "recv");
  CopyTransferAttrs(*op, recv);
  Instruction* done =
      p.Add(c, Opcode::kRecvDone, Shape::Tuple({d, Shape::Token()}), {recv}, at, op->result_name);
  CopyTransferAttrs(*op, done);
  Instruction* value = Gte(p, c, done, 0, at);
  std::vector<Instruction*> out;
  if (data.size() == 1) {
    out.push_back(value);
  } else {
    for (size_t i = 0; i < data.size(); ++i) out.push_back(Gte(p, c, value, i, at));
  }
  out.push_back(Gte(p, c, done, 1, at));
  return out;
}

}  // namespace

Expected<std::vector<Instruction*>> BuildAsync(Parser& p, Scope* scope, OpInfo* op) {
  const Attr* callee = op->Find("called_computation");
  if ((callee && callee->kind != Attr::Kind::kSymbol) || op->result_types.size() != 1 ||
      (!callee && op->mnemonic == "async_start")) {
    return p.Error(
        op->offset,
        fmt::format("'{}' needs one result{}", op->name,
                    op->mnemonic == "async_start" ? " and called_computation = @f" : ""));
  }
  Opcode opcode = op->mnemonic == "async_start"    ? Opcode::kAsyncStart
                  : op->mnemonic == "async_update" ? Opcode::kAsyncUpdate
                                                   : Opcode::kAsyncDone;
  Instruction* inst =
      p.Add(scope->comp, opcode, op->result_types[0], op->operands, op->offset, op->result_name);
  if (callee) {
    inst->mutable_called().push_back(nullptr);
    p.calls_.push_back({inst, 0, callee->s, callee->offset});
  }
  return std::vector<Instruction*>{inst};
}

Expected<std::vector<Instruction*>> BuildSendRecv(Parser& p, Scope* scope, OpInfo* op) {
  return op->mnemonic == "send" ? BuildSend(p, scope, op) : BuildRecv(p, scope, op);
}

// collective_reduce: all-reduce over each group, then every process but the group's first
// replaces its result by zeros (a replica-id-indexed table of "is first of its group").
Expected<std::vector<Instruction*>> BuildCollectiveReduce(Parser& p, Scope* scope, OpInfo* op) {
  const int64_t at = op->offset;
  if (op->Find("use_global_device_ids")) {
    return p.Unsupported(at, "collective_reduce with use_global_device_ids is not supported");
  }
  ASSIGN_OR_RETURN(auto groups, ReadGroups(p, *op));
  ASSIGN_OR_RETURN(std::vector<Instruction*> reduced,
                   p.BuildWithRegions(scope, op, Opcode::kAllReduce));
  Computation* c = scope->comp;
  int64_t size = 1;
  for (const auto& g : groups) {
    for (int64_t id : g) size = std::max(size, id + 1);
  }
  Literal is_root(Shape(PrimitiveType::kPred, {size}));
  if (groups.empty()) is_root.SetFromInt64(0, 1);  // one group of all replicas, in id order
  for (const auto& g : groups) {
    if (!g.empty()) is_root.SetFromInt64(g[0], 1);
  }
  Instruction* table = p.Add(c, Opcode::kConstant, is_root.shape(), {}, at, "is_group_root");
  table->attrs().literal = std::move(is_root);
  Instruction* root = Pick(p, c, table, ReplicaIdS32(p, c, at), at);
  std::vector<Instruction*> out;
  for (Instruction* r : reduced) {
    const Shape& s = r->shape();
    Instruction* zero = p.Add(c, Opcode::kConstant, Shape::Scalar(s.type()), {}, at, "zero");
    zero->attrs().literal = Literal(Shape::Scalar(s.type()));
    Instruction* zeros = p.Add(c, Opcode::kBroadcast, s, {zero}, at);
    Instruction* keep =
        p.Add(c, Opcode::kBroadcast, Shape(PrimitiveType::kPred, s.dims()), {root}, at);
    out.push_back(p.Add(c, Opcode::kSelect, s, {keep, r, zeros}, at));
  }
  return out;
}

// collective_broadcast with has_dynamic_root: operand i comes from the group member at position
// root[i]. Each operand is all-gathered over its group along a new leading dimension and the
// root's slice picked.
Expected<std::vector<Instruction*>> BuildDynamicRootBroadcast(Parser& p, Scope* scope, OpInfo* op) {
  const int64_t at = op->offset;
  Computation* c = scope->comp;
  ASSIGN_OR_RETURN(auto groups, ReadGroups(p, *op));
  const size_t n = op->operands.size() - 1;
  if (op->operands.size() < 2 || op->result_types.size() != n) {
    return p.Error(at,
                   "collective_broadcast with has_dynamic_root takes data operands and a root "
                   "tensor, and has one result per data operand");
  }
  Instruction* roots = op->operands.back();
  if (roots->shape().rank() != 1 || roots->shape().dim(0) != static_cast<int64_t>(n) ||
      !IsInteger(roots->shape().type())) {
    return p.Error(op->operand_offsets.back(),
                   "the root operand needs one integer per data operand");
  }
  if (groups.empty() || groups[0].empty()) {
    return p.Unsupported(at, "collective_broadcast with has_dynamic_root needs replica_groups");
  }
  const int64_t g = static_cast<int64_t>(groups[0].size());
  ReplicaGroups rg;
  for (const auto& row : groups) {
    if (static_cast<int64_t>(row.size()) != g) {
      return p.Error(at, "collective_broadcast: replica groups of different sizes");
    }
    rg.groups.push_back(row);
  }
  Instruction* roots32 =
      p.Add(c, Opcode::kConvert, Shape(PrimitiveType::kS32, {int64_t(n)}), {roots}, at);
  Instruction* zero = p.Add(c, Opcode::kConstant, Shape::Scalar(PrimitiveType::kS32), {}, at);
  zero->attrs().literal = Literal(Shape::Scalar(PrimitiveType::kS32));
  std::vector<Instruction*> out;
  for (size_t i = 0; i < n; ++i) {
    Instruction* x = op->operands[i];
    const Shape& s = x->shape();
    std::vector<int64_t> one = s.dims(), all = s.dims();
    one.insert(one.begin(), 1);
    all.insert(all.begin(), g);
    Instruction* lifted = p.Add(c, Opcode::kReshape, Shape(s.type(), one), {x}, at);
    Instruction* gathered = p.Add(c, Opcode::kAllGather, Shape(s.type(), all), {lifted}, at);
    gathered->attrs().dimensions = {0};
    gathered->attrs().replica_groups = rg;
    RETURN_IF_ERROR(p.SetAttributes(op, Opcode::kAllGather, gathered));
    gathered->attrs().dimensions = {0};
    gathered->attrs().replica_groups = rg;
    Instruction* sl = p.Add(c, Opcode::kSlice, Shape(PrimitiveType::kS32, {1}), {roots32}, at);
    sl->attrs().slice = {SliceDim{int64_t(i), int64_t(i) + 1, 1}};
    std::vector<Instruction*> ds_ops = {
        gathered, p.Add(c, Opcode::kReshape, Shape::Scalar(PrimitiveType::kS32), {sl}, at)};
    for (int64_t d = 0; d < s.rank(); ++d) ds_ops.push_back(zero);
    Instruction* ds = p.Add(c, Opcode::kDynamicSlice, Shape(s.type(), one), ds_ops, at);
    ds->attrs().dynamic_slice_sizes = one;
    out.push_back(p.Add(c, Opcode::kReshape, s, {ds}, at, op->result_name));
  }
  return out;
}

}  // namespace xpar::mlir
