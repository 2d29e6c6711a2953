// The evaluator: walks a computation in order, dispatching each opcode to its kernel family,
// and frees each value after its last use; ops that return their operand unchanged pass it on
// without a copy.
#include <fmt/format.h>

#include <unordered_map>

#include "ir/printer.h"
#include "runtime/interpreter/collective_hub.h"
#include "runtime/interpreter/fusion.h"
#include "runtime/interpreter/kernels.h"
#include "runtime/interpreter/op_trace.h"

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
    case Opcode::kWhile: {
      const Computation& cond = *inst.called()[0];
      const Computation& body = *inst.called()[1];
      Literal state = *ops[0];
      for (;;) {
        // Other devices stopped (an error, a collective timeout): a loop here must not outlive
        // them, or the run never ends.
        if (const CollectiveTransport* hub = ctx.device().hub; hub != nullptr) {
          Status aborted = hub->abort_reason();
          if (!aborted.ok()) return FailedPrecondition("stopped: {}", aborted.message());
        }
        const Literal* arg[] = {&state};
        ASSIGN_OR_RETURN(Literal pred, ctx.Call(cond, arg));
        if (!pred.data<bool>()[0]) return state;
        ASSIGN_OR_RETURN(state, ctx.Call(body, arg));
      }
    }
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

// For each instruction, the position after which its value is no longer needed.
std::vector<int64_t> LastUses(const Computation& c) {
  const auto& insts = c.instructions();
  std::vector<int64_t> last(insts.size(), -1);
  for (const auto& inst : insts) {
    for (const Instruction* op : inst->operands()) last[op->index()] = inst->index();
  }
  if (c.root()) last[c.root()->index()] = static_cast<int64_t>(insts.size());
  return last;
}

// Ops whose result is their one operand unchanged: copy, Neuron's placement marker, XLA's
// Sharding annotation. The evaluator passes the operand's value on instead of copying it (the
// runtime checks that the shape, layout included, is the same).
bool ForwardsOperand(const Instruction& inst) {
  if (inst.operand_count() != 1) return false;
  if (inst.opcode() == Opcode::kCopy) return true;
  if (inst.opcode() != Opcode::kCustomCall) return false;
  const std::string& target = inst.attrs().custom_call_target;
  return target == "AwsNeuronTransferWithStaticRing" || target == "Sharding";
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

Expected<Literal> Interpreter::Call(const Computation& c, std::span<const Literal* const> args) {
  if (static_cast<int64_t>(args.size()) != c.parameter_count()) {
    return InvalidArgument("computation %{} takes {} arguments, got {}", c.name(),
                           c.parameter_count(), args.size());
  }
  const auto& insts = c.instructions();
  std::vector<Literal> values(insts.size());
  std::vector<const Literal*> bound(insts.size(), nullptr);
  std::vector<int64_t> last = LastUses(c);
  const ElementwiseFusion fusion(c);  // chains of elementwise ops run as one loop at their root
  fusion.ExtendLastUses(last);
  EvalContext ctx(*this, &rng_state_);
  std::vector<const Literal*> ops;
  DeviceTrace* trace = &c == module_.entry() ? device_.trace : nullptr;
  for (const auto& inst_ptr : insts) {
    const Instruction& inst = *inst_ptr;
    int64_t i = inst.index();
    if (inst.opcode() == Opcode::kParameter) {
      bound[i] = args[inst.attrs().parameter_number];
      continue;
    }
    if (fusion.Skipped(i)) continue;
    OpTraceScope traced(trace, inst);
    if (ForwardsOperand(inst) && bound[inst.operand(0)->index()]->shape() == inst.shape()) {
      const int64_t src = inst.operand(0)->index();
      if (bound[src] != &values[src]) {  // an argument (or forwards one): alive all call long
        bound[i] = bound[src];
        continue;
      }
      if (last[src] == i) {  // its last use: take the buffer
        values[i] = std::move(values[src]);
        bound[i] = &values[i];
        continue;
      }
    }
    ops.clear();
    for (const Instruction* op : inst.operands()) ops.push_back(bound[op->index()]);
    Expected<Literal> result = fusion.IsRoot(i) ? fusion.Run(i, bound) : Dispatch(inst, ops, ctx);
    if (!result.ok()) {
      if (result.status().message().find("while evaluating") != std::string::npos) {
        return result.status();
      }
      return module_.ErrorAt(inst, fmt::format("while evaluating {} in %{}: {}",
                                               HloOpcodeName(inst.opcode()), c.name(),
                                               result.status().message()));
    }
    values[i] = std::move(result).value();
    bound[i] = &values[i];
    // Free operands whose last use this was.
    for (const Instruction* op : inst.operands()) {
      if (last[op->index()] == i && op->opcode() != Opcode::kParameter) {
        values[op->index()] = Literal();
      }
    }
  }
  if (!c.root()) return InvalidArgument("computation %{} has no ROOT", c.name());
  const Instruction* root = c.root();
  if (bound[root->index()] != &values[root->index()]) return *bound[root->index()];
  return std::move(values[root->index()]);
}

}  // namespace xpar
