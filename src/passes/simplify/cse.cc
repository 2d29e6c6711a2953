// Common-subexpression elimination: in program order, each instruction's operands are first
// redirected to the representatives chosen so far, then its canonical text without the name and
// metadata (opcode, shape, operands, attributes, called computations, sharding) is looked up;
// a second instruction with the same text is merged into the first. DCE removes the duplicates.
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ir/printer.h"
#include "passes/simplify/simplify.h"
#include "passes/simplify/simplify_internal.h"

namespace xpar {
namespace {

bool Mergeable(const Instruction& inst) {
  if (MustKeep(inst)) return false;
  switch (inst.opcode()) {
    case Opcode::kWhile:
    case Opcode::kCall:
    case Opcode::kConditional:
    case Opcode::kAsyncStart:
    case Opcode::kAsyncUpdate:
    case Opcode::kAsyncDone:
    case Opcode::kRngBitGenerator:
    case Opcode::kOptimizationBarrier:
    case Opcode::kAddDependency:
    case Opcode::kDomain:
      return false;
    case Opcode::kConstant:
      return inst.shape().IsArray() &&
             inst.shape().ElementCount() <= CommonSubexpressionElimination::kMaxCseConstantElements;
    // Refused by MustKeep above (parameters, custom calls, side effects, collectives).
    case Opcode::kAfterAll: case Opcode::kAllGather: case Opcode::kAllGatherStart:
    case Opcode::kAllGatherDone: case Opcode::kAllReduce: case Opcode::kAllReduceStart:
    case Opcode::kAllReduceDone: case Opcode::kAllToAll: case Opcode::kCollectiveBroadcast:
    case Opcode::kCollectivePermute: case Opcode::kCollectivePermuteStart:
    case Opcode::kCollectivePermuteDone: case Opcode::kCustomCall: case Opcode::kInfeed:
    case Opcode::kOutfeed: case Opcode::kParameter: case Opcode::kRecv: case Opcode::kRecvDone:
    case Opcode::kReduceScatter: case Opcode::kRng: case Opcode::kRngGetAndUpdateState:
    case Opcode::kSend: case Opcode::kSendDone:
      return false;
    // Pure ops. No default: an op added to ir/op_table.def must say here whether two copies
    // may merge.
    case Opcode::kAbs: case Opcode::kAdd: case Opcode::kAnd: case Opcode::kAtan2:
    case Opcode::kBatchNormGrad: case Opcode::kBatchNormInference: case Opcode::kBatchNormTraining:
    case Opcode::kBitcast: case Opcode::kBitcastConvert: case Opcode::kBroadcast:
    case Opcode::kCbrt: case Opcode::kCeil: case Opcode::kCholesky: case Opcode::kClamp:
    case Opcode::kClz: case Opcode::kCompare: case Opcode::kComplex: case Opcode::kConcatenate:
    case Opcode::kConvert: case Opcode::kConvolution: case Opcode::kCopy: case Opcode::kCopyStart:
    case Opcode::kCopyDone: case Opcode::kCosine: case Opcode::kDivide: case Opcode::kDot:
    case Opcode::kDynamicReshape: case Opcode::kDynamicSlice: case Opcode::kDynamicUpdateSlice:
    case Opcode::kErf: case Opcode::kExp: case Opcode::kExpm1: case Opcode::kFft:
    case Opcode::kFloor: case Opcode::kFusion: case Opcode::kGather: case Opcode::kGetDimensionSize:
    case Opcode::kGetTupleElement: case Opcode::kImag: case Opcode::kIota: case Opcode::kIsFinite:
    case Opcode::kLog: case Opcode::kLog1p: case Opcode::kLogistic: case Opcode::kMap:
    case Opcode::kMaximum: case Opcode::kMinimum: case Opcode::kMultiply: case Opcode::kNegate:
    case Opcode::kNot: case Opcode::kOr: case Opcode::kPad: case Opcode::kPartitionId:
    case Opcode::kPopulationCount: case Opcode::kPower: case Opcode::kReal: case Opcode::kReduce:
    case Opcode::kReducePrecision: case Opcode::kReduceWindow: case Opcode::kRemainder:
    case Opcode::kReplicaId: case Opcode::kReshape: case Opcode::kReverse:
    case Opcode::kRoundNearestAfz: case Opcode::kRoundNearestEven: case Opcode::kRsqrt:
    case Opcode::kScatter: case Opcode::kSelect: case Opcode::kSelectAndScatter:
    case Opcode::kSetDimensionSize: case Opcode::kShiftLeft: case Opcode::kShiftRightArithmetic:
    case Opcode::kShiftRightLogical: case Opcode::kSign: case Opcode::kSine: case Opcode::kSlice:
    case Opcode::kSort: case Opcode::kSqrt: case Opcode::kStochasticConvert: case Opcode::kSubtract:
    case Opcode::kTan: case Opcode::kTanh: case Opcode::kTopK: case Opcode::kTranspose:
    case Opcode::kTriangularSolve: case Opcode::kTuple: case Opcode::kXor:
      return true;
  }
  return false;
}

// The instruction's text from its shape on (the name is not part of what it computes).
std::string Key(const Instruction& inst) {
  PrintOptions options;
  options.include_metadata = false;
  std::string text = PrintInstruction(inst, options);
  size_t eq = text.find(" = ");
  std::string key = eq == std::string::npos ? text : text.substr(eq + 3);
  for (const auto& [k, v] : inst.frontend_attributes()) key += "\n" + k + "=" + v;
  return key;
}

// Recomputed for free (Options::keep_free_duplicates): constants, iota, broadcasts, and what is
// computed from those alone. `free_values` holds the ones seen so far.
bool Free(const Instruction& inst, const std::unordered_set<const Instruction*>& free_values) {
  if (IsOneOf(inst.opcode(), {Opcode::kConstant, Opcode::kIota, Opcode::kBroadcast})) return true;
  if (inst.opcode() == Opcode::kParameter || inst.operand_count() == 0) return false;
  for (const Instruction* op : inst.operands()) {
    if (!free_values.count(op)) return false;
  }
  return true;
}

// Merges duplicates within `comp`; (duplicate, kept) names go to `merged` when it is given.
bool MergeIn(Computation& comp, bool keep_free,
             std::vector<std::pair<std::string, std::string>>* merged) {
  std::unordered_map<const Instruction*, Instruction*> replaced;
  std::unordered_map<std::string, Instruction*> seen;
  std::unordered_set<const Instruction*> free_values;
  for (auto& owned : comp.mutable_instructions()) {
    Instruction& inst = *owned;
    for (int64_t k = 0; k < inst.operand_count(); ++k) {
      auto it = replaced.find(inst.operand(k));
      if (it != replaced.end()) inst.ReplaceOperand(k, it->second);
    }
    if (keep_free && Free(inst, free_values)) {
      free_values.insert(&inst);
      continue;
    }
    if (!Mergeable(inst)) continue;
    auto [it, fresh] = seen.try_emplace(Key(inst), &inst);
    if (fresh) continue;
    replaced[&inst] = it->second;
    if (merged != nullptr) merged->emplace_back(inst.name(), it->second->name());
  }
  auto root = replaced.find(comp.root());
  if (root != replaced.end()) comp.set_root(root->second);
  return !replaced.empty();
}

}  // namespace

Expected<bool> CommonSubexpressionElimination::Run(Module& module) {
  bool changed = false;
  for (auto& comp : module.mutable_computations()) {
    changed = MergeIn(*comp, options_.keep_free_duplicates,
                      comp.get() == module.entry() ? &merged_ : nullptr) ||
              changed;
  }
  return changed;
}

}  // namespace xpar
