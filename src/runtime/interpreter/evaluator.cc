// The evaluator: walks a computation in order, dispatching each opcode to its kernel family,
// and frees each value after its last use. Ops that return their operand unchanged pass it on
// without a copy; tuple, get-tuple-element and while move dying values instead of copying, and
// values that copy one another (constants, tuple elements, reshapes) share array buffers
// (Literal's copy-on-write).
#include <fmt/format.h>

#include <optional>
#include <unordered_map>

#include "ir/printer.h"
#include "runtime/interpreter/buffer_lifetimes.h"
#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/fp_contract.h"
#include "runtime/interpreter/fusion.h"
#include "runtime/interpreter/kernels.h"
#include "runtime/interpreter/op_trace.h"
#include "runtime/interpreter/row_fusion.h"

namespace xpar {
namespace {

// Control flow, tuples and the ops whose value is one of their operands.
Expected<Literal> EvalStructural(const Instruction& inst, Operands ops, EvalContext& ctx) {
  switch (inst.opcode()) {
    case Opcode::kTuple: {
      std::vector<Literal> elems;
      elems.reserve(ops.size());
      for (const Literal* op : ops) elems.push_back(*op);
      return Literal::Tuple(std::move(elems));
    }
    case Opcode::kGetTupleElement: {
      int64_t i = inst.attrs().tuple_index;
      if (i < 0 || i >= static_cast<int64_t>(ops[0]->elements().size())) {
        return InvalidArgument("get-tuple-element index {} out of range", i);
      }
      return ops[0]->elements()[i];
    }
    case Opcode::kConstant:
      if (!inst.attrs().literal) return InvalidArgument("constant without a value");
      return *inst.attrs().literal;
    case Opcode::kCall:
    case Opcode::kFusion:
      return ctx.Call(*inst.called()[0], ops);
    case Opcode::kWhile:
      return Internal("while loops run in Interpreter::Call, which owns their state");
    case Opcode::kConditional: {
      // Either a pred selecting {true, false} branches, or an s32 index (out of range: last).
      int64_t n = static_cast<int64_t>(inst.called().size());
      int64_t branch;
      if (ops[0]->type() == PrimitiveType::kPred) {
        branch = ops[0]->data<bool>()[0] ? 0 : 1;
      } else {
        branch = ops[0]->GetAsInt64(0);
        if (branch < 0 || branch >= n) branch = n - 1;
      }
      const Literal* arg[] = {ops[1 + branch]};
      return ctx.Call(*inst.called()[branch], arg);
    }
    case Opcode::kOptimizationBarrier:
    case Opcode::kAddDependency:
    case Opcode::kDomain:
    case Opcode::kCopyStart:
    case Opcode::kCopyDone:
      return *ops[0];
    case Opcode::kAfterAll:
      return Literal(Shape::Token());
    case Opcode::kGetDimensionSize: {
      int64_t d = inst.attrs().dimensions.empty() ? 0 : inst.attrs().dimensions[0];
      return Literal::Scalar<int32_t>(static_cast<int32_t>(ops[0]->shape().dim(d)));
    }
    case Opcode::kSetDimensionSize:
      return *ops[0];
    default:
      return Internal("EvalStructural called for {}", HloOpcodeName(inst.opcode()));
  }
}

Expected<Literal> Dispatch(const Instruction& inst, Operands ops, EvalContext& ctx) {
  switch (inst.opcode()) {
    case Opcode::kAbs: case Opcode::kAdd: case Opcode::kAnd: case Opcode::kAtan2:
    case Opcode::kCbrt: case Opcode::kCeil: case Opcode::kClamp: case Opcode::kClz:
    case Opcode::kCompare: case Opcode::kConvert: case Opcode::kCosine: case Opcode::kDivide:
    case Opcode::kErf: case Opcode::kExp: case Opcode::kExpm1: case Opcode::kFloor:
    case Opcode::kIsFinite: case Opcode::kLog: case Opcode::kLog1p: case Opcode::kLogistic:
    case Opcode::kMap: case Opcode::kMaximum: case Opcode::kMinimum: case Opcode::kMultiply:
    case Opcode::kNegate: case Opcode::kNot: case Opcode::kOr: case Opcode::kPopulationCount:
    case Opcode::kPower: case Opcode::kReducePrecision: case Opcode::kRemainder:
    case Opcode::kRoundNearestAfz: case Opcode::kRoundNearestEven: case Opcode::kRsqrt:
    case Opcode::kSelect: case Opcode::kShiftLeft: case Opcode::kShiftRightArithmetic:
    case Opcode::kShiftRightLogical: case Opcode::kSign: case Opcode::kSine: case Opcode::kSqrt:
    case Opcode::kStochasticConvert: case Opcode::kSubtract: case Opcode::kTan:
    case Opcode::kTanh: case Opcode::kXor: case Opcode::kBitcastConvert:
      return EvalElementwise(inst, ops, ctx);
    case Opcode::kBroadcast: case Opcode::kReshape: case Opcode::kBitcast:
    case Opcode::kTranspose: case Opcode::kSlice: case Opcode::kConcatenate: case Opcode::kPad:
    case Opcode::kReverse: case Opcode::kIota: case Opcode::kDynamicSlice:
    case Opcode::kDynamicUpdateSlice: case Opcode::kCopy: case Opcode::kDynamicReshape:
      return EvalDataMovement(inst, ops, ctx);
    case Opcode::kDot:
      return EvalDot(inst, ops, ctx);
    case Opcode::kConvolution:
      return EvalConvolution(inst, ops, ctx);
    case Opcode::kReduce:
      return EvalReduce(inst, ops, ctx);
    case Opcode::kReduceWindow:
      return EvalReduceWindow(inst, ops, ctx);
    case Opcode::kSelectAndScatter:
      return EvalSelectAndScatter(inst, ops, ctx);
    case Opcode::kGather:
      return EvalGather(inst, ops, ctx);
    case Opcode::kScatter:
      return EvalScatter(inst, ops, ctx);
    case Opcode::kSort: case Opcode::kTopK:
      return EvalSort(inst, ops, ctx);
    case Opcode::kRng: case Opcode::kRngBitGenerator: case Opcode::kRngGetAndUpdateState:
      return EvalRng(inst, ops, ctx);
    case Opcode::kBatchNormGrad: case Opcode::kBatchNormInference:
    case Opcode::kBatchNormTraining:
      return EvalBatchNorm(inst, ops, ctx);
    case Opcode::kCholesky: case Opcode::kTriangularSolve:
      return EvalLinalg(inst, ops, ctx);
    case Opcode::kAllGather: case Opcode::kAllGatherStart: case Opcode::kAllGatherDone:
    case Opcode::kAllReduce: case Opcode::kAllReduceStart: case Opcode::kAllReduceDone:
    case Opcode::kAllToAll: case Opcode::kCollectiveBroadcast: case Opcode::kCollectivePermute:
    case Opcode::kCollectivePermuteStart: case Opcode::kCollectivePermuteDone:
    case Opcode::kReduceScatter: case Opcode::kReplicaId: case Opcode::kPartitionId:
      return EvalCollective(inst, ops, ctx);
    case Opcode::kCustomCall:
      return EvalCustomCall(inst, ops, ctx);
    case Opcode::kTuple: case Opcode::kGetTupleElement: case Opcode::kConstant:
    case Opcode::kCall: case Opcode::kFusion: case Opcode::kWhile: case Opcode::kConditional:
    case Opcode::kOptimizationBarrier: case Opcode::kAddDependency: case Opcode::kDomain:
    case Opcode::kCopyStart: case Opcode::kCopyDone: case Opcode::kAfterAll:
    case Opcode::kGetDimensionSize: case Opcode::kSetDimensionSize:
      return EvalStructural(inst, ops, ctx);
    case Opcode::kParameter:
      return Internal("parameters are bound before evaluation");
    case Opcode::kComplex: case Opcode::kReal: case Opcode::kImag: case Opcode::kFft:
      return Unimplemented("'{}' needs complex numbers, which xpar does not support",
                           HloOpcodeName(inst.opcode()));
    case Opcode::kInfeed: case Opcode::kOutfeed: case Opcode::kSend: case Opcode::kSendDone:
    case Opcode::kRecv: case Opcode::kRecvDone:
      return EvalSendRecv(inst, ops, ctx);
    case Opcode::kAsyncStart: case Opcode::kAsyncUpdate: case Opcode::kAsyncDone:
      return Unimplemented("async-start/-update/-done wrappers are not supported by the "
                           "interpreter; run the module before XLA's async conversion");
  }
  return Internal("unhandled opcode");
}

// Ops whose result is their one operand unchanged: copy, optimization-barrier, Neuron's
// placement marker, XLA's Sharding annotation. The evaluator passes the operand's value on
// instead of copying it (the runtime checks that the shape, layout included, is the same).
bool ForwardsOperand(const Instruction& inst) {
  if (inst.operand_count() != 1) return false;
  if (inst.opcode() == Opcode::kCopy || inst.opcode() == Opcode::kOptimizationBarrier) {
    return true;
  }
  if (inst.opcode() != Opcode::kCustomCall) return false;
  const std::string& target = inst.attrs().custom_call_target;
  return target == "AwsNeuronTransferWithStaticRing" || target == "Sharding";
}

// Ops whose kernel returns its one array operand's buffer under another shape (row-major data:
// a reshape always, a bitcast or copy when the layouts allow; EvalReshapeLike decides).
bool Relabels(const Instruction& inst) {
  return inst.operand_count() == 1 && inst.shape().IsArray() &&
         (inst.opcode() == Opcode::kReshape || inst.opcode() == Opcode::kBitcast ||
          inst.opcode() == Opcode::kCopy);
}

// Operand `k` of `inst` may be moved: this is its value's last reader, the value is owned here,
// and no later operand slot of `inst` names it again.
bool Dying(const Instruction& inst, int64_t k, const BufferPlan& plan, const ValueTable& table) {
  int64_t src = inst.operand(k)->index();
  if (plan.last_use[src] != inst.index() || !table.Owns(src)) return false;
  for (int64_t j = k + 1; j < inst.operand_count(); ++j) {
    if (inst.operand(j)->index() == src) return false;
  }
  return true;
}

// A tuple of the operands, moving each one that dies here.
void BuildTuple(const Instruction& inst, const BufferPlan& plan, ValueTable& table) {
  std::vector<Literal> elements(inst.operand_count());
  std::vector<int64_t> moved;
  for (int64_t k = 0; k < inst.operand_count(); ++k) {
    int64_t src = inst.operand(k)->index();
    if (Dying(inst, k, plan, table)) {
      elements[k] = std::move(table.owned(src));
      moved.push_back(src);
    } else {
      elements[k] = *table.bound(src);
    }
  }
  for (int64_t src : moved) table.Recount(src);  // before the tuple counts: no double count
  table.Set(inst.index(), Literal::Tuple(std::move(elements)));
}

// Runs `inst` without copying its operands' data where possible; false: dispatch it instead.
bool RunWithoutCopy(const Instruction& inst, const BufferPlan& plan, ValueTable& table) {
  const int64_t i = inst.index();
  if (ForwardsOperand(inst) && table.bound(inst.operand(0)->index())->shape() == inst.shape()) {
    const int64_t src = inst.operand(0)->index();
    if (!table.Owns(src)) {  // an argument (or forwards one): alive all call long
      table.Bind(i, table.bound(src));
      return true;
    }
    if (plan.last_use[src] == i) {  // its last use: take the buffer
      table.Move(src, i);
      return true;
    }
    return false;
  }
  if (inst.opcode() == Opcode::kTuple) {
    BuildTuple(inst, plan, table);
    return true;
  }
  if (inst.opcode() == Opcode::kGetTupleElement && plan.takes_element[i]) {
    const int64_t src = inst.operand(0)->index();
    int64_t k = inst.attrs().tuple_index;
    if (!table.Owns(src) || k < 0 || k >= static_cast<int64_t>(table.owned(src).elements().size())) {
      return false;  // someone else's tuple (copied), or a bad index (reported by the kernel)
    }
    Literal element = std::move(table.owned(src).elements()[k]);
    table.owned(src).elements()[k] = Literal();
    table.Recount(src);
    table.Set(i, std::move(element));
    return true;
  }
  return false;
}

// Runs `inst` on its operand 0's value taken out of the table, when that value dies here and
// the kernel can reuse it: reshape, bitcast and copy return its buffer under their shape (moved
// out first, or the buffer would count twice until FreeDead); dynamic-update-slice writes into
// it (unless another value shares it: then copy-on-write copies it). nullopt: not such a case.
std::optional<Expected<Literal>> RunTakingOperand(const Instruction& inst, const BufferPlan& plan,
                                                  ValueTable& table, EvalContext& ctx) {
  const bool update = inst.opcode() == Opcode::kDynamicUpdateSlice && inst.operand_count() >= 2;
  if ((!update && !Relabels(inst)) || !Dying(inst, 0, plan, table)) return std::nullopt;
  Literal operand = table.Release(inst.operand(0)->index());
  if (!update) {
    const Literal* op[] = {&operand};
    return Dispatch(inst, op, ctx);
  }
  std::vector<const Literal*> ops;  // ops[0] is null: the kernel gets `operand` itself
  for (const Instruction* op : inst.operands()) ops.push_back(table.bound(op->index()));
  return EvalDynamicUpdateSliceInto(inst, std::move(operand), ops);
}

// Instructions in a row fusion's group or an FMA contraction (-1: neither), for the loop
// fusion that takes the rest.
std::vector<int64_t> ClaimedByEither(const std::vector<int64_t>& rows, const FmaContraction& fma) {
  if (!fma.active()) return rows;
  std::vector<int64_t> claimed = fma.Claimed();
  for (size_t i = 0; i < rows.size(); ++i) {
    if (rows[i] >= 0) claimed[i] = rows[i];
  }
  return claimed;
}

// Drops the values whose last reader `inst` was (its operands, or what its fusion group read),
// and `inst`'s own value if nothing reads it.
void FreeDead(const Instruction& inst, const BufferPlan& plan, ValueTable& table) {
  for (int64_t dead : plan.dying[inst.index()]) table.Free(dead);
  if (plan.last_use[inst.index()] < 0) table.Free(inst.index());
}

}  // namespace

Interpreter::Interpreter(const Module& module, DeviceContext device)
    : module_(module), device_(device), rng_state_(device.rng_seed) {}

Interpreter::~Interpreter() = default;

Expected<Literal> Interpreter::Run(std::span<const Literal> args) {
  const Computation* entry = module_.entry();
  if (!entry) return InvalidArgument("module '{}' has no entry computation", module_.name());
  if (static_cast<int64_t>(args.size()) != entry->parameter_count()) {
    return InvalidArgument("entry computation takes {} arguments, got {}",
                           entry->parameter_count(), args.size());
  }
  std::vector<const Literal*> ptrs;
  for (size_t i = 0; i < args.size(); ++i) {
    const Shape& want = entry->parameters()[i]->shape();
    if (!want.Compatible(args[i].shape())) {
      return InvalidArgument("argument {} ({}) has shape {}, expected {}", i,
                             entry->parameters()[i]->name(), args[i].shape().ToString(false),
                             want.ToString(false));
    }
    ptrs.push_back(&args[i]);
  }
  return Call(*entry, ptrs);
}

Expected<Literal> Interpreter::RunWhile(const Instruction& inst, Literal state) {
  const Computation& cond = *inst.called()[0];
  const Computation& body = *inst.called()[1];
  CountedBytes held(memory_);
  held.Set(LiteralBytes(state));
  for (;;) {
    // Other devices stopped (an error, a collective timeout): a loop here must not outlive
    // them, or the run never ends.
    if (const CollectiveTransport* hub = device_.hub; hub != nullptr) {
      Status aborted = hub->abort_reason();
      if (!aborted.ok()) {
        return aborted.WithContext("stopped: ").WithCode(StatusCode::kFailedPrecondition);
      }
    }
    const Literal* arg[] = {&state};
    ASSIGN_OR_RETURN(Literal pred, Call(cond, arg));
    if (pred.shape().IsTuple() || pred.size_bytes() < 1) {
      return InvalidArgument("while condition %{} did not return a pred scalar", cond.name());
    }
    if (!pred.data<bool>()[0]) return state;  // `held` uncounts it: the caller counts it
    // The body owns the state: it moves the elements it passes on and frees the rest.
    Literal owned[] = {std::move(state)};
    held.Set(0);
    const Literal* taken[] = {nullptr};
    ASSIGN_OR_RETURN(state, CallOwning(body, taken, owned));
    held.Set(LiteralBytes(state));
  }
}

Status Interpreter::Locate(const Instruction& inst, const Computation& c, const Status& error) {
  // Raised in a nested computation (a call, a loop body, a reducer) and located there: the
  // callers up the stack pass it on as it is.
  if (error_located_) return error;
  error_located_ = true;
  Status located = module_.ErrorAt(inst, fmt::format("while evaluating {} in %{}: {}",
                                                     HloOpcodeName(inst.opcode()), c.name(),
                                                     error.message()));
  return located.WithCode(error.code());  // the kernel's code (resource exhausted, ...)
}

Expected<Literal> Interpreter::Call(const Computation& c, std::span<const Literal* const> args) {
  return CallOwning(c, args, {});
}

Expected<Literal> Interpreter::CallOwning(const Computation& c,
                                          std::span<const Literal* const> args,
                                          std::span<Literal> owned) {
  error_located_ = false;  // errors of earlier calls were handled; one of this call is new
  if (static_cast<int64_t>(args.size()) != c.parameter_count()) {
    return InvalidArgument("computation %{} takes {} arguments, got {}", c.name(),
                           c.parameter_count(), args.size());
  }
  if (!c.root()) return InvalidArgument("computation %{} has no ROOT", c.name());
  BufferPlan plan = PlanBuffers(c);
  const RowFusion rows(c);  // reductions with their elementwise producers and consumers
  const FmaContraction fma(c, device_.xla_cpu_numerics, rows.claimed());
  const ElementwiseFusion fusion(c, ClaimedByEither(rows.claimed(), fma));  // one loop each
  rows.ExtendLastUses(plan.last_use);
  fma.ExtendLastUses(plan.last_use);
  fusion.ExtendLastUses(plan.last_use);
  IndexDeaths(plan);
  ValueTable table(c.instructions().size(), memory_);
  EvalContext ctx(*this, &rng_state_);
  std::vector<const Literal*> ops;
  DeviceTrace* trace = &c == module_.entry() ? device_.trace : nullptr;
  for (const auto& inst_ptr : c.instructions()) {
    const Instruction& inst = *inst_ptr;
    int64_t i = inst.index();
    if (inst.opcode() == Opcode::kParameter) {
      const int64_t p = inst.attrs().parameter_number;
      if (args[p] == nullptr && p < static_cast<int64_t>(owned.size())) {
        table.Set(i, std::move(owned[p]));
      } else {
        table.Bind(i, args[p]);
      }
      continue;
    }
    if (fusion.Skipped(i) || rows.Skipped(i) || fma.Skipped(i)) continue;
    OpTraceScope traced(trace, inst);
    if (RunWithoutCopy(inst, plan, table)) {
      FreeDead(inst, plan, table);
      continue;
    }
    Expected<Literal> result = Internal("not evaluated");
    if (inst.opcode() == Opcode::kWhile && inst.operand_count() == 1) {
      const int64_t src = inst.operand(0)->index();
      result = RunWhile(inst, Dying(inst, 0, plan, table) ? table.Release(src)
                                                          : Literal(*table.bound(src)));
    } else if (std::optional<Expected<Literal>> taken =
                   rows.IsRoot(i) || fusion.IsRoot(i) || fma.IsRoot(i)
                       ? std::nullopt
                       : RunTakingOperand(inst, plan, table, ctx)) {
      result = std::move(*taken);
    } else {
      ops.clear();
      for (const Instruction* op : inst.operands()) ops.push_back(table.bound(op->index()));
      result = rows.IsRoot(i)     ? rows.Run(i, table.bound())
               : fusion.IsRoot(i) ? fusion.Run(i, table.bound())
               : fma.IsRoot(i)    ? fma.Run(i, table.bound())
                                  : Dispatch(inst, ops, ctx);
    }
    if (!result.ok()) return Locate(inst, c, result.status());
    table.Set(i, std::move(result).value());
    FreeDead(inst, plan, table);
  }
  const int64_t root = c.root()->index();
  if (!table.Owns(root)) return *table.bound(root);
  return table.Release(root);
}

}  // namespace xpar
