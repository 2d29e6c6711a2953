// Attribute values of the HLO text parser: one case per attribute kind, storing the value in
// its typed InstructionAttrs field (or the called-computation slots, or passthrough verbatim).
#include <fmt/ranges.h>

#include <array>

#include "frontends/hlo/hlo_parser_impl.h"

namespace xpar::hlo {
namespace {

using O = Opcode;

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
    case Attr::kDimensions:
      return ParseIntList(&at.dimensions);
    case Attr::kIotaDimension:
      return ParseInt(&at.iota_dimension);
    case Attr::kIndex:
      return ParseInt(&at.tuple_index);
    case Attr::kLhsBatchDims:
      return ParseIntList(&dot().lhs_batch);
    case Attr::kLhsContractingDims:
      return ParseIntList(&dot().lhs_contracting);
    case Attr::kRhsBatchDims:
      return ParseIntList(&dot().rhs_batch);
    case Attr::kRhsContractingDims:
      return ParseIntList(&dot().rhs_contracting);
    case Attr::kDimLabels:
      at.conv = ConvDims{};
      return ParseConvDims(&*at.conv);
    case Attr::kWindow:
      return ParseWindow(&at.window);
    case Attr::kFeatureGroupCount:
      return ParseInt(&at.feature_group_count);
    case Attr::kBatchGroupCount:
      return ParseInt(&at.batch_group_count);
    case Attr::kOffsetDims:
      return ParseIntList(&gather().offset_dims);
    case Attr::kCollapsedSliceDims:
      return ParseIntList(&gather().collapsed_slice_dims);
    case Attr::kStartIndexMap:
      return ParseIntList(&gather().start_index_map);
    case Attr::kOperandBatchingDims:
      return ParseIntList(&gather().operand_batching_dims);
    case Attr::kStartIndicesBatchingDims:
      return ParseIntList(&gather().start_indices_batching_dims);
    case Attr::kIndexVectorDim:
      return ParseInt(op == O::kGather ? &gather().index_vector_dim : &scatter().index_vector_dim);
    case Attr::kSliceSizes:
      return ParseIntList(&at.gather_slice_sizes);
    case Attr::kUpdateWindowDims:
      return ParseIntList(&scatter().update_window_dims);
    case Attr::kInsertedWindowDims:
      return ParseIntList(&scatter().inserted_window_dims);
    case Attr::kScatterDimsToOperandDims:
      return ParseIntList(&scatter().scatter_dims_to_operand_dims);
    case Attr::kInputBatchingDims:
      return ParseIntList(&scatter().input_batching_dims);
    case Attr::kScatterIndicesBatchingDims:
      return ParseIntList(&scatter().scatter_indices_batching_dims);
    case Attr::kIndicesAreSorted:
      return ParseBool(&at.indices_are_sorted);
    case Attr::kUniqueIndices:
      return ParseBool(&at.unique_indices);
    case Attr::kSlice:
      return ParseSlice(&at.slice);
    case Attr::kDynamicSliceSizes:
      return ParseIntList(&at.dynamic_slice_sizes);
    case Attr::kPadding:
      return ParsePadding(&at.padding);
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
    case Attr::kSourceTargetPairs:
      return ParsePairs(&at.source_target_pairs);
    case Attr::kChannelId:
      at.channel_id = 0;
      return ParseInt(&*at.channel_id);
    case Attr::kUseGlobalDeviceIds:
      return ParseBool(&at.use_global_device_ids);
    case Attr::kConstrainLayout:
      return ParseBool(&at.constrain_layout);
    case Attr::kEpsilon:
      return ParseFloat(&at.epsilon);
    case Attr::kFeatureIndex:
      return ParseInt(&at.feature_index);
    case Attr::kIsStable:
      return ParseBool(&at.is_stable);
    case Attr::kRngAlgorithm:
      RETURN_IF_ERROR(ParseEnum(this, name, kRngAlgorithmNames, &e));
      at.rng_algorithm = static_cast<RngAlgorithm>(e);
      return Status::Ok();
    case Attr::kDistribution:
      RETURN_IF_ERROR(ParseEnum(this, name, kDistributionNames, &e));
      at.rng_distribution = static_cast<RngDistribution>(e);
      return Status::Ok();
    case Attr::kExponentBits:
      return ParseInt(&at.exponent_bits);
    case Attr::kMantissaBits:
      return ParseInt(&at.mantissa_bits);
    case Attr::kFftType:
      RETURN_IF_ERROR(ParseEnum(this, name, kFftTypeNames, &e));
      at.fft_type = static_cast<FftType>(e);
      return Status::Ok();
    case Attr::kFftLength:
      return ParseIntList(&at.fft_length);
    case Attr::kCustomCallTarget:
      return ParseQuoted(&at.custom_call_target);
    case Attr::kApiVersion:
      RETURN_IF_ERROR(ParseEnum(this, name, kApiVersionNames, &e));
      at.api_version = e;
      at.api_version_name = std::string(kApiVersionNames[e]);
      return Status::Ok();
    case Attr::kHasSideEffect:
      return ParseBool(&at.has_side_effect);
    case Attr::kTopkK:
      return ParseInt(&at.topk_k);
    case Attr::kTopkLargest:
      return ParseBool(&at.topk_largest);
    case Attr::kLeftSide:
      return ParseBool(&at.left_side);
    case Attr::kLower:
      return ParseBool(&at.lower);
    case Attr::kUnitDiagonal:
      return ParseBool(&at.unit_diagonal);
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
    case Attr::kSelect:
      return ParseComputationRef(&pi->fixed_calls[0]);
    case Attr::kBody:
    case Attr::kFalseComputation:
    case Attr::kScatter:
      return ParseComputationRef(&pi->fixed_calls[1]);
    case Attr::kBranchComputations:
    case Attr::kCalledComputations:
      return ParseComputationList(&pi->calls);
    case Attr::kSharding: {
      HloSharding s;
      RETURN_IF_ERROR(ParseSharding(&s));
      pi->inst->set_sharding(std::move(s));
      return Status::Ok();
    }
    case Attr::kMetadata:
      return ParseMetadata(&pi->inst->mutable_metadata());
    case Attr::kFrontendAttributes:
      return ParseStringMap(&pi->inst->mutable_frontend_attributes());
    case Attr::kBackendConfig:
      return ParseBackendConfig(&at.backend_config);
    case Attr::kPassthrough: {
      lex_.SkipSpace();
      int64_t off = lex_.pos();
      std::string_view v;
      if (!lex_.ScanVerbatim(&v))
        return Error(off, fmt::format("unterminated value of '{}'", name));
      if (v.empty()) return Error(off, fmt::format("attribute '{}' has no value", name));
      at.passthrough.emplace_back(std::string(name), std::string(v));
      return Status::Ok();
    }
    case Attr::kNumAttrs:
      break;
  }
  return Internal("unhandled attribute kind for '{}'", name);
}

}  // namespace xpar::hlo
