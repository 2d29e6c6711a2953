// Tensor- and expert-parallel statistics per layer, by propagating replicated / split / partial
// over the program (the rules are in tensor_parallel.h).
#include "passes/pipeline/tensor_parallel.h"

#include <algorithm>
#include <set>

namespace xpar::pipeline {
namespace {

enum class Tp : int8_t { kReplicated, kSplit, kPartial };

bool IsReshaping(Opcode op) {
  return op == Opcode::kConvert || op == Opcode::kTranspose || op == Opcode::kReshape ||
         op == Opcode::kBitcast || op == Opcode::kCopy;
}

// Per instruction: the weight parameter it is a (converted, transposed, reshaped) copy of, or -1.
// Marks the parameters that a dot reads (TP-split) and those read with batch dims (experts).
struct WeightUse {
  std::vector<int64_t> root;       // per instruction: parameter number or -1
  std::vector<bool> split;         // per parameter
  std::vector<bool> expert;        // per parameter
};

// The product of `shape`'s dimensions that are not in `a` or `b`.
int64_t FreeElements(const Shape& shape, const std::vector<int64_t>& a,
                     const std::vector<int64_t>& b) {
  int64_t n = 1;
  for (int64_t d = 0; d < shape.rank(); ++d) {
    if (std::find(a.begin(), a.end(), d) == a.end() && std::find(b.begin(), b.end(), d) == b.end()) {
      n *= shape.dim(d);
    }
  }
  return n;
}

WeightUse FindWeightUse(const Computation& entry, const std::vector<bool>& is_weight) {
  WeightUse w;
  w.root.assign(entry.instructions().size(), -1);
  w.split.assign(is_weight.size(), false);
  w.expert.assign(is_weight.size(), false);
  std::vector<const Instruction*> dots;
  for (const auto& inst : entry.instructions()) {
    const int64_t i = inst->index();
    if (inst->opcode() == Opcode::kParameter) {
      const int64_t p = inst->attrs().parameter_number;
      if (p >= 0 && p < static_cast<int64_t>(is_weight.size()) && is_weight[p]) w.root[i] = p;
    } else if (IsReshaping(inst->opcode()) && inst->operand_count() == 1) {
      w.root[i] = w.root[inst->operand(0)->index()];
    } else if (inst->opcode() == Opcode::kDot && inst->attrs().dot && inst->operand_count() == 2) {
      dots.push_back(inst.get());
    }
  }
  // Expert weights: read with batch dimensions (the experts); their count, to find the router.
  std::set<int64_t> expert_counts;
  for (const Instruction* dot : dots) {
    const DotDims& d = *dot->attrs().dot;
    for (int64_t k = 0; k < 2; ++k) {
      const int64_t p = w.root[dot->operand(k)->index()];
      const std::vector<int64_t>& batch = k == 0 ? d.lhs_batch : d.rhs_batch;
      if (p < 0 || batch.empty()) continue;
      w.expert[p] = true;
      int64_t experts = 1;
      for (int64_t b : batch) experts *= dot->operand(k)->shape().dim(b);
      expert_counts.insert(experts);
    }
  }
  // Every weight a dot reads is split, but the router (a projection onto the experts: its free
  // dimensions hold as many elements as there are experts), which Megatron keeps replicated.
  for (const Instruction* dot : dots) {
    const DotDims& d = *dot->attrs().dot;
    for (int64_t k = 0; k < 2; ++k) {
      const int64_t p = w.root[dot->operand(k)->index()];
      if (p < 0) continue;
      const int64_t free = FreeElements(dot->operand(k)->shape(), k == 0 ? d.lhs_batch : d.rhs_batch,
                                        k == 0 ? d.lhs_contracting : d.rhs_contracting);
      if (w.expert[p] || !expert_counts.contains(free)) w.split[p] = true;
    }
  }
  return w;
}

class Propagation {
 public:
  Propagation(const Module& module, const ProgramRoles& roles, const std::vector<int32_t>& layer,
              const CostModel& model, const std::vector<bool>& is_weight,
              std::vector<LayerParallelStats>& stats)
      : entry_(*module.entry()), roles_(roles), layer_(layer), model_(model),
        use_(FindWeightUse(entry_, is_weight)), stats_(stats) {
    state_.assign(entry_.instructions().size(), Tp::kReplicated);
    first_expert_.assign(stats.size(), -1);
    last_expert_.assign(stats.size(), -1);
  }

  void Run() {
    for (const auto& inst : entry_.instructions()) Visit(*inst);
    for (size_t l = 0; l < stats_.size(); ++l) {
      if (first_expert_[l] < 0) continue;
      stats_[l].all_to_alls = 2;
      stats_[l].all_to_all_bytes = first_expert_[l] + last_expert_[l];
    }
  }

 private:
  Tp& State(const Instruction* op) { return state_[op->index()]; }
  bool Forward(const Instruction& inst) const {
    return roles_.role[inst.index()] != Role::kBackward;
  }
  bool SplitWeight(const Instruction* op) const {
    const int64_t p = use_.root[op->index()];
    return p >= 0 && use_.split[p];
  }

  // One all-reduce of `bytes` over the TP group, charged to `at`'s layer and pass.
  void AllReduce(const Instruction& at, int64_t bytes) {
    LayerParallelStats& s = stats_[layer_[at.index()]];
    (Forward(at) ? s.forward_all_reduces : s.backward_all_reduces) += 1;
    (Forward(at) ? s.forward_all_reduce_bytes : s.backward_all_reduce_bytes) += bytes;
  }
  // Partial operands are summed (all-reduced) before `inst` reads them; then replicated.
  void SumPartials(const Instruction& inst) {
    for (const Instruction* op : inst.operands()) {
      if (State(op) != Tp::kPartial) continue;
      AllReduce(inst, op->shape().ByteSize());
      State(op) = Tp::kReplicated;
    }
  }
  Tp AnySplit(const Instruction& inst) {
    for (const Instruction* op : inst.operands()) {
      if (State(op) == Tp::kSplit) return Tp::kSplit;
    }
    return Tp::kReplicated;
  }
  Tp DotState(const Instruction& inst);
  void Visit(const Instruction& inst);
  bool VisitSpecial(const Instruction& inst);
  void Account(const Instruction& inst, bool split_compute);

  const Computation& entry_;
  const ProgramRoles& roles_;
  const std::vector<int32_t>& layer_;
  const CostModel& model_;
  WeightUse use_;
  std::vector<LayerParallelStats>& stats_;
  std::vector<Tp> state_;
  std::vector<int64_t> first_expert_, last_expert_;  // per layer: dispatch and combine bytes
};

Tp Propagation::DotState(const Instruction& inst) {
  const bool w0 = SplitWeight(inst.operand(0)), w1 = SplitWeight(inst.operand(1));
  if (w0 != w1) {
    const Instruction* activation = inst.operand(w0 ? 1 : 0);
    if (State(activation) == Tp::kPartial) SumPartials(inst);
    const int64_t p = use_.root[inst.operand(w0 ? 0 : 1)->index()];
    const int64_t l = layer_[inst.index()];
    if (use_.expert[p] && roles_.role[inst.index()] == Role::kForward) {
      if (first_expert_[l] < 0) first_expert_[l] = activation->shape().ByteSize();
      last_expert_[l] = inst.shape().ByteSize();
    }
    // Column-parallel from a replicated input; row-parallel (a partial sum) from a split one.
    return State(activation) == Tp::kSplit ? Tp::kPartial : Tp::kSplit;
  }
  if (w0 && w1) return Tp::kSplit;
  SumPartials(inst);
  return AnySplit(inst);
}

// The opcodes with a rule of their own; false leaves `inst` to the general rule.
bool Propagation::VisitSpecial(const Instruction& inst) {
  const int64_t i = inst.index();
  const Opcode op = inst.opcode();
  if (op == Opcode::kParameter) {
    state_[i] = SplitWeight(&inst) ? Tp::kSplit : Tp::kReplicated;
    return true;
  }
  if (op == Opcode::kTuple && &inst == entry_.root()) return true;  // the step's outputs
  if (op == Opcode::kGetTupleElement) {
    state_[i] = State(inst.operand(0));
    Account(inst, state_[i] != Tp::kReplicated);
    return true;
  }
  if (op == Opcode::kDot && inst.operand_count() == 2) {
    state_[i] = DotState(inst);
    Account(inst, state_[i] != Tp::kReplicated);
    return true;
  }
  const bool partial_pair = inst.operand_count() == 2 &&
                            State(inst.operand(0)) == Tp::kPartial &&
                            State(inst.operand(1)) == Tp::kPartial;
  // A lookup in a vocabulary-split table (each rank's rows, summed); sums of partial sums.
  if ((op == Opcode::kGather && State(inst.operand(0)) == Tp::kSplit) ||
      ((op == Opcode::kAdd || op == Opcode::kSubtract) && partial_pair)) {
    state_[i] = Tp::kPartial;
    Account(inst, true);
    return true;
  }
  if (op == Opcode::kReduce) {
    SumPartials(inst);
    const bool split = AnySplit(inst) == Tp::kSplit;
    if (split) AllReduce(inst, inst.shape().ByteSize());
    Account(inst, split);
    state_[i] = Tp::kReplicated;
    return true;
  }
  return false;
}

void Propagation::Visit(const Instruction& inst) {
  for (const Instruction* op : inst.operands()) {
    if (op->index() >= inst.index()) return;  // not in program order: left replicated
  }
  if (VisitSpecial(inst)) return;
  SumPartials(inst);
  state_[inst.index()] = AnySplit(inst);
  Account(inst, state_[inst.index()] == Tp::kSplit);
}

void Propagation::Account(const Instruction& inst, bool split_compute) {
  const int64_t i = inst.index();
  LayerParallelStats& s = stats_[layer_[i]];
  if (!split_compute) return;
  const double seconds = InstructionSeconds(inst, model_);
  switch (roles_.role[i]) {
    case Role::kForward:
      s.forward_split_s += seconds;
      if (state_[i] != Tp::kSplit) break;
      for (int64_t u : roles_.users[i]) {
        if (roles_.role[u] == Role::kBackward) {
          s.split_activation_bytes += inst.shape().ByteSize();
          break;
        }
      }
      break;
    case Role::kSource:
      s.forward_split_s += seconds;
      break;
    case Role::kBackward:
      s.backward_split_s += seconds;
      break;
  }
}

}  // namespace

std::vector<LayerParallelStats> ComputeLayerParallelStats(
    const Module& module, const ProgramRoles& roles, const std::vector<int32_t>& layer,
    int64_t num_layers, const CostModel& model, const std::vector<bool>& is_weight) {
  std::vector<LayerParallelStats> stats(num_layers);
  Propagation(module, roles, layer, model, is_weight, stats).Run();
  // Weight bytes as ComputeLayerStats counts them: weights the forward reads.
  const Computation& entry = *module.entry();
  const WeightUse use = FindWeightUse(entry, is_weight);
  for (const Instruction* param : entry.parameters()) {
    if (param == nullptr) continue;
    const int64_t p = param->attrs().parameter_number, i = param->index();
    if (p < 0 || p >= static_cast<int64_t>(use.split.size()) || !use.split[p]) continue;
    bool forward_use = false;
    for (int64_t u : roles.users[i]) forward_use = forward_use || roles.role[u] == Role::kForward;
    if (!forward_use) continue;
    stats[layer[i]].split_weight_bytes += param->shape().ByteSize();
    if (use.expert[p]) stats[layer[i]].expert_weight_bytes += param->shape().ByteSize();
  }
  return stats;
}

}  // namespace xpar::pipeline
