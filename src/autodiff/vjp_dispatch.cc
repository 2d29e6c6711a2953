// The rule for each opcode, chosen by an exhaustive switch (no default: a new op in
// ir/op_table.def fails to compile here until it is given a rule or declared without one), and
// the adjoint bookkeeping the rules call.
#include <fmt/format.h>

#include "autodiff/vjp.h"

namespace xpar::autodiff {
namespace {

Status NoRule(VjpContext& ctx) {
  return ctx.Error(fmt::format("no gradient rule for '{}'", HloOpcodeName(ctx.inst->opcode())));
}

}  // namespace

bool VjpContext::active(int64_t i) const {
  const Instruction* op = inst->operand(i);
  return op->index() >= 0 && op->index() < static_cast<int64_t>(active_.size()) &&
         active_[op->index()];
}

Status VjpContext::Error(const std::string& message) const {
  return b.Fail(module.ErrorAt(*inst, "autodiff: " + message));
}

Status VjpContext::Accumulate(Instruction*& slot, Instruction* g, const Shape& want) {
  if (!g->shape().IsArray() || g->shape().type() != want.type() ||
      g->shape().dims() != want.dims()) {
    return b.Fail(Internal("autodiff: the rule for %{} ({}) made a {} gradient for a {} operand",
                           inst->name(), HloOpcodeName(inst->opcode()),
                           g->shape().ToString(false), want.ToString(false)));
  }
  slot = slot == nullptr ? g : b.Add(slot, g);
  return b.status();
}

Status VjpContext::AddGrad(int64_t i, Instruction* g) {
  if (!active(i)) return Status::Ok();
  RETURN_IF_ERROR(b.status());
  const Instruction* op = inst->operand(i);
  if (!op->shape().IsArray()) {
    return b.Fail(Internal("autodiff: the rule for %{} gave an array gradient to tuple %{}",
                           inst->name(), op->name()));
  }
  return Accumulate(adjoints_[op].array, g, op->shape());
}

Status VjpContext::AddTupleGrad(int64_t i, int64_t element, Instruction* g) {
  if (!active(i) || g == nullptr) return Status::Ok();
  RETURN_IF_ERROR(b.status());
  const Instruction* op = inst->operand(i);
  int64_t count = static_cast<int64_t>(op->shape().tuple_shapes().size());
  if (!op->shape().IsTuple() || element >= count) {
    return b.Fail(Internal("autodiff: %{} has no tuple element {}", op->name(), element));
  }
  const Shape& want = op->shape().tuple_shape(element);
  if (want.IsTuple()) {
    return Error(fmt::format("nested tuple %{} is not supported", op->name()));
  }
  Adjoint& adj = adjoints_[op];
  adj.elements.resize(op->shape().tuple_shapes().size(), nullptr);
  return Accumulate(adj.elements[element], g, want);
}

Status RunVjp(VjpContext& ctx) {
  switch (ctx.inst->opcode()) {
    // Elementwise math (vjp_elementwise.cc).
    case Opcode::kAbs: case Opcode::kAdd: case Opcode::kAtan2: case Opcode::kCbrt:
    case Opcode::kClamp: case Opcode::kConvert: case Opcode::kCosine: case Opcode::kDivide:
    case Opcode::kErf: case Opcode::kExp: case Opcode::kExpm1: case Opcode::kLog:
    case Opcode::kLog1p: case Opcode::kLogistic: case Opcode::kMaximum: case Opcode::kMinimum:
    case Opcode::kMultiply: case Opcode::kNegate: case Opcode::kPower:
    case Opcode::kReducePrecision: case Opcode::kRemainder: case Opcode::kRsqrt:
    case Opcode::kSelect: case Opcode::kSine: case Opcode::kSqrt: case Opcode::kSubtract:
    case Opcode::kTan: case Opcode::kTanh:
      return VjpElementwise(ctx);
    // Same values, another shape or a pass-through (vjp_data_movement.cc).
    case Opcode::kCopy: case Opcode::kBitcast: case Opcode::kDomain: case Opcode::kReshape:
    case Opcode::kAddDependency:
      return VjpReshape(ctx);
    case Opcode::kBroadcast:
      return VjpBroadcast(ctx);
    case Opcode::kTranspose:
      return VjpTranspose(ctx);
    case Opcode::kSlice:
      return VjpSlice(ctx);
    case Opcode::kPad:
      return VjpPad(ctx);
    case Opcode::kConcatenate:
      return VjpConcatenate(ctx);
    case Opcode::kReverse:
      return VjpReverse(ctx);
    case Opcode::kDynamicSlice:
      return VjpDynamicSlice(ctx);
    case Opcode::kDynamicUpdateSlice:
      return VjpDynamicUpdateSlice(ctx);
    case Opcode::kDot:
      return VjpDot(ctx);
    case Opcode::kConvolution:
      return VjpConvolution(ctx);
    case Opcode::kReduce:
      return VjpReduce(ctx);
    case Opcode::kReduceWindow:
      return VjpReduceWindow(ctx);
    case Opcode::kGather:
      return VjpGather(ctx);
    case Opcode::kScatter:
      return VjpScatter(ctx);
    case Opcode::kTuple:
      return VjpTuple(ctx);
    case Opcode::kGetTupleElement:
      return VjpGetTupleElement(ctx);
    case Opcode::kOptimizationBarrier:
      return VjpTuple(ctx);
    case Opcode::kSort:
      return VjpSort(ctx);
    case Opcode::kTopK:
      return VjpTopK(ctx);
    case Opcode::kBatchNormInference:
      return VjpBatchNormInference(ctx);
    case Opcode::kBatchNormTraining:
      return VjpBatchNormTraining(ctx);
    case Opcode::kCustomCall:
      return VjpCustomCall(ctx);
    case Opcode::kWhile:
      return VjpWhile(ctx);
    case Opcode::kAllReduce:
      return VjpAllReduce(ctx);
    case Opcode::kAllGather:
      return VjpAllGather(ctx);
    case Opcode::kReduceScatter:
      return VjpReduceScatter(ctx);
    // Piecewise constant, integer, predicate or random results, and values with no inputs:
    // the adjoint stops here.
    case Opcode::kAfterAll: case Opcode::kAnd: case Opcode::kBitcastConvert: case Opcode::kCeil:
    case Opcode::kClz: case Opcode::kCompare: case Opcode::kConstant: case Opcode::kFloor:
    case Opcode::kGetDimensionSize: case Opcode::kIota: case Opcode::kIsFinite: case Opcode::kNot:
    case Opcode::kOr: case Opcode::kParameter: case Opcode::kPartitionId:
    case Opcode::kPopulationCount: case Opcode::kReplicaId: case Opcode::kRng:
    case Opcode::kRngBitGenerator: case Opcode::kRngGetAndUpdateState:
    case Opcode::kRoundNearestAfz: case Opcode::kRoundNearestEven: case Opcode::kShiftLeft:
    case Opcode::kShiftRightArithmetic: case Opcode::kShiftRightLogical: case Opcode::kSign:
    case Opcode::kXor:
      return Status::Ok();
    // No rule yet: collectives other than all-reduce, all-gather and reduce-scatter, linear
    // algebra, complex numbers, conditionals and maps, asynchronous and host-transfer ops.
    // (Calls on the differentiated path were inlined before the reverse pass: see inline.h.)
    case Opcode::kAllGatherStart: case Opcode::kAllGatherDone:
    case Opcode::kAllReduceStart: case Opcode::kAllReduceDone:
    case Opcode::kAllToAll: case Opcode::kAsyncStart: case Opcode::kAsyncUpdate:
    case Opcode::kAsyncDone: case Opcode::kBatchNormGrad:
    case Opcode::kCall: case Opcode::kCholesky: case Opcode::kCollectiveBroadcast:
    case Opcode::kCollectivePermute: case Opcode::kCollectivePermuteStart:
    case Opcode::kCollectivePermuteDone: case Opcode::kComplex: case Opcode::kConditional:
    case Opcode::kCopyStart: case Opcode::kCopyDone: case Opcode::kDynamicReshape:
    case Opcode::kFft: case Opcode::kFusion: case Opcode::kImag: case Opcode::kInfeed:
    case Opcode::kMap: case Opcode::kOutfeed: case Opcode::kReal: case Opcode::kRecv:
    case Opcode::kRecvDone: case Opcode::kSelectAndScatter:
    case Opcode::kSend: case Opcode::kSendDone: case Opcode::kSetDimensionSize:
    case Opcode::kStochasticConvert: case Opcode::kTriangularSolve:
      return NoRule(ctx);
  }
  return Internal("autodiff: opcode {} out of range", static_cast<int>(ctx.inst->opcode()));
}

std::optional<Opcode> ReducerKind(const Computation& reducer) {
  const Instruction* root = reducer.root();
  if (root == nullptr || reducer.parameter_count() != 2 || root->operand_count() != 2) {
    return std::nullopt;
  }
  bool on_params = root->operand(0)->opcode() == Opcode::kParameter &&
                   root->operand(1)->opcode() == Opcode::kParameter &&
                   root->operand(0) != root->operand(1);
  if (!on_params) return std::nullopt;
  return root->opcode();
}

}  // namespace xpar::autodiff
