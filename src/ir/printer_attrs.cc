// Canonical attribute list of one instruction: op-specific typed attributes in a fixed order,
// then called computations, passthrough attributes (verbatim), sharding, frontend attributes,
// metadata and backend_config. Prints exactly what the HLO parser accepts for each op.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <array>
#include <initializer_list>

#include "ir/printer_internal.h"

namespace xpar::printer_internal {
namespace {

using O = Opcode;

bool IsCollective(Opcode op) {
  return IsOneOf(op, {O::kAllGather, O::kAllGatherStart, O::kAllReduce, O::kAllReduceStart,
                      O::kAllToAll, O::kReduceScatter, O::kCollectiveBroadcast});
}

constexpr std::array<std::string_view, 6> kDirections = {"EQ", "NE", "LT", "LE", "GT", "GE"};
constexpr std::array<std::string_view, 5> kCompareTypes = {"", "FLOAT", "TOTALORDER", "SIGNED",
                                                           "UNSIGNED"};
constexpr std::array<std::string_view, 3> kRngAlgorithms = {"rng_default", "rng_three_fry",
                                                            "rng_philox"};
constexpr std::array<std::string_view, 2> kDistributions = {"rng_uniform", "rng_normal"};
constexpr std::array<std::string_view, 4> kFftTypes = {"FFT", "IFFT", "RFFT", "IRFFT"};
constexpr std::array<std::string_view, 5> kApiVersions = {
    "API_VERSION_UNSPECIFIED", "API_VERSION_ORIGINAL", "API_VERSION_STATUS_RETURNING",
    "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI"};

class Attrs {
 public:
  explicit Attrs(std::vector<std::string>* out) : out_(out) {}
  void Add(std::string_view key, const std::string& value) {
    out_->push_back(fmt::format("{}={}", key, value));
  }
  void List(std::string_view key, const std::vector<int64_t>& v) { Add(key, IntList(v)); }
  void ListIfAny(std::string_view key, const std::vector<int64_t>& v) {
    if (!v.empty()) List(key, v);
  }
  void Int(std::string_view key, int64_t v) { Add(key, fmt::format("{}", v)); }
  void Bool(std::string_view key, bool v) { Add(key, v ? "true" : "false"); }
  void TrueOnly(std::string_view key, bool v) {
    if (v) Bool(key, v);
  }

 private:
  std::vector<std::string>* out_;
};

void AppendGatherScatter(const InstructionAttrs& a, Opcode op, Attrs& p) {
  if (op == O::kGather && a.gather) {
    const GatherDims& g = *a.gather;
    p.List("offset_dims", g.offset_dims);
    p.List("collapsed_slice_dims", g.collapsed_slice_dims);
    p.List("start_index_map", g.start_index_map);
    p.ListIfAny("operand_batching_dims", g.operand_batching_dims);
    p.ListIfAny("start_indices_batching_dims", g.start_indices_batching_dims);
    p.Int("index_vector_dim", g.index_vector_dim);
    p.List("slice_sizes", a.gather_slice_sizes);
  }
  if (op == O::kScatter && a.scatter) {
    const ScatterDims& s = *a.scatter;
    p.List("update_window_dims", s.update_window_dims);
    p.List("inserted_window_dims", s.inserted_window_dims);
    p.List("scatter_dims_to_operand_dims", s.scatter_dims_to_operand_dims);
    p.ListIfAny("input_batching_dims", s.input_batching_dims);
    p.ListIfAny("scatter_indices_batching_dims", s.scatter_indices_batching_dims);
    p.Int("index_vector_dim", s.index_vector_dim);
  }
  if (op == O::kGather || op == O::kScatter) p.TrueOnly("indices_are_sorted", a.indices_are_sorted);
  if (op == O::kScatter) p.TrueOnly("unique_indices", a.unique_indices);
}

void AppendCollective(const InstructionAttrs& a, Opcode op, Attrs& p) {
  bool permute = op == O::kCollectivePermute || op == O::kCollectivePermuteStart;
  bool channel =
      IsCollective(op) || permute || IsOneOf(op, {O::kSend, O::kRecv, O::kSendDone, O::kRecvDone});
  if (channel && a.channel_id) p.Int("channel_id", *a.channel_id);
  if (IsCollective(op) && a.replica_groups) {
    p.Add("replica_groups", FormatReplicaGroups(*a.replica_groups));
  }
  // Collectives print their dimension after the groups, as XLA does.
  if (IsOneOf(op, {O::kAllGather, O::kAllGatherStart, O::kReduceScatter})) {
    p.List("dimensions", a.dimensions);
  } else if (op == O::kAllToAll) {
    p.ListIfAny("dimensions", a.dimensions);
  }
  if (permute) {
    std::string pairs = "{";
    for (size_t i = 0; i < a.source_target_pairs.size(); ++i) {
      pairs += fmt::format("{}{{{},{}}}", i ? "," : "", a.source_target_pairs[i].first,
                           a.source_target_pairs[i].second);
    }
    p.Add("source_target_pairs", pairs + "}");
  }
  if (IsCollective(op)) p.TrueOnly("constrain_layout", a.constrain_layout);
  if (IsOneOf(op, {O::kAllReduce, O::kAllReduceStart, O::kAllGather, O::kAllGatherStart,
              O::kReduceScatter})) {
    p.TrueOnly("use_global_device_ids", a.use_global_device_ids);
  }
}

void AppendMisc(const InstructionAttrs& a, Opcode op, Attrs& p) {
  if (IsOneOf(op, {O::kBatchNormGrad, O::kBatchNormInference, O::kBatchNormTraining})) {
    p.Add("epsilon", FormatFloat(a.epsilon, false));
    p.Int("feature_index", a.feature_index);
  }
  if (op == O::kSort) p.TrueOnly("is_stable", a.is_stable);
  if (op == O::kRngBitGenerator) {
    p.Add("algorithm", std::string(kRngAlgorithms[static_cast<int>(a.rng_algorithm)]));
  }
  if (op == O::kRng) {
    p.Add("distribution", std::string(kDistributions[static_cast<int>(a.rng_distribution)]));
  }
  if (op == O::kReducePrecision) {
    p.Int("exponent_bits", a.exponent_bits);
    p.Int("mantissa_bits", a.mantissa_bits);
  }
  if (op == O::kFft) {
    p.Add("fft_type", std::string(kFftTypes[static_cast<int>(a.fft_type)]));
    p.List("fft_length", a.fft_length);
  }
  if (op == O::kCustomCall) {
    p.TrueOnly("custom_call_has_side_effect", a.has_side_effect);
    if (!a.api_version_name.empty()) {
      p.Add("api_version", a.api_version_name);
    } else if (a.api_version > 0 && a.api_version < static_cast<int64_t>(kApiVersions.size())) {
      p.Add("api_version", std::string(kApiVersions[a.api_version]));
    }
  }
  if (op == O::kTopK) {
    p.Int("k", a.topk_k);
    p.Bool("largest", a.topk_largest);
  }
  if (op == O::kTriangularSolve) {
    p.Bool("left_side", a.left_side);
    p.Bool("lower", a.lower);
    p.Bool("unit_diagonal", a.unit_diagonal);
    if (!a.transpose_a.empty()) p.Add("transpose_a", a.transpose_a);
  }
  if (op == O::kCholesky) p.Bool("lower", a.lower);
}

void AppendOpAttrs(const Instruction& inst, Attrs& p) {
  const InstructionAttrs& a = inst.attrs();
  Opcode op = inst.opcode();
  if (op == O::kCustomCall) {
    p.Add("custom_call_target", fmt::format("\"{}\"", Escape(a.custom_call_target)));
  }
  if (IsOneOf(op, {O::kBroadcast, O::kTranspose, O::kReverse, O::kConcatenate, O::kReduce, O::kSort,
                  O::kGetDimensionSize, O::kSetDimensionSize})) {
    p.List("dimensions", a.dimensions);
  } else if (op == O::kMap) {
    p.ListIfAny("dimensions", a.dimensions);
  }
  if (op == O::kIota) p.Int("iota_dimension", a.iota_dimension);
  if (op == O::kGetTupleElement) p.Int("index", a.tuple_index);
  if (op == O::kDot && a.dot) {
    p.ListIfAny("lhs_batch_dims", a.dot->lhs_batch);
    p.ListIfAny("lhs_contracting_dims", a.dot->lhs_contracting);
    p.ListIfAny("rhs_batch_dims", a.dot->rhs_batch);
    p.ListIfAny("rhs_contracting_dims", a.dot->rhs_contracting);
  }
  if (IsOneOf(op, {O::kConvolution, O::kReduceWindow, O::kSelectAndScatter}) && !a.window.empty()) {
    p.Add("window", FormatWindow(a.window));
  }
  if (op == O::kConvolution) {
    if (a.conv) p.Add("dim_labels", FormatConvDims(*a.conv));
    if (a.feature_group_count != 1) p.Int("feature_group_count", a.feature_group_count);
    if (a.batch_group_count != 1) p.Int("batch_group_count", a.batch_group_count);
  }
  AppendGatherScatter(a, op, p);
  if (op == O::kSlice) p.Add("slice", FormatSlice(a.slice));
  if (op == O::kDynamicSlice) p.List("dynamic_slice_sizes", a.dynamic_slice_sizes);
  if (op == O::kPad) p.Add("padding", FormatPadding(a.padding));
  if (op == O::kCompare) {
    p.Add("direction", std::string(kDirections[static_cast<int>(a.comparison_direction)]));
    if (a.comparison_type != ComparisonType::kDefault) {
      p.Add("type", std::string(kCompareTypes[static_cast<int>(a.comparison_type)]));
    }
  }
  AppendCollective(a, op, p);
  AppendMisc(a, op, p);
}

std::string Ref(const Computation* c) { return c ? "%" + c->name() : "%<null>"; }

void AppendCalled(const Instruction& inst, Attrs& p) {
  const auto& called = inst.called();
  if (called.empty()) return;
  Opcode op = inst.opcode();
  if (called.size() == 2 && (op == O::kWhile || op == O::kSelectAndScatter)) {
    p.Add(op == O::kWhile ? "condition" : "select", Ref(called[0]));
    p.Add(op == O::kWhile ? "body" : "scatter", Ref(called[1]));
    return;
  }
  if (op == O::kConditional && called.size() == 2 && inst.operand_count() > 0 &&
      inst.operand(0) != nullptr && inst.operand(0)->shape().type() == PrimitiveType::kPred) {
    p.Add("true_computation", Ref(called[0]));
    p.Add("false_computation", Ref(called[1]));
    return;
  }
  bool list = op == O::kConditional || op == O::kCustomCall || called.size() > 1;
  if (list) {
    std::vector<std::string> names;
    for (const Computation* c : called) names.push_back(Ref(c));
    p.Add(op == O::kConditional ? "branch_computations" : "called_computations",
          fmt::format("{{{}}}", fmt::join(names, ", ")));
    return;
  }
  bool calls =
      op == O::kFusion || op == O::kAsyncStart || op == O::kAsyncUpdate || op == O::kAsyncDone;
  p.Add(calls ? "calls" : "to_apply", Ref(called[0]));
}

}  // namespace

void AppendAttributes(const Instruction& inst, const PrintOptions& options,
                      std::vector<std::string>* out) {
  Attrs p(out);
  AppendOpAttrs(inst, p);
  AppendCalled(inst, p);
  for (const auto& [k, v] : inst.attrs().passthrough) p.Add(k, v);
  if (inst.sharding()) p.Add("sharding", PrintSharding(*inst.sharding()));
  if (options.include_metadata) {
    if (!inst.frontend_attributes().empty()) {
      p.Add("frontend_attributes", FormatStringMap(inst.frontend_attributes()));
    }
    if (!inst.metadata().empty()) p.Add("metadata", FormatMetadata(inst.metadata()));
  }
  if (!inst.attrs().backend_config.empty()) {
    p.Add("backend_config", FormatBackendConfig(inst.attrs().backend_config));
  }
}

}  // namespace xpar::printer_internal
