// Stage split: one forward and one backward program per stage from a gradient program and a
// stage per instruction (stage_split.h has the picture).
#include "passes/pipeline/stage_split.h"

#include <fmt/format.h>

#include <functional>
#include <set>
#include <unordered_map>

#include "ir/verifier.h"

namespace xpar::pipeline {
namespace {

constexpr const char* kDerivedFromAttr = "xpar.derived_from";  // autodiff.h's attribute

bool IsParameter(const Instruction& inst) { return inst.opcode() == Opcode::kParameter; }
// Constants, iotas and the like: copied into every program that uses them, never sent.
bool IsLeaf(const Instruction& inst) { return !IsParameter(inst) && inst.operand_count() == 0; }
// Random ops would draw new numbers when run again: never recomputed.
bool IsRandom(const Instruction& inst) {
  return HasTrait(inst.opcode(), kSideEffect) || inst.opcode() == Opcode::kRngBitGenerator;
}

// Instructions (by index) that `roots` depend on, the roots included.
std::vector<bool> Ancestors(const Computation& entry, const std::vector<const Instruction*>& roots) {
  std::vector<bool> seen(entry.instructions().size(), false);
  std::vector<const Instruction*> work(roots.begin(), roots.end());
  while (!work.empty()) {
    const Instruction* inst = work.back();
    work.pop_back();
    if (seen[inst->index()]) continue;
    seen[inst->index()] = true;
    for (const Instruction* op : inst->operands()) work.push_back(op);
  }
  return seen;
}

struct Sets {
  std::vector<bool> live;     // the result depends on it
  std::vector<bool> forward;  // the loss depends on it
};

Expected<Sets> ClassifyInstructions(const Module& gradient, int64_t loss_index) {
  const Computation* entry = gradient.entry();
  if (entry == nullptr) return InvalidArgument("module '{}' has no entry", gradient.name());
  const Instruction* root = entry->root();
  if (root == nullptr || root->opcode() != Opcode::kTuple) {
    return InvalidArgument(
        "pipeline: the gradient program's result must be a tuple (loss, grads...)");
  }
  if (loss_index < 0 || loss_index >= root->operand_count()) {
    return InvalidArgument("pipeline: loss index {} is outside the result tuple of {} elements",
                           loss_index, root->operand_count());
  }
  for (size_t i = 0; i < entry->instructions().size(); ++i) {
    if (entry->instructions()[i]->index() != static_cast<int64_t>(i)) {
      return Internal("pipeline: stale instruction indices in '{}' (Reindex first)",
                      entry->name());
    }
  }
  Sets sets;
  sets.live = Ancestors(*entry, {root});
  sets.forward = Ancestors(*entry, {root->operand(loss_index)});
  return sets;
}

// The stage from operand (forward: users) stages: forward ops take the largest operand stage,
// backward ops the smallest; -1 when none is known.
template <typename Instructions>
int32_t FromNeighbours(const Instructions& neighbours,
                       const std::vector<int32_t>& stages, bool take_max) {
  int32_t best = -1;
  for (const Instruction* n : neighbours) {
    if (IsParameter(*n) || IsLeaf(*n)) continue;
    int32_t s = stages[n->index()];
    if (s < 0) continue;
    if (best < 0 || (take_max ? s > best : s < best)) best = s;
  }
  return best;
}

}  // namespace

Expected<std::vector<int32_t>> CompleteStageAssignment(const Module& gradient,
                                                       std::vector<int32_t> stages,
                                                       int32_t num_stages,
                                                       const SplitOptions& options) {
  ASSIGN_OR_RETURN(Sets sets, ClassifyInstructions(gradient, options.loss_index));
  const Computation& entry = *gradient.entry();
  const auto& insts = entry.instructions();
  if (stages.size() != insts.size()) {
    return InvalidArgument("pipeline: {} stage entries for {} instructions", stages.size(),
                           insts.size());
  }
  std::unordered_map<std::string, const Instruction*> by_name;
  std::vector<std::vector<const Instruction*>> users(insts.size());
  for (const auto& inst : insts) {
    by_name[inst->name()] = inst.get();
    for (const Instruction* op : inst->operands()) users[op->index()].push_back(inst.get());
  }
  auto needs_stage = [&](const Instruction& inst) {
    return sets.live[inst.index()] && !IsParameter(inst) && !IsLeaf(inst) &&
           &inst != entry.root();
  };
  for (const auto& inst : insts) {  // operands before users
    int32_t& s = stages[inst->index()];
    if (s >= num_stages) {
      return InvalidArgument("pipeline: '{}' is on stage {} of {}", inst->name(), s, num_stages);
    }
    if (s >= 0 || !needs_stage(*inst)) continue;
    bool fwd = sets.forward[inst->index()];
    for (const auto& [key, value] : inst->frontend_attributes()) {
      auto it = by_name.find(value);
      if (!fwd && key == kDerivedFromAttr && it != by_name.end()) s = stages[it->second->index()];
    }
    if (s < 0) s = FromNeighbours(inst->operands(), stages, fwd);
  }
  for (auto it = insts.rbegin(); it != insts.rend(); ++it) {  // users before operands
    const Instruction& inst = **it;
    int32_t& s = stages[inst.index()];
    if (s < 0 && needs_stage(inst)) {
      s = FromNeighbours(users[inst.index()], stages, !sets.forward[inst.index()]);
    }
    if (s < 0 && needs_stage(inst)) {
      return InvalidArgument("pipeline: cannot infer the stage of '{}'; give it one",
                             inst.name());
    }
  }
  return stages;
}

namespace {

// Builds the programs of a split from the classified gradient program.
class Splitter {
 public:
  Splitter(const Module& gradient, const std::vector<int32_t>& stages, int32_t num_stages,
           const Sets& sets, const std::vector<bool>& recompute)
      : gradient_(gradient), entry_(*gradient.entry()), stages_(stages), num_stages_(num_stages),
        sets_(sets), recompute_(recompute) {}

  Expected<StageSplit> Run(int64_t loss_index);

 private:
  int32_t ProgramOf(const Instruction& inst) const {
    int32_t s = std::max<int32_t>(stages_[inst.index()], 0);
    return ProgramIndex(s, sets_.forward[inst.index()] ? Phase::kForward : Phase::kBackward);
  }
  // Position in the phase order F0 < ... < F(S-1) < B(S-1) < ... < B0.
  int32_t Order(int32_t program) const {
    int32_t s = program / 2;
    return program % 2 == 0 ? s : 2 * num_stages_ - 1 - s;
  }
  // Whether backward program `program` recomputes forward value `op` instead of reading it.
  bool Recomputed(const Instruction& op, int32_t program) const {
    const int64_t i = op.index();
    return program % 2 == 1 && i < static_cast<int64_t>(recompute_.size()) && recompute_[i] &&
           sets_.forward[i] && !IsParameter(op) && !IsLeaf(op) && !IsRandom(op) &&
           stages_[i] == program / 2;
  }
  // `op` is read inside `program` (by `reader`, or by a recomputation of it): marks it as an
  // output of its own program, or for a recomputed value, what the recomputation reads.
  Status Need(const Instruction& op, int32_t program, const Instruction& reader,
              std::vector<bool>& is_output);
  Status MarkOutputs();
  Expected<StageProgram> Build(int32_t program);

  const Module& gradient_;
  const Computation& entry_;
  const std::vector<int32_t>& stages_;
  int32_t num_stages_;
  const Sets& sets_;
  const std::vector<bool>& recompute_;
  std::set<std::pair<int32_t, int64_t>> recomputed_;  // (program, value) already traversed
  std::vector<int64_t> output_index_;  // per instruction: its output number, or -1
  std::vector<std::vector<const Instruction*>> outputs_;  // per program
};

Status Splitter::Need(const Instruction& op, int32_t program, const Instruction& reader,
                      std::vector<bool>& is_output) {
  if (IsParameter(op) || IsLeaf(op) || ProgramOf(op) == program) return Status::Ok();
  if (Recomputed(op, program)) {
    if (!recomputed_.insert({program, op.index()}).second) return Status::Ok();
    for (const Instruction* o : op.operands()) RETURN_IF_ERROR(Need(*o, program, op, is_output));
    return Status::Ok();
  }
  if (Order(ProgramOf(op)) > Order(program)) {
    const char* kind[] = {"forward", "backward"};
    return InvalidArgument(
        "pipeline: '{}' ({} of stage {}) reads '{}' ({} of stage {}), which runs after it; "
        "values may only flow from earlier forward stages and later backward stages",
        reader.name(), kind[program % 2], program / 2, op.name(), kind[ProgramOf(op) % 2],
        ProgramOf(op) / 2);
  }
  is_output[op.index()] = true;
  return Status::Ok();
}

Status Splitter::MarkOutputs() {
  const auto& insts = entry_.instructions();
  output_index_.assign(insts.size(), -1);
  outputs_.assign(2 * num_stages_, {});
  std::vector<bool> is_output(insts.size(), false);
  for (const auto& inst : insts) {
    if (!sets_.live[inst->index()] || IsParameter(*inst) || inst.get() == entry_.root()) continue;
    if (IsLeaf(*inst)) continue;
    for (const Instruction* op : inst->operands()) {
      RETURN_IF_ERROR(Need(*op, ProgramOf(*inst), *inst, is_output));
    }
  }
  for (const Instruction* r : entry_.root()->operands()) {
    if (!IsParameter(*r)) is_output[r->index()] = true;
  }
  for (const auto& inst : insts) {
    if (!is_output[inst->index()]) continue;
    std::vector<const Instruction*>& outs = outputs_[ProgramOf(*inst)];
    output_index_[inst->index()] = static_cast<int64_t>(outs.size());
    outs.push_back(inst.get());
  }
  return Status::Ok();
}

// Copies `src` with mapped operands and called computations, without its sharding (stage
// programs get theirs from the intra-op plan of their own submesh).
std::unique_ptr<Instruction> CloneInstruction(
    const Instruction& src, const std::unordered_map<const Instruction*, Instruction*>& values,
    const std::unordered_map<const Computation*, Computation*>& comps) {
  auto c = std::make_unique<Instruction>(src);
  for (int64_t i = 0; i < src.operand_count(); ++i) c->ReplaceOperand(i, values.at(src.operand(i)));
  for (Computation*& called : c->mutable_called()) called = comps.at(called);
  c->set_sharding(std::nullopt);
  c->set_source_offset(-1);
  return c;
}

// Every computation but the entry, copied into `dst` (callees before callers, as in `src`).
std::unordered_map<const Computation*, Computation*> CloneCallees(const Module& src, Module& dst) {
  std::unordered_map<const Computation*, Computation*> comps;
  for (const auto& comp : src.computations()) {
    if (comp.get() == src.entry()) continue;
    auto copy = std::make_unique<Computation>(comp->name());
    std::unordered_map<const Instruction*, Instruction*> values;
    for (const auto& inst : comp->instructions()) {
      values[inst.get()] = copy->AddInstruction(CloneInstruction(*inst, values, comps));
    }
    copy->set_root(values.at(comp->root()));
    comps[comp.get()] = dst.AddComputation(std::move(copy));
  }
  return comps;
}

Expected<StageProgram> Splitter::Build(int32_t program) {
  StageProgram out;
  out.stage = program / 2;
  out.phase = program % 2 == 0 ? Phase::kForward : Phase::kBackward;
  const char* phase = out.phase == Phase::kForward ? "forward" : "backward";
  out.module = std::make_unique<Module>(fmt::format("{}.stage{}.{}", gradient_.name(), out.stage,
                                                    phase));
  auto comps = CloneCallees(gradient_, *out.module);
  auto entry = std::make_unique<Computation>(fmt::format("stage{}_{}", out.stage, phase));
  std::unordered_map<const Instruction*, Instruction*> values;
  auto input = [&](const Instruction& src, ValueRef ref) {
    auto p = std::make_unique<Instruction>(src.name(), Opcode::kParameter, src.shape());
    p->attrs().parameter_number = static_cast<int64_t>(out.inputs.size());
    out.inputs.push_back(ref);
    values[&src] = entry->AddInstruction(std::move(p));
  };
  std::function<void(const Instruction&)> resolve = [&](const Instruction& op) {
    if (values.count(&op)) return;
    if (Recomputed(op, program)) {  // rematerialised: cloned after what it reads
      for (const Instruction* o : op.operands()) resolve(*o);
      values[&op] = entry->AddInstruction(CloneInstruction(op, values, comps));
    } else if (IsParameter(op)) {
      input(op, ValueRef{ValueRef::Kind::kParameter, op.attrs().parameter_number, -1, -1});
    } else if (IsLeaf(op)) {
      values[&op] = entry->AddInstruction(CloneInstruction(op, values, comps));
    } else {
      input(op, ValueRef{ValueRef::Kind::kOutput, -1, ProgramOf(op), output_index_[op.index()]});
    }
  };
  for (const auto& inst : entry_.instructions()) {
    if (!sets_.live[inst->index()] || IsParameter(*inst) || inst.get() == entry_.root()) continue;
    if (ProgramOf(*inst) != program) continue;
    if (IsLeaf(*inst)) {
      if (output_index_[inst->index()] >= 0) resolve(*inst);
      continue;
    }
    for (const Instruction* op : inst->operands()) resolve(*op);
    values[inst.get()] = entry->AddInstruction(CloneInstruction(*inst, values, comps));
  }
  std::vector<Shape> shapes;
  auto tuple = std::make_unique<Instruction>(fmt::format("stage{}_{}_outputs", out.stage, phase),
                                             Opcode::kTuple, Shape::Tuple({}));
  for (const Instruction* o : outputs_[program]) {
    tuple->AddOperand(values.at(o));
    shapes.push_back(o->shape());
    out.output_names.push_back(o->name());
  }
  tuple->mutable_shape() = Shape::Tuple(std::move(shapes));
  entry->set_root(entry->AddInstruction(std::move(tuple)));
  out.module->set_entry(out.module->AddComputation(std::move(entry)));
  Status verified = VerifyModule(*out.module);
  if (!verified.ok()) return verified.WithContext(fmt::format("pipeline {}: ", out.module->name()));
  return out;
}

Expected<StageSplit> Splitter::Run(int64_t loss_index) {
  RETURN_IF_ERROR(MarkOutputs());
  StageSplit split;
  split.num_stages = num_stages_;
  split.loss_index = loss_index;
  for (const Instruction* p : entry_.parameters()) {
    if (p == nullptr) return InvalidArgument("pipeline: the entry's parameter numbers have gaps");
    split.parameter_shapes.push_back(p->shape());
  }
  for (int32_t p = 0; p < 2 * num_stages_; ++p) {
    ASSIGN_OR_RETURN(StageProgram program, Build(p));
    split.programs.push_back(std::move(program));
  }
  for (const Instruction* r : entry_.root()->operands()) {
    if (IsParameter(*r)) {
      split.results.push_back({ValueRef::Kind::kParameter, r->attrs().parameter_number, -1, -1});
    } else {
      split.results.push_back({ValueRef::Kind::kOutput, -1, ProgramOf(*r),
                               output_index_[r->index()]});
    }
  }
  return split;
}

}  // namespace

Expected<StageSplit> SplitByStage(const Module& gradient,
                                  const std::vector<int32_t>& stage_of_instruction,
                                  int32_t num_stages, const SplitOptions& options) {
  if (num_stages < 1) return InvalidArgument("pipeline: {} stages", num_stages);
  ASSIGN_OR_RETURN(std::vector<int32_t> stages,
                   CompleteStageAssignment(gradient, stage_of_instruction, num_stages, options));
  ASSIGN_OR_RETURN(Sets sets, ClassifyInstructions(gradient, options.loss_index));
  if (!options.recompute.empty() && options.recompute.size() != stages.size()) {
    return InvalidArgument("pipeline: {} recompute entries for {} instructions",
                           options.recompute.size(), stages.size());
  }
  return Splitter(gradient, stages, num_stages, sets, options.recompute).Run(options.loss_index);
}

int64_t StashBytes(const StageSplit& split, int32_t stage) {
  const int32_t forward = ProgramIndex(stage, Phase::kForward);
  const Shape& outputs = split.programs[forward].module->entry()->root()->shape();
  std::set<int64_t> read;
  for (const ValueRef& in : split.backward(stage).inputs) {
    if (in.kind == ValueRef::Kind::kOutput && in.program == forward) read.insert(in.output);
  }
  int64_t bytes = 0;
  for (int64_t o : read) bytes += outputs.tuple_shape(o).ByteSize();
  return bytes;
}

}  // namespace xpar::pipeline
