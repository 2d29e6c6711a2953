// Instruction attributes of the HLO text parser: the name table, which ops each typed attribute
// applies to, duplicate detection, and the attributes each op requires.
#include <array>
#include <initializer_list>
#include <unordered_map>

#include "frontends/hlo/hlo_parser_impl.h"

namespace xpar::hlo {
namespace {

using O = Opcode;

const std::unordered_map<std::string_view, Attr>& AttrNames() {
  static const auto* names = new std::unordered_map<std::string_view, Attr>{
      {"dimensions", Attr::kDimensions},
      {"iota_dimension", Attr::kIotaDimension},
      {"index", Attr::kIndex},
      {"lhs_batch_dims", Attr::kLhsBatchDims},
      {"lhs_contracting_dims", Attr::kLhsContractingDims},
      {"rhs_batch_dims", Attr::kRhsBatchDims},
      {"rhs_contracting_dims", Attr::kRhsContractingDims},
      {"dim_labels", Attr::kDimLabels},
      {"window", Attr::kWindow},
      {"feature_group_count", Attr::kFeatureGroupCount},
      {"batch_group_count", Attr::kBatchGroupCount},
      {"offset_dims", Attr::kOffsetDims},
      {"collapsed_slice_dims", Attr::kCollapsedSliceDims},
      {"start_index_map", Attr::kStartIndexMap},
      {"operand_batching_dims", Attr::kOperandBatchingDims},
      {"start_indices_batching_dims", Attr::kStartIndicesBatchingDims},
      {"index_vector_dim", Attr::kIndexVectorDim},
      {"slice_sizes", Attr::kSliceSizes},
      {"update_window_dims", Attr::kUpdateWindowDims},
      {"inserted_window_dims", Attr::kInsertedWindowDims},
      {"scatter_dims_to_operand_dims", Attr::kScatterDimsToOperandDims},
      {"input_batching_dims", Attr::kInputBatchingDims},
      {"scatter_indices_batching_dims", Attr::kScatterIndicesBatchingDims},
      {"indices_are_sorted", Attr::kIndicesAreSorted},
      {"unique_indices", Attr::kUniqueIndices},
      {"slice", Attr::kSlice},
      {"dynamic_slice_sizes", Attr::kDynamicSliceSizes},
      {"padding", Attr::kPadding},
      {"direction", Attr::kDirection},
      {"type", Attr::kComparisonType},
      {"replica_groups", Attr::kReplicaGroups},
      {"source_target_pairs", Attr::kSourceTargetPairs},
      {"channel_id", Attr::kChannelId},
      {"use_global_device_ids", Attr::kUseGlobalDeviceIds},
      {"constrain_layout", Attr::kConstrainLayout},
      {"epsilon", Attr::kEpsilon},
      {"feature_index", Attr::kFeatureIndex},
      {"is_stable", Attr::kIsStable},
      {"distribution", Attr::kDistribution},
      {"exponent_bits", Attr::kExponentBits},
      {"mantissa_bits", Attr::kMantissaBits},
      {"fft_type", Attr::kFftType},
      {"fft_length", Attr::kFftLength},
      {"custom_call_target", Attr::kCustomCallTarget},
      {"api_version", Attr::kApiVersion},
      {"custom_call_has_side_effect", Attr::kHasSideEffect},
      {"k", Attr::kTopkK},
      {"largest", Attr::kTopkLargest},
      {"left_side", Attr::kLeftSide},
      {"lower", Attr::kLower},
      {"unit_diagonal", Attr::kUnitDiagonal},
      {"transpose_a", Attr::kTransposeA},
      {"to_apply", Attr::kToApply},
      {"calls", Attr::kCalls},
      {"condition", Attr::kCondition},
      {"body", Attr::kBody},
      {"true_computation", Attr::kTrueComputation},
      {"false_computation", Attr::kFalseComputation},
      {"branch_computations", Attr::kBranchComputations},
      {"select", Attr::kSelect},
      {"scatter", Attr::kScatter},
      {"called_computations", Attr::kCalledComputations},
      {"sharding", Attr::kSharding},
      {"metadata", Attr::kMetadata},
      {"frontend_attributes", Attr::kFrontendAttributes},
      {"backend_config", Attr::kBackendConfig},
      // Attributes that change nothing xpar computes, kept verbatim for the round trip.
      {"operand_precision", Attr::kPassthrough},
      {"algorithm", Attr::kPassthrough},
      {"schedule", Attr::kPassthrough},
      {"custom_call_schedule", Attr::kPassthrough},
      {"output_to_operand_aliasing", Attr::kPassthrough},
      {"operand_layout_constraints", Attr::kPassthrough},
      {"result_accuracy", Attr::kPassthrough},
      {"control-predecessors", Attr::kPassthrough},
      {"statistics_viz", Attr::kPassthrough},
      {"kind", Attr::kPassthrough},
      {"parameter_replication", Attr::kPassthrough},
      {"is_host_transfer", Attr::kPassthrough},
      {"infeed_config", Attr::kPassthrough},
      {"outfeed_config", Attr::kPassthrough},
      {"outfeed_shape", Attr::kPassthrough},
      {"domain", Attr::kPassthrough},
      {"async_execution_thread", Attr::kPassthrough},
      {"cross_program_prefetch_index", Attr::kPassthrough},
      {"sparsity", Attr::kPassthrough},
      {"delta", Attr::kPassthrough},
      {"padding_type", Attr::kPassthrough},
      {"origin", Attr::kPassthrough},
      {"layout", Attr::kPassthrough},
  };
  return *names;
}

const std::initializer_list<Opcode> kCollectives = {
    O::kAllGather, O::kAllGatherStart, O::kAllReduce,          O::kAllReduceStart,
    O::kAllToAll,  O::kReduceScatter,  O::kCollectiveBroadcast};

bool Allowed(Attr a, Opcode op) {
  switch (a) {
    case Attr::kDimensions:
      return IsOneOf(op,
                {O::kBroadcast, O::kTranspose, O::kReverse, O::kConcatenate, O::kReduce, O::kSort,
                 O::kMap, O::kAllGather, O::kAllGatherStart, O::kReduceScatter, O::kAllToAll,
                 O::kGetDimensionSize, O::kSetDimensionSize});
    case Attr::kIotaDimension:
      return op == O::kIota;
    case Attr::kIndex:
      return op == O::kGetTupleElement;
    case Attr::kLhsBatchDims:
    case Attr::kLhsContractingDims:
    case Attr::kRhsBatchDims:
    case Attr::kRhsContractingDims:
      return op == O::kDot;
    case Attr::kDimLabels:
    case Attr::kFeatureGroupCount:
    case Attr::kBatchGroupCount:
      return op == O::kConvolution;
    case Attr::kWindow:
      return IsOneOf(op, {O::kConvolution, O::kReduceWindow, O::kSelectAndScatter});
    case Attr::kOffsetDims:
    case Attr::kCollapsedSliceDims:
    case Attr::kStartIndexMap:
    case Attr::kOperandBatchingDims:
    case Attr::kStartIndicesBatchingDims:
    case Attr::kSliceSizes:
      return op == O::kGather;
    case Attr::kUpdateWindowDims:
    case Attr::kInsertedWindowDims:
    case Attr::kScatterDimsToOperandDims:
    case Attr::kInputBatchingDims:
    case Attr::kScatterIndicesBatchingDims:
    case Attr::kUniqueIndices:
      return op == O::kScatter;
    case Attr::kIndexVectorDim:
    case Attr::kIndicesAreSorted:
      return op == O::kGather || op == O::kScatter;
    case Attr::kSlice:
      return op == O::kSlice;
    case Attr::kDynamicSliceSizes:
      return op == O::kDynamicSlice;
    case Attr::kPadding:
      return op == O::kPad;
    case Attr::kDirection:
    case Attr::kComparisonType:
      return op == O::kCompare;
    case Attr::kReplicaGroups:
      return IsOneOf(op, kCollectives);
    case Attr::kSourceTargetPairs:
      return op == O::kCollectivePermute || op == O::kCollectivePermuteStart;
    case Attr::kChannelId:
      return IsOneOf(op, kCollectives) ||
             IsOneOf(op, {O::kCollectivePermute, O::kCollectivePermuteStart, O::kSend, O::kRecv,
                          O::kSendDone, O::kRecvDone});
    case Attr::kUseGlobalDeviceIds:
      return IsOneOf(op, {O::kAllReduce, O::kAllReduceStart, O::kAllGather, O::kAllGatherStart,
                     O::kReduceScatter});
    case Attr::kConstrainLayout:
      return IsOneOf(op, kCollectives);
    case Attr::kEpsilon:
    case Attr::kFeatureIndex:
      return IsOneOf(op, {O::kBatchNormGrad, O::kBatchNormInference, O::kBatchNormTraining});
    case Attr::kIsStable:
      return op == O::kSort;
    case Attr::kRngAlgorithm:
      return op == O::kRngBitGenerator;
    case Attr::kDistribution:
      return op == O::kRng;
    case Attr::kExponentBits:
    case Attr::kMantissaBits:
      return op == O::kReducePrecision;
    case Attr::kFftType:
    case Attr::kFftLength:
      return op == O::kFft;
    case Attr::kCustomCallTarget:
    case Attr::kApiVersion:
    case Attr::kHasSideEffect:
      return op == O::kCustomCall;
    case Attr::kTopkK:
    case Attr::kTopkLargest:
      return op == O::kTopK;
    case Attr::kLeftSide:
    case Attr::kUnitDiagonal:
    case Attr::kTransposeA:
      return op == O::kTriangularSolve;
    case Attr::kLower:
      return op == O::kTriangularSolve || op == O::kCholesky;
    case Attr::kToApply:
    case Attr::kCalls:
    case Attr::kCalledComputations:
      return HasTrait(op, kCallsComputation);
    case Attr::kCondition:
    case Attr::kBody:
      return op == O::kWhile;
    case Attr::kTrueComputation:
    case Attr::kFalseComputation:
    case Attr::kBranchComputations:
      return op == O::kConditional;
    case Attr::kSelect:
    case Attr::kScatter:
      return op == O::kSelectAndScatter;
    case Attr::kSharding:
    case Attr::kMetadata:
    case Attr::kFrontendAttributes:
    case Attr::kBackendConfig:
    case Attr::kPassthrough:
      return true;
    case Attr::kNumAttrs:
      return false;
  }
  return false;
}

// Attributes an op cannot do without (XLA's parser rejects these ops without them too).
std::vector<std::pair<Attr, std::string_view>> Required(Opcode op) {
  using A = Attr;
  if (op == O::kCompare) return {{A::kDirection, "direction"}};
  if (op == O::kGetTupleElement) return {{A::kIndex, "index"}};
  if (op == O::kIota) return {{A::kIotaDimension, "iota_dimension"}};
  if (IsOneOf(op, {O::kBroadcast, O::kTranspose, O::kReverse, O::kConcatenate, O::kAllGather,
              O::kAllGatherStart, O::kGetDimensionSize, O::kSetDimensionSize})) {
    return {{A::kDimensions, "dimensions"}};
  }
  if (op == O::kReduce || op == O::kSort || op == O::kReduceScatter) {
    return {{A::kDimensions, "dimensions"}, {A::kToApply, "to_apply"}};
  }
  if (IsOneOf(op, {O::kMap, O::kAllReduce, O::kAllReduceStart, O::kCall, O::kScatter})) {
    if (op == O::kScatter) {
      return {{A::kToApply, "to_apply"},
              {A::kUpdateWindowDims, "update_window_dims"},
              {A::kInsertedWindowDims, "inserted_window_dims"},
              {A::kScatterDimsToOperandDims, "scatter_dims_to_operand_dims"},
              {A::kIndexVectorDim, "index_vector_dim"}};
    }
    return {{A::kToApply, "to_apply"}};
  }
  if (op == O::kReduceWindow) return {{A::kToApply, "to_apply"}, {A::kWindow, "window"}};
  if (op == O::kFusion || op == O::kAsyncStart) return {{A::kCalls, "calls"}};
  if (op == O::kWhile) return {{A::kCondition, "condition"}, {A::kBody, "body"}};
  if (op == O::kSelectAndScatter) return {{A::kSelect, "select"}, {A::kScatter, "scatter"}};
  if (op == O::kGather) {
    return {{A::kOffsetDims, "offset_dims"},
            {A::kCollapsedSliceDims, "collapsed_slice_dims"},
            {A::kStartIndexMap, "start_index_map"},
            {A::kIndexVectorDim, "index_vector_dim"},
            {A::kSliceSizes, "slice_sizes"}};
  }
  if (op == O::kSlice) return {{A::kSlice, "slice"}};
  if (op == O::kPad) return {{A::kPadding, "padding"}};
  if (op == O::kDynamicSlice) return {{A::kDynamicSliceSizes, "dynamic_slice_sizes"}};
  if (op == O::kConvolution) return {{A::kDimLabels, "dim_labels"}};
  if (IsOneOf(op, {O::kBatchNormGrad, O::kBatchNormInference, O::kBatchNormTraining})) {
    return {{A::kEpsilon, "epsilon"}, {A::kFeatureIndex, "feature_index"}};
  }
  if (op == O::kReducePrecision) {
    return {{A::kExponentBits, "exponent_bits"}, {A::kMantissaBits, "mantissa_bits"}};
  }
  if (op == O::kFft) return {{A::kFftType, "fft_type"}, {A::kFftLength, "fft_length"}};
  if (op == O::kRng) return {{A::kDistribution, "distribution"}};
  if (op == O::kRngBitGenerator) return {{A::kRngAlgorithm, "algorithm"}};
  if (op == O::kCustomCall) return {{A::kCustomCallTarget, "custom_call_target"}};
  if (op == O::kTopK) return {{A::kTopkK, "k"}};
  if (op == O::kCollectivePermute || op == O::kCollectivePermuteStart) {
    return {{A::kSourceTargetPairs, "source_target_pairs"}};
  }
  return {};
}

}  // namespace

Status Parser::ParseAttribute(PendingInst* pi) {
  lex_.SkipSpace();
  int64_t off = lex_.pos();
  std::string_view name = lex_.ReadAttrName();
  if (name.empty()) return ErrorHere("expected an attribute name after ','");
  Instruction* inst = pi->inst.get();
  Opcode op = inst->opcode();
  auto it = AttrNames().find(name);
  if (it == AttrNames().end()) {
    return Error(off, fmt::format("unknown attribute '{}' on {}", name, HloOpcodeName(op)));
  }
  Attr a = it->second;
  if (a == Attr::kPassthrough && name == "algorithm" && op == O::kRngBitGenerator) {
    a = Attr::kRngAlgorithm;
  }
  if (!Allowed(a, op)) {
    return Error(off, fmt::format("attribute '{}' does not apply to {}", name, HloOpcodeName(op)));
  }
  bool dup = a != Attr::kPassthrough && pi->seen[static_cast<size_t>(a)];
  for (const auto& [k, v] : inst->attrs().passthrough) dup = dup || k == name;
  if (dup) return Error(off, fmt::format("duplicate attribute '{}'", name));
  pi->seen.set(static_cast<size_t>(a));
  RETURN_IF_ERROR(Expect('=', fmt::format("after attribute name '{}'", name)));
  return ParseAttrValue(a, name, pi);
}

Status Parser::CheckRequiredAttributes(const PendingInst& pi) {
  Opcode op = pi.inst->opcode();
  // XLA lets a reduce-window of scalars omit its (empty) window.
  const Shape& shape = pi.inst->shape();
  const bool scalar_result =
      shape.IsTuple() ? !shape.tuple_shapes().empty() && shape.tuple_shape(0).rank() == 0
                      : shape.rank() == 0;
  for (const auto& [a, name] : Required(op)) {
    if (a == Attr::kWindow && scalar_result) continue;
    if (!pi.seen[static_cast<size_t>(a)]) {
      return Error(pi.opcode_offset,
                   fmt::format("{} requires attribute '{}'", HloOpcodeName(op), name));
    }
  }
  if (op == O::kConditional) {
    bool t = pi.seen[static_cast<size_t>(Attr::kTrueComputation)];
    bool f = pi.seen[static_cast<size_t>(Attr::kFalseComputation)];
    bool b = pi.seen[static_cast<size_t>(Attr::kBranchComputations)];
    if (b ? (t || f) : !(t && f)) {
      return Error(pi.opcode_offset,
                   "conditional requires either branch_computations or both "
                   "true_computation and false_computation");
    }
  }
  InstructionAttrs& attrs = pi.inst->attrs();
  if (op == O::kDot && !attrs.dot) attrs.dot = DotDims{};
  return Status::Ok();
}

}  // namespace xpar::hlo
