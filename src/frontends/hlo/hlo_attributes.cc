// Instruction attributes of the HLO text parser: the name table, which ops each typed attribute
// applies to, the dispatch into InstructionAttrs, and the attributes each op requires.
#include <fmt/ranges.h>

#include <array>
#include <initializer_list>
#include <unordered_map>

#include "frontends/hlo/hlo_parser_impl.h"

namespace xpar::hlo {
namespace {

using O = Opcode;

bool In(Opcode op, std::initializer_list<Opcode> ops) {
  for (Opcode o : ops) {
    if (o == op) return true;
  }
  return false;
}

const std::unordered_map<std::string_view, Attr>& AttrNames() {
  static const auto* names = new std::unordered_map<std::string_view, Attr>{
      {"dimensions", Attr::kDimensions}, {"iota_dimension", Attr::kIotaDimension},
      {"index", Attr::kIndex}, {"lhs_batch_dims", Attr::kLhsBatchDims},
      {"lhs_contracting_dims", Attr::kLhsContractingDims},
      {"rhs_batch_dims", Attr::kRhsBatchDims},
      {"rhs_contracting_dims", Attr::kRhsContractingDims}, {"dim_labels", Attr::kDimLabels},
      {"window", Attr::kWindow}, {"feature_group_count", Attr::kFeatureGroupCount},
      {"batch_group_count", Attr::kBatchGroupCount}, {"offset_dims", Attr::kOffsetDims},
      {"collapsed_slice_dims", Attr::kCollapsedSliceDims},
      {"start_index_map", Attr::kStartIndexMap},
      {"operand_batching_dims", Attr::kOperandBatchingDims},
      {"start_indices_batching_dims", Attr::kStartIndicesBatchingDims},
      {"index_vector_dim", Attr::kIndexVectorDim}, {"slice_sizes", Attr::kSliceSizes},
      {"update_window_dims", Attr::kUpdateWindowDims},
      {"inserted_window_dims", Attr::kInsertedWindowDims},
      {"scatter_dims_to_operand_dims", Attr::kScatterDimsToOperandDims},
      {"input_batching_dims", Attr::kInputBatchingDims},
      {"scatter_indices_batching_dims", Attr::kScatterIndicesBatchingDims},
      {"indices_are_sorted", Attr::kIndicesAreSorted}, {"unique_indices", Attr::kUniqueIndices},
      {"slice", Attr::kSlice}, {"dynamic_slice_sizes", Attr::kDynamicSliceSizes},
      {"padding", Attr::kPadding}, {"direction", Attr::kDirection},
      {"type", Attr::kComparisonType}, {"replica_groups", Attr::kReplicaGroups},
      {"source_target_pairs", Attr::kSourceTargetPairs}, {"channel_id", Attr::kChannelId},
      {"use_global_device_ids", Attr::kUseGlobalDeviceIds},
      {"constrain_layout", Attr::kConstrainLayout}, {"epsilon", Attr::kEpsilon},
      {"feature_index", Attr::kFeatureIndex}, {"is_stable", Attr::kIsStable},
      {"distribution", Attr::kDistribution}, {"exponent_bits", Attr::kExponentBits},
      {"mantissa_bits", Attr::kMantissaBits}, {"fft_type", Attr::kFftType},
      {"fft_length", Attr::kFftLength}, {"custom_call_target", Attr::kCustomCallTarget},
      {"api_version", Attr::kApiVersion}, {"custom_call_has_side_effect", Attr::kHasSideEffect},
      {"k", Attr::kTopkK}, {"largest", Attr::kTopkLargest}, {"left_side", Attr::kLeftSide},
      {"lower", Attr::kLower}, {"unit_diagonal", Attr::kUnitDiagonal},
      {"transpose_a", Attr::kTransposeA}, {"to_apply", Attr::kToApply}, {"calls", Attr::kCalls},
      {"condition", Attr::kCondition}, {"body", Attr::kBody},
      {"true_computation", Attr::kTrueComputation},
      {"false_computation", Attr::kFalseComputation},
      {"branch_computations", Attr::kBranchComputations}, {"select", Attr::kSelect},
      {"scatter", Attr::kScatter}, {"called_computations", Attr::kCalledComputations},
      {"sharding", Attr::kSharding}, {"metadata", Attr::kMetadata},
      {"frontend_attributes", Attr::kFrontendAttributes},
      {"backend_config", Attr::kBackendConfig},
      // Attributes that change nothing xpar computes, kept verbatim for the round trip.
      {"operand_precision", Attr::kPassthrough}, {"algorithm", Attr::kPassthrough},
      {"schedule", Attr::kPassthrough}, {"custom_call_schedule", Attr::kPassthrough},
      {"output_to_operand_aliasing", Attr::kPassthrough},
      {"operand_layout_constraints", Attr::kPassthrough},
      {"result_accuracy", Attr::kPassthrough}, {"control-predecessors", Attr::kPassthrough},
      {"statistics_viz", Attr::kPassthrough}, {"kind", Attr::kPassthrough},
      {"parameter_replication", Attr::kPassthrough}, {"is_host_transfer", Attr::kPassthrough},
      {"infeed_config", Attr::kPassthrough}, {"outfeed_config", Attr::kPassthrough},
      {"outfeed_shape", Attr::kPassthrough}, {"domain", Attr::kPassthrough},
      {"async_execution_thread", Attr::kPassthrough},
      {"cross_program_prefetch_index", Attr::kPassthrough}, {"sparsity", Attr::kPassthrough},
      {"delta", Attr::kPassthrough}, {"padding_type", Attr::kPassthrough},
      {"origin", Attr::kPassthrough}, {"layout", Attr::kPassthrough},
  };
  return *names;
}

const std::initializer_list<Opcode> kCollectives = {
    O::kAllGather, O::kAllGatherStart, O::kAllReduce, O::kAllReduceStart, O::kAllToAll,
    O::kReduceScatter, O::kCollectiveBroadcast};

bool Allowed(Attr a, Opcode op) {
  switch (a) {
    case Attr::kDimensions:
      return In(op, {O::kBroadcast, O::kTranspose, O::kReverse, O::kConcatenate, O::kReduce,
                     O::kSort, O::kMap, O::kAllGather, O::kAllGatherStart, O::kReduceScatter,
                     O::kAllToAll});
    case Attr::kIotaDimension: return op == O::kIota;
    case Attr::kIndex: return op == O::kGetTupleElement;
    case Attr::kLhsBatchDims:
    case Attr::kLhsContractingDims:
    case Attr::kRhsBatchDims:
    case Attr::kRhsContractingDims: return op == O::kDot;
    case Attr::kDimLabels:
    case Attr::kFeatureGroupCount:
    case Attr::kBatchGroupCount: return op == O::kConvolution;
    case Attr::kWindow: return In(op, {O::kConvolution, O::kReduceWindow, O::kSelectAndScatter});
    case Attr::kOffsetDims:
    case Attr::kCollapsedSliceDims:
    case Attr::kStartIndexMap:
    case Attr::kOperandBatchingDims:
    case Attr::kStartIndicesBatchingDims:
    case Attr::kSliceSizes: return op == O::kGather;
    case Attr::kUpdateWindowDims:
    case Attr::kInsertedWindowDims:
    case Attr::kScatterDimsToOperandDims:
    case Attr::kInputBatchingDims:
    case Attr::kScatterIndicesBatchingDims:
    case Attr::kUniqueIndices: return op == O::kScatter;
    case Attr::kIndexVectorDim:
    case Attr::kIndicesAreSorted: return op == O::kGather || op == O::kScatter;
    case Attr::kSlice: return op == O::kSlice;
    case Attr::kDynamicSliceSizes: return op == O::kDynamicSlice;
    case Attr::kPadding: return op == O::kPad;
    case Attr::kDirection:
    case Attr::kComparisonType: return op == O::kCompare;
    case Attr::kReplicaGroups: return In(op, kCollectives);
    case Attr::kSourceTargetPairs:
      return op == O::kCollectivePermute || op == O::kCollectivePermuteStart;
    case Attr::kChannelId:
      return In(op, kCollectives) ||
             In(op, {O::kCollectivePermute, O::kCollectivePermuteStart, O::kSend, O::kRecv,
                     O::kSendDone, O::kRecvDone});
    case Attr::kUseGlobalDeviceIds:
      return In(op, {O::kAllReduce, O::kAllReduceStart, O::kAllGather, O::kAllGatherStart,
                     O::kReduceScatter});
    case Attr::kConstrainLayout: return In(op, kCollectives);
    case Attr::kEpsilon:
    case Attr::kFeatureIndex:
      return In(op, {O::kBatchNormGrad, O::kBatchNormInference, O::kBatchNormTraining});
    case Attr::kIsStable: return op == O::kSort;
    case Attr::kRngAlgorithm: return op == O::kRngBitGenerator;
    case Attr::kDistribution: return op == O::kRng;
    case Attr::kExponentBits:
    case Attr::kMantissaBits: return op == O::kReducePrecision;
    case Attr::kFftType:
    case Attr::kFftLength: return op == O::kFft;
    case Attr::kCustomCallTarget:
    case Attr::kApiVersion:
    case Attr::kHasSideEffect: return op == O::kCustomCall;
    case Attr::kTopkK:
    case Attr::kTopkLargest: return op == O::kTopK;
    case Attr::kLeftSide:
    case Attr::kUnitDiagonal:
    case Attr::kTransposeA: return op == O::kTriangularSolve;
    case Attr::kLower: return op == O::kTriangularSolve || op == O::kCholesky;
    case Attr::kToApply:
    case Attr::kCalls:
    case Attr::kCalledComputations: return HasTrait(op, kCallsComputation);
    case Attr::kCondition:
    case Attr::kBody: return op == O::kWhile;
    case Attr::kTrueComputation:
    case Attr::kFalseComputation:
    case Attr::kBranchComputations: return op == O::kConditional;
    case Attr::kSelect:
    case Attr::kScatter: return op == O::kSelectAndScatter;
    case Attr::kSharding:
    case Attr::kMetadata:
    case Attr::kFrontendAttributes:
    case Attr::kBackendConfig:
    case Attr::kPassthrough: return true;
    case Attr::kNumAttrs: return false;
  }
  return false;
}

// Attributes an op cannot do without (XLA's parser rejects these ops without them too).
std::vector<std::pair<Attr, std::string_view>> Required(Opcode op) {
  using A = Attr;
  if (op == O::kCompare) return {{A::kDirection, "direction"}};
  if (op == O::kGetTupleElement) return {{A::kIndex, "index"}};
  if (op == O::kIota) return {{A::kIotaDimension, "iota_dimension"}};
  if (In(op, {O::kBroadcast, O::kTranspose, O::kReverse, O::kConcatenate, O::kAllGather,
              O::kAllGatherStart})) {
    return {{A::kDimensions, "dimensions"}};
  }
  if (op == O::kReduce || op == O::kSort || op == O::kReduceScatter) {
    return {{A::kDimensions, "dimensions"}, {A::kToApply, "to_apply"}};
  }
  if (In(op, {O::kMap, O::kAllReduce, O::kAllReduceStart, O::kCall, O::kScatter})) {
    if (op == O::kScatter) {
      return {{A::kToApply, "to_apply"}, {A::kUpdateWindowDims, "update_window_dims"},
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
    return {{A::kOffsetDims, "offset_dims"}, {A::kCollapsedSliceDims, "collapsed_slice_dims"},
            {A::kStartIndexMap, "start_index_map"}, {A::kIndexVectorDim, "index_vector_dim"},
            {A::kSliceSizes, "slice_sizes"}};
  }
  if (op == O::kSlice) return {{A::kSlice, "slice"}};
  if (op == O::kPad) return {{A::kPadding, "padding"}};
  if (op == O::kDynamicSlice) return {{A::kDynamicSliceSizes, "dynamic_slice_sizes"}};
  if (op == O::kConvolution) return {{A::kDimLabels, "dim_labels"}};
  if (In(op, {O::kBatchNormGrad, O::kBatchNormInference, O::kBatchNormTraining})) {
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

constexpr std::array<std::string_view, 6> kDirectionNames = {"EQ", "NE", "LT", "LE", "GT", "GE"};
constexpr std::array<std::string_view, 4> kComparisonTypeNames = {"FLOAT", "TOTALORDER", "SIGNED",
                                                                  "UNSIGNED"};
constexpr std::array<std::string_view, 3> kRngAlgorithmNames = {"rng_default", "rng_three_fry",
                                                                "rng_philox"};
constexpr std::array<std::string_view, 2> kDistributionNames = {"rng_uniform", "rng_normal"};
constexpr std::array<std::string_view, 4> kFftTypeNames = {"FFT", "IFFT", "RFFT", "IRFFT"};
constexpr std::array<std::string_view, 5> kApiVersionNames = {
    "API_VERSION_UNSPECIFIED", "API_VERSION_ORIGINAL", "API_VERSION_STATUS_RETURNING",
    "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI"};
constexpr std::array<std::string_view, 3> kTransposeNames = {"NO_TRANSPOSE", "TRANSPOSE",
                                                             "ADJOINT"};

// `NAME` among `names` (index into it), or an error listing them.
template <size_t N>
Status ParseEnum(Parser* p, std::string_view attr, const std::array<std::string_view, N>& names,
                 int* out) {
  p->lex_.SkipSpace();
  int64_t off = p->lex_.pos();
  std::string_view v = p->lex_.ReadName();
  for (size_t i = 0; i < N; ++i) {
    if (names[i] == v) {
      *out = static_cast<int>(i);
      return Status::Ok();
    }
  }
  return p->Error(off, fmt::format("invalid value '{}' for {}: expected one of {}", v, attr,
                                   fmt::join(names, ", ")));
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
  for (const auto& [a, name] : Required(op)) {
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
      return Error(pi.opcode_offset, "conditional requires either branch_computations or both "
                                     "true_computation and false_computation");
    }
  }
  InstructionAttrs& attrs = pi.inst->attrs();
  if (op == O::kDot && !attrs.dot) attrs.dot = DotDims{};
  return Status::Ok();
}

Status Parser::ParseAttrValue(Attr a, std::string_view name, PendingInst* pi) {
  InstructionAttrs& at = pi->inst->attrs();
  Opcode op = pi->inst->opcode();
  int e = 0;
  auto gather = [&]() -> GatherDims& {
    if (!at.gather) at.gather = GatherDims{};
    return *at.gather;
  };
  auto scatter = [&]() -> ScatterDims& {
    if (!at.scatter) at.scatter = ScatterDims{};
    return *at.scatter;
  };
  auto dot = [&]() -> DotDims& {
    if (!at.dot) at.dot = DotDims{};
    return *at.dot;
  };
  switch (a) {
    case Attr::kDimensions: return ParseIntList(&at.dimensions);
    case Attr::kIotaDimension: return ParseInt(&at.iota_dimension);
    case Attr::kIndex: return ParseInt(&at.tuple_index);
    case Attr::kLhsBatchDims: return ParseIntList(&dot().lhs_batch);
    case Attr::kLhsContractingDims: return ParseIntList(&dot().lhs_contracting);
    case Attr::kRhsBatchDims: return ParseIntList(&dot().rhs_batch);
    case Attr::kRhsContractingDims: return ParseIntList(&dot().rhs_contracting);
    case Attr::kDimLabels:
      at.conv = ConvDims{};
      return ParseConvDims(&*at.conv);
    case Attr::kWindow: return ParseWindow(&at.window);
    case Attr::kFeatureGroupCount: return ParseInt(&at.feature_group_count);
    case Attr::kBatchGroupCount: return ParseInt(&at.batch_group_count);
    case Attr::kOffsetDims: return ParseIntList(&gather().offset_dims);
    case Attr::kCollapsedSliceDims: return ParseIntList(&gather().collapsed_slice_dims);
    case Attr::kStartIndexMap: return ParseIntList(&gather().start_index_map);
    case Attr::kOperandBatchingDims: return ParseIntList(&gather().operand_batching_dims);
    case Attr::kStartIndicesBatchingDims:
      return ParseIntList(&gather().start_indices_batching_dims);
    case Attr::kIndexVectorDim:
      return ParseInt(op == O::kGather ? &gather().index_vector_dim
                                       : &scatter().index_vector_dim);
    case Attr::kSliceSizes: return ParseIntList(&at.gather_slice_sizes);
    case Attr::kUpdateWindowDims: return ParseIntList(&scatter().update_window_dims);
    case Attr::kInsertedWindowDims: return ParseIntList(&scatter().inserted_window_dims);
    case Attr::kScatterDimsToOperandDims:
      return ParseIntList(&scatter().scatter_dims_to_operand_dims);
    case Attr::kInputBatchingDims: return ParseIntList(&scatter().input_batching_dims);
    case Attr::kScatterIndicesBatchingDims:
      return ParseIntList(&scatter().scatter_indices_batching_dims);
    case Attr::kIndicesAreSorted: return ParseBool(&at.indices_are_sorted);
    case Attr::kUniqueIndices: return ParseBool(&at.unique_indices);
    case Attr::kSlice: return ParseSlice(&at.slice);
    case Attr::kDynamicSliceSizes: return ParseIntList(&at.dynamic_slice_sizes);
    case Attr::kPadding: return ParsePadding(&at.padding);
    case Attr::kDirection:
      RETURN_IF_ERROR(ParseEnum(this, name, kDirectionNames, &e));
      at.comparison_direction = static_cast<ComparisonDirection>(e);
      return Status::Ok();
    case Attr::kComparisonType:
      RETURN_IF_ERROR(ParseEnum(this, name, kComparisonTypeNames, &e));
      at.comparison_type = static_cast<ComparisonType>(e + 1);
      return Status::Ok();
    case Attr::kReplicaGroups:
      at.replica_groups = ReplicaGroups{};
      return ParseReplicaGroups(&*at.replica_groups);
    case Attr::kSourceTargetPairs: return ParsePairs(&at.source_target_pairs);
    case Attr::kChannelId:
      at.channel_id = 0;
      return ParseInt(&*at.channel_id);
    case Attr::kUseGlobalDeviceIds: return ParseBool(&at.use_global_device_ids);
    case Attr::kConstrainLayout: return ParseBool(&at.constrain_layout);
    case Attr::kEpsilon: return ParseFloat(&at.epsilon);
    case Attr::kFeatureIndex: return ParseInt(&at.feature_index);
    case Attr::kIsStable: return ParseBool(&at.is_stable);
    case Attr::kRngAlgorithm:
      RETURN_IF_ERROR(ParseEnum(this, name, kRngAlgorithmNames, &e));
      at.rng_algorithm = static_cast<RngAlgorithm>(e);
      return Status::Ok();
    case Attr::kDistribution:
      RETURN_IF_ERROR(ParseEnum(this, name, kDistributionNames, &e));
      at.rng_distribution = static_cast<RngDistribution>(e);
      return Status::Ok();
    case Attr::kExponentBits: return ParseInt(&at.exponent_bits);
    case Attr::kMantissaBits: return ParseInt(&at.mantissa_bits);
    case Attr::kFftType:
      RETURN_IF_ERROR(ParseEnum(this, name, kFftTypeNames, &e));
      at.fft_type = static_cast<FftType>(e);
      return Status::Ok();
    case Attr::kFftLength: return ParseIntList(&at.fft_length);
    case Attr::kCustomCallTarget: return ParseQuoted(&at.custom_call_target);
    case Attr::kApiVersion:
      RETURN_IF_ERROR(ParseEnum(this, name, kApiVersionNames, &e));
      at.api_version = e;
      at.api_version_name = std::string(kApiVersionNames[e]);
      return Status::Ok();
    case Attr::kHasSideEffect: return ParseBool(&at.has_side_effect);
    case Attr::kTopkK: return ParseInt(&at.topk_k);
    case Attr::kTopkLargest: return ParseBool(&at.topk_largest);
    case Attr::kLeftSide: return ParseBool(&at.left_side);
    case Attr::kLower: return ParseBool(&at.lower);
    case Attr::kUnitDiagonal: return ParseBool(&at.unit_diagonal);
    case Attr::kTransposeA:
      RETURN_IF_ERROR(ParseEnum(this, name, kTransposeNames, &e));
      at.transpose_a = std::string(kTransposeNames[e]);
      return Status::Ok();
    case Attr::kToApply:
    case Attr::kCalls:
      pi->calls.emplace_back();
      return ParseComputationRef(&pi->calls.back());
    case Attr::kCondition:
    case Attr::kTrueComputation:
    case Attr::kSelect: return ParseComputationRef(&pi->fixed_calls[0]);
    case Attr::kBody:
    case Attr::kFalseComputation:
    case Attr::kScatter: return ParseComputationRef(&pi->fixed_calls[1]);
    case Attr::kBranchComputations:
    case Attr::kCalledComputations: return ParseComputationList(&pi->calls);
    case Attr::kSharding: {
      HloSharding s;
      RETURN_IF_ERROR(ParseSharding(&s));
      pi->inst->set_sharding(std::move(s));
      return Status::Ok();
    }
    case Attr::kMetadata: return ParseMetadata(&pi->inst->mutable_metadata());
    case Attr::kFrontendAttributes:
      return ParseStringMap(&pi->inst->mutable_frontend_attributes());
    case Attr::kBackendConfig: return ParseBackendConfig(&at.backend_config);
    case Attr::kPassthrough: {
      lex_.SkipSpace();
      int64_t off = lex_.pos();
      std::string_view v;
      if (!lex_.ScanVerbatim(&v)) return Error(off, fmt::format("unterminated value of '{}'", name));
      if (v.empty()) return Error(off, fmt::format("attribute '{}' has no value", name));
      at.passthrough.emplace_back(std::string(name), std::string(v));
      return Status::Ok();
    }
    case Attr::kNumAttrs: break;
  }
  return Internal("unhandled attribute kind for '{}'", name);
}

}  // namespace xpar::hlo
