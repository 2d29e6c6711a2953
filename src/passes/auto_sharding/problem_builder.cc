// Turns an entry computation and its per-instruction strategies into the IOPDDL problem.
#include "passes/auto_sharding/problem_builder.h"

#include <cmath>
#include <map>
#include <unordered_map>
#include <string>

#include "passes/auto_sharding/strategy_filters.h"

namespace xpar {
namespace {

void CollectLeaves(const Shape& shape, std::vector<const Shape*>& out) {
  if (shape.IsTuple()) {
    for (const Shape& e : shape.tuple_shapes()) CollectLeaves(e, out);
  } else if (shape.IsArray()) {
    out.push_back(&shape);
  }
}

int64_t ToUnits(double seconds) {
  double units = std::round(seconds * kCostUnitsPerSecond);
  return units >= static_cast<double>(kMaxRealCost) ? kMaxRealCost : static_cast<int64_t>(units);
}

bool LookedThrough(const Instruction& inst) {
  return inst.opcode() == Opcode::kTuple || inst.opcode() == Opcode::kGetTupleElement;
}

}  // namespace

std::vector<LeafRef> ResolveLeaves(const Instruction* inst) {
  std::vector<LeafRef> refs;
  if (inst->opcode() == Opcode::kTuple) {
    for (const Instruction* op : inst->operands()) {
      std::vector<LeafRef> sub = ResolveLeaves(op);
      refs.insert(refs.end(), sub.begin(), sub.end());
    }
    return refs;
  }
  if (inst->opcode() == Opcode::kGetTupleElement) {
    std::vector<LeafRef> whole = ResolveLeaves(inst->operand(0));
    const Shape& tuple = inst->operand(0)->shape();
    int64_t first = 0;
    for (int64_t i = 0; i < inst->attrs().tuple_index; ++i) {
      first += static_cast<int64_t>(ArrayLeaves(tuple.tuple_shape(i)).size());
    }
    int64_t count = static_cast<int64_t>(ArrayLeaves(inst->shape()).size());
    return std::vector<LeafRef>(whole.begin() + first, whole.begin() + first + count);
  }
  int64_t count = static_cast<int64_t>(ArrayLeaves(inst->shape()).size());
  for (int64_t i = 0; i < count; ++i) refs.push_back({inst, i});
  return refs;
}

namespace {

// Edge matrices keyed by the (smaller, larger) node pair; `transposed` uses are priced from the
// larger node's side.
class EdgeTable {
 public:
  explicit EdgeTable(ShardingProblem& sp) : sp_(sp) {}

  // Adds cost(i, j) for strategy i of `from` and j of `to`.
  template <typename CostFn>
  int Add(int from, int to, CostFn cost) {
    int u = std::min(from, to), v = std::max(from, to);
    auto [it, inserted] = index_.try_emplace({u, v}, sp_.problem.num_edges());
    if (inserted) {
      solver::Edge e;
      e.u = u;
      e.v = v;
      e.costs.assign(sp_.problem.nodes[u].costs.size() * sp_.problem.nodes[v].costs.size(), 0);
      sp_.problem.edges.push_back(std::move(e));
    }
    solver::Edge& e = sp_.problem.edges[it->second];
    size_t nv = sp_.problem.nodes[v].costs.size();
    for (size_t i = 0; i < sp_.strategies[from].size(); ++i) {
      for (size_t j = 0; j < sp_.strategies[to].size(); ++j) {
        size_t cell = from == u ? i * nv + j : j * nv + i;
        e.costs[cell] = std::min(kMaxRealCost, e.costs[cell] + cost(i, j));
      }
    }
    return it->second;
  }

 private:
  ShardingProblem& sp_;
  std::map<std::pair<int, int>, int> index_;
};

// Resharding costs in cost units, memoised over the whole program: repeated layers ask for the
// same (shape, from, to) triples again and again. Keys are flat integer encodings.
class ReshardingMemo {
 public:
  explicit ReshardingMemo(const CostModel& model) : model_(model) {}

  int64_t Cost(const Shape& shape, const ShardingSpec& from, const ShardingSpec& to) {
    key_.clear();
    key_.push_back(static_cast<int64_t>(shape.type()));
    key_.insert(key_.end(), shape.dims().begin(), shape.dims().end());
    Append(from);
    Append(to);
    auto [it, fresh] = memo_.try_emplace(key_, 0);
    if (fresh) it->second = ToUnits(ReshardingCost(shape, from, to, model_).seconds);
    return it->second;
  }

 private:
  struct KeyHash {
    size_t operator()(const std::vector<int64_t>& k) const {
      uint64_t h = 1469598103934665603ull;
      for (int64_t v : k) h = (h ^ static_cast<uint64_t>(v)) * 1099511628211ull;
      return static_cast<size_t>(h);
    }
  };
  void Append(const ShardingSpec& spec) {
    key_.push_back(-1);  // separators keep encodings of different specs apart
    for (const auto& axes : spec.dim_axes) {
      key_.push_back(-2);
      key_.insert(key_.end(), axes.begin(), axes.end());
    }
    key_.push_back(-3);
    key_.insert(key_.end(), spec.partial_axes.begin(), spec.partial_axes.end());
  }
  const CostModel& model_;
  std::vector<int64_t> key_;
  std::unordered_map<std::vector<int64_t>, int64_t, KeyHash> memo_;
};

// Index of each spec in a list of the distinct ones (strategies share specs a lot).
template <typename SpecAt>
std::vector<int> DistinctSpecs(size_t n, SpecAt spec_at, std::vector<const ShardingSpec*>& out) {
  std::vector<int> index(n);
  for (size_t i = 0; i < n; ++i) {
    const ShardingSpec& s = spec_at(i);
    size_t k = 0;
    while (k < out.size() && !(*out[k] == s)) ++k;
    if (k == out.size()) out.push_back(&s);
    index[i] = static_cast<int>(k);
  }
  return index;
}

// costs[i][j]: resharding from_spec(i) to to_spec(j), priced once per distinct pair.
template <typename FromSpec, typename ToSpec>
std::vector<std::vector<int64_t>> PairCosts(const Shape& shape, size_t n_from, FromSpec from_spec,
                                            size_t n_to, ToSpec to_spec, ReshardingMemo& memo) {
  std::vector<const ShardingSpec*> from_specs, to_specs;
  std::vector<int> fi = DistinctSpecs(n_from, from_spec, from_specs);
  std::vector<int> ti = DistinctSpecs(n_to, to_spec, to_specs);
  std::vector<int64_t> distinct(from_specs.size() * to_specs.size());
  for (size_t a = 0; a < from_specs.size(); ++a) {
    for (size_t b = 0; b < to_specs.size(); ++b) {
      distinct[a * to_specs.size() + b] = memo.Cost(shape, *from_specs[a], *to_specs[b]);
    }
  }
  std::vector<std::vector<int64_t>> costs(n_from, std::vector<int64_t>(n_to));
  for (size_t i = 0; i < n_from; ++i) {
    for (size_t j = 0; j < n_to; ++j) costs[i][j] = distinct[fi[i] * to_specs.size() + ti[j]];
  }
  return costs;
}

Status AddNodes(const Computation& entry, const CostModel& model,
                const AutoShardingOptions& options, ShardingProblem& sp) {
  for (const auto& owned : entry.instructions()) {
    const Instruction& inst = *owned;
    if (LookedThrough(inst)) continue;
    ASSIGN_OR_RETURN(std::vector<Strategy> strategies,
                     EnumerateStrategies(inst, model, options.strategy));
    RETURN_IF_ERROR(FilterStrategies(inst, model.mesh(), options, strategies));
    solver::Node node;
    for (const Strategy& s : strategies) {
      int64_t bytes = StrategyBytes(inst, s, model.mesh());
      node.costs.push_back(ToUnits(s.compute_s + s.communication_s) +
                           bytes / kBytesPerTieBreakUnit);
      node.usages.push_back(bytes);
    }
    node.start = inst.opcode() == Opcode::kParameter ? 0 : inst.index();
    node.end = inst.index() + 1;
    sp.node_of[&inst] = sp.problem.num_nodes();
    sp.node_inst.push_back(&inst);
    sp.strategies.push_back(std::move(strategies));
    sp.problem.nodes.push_back(std::move(node));
  }
  return Status::Ok();
}

void AddOperandEdges(const Computation& entry, ReshardingMemo& memo, EdgeTable& edges,
                     ShardingProblem& sp) {
  for (const auto& owned : entry.instructions()) {
    const Instruction& inst = *owned;
    if (LookedThrough(inst)) continue;
    int to = sp.node_of.at(&inst);
    for (int64_t k = 0; k < inst.operand_count(); ++k) {
      std::vector<LeafRef> refs = ResolveLeaves(inst.operand(k));
      std::vector<const Shape*> shapes = ArrayLeaves(inst.operand(k)->shape());
      for (size_t l = 0; l < refs.size(); ++l) {
        int from = sp.node_of.at(refs[l].producer);
        solver::Node& producer = sp.problem.nodes[from];
        producer.end = std::max(producer.end, inst.index() + 1);
        const auto& fs = sp.strategies[from];
        const auto& ts = sp.strategies[to];
        int64_t pl = refs[l].leaf;
        auto costs = PairCosts(
            *shapes[l], fs.size(), [&](size_t i) -> const ShardingSpec& { return fs[i].outputs[pl]; },
            ts.size(), [&](size_t j) -> const ShardingSpec& { return ts[j].operands[k][l]; },
            memo);
        int e = edges.Add(from, to, [&](size_t i, size_t j) { return costs[i][j]; });
        sp.uses.push_back({e, from, to, k, static_cast<int64_t>(l), pl, false});
      }
    }
  }
}

// Results live to the end; a result aliased with a parameter must come back in the parameter's
// sharding (the next step reads it there), so the edge prices that resharding.
Status AddOutputs(const Module& module, ReshardingMemo& memo, EdgeTable& edges,
                  ShardingProblem& sp) {
  const Computation& entry = *module.entry();
  int64_t end = static_cast<int64_t>(entry.instructions().size());
  std::vector<LeafRef> outputs = ResolveLeaves(entry.root());
  std::vector<const Shape*> shapes = ArrayLeaves(entry.root()->shape());
  for (size_t i = 0; i < outputs.size(); ++i) {
    const LeafRef& r = outputs[i];
    int n = sp.node_of.at(r.producer);
    sp.problem.nodes[n].end = end;
    sp.outputs.push_back({n, r.leaf});
    for (size_t s = 0; s < sp.strategies[n].size(); ++s) {
      const ShardingSpec& spec = sp.strategies[n][s].outputs[r.leaf];
      if (spec.partial_axes.empty()) continue;
      ShardingSpec reduced = spec;
      reduced.partial_axes.clear();
      int64_t& cost = sp.problem.nodes[n].costs[s];
      int64_t reduce = memo.Cost(*shapes[i], spec, reduced);
      cost = std::min(kMaxRealCost, cost + reduce);
    }
  }
  for (const IoAlias& alias : module.input_output_alias()) {
    if (alias.output_index.size() > 1 || !alias.parameter_index.empty()) continue;
    int64_t out = alias.output_index.empty() ? 0 : alias.output_index[0];
    const Shape& root_shape = entry.root()->shape();
    int64_t first = 0;
    if (root_shape.IsTuple()) {
      if (out >= static_cast<int64_t>(root_shape.tuple_shapes().size())) continue;
      for (int64_t i = 0; i < out; ++i) {
        first += static_cast<int64_t>(ArrayLeaves(root_shape.tuple_shape(i)).size());
      }
      if (!root_shape.tuple_shape(out).IsArray()) continue;
    }
    if (alias.parameter_number >= entry.parameter_count()) {
      return InvalidArgument("input_output_alias names parameter {} of {}", alias.parameter_number,
                             entry.parameter_count());
    }
    const Instruction* param = entry.parameters()[alias.parameter_number];
    if (!param->shape().IsArray() || first >= static_cast<int64_t>(outputs.size())) continue;
    const LeafRef& r = outputs[first];
    if (r.producer == param) continue;
    int from = sp.node_of.at(r.producer), to = sp.node_of.at(param);
    const auto& fs = sp.strategies[from];
    const auto& ts = sp.strategies[to];
    auto costs = PairCosts(
        param->shape(), fs.size(), [&](size_t i) -> const ShardingSpec& { return fs[i].outputs[r.leaf]; },
        ts.size(), [&](size_t j) -> const ShardingSpec& { return ts[j].outputs[0]; }, memo);
    int e = edges.Add(from, to, [&](size_t i, size_t j) { return costs[i][j]; });
    sp.uses.push_back({e, from, to, 0, 0, r.leaf, true});
  }
  return Status::Ok();
}

}  // namespace

std::vector<const Shape*> ArrayLeaves(const Shape& shape) {
  std::vector<const Shape*> out;
  CollectLeaves(shape, out);
  return out;
}

int64_t StrategyBytes(const Instruction& inst, const Strategy& strategy, const Mesh& mesh) {
  std::vector<const Shape*> leaves = ArrayLeaves(inst.shape());
  int64_t bytes = 0;
  for (size_t i = 0; i < leaves.size() && i < strategy.outputs.size(); ++i) {
    bytes += ShardedBytes(*leaves[i], strategy.outputs[i], mesh);
  }
  return bytes;
}

Expected<ShardingProblem> BuildShardingProblem(const Module& module, const CostModel& model,
                                               const AutoShardingOptions& options) {
  const Computation* entry = module.entry();
  if (entry == nullptr) return InvalidArgument("module {} has no entry computation", module.name());
  ShardingProblem sp;
  sp.problem.name = module.name();
  RETURN_IF_ERROR(AddNodes(*entry, model, options, sp));
  EdgeTable edges(sp);
  ReshardingMemo memo(model);
  AddOperandEdges(*entry, memo, edges, sp);
  RETURN_IF_ERROR(AddOutputs(module, memo, edges, sp));
  int64_t limit = options.memory_limit_bytes.value_or(model.cluster().memory_bytes);
  if (limit > 0) sp.problem.usage_limit = limit;
  RETURN_IF_ERROR(sp.problem.Validate());
  return sp;
}

}  // namespace xpar
